/* Bump-pointer arenas for the compiler core.  One arena per pragma (or per
   region): every AST node, loop IR node and string of a region lives in it
   and is freed at once with sf_arena_free.  Pointers into an arena stay
   valid until then (blocks never move).

     sf_arena a; sf_arena_init (&a);
     sf_expr *e = SF_NEW (&a, sf_expr);      zeroed
     sf_arena_free (&a);                     everything at once  */

#ifndef SF_ARENA_H
#define SF_ARENA_H

#include <stddef.h>

typedef struct sf_arena_block sf_arena_block;

typedef struct sf_arena
{
  sf_arena_block *head;
  size_t used;			/* bytes handed out, for dumps */
} sf_arena;

/* Called when memory runs out; the default aborts.  The GCC glue installs a
   handler that reports a fatal error.  It must not return.  */
extern void (*sf_arena_out_of_memory) (void);

void sf_arena_init (sf_arena *arena);
/* Return SIZE zeroed bytes aligned for any object, owned by ARENA.  */
void *sf_arena_alloc (sf_arena *arena, size_t size);
/* Return a copy of S (or of its first N bytes) owned by ARENA.  */
char *sf_arena_strdup (sf_arena *arena, const char *s);
char *sf_arena_strndup (sf_arena *arena, const char *s, size_t n);
/* Return a printf-formatted string owned by ARENA.  */
char *sf_arena_printf (sf_arena *arena, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
void sf_arena_free (sf_arena *arena);

#define SF_NEW(A, T) ((T *) sf_arena_alloc ((A), sizeof (T)))
#define SF_NEW_ARRAY(A, T, N) ((T *) sf_arena_alloc ((A), sizeof (T) * (size_t) (N)))

#endif /* SF_ARENA_H */
