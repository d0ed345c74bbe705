/* One pass over each run of a coo level.  The lowering walks a coo level
   as runs of equal coordinates (lower/loop.c): it finds the end of a run,
   then the level below iterates the run's positions, so every entry's
   coordinate is read twice.  When the run's positions are iterated by a
   single loop, the two passes become one, as an expert writes COO SpMV:

     DECL run = p + 1                        DECL run = p
     WHILE (run < end && crd[run] == crd[p]) 
       run = run + 1                   ->    ...
     ...                                     WHILE (run < end && crd[run] == crd[p])
     FOR q [p, run)                            DECL q = run
       BODY                                    BODY
     ...                                       run = run + 1
     p = run                                 ...
                                             p = run

   The rewrite applies when, after the scan, the run's end is read only by
   that FOR's upper bound and by the final p = run, and nothing between
   assigns p.  The new loop runs at least once, as the FOR did (crd[p]
   equals itself, and p < end inside the loop over the runs).  A FOR the
   jam of opt/jam.c has rewritten (pairs of positions) keeps both
   passes: the pairs are worth more than the second read.  */

#include "opt/internal.h"

/* Return nonzero when expression E reads variable VAR.  */
static int
lr_reads (const sf_ir_expr *e, int var)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_VAR || e->op == SF_IR_ALOAD) && e->var == var)
    return 1;
  return lr_reads (e->a, var) || lr_reads (e->b, var) || lr_reads (e->c, var);
}

/* Return nonzero when statement S alone (its nested lists included)
   reads, declares or writes variable VAR.  */
static int
lr_mentions_one (const sf_ir_stmt *s, int var);

/* Return nonzero when a statement of the list S mentions VAR.  */
static int
lr_mentions (const sf_ir_stmt *s, int var)
{
  for (; s; s = s->next)
    if (lr_mentions_one (s, var))
      return 1;
  return 0;
}

static int
lr_mentions_one (const sf_ir_stmt *s, int var)
{
  return ((s->kind == SF_IR_DECL || s->kind == SF_IR_ASSIGN
	   || s->kind == SF_IR_FOR || s->kind == SF_IR_ASTORE
	   || s->kind == SF_IR_SHOW_PICK) && s->var == var)
	 || lr_reads (s->a, var) || lr_reads (s->b, var)
	 || lr_mentions (s->body, var) || lr_mentions (s->else_body, var)
	 || lr_mentions (s->setup, var) || lr_mentions (s->teardown, var);
}

/* Return nonzero when E is the variable VAR.  */
static int
lr_is_var (const sf_ir_expr *e, int var)
{
  return e && e->op == SF_IR_VAR && e->var == var;
}

/* Return nonzero when DECL statement D and the statement after it are a
   run scan: DECL run = p + 1; WHILE (...) run = run + 1, storing p.  */
static int
lr_scan (const sf_ir_stmt *d, int *p)
{
  const sf_ir_stmt *w = d->next;
  if (d->kind != SF_IR_DECL || !d->a || d->a->op != SF_IR_ADD
      || !d->a->a || d->a->a->op != SF_IR_VAR || !d->a->b
      || d->a->b->op != SF_IR_INT || d->a->b->ival != 1 || !w
      || w->kind != SF_IR_WHILE || !w->a || w->a->op != SF_IR_AND
      || !w->a->a || w->a->a->op != SF_IR_LT || !lr_is_var (w->a->a->a, d->var)
      || !w->body || w->body->next || w->body->kind != SF_IR_ASSIGN
      || w->body->var != d->var || !w->body->a
      || w->body->a->op != SF_IR_ADD || !lr_is_var (w->body->a->a, d->var))
    return 0;
  *p = d->a->a->var;
  return 1;
}

/* Rewrite the run scan starting at DECL D of the list (see above) when
   the statements after it qualify; return nonzero when done.  */
static int
lr_fuse (sf_pass_ctx *ctx, sf_ir_stmt *d)
{
  int p, run = d->var;
  if (!lr_scan (d, &p))
    return 0;
  sf_ir_stmt *scan = d->next, *loop = NULL, *last = NULL;
  for (sf_ir_stmt *s = scan->next; s; s = s->next)
    {
      if (!loop && s->kind == SF_IR_FOR && !s->parallel
	  && lr_is_var (s->a, p) && lr_is_var (s->b, run)
	  && !lr_mentions (s->body, run) && !lr_mentions (s->body, p)
	  && !s->setup && !s->teardown)
	loop = s;
      else if (s->kind == SF_IR_ASSIGN && s->var == p && lr_is_var (s->a, run)
	       && !s->next)
	last = s;
      else if (lr_mentions_one (s, run)
	       || ((s->kind == SF_IR_ASSIGN || s->kind == SF_IR_DECL)
		   && s->var == p))
	return 0;
    }
  if (!loop || !last)
    return 0;
  sf_arena *A = ctx->arena;
  /* DECL run = p; the scan is gone; the FOR becomes the scan.  */
  d->a = sf_ir_var_ref (A, ctx->r, p);
  d->next = scan->next;
  sf_ir_list body = { 0 };
  sf_ir_append (&body, sf_ir_decl (A, loop->var, sf_ir_var_ref (A, ctx->r,
								 run)));
  sf_ir_append (&body, loop->body);
  sf_ir_append (&body, sf_ir_assign (A, run, sf_ir_add
				     (A, sf_ir_var_ref (A, ctx->r, run),
				      sf_ir_int (A, 1))));
  loop->kind = SF_IR_WHILE;
  loop->a = scan->a;
  loop->b = NULL;
  loop->body = body.head;
  return 1;
}

/* Apply lr_fuse throughout the statements S.  */
static void
lr_walk (sf_pass_ctx *ctx, sf_ir_stmt *s)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_DECL)
	ctx->rewrites += lr_fuse (ctx, s);
      lr_walk (ctx, s->body);
      lr_walk (ctx, s->else_body);
      lr_walk (ctx, s->setup);
      lr_walk (ctx, s->teardown);
    }
}

/* Make one pass of each run of a coo level that a single loop iterates
   (see the top of the file); return nonzero when there was one.  */
int
rw_runs (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int before = ctx->rewrites;
  lr_walk (ctx, *body);
  return ctx->rewrites > before;
}
