/* Tests of a flag taken out of the loops that test it: a loop whose body
   tests a value the region computed once before the loop (the streams
   pass's flag, opt/streams.c) runs as two copies of itself, one for each
   outcome, the test made once before them.

     decl streams = ...                   decl streams = ...
     for (j = 0; j < n; j++)              if (streams != 0)
       {                                    for (j_2 = 0; j_2 < n; j_2++)
         if (streams != 0)                    {
           __builtin_prefetch (...);            __builtin_prefetch (...);
         for (p = pos[j]; ...) ...              for (p_2 = pos[j_2]; ...) ...
       }                                      }
                                          else
                                            for (j = 0; j < n; j++)
                                              for (p = pos[j]; ...) ...

   Why: the test in the loop costs a compare and a branch an iteration
   even when the branch predictor has it right, and on short rows that is
   the cost of the loop around them.  The CSR SpMV of int indices on
   LFAT5 (14 rows, 46 entries), its generated code transcribed into C,
   medians of 21 rounds at one thread: 31.0 ns a call with the test in
   the row loop, 28.0 ns with it taken out; the tidy loop alone 25.8 ns
   (2026-12-02).  GCC's own unswitching does not take it out: at -O3 it
   unswitches innermost loops only, and not at -O2.  The outcome of the
   test is the same for every iteration, so each copy computes what the
   loop did, bit for bit.

   Which tests: an IF anywhere in the loop's body (loops inside it
   included) whose condition reads nothing but integer constants and
   variables neither declared nor assigned in the loop; every IF of the
   loop with that same condition is resolved in each copy, and the test
   before the copies keeps its hint (unlikely: the streams test).  Which loops:
   serial FOR loops of at most LU_MAX_STMTS statements, outermost first
   (a flag tested in a row loop is invariant in the loops it holds too),
   that use no workspace (the lowering allocates a workspace after the
   passes, where the loop that uses it is: MTTKRP's row of A per thread,
   which a copy of the loop made here would use unallocated).
   A parallel loop keeps its tests (each thread's share is large, and
   the glue gives only a small loop a serial copy for one thread); its
   serial alternative, what runs on one thread (opt/privatize.c, or a
   copy of the loop made here when it has none, no per-thread setup nor
   workspace, and is small enough for that copy), is unswitched.  Last
   in the table: it sees the loops as they will run, the parallel ones
   split (opt/balance.c).  */

#include <string.h>
#include "opt/internal.h"

#define LU_MAX_STMTS 48		/* statements of a loop copied at most */

/* Return the statements of the list S and their bodies, counting up to
   LIMIT + 1 at most.  */
static int
lu_count (const sf_ir_stmt *s, int limit)
{
  int n = 0;
  for (; s && n <= limit; s = s->next)
    n += 1 + lu_count (s->body, limit - n) + lu_count (s->else_body,
						       limit - n)
	 + lu_count (s->setup, limit - n) + lu_count (s->teardown, limit - n);
  return n;
}

/* Return nonzero when E reads nothing but integer constants and variables
   MARK does not mark (the first N), and reads a variable; -1 when it
   reads anything else.  */
static int
lu_flag_expr (const sf_ir_expr *e, const char *mark, int n)
{
  switch (e->op)
    {
    case SF_IR_INT:
      return 0;
    case SF_IR_VAR:
      return e->var < n && !mark[e->var] ? 1 : -1;
    case SF_IR_LT: case SF_IR_LE: case SF_IR_EQ: case SF_IR_NE:
    case SF_IR_AND: case SF_IR_OR:
      {
	int a = lu_flag_expr (e->a, mark, n), b = lu_flag_expr (e->b, mark, n);
	return a < 0 || b < 0 ? -1 : a | b;
      }
    case SF_IR_NOT:
    case SF_IR_CONVERT:
      return lu_flag_expr (e->a, mark, n);
    default:
      return -1;
    }
}

/* Return the first IF among the statements S and their bodies that
   tests a flag (lu_flag_expr), or NULL.  */
static const sf_ir_stmt *
lu_find (const sf_ir_stmt *s, const char *mark, int n)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_IF && lu_flag_expr (s->a, mark, n) > 0)
	return s;
      const sf_ir_stmt *c = lu_find (s->body, mark, n);
      if (!c)
	c = lu_find (s->else_body, mark, n);
      if (c)
	return c;
    }
  return NULL;
}

/* Replace in the list at *LINK (and the bodies there) every IF testing
   COND by its body when TAKEN, else by its else body.  */
static void
lu_resolve (sf_ir_stmt **link, const sf_ir_expr *cond, int taken)
{
  while (*link)
    {
      sf_ir_stmt *s = *link;
      if (s->kind == SF_IR_IF && rw_same (s->a, cond, -1, -1))
	{
	  sf_ir_stmt *with = taken ? s->body : s->else_body;
	  if (!with)
	    *link = s->next;
	  else
	    {
	      sf_ir_stmt *last = with;
	      while (last->next)
		last = last->next;
	      last->next = s->next;
	      *link = with;
	    }
	  continue;		/* the statements put in its place next */
	}
      lu_resolve (&s->body, cond, taken);
      lu_resolve (&s->else_body, cond, taken);
      link = &s->next;
    }
}

/* Return the IF testing a flag that serial FOR loop L could be
   unswitched on, or NULL.  */
static const sf_ir_stmt *
lu_flag_of (sf_pass_ctx *ctx, const sf_ir_stmt *l)
{
  int n = ctx->r->nvars;
  if (lu_count (l->body, LU_MAX_STMTS) > LU_MAX_STMTS
      || rw_uses_arrays (l->body))
    return NULL;
  char *mark = sf_arena_alloc (ctx->arena, (size_t) n);
  memset (mark, 0, (size_t) n);
  mark[l->var] = 1;
  rw_mark_decls (l->body, mark);
  rw_mark_assigned (l->body, mark);
  return lu_find (l->body, mark, n);
}

/* Return nonzero when a serial FOR loop among the statements S (or in
   their bodies) can be unswitched.  */
static int
lu_any (sf_pass_ctx *ctx, const sf_ir_stmt *s)
{
  for (; s; s = s->next)
    if ((s->kind == SF_IR_FOR && !s->parallel && lu_flag_of (ctx, s))
	|| lu_any (ctx, s->body) || lu_any (ctx, s->else_body))
      return 1;
  return 0;
}

static void lu_list (sf_pass_ctx *ctx, sf_ir_stmt **link);

/* Unswitch what parallel loop L runs on one thread: its serial
   alternative, or, when it has none, no per-thread setup or teardown and
   at most LU_MAX_STMTS statements (the glue's limit for a serial copy,
   passes/irgen.cc), a serial copy of it made its serial alternative when
   a loop in it can be unswitched.  The parallel loop itself keeps its
   tests: with them it stays small enough for the glue to give it its
   serial copy, and each thread's share is large.  */
static void
lu_parallel (sf_pass_ctx *ctx, sf_ir_stmt *l)
{
  if (l->serial_alt)
    {
      lu_list (ctx, &l->serial_alt);
      return;
    }
  if (l->setup || l->teardown || rw_uses_arrays (l->body))
    return;
  sf_ir_stmt plain = *l;
  plain.parallel = 0;
  plain.split = NULL;
  plain.par_if = NULL;
  plain.chunk = 0;
  plain.next = NULL;
  if (lu_count (&plain, LU_MAX_STMTS) > LU_MAX_STMTS || !lu_any (ctx, &plain))
    return;
  l->serial_alt = rw_copy_stmt (ctx, &plain);
  lu_list (ctx, &l->serial_alt);
}

/* Unswitch the loops among the statements at *LINK and their bodies.  */
static void
lu_list (sf_pass_ctx *ctx, sf_ir_stmt **link)
{
  for (; *link; link = &(*link)->next)
    {
      sf_ir_stmt *s = *link;
      if (s->kind == SF_IR_FOR && s->parallel)
	{
	  lu_parallel (ctx, s);
	  continue;
	}
      const sf_ir_stmt *test = s->kind == SF_IR_FOR ? lu_flag_of (ctx, s)
			       : NULL;
      if (test)
	{
	  const sf_ir_expr *cond = test->a;
	  sf_ir_stmt *rest = s->next;
	  s->next = NULL;
	  sf_ir_stmt *with = rw_copy_stmt (ctx, s);
	  lu_resolve (&with->body, cond, 1);
	  lu_resolve (&s->body, cond, 0);
	  sf_ir_stmt *pick = sf_ir_if (ctx->arena, sf_ir_clone (ctx->arena,
								 cond),
				       with, s);
	  pick->unlikely = test->unlikely;
	  /* A choice of the data stays one (opt/gain.c).  */
	  pick->pick = test->pick;
	  pick->text = test->text;
	  pick->next = rest;
	  *link = pick;
	  ctx->rewrites++;
	  ctx->picked += test->pick != 0;
	  s = pick;		/* each copy may test another flag */
	}
      lu_list (ctx, &s->body);
      lu_list (ctx, &s->else_body);
    }
}

/* Take the tests of flags out of the loops among the statements at *BODY
   (see the top of the file); return nonzero when a loop was
   unswitched.  */
int
rw_unswitch (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int before = ctx->rewrites;
  lu_list (ctx, body);
  return ctx->rewrites > before;
}
