/* Choosing the schedule: the single nest (naive) or the nest with
   where-statements (fused), by a cost estimate of the generated loops.
   The scheduler enumerates the candidates from what the lowering says
   it can do (lower/lower.h: loop orders, nested sums, associations) and
   asks it for each one's loop IR (sf_lower_candidate).

     GNN, SpMM,GEMM, TTMc...      candidates            cost (estimate)
     schedule(naive)              single nest           -
     schedule(auto), (unfused)    single nest           i*j*k*l
                                  where, as inserted    i*(k + j*k + k*l)
                                  where, sums nested    ...
                                  in the loop order

   Outline of sd_schedule:
     1. the candidates: the single nest; the same expression with
        where-statements (lower/where.c) for the sums the single nest would
        lift over loops they do not need; the expression with each
        product's sums nested in the loop order (sf_lowering_nested: TTMc's
        SUM{i}(C * SUM{j}(D * SUM{k}(B * E)))) with where-statements;
        for a tensor network the inner sums' indices first; with symbolic
        costs also the three in up to four loop orders departing from the
        preferred one (sd_more_orders) and the fused ones of the product
        associated otherwise (sd_more_assoc), which compete only when
        they halve the time at the typical point (sd_keep_others), but
        for an association in the preferred loop order;
     2. each candidate is lowered (sf_lower_candidate) and its cost
        estimated (sched/ir_cost.c, sf_ir_numeric_cost): the loops'
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
#include "sched/internal.h"
#include "sched/order_model.h"
#include "sched/pareto.h"

/* The candidates: their loop orders, forms and associations.  */
typedef struct sd_start
{
  int nord;			/* loop orders so far */
  /* Loop orders: 0 the preferred (candidates 0-2), 1 the tensor
     network's (candidate 3, sums first), 2... departures from the
     preferred (SF_ORDERS_DEPARTING) and the preferred orders of other
     associations (sf_lowering_associations).  */
  int norder[SD_MAX_ORDERS];
  int order[SD_MAX_ORDERS][SF_MAX_INDICES];
  int ncand;			/* candidates so far */
  int ord[SD_MAX_CAND];		/* each candidate's loop order */
  int form[SD_MAX_CAND];	/* 0 the single nest, 1 where-statements as
				   the sums were inserted, 2 sums nested */
  const char *assoc[SD_MAX_CAND];	/* another association: what is
					   multiplied first, else NULL */
} sd_start;

/* The candidates: 0 the single nest, 1 where-statements as the sums were
   inserted, 2 sums nested in the loop order, 3 (tensor networks) the
   inner sums' indices first in the loop order; then the three forms in
   each departing loop order, and the two fused forms of each other
   association of the product.  */

/* Return the statements of E, candidate C, lowered from the state
   START (lower/lower.h, sf_lower_candidate); with KEEP after another
   candidate that stays in the region (the run-time choice): its
   variables and workspaces are kept, only the layout copies are made
   again (each candidate fills its own).  *OUT says what became of it.  */
static sf_ir_stmt *
sd_try (sd_ctx *ctx, sf_lw_expr *e, const sd_start *start, int c, int keep,
	sf_candidate_ir *out)
{
  sf_candidate_spec spec;
  int k = start->ord[c];
  spec.e = e;
  spec.form = (sf_form) start->form[c];
  spec.sums_first = c == 3;
  spec.keep = keep;
  spec.norder = start->norder[k];
  memcpy (spec.order, start->order[k], sizeof spec.order);
  sf_lower_candidate (ctx->lw, &spec, out);
  return out->body;
}

/* schedule(unfused): return the statements computing RHS as a sequence
   of nests, each inner sum into a full temporary first; NULL after a
   failure.  */
static sf_ir_stmt *
sd_lower_unfused (sd_ctx *ctx, sf_lw_expr *rhs)
{
  sf_candidate_spec spec;
  sf_candidate_ir out;
  memset (&spec, 0, sizeof spec);
  spec.e = rhs;
  spec.form = SF_FORM_UNFUSED;
  sf_lower_candidate (ctx->lw, &spec, &out);
  return out.body;
}

/* Return the name of index V.  */
static const char *
sd_index_name (const sd_ctx *ctx, int v)
{
  const char *n = ctx->comp->index_names[v];
  return n ? n : "?";
}

/* ---- the symbolic choice (docs/scheduling.md) ---- */

#define SD_TYPICAL_EXTENT 64.0
#define SD_TYPICAL_ROW 8.0

/* The symbolic side of one choice.  */
typedef struct sd_symbolic
{
  sf_cost_space space;
  sf_pareto *pareto;
  double point[SF_COST_MAX_SYMS];	/* typical values, assume() applied */
  double thin[SF_COST_MAX_SYMS];	/* the same with thin fibers below
					   each tensor's first level */
  sf_cost_fact facts[16];
  int nfacts;
} sd_symbolic;

/* Set the nnz terms of POINT from its extents: level L of sparse tensor
   T holds min(its extent, FILL[T][L] * (L ? 1 : SD_TYPICAL_ROW))
   positions per position of the level above.  */
static void
sd_point_nnz (const sf_cost_space *sp, double *point,
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
		       ? point[ten->extent_sym[l]] : SD_TYPICAL_EXTENT;
	    double per = fill[t][l] * (l ? 1 : SD_TYPICAL_ROW);
	    point[ten->nnz_sym[l]] = parent * (n < per ? n : per);
	  }
    }
}

/* Set POINT to typical values: every extent 64 unless constant, a
   tensor's first stored level holding min(8, its extent) positions and
   every level below it min(ROW, its extent) per parent.  */
static void
sd_typical_point (sd_ctx *ctx, sd_symbolic *sym, double *point, double row)
{
  const sf_cost_space *sp = &sym->space;
  for (int k = 0; k < sp->nsyms; k++)
    point[k] = SD_TYPICAL_EXTENT;
  for (int x = 0; x < ctx->comp->nindices; x++)
    if (sp->index_sym[x] >= 0 && ctx->comp->extent[x].kind == SF_EXTENT_CONST)
      point[sp->index_sym[x]] = (double) ctx->comp->extent[x].value;
  double fill[SF_MAX_OPERANDS][SF_MAX_ORDER];
  for (int t = 0; t < sp->ntensors; t++)
    for (int l = 0; l < sp->tensors[t].nlevels; l++)
      fill[t][l] = l ? row : 1;
  sd_point_nnz (sp, point, fill);
}

/* Move POINT so that it satisfies SYM's assume() facts where one
   symbol appears alone and linearly in a violated fact (K <= 2, nnz(B) >=
   16*I): that symbol is solved for, the others kept.  */
static void
sd_apply_assumes (sd_symbolic *sym, double *point)
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
sd_symbolic_start (sd_ctx *ctx, sd_symbolic *sym)
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
  sd_typical_point (ctx, sym, sym->point, SD_TYPICAL_ROW);
  sd_apply_assumes (sym, sym->point);
  sd_typical_point (ctx, sym, sym->thin, 1);
  sd_apply_assumes (sym, sym->thin);
  return NULL;
}

/* Among the N candidates C[0..N-1] (with symbolic costs) return the one
   to generate: the Pareto stages of pareto.h, then the least time at the
   typical point (less memory, then the earlier candidate, on a tie).
   Stores in SURV[0..*FRONT-1] the candidates that survived the stages.  */
static int
sd_symbolic_pick (sd_symbolic *sym, const sf_candidate *c, const int *in,
		  int n, int *front, int *surv, const sd_start *start)
{
  int a[SD_MAX_CAND], b[SD_MAX_CAND], reps[SD_MAX_CAND], group[SD_MAX_CAND];
  int m = sf_prune_memory_depth (c, in, n, 3, a);
  m = sf_bucket (c, a, m, reps, group);
  int nreps = m;
  const double *probe[] = { sym->point, sym->thin };
  m = sf_prune_depths (c, reps, m, probe, 2, b);
  /* Dense sums first keeps a temporary as deep as a dense operand to
     change the asymptotic time (nnz(B)*L*M to K*L*M + nnz(B)*M): the
     depths say nothing of that, the frontier decides.  */
  for (int k = 0; k < nreps; k++)
    if (start->form[reps[k]] == SF_FORM_DENSE_FIRST)
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
#define SD_DISPATCH_KEEP 4
#define SD_DISPATCH_KEEP_SPARSE 2

/* Keep in SURV[0..N-1] the KEEP candidates of least time at the typical
   point (less memory, then the earlier candidate, on a tie), in their
   order; return KEEP.  The one sd_symbolic_pick returns is among them.  */
static int
sd_keep_fastest (sd_symbolic *sym, const sf_candidate *c, int *surv, int n,
		 int keep)
{
  double t[SD_MAX_CAND], mem[SD_MAX_CAND];
  for (int k = 0; k < n; k++)
    {
      t[k] = sf_poly_eval (c[surv[k]].time, sym->point);
      mem[k] = sf_poly_eval (c[surv[k]].memory, sym->point);
    }
  int rank[SD_MAX_CAND];
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
#define SD_DISPATCH_GAIN 1.5

/* The sizes the run-time choice is judged over: each extent that is not
   a constant at 8, 64 (the typical one) and 512, and each stored level of
   a sparse operand holding 1, 8 or 64 positions per parent position (at
   most its extent; a tensor's first level 8, 64 or 512), in every
   combination of the first SD_SAMPLE_DIMS of those; the others stay
   typical.  */
static const double sd_sample_extent[] = { 8.0, 64.0, 512.0 };
static const double sd_sample_fill[] = { 1.0, 8.0, 64.0 };
#define SD_SAMPLE_DIMS 8
#define SD_SAMPLE_MAX 6561	/* 3^SD_SAMPLE_DIMS */

/* Store in T[k][p] the time of candidate C[SURV[k]] (K < N) at each
   sample point p of SYM for CTX (above), assume() applied to each;
   return how many points.  */
static int
sd_sample_times (sd_ctx *ctx, sd_symbolic *sym, const sf_candidate *c,
		 const int *surv, int n, double (*t)[SD_SAMPLE_MAX])
{
  const sf_cost_space *sp = &sym->space;
  /* A dimension: an extent symbol (TEN < 0) or a stored level.  The
     stored levels first, then the extents no sparse level has (dense
     operands' own), then the others.  */
  int dim_sym[SD_SAMPLE_DIMS], dim_ten[SD_SAMPLE_DIMS], ndims = 0;
  int sparse_ext[SF_COST_MAX_SYMS] = { 0 };
  for (int k = 0; k < sp->ntensors; k++)
    for (int l = 0; l < sp->tensors[k].nlevels; l++)
      {
	if (sp->tensors[k].nnz_sym[l] >= 0 && ndims < SD_SAMPLE_DIMS)
	  dim_sym[ndims] = l, dim_ten[ndims++] = k;
	if (sp->tensors[k].extent_sym[l] >= 0)
	  sparse_ext[sp->tensors[k].extent_sym[l]] = 1;
      }
  for (int pass = 0; pass < 2; pass++)
    for (int x = 0; x < ctx->comp->nindices && ndims < SD_SAMPLE_DIMS; x++)
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
      sd_typical_point (ctx, sym, p, SD_TYPICAL_ROW);
      for (int k = 0; k < sp->ntensors; k++)
	for (int l = 0; l < sp->tensors[k].nlevels; l++)
	  fill[k][l] = l ? SD_TYPICAL_ROW : 1;
      int code = point;
      for (int f = 0; f < ndims; f++, code /= 3)
	if (dim_ten[f] < 0)
	  p[dim_sym[f]] = sd_sample_extent[code % 3];
	else
	  fill[dim_ten[f]][dim_sym[f]] = sd_sample_fill[code % 3];
      sd_point_nnz (sp, p, fill);
      sd_apply_assumes (sym, p);
      for (int k = 0; k < n; k++)
	t[k][point] = sf_poly_eval (c[surv[k]].time, p);
    }
  return combos;
}

/* Keep in SURV[0..N-1] the alternatives worth their code: repeatedly
   drop the one (never BEST) whose largest predicted gain over the others
   kept, max over the sample points of min(others' time) / its time, is
   under SD_DISPATCH_GAIN, the smallest gain first.  Unless BEST_SAFE
   (BEST's memory needs no fallback: sd_schedule emits it alone),
   the one of least memory at the typical point stays: the choice falls
   back on it when no workspace fits.  Stores each dropped one's gain in
   CLOSE (indexed as C); returns how many are kept.  */
static int
sd_keep_distinct (sd_ctx *ctx, sd_symbolic *sym, const sf_candidate *c,
		  int *surv, int n, int best, int best_safe, double *close)
{
  int least_mem = surv[0];
  for (int k = 1; k < n; k++)
    if (sf_poly_eval (c[surv[k]].memory, sym->point)
	< sf_poly_eval (c[least_mem].memory, sym->point))
      least_mem = surv[k];
  double (*t)[SD_SAMPLE_MAX] = malloc (sizeof *t * (size_t) n);
  if (!t)
    return n;
  int np = sd_sample_times (ctx, sym, c, surv, n, t);
  while (n > 1)
    {
      int drop = -1;
      double least = SD_DISPATCH_GAIN;
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
sd_symbolic_text (sd_ctx *ctx, sd_symbolic *sym, const sf_candidate *c,
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

static const char *const sd_form_name[5] = {
  "naive", "fused", "fused, sums nested", "fused, inner sums first",
  "fused, dense sums first"
};

/* Return the name of candidate C in the dispatcher's account: its form,
   its association when not the expression's, its loop order when it
   departs from the preferred one.  */
static const char *
sd_cand_name (sd_ctx *ctx, const sd_start *start, int c)
{
  if (c < SD_NBASE)
    return sd_form_name[c];
  if (start->assoc[c])
    return sf_arena_printf (ctx->arena, "%s, %s first",
			    sd_form_name[start->form[c]],
			    start->assoc[c]);
  if (!start->ord[c])		/* another form in the preferred order */
    return sd_form_name[start->form[c]];
  char buf[96] = "";
  int k = start->ord[c];
  for (int x = 0; x < start->norder[k] && strlen (buf) < 64; x++)
    snprintf (buf + strlen (buf), sizeof buf - strlen (buf), "%s%s",
	      x ? " " : "", sd_index_name (ctx, start->order[k][x]));
  return sf_arena_printf (ctx->arena, "%s, order %s",
			  sd_form_name[start->form[c]], buf);
}

/* Store in VALUE[s] the run-time value of each symbol s of SP: an
   extent as the loops read it, a prefix nnz term from the pos arrays;
   NULL for a user's scalar and a count the lowering cannot make
   (sf_lowering_values; UPPER as there).  Returns nonzero when the
   lowering has failed (before or now); its failure state is kept.  */
int
sd_sym_values (sd_ctx *ctx, const sf_cost_space *sp, sf_ir_expr **value,
	       int upper)
{
  sf_value_sym sym[SF_COST_MAX_SYMS];
  for (int k = 0; k < sp->nsyms; k++)
    {
      const sf_sym *y = &sp->syms[k];
      sym[k].kind = y->kind == SF_SYM_EXTENT && y->index >= 0 ? 1
		    : y->kind == SF_SYM_NNZ ? 2 : 0;
      sym[k].index = y->index;
      sym[k].operand = y->operand;
      sym[k].level = y->level;
    }
  return sf_lowering_values (ctx->lw, sym, sp->nsyms, upper, value);
}

/* Fill *OUT with the symbolic cost of the statements S lowered in CTX,
   over the symbols of SPACE (sched/ir_cost.c); return NULL, or why there
   is none.  */
const char *
sd_symbolic_cost (sd_ctx *ctx, const sf_ir_stmt *s,
		  const sf_cost_space *space, sf_candidate *out)
{
  sf_lowering_info li;
  sf_lowering_info_get (ctx->lw, &li);
  sf_ir_cost_input in;
  in.comp = ctx->comp;
  in.formats = ctx->formats;
  in.r = li.r;
  in.out_operand = li.out_operand;
  in.work = li.work;
  in.nwork = li.nwork;
  return sf_ir_symbolic_cost (&in, s, space, out);
}

/* Return the bytes the candidates' workspaces may take when the program
   runs: half the last-level cache, or memory(N) when less.  */
sf_ir_expr *
sd_dispatch_cap (sd_ctx *ctx)
{
  sf_ir_expr *cap = sf_ir_llc_half (ctx->arena);
  if (ctx->comp->memory)
    cap = sf_ir_binary (ctx->arena, SF_IR_MIN, cap,
			sf_lowering_clause (ctx->lw, ctx->comp->memory,
					    "memory"));
  return cap;
}

/* With the M candidates SURV[0..M-1] (indices into C and CAND) on
   the frontier, emit each and the expression choosing among them when
   the program runs (dispatch.h), BEST lowered last so that the schedule
   text describes it.  Returns nonzero when done (ctx->nalt set); 0 when a
   symbol has no run-time value or a lowering fails: then one schedule is
   emitted as before.  */
static int
sd_dispatch (sd_ctx *ctx, sd_symbolic *sym, const sf_candidate *c,
	     const int *surv, int m, sf_lw_expr **cand, int best,
	     const sd_start *start)
{
  sf_ir_expr *value[SF_COST_MAX_SYMS];
  int nvars = ctx->r->nvars;
  int failed = sd_sym_values (ctx, &sym->space, value, 0);
  /* Candidates in their order (the single nest first wins ties).  */
  int order[SD_MAX_CAND], n = 0;
  for (int k = 0; k < SD_MAX_CAND; k++)
    for (int j = 0; j < m; j++)
      if (surv[j] == k)
	order[n++] = k;
  sf_candidate dc[SD_MAX_CAND];
  for (int k = 0; k < n; k++)
    {
      dc[k] = c[order[k]];
      dc[k].stride = 0;
    }
  /* Every symbol of the polynomials must have a value (the cap's
     variable is made after the lowerings, which start over at START).  */
  if (failed
      || !sf_dispatch_expr (ctx->arena, dc, n, value,
			    sf_ir_int (ctx->arena, 0)))
    {
      ctx->r->nvars = nvars;
      sf_lowering_reset (ctx->lw);
      return 0;
    }
  char names[512];
  size_t len = 0;
  for (int k = 0; k < n && len < sizeof names; k++)
    len += (size_t) snprintf (names + len, sizeof names - len, "%s%d %s",
			      k ? ", " : "", k,
			      sd_cand_name (ctx, start, order[k]));
  /* The others first, from the start; then BEST.  */
  int seq[SD_MAX_CAND], ns = 0, slot[SD_MAX_CAND];
  for (int k = 0; k < n; k++)
    if (order[k] != best)
      slot[ns] = k, seq[ns++] = order[k];
  for (int k = 0; k < n; k++)
    if (order[k] == best)
      slot[ns] = k, seq[ns++] = best;
  for (int k = 0; k < ns; k++)
    {
      sf_candidate_ir out;
      sf_ir_stmt *s = sd_try (ctx, cand[seq[k]], start, seq[k], k > 0, &out);
      if (!s || out.failed)
	{
	  ctx->nalt = 0;
	  return 0;
	}
      ctx->alt[slot[k]] = s;
    }
  ctx->nalt = n;
  ctx->cap_var = sf_lowering_new_var (ctx->lw, "cap", SF_TY_INDEX);
  ctx->cap = sd_dispatch_cap (ctx);
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
sd_dispatch_memory (sd_ctx *ctx, sf_lw_expr **cand, int best,
		    const sd_start *start)
{
  sf_arena *A = ctx->arena;
  sf_candidate_ir out;
  sf_lowering_info li;
  sf_ir_stmt *s0 = sd_try (ctx, cand[0], start, 0, 0, &out);
  if (!s0 || out.failed)
    return 0;
  sf_lowering_info_get (ctx->lw, &li);
  int first = li.nwork;
  sf_ir_stmt *s1 = sd_try (ctx, cand[best], start, best, 1, &out);
  if (!s1 || out.failed)
    return 0;
  sf_lowering_info_get (ctx->lw, &li);
  sf_ir_expr *bytes = sf_ir_float (A, 0.0, SF_TY_F64);
  for (int w = first; w < li.nwork; w++)
    if (sf_work_in (li.r, li.work, li.nwork, w, s1)
	&& li.work[w].out_block != 2)
      {
	sf_ty ty = li.r->vars[li.work[w].var].ty;
	sf_ir_expr *n = sf_ir_convert (A, sf_ir_clone (A, li.work[w].size),
				       SF_TY_F64);
	bytes = sf_ir_add (A, bytes, sf_ir_mul (A, n, sf_ir_float
						(A, (double) sf_ty_bytes (ty),
						 SF_TY_F64)));
      }
  ctx->nalt = 2;
  ctx->alt[0] = s0;
  ctx->alt[1] = s1;
  ctx->cap_var = sf_lowering_new_var (ctx->lw, "cap", SF_TY_INDEX);
  ctx->cap = sd_dispatch_cap (ctx);
  ctx->pick = sf_ir_select (A, sf_ir_binary (A, SF_IR_LE, bytes,
					      sf_ir_convert
					      (A, sf_ir_var_ref (A, ctx->r,
								 ctx->cap_var),
					       SF_TY_F64)),
			    sf_ir_int (A, 1), sf_ir_int (A, 0));
  ctx->alt_names = sf_arena_printf (A, "0 %s, 1 %s",
				    sd_cand_name (ctx, start, 0),
				    sd_cand_name (ctx, start, best));
  ctx->alt_by_memory = 1;
  return 1;
}

/* Models of the order model to lower and compare (order_model.h): half
   at the least workspace order, half at the next.  */
#define SD_MODELS 6

/* Return the region's indices M as the model's: MAP gives each region
   index's model index.  */
static unsigned
sd_model_mask (unsigned m, const int *map)
{
  unsigned r = 0;
  for (int v = 0; v < SF_MAX_INDICES; v++)
    if ((m & BIT (v)) && map[v] >= 0)
      r |= BIT (map[v]);
  return r;
}

/* Return the estimate of candidate 3 (where-statements, sums first) in
   START's order 1, -1 when that order lowers to no where-statement.  */
static double
sd_model_cost (sd_ctx *ctx, sf_lw_expr *rhs, const sd_start *start)
{
  sf_candidate_ir out;
  sf_ir_stmt *s = sd_try (ctx, rhs, start, 3, 0, &out);
  double c = !s || out.failed || !out.nwhere ? -1 : sf_ir_numeric_cost (s);
  sf_lowering_reset (ctx->lw);
  return c;
}

/* The dense reads the stride score looks at, at most (the lowering's
   accesses, lower/internal.h LW_MAX_ACCESS).  */
#define SD_MAX_READS 64

/* Return the stride score (dispatch.h) of loop order ORDER (N indices)
   for the dense reads of CTX's lowering: those read against their
   storage order score higher.  */
static int
sd_order_stride (sd_ctx *ctx, const int *order, int n)
{
  sf_dense_read read[SD_MAX_READS];
  sf_stride_access acc[SD_MAX_READS];
  int m = sf_lowering_dense_reads (ctx->lw, read, SD_MAX_READS);
  for (int k = 0; k < m; k++)
    {
      acc[k].nidx = read[k].nidx;
      memcpy (acc[k].idx, read[k].idx, sizeof acc[k].idx);
    }
  sf_stride_leaf leaf = { n ? order[n - 1] : -1, m, acc };
  return sf_stride_score (order, n, &leaf, 1);
}

/* Return ORDER (N indices) as text, "i j p".  */
static const char *
sd_order_text (sd_ctx *ctx, const int *order, int n)
{
  const char *t = "";
  for (int k = 0; k < n; k++)
    t = sf_arena_printf (ctx->arena, "%s%s%s", t, k ? " " : "",
			 sd_index_name (ctx, order[k]));
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
sd_network_models (sd_ctx *ctx, sf_lw_expr *rhs, sd_start *start, int have)
{
  sf_network net;
  sf_lowering_network (ctx->lw, rhs, SF_OM_MAX_X < SF_OM_MAX_T ? SF_OM_MAX_X
		       : SF_OM_MAX_T, &net);
  unsigned used = net.used;
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
  for (int v = 0; v < SF_MAX_INDICES; v++)
    for (int u = 0; u < SF_MAX_INDICES; u++)
      if (map[v] >= 0 && map[u] >= 0 && (net.hard[v] & BIT (u)))
	p.before[map[v]] |= BIT (map[u]);
  /* The intermediates, each a workspace whose layout the model
     chooses.  */
  for (int k = 0; k < net.nsums; k++)
    {
      unsigned f = sd_model_mask (net.sum_free[k], map);
      p.x_free[p.nx] = f;
      p.x_sum[p.nx] = sd_model_mask (net.sum_sum[k], map);
      p.x_inner[p.nx++] = sd_model_mask (net.sum_inner[k], map);
      p.t_idx[p.nt++] = f;
    }
  if (!p.nx || (have && start->norder[1] != p.n))
    return have;
  for (int k = 0; k < net.ncopies && p.nt < SF_OM_MAX_T; k++)
    {
      unsigned m = 0;
      for (int d = 0; d < net.copy_nidx[k]; d++)
	m |= BIT (map[net.copy_idx[k][d]]);
      p.t_idx[p.nt++] = m;
    }
  sf_smt_options opts = sf_pareto_default_options ().smt;
  sf_order_models m;
  sf_order_solve (&p, &opts, SD_MODELS, &m);
  int rules[SF_MAX_INDICES], nrules = have ? start->norder[1] : 0;
  memcpy (rules, start->order[1], sizeof rules);
  double rules_cost = have ? sd_model_cost (ctx, rhs, start) : -1;
  double best_cost = rules_cost;
  int best = -1, best_stride = have ? sd_order_stride (ctx, rules, nrules)
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
      sf_lowering_lay_copies (ctx->lw, order[k], p.n);
      cost[k] = sd_model_cost (ctx, rhs, start);
      int stride = sd_order_stride (ctx, order[k], p.n);
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
    sf_lowering_lay_copies (ctx->lw, chosen, len);
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
				k ? "; " : "", sd_order_text (ctx, order[k],
							       p.n),
				bnd[k], cost[k] < 0 ? "no workspace"
				: sf_arena_printf (ctx->arena, "%.3g",
						   cost[k]));
      const char *rules_text
	= !have ? "the rules find no order"
	: sf_arena_printf (ctx->arena, "the rules' order %s %s%s",
			   sd_order_text (ctx, rules, nrules),
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
   for every k.  The lowering's rules (SF_ORDERS_SUMS_FIRST) give one
   such order; the order model (sd_network_models) gives others, and the
   cheapest becomes candidate 3's, stored in START; return nonzero when
   it exists and differs from the default.  */
static int
sd_network_order (sd_ctx *ctx, sf_lw_expr *rhs, sd_start *start)
{
  sf_lowering_info li;
  sf_lowering_info_get (ctx->lw, &li);
  if (li.nsparse < 3)
    return 0;
  int first[1][SF_MAX_INDICES], len = 0;
  int failed = !sf_lowering_orders (ctx->lw, rhs, SF_ORDERS_SUMS_FIRST, first,
				    1, &len);
  if (!failed)
    {
      start->norder[1] = len;
      memcpy (start->order[1], first[0], sizeof first[0]);
    }
  /* orders=1 (the preferred order only) keeps the rules' order.  */
  int have = !(ctx->options && ctx->options->orders == 1)
	     ? sd_network_models (ctx, rhs, start, !failed) : !failed;
  sf_lowering_reset (ctx->lw);
  int differs = have && (start->norder[1] != start->norder[0]
			 || memcmp (start->order[1], start->order[0],
				    sizeof (int) * (size_t) start->norder[0]));
  /* With dense copies the same order differs too: its workspaces may
     keep the indices the remaining sparse operands store.  */
  return differs || (have && li.densify);
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
#define SD_OTHER_GAIN 0.5

/* Whether START's loop order O is its preferred one, index for index.  */
static int
sd_same_order (const sd_start *start, int o)
{
  return start->norder[o] == start->norder[0]
	 && !memcmp (start->order[o], start->order[0],
		     sizeof (int) * (size_t) start->norder[0]);
}

/* Remove from VALID[0..N-1] the candidates in departing loop orders
   (other associations' among them) that do not pay (SD_OTHER_GAIN), all
   of them without SYM; return the new count.  */
static int
sd_keep_others (sd_symbolic *sym, const sf_candidate *c, int *valid,
		    int n, const sd_start *start)
{
  double base = -1;
  for (int k = 0; k < n && sym; k++)
    if (valid[k] < SD_NBASE)
      {
	double t = sf_poly_eval (c[valid[k]].time, sym->point);
	if (base < 0 || t < base)
	  base = t;
      }
  int m = 0;
  for (int k = 0; k < n; k++)
    if (valid[k] < SD_NBASE
	|| start->form[valid[k]] == SF_FORM_DENSE_FIRST
	|| sd_same_order (start, start->ord[valid[k]])
	|| (base >= 0 && sf_poly_eval (c[valid[k]].time, sym->point)
			 < SD_OTHER_GAIN * base))
      valid[m++] = valid[k];
  return m;
}

/* Append to START's candidates expression E of form FORM in loop order
   ORD (of association ASSOC when not NULL), and to IDS[0..N-1] its
   number; return the new N.  */
static int
sd_add_cand (sd_start *start, sf_lw_expr **cand, int *ids, int n,
	     sf_lw_expr *e, int form, int ord, const char *assoc)
{
  int c = start->ncand++;
  cand[c] = e;
  start->form[c] = form;
  start->ord[c] = ord;
  start->assoc[c] = assoc;
  ids[n] = c;
  return n + 1;
}

/* Make loop order ORDER (LEN indices) START's next one; return its
   number.  */
static int
sd_add_order (sd_start *start, const int *order, int len)
{
  int o = start->nord++;
  start->norder[o] = len;
  memcpy (start->order[o], order, sizeof (int) * (size_t) len);
  return o;
}

/* Make loop order ORDER (LEN indices) START's next one and add to the N
   candidates IDS[0..N-1] the single nest, where-statements as inserted
   and sums nested of RHS, each in that order; return the new count.  */
static int
sd_order_cands (sd_ctx *ctx, sd_start *start, const int *order, int len,
		sf_lw_expr *rhs, sf_lw_expr **cand, int *ids, int n)
{
  int o = sd_add_order (start, order, len);
  sf_lw_expr *nested = sf_lowering_nested (ctx->lw, rhs, order, len);
  for (int f = 0; f < 3; f++)
    n = sd_add_cand (start, cand, ids, n, f == 2 ? nested : rhs, f, o,
		     NULL);
  return n;
}

/* Add to the N candidates IDS[0..N-1] those of the loop orders that
   depart from the preferred one (SF_ORDERS_DEPARTING, MAX orders with the
   preferred): the single nest, where-statements as inserted and sums
   nested, each in that order; return the new count.  */
static int
sd_more_orders (sd_ctx *ctx, sf_lw_expr *rhs, sd_start *start,
		sf_lw_expr **cand, int *ids, int n, int max)
{
  int orders[SD_MAX_DEPART + 1][SF_MAX_INDICES], len = 0;
  int m = sf_lowering_orders (ctx->lw, rhs, SF_ORDERS_DEPARTING, orders, max,
			      &len);
  for (int k = 1; k < m; k++)
    {
      size_t size = sizeof (int) * (size_t) len;
      if ((len == start->norder[0] && !memcmp (orders[k], start->order[0],
					       size))
	  || (len == start->norder[1] && !memcmp (orders[k], start->order[1],
						  size)))
	continue;
      n = sd_order_cands (ctx, start, orders[k], len, rhs, cand, ids, n);
    }
  sf_lowering_reset (ctx->lw);
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
sd_sparse_first_order (sd_ctx *ctx, sf_lw_expr *rhs, sd_start *start,
		       sf_lw_expr **cand, int *ids, int n)
{
  sf_lowering_reset (ctx->lw);
  int order[1][SF_MAX_INDICES], len = 0;
  int bad = !sf_lowering_orders (ctx->lw, rhs, SF_ORDERS_SPARSE_FIRST, order,
				 1, &len);
  for (int k = 0; !bad && k < start->nord; k++)
    bad = start->norder[k] == len
	  && !memcmp (start->order[k], order[0], sizeof (int) * (size_t) len);
  if (!bad)
    n = sd_order_cands (ctx, start, order[0], len, rhs, cand, ids, n);
  sf_lowering_reset (ctx->lw);
  return n;
}

/* Add to the N candidates IDS[0..N-1] the fused forms (where-statements
   as inserted, sums nested) of the other associations of RHS's product
   (sf_lowering_associations), each in its own preferred loop order; return the
   new count.  */
static int
sd_more_assoc (sd_ctx *ctx, sf_lw_expr *rhs, sd_start *start,
	       sf_lw_expr **cand, int *ids, int n)
{
  sf_lw_expr *alt[SD_MAX_ASSOC];
  const char *label[SD_MAX_ASSOC];
  int m = sf_lowering_associations (ctx->lw, rhs, alt, label, SD_MAX_ASSOC);
  for (int k = 0; k < m; k++)
    {
      sf_lowering_reset (ctx->lw);
      int order[1][SF_MAX_INDICES], len = 0;
      if (!sf_lowering_orders (ctx->lw, alt[k], SF_ORDERS_RULES, order, 1,
			       &len))
	continue;
      int o = sd_add_order (start, order[0], len);
      sf_lw_expr *nested = sf_lowering_nested (ctx->lw, alt[k], order[0], len);
      n = sd_add_cand (start, cand, ids, n, alt[k], 1, o, label[k]);
      n = sd_add_cand (start, cand, ids, n, nested, 2, o, label[k]);
      if (sf_lowering_has_dense_sum (ctx->lw, alt[k]))
	n = sd_add_cand (start, cand, ids, n, alt[k], SF_FORM_DENSE_FIRST, o,
			 label[k]);
    }
  sf_lowering_reset (ctx->lw);
  return n;
}

/* What became of one candidate (sd_candidates_text).  */
typedef enum sd_fate_kind
{
  SD_NOT_LOWERED,		/* not a schedule of the region (WHY) */
  SD_NO_COST,			/* lowered, no symbolic cost to compare */
  SD_DROPPED,			/* a departure or association that does not
				   pay (sd_keep_others) */
  SD_PRUNED,			/* out at a Pareto stage */
  SD_FRONTIER,			/* on the frontier, not picked */
  SD_CLOSE,			/* on the frontier, never much faster than
				   the alternatives kept (sd_keep_distinct) */
  SD_ALTERNATIVE,		/* emitted, picked at run time when cheapest */
  SD_CHOSEN			/* the pick at the typical point */
} sd_fate_kind;

typedef struct sd_fate
{
  sd_fate_kind what;
  const char *why;
  int has_cost;			/* SC holds its symbolic cost */
} sd_fate;

/* Return the account of the N candidates IDS[0..N-1], one line each:
   "candidate K: NAME | time T, memory M bytes (X at the typical point)
   | FATE", numbered from 1 as the option candidate=K takes them.  SYM is
   NULL when the choice was by the numeric estimate; AT_RUN when the
   survivors are picked at run time.  */
static const char *
sd_candidates_text (sd_ctx *ctx, const sd_start *start, const int *ids,
		    int n, const sd_fate *fate, const sf_candidate *sc,
		    sd_symbolic *sym, int at_run)
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
      const sd_fate *f = &fate[c];
      const char *cost = "";
      if (sym && f->has_cost)
	cost = sf_arena_printf (ctx->arena, " | time %s, memory %s bytes "
				"(%.3g at the typical point)",
				sf_poly_str (ctx->arena, sc[c].time, &names),
				sf_poly_str (ctx->arena, sc[c].memory, &names),
				sf_poly_eval (sc[c].time, sym->point));
      else if (f->what != SD_NOT_LOWERED)
	cost = sf_arena_printf (ctx->arena, " | estimate %.3g", ctx->cost[c]);
      const char *what = said[f->what];
      if (f->what == SD_NOT_LOWERED && f->why)
	what = sf_arena_printf (ctx->arena, "%s: %s", what, f->why);
      else if (f->what == SD_CLOSE && f->why)
	what = f->why;
      else if (f->what == SD_CHOSEN && at_run)
	what = "chosen at the typical point, a run-time alternative";
      else if (f->what == SD_PRUNED && !sym)
	what = "not chosen (the numeric estimate)";
      text = sf_arena_printf (ctx->arena, "%s%scandidate %d: %s%s | %s", text,
			      k ? "\n" : "", k + 1,
			      sd_cand_name (ctx, start, c), cost, what);
    }
  return text;
}

/* Steps 1-3: return the statements computing the lowering's right-hand
   side in the cheapest schedule the options allow (NULL after a
   failure); ctx->schedule_name says which.  */
sf_ir_stmt *
sd_schedule (sd_ctx *ctx)
{
  sf_lowering_info li;
  sf_lowering_info_get (ctx->lw, &li);
  sf_lw_expr *rhs = li.rhs;
  sd_start start;
  start.norder[0] = start.norder[1] = li.norder;
  memcpy (start.order[0], li.order, sizeof start.order[0]);
  memcpy (start.order[1], li.order, sizeof start.order[1]);
  start.nord = 2;
  for (int c = 0; c < SD_NBASE; c++)
    {
      start.form[c] = c == 3 ? 1 : c;
      start.ord[c] = c == 3;
      start.assoc[c] = NULL;
    }
  start.ncand = SD_NBASE;
  ctx->cost_text = NULL;
  ctx->cand_text = NULL;
  ctx->model_text = NULL;
  ctx->why = NULL;
  if (ctx->options && ctx->options->schedule == SF_SCHEDULE_UNFUSED)
    {
      ctx->schedule_name = "unfused";
      return sd_lower_unfused (ctx, rhs);
    }
  int want = ctx->options && ctx->options->schedule != SF_SCHEDULE_NAIVE;
  sf_lw_expr *cand[SD_MAX_CAND] = { rhs, rhs,
				 want ? sf_lowering_nested (ctx->lw, rhs,
							    li.order,
							    li.norder)
				 : rhs, rhs };
  int best = 0, n = want ? 3 : 1;
  int ids[SD_MAX_CAND] = { 0, 1, 2, 3 };
  if (want && sd_network_order (ctx, rhs, &start))
    n = 4;
  double best_cost = 0;
  const char *why = NULL;
  sd_symbolic sym;
  sym.pareto = NULL;
  int symbolic = want && !sd_symbolic_start (ctx, &sym);
  int orders = ctx->options && ctx->options->orders > 0
	       ? ctx->options->orders : SD_MAX_DEPART + 1;
  if (symbolic && orders > 1)
    {
      if (sf_lowering_has_dense_sum (ctx->lw, rhs))
	n = sd_add_cand (&start, cand, ids, n, rhs, SF_FORM_DENSE_FIRST, 0,
			 NULL);
      n = sd_more_orders (ctx, rhs, &start, cand, ids, n,
			  orders < SD_MAX_DEPART + 1 ? orders
			  : SD_MAX_DEPART + 1);
      n = sd_more_assoc (ctx, rhs, &start, cand, ids, n);
      n = sd_sparse_first_order (ctx, rhs, &start, cand, ids, n);
    }
  sf_candidate sc[SD_MAX_CAND];
  int valid[SD_MAX_CAND], nvalid = 0, full[SD_MAX_CAND] = { 0 };
  sd_fate fate[SD_MAX_CAND];
  for (int k = 0; k < n; k++)
    {
      int c = ids[k];
      sf_candidate_ir out;
      sf_ir_stmt *s = sd_try (ctx, cand[c], &start, c, 0, &out);
      if (!why)
	why = out.why;
      fate[c].why = NULL;
      fate[c].has_cost = 0;
      if (!s || out.failed || (start.form[c] && !out.nwhere))
	{
	  fate[c].what = SD_NOT_LOWERED;
	  fate[c].why = s && !out.failed ? "no where-statement (the single "
			"nest again)" : out.why;
	  continue;
	}
      fate[c].what = SD_NO_COST;
      double cost = sf_ir_numeric_cost (s);
      ctx->cost[c] = cost;
      /* Other loop orders and associations compete by their symbolic
	 cost alone.  */
      if (c >= SD_NBASE)
	{
	  if (!symbolic || sd_symbolic_cost (ctx, s, &sym.space, &sc[c]))
	    continue;
	}
      else
	{
	  if (!best_cost || cost < best_cost)
	    best = c, best_cost = cost;
	  if (!c)
	    ctx->cost_naive = cost;
	  if (symbolic && sd_symbolic_cost (ctx, s, &sym.space, &sc[c]))
	    symbolic = 0;
	}
      fate[c].has_cost = symbolic;
      fate[c].what = SD_DROPPED;
      int o = start.ord[c];
      sc[c].stride = sd_order_stride (ctx, start.order[o], start.norder[o]);
      valid[nvalid++] = c;
      full[c] = out.full;
    }
  nvalid = sd_keep_others (symbolic ? &sym : NULL, sc, valid, nvalid,
			   &start);
  for (int k = 0; k < nvalid; k++)
    fate[valid[k]].what = SD_PRUNED;
  int surv[SD_MAX_CAND], front = 1;
  if (symbolic && nvalid)
    {
      if (nvalid > 1)
	best = sd_symbolic_pick (&sym, sc, valid, nvalid, &front, surv,
				  &start);
      else
	best = valid[0], surv[0] = best;
      best_cost = ctx->cost[best];
      ctx->cost_text = sd_symbolic_text (ctx, &sym, &sc[best], nvalid, front);
      for (int k = 0; k < front; k++)
	fate[surv[k]].what = SD_FRONTIER;
    }
  ctx->nalt = 0;
  sf_ir_stmt *s = NULL;
  int keep = li.out_sparse ? SD_DISPATCH_KEEP_SPARSE
	     : SD_DISPATCH_KEEP;
  if (front > keep)
    front = sd_keep_fastest (&sym, sc, surv, front, keep);
  double close[SD_MAX_CAND] = { 0 };
  if (symbolic && front > 1
      && !(ctx->options && ctx->options->all_alternatives))
    front = sd_keep_distinct (ctx, &sym, sc, surv, front, best,
			      !(best == 3 || full[best] || ctx->comp->memory),
			      close);
  int forced = want && ctx->options ? ctx->options->candidate : 0;
  int pick_at_run = symbolic && nvalid > 1 && front > 1
		    && !(ctx->options && ctx->options->no_dispatch);
  for (int k = 0; k < SD_MAX_CAND; k++)
    if (close[k] > 0)
      {
	fate[k].what = SD_CLOSE;
	fate[k].why = sf_arena_printf (ctx->arena, "on the Pareto frontier, "
				       "at most %.2fx faster than the "
				       "alternatives kept over the sizes "
				       "sampled", close[k]);
      }
  if (pick_at_run)
    for (int k = 0; k < front; k++)
      fate[surv[k]].what = SD_ALTERNATIVE;
  fate[best].what = SD_CHOSEN;
  if (want)
    ctx->cand_text = sd_candidates_text (ctx, &start, ids, n, fate, sc,
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
	  sf_lowering_fail (ctx->lw, "candidate %d does not exist (the region "
			    "has %d candidate%s)", forced, n,
			    n == 1 ? "" : "s");
	  return NULL;
	}
      best = ids[forced - 1];
      if (fate[best].what == SD_NOT_LOWERED)
	{
	  sf_lowering_fail (ctx->lw, "candidate %d (%s) is not a schedule of "
			    "this region: %s", forced,
			    sd_cand_name (ctx, &start, best),
			    fate[best].why ? fate[best].why : "not lowered");
	  return NULL;
	}
      ctx->cost_text = NULL;
      sf_candidate_ir out;
      s = sd_try (ctx, cand[best], &start, best, 0, &out);
      ctx->schedule_name = sf_arena_printf (ctx->arena, "%s, candidate %d "
					    "of %d as the option asks",
					    sd_cand_name (ctx, &start, best),
					    forced, n);
      ctx->cost_chosen = ctx->cost[best];
      return s;
    }
  if (pick_at_run
      && sd_dispatch (ctx, &sym, sc, surv, front, cand, best, &start))
    s = ctx->alt[0];
  else if (best && !(ctx->options && ctx->options->no_dispatch)
	   && (best == 3 || full[best] || ctx->comp->memory)
	   && sd_dispatch_memory (ctx, cand, best, &start))
    s = ctx->alt[0];
  else
    {
      ctx->nalt = 0;
      sf_candidate_ir out;
      s = sd_try (ctx, cand[best], &start, best, 0, &out);
    }
  if (!s)
    ctx->why = why;
  ctx->schedule_name = best < SD_NBASE
		       ? (best ? "fused" : "naive")
		       : sd_cand_name (ctx, &start, best);
  ctx->cost_chosen = best_cost;
  if (best == 3 && ctx->model_text)
    ctx->cost_text = ctx->cost_text
		     ? sf_arena_printf (ctx->arena, "%s | %s", ctx->cost_text,
					ctx->model_text)
		     : ctx->model_text;
  return s;
}
