/* Loops unswitched on a test that keeps its value through them.

   A loop whose body tests a value nothing in the loop changes (the
   streams pass's "are the rows' entries larger than the caches", read
   once before the row loop) pays for the test in every iteration.
   GCC unswitches innermost loops only, and the loop holding such a
   test here is a row loop with the loop over the row's entries inside:

     decl streams = ...                 decl streams = ...
     for (i = lo; i < hi; i++)          if (streams != 0)
       {                                  for (i = lo; i < hi; i++)
         decl t = 0.0;                      {
         if (streams != 0)                    decl t = 0.0;
           prefetch ...                       prefetch ...
         for (p = pos[i]; ...)                for (p = pos[i]; ...) ...
           ...                              }
       }                                else
                                          for (i_2 = lo; i_2 < hi; i_2++)
                                            { decl t_2 = 0.0; for ... }

   On the CSR SpMV of small matrices of short rows (jagmesh7, cryg2500:
   4-6 entries a row, in the caches, one thread) the test in each row
   cost 2-4% against the loop as the user wrote it; unswitched, the
   generated code ran at 0.99-1.00 of it (2026-12-02, AMD EPYC).

   Which loops: a FOR that is not innermost (GCC's own unswitching sees
   the innermost), with no setup, teardown, thread split or serial
   version (their declarations belong to one copy; the serial version
   of a loop a copy per thread was made for is unswitched on its own)
   and no array variable (a workspace
   one copy allocates), other than the loop a copy per thread was made
   for; the test is the first IF in its body (outside its inner loops)
   whose condition reads only constants, parameters' values and
   variables declared before the loop that it does not assign.  Each
   copy has every IF on that same condition folded to the branch it
   takes.  One test per loop, and a loop once unswitched is not looked
   into again: the code grows by one copy of the loop at most.  */

#include <string.h>
#include "opt/internal.h"

/* Return nonzero when E reads only constants, non-pointer parameters,
   the cache size and variables MARK does not mark (N variables).  */
static int
us_invariant (const sf_ir_expr *e, const char *mark, int n)
{
  if (!e)
    return 1;
  switch (e->op)
    {
    case SF_IR_LOAD:
    case SF_IR_ALOAD:
    case SF_IR_THREAD:
    case SF_IR_NTHREADS:
      return 0;
    case SF_IR_VAR:
      if (e->var < 0 || e->var >= n || mark[e->var])
	return 0;
      break;
    default:
      break;
    }
  return us_invariant (e->a, mark, n) && us_invariant (e->b, mark, n)
	 && us_invariant (e->c, mark, n);
}

/* Return nonzero when the statements S hold a loop.  */
static int
us_has_loop (const sf_ir_stmt *s)
{
  for (; s; s = s->next)
    if (s->kind == SF_IR_FOR || s->kind == SF_IR_WHILE
	|| us_has_loop (s->body) || us_has_loop (s->else_body))
      return 1;
  return 0;
}

/* Return the condition of the first IF among the statements S (and in
   the IFs there, not in loops) that reads nothing MARK marks.  */
static const sf_ir_expr *
us_find (const sf_ir_stmt *s, const char *mark, int n)
{
  for (; s; s = s->next)
    {
      if (s->kind != SF_IR_IF)
	continue;
      if (us_invariant (s->a, mark, n))
	return s->a;
      const sf_ir_expr *c = us_find (s->body, mark, n);
      if (!c)
	c = us_find (s->else_body, mark, n);
      if (c)
	return c;
    }
  return NULL;
}

/* Replace each IF on condition COND among the statements at *LINK, and
   in their bodies, by its then-branch (THEN) or its else-branch.  */
static void
us_fold (sf_ir_stmt **link, const sf_ir_expr *cond, int then)
{
  while (*link)
    {
      sf_ir_stmt *s = *link;
      if (s->kind == SF_IR_IF && rw_same (s->a, cond, -1, -1))
	{
	  sf_ir_stmt *branch = then ? s->body : s->else_body;
	  if (!branch)
	    {
	      *link = s->next;
	      continue;
	    }
	  /* Go on at the branch's first statement: it may hold a test
	     on COND too.  */
	  rw_splice (link, branch, s->next);
	  continue;
	}
      us_fold (&s->body, cond, then);
      us_fold (&s->else_body, cond, then);
      link = &s->next;
    }
}

/* Return nonzero when loop S may be copied and unswitched.  */
static int
us_candidate (const sf_pass_ctx *ctx, const sf_ir_stmt *s)
{
  return s->kind == SF_IR_FOR && !s->setup && !s->teardown && !s->split
	 && !s->serial_alt && s != ctx->private_loop && us_has_loop (s->body)
	 && !rw_uses_arrays (s->body);
}

/* Unswitch the loops among the statements at *LINK.  */
static void
us_walk (sf_pass_ctx *ctx, sf_ir_stmt **link)
{
  for (; *link; link = &(*link)->next)
    {
      sf_ir_stmt *s = *link;
      const sf_ir_expr *cond = NULL;
      if (us_candidate (ctx, s))
	{
	  int n = ctx->r->nvars;
	  char *mark = sf_arena_alloc (ctx->arena, (size_t) n);
	  memset (mark, 0, (size_t) n);
	  mark[s->var] = 1;
	  rw_mark_decls (s->body, mark);
	  rw_mark_assigned (s->body, mark);
	  cond = us_find (s->body, mark, n);
	}
      if (!cond)
	{
	  us_walk (ctx, &s->body);
	  us_walk (ctx, &s->else_body);
	  us_walk (ctx, &s->serial_alt);
	  continue;
	}
      sf_ir_stmt *other = rw_copy_stmt (ctx, s);
      sf_ir_stmt *pick = sf_ir_if (ctx->arena, sf_ir_clone (ctx->arena, cond),
				   s, other);
      us_fold (&s->body, cond, 1);
      us_fold (&other->body, cond, 0);
      pick->next = s->next;
      s->next = NULL;
      *link = pick;
      ctx->unswitched++;
      ctx->rewrites++;
    }
}

/* Unswitch the loops among the statements at *BODY on the tests that
   keep their value through them (see the top of the file); return
   nonzero when a loop was.  */
int
rw_unswitch (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int before = ctx->rewrites;
  if (ctx->tune)
    us_walk (ctx, body);
  return ctx->rewrites > before;
}
