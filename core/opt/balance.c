/* Parallel loops over rows split by work: each thread runs one block of
   consecutive rows holding about as many rows plus stored entries as
   every other thread's, found by a binary search of the rows' positions,
   instead of asking libgomp for chunks of rows (the dynamic schedule).

     FOR i [lo, hi) parallel                FOR i [lo, hi) parallel
       t = 0                                  split: with W = S(hi) - S(lo) + (hi - lo),
       FOR p [S(i), S(i + 1))                   thread k of n takes the rows r with
         t = t + vals[p] * x[crd[p]]            S(r) - S(lo) + (r - lo) in [k W / n, (k + 1) W / n)
       y[i] = t                               body: (over its rows)

   S(i) is the start of row i's positions (pos[i]; pos[i] - 1 from 1), so
   S(r) - S(lo) + (r - lo) counts the entries and the rows before row r:
   the work of a row is a constant plus one for each entry.

   Why: the dynamic schedule asks for work about 16 times a thread and
   gives rows to whichever thread asks first; a static partition by rows
   alone (what a user's own 'omp for' does) puts the long rows of a
   skewed matrix on one thread.  A split costs each thread two binary
   searches of the row starts (none on one thread), and a given input and
   team size always gives each thread the same rows.  So a privatized
   reduction (opt/privatize.c), whose copies the threads add into the
   output in turn by their numbers here (its CRITICAL made ordered), gives
   the same result bit for bit on every run.

   It covers the loops whose work is their entries: under the loop over a
   row nothing iterates a range that depends on the entry (CSF's further
   levels, a row of a fused workspace), and outside it a row does no
   more than one loop deep of dense work (SpMM's row zeroed and stored;
   not SpMM,GEMM's row times a dense matrix).  Other parallel loops keep
   the dynamic schedule.

   Outline of rw_balance:
     1. the parallel FOR loops among the top-level statements of the
        region (and in the IFs there: partial_sums's choice per call);
     2. in such a loop's body, outside other loops over positions, a FOR
        whose bounds, with the body's declarations substituted, are
        S(i) and S(i + 1) for an expression S of the row i alone;
     3. nothing under that FOR iterates a range read from the entry, and
        the row's dense work outside the entries is one loop deep;
     4. the split: each thread's block, by two binary searches (none for
        the first thread's start and the last one's end); the CRITICALs
        of the loop's teardown in turn.  */

#include <string.h>
#include "opt/internal.h"

/* Return a copy of E with every variable that INIT gives a value
   (INIT[v] != NULL, for the first N) replaced by that value, itself so
   replaced.  */
static sf_ir_expr *
lb_resolve (sf_arena *A, const sf_ir_expr *e, sf_ir_expr **init, int n)
{
  if (!e)
    return NULL;
  if (e->op == SF_IR_VAR && e->var < n && init[e->var]
      && !(init[e->var]->op == SF_IR_VAR && init[e->var]->var == e->var))
    return lb_resolve (A, init[e->var], init, n);
  sf_ir_expr *c = SF_NEW (A, sf_ir_expr);
  *c = *e;
  c->a = lb_resolve (A, e->a, init, n);
  c->b = lb_resolve (A, e->b, init, n);
  c->c = lb_resolve (A, e->c, init, n);
  return c;
}

/* Return nonzero when a loop among statements S has bounds (or a
   condition) reading a variable of MARK (N of them).  */
static int
lb_nested_range (const sf_ir_stmt *s, const char *mark, int n)
{
  for (; s; s = s->next)
    {
      if ((s->kind == SF_IR_FOR
	   && (rw_reads_any (s->a, mark, n) || rw_reads_any (s->b, mark, n)))
	  || (s->kind == SF_IR_WHILE && rw_reads_any (s->a, mark, n)))
	return 1;
      if (lb_nested_range (s->body, mark, n)
	  || lb_nested_range (s->else_body, mark, n))
	return 1;
    }
  return 0;
}

/* Return nonzero when LO, an expression of variable I alone, and HI are
   the bounds of a row: HI is LO at I + 1.  */
static int
lb_row_bounds (sf_pass_ctx *ctx, const sf_ir_expr *lo, const sf_ir_expr *hi,
	       int i)
{
  sf_arena *A = ctx->arena;
  if (!rw_reads_var (lo, i) || rw_reads_other (lo, i))
    return 0;
  sf_ir_expr *next = sf_ir_add (A, sf_ir_var_ref (A, ctx->r, i),
				sf_ir_int (A, 1));
  return rw_same (rw_subst (A, lo, i, next), hi, -1, -1);
}

/* Step 3: return nonzero when nothing among statements S iterates a
   range read from an entry: no loop's bounds read a variable declared
   inside a loop of S, or a loop's counter (N variables).  */
static int
lb_entries_flat (sf_pass_ctx *ctx, const sf_ir_stmt *s, int n)
{
  char *mark = sf_arena_alloc (ctx->arena, (size_t) n);
  memset (mark, 0, (size_t) n);
  for (const sf_ir_stmt *t = s; t; t = t->next)
    if (t->kind == SF_IR_FOR || t->kind == SF_IR_WHILE)
      {
	if (t->kind == SF_IR_FOR)
	  mark[t->var] = 1;
	rw_mark_decls (t->body, mark);
      }
    else if (t->kind == SF_IR_IF)
      {
	/* The loops in its branches are loops of S.  */
	if (!lb_entries_flat (ctx, t->body, n)
	    || !lb_entries_flat (ctx, t->else_body, n))
	  return 0;
      }
  for (const sf_ir_stmt *t = s; t; t = t->next)
    if ((t->kind == SF_IR_FOR || t->kind == SF_IR_WHILE)
	&& lb_nested_range (t->body, mark, n))
      return 0;
  return 1;
}

/* Step 2: return the start S(I) of the rows of loop variable I that
   statements S (INIT: the values of the declarations seen, N variables)
   iterate, when their work is their entries (step 3); else NULL.  A row
   is a loop over [S(i), S(i + 1)), or two declarations holding its
   bounds (the loops over pairs of entries that jam.c makes, over blocks
   of them that partial_sums.c makes, read them).  */
static sf_ir_expr *
lb_row_start (sf_pass_ctx *ctx, const sf_ir_stmt *s, int i,
	      sf_ir_expr **init, int n)
{
  sf_arena *A = ctx->arena;
  const sf_ir_stmt *list = s;
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_DECL && s->a && s->var < n && !init[s->var])
	{
	  init[s->var] = s->a;
	  sf_ir_expr *hi = lb_resolve (A, s->a, init, n);
	  for (const sf_ir_stmt *d = list; d != s; d = d->next)
	    if (d->kind == SF_IR_DECL && d->a)
	      {
		sf_ir_expr *lo = lb_resolve (A, d->a, init, n);
		if (lb_row_bounds (ctx, lo, hi, i))
		  return lb_entries_flat (ctx, list, n) ? lo : NULL;
	      }
	}
      if (s->kind == SF_IR_IF)
	{
	  sf_ir_expr *r = lb_row_start (ctx, s->body, i, init, n);
	  if (!r)
	    r = lb_row_start (ctx, s->else_body, i, init, n);
	  if (r)
	    return r;
	}
      if (s->kind != SF_IR_FOR || s->parallel)
	continue;
      sf_ir_expr *lo = lb_resolve (A, s->a, init, n);
      sf_ir_expr *hi = lb_resolve (A, s->b, init, n);
      if (lb_row_bounds (ctx, lo, hi, i))
	return lb_entries_flat (ctx, list, n) ? lo : NULL;
      /* A loop that is not over positions (a dense loop) may hold one.  */
      if (!rw_reads_var (lo, i) && !rw_reads_var (hi, i))
	{
	  sf_ir_expr *r = lb_row_start (ctx, s->body, i, init, n);
	  if (r)
	    return r;
	}
    }
  return NULL;
}

/* Return the depth of the loop nest at loop S (1: no loop inside).  */
static int
lb_depth (const sf_ir_stmt *s)
{
  int d = 0;
  const sf_ir_stmt *lists[2] = { s->body, s->else_body };
  for (int k = 0; k < 2; k++)
    for (const sf_ir_stmt *t = lists[k]; t; t = t->next)
      {
	int e = lb_depth (t);
	d = e > d ? e : d;
      }
  return d + (s->kind == SF_IR_FOR || s->kind == SF_IR_WHILE);
}

/* Return nonzero when E reads parameter P.  */
static int
lb_reads_param (const sf_ir_expr *e, int p)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_LOAD || e->op == SF_IR_PARAM) && e->param == p)
    return 1;
  return lb_reads_param (e->a, p) || lb_reads_param (e->b, p)
	 || lb_reads_param (e->c, p);
}

/* Return nonzero when a loop at or under loop S iterates a range read
   from parameter POS (the row starts), the declarations INIT (N
   variables) substituted: a loop over the row's entries.  */
static int
lb_over_entries (sf_pass_ctx *ctx, const sf_ir_stmt *s, int pos,
		 sf_ir_expr **init, int n)
{
  for (; s; s = s->next)
    {
      if ((s->kind == SF_IR_FOR || s->kind == SF_IR_WHILE)
	  && (lb_reads_param (lb_resolve (ctx->arena, s->a, init, n), pos)
	      || lb_reads_param (lb_resolve (ctx->arena, s->b, init, n), pos)))
	return 1;
      if (lb_over_entries (ctx, s->body, pos, init, n)
	  || lb_over_entries (ctx, s->else_body, pos, init, n))
	return 1;
    }
  return 0;
}

/* Return nonzero when the dense work of a row among statements S (the
   body of the row loop, INIT its declarations) is of the order of one
   entry's: every loop nest outside the loops over the entries (those
   reading POS) is one loop deep (SpMM's row of K zeroed and stored, not
   SpMM,GEMM's product of a row by a K x L matrix, which would make a
   row's work its rows, not its entries).  */
static int
lb_rows_light (sf_pass_ctx *ctx, const sf_ir_stmt *s, int pos,
	       sf_ir_expr **init, int n)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_IF
	  && (!lb_rows_light (ctx, s->body, pos, init, n)
	      || !lb_rows_light (ctx, s->else_body, pos, init, n)))
	return 0;
      if ((s->kind == SF_IR_FOR || s->kind == SF_IR_WHILE)
	  && lb_depth (s) > 1)
	{
	  sf_ir_stmt alone = *s;
	  alone.next = NULL;
	  if (!lb_over_entries (ctx, &alone, pos, init, n))
	    return 0;
	}
    }
  return 1;
}

/* Record in INIT (N variables) the value of every declaration among
   statements S and in their IFs that has none yet.  */
static void
lb_record (const sf_ir_stmt *s, sf_ir_expr **init, int n)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_DECL && s->a && s->var < n && !init[s->var])
	init[s->var] = s->a;
      if (s->kind == SF_IR_IF)
	{
	  lb_record (s->body, init, n);
	  lb_record (s->else_body, init, n);
	}
    }
}

/* Return the parameter whose elements START loads (the pos array), or
   -1.  */
static int
lb_start_param (const sf_ir_expr *e)
{
  if (!e)
    return -1;
  if (e->op == SF_IR_LOAD)
    return e->param;
  int p = lb_start_param (e->a);
  return p >= 0 ? p : lb_start_param (e->b);
}

/* Return S(E): the row start START (an expression of variable I) of row
   E.  */
static sf_ir_expr *
lb_at (sf_pass_ctx *ctx, const sf_ir_expr *start, int i, sf_ir_expr *e)
{
  return rw_subst (ctx->arena, start, i, e);
}

/* Append to LIST the binary search for the first row r of [LO, HI) with
   S(r) - BASE + (r - LO) >= WANT (HI when none), assigned to TARGET:
     l = LO; h = HI;
     while (l < h) { m = l + (h - l) / 2;
                     if (S(m) - BASE + (m - LO) < WANT) l = m + 1; else h = m; }
     TARGET = l  */
static void
lb_search (sf_pass_ctx *ctx, sf_ir_list *list, const sf_ir_expr *start,
	   int i, int lo, int hi, int base, sf_ir_expr *want, int target)
{
  sf_arena *A = ctx->arena;
  int l = rw_new_var (ctx, "part_l", SF_TY_INDEX);
  int h = rw_new_var (ctx, "part_h", SF_TY_INDEX);
  int m = rw_new_var (ctx, "part_m", SF_TY_INDEX);
  int w = rw_new_var (ctx, "part_want", SF_TY_INDEX);
  sf_ir_append (list, sf_ir_decl (A, w, want));
  sf_ir_append (list, sf_ir_decl (A, l, rw_var (ctx, lo)));
  sf_ir_append (list, sf_ir_decl (A, h, rw_var (ctx, hi)));
  sf_ir_list step = { 0 };
  sf_ir_expr *half = sf_ir_binary (A, SF_IR_DIV,
				   sf_ir_sub (A, rw_var (ctx, h),
					      rw_var (ctx, l)),
				   sf_ir_int (A, 2));
  sf_ir_append (&step, sf_ir_decl (A, m, sf_ir_add (A, rw_var (ctx, l),
						    half)));
  sf_ir_expr *before = sf_ir_add
    (A, sf_ir_sub (A, sf_ir_convert (A, lb_at (ctx, start, i,
					       rw_var (ctx, m)), SF_TY_INDEX),
		   rw_var (ctx, base)),
     sf_ir_sub (A, rw_var (ctx, m), rw_var (ctx, lo)));
  sf_ir_append (&step, sf_ir_if (A, sf_ir_binary (A, SF_IR_LT, before,
						  rw_var (ctx, w)),
				 sf_ir_assign (A, l, sf_ir_add
					       (A, rw_var (ctx, m),
						sf_ir_int (A, 1))),
				 sf_ir_assign (A, h, rw_var (ctx, m))));
  sf_ir_append (list, sf_ir_while (A, sf_ir_binary (A, SF_IR_LT,
						    rw_var (ctx, l),
						    rw_var (ctx, h)),
				   step.head));
  sf_ir_append (list, sf_ir_assign (A, target, rw_var (ctx, l)));
}

/* Step 4: give parallel loop S (rows of start START) its split.  */
static void
lb_split (sf_pass_ctx *ctx, sf_ir_stmt *s, const sf_ir_expr *start)
{
  sf_arena *A = ctx->arena;
  const char *name = ctx->r->vars[s->var].name;
  int i = s->var;
  sf_ir_list out = { 0 };
  int lo = rw_new_var (ctx, sf_arena_printf (A, "%s_lo", name), SF_TY_INDEX);
  int hi = rw_new_var (ctx, sf_arena_printf (A, "%s_hi", name), SF_TY_INDEX);
  int base = rw_new_var (ctx, "part_base", SF_TY_INDEX);
  int total = rw_new_var (ctx, "part_work", SF_TY_INDEX);
  int k = rw_new_var (ctx, "part", SF_TY_INDEX);
  int nk = rw_new_var (ctx, "parts", SF_TY_INDEX);
  int first = rw_new_var (ctx, sf_arena_printf (A, "%s_first", name),
			  SF_TY_INDEX);
  int end = rw_new_var (ctx, sf_arena_printf (A, "%s_end", name),
			SF_TY_INDEX);
  sf_ir_append (&out, sf_ir_decl (A, lo, sf_ir_clone (A, s->a)));
  sf_ir_append (&out, sf_ir_decl (A, hi, sf_ir_clone (A, s->b)));
  sf_ir_append (&out, sf_ir_decl (A, base, sf_ir_convert
				  (A, lb_at (ctx, start, i, rw_var (ctx, lo)),
				   SF_TY_INDEX)));
  sf_ir_append (&out, sf_ir_decl
		(A, total, sf_ir_add
		 (A, sf_ir_sub (A, sf_ir_convert (A, lb_at (ctx, start, i,
							    rw_var (ctx, hi)),
						  SF_TY_INDEX),
				rw_var (ctx, base)),
		  sf_ir_sub (A, rw_var (ctx, hi), rw_var (ctx, lo)))));
  sf_ir_append (&out, sf_ir_decl (A, k, sf_ir_thread (A, 0)));
  sf_ir_append (&out, sf_ir_decl (A, nk, sf_ir_thread (A, 1)));
  /* The first row: LO for thread 0, else the search for k W / n.  */
  sf_ir_append (&out, sf_ir_decl (A, first, rw_var (ctx, lo)));
  sf_ir_list at = { 0 };
  lb_search (ctx, &at, start, i, lo, hi, base,
	     sf_ir_binary (A, SF_IR_DIV, sf_ir_mul (A, rw_var (ctx, k),
						    rw_var (ctx, total)),
			   rw_var (ctx, nk)), first);
  sf_ir_append (&out, sf_ir_if (A, sf_ir_binary (A, SF_IR_LT, sf_ir_int (A, 0),
						 rw_var (ctx, k)),
				at.head, NULL));
  /* The end: HI for the last thread, else the search for (k + 1) W / n.  */
  sf_ir_append (&out, sf_ir_decl (A, end, rw_var (ctx, hi)));
  sf_ir_list to = { 0 };
  sf_ir_expr *k1 = sf_ir_add (A, rw_var (ctx, k), sf_ir_int (A, 1));
  lb_search (ctx, &to, start, i, lo, hi, base,
	     sf_ir_binary (A, SF_IR_DIV, sf_ir_mul (A, k1, rw_var (ctx, total)),
			   rw_var (ctx, nk)), end);
  sf_ir_append (&out, sf_ir_if (A, sf_ir_binary (A, SF_IR_LT,
						 sf_ir_clone (A, k1),
						 rw_var (ctx, nk)),
				to.head, NULL));
  s->split = out.head;
  s->split_lo = first;
  s->split_hi = end;
  for (sf_ir_stmt *t = s->teardown; t; t = t->next)
    if (t->kind == SF_IR_CRITICAL)
      t->ordered = 1;
  /* On one thread the split is the whole range: the loop as it was.  */
  ctx->rewrites++;
  ctx->picked++;
}

/* Step 1: split the parallel loops among statements S and in the IFs
   there; return how many.  */
static int
lb_list (sf_pass_ctx *ctx, sf_ir_stmt *s)
{
  int n = 0;
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_IF)
	n += lb_list (ctx, s->body) + lb_list (ctx, s->else_body);
      if (s->kind != SF_IR_FOR || !s->parallel || s->split)
	continue;
      int nv = ctx->r->nvars;
      sf_ir_expr **init = sf_arena_alloc (ctx->arena,
					  sizeof *init * (size_t) nv);
      memset (init, 0, sizeof *init * (size_t) nv);
      /* A variable assigned later has no one value: it stays itself
	 (a placeholder that is not NULL keeps its DECL out).  */
      char *assigned = sf_arena_alloc (ctx->arena, (size_t) nv);
      memset (assigned, 0, (size_t) nv);
      rw_mark_assigned (s->body, assigned);
      for (int v = 0; v < nv; v++)
	if (assigned[v])
	  init[v] = sf_ir_var_ref (ctx->arena, ctx->r, v);
      sf_ir_expr *start = lb_row_start (ctx, s->body, s->var, init, nv);
      int pos = lb_start_param (start);
      if (start)
	lb_record (s->body, init, nv);
      if (start && pos >= 0 && lb_rows_light (ctx, s->body, pos, init, nv))
	{
	  lb_split (ctx, s, start);
	  n++;
	}
    }
  return n;
}

/* Split every parallel loop over rows at the top of *BODY by the rows'
   work; return nonzero when there was one.  Only with threads.  */
int
rw_balance (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  if (!ctx->threads)
    return 0;
  return lb_list (ctx, *body) > 0;
}
