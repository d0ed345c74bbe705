/* Choosing the schedule: the single nest (naive) or the nest with
   where-statements (fused), by a cost estimate of the generated loops.

     GNN, SpMM,GEMM, TTMc...      candidates            cost (estimate)
     schedule(naive)              single nest           -
     schedule(auto), (unfused)    single nest           i*j*k*l
                                  where, as inserted    i*(k + j*k + k*l)
                                  where, sums nested    ...
                                  in the loop order

   Outline of lw_lower_scheduled:
     1. the candidates: the single nest; the same expression with
        where-statements (lower_where.c) for the sums the single nest would
        lift over loops they do not need; the expression with each
        product's sums nested in the loop order (lw_nest_sums: TTMc's
        SUM{i}(C * SUM{j}(D * SUM{k}(B * E)))) with where-statements;
     2. each candidate is lowered and its cost estimated: the loops'
        trip counts multiplied along the nest and added up, a dense loop
        counting LW_DENSE_TRIP iterations unless its bounds are constants,
        a loop over sparse positions LW_SPARSE_TRIP (the cost polynomial of
        SparseAuto with every extent and row length replaced by a typical
        value: only the shape of the polynomial matters here);
     3. the cheapest wins, the single nest on a tie (no workspace); it is
        lowered again so that the region holds only its code.
   schedule(unfused), the library-style baseline: each inner sum whose
   free indices are all dense is computed first, over the whole
   iteration space, into a full temporary (a where-statement at the root:
   SpMM,GEMM becomes T(i,k) = B(i,j)*C(j,k), then A(i,l) = T(i,k)*D(k,l));
   what remains is the single nest reading the temporaries.  */

#include <stdio.h>
#include <string.h>
#include "lower_int.h"

#define LW_DENSE_TRIP 64.0
#define LW_SPARSE_TRIP 8.0

/* Return nonzero when E loads from a parameter (a sparse position).  */
static int
lw_has_load (const sf_ir_expr *e)
{
  if (!e)
    return 0;
  return e->op == SF_IR_LOAD || lw_has_load (e->a) || lw_has_load (e->b)
	 || lw_has_load (e->c);
}

static double lw_cost_list (const sf_ir_stmt *s);

/* Return the estimated trip count of FOR statement S.  */
static double
lw_trip (const sf_ir_stmt *s)
{
  if (s->a->op == SF_IR_INT && s->b->op == SF_IR_INT)
    return s->b->ival > s->a->ival ? (double) (s->b->ival - s->a->ival) : 0;
  return lw_has_load (s->a) || lw_has_load (s->b) ? LW_SPARSE_TRIP
	 : LW_DENSE_TRIP;
}

/* Return the estimated cost of statement S.  */
static double
lw_cost_stmt (const sf_ir_stmt *s)
{
  switch (s->kind)
    {
    case SF_IR_FOR:
      return lw_trip (s) * (1 + lw_cost_list (s->body))
	     + lw_cost_list (s->setup) + lw_cost_list (s->teardown);
    case SF_IR_WHILE:
      return LW_SPARSE_TRIP * (1 + lw_cost_list (s->body));
    case SF_IR_IF:
      {
	double a = lw_cost_list (s->body), b = lw_cost_list (s->else_body);
	return 1 + (a > b ? a : b);
      }
    case SF_IR_COMMENT:
      return 0;
    default:
      return 1;
    }
}

static double
lw_cost_list (const sf_ir_stmt *s)
{
  double c = 0;
  for (; s; s = s->next)
    c += lw_cost_stmt (s);
  return c;
}

/* The state of CTX that a lowering changes, to start each candidate
   afresh.  */
typedef struct lw_start
{
  int nvars, ndense_for;
} lw_start;

/* Return the statements of E lowered with where-statements when FUSE,
   from the state START; NULL after lw_fail.  */
static sf_ir_stmt *
lw_try (lw_ctx *ctx, lw_expr *e, int fuse, const lw_start *start)
{
  ctx->r->nvars = start->nvars;
  ctx->ndense_for = start->ndense_for;
  ctx->nwork = 0;
  ctx->fuse = fuse;
  ctx->failed = 0;
  ctx->why = NULL;
  ctx->shared_with = -1;
  ctx->nsplit = 0;
  return lw_lower_all (ctx, e);
}

/* Return the innermost sum of E below its root whose free indices are
   all dense (a full temporary over them stays small next to a dense
   tensor over a sparse dimension), or NULL.  */
static lw_expr *
lw_unfused_candidate (lw_ctx *ctx, lw_expr *e, int root)
{
  if (!e || !e->a)
    return NULL;
  lw_expr *inner = lw_unfused_candidate (ctx, e->a, 0);
  if (!inner && e->b)
    inner = lw_unfused_candidate (ctx, e->b, 0);
  if (inner || root || e->kind != LW_SUM)
    return inner;
  return lw_work_full_ok (ctx, e) ? e : NULL;
}

/* schedule(unfused): return the statements computing RHS as a sequence
   of nests, each inner sum into a full temporary first; NULL after
   lw_fail.  */
static sf_ir_stmt *
lw_lower_unfused (lw_ctx *ctx, lw_expr *rhs, const lw_start *start)
{
  ctx->r->nvars = start->nvars;
  ctx->ndense_for = start->ndense_for;
  ctx->nwork = 0;
  ctx->fuse = 0;
  lw_reset (ctx, -1, 0);
  sf_ir_list producers = { 0 }, all = { 0 };
  lw_path *root = SF_NEW (ctx->arena, lw_path);
  lw_expr *r;
  int n = 0;
  while (!ctx->failed && ctx->nwork < LW_MAX_WORK
	 && (r = lw_unfused_candidate (ctx, rhs, 1)))
    {
      rhs = lw_gen_where_producer (ctx, 0, rhs, r, root, &producers);
      n++;
    }
  if (ctx->failed)
    return NULL;
  char text[sizeof ctx->where_text];
  memcpy (text, ctx->where_text, sizeof text);
  sf_ir_append (&all, ctx->prologue.head);
  sf_ir_append (&all, producers.head);
  ctx->shared_with = -1;
  ctx->nsplit = 0;
  sf_ir_stmt *s = lw_lower_all (ctx, rhs);
  if (!s)
    return NULL;
  memcpy (ctx->where_text, text, sizeof text);
  ctx->nwhere = n;
  sf_ir_append (&all, s);
  return all.head;
}

/* Steps 1-3: return the statements computing RHS in the cheapest
   schedule the options allow (NULL after lw_fail); ctx->schedule_name
   says which.  */
sf_ir_stmt *
lw_lower_scheduled (lw_ctx *ctx, lw_expr *rhs)
{
  lw_start start = { ctx->r->nvars, ctx->ndense_for };
  if (ctx->options && ctx->options->schedule == SF_SCHEDULE_UNFUSED)
    {
      ctx->schedule_name = "unfused";
      return lw_lower_unfused (ctx, rhs, &start);
    }
  int want = ctx->options && ctx->options->schedule != SF_SCHEDULE_NAIVE;
  lw_expr *cand[3] = { rhs, rhs, want ? lw_nest_sums (ctx, rhs) : rhs };
  int fuse[3] = { 0, 1, 1 }, best = 0, n = want ? 3 : 1;
  double best_cost = 0;
  const char *why = NULL;
  for (int c = 0; c < n; c++)
    {
      sf_ir_stmt *s = lw_try (ctx, cand[c], fuse[c], &start);
      if (!why)
	why = ctx->why;
      if (!s || ctx->failed || (c && !ctx->nwhere))
	continue;
      double cost = lw_cost_list (s);
      ctx->cost[c] = cost;
      if (!best_cost || cost < best_cost)
	best = c, best_cost = cost;
      if (!c)
	ctx->cost_naive = cost;
    }
  sf_ir_stmt *s = lw_try (ctx, cand[best], fuse[best], &start);
  if (!s && !ctx->why)
    ctx->why = why;
  ctx->schedule_name = best ? "fused" : "naive";
  ctx->cost_chosen = best_cost;
  return s;
}
