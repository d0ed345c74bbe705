/* Bump-pointer arenas.  Memory comes in blocks chained from the newest;
   an allocation takes the next aligned bytes of the newest block, or opens
   a new block (at least SF_ARENA_BLOCK bytes, more for a large request).

     sf_arena a;  sf_arena_init (&a);
     sf_expr *e = SF_NEW (&a, sf_expr);          block 1: [e.......]
     char *s = sf_arena_strdup (&a, "rowptr");   block 1: [e s.....]
     sf_arena_free (&a);                         no blocks

   Blocks never move, so every pointer stays valid until sf_arena_free.  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdalign.h>
#include <stddef.h>
#include "ir/arena.h"

enum { SF_ARENA_BLOCK = 16384 };

struct sf_arena_block
{
  sf_arena_block *next;
  size_t size;			/* bytes in DATA */
  size_t top;			/* bytes of DATA in use */
  alignas (max_align_t) unsigned char data[];
};

static void
sf_arena_abort (void)
{
  abort ();
}

void (*sf_arena_out_of_memory) (void) = sf_arena_abort;

void
sf_arena_init (sf_arena *arena)
{
  arena->head = NULL;
  arena->used = 0;
}

/* Round SIZE up to a multiple of the strictest alignment.  */
static size_t
sf_arena_round (size_t size)
{
  size_t align = alignof (max_align_t);
  return (size + align - 1) / align * align;
}

/* Chain a new block of at least SIZE data bytes in front of ARENA's
   blocks and return it.  Calls the out-of-memory hook on failure.  */
static sf_arena_block *
sf_arena_grow (sf_arena *arena, size_t size)
{
  size_t data = size > SF_ARENA_BLOCK ? size : SF_ARENA_BLOCK;
  sf_arena_block *block = malloc (sizeof (sf_arena_block) + data);
  if (!block)
    {
      sf_arena_out_of_memory ();
      abort ();			/* the hook must not return */
    }
  block->next = arena->head;
  block->size = data;
  block->top = 0;
  arena->head = block;
  return block;
}

void *
sf_arena_alloc (sf_arena *arena, size_t size)
{
  size_t rounded = sf_arena_round (size ? size : 1);
  sf_arena_block *block = arena->head;
  if (rounded < size)		/* overflow */
    {
      sf_arena_out_of_memory ();
      abort ();
    }
  if (!block || block->size - block->top < rounded)
    block = sf_arena_grow (arena, rounded);
  void *p = block->data + block->top;
  block->top += rounded;
  arena->used += rounded;
  memset (p, 0, rounded);
  return p;
}

char *
sf_arena_strndup (sf_arena *arena, const char *s, size_t n)
{
  size_t len = strnlen (s, n);
  char *copy = sf_arena_alloc (arena, len + 1);
  memcpy (copy, s, len);
  copy[len] = '\0';
  return copy;
}

char *
sf_arena_strdup (sf_arena *arena, const char *s)
{
  return sf_arena_strndup (arena, s, strlen (s));
}

char *
sf_arena_printf (sf_arena *arena, const char *fmt, ...)
{
  va_list ap, ap2;
  va_start (ap, fmt);
  va_copy (ap2, ap);
  int len = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (len < 0)
    len = 0;
  char *s = sf_arena_alloc (arena, (size_t) len + 1);
  vsnprintf (s, (size_t) len + 1, fmt, ap2);
  va_end (ap2);
  return s;
}

void
sf_arena_free (sf_arena *arena)
{
  sf_arena_block *block = arena->head;
  while (block)
    {
      sf_arena_block *next = block->next;
      free (block);
      block = next;
    }
  sf_arena_init (arena);
}
