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
        where-statements (lower/where.c) for the sums the single nest would
        lift over loops they do not need; the expression with each
        product's sums nested in the loop order (lw_nest_sums: TTMc's
        SUM{i}(C * SUM{j}(D * SUM{k}(B * E)))) with where-statements;
        for a tensor network the inner sums' indices first; with symbolic
        costs also the three in up to four loop orders departing from the
        preferred one (lw_more_orders) and the fused ones of the product
        associated otherwise (lw_more_assoc), which compete only when
        they halve the time at the typical point (lw_keep_others), but
        for an association in the preferred loop order;
     2. each candidate is lowered and its cost estimated
        (sched/ir_cost.c, sf_ir_numeric_cost): the loops'
        trip counts multiplied along the nest and added up, a dense loop
        counting SF_DENSE_TRIP iterations unless its bounds are constants,
        a loop over sparse positions SF_SPARSE_TRIP (the cost polynomial of
        SparseAuto with every extent and row length replaced by a typical
        value: only the shape of the polynomial matters here);
     3. the cheapest wins, the single nest on a tie (no workspace); it is
        lowered again so that the region holds only its code.
   schedule(unfused), the library-style baseline: each inner sum whose
   free indices are all dense is computed first, over the whole
   iteration space, into a full temporary (a where-statement at the root:
   SpMM,GEMM becomes T(i,k) = B(i,j)*C(j,k), then A(i,l) = T(i,k)*D(k,l));
   what remains is the single nest reading the temporaries.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lower/internal.h"
#include "sched/order_model.h"

/* The state of CTX that a lowering changes, to start each candidate
   afresh, and the loop orders of the candidates.  */
typedef struct lw_start
{
  int nvars, ndense_for;
  int nord;			/* loop orders so far */
  /* Loop orders: 0 the preferred (candidates 0-2), 1 the tensor
     network's (candidate 3, sums first), 2... departures from the
     preferred (lw_order_variants) and the preferred orders of other
     associations (lw_reassociations).  */
  int norder[LW_MAX_ORDERS];
  int order[LW_MAX_ORDERS][SF_MAX_INDICES];
  int ncand;			/* candidates so far */
  int ord[LW_MAX_CAND];		/* each candidate's loop order */
  int form[LW_MAX_CAND];	/* 0 the single nest, 1 where-statements as
				   the sums were inserted, 2 sums nested */
  const char *assoc[LW_MAX_CAND];	/* another association: what is
					   multiplied first, else NULL */
} lw_start;

/* The candidates: 0 the single nest, 1 where-statements as the sums were
   inserted, 2 sums nested in the loop order, 3 (tensor networks) the
   inner sums' indices first in the loop order; then the three forms in
   each departing loop order, and the two fused forms of each other
   association of the product.  */

/* Set CTX's loop order and order mode to candidate C's.  */
static void
lw_use_order (lw_ctx *ctx, const lw_start *start, int c)
{
  int k = start->ord[c];
  ctx->sums_first = c == 3;
  ctx->norder = start->norder[k];
  memcpy (ctx->order, start->order[k], sizeof ctx->order);
}

static sf_ir_stmt *lw_try_more (lw_ctx *ctx, lw_expr *e, int fuse,
				const lw_start *start, int c);
static sf_ir_stmt *lw_temps_first (lw_ctx *ctx, lw_expr *rhs, int dense);

/* Return the statements of E, candidate C, lowered with where-statements
   when FUSE, from the state START; NULL after lw_fail.  */
static sf_ir_stmt *
lw_try (lw_ctx *ctx, lw_expr *e, int fuse, const lw_start *start, int c)
{
  ctx->r->nvars = start->nvars;
  ctx->ndense_for = start->ndense_for;
  lw_forget_work (ctx);
  return lw_try_more (ctx, e, fuse, start, c);
}

/* As lw_try, but after another candidate that stays in the region (the
   run-time choice): its variables and workspaces are kept, only the
   layout copies are made again (each candidate fills its own).  */
static sf_ir_stmt *
lw_try_more (lw_ctx *ctx, lw_expr *e, int fuse, const lw_start *start,
	     int c)
{
  lw_use_order (ctx, start, c);
  for (int o = 0; o < SF_MAX_OPERANDS; o++)
    ctx->relayout_work[o] = -1;
  ctx->fuse = fuse;
  ctx->failed = 0;
  ctx->why = NULL;
  ctx->shared_with = -1;
  ctx->nsplit = 0;
  if (start->form[c] == LW_FORM_DENSE_FIRST)
    return lw_temps_first (ctx, e, 1);
  return lw_lower_all (ctx, e);
}

/* Return nonzero when E reads no sparse operand and no workspace: a
   product of dense factors and numbers.  */
static int
lw_all_dense (const lw_ctx *ctx, const lw_expr *e)
{
  if (!e)
    return 1;
  if (e->kind == LW_WORK)
    return 0;
  if (e->kind == LW_ACC)
    return !ctx->acc[e->acc].format && !ctx->acc[e->acc].dense_of;
  return lw_all_dense (ctx, e->a) && lw_all_dense (ctx, e->b);
}

/* Return the innermost sum of E below its root that reads dense factors
   only and leaves indices free, such as SUM{l}(C(k,l) * D(l,m)) in
   SUM{k}(B(i,j,k) * SUM{l}(C(k,l) * D(l,m))): the same values for every
   entry of the sparse operands around it, so computed once, before the
   nest, into a full temporary T(k,m) of dense extents; NULL when none.  */
static lw_expr *
lw_dense_sum (const lw_ctx *ctx, lw_expr *e, int root)
{
  if (!e || !e->a)
    return NULL;
  lw_expr *inner = lw_dense_sum (ctx, e->a, 0);
  if (!inner && e->b)
    inner = lw_dense_sum (ctx, e->b, 0);
  if (inner || root || e->kind != LW_SUM)
    return inner;
  /* Not over two indices of one sparse operand: such a temporary is as
     large as that operand's dense shape (GNN's C*D over (i,j)).  */
  unsigned f = lw_free_indices (e);
  for (int a = 0; a < ctx->nacc && f; a++)
    {
      const lw_access *x = &ctx->acc[a];
      int n = 0;
      for (int d = 0; (x->format || x->dense_of) && d < x->nidx; d++)
	n += !!(f & BIT (x->idx[d]));
      if (n >= 2)
	return NULL;
    }
  return lw_all_dense (ctx, e) && f ? e : NULL;
}

/* Return the innermost sum of E below its root whose free indices are
   all dense (a full temporary over them stays small next to a dense
   tensor over a sparse dimension), or NULL.  */
static lw_expr *
lw_unfused_candidate (lw_ctx *ctx, lw_expr *top, lw_expr *e, int root)
{
  if (!e || !e->a)
    return NULL;
  lw_expr *inner = lw_unfused_candidate (ctx, top, e->a, 0);
  if (!inner && e->b)
    inner = lw_unfused_candidate (ctx, top, e->b, 0);
  if (inner || root || e->kind != LW_SUM)
    return inner;
  return lw_work_full_ok (ctx, e) || lw_mask_of (ctx, top, e) ? e : NULL;
}

/* Return the statements computing RHS with sums computed first, each
   over the whole iteration space into a full temporary at the root, then
   the rest reading them: with DENSE, the sums of dense factors alone
   (lw_dense_sum), the rest with where-statements (candidate form
   LW_FORM_DENSE_FIRST); else every inner sum whose free indices are all
   dense or stored exactly by a sparse factor (lw_unfused_candidate), the
   rest as one nest (schedule(unfused)).  Keeps CTX's variables and
   workspaces; NULL after lw_fail.  */
static sf_ir_stmt *
lw_temps_first (lw_ctx *ctx, lw_expr *rhs, int dense)
{
  ctx->fuse = 0;
  lw_reset (ctx, -1, 0);
  sf_ir_list producers = { 0 }, all = { 0 };
  lw_path *root = SF_NEW (ctx->arena, lw_path);
  lw_expr *r;
  int n = 0, nacc = ctx->nacc;
  while (!ctx->failed && ctx->nwork < LW_MAX_WORK
	 && (r = dense ? lw_dense_sum (ctx, rhs, 1)
	     : lw_unfused_candidate (ctx, rhs, rhs, 1)))
    {
      lw_expr *mask = dense || lw_work_full_ok (ctx, r) ? NULL
		      : lw_mask_of (ctx, rhs, r);
      rhs = mask ? lw_gen_masked_producer (ctx, rhs, r, mask, root,
					   &producers)
	    : lw_gen_full_producer (ctx, rhs, r, root, &producers);
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
  ctx->fuse = dense;
  sf_ir_stmt *s = lw_lower_all (ctx, rhs);
  ctx->nacc = nacc;		/* sparse temporaries' accesses: this
				   lowering's only */
  if (!s)
    return NULL;
  /* The temporaries first in the account, then the nest's own.  */
  if (ctx->where_text[0] && text[0])
    {
      char rest[sizeof ctx->where_text];
      memcpy (rest, ctx->where_text, sizeof rest);
      snprintf (ctx->where_text, sizeof ctx->where_text, "%.250s; %.250s",
		text, rest);
    }
  else if (text[0])
    memcpy (ctx->where_text, text, sizeof text);
  ctx->nwhere += n;
  sf_ir_append (&all, s);
  return all.head;
}

/* schedule(unfused): return the statements computing RHS as a sequence
   of nests, each inner sum into a full temporary first; NULL after
   lw_fail.  */
static sf_ir_stmt *
lw_lower_unfused (lw_ctx *ctx, lw_expr *rhs, const lw_start *start)
{
  ctx->r->nvars = start->nvars;
  ctx->ndense_for = start->ndense_for;
  lw_forget_work (ctx);
  return lw_temps_first (ctx, rhs, 0);
}

/* ---- the symbolic choice (docs/scheduling.md) ---- */

#define LW_TYPICAL_EXTENT 64.0
#define LW_TYPICAL_ROW 8.0

/* The symbolic side of one choice.  */
typedef struct lw_symbolic
{
  sf_cost_space space;
  sf_pareto *pareto;
  double point[SF_COST_MAX_SYMS];	/* typical values, assume() applied */
  double thin[SF_COST_MAX_SYMS];	/* the same with thin fibers below
					   each tensor's first level */
  sf_cost_fact facts[16];
  int nfacts;
} lw_symbolic;

/* Set the nnz terms of POINT from its extents: level L of sparse tensor
   T holds min(its extent, FILL[T][L] * (L ? 1 : LW_TYPICAL_ROW))
   positions per position of the level above.  */
static void
lw_point_nnz (const sf_cost_space *sp, double *point,
	      double (*fill)[SF_MAX_ORDER])
{
  for (int t = 0; t < sp->ntensors; t++)
    {
      const sf_cost_tensor *ten = &sp->tensors[t];
      for (int l = 0; l < ten->nlevels; l++)
	if (ten->nnz_sym[l] >= 0)
	  {
	    double parent = l ? sf_poly_eval (ten->prefix[l - 1], point) : 1;
	    double n = ten->extent_sym[l] >= 0
		       ? point[ten->extent_sym[l]] : LW_TYPICAL_EXTENT;
	    double per = fill[t][l] * (l ? 1 : LW_TYPICAL_ROW);
	    point[ten->nnz_sym[l]] = parent * (n < per ? n : per);
	  }
    }
}

/* Set POINT to typical values: every extent 64 unless constant, a
   tensor's first stored level holding min(8, its extent) positions and
   every level below it min(ROW, its extent) per parent.  */
static void
lw_typical_point (lw_ctx *ctx, lw_symbolic *sym, double *point, double row)
{
  const sf_cost_space *sp = &sym->space;
  for (int k = 0; k < sp->nsyms; k++)
    point[k] = LW_TYPICAL_EXTENT;
  for (int x = 0; x < ctx->comp->nindices; x++)
    if (sp->index_sym[x] >= 0 && ctx->comp->extent[x].kind == SF_EXTENT_CONST)
      point[sp->index_sym[x]] = (double) ctx->comp->extent[x].value;
  double fill[SF_MAX_OPERANDS][SF_MAX_ORDER];
  for (int t = 0; t < sp->ntensors; t++)
    for (int l = 0; l < sp->tensors[t].nlevels; l++)
      fill[t][l] = l ? row : 1;
  lw_point_nnz (sp, point, fill);
}

/* Move POINT so that it satisfies SYM's assume() facts where one
   symbol appears alone and linearly in a violated fact (K <= 2, nnz(B) >=
   16*I): that symbol is solved for, the others kept.  */
static void
lw_apply_assumes (lw_symbolic *sym, double *point)
{
  for (int pass = 0; pass < 3; pass++)
    for (int f = 0; f < sym->nfacts; f++)
      {
	const sf_cost_fact *fact = &sym->facts[f];
	double v = sf_poly_eval (fact->poly, point);
	int ok = fact->op == SF_CMP_LE ? v <= 0 : fact->op == SF_CMP_LT ? v < 0
		 : fact->op == SF_CMP_GE ? v >= 0 : fact->op == SF_CMP_GT
		 ? v > 0 : v == 0;
	if (ok)
	  continue;
	for (int t = 0; t < fact->poly->nterms; t++)
	  {
	    const sf_mono *m = &fact->poly->terms[t];
	    if (m->nf != 1 || m->f[0].exp != 1
		|| sf_poly_degree (fact->poly) > 1)
	      continue;
	    double x = point[m->f[0].sym];
	    double rest = v - m->coef * x;
	    double solved = -rest / m->coef;
	    /* Strict comparisons of integers: one step further.  */
	    int up = (fact->op == SF_CMP_GT || fact->op == SF_CMP_GE)
		     == (m->coef > 0);
	    if (fact->op == SF_CMP_LT || fact->op == SF_CMP_GT)
	      solved += up ? 1 : -1;
	    point[m->f[0].sym] = solved < 1 ? 1 : solved;
	    break;
	  }
      }
}

/* Start the symbolic side for CTX: its space, the solver with the facts
   and assume() clauses, the typical point.  Returns NULL, or why not.  */
static const char *
lw_symbolic_start (lw_ctx *ctx, lw_symbolic *sym)
{
  const char *error = NULL;
  int tok;
  sf_pareto_options o = sf_pareto_default_options ();
  sym->pareto = sf_pareto_from_comp (&sym->space, ctx->arena, ctx->comp,
				     ctx->formats, &o, &error, &tok);
  if (!sym->pareto)
    return error ? error : "the solver could not start";
  sym->nfacts = 0;
  for (int a = 0; a < ctx->comp->nassumes && sym->nfacts < 16; a++)
    if (!sf_cost_constraint (&sym->space, ctx->comp, ctx->formats,
			     &ctx->comp->assumes[a],
			     &sym->facts[sym->nfacts], &error, &tok))
      sym->nfacts++;
  lw_typical_point (ctx, sym, sym->point, LW_TYPICAL_ROW);
  lw_apply_assumes (sym, sym->point);
  lw_typical_point (ctx, sym, sym->thin, 1);
  lw_apply_assumes (sym, sym->thin);
  return NULL;
}

/* Among the N candidates C[0..N-1] (with symbolic costs) return the one
   to generate: the Pareto stages of pareto.h, then the least time at the
   typical point (less memory, then the earlier candidate, on a tie).
   Stores in SURV[0..*FRONT-1] the candidates that survived the stages.  */
static int
lw_symbolic_pick (lw_symbolic *sym, const sf_candidate *c, const int *in,
		  int n, int *front, int *surv, const lw_start *start)
{
  int a[LW_MAX_CAND], b[LW_MAX_CAND], reps[LW_MAX_CAND], group[LW_MAX_CAND];
  int m = sf_prune_memory_depth (c, in, n, 3, a);
  m = sf_bucket (c, a, m, reps, group);
  int nreps = m;
  const double *probe[] = { sym->point, sym->thin };
  m = sf_prune_depths (c, reps, m, probe, 2, b);
  /* Dense sums first keeps a temporary as deep as a dense operand to
     change the asymptotic time (nnz(B)*L*M to K*L*M + nnz(B)*M): the
     depths say nothing of that, the frontier decides.  */
  for (int k = 0; k < nreps; k++)
    if (start->form[reps[k]] == LW_FORM_DENSE_FIRST)
      {
	int kept = 0;
	for (int j = 0; j < m && !kept; j++)
	  kept = b[j] == reps[k];
	if (!kept)
	  b[m++] = reps[k];
      }
  m = sf_pareto_frontier (sym->pareto, c, b, m, a);
  *front = m;
  memcpy (surv, a, sizeof (int) * (size_t) m);
  int best = a[0];
  for (int k = 1; k < m; k++)
    {
      double tb = sf_poly_eval (c[best].time, sym->point);
      double tk = sf_poly_eval (c[a[k]].time, sym->point);
      double mb = sf_poly_eval (c[best].memory, sym->point);
      double mk = sf_poly_eval (c[a[k]].memory, sym->point);
      if (tk < tb || (tk == tb && mk < mb)
	  || (tk == tb && mk == mb && a[k] < best))
	best = a[k];
    }
  return best;
}

/* Candidates emitted with a run-time choice, at most: each is code.  A
   sparse output doubles each (its positions shared with an input when
   the program runs, else searched), so only two then: SpTTM,SpTTM's
   three took gcc 0.62 s to compile, two 0.4 s.  */
#define LW_DISPATCH_KEEP 4
#define LW_DISPATCH_KEEP_SPARSE 2

/* Keep in SURV[0..N-1] the KEEP candidates of least time at the typical
   point (less memory, then the earlier candidate, on a tie), in their
   order; return KEEP.  The one lw_symbolic_pick returns is among them.  */
static int
lw_keep_fastest (lw_symbolic *sym, const sf_candidate *c, int *surv, int n,
		 int keep)
{
  double t[LW_MAX_CAND], mem[LW_MAX_CAND];
  for (int k = 0; k < n; k++)
    {
      t[k] = sf_poly_eval (c[surv[k]].time, sym->point);
      mem[k] = sf_poly_eval (c[surv[k]].memory, sym->point);
    }
  int rank[LW_MAX_CAND];
  for (int k = 0; k < n; k++)
    {
      rank[k] = 0;
      for (int j = 0; j < n; j++)
	rank[k] += t[j] < t[k] || (t[j] == t[k] && (mem[j] < mem[k]
						    || (mem[j] == mem[k]
							&& surv[j] < surv[k])));
    }
  int m = 0;
  for (int k = 0; k < n; k++)
    if (rank[k] < keep)
      surv[m++] = surv[k];
  return m;
}

/* An alternative is emitted only when, somewhere in the sampled range of
   extents, it is predicted at least this much faster than every other one
   kept: the costs count loop iterations, not cycles, and a difference
   smaller than this is within their error, while every alternative is
   code GCC compiles (a fused schedule with register tiles and row phases
   takes it about 0.3 s at -O3).  */
#define LW_DISPATCH_GAIN 1.5

/* The sizes the run-time choice is judged over: each extent that is not
   a constant at 8, 64 (the typical one) and 512, and each stored level of
   a sparse operand holding 1, 8 or 64 positions per parent position (at
   most its extent; a tensor's first level 8, 64 or 512), in every
   combination of the first LW_SAMPLE_DIMS of those; the others stay
   typical.  */
static const double lw_sample_extent[] = { 8.0, 64.0, 512.0 };
static const double lw_sample_fill[] = { 1.0, 8.0, 64.0 };
#define LW_SAMPLE_DIMS 8
#define LW_SAMPLE_MAX 6561	/* 3^LW_SAMPLE_DIMS */

/* Store in T[k][p] the time of candidate C[SURV[k]] (K < N) at each
   sample point p of SYM for CTX (above), assume() applied to each;
   return how many points.  */
static int
lw_sample_times (lw_ctx *ctx, lw_symbolic *sym, const sf_candidate *c,
		 const int *surv, int n, double (*t)[LW_SAMPLE_MAX])
{
  const sf_cost_space *sp = &sym->space;
  /* A dimension: an extent symbol (TEN < 0) or a stored level.  The
     stored levels first, then the extents no sparse level has (dense
     operands' own), then the others.  */
  int dim_sym[LW_SAMPLE_DIMS], dim_ten[LW_SAMPLE_DIMS], ndims = 0;
  int sparse_ext[SF_COST_MAX_SYMS] = { 0 };
  for (int k = 0; k < sp->ntensors; k++)
    for (int l = 0; l < sp->tensors[k].nlevels; l++)
      {
	if (sp->tensors[k].nnz_sym[l] >= 0 && ndims < LW_SAMPLE_DIMS)
	  dim_sym[ndims] = l, dim_ten[ndims++] = k;
	if (sp->tensors[k].extent_sym[l] >= 0)
	  sparse_ext[sp->tensors[k].extent_sym[l]] = 1;
      }
  for (int pass = 0; pass < 2; pass++)
    for (int x = 0; x < ctx->comp->nindices && ndims < LW_SAMPLE_DIMS; x++)
      {
	int y = sp->index_sym[x];
	if (y < 0 || ctx->comp->extent[x].kind == SF_EXTENT_CONST
	    || sparse_ext[y] != pass)
	  continue;
	int dup = 0;
	for (int f = 0; f < ndims; f++)
	  dup |= dim_ten[f] < 0 && dim_sym[f] == y;
	if (!dup)
	  dim_sym[ndims] = y, dim_ten[ndims++] = -1;
      }
  int combos = 1;
  for (int f = 0; f < ndims; f++)
    combos *= 3;
  double p[SF_COST_MAX_SYMS];
  double fill[SF_MAX_OPERANDS][SF_MAX_ORDER];
  for (int point = 0; point < combos; point++)
    {
      lw_typical_point (ctx, sym, p, LW_TYPICAL_ROW);
      for (int k = 0; k < sp->ntensors; k++)
	for (int l = 0; l < sp->tensors[k].nlevels; l++)
	  fill[k][l] = l ? LW_TYPICAL_ROW : 1;
      int code = point;
      for (int f = 0; f < ndims; f++, code /= 3)
	if (dim_ten[f] < 0)
	  p[dim_sym[f]] = lw_sample_extent[code % 3];
	else
	  fill[dim_ten[f]][dim_sym[f]] = lw_sample_fill[code % 3];
      lw_point_nnz (sp, p, fill);
      lw_apply_assumes (sym, p);
      for (int k = 0; k < n; k++)
	t[k][point] = sf_poly_eval (c[surv[k]].time, p);
    }
  return combos;
}

/* Keep in SURV[0..N-1] the alternatives worth their code: repeatedly
   drop the one (never BEST) whose largest predicted gain over the others
   kept, max over the sample points of min(others' time) / its time, is
   under LW_DISPATCH_GAIN, the smallest gain first.  Unless BEST_SAFE
   (BEST's memory needs no fallback: lw_lower_scheduled emits it alone),
   the one of least memory at the typical point stays: the choice falls
   back on it when no workspace fits.  Stores each dropped one's gain in
   CLOSE (indexed as C); returns how many are kept.  */
static int
lw_keep_distinct (lw_ctx *ctx, lw_symbolic *sym, const sf_candidate *c,
		  int *surv, int n, int best, int best_safe, double *close)
{
  int least_mem = surv[0];
  for (int k = 1; k < n; k++)
    if (sf_poly_eval (c[surv[k]].memory, sym->point)
	< sf_poly_eval (c[least_mem].memory, sym->point))
      least_mem = surv[k];
  double (*t)[LW_SAMPLE_MAX] = malloc (sizeof *t * (size_t) n);
  if (!t)
    return n;
  int np = lw_sample_times (ctx, sym, c, surv, n, t);
  while (n > 1)
    {
      int drop = -1;
      double least = LW_DISPATCH_GAIN;
      for (int k = 0; k < n; k++)
	{
	  if (surv[k] == best || (!best_safe && surv[k] == least_mem))
	    continue;
	  double gain = 0;
	  for (int p = 0; p < np; p++)
	    {
	      double others = HUGE_VAL;
	      for (int j = 0; j < n; j++)
		if (j != k && t[j][p] < others)
		  others = t[j][p];
	      double g = t[k][p] > 0 ? others / t[k][p] : 1;
	      if (g > gain)
		gain = g;
	    }
	  if (gain < least)
	    least = gain, drop = k;
	}
      if (drop < 0)
	break;
      close[surv[drop]] = least;
      for (int k = drop; k + 1 < n; k++)
	{
	  surv[k] = surv[k + 1];
	  memcpy (t[k], t[k + 1], sizeof (double) * (size_t) np);
	}
      n--;
    }
  free (t);
  return n;
}

/* Return the schedule text's account of the symbolic choice of candidate
   C among N (FRONT on the frontier).  */
static const char *
lw_symbolic_text (lw_ctx *ctx, lw_symbolic *sym, const sf_candidate *c,
		  int n, int front)
{
  sf_poly_names names = sf_cost_names (&sym->space);
  const sf_pareto_stats *st = sf_pareto_get_stats (sym->pareto);
  return sf_arena_printf (ctx->arena, "time %s, memory %s bytes | %d of %d "
			  "on the Pareto frontier (%d solver checks)",
			  sf_poly_str (ctx->arena, c->time, &names),
			  sf_poly_str (ctx->arena, c->memory, &names),
			  front, n, st->smt_checks);
}

/* ---- the run-time choice (docs/scheduling.md) ---- */

static const char *const lw_form_name[5] = {
  "naive", "fused", "fused, sums nested", "fused, inner sums first",
  "fused, dense sums first"
};

/* Return the name of candidate C in the dispatcher's account: its form,
   its association when not the expression's, its loop order when it
   departs from the preferred one.  */
static const char *
lw_cand_name (lw_ctx *ctx, const lw_start *start, int c)
{
  if (c < LW_NBASE)
    return lw_form_name[c];
  if (start->assoc[c])
    return sf_arena_printf (ctx->arena, "%s, %s first",
			    lw_form_name[start->form[c]],
			    start->assoc[c]);
  if (!start->ord[c])		/* another form in the preferred order */
    return lw_form_name[start->form[c]];
  char buf[96] = "";
  int k = start->ord[c];
  for (int x = 0; x < start->norder[k] && strlen (buf) < 64; x++)
    snprintf (buf + strlen (buf), sizeof buf - strlen (buf), "%s%s",
	      x ? " " : "", lw_index_name (ctx, start->order[k][x]));
  return sf_arena_printf (ctx->arena, "%s, order %s",
			  lw_form_name[start->form[c]], buf);
}

/* Return the number of positions of LEVEL of sparse OPERAND, the value
   of its nnz symbol, read from its pos arrays when the program runs; NULL
   when it cannot be counted without a pass over the entries (a coo
   level's runs of equal coordinates, a level under them).  With UPPER, a
   coo level's runs are bounded by its entries, which are known.  */
static sf_ir_expr *
lw_nnz_value (lw_ctx *ctx, int operand, int level, int upper)
{
  for (int n = 0; n < ctx->nacc; n++)
    {
      lw_access *a = &ctx->acc[n];
      if (a->operand != operand || (!a->format && !a->dense_of))
	continue;
      /* A dense copy's operand: its pos arrays are still there.  */
      if (!a->format)
	{
	  a->format = a->dense_of;
	  sf_ir_expr *size = lw_nnz_value (ctx, operand, level, upper);
	  a->format = NULL;
	  return size;
	}
      sf_ir_expr *size = sf_ir_int (ctx->arena, 1);
      for (int l = 0; l <= level; l++)
	{
	  sf_level_kind k = a->format->levels[l].kind;
	  if (!upper && k == SF_LEVEL_COO && l == level)
	    return NULL;
	  if (k == SF_LEVEL_COMPRESSED && l && a->format->levels[l - 1].kind
	      == SF_LEVEL_COO)
	    return NULL;
	  size = lw_level_ops_of (k)->size (ctx, n, l, size);
	}
      return size;
    }
  return NULL;
}

/* Store in VALUE[s] the run-time value of each symbol s of SP: an
   extent as the loops read it, a prefix nnz term from the pos arrays;
   NULL for a user's scalar and a count lw_nnz_value cannot make (UPPER
   as there).  */
static void
lw_sym_values (lw_ctx *ctx, const sf_cost_space *sp, sf_ir_expr **value,
	       int upper)
{
  for (int k = 0; k < sp->nsyms; k++)
    {
      const sf_sym *y = &sp->syms[k];
      value[k] = y->kind == SF_SYM_EXTENT && y->index >= 0
		 ? lw_index_extent (ctx, y->index)
		 : y->kind == SF_SYM_NNZ
		 ? lw_nnz_value (ctx, y->operand, y->level, upper) : NULL;
    }
}

/* Fill *OUT with the symbolic cost of the statements S lowered in CTX,
   over the symbols of SPACE (sched/ir_cost.c); return NULL, or why there
   is none.  */
const char *
lw_symbolic_cost (lw_ctx *ctx, const sf_ir_stmt *s,
		  const sf_cost_space *space, sf_candidate *out)
{
  sf_ir_cost_input in;
  in.comp = ctx->comp;
  in.formats = ctx->formats;
  in.r = ctx->r;
  in.out_operand = ctx->acc[ctx->out].operand;
  in.work = ctx->work;
  in.nwork = ctx->nwork;
  return sf_ir_symbolic_cost (&in, s, space, out);
}

sf_ir_expr *
lw_parallel_worth (lw_ctx *ctx, const sf_ir_stmt *s)
{
  sf_cost_space sp;
  sf_candidate c;
  sf_ir_expr *value[SF_COST_MAX_SYMS];
  if (!ctx->options || ctx->options->parallel_min <= 0
      || sf_cost_space_from_comp (&sp, ctx->arena, ctx->comp, ctx->formats)
      || lw_symbolic_cost (ctx, s, &sp, &c))
    return NULL;
  int failed = ctx->failed;
  /* An upper bound serves: a coo level's runs count as its entries.  */
  lw_sym_values (ctx, &sp, value, 1);
  ctx->failed = failed;
  sf_ir_expr *t = sf_dispatch_poly (ctx->arena, c.time, value);
  if (!t)
    return NULL;
  return sf_ir_binary (ctx->arena, SF_IR_LE,
		       sf_ir_float (ctx->arena,
				    (double) ctx->options->parallel_min,
				    SF_TY_F64), t);
}

/* Return the time of the statements S (loop iterations, as the symbolic
   cost counts them) as an expression the program evaluates when it
   runs, or NULL when it has no symbolic cost or a symbol no run-time
   value.  */
sf_ir_expr *
lw_time_value (lw_ctx *ctx, const sf_ir_stmt *s)
{
  sf_cost_space sp;
  sf_candidate c;
  sf_ir_expr *value[SF_COST_MAX_SYMS];
  if (sf_cost_space_from_comp (&sp, ctx->arena, ctx->comp, ctx->formats)
      || lw_symbolic_cost (ctx, s, &sp, &c))
    return NULL;
  int failed = ctx->failed;
  lw_sym_values (ctx, &sp, value, 1);
  ctx->failed = failed;
  return sf_dispatch_poly (ctx->arena, c.time, value);
}

/* Return the bytes the candidates' workspaces may take when the program
   runs: half the last-level cache, or memory(N) when less.  */
sf_ir_expr *
lw_dispatch_cap (lw_ctx *ctx)
{
  sf_ir_expr *cap = sf_ir_llc_half (ctx->arena);
  if (ctx->comp->memory)
    cap = sf_ir_binary (ctx->arena, SF_IR_MIN, cap,
			lw_cexpr_value (ctx, ctx->comp->memory, "memory"));
  return cap;
}

/* With the M candidates SURV[0..M-1] (indices into C, CAND and FUSE) on
   the frontier, emit each and the expression choosing among them when
   the program runs (dispatch.h), BEST lowered last so that the schedule
   text describes it.  Returns nonzero when done (ctx->nalt set); 0 when a
   symbol has no run-time value or a lowering fails: then one schedule is
   emitted as before.  */
static int
lw_dispatch (lw_ctx *ctx, lw_symbolic *sym, const sf_candidate *c,
	     const int *surv, int m, lw_expr **cand, const int *fuse,
	     int best, const lw_start *start)
{
  sf_ir_expr *value[SF_COST_MAX_SYMS];
  int nvars = ctx->r->nvars;
  lw_sym_values (ctx, &sym->space, value, 0);
  /* Candidates in their order (the single nest first wins ties).  */
  int order[LW_MAX_CAND], n = 0;
  for (int k = 0; k < LW_MAX_CAND; k++)
    for (int j = 0; j < m; j++)
      if (surv[j] == k)
	order[n++] = k;
  sf_candidate dc[LW_MAX_CAND];
  for (int k = 0; k < n; k++)
    {
      dc[k] = c[order[k]];
      dc[k].stride = 0;
    }
  /* Every symbol of the polynomials must have a value (the cap's
     variable is made after the lowerings, which start over at START).  */
  if (ctx->failed
      || !sf_dispatch_expr (ctx->arena, dc, n, value,
			    sf_ir_int (ctx->arena, 0)))
    {
      ctx->r->nvars = nvars;
      ctx->failed = 0;
      return 0;
    }
  char names[512];
  size_t len = 0;
  for (int k = 0; k < n && len < sizeof names; k++)
    len += (size_t) snprintf (names + len, sizeof names - len, "%s%d %s",
			      k ? ", " : "", k,
			      lw_cand_name (ctx, start, order[k]));
  /* The others first, from the start; then BEST.  */
  int seq[LW_MAX_CAND], ns = 0, slot[LW_MAX_CAND];
  for (int k = 0; k < n; k++)
    if (order[k] != best)
      slot[ns] = k, seq[ns++] = order[k];
  for (int k = 0; k < n; k++)
    if (order[k] == best)
      slot[ns] = k, seq[ns++] = best;
  for (int k = 0; k < ns; k++)
    {
      sf_ir_stmt *s;
      if (k == 0)
	s = lw_try (ctx, cand[seq[k]], fuse[seq[k]], start, seq[k]);
      else
	s = lw_try_more (ctx, cand[seq[k]], fuse[seq[k]], start, seq[k]);
      if (!s || ctx->failed)
	{
	  ctx->nalt = 0;
	  return 0;
	}
      ctx->alt[slot[k]] = s;
    }
  ctx->nalt = n;
  ctx->cap_var = lw_new_var (ctx, "cap", SF_TY_INDEX);
  ctx->cap = lw_dispatch_cap (ctx);
  ctx->pick = sf_dispatch_expr (ctx->arena, dc, n, value,
				sf_ir_var_ref (ctx->arena, ctx->r,
					       ctx->cap_var));
  ctx->alt_names = sf_arena_strdup (ctx->arena, names);
  return 1;
}

/* Candidate BEST chosen without a run-time choice by time, when its
   memory matters: the network candidate (3: its workspaces keep sparse
   indices, as large as their extents make them), a full temporary (the
   copy of a matrix in the other layout), or any candidate under
   memory(N).  Emit it with the single nest, and pick at run time by
   memory alone,
     pick = bytes of BEST's workspaces <= cap ? 1 : 0,
   so that extents too large for the workspaces run the single nest
   instead of failing the allocation, and memory(N) holds.  Returns
   nonzero when done.  */
static int
lw_dispatch_memory (lw_ctx *ctx, lw_expr **cand, const int *fuse, int best,
		    const lw_start *start)
{
  sf_arena *A = ctx->arena;
  sf_ir_stmt *s0 = lw_try (ctx, cand[0], fuse[0], start, 0);
  if (!s0 || ctx->failed)
    return 0;
  int first = ctx->nwork;
  sf_ir_stmt *s1 = lw_try_more (ctx, cand[best], fuse[best], start, best);
  if (!s1 || ctx->failed)
    return 0;
  sf_ir_expr *bytes = sf_ir_float (A, 0.0, SF_TY_F64);
  for (int w = first; w < ctx->nwork; w++)
    if (lw_work_in (ctx, w, s1) && ctx->work[w].out_block != 2)
      {
	sf_ty ty = ctx->r->vars[ctx->work[w].var].ty;
	sf_ir_expr *n = sf_ir_convert (A, sf_ir_clone (A, ctx->work[w].size),
				       SF_TY_F64);
	bytes = sf_ir_add (A, bytes, sf_ir_mul (A, n, sf_ir_float
						(A, ty == SF_TY_F32 ? 4.0 : 8.0,
						 SF_TY_F64)));
      }
  ctx->nalt = 2;
  ctx->alt[0] = s0;
  ctx->alt[1] = s1;
  ctx->cap_var = lw_new_var (ctx, "cap", SF_TY_INDEX);
  ctx->cap = lw_dispatch_cap (ctx);
  ctx->pick = sf_ir_select (A, sf_ir_binary (A, SF_IR_LE, bytes,
					      sf_ir_convert
					      (A, sf_ir_var_ref (A, ctx->r,
								 ctx->cap_var),
					       SF_TY_F64)),
			    sf_ir_int (A, 1), sf_ir_int (A, 0));
  ctx->alt_names = sf_arena_printf (A, "0 %s, 1 %s",
				    lw_cand_name (ctx, start, 0),
				    lw_cand_name (ctx, start, best));
  ctx->alt_by_memory = 1;
  return 1;
}

static void lw_preferred_order (lw_ctx *ctx, const lw_start *start);

/* Models of the order model to lower and compare (order_model.h): half
   at the least workspace order, half at the next.  */
#define LW_MODELS 6

/* Add to P the intermediates of E, its sums below the root (ROOT: E is
   the root), each a workspace whose layout the model chooses; MAP gives
   each region index's model index.  */
static unsigned
lw_model_mask (unsigned m, const int *map)
{
  unsigned r = 0;
  for (int v = 0; v < SF_MAX_INDICES; v++)
    if ((m & BIT (v)) && map[v] >= 0)
      r |= BIT (map[v]);
  return r;
}

/* Return the indices summed by the sums of E (the region's indices).  */
static unsigned
lw_summed (const lw_expr *e)
{
  if (!e || !e->a)
    return 0;
  return (e->kind == LW_SUM ? e->sum : 0) | lw_summed (e->a)
	 | lw_summed (e->b);
}

static void
lw_model_sums (const lw_expr *e, int root, const int *map,
	       sf_order_problem *p)
{
  if (!e || !e->a)
    return;
  if (e->kind == LW_SUM && !root && p->nx < SF_OM_MAX_X
      && p->nt < SF_OM_MAX_T)
    {
      unsigned f = lw_model_mask (lw_free_indices (e), map);
      if (f)
	{
	  p->x_free[p->nx] = f;
	  p->x_sum[p->nx] = lw_model_mask (e->sum, map);
	  p->x_inner[p->nx++] = lw_model_mask (lw_summed (e->a), map);
	  p->t_idx[p->nt++] = f;
	}
    }
  lw_model_sums (e->a, 0, map, p);
  lw_model_sums (e->b, 0, map, p);
}

/* Return the estimate of candidate 3 (where-statements, sums first) in
   START's order 1, -1 when that order lowers to no where-statement.  */
static double
lw_model_cost (lw_ctx *ctx, lw_expr *rhs, const lw_start *start)
{
  sf_ir_stmt *s = lw_try (ctx, rhs, 1, start, 3);
  double c = !s || ctx->failed || !ctx->nwhere ? -1 : sf_ir_numeric_cost (s);
  ctx->failed = 0;
  ctx->why = NULL;
  ctx->sums_first = 0;
  return c;
}

/* With dense copies, lay them out anew in ORDER (N indices): the
   model's layouts of the copies follow the loop order.  */
static void
lw_relay_copies (lw_ctx *ctx, const int *order, int n)
{
  if (!ctx->densify)
    return;
  for (int a = 0; a < ctx->nacc; a++)
    ctx->acc[a].laid = 0;
  int saved[SF_MAX_INDICES], len = ctx->norder;
  memcpy (saved, ctx->order, sizeof saved);
  ctx->norder = n;
  memcpy (ctx->order, order, sizeof (int) * (size_t) n);
  lw_densify_layouts (ctx);
  ctx->norder = len;
  memcpy (ctx->order, saved, sizeof saved);
}

/* Return ORDER (N indices) as text, "i j p".  */
static const char *
lw_order_text (lw_ctx *ctx, const int *order, int n)
{
  const char *t = "";
  for (int k = 0; k < n; k++)
    t = sf_arena_printf (ctx->arena, "%s%s%s", t, k ? " " : "",
			 lw_index_name (ctx, order[k]));
  return t;
}

/* CoNST's model for a tensor network's candidate (3): the loop order,
   the workspaces' layouts and, with relayout(), the copies' layouts,
   under the sparse operands' storage orders, with the least workspace
   order d (order_model.h).  The models of the least d and the next are
   each lowered, and the cheapest estimate (the stride score on a tie)
   replaces START's order 1, which holds the rule-based order (or
   nothing, HAVE 0, when the rules found none); the rule-based order
   wins ties.  Sets ctx->model_text; returns nonzero when order 1 holds
   an order.  */
static int
lw_network_models (lw_ctx *ctx, lw_expr *rhs, lw_start *start, int have)
{
  unsigned used = rhs->mention | ctx->free_mask;
  int map[SF_MAX_INDICES], unmap[SF_MAX_INDICES];
  sf_order_problem p;
  memset (&p, 0, sizeof p);
  for (int v = 0; v < SF_MAX_INDICES; v++)
    {
      map[v] = -1;
      if (used & BIT (v))
	{
	  map[v] = p.n;
	  unmap[p.n++] = v;
	}
    }
  unsigned hard[SF_MAX_INDICES];
  lw_hard_edges (ctx, hard);
  for (int v = 0; v < SF_MAX_INDICES; v++)
    for (int u = 0; u < SF_MAX_INDICES; u++)
      if (map[v] >= 0 && map[u] >= 0 && (hard[v] & BIT (u)))
	p.before[map[v]] |= BIT (map[u]);
  lw_model_sums (rhs, 1, map, &p);
  if (!p.nx || (have && start->norder[1] != p.n))
    return have;
  for (int a = 0; a < ctx->nacc && p.nt < SF_OM_MAX_T; a++)
    {
      const lw_access *x = &ctx->acc[a];
      int first = 1;
      for (int b = 0; b < a; b++)
	first &= !ctx->acc[b].dense_of || ctx->acc[b].operand != x->operand;
      if (!x->dense_of || !first)
	continue;
      unsigned m = 0;
      for (int d = 0; d < x->nidx; d++)
	m |= BIT (map[x->idx[d]]);
      p.t_idx[p.nt++] = m;
    }
  sf_smt_options opts = sf_pareto_default_options ().smt;
  sf_order_models m;
  sf_order_solve (&p, &opts, LW_MODELS, &m);
  int rules[SF_MAX_INDICES], nrules = have ? start->norder[1] : 0;
  memcpy (rules, start->order[1], sizeof rules);
  double rules_cost = have ? lw_model_cost (ctx, rhs, start) : -1;
  double best_cost = rules_cost;
  int best = -1, best_stride = have ? lw_order_stride (ctx, rules, nrules)
				    : 0, same = -1;
  /* The models in a fixed order, whatever order Z3 found them in: by
     bound, then by their loop orders compared index by index.  */
  int order[SF_OM_MAX_MODELS][SF_MAX_INDICES], bnd[SF_OM_MAX_MODELS];
  double cost[SF_OM_MAX_MODELS];
  for (int k = 0; k < m.count; k++)
    {
      int j = k;
      for (; j > 0 && (bnd[j - 1] > m.d[k]
		       || (bnd[j - 1] == m.d[k]
			   && memcmp (order[j - 1], m.order[k],
				      sizeof (int) * (size_t) p.n) > 0)); j--)
	{
	  bnd[j] = bnd[j - 1];
	  memcpy (order[j], order[j - 1], sizeof order[j]);
	}
      bnd[j] = m.d[k];
      memcpy (order[j], m.order[k], sizeof (int) * (size_t) p.n);
    }
  for (int k = 0; k < m.count; k++)
    {
      for (int x = 0; x < p.n; x++)
	order[k][x] = unmap[order[k][x]];
      cost[k] = -1;
      if (have && !memcmp (order[k], rules, sizeof (int) * (size_t) p.n))
	{
	  same = k;
	  cost[k] = rules_cost;
	  continue;
	}
      start->norder[1] = p.n;
      memcpy (start->order[1], order[k], sizeof (int) * (size_t) p.n);
      lw_relay_copies (ctx, order[k], p.n);
      cost[k] = lw_model_cost (ctx, rhs, start);
      int stride = lw_order_stride (ctx, order[k], p.n);
      if (cost[k] >= 0
	  && (best_cost < 0 || cost[k] < best_cost
	      || (cost[k] == best_cost && stride < best_stride)))
	best = k, best_cost = cost[k], best_stride = stride;
    }
  const int *chosen = best >= 0 ? order[best] : rules;
  int len = best >= 0 ? p.n : nrules;
  start->norder[1] = len;
  memcpy (start->order[1], chosen, sizeof (int) * (size_t) len);
  if (len)
    lw_relay_copies (ctx, chosen, len);
  /* The account: the least d, the models and their estimates.  */
  const char *text;
  if (!m.count)
    text = sf_arena_printf (ctx->arena, "order model (Z3): %s",
			    m.unknown ? "no answer in time, the rules' order"
			    : "no model");
  else
    {
      text = sf_arena_printf (ctx->arena, "order model (Z3): least "
			      "workspace order %d, %d model%s (", m.dmin,
			      m.count, m.count == 1 ? "" : "s");
      for (int k = 0; k < m.count; k++)
	text = sf_arena_printf (ctx->arena, "%s%s%s d %d %s", text,
				k ? "; " : "", lw_order_text (ctx, order[k],
							       p.n),
				bnd[k], cost[k] < 0 ? "no workspace"
				: sf_arena_printf (ctx->arena, "%.3g",
						   cost[k]));
      const char *rules_text
	= !have ? "the rules find no order"
	: sf_arena_printf (ctx->arena, "the rules' order %s %s%s",
			   lw_order_text (ctx, rules, nrules),
			   rules_cost < 0 ? "no workspace"
			   : sf_arena_printf (ctx->arena, "%.3g", rules_cost),
			   same >= 0 ? sf_arena_printf (ctx->arena,
							" (model %d)",
							same + 1) : "");
      text = sf_arena_printf (ctx->arena, "%s; %s), chosen %s (%d solver "
			      "checks)", text, rules_text, best >= 0
			      ? sf_arena_printf (ctx->arena, "model %d",
						 best + 1)
			      : "the rules' order", m.checks);
    }
  ctx->model_text = text;
  return len > 0;
}

/* A tensor network (three or more sparse operands) with sums nested in
   other sums may contract a pair of them first, inside loops that the
   default order would put later: T(i,j,k) = A(i,p,q) * B(j,p,r) *
   C(k,q,r) * D(j,k,r) is SUM{q,r}(SUM{p}(A*B) * C * D), and with p
   placed as early as A and B allow (i j p k q r, not j k i p q r), the
   sum over p becomes a workspace W(q,r) per (i,j) that the rest reads
   for every k.  The rules of lw_choose_order give one such order; the
   order model (lw_network_models) gives others, and the cheapest
   becomes candidate 3's, stored in START; return nonzero when it exists
   and differs from the default.  */
static int
lw_network_order (lw_ctx *ctx, lw_expr *rhs, lw_start *start)
{
  int nsparse = 0;
  for (int a = 0; a < ctx->nacc; a++)
    nsparse += a != ctx->out && (ctx->acc[a].format || ctx->acc[a].dense_of);
  if (nsparse < 3)
    return 0;
  ctx->sums_first = 1;
  int failed = lw_choose_order (ctx, rhs, rhs->mention | ctx->free_mask);
  ctx->sums_first = 0;
  if (!failed)
    {
      start->norder[1] = ctx->norder;
      memcpy (start->order[1], ctx->order, sizeof ctx->order);
    }
  ctx->failed = 0;
  ctx->why = NULL;
  ctx->norder = start->norder[0];
  memcpy (ctx->order, start->order[0], sizeof ctx->order);
  /* orders=1 (the preferred order only) keeps the rules' order.  */
  int have = !(ctx->options && ctx->options->orders == 1)
	     ? lw_network_models (ctx, rhs, start, !failed) : !failed;
  lw_preferred_order (ctx, start);
  int differs = have && (start->norder[1] != start->norder[0]
			 || memcmp (start->order[1], start->order[0],
				    sizeof (int) * (size_t) start->norder[0]));
  /* With dense copies the same order differs too: its workspaces may
     keep the indices the remaining sparse operands store.  */
  return differs || (have && ctx->densify);
}

/* A candidate in a departing loop order or another association competes
   only when its time at the typical point is below this fraction of the
   best of the candidates in the preferred order (0-3): the time
   polynomials count loop iterations, not the strided reads a departure
   from the dense operands' layouts costs, nor the cache misses of
   traversing a sparse operand once per iteration of an outer dense loop;
   a lower-order difference (one loop of extent 1 less) is no reason to
   give those up.  An association lowered in the preferred loop order
   reads the operands as the preferred candidates do: it competes.  */
#define LW_OTHER_GAIN 0.5

/* Whether START's loop order O is its preferred one, index for index.  */
static int
lw_same_order (const lw_start *start, int o)
{
  return start->norder[o] == start->norder[0]
	 && !memcmp (start->order[o], start->order[0],
		     sizeof (int) * (size_t) start->norder[0]);
}

/* Remove from VALID[0..N-1] the candidates in departing loop orders
   (other associations' among them) that do not pay (LW_OTHER_GAIN), all
   of them without SYM; return the new count.  */
static int
lw_keep_others (lw_symbolic *sym, const sf_candidate *c, int *valid,
		    int n, const lw_start *start)
{
  double base = -1;
  for (int k = 0; k < n && sym; k++)
    if (valid[k] < LW_NBASE)
      {
	double t = sf_poly_eval (c[valid[k]].time, sym->point);
	if (base < 0 || t < base)
	  base = t;
      }
  int m = 0;
  for (int k = 0; k < n; k++)
    if (valid[k] < LW_NBASE
	|| start->form[valid[k]] == LW_FORM_DENSE_FIRST
	|| lw_same_order (start, start->ord[valid[k]])
	|| (base >= 0 && sf_poly_eval (c[valid[k]].time, sym->point)
			 < LW_OTHER_GAIN * base))
      valid[m++] = valid[k];
  return m;
}

/* Append to START's candidates expression E of form FORM in loop order
   ORD (of association ASSOC when not NULL), and to IDS[0..N-1] its
   number; return the new N.  */
static int
lw_add_cand (lw_start *start, lw_expr **cand, int *fuse, int *ids, int n,
	     lw_expr *e, int form, int ord, const char *assoc)
{
  int c = start->ncand++;
  cand[c] = e;
  fuse[c] = form > 0;
  start->form[c] = form;
  start->ord[c] = ord;
  start->assoc[c] = assoc;
  ids[n] = c;
  return n + 1;
}

/* Make loop order ORDER (LEN indices) START's next one and CTX's; return
   its number.  */
static int
lw_add_order (lw_ctx *ctx, lw_start *start, const int *order, int len)
{
  int o = start->nord++;
  start->norder[o] = len;
  memcpy (start->order[o], order, sizeof (int) * (size_t) len);
  ctx->norder = len;
  memcpy (ctx->order, order, sizeof (int) * (size_t) len);
  return o;
}

/* Restore CTX's loop order to START's preferred one.  */
static void
lw_preferred_order (lw_ctx *ctx, const lw_start *start)
{
  ctx->failed = 0;
  ctx->why = NULL;
  ctx->sums_first = 0;
  ctx->norder = start->norder[0];
  memcpy (ctx->order, start->order[0], sizeof ctx->order);
}

/* Make loop order ORDER (LEN indices) START's next one and add to the N
   candidates IDS[0..N-1] the single nest, where-statements as inserted
   and sums nested of RHS, each in that order; return the new count.  */
static int
lw_order_cands (lw_ctx *ctx, lw_start *start, const int *order, int len,
		lw_expr *rhs, lw_expr **cand, int *fuse, int *ids, int n)
{
  int o = lw_add_order (ctx, start, order, len);
  lw_expr *nested = lw_nest_sums (ctx, rhs);
  for (int f = 0; f < 3; f++)
    n = lw_add_cand (start, cand, fuse, ids, n, f == 2 ? nested : rhs, f, o,
		     NULL);
  return n;
}

/* Add to the N candidates IDS[0..N-1] those of the loop orders that
   depart from the preferred one (lw_order_variants, MAX orders with the
   preferred): the single nest, where-statements as inserted and sums
   nested, each in that order; return the new count.  */
static int
lw_more_orders (lw_ctx *ctx, lw_expr *rhs, lw_start *start, lw_expr **cand,
		int *fuse, int *ids, int n, int max)
{
  int orders[LW_MAX_DEPART + 1][SF_MAX_INDICES], len = 0;
  int m = lw_order_variants (ctx, rhs, rhs->mention | ctx->free_mask,
			     orders, max, &len);
  for (int k = 1; k < m; k++)
    {
      size_t size = sizeof (int) * (size_t) len;
      if ((len == start->norder[0] && !memcmp (orders[k], start->order[0],
					       size))
	  || (len == start->norder[1] && !memcmp (orders[k], start->order[1],
						  size)))
	continue;
      n = lw_order_cands (ctx, start, orders[k], len, rhs, cand, fuse,
			  ids, n);
    }
  lw_preferred_order (ctx, start);
  return n;
}

/* Add to the N candidates IDS[0..N-1] the single nest and the fused forms
   in the loop order that follows the sparse operands alone, when the
   preferred order (which follows the dense operands' layouts too) puts a
   dense loop outside a sparse level: with column-major operands
   (Fortran's layout) the GNN layer's preferred order is l k i j, under
   which B is traversed K*L times and no where-statement fits, and its
   departures at one step keep k and l before j.  In i j k l the layer
   fuses (O(nnz (K + L)), as the loop written over those arrays does);
   the cost polynomials choose.  Return the new count.  */
static int
lw_sparse_first_order (lw_ctx *ctx, lw_expr *rhs, lw_start *start,
		       lw_expr **cand, int *fuse, int *ids, int n)
{
  lw_preferred_order (ctx, start);
  if (!lw_dense_outside_sparse (ctx, start->order[0], start->norder[0]))
    return n;
  ctx->sparse_first = 1;
  int bad = lw_choose_order (ctx, rhs, rhs->mention | ctx->free_mask);
  ctx->sparse_first = 0;
  for (int k = 0; !bad && k < start->nord; k++)
    bad = start->norder[k] == ctx->norder
	  && !memcmp (start->order[k], ctx->order,
		      sizeof (int) * (size_t) ctx->norder);
  if (!bad)
    n = lw_order_cands (ctx, start, ctx->order, ctx->norder, rhs, cand, fuse,
			ids, n);
  lw_preferred_order (ctx, start);
  return n;
}

/* Add to the N candidates IDS[0..N-1] the fused forms (where-statements
   as inserted, sums nested) of the other associations of RHS's product
   (lw_reassociations), each in its own preferred loop order; return the
   new count.  */
static int
lw_more_assoc (lw_ctx *ctx, lw_expr *rhs, lw_start *start, lw_expr **cand,
	       int *fuse, int *ids, int n)
{
  lw_expr *alt[LW_MAX_ASSOC];
  const char *label[LW_MAX_ASSOC];
  int m = lw_reassociations (ctx, rhs, alt, label, LW_MAX_ASSOC);
  for (int k = 0; k < m; k++)
    {
      lw_preferred_order (ctx, start);
      if (lw_choose_order (ctx, alt[k], alt[k]->mention | ctx->free_mask))
	continue;
      int o = lw_add_order (ctx, start, ctx->order, ctx->norder);
      lw_expr *nested = lw_nest_sums (ctx, alt[k]);
      n = lw_add_cand (start, cand, fuse, ids, n, alt[k], 1, o, label[k]);
      n = lw_add_cand (start, cand, fuse, ids, n, nested, 2, o, label[k]);
      if (lw_dense_sum (ctx, alt[k], 1))
	n = lw_add_cand (start, cand, fuse, ids, n, alt[k],
			 LW_FORM_DENSE_FIRST, o, label[k]);
    }
  lw_preferred_order (ctx, start);
  return n;
}

/* What became of one candidate (lw_candidates_text).  */
typedef enum lw_fate_kind
{
  LW_NOT_LOWERED,		/* not a schedule of the region (WHY) */
  LW_NO_COST,			/* lowered, no symbolic cost to compare */
  LW_DROPPED,			/* a departure or association that does not
				   pay (lw_keep_others) */
  LW_PRUNED,			/* out at a Pareto stage */
  LW_FRONTIER,			/* on the frontier, not picked */
  LW_CLOSE,			/* on the frontier, never much faster than
				   the alternatives kept (lw_keep_distinct) */
  LW_ALTERNATIVE,		/* emitted, picked at run time when cheapest */
  LW_CHOSEN			/* the pick at the typical point */
} lw_fate_kind;

typedef struct lw_fate
{
  lw_fate_kind what;
  const char *why;
  int has_cost;			/* SC holds its symbolic cost */
} lw_fate;

/* Return the account of the N candidates IDS[0..N-1], one line each:
   "candidate K: NAME | time T, memory M bytes (X at the typical point)
   | FATE", numbered from 1 as the option candidate=K takes them.  SYM is
   NULL when the choice was by the numeric estimate; AT_RUN when the
   survivors are picked at run time.  */
static const char *
lw_candidates_text (lw_ctx *ctx, const lw_start *start, const int *ids,
		    int n, const lw_fate *fate, const sf_candidate *sc,
		    lw_symbolic *sym, int at_run)
{
  static const char *const said[] = {
    "not a schedule of this region",
    "no symbolic cost (its loops cannot be read), not compared",
    "dropped: not under half the preferred order's best time at the "
    "typical point",
    "pruned (memory depth, an equal cost, loop and memory depths, or "
    "the Z3 frontier)",
    "on the Pareto frontier, slower at the typical point",
    "on the Pareto frontier, never 1.5x faster than the alternatives "
    "kept over the sizes sampled",
    "a run-time alternative",
    "chosen"
  };
  sf_poly_names names;
  if (sym)
    names = sf_cost_names (&sym->space);
  const char *text = "";
  for (int k = 0; k < n; k++)
    {
      int c = ids[k];
      const lw_fate *f = &fate[c];
      const char *cost = "";
      if (sym && f->has_cost)
	cost = sf_arena_printf (ctx->arena, " | time %s, memory %s bytes "
				"(%.3g at the typical point)",
				sf_poly_str (ctx->arena, sc[c].time, &names),
				sf_poly_str (ctx->arena, sc[c].memory, &names),
				sf_poly_eval (sc[c].time, sym->point));
      else if (f->what != LW_NOT_LOWERED)
	cost = sf_arena_printf (ctx->arena, " | estimate %.3g", ctx->cost[c]);
      const char *what = said[f->what];
      if (f->what == LW_NOT_LOWERED && f->why)
	what = sf_arena_printf (ctx->arena, "%s: %s", what, f->why);
      else if (f->what == LW_CLOSE && f->why)
	what = f->why;
      else if (f->what == LW_CHOSEN && at_run)
	what = "chosen at the typical point, a run-time alternative";
      else if (f->what == LW_PRUNED && !sym)
	what = "not chosen (the numeric estimate)";
      text = sf_arena_printf (ctx->arena, "%s%scandidate %d: %s%s | %s", text,
			      k ? "\n" : "", k + 1,
			      lw_cand_name (ctx, start, c), cost, what);
    }
  return text;
}

/* Steps 1-3: return the statements computing RHS in the cheapest
   schedule the options allow (NULL after lw_fail); ctx->schedule_name
   says which.  */
sf_ir_stmt *
lw_lower_scheduled (lw_ctx *ctx, lw_expr *rhs)
{
  lw_start start;
  start.nvars = ctx->r->nvars;
  start.ndense_for = ctx->ndense_for;
  start.norder[0] = start.norder[1] = ctx->norder;
  memcpy (start.order[0], ctx->order, sizeof ctx->order);
  memcpy (start.order[1], ctx->order, sizeof ctx->order);
  start.nord = 2;
  for (int c = 0; c < LW_NBASE; c++)
    {
      start.form[c] = c == 3 ? 1 : c;
      start.ord[c] = c == 3;
      start.assoc[c] = NULL;
    }
  start.ncand = LW_NBASE;
  ctx->cost_text = NULL;
  ctx->cand_text = NULL;
  ctx->model_text = NULL;
  ctx->tune = ctx->options
		    && ctx->options->schedule != SF_SCHEDULE_NAIVE;
  if (ctx->options && ctx->options->schedule == SF_SCHEDULE_UNFUSED)
    {
      ctx->schedule_name = "unfused";
      return lw_lower_unfused (ctx, rhs, &start);
    }
  int want = ctx->options && ctx->options->schedule != SF_SCHEDULE_NAIVE;
  lw_expr *cand[LW_MAX_CAND] = { rhs, rhs,
				 want ? lw_nest_sums (ctx, rhs) : rhs, rhs };
  int fuse[LW_MAX_CAND] = { 0, 1, 1, 1 }, best = 0, n = want ? 3 : 1;
  int ids[LW_MAX_CAND] = { 0, 1, 2, 3 };
  if (want && lw_network_order (ctx, rhs, &start))
    n = 4;
  double best_cost = 0;
  const char *why = NULL;
  lw_symbolic sym;
  sym.pareto = NULL;
  int symbolic = want && !lw_symbolic_start (ctx, &sym);
  int orders = ctx->options && ctx->options->orders > 0
	       ? ctx->options->orders : LW_MAX_DEPART + 1;
  if (symbolic && orders > 1)
    {
      if (lw_dense_sum (ctx, rhs, 1))
	n = lw_add_cand (&start, cand, fuse, ids, n, rhs,
			 LW_FORM_DENSE_FIRST, 0, NULL);
      n = lw_more_orders (ctx, rhs, &start, cand, fuse, ids, n,
			  orders < LW_MAX_DEPART + 1 ? orders
			  : LW_MAX_DEPART + 1);
      n = lw_more_assoc (ctx, rhs, &start, cand, fuse, ids, n);
      n = lw_sparse_first_order (ctx, rhs, &start, cand, fuse, ids, n);
    }
  sf_candidate sc[LW_MAX_CAND];
  int valid[LW_MAX_CAND], nvalid = 0, full[LW_MAX_CAND] = { 0 };
  lw_fate fate[LW_MAX_CAND];
  for (int k = 0; k < n; k++)
    {
      int c = ids[k];
      sf_ir_stmt *s = lw_try (ctx, cand[c], fuse[c], &start, c);
      if (!why)
	why = ctx->why;
      fate[c].why = NULL;
      fate[c].has_cost = 0;
      if (!s || ctx->failed || (start.form[c] && !ctx->nwhere))
	{
	  fate[c].what = LW_NOT_LOWERED;
	  fate[c].why = s && !ctx->failed ? "no where-statement (the single "
			"nest again)" : ctx->why;
	  continue;
	}
      fate[c].what = LW_NO_COST;
      double cost = sf_ir_numeric_cost (s);
      ctx->cost[c] = cost;
      /* Other loop orders and associations compete by their symbolic
	 cost alone.  */
      if (c >= LW_NBASE)
	{
	  if (!symbolic || lw_symbolic_cost (ctx, s, &sym.space, &sc[c]))
	    continue;
	}
      else
	{
	  if (!best_cost || cost < best_cost)
	    best = c, best_cost = cost;
	  if (!c)
	    ctx->cost_naive = cost;
	  if (symbolic && lw_symbolic_cost (ctx, s, &sym.space, &sc[c]))
	    symbolic = 0;
	}
      fate[c].has_cost = symbolic;
      fate[c].what = LW_DROPPED;
      int o = start.ord[c];
      sc[c].stride = lw_order_stride (ctx, start.order[o], start.norder[o]);
      valid[nvalid++] = c;
      for (int w = 0; w < ctx->nwork; w++)
	if (!ctx->work[w].fused && lw_work_in (ctx, w, s))
	  full[c] = 1;
    }
  nvalid = lw_keep_others (symbolic ? &sym : NULL, sc, valid, nvalid,
			   &start);
  for (int k = 0; k < nvalid; k++)
    fate[valid[k]].what = LW_PRUNED;
  int surv[LW_MAX_CAND], front = 1;
  if (symbolic && nvalid)
    {
      if (nvalid > 1)
	best = lw_symbolic_pick (&sym, sc, valid, nvalid, &front, surv,
				  &start);
      else
	best = valid[0], surv[0] = best;
      best_cost = ctx->cost[best];
      ctx->cost_text = lw_symbolic_text (ctx, &sym, &sc[best], nvalid, front);
      for (int k = 0; k < front; k++)
	fate[surv[k]].what = LW_FRONTIER;
    }
  ctx->nalt = 0;
  sf_ir_stmt *s = NULL;
  int keep = ctx->acc[ctx->out].format ? LW_DISPATCH_KEEP_SPARSE
	     : LW_DISPATCH_KEEP;
  if (front > keep)
    front = lw_keep_fastest (&sym, sc, surv, front, keep);
  double close[LW_MAX_CAND] = { 0 };
  if (symbolic && front > 1
      && !(ctx->options && ctx->options->all_alternatives))
    front = lw_keep_distinct (ctx, &sym, sc, surv, front, best,
			      !(best == 3 || full[best] || ctx->comp->memory),
			      close);
  int forced = want && ctx->options ? ctx->options->candidate : 0;
  int pick_at_run = symbolic && nvalid > 1 && front > 1
		    && !(ctx->options && ctx->options->no_dispatch);
  for (int k = 0; k < LW_MAX_CAND; k++)
    if (close[k] > 0)
      {
	fate[k].what = LW_CLOSE;
	fate[k].why = sf_arena_printf (ctx->arena, "on the Pareto frontier, "
				       "at most %.2fx faster than the "
				       "alternatives kept over the sizes "
				       "sampled", close[k]);
      }
  if (pick_at_run)
    for (int k = 0; k < front; k++)
      fate[surv[k]].what = LW_ALTERNATIVE;
  fate[best].what = LW_CHOSEN;
  if (want)
    ctx->cand_text = lw_candidates_text (ctx, &start, ids, n, fate, sc,
					 symbolic ? &sym : NULL, pick_at_run);
  if (want && ctx->model_text)
    ctx->cand_text = sf_arena_printf (ctx->arena, "%s\ncandidate 4's %s",
				      ctx->cand_text, ctx->model_text);
  if (sym.pareto)
    sf_pareto_free (sym.pareto);
  if (forced)
    {
      /* candidate=N: that candidate alone, whatever its cost.  */
      if (forced > n)
	{
	  lw_fail (ctx, "candidate %d does not exist (the region has %d "
		   "candidate%s)", forced, n, n == 1 ? "" : "s");
	  return NULL;
	}
      best = ids[forced - 1];
      if (fate[best].what == LW_NOT_LOWERED)
	{
	  lw_fail (ctx, "candidate %d (%s) is not a schedule of this region: "
		   "%s", forced, lw_cand_name (ctx, &start, best),
		   fate[best].why ? fate[best].why : "not lowered");
	  return NULL;
	}
      ctx->cost_text = NULL;
      s = lw_try (ctx, cand[best], fuse[best], &start, best);
      ctx->schedule_name = sf_arena_printf (ctx->arena, "%s, candidate %d "
					    "of %d as the option asks",
					    lw_cand_name (ctx, &start, best),
					    forced, n);
      ctx->cost_chosen = ctx->cost[best];
      return s;
    }
  if (pick_at_run
      && lw_dispatch (ctx, &sym, sc, surv, front, cand, fuse, best, &start))
    s = ctx->alt[0];
  else if (best && !(ctx->options && ctx->options->no_dispatch)
	   && (best == 3 || full[best] || ctx->comp->memory)
	   && lw_dispatch_memory (ctx, cand, fuse, best, &start))
    s = ctx->alt[0];
  else
    {
      ctx->nalt = 0;
      s = lw_try (ctx, cand[best], fuse[best], &start, best);
    }
  if (!s && !ctx->why)
    ctx->why = why;
  ctx->schedule_name = best < LW_NBASE
		       ? (best ? "fused" : "naive")
		       : lw_cand_name (ctx, &start, best);
  ctx->cost_chosen = best_cost;
  if (best == 3 && ctx->model_text)
    ctx->cost_text = ctx->cost_text
		     ? sf_arena_printf (ctx->arena, "%s | %s", ctx->cost_text,
					ctx->model_text)
		     : ctx->model_text;
  return s;
}
