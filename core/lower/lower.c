/* Lowering of a checked computation to loop IR: TACO's single nest
   (schedule naive, for now the only one).

     #pragma tensor y(i) = B(i,j) * x(j)          B CSR
     for (i = 0; i < B.n; i++)                    the annotated loop
       for (p = B.rowptr[i]; p < B.rowptr[i+1]; p++)
         y[i] += B.vals[p] * x[B.colidx[p]];
   becomes ("forall i (dense) forall j (B compressed) | parallel i")
     for (i = 0; i < B_n; i++)                    parallel
       decl t = 0.0
       for (pB1 = B_rowptr[i]; pB1 < B_rowptr[i + 1]; pB1++)
         decl j = B_colidx[pB1]
         t = t + B_vals[pB1] * x[j]
       y[i] = t

   Outline of a lowering (sf_lowering_new, then per candidate
   sf_lower_candidate in lower/candidate.c, then sf_lowering_finish; the
   scheduler, sched/, drives them):
     1. refuse what the lowering does not handle (a warning, and the glue
        keeps the original statement): scalar outputs, outputs read by
        the expression (other than as their old values, an input operand
        of their own: sf_operand.is_old, whose reads sf_lower checks
        against the final code, lower/inplace.c), sparse outputs other
        than dense/compressed levels;
     2. register the accesses (the output first), make the reductions
        explicit and move invariant factors out of them (lower/expr.c),
        choose the loop order (lower/order.c);
     3. generate the nest (lower/nest.c); when a reduction loop encloses
        a store, generate it again with "+=" stores;
     4. when the one nest cannot hold the expression (a sum next to a
        term that needs the summed loop's outer index inside it, as
        y(i) = B(i,j)*x(j) + z(i) with B CSC): the order with the output's
        indices first if the sparse operands allow another, else one nest
        per top-level term, accumulating;
     5. "=" with entries the nest may not write (sparse loops over output
        indices, accumulation): zero the output first;
     6. a sparse output sharing an input's pattern gets two nests: reuse
        the input's positions when a run-time test finds the same pos/crd
        arrays, else search each entry's position;
     7. the loop-IR passes rewrite each schedule's statements, in the
        order of the table of opt/passes.c (sf_lowering_finish); its
        workspaces are then allocated.  */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "lower/internal.h"


/* Give up lowering: record the first reason (printf-like FMT).  */
void
lw_fail (lw_ctx *ctx, const char *fmt, ...)
{
  if (!ctx->failed)
    {
      char buf[512];
      va_list ap;
      va_start (ap, fmt);
      vsnprintf (buf, sizeof buf, fmt, ap);
      va_end (ap);
      ctx->why = sf_arena_strdup (ctx->arena, buf);
    }
  ctx->failed = 1;
}

/* Return the name of index V.  */
const char *
lw_index_name (const lw_ctx *ctx, int v)
{
  const char *n = ctx->comp->index_names[v];
  return n ? n : "?";
}

/* ---- step 1 ---- */

/* Return nonzero (after lw_fail) when E reads operand OUT.  */
static int
lw_reads (lw_ctx *ctx, const sf_expr *e, int out)
{
  if (!e)
    return 0;
  if (e->kind == SF_EXPR_ACCESS && e->operand == out)
    return lw_fail (ctx, "the output '%s' is also read",
		    ctx->comp->operands[out].name), 1;
  return lw_reads (ctx, e->a, out) || lw_reads (ctx, e->b, out);
}

/* Return nonzero (after lw_fail) when format F of OPERAND is not one
   the level table can iterate.  */
static int
lw_bad_format (lw_ctx *ctx, const sf_operand *op, const sf_format *f)
{
  if (f->nlevels != f->ndims || f->nlevels < 1)
    return lw_fail (ctx, "the format of '%s' has %d levels for %d dims",
		    op->name, f->nlevels, f->ndims), 1;
  for (int l = 0; l < f->nlevels; l++)
    {
      sf_level_kind k = f->levels[l].kind;
      if ((k == SF_LEVEL_COO && l > 0) || (k == SF_LEVEL_SINGLETON && l == 0))
	return lw_fail (ctx, "the format of '%s' has a %s level %d, not "
			"supported yet", op->name, sf_level_name (k), l), 1;
    }
  return 0;
}

/* Return nonzero (after lw_fail) when the output of the computation is
   not one the lowering can write.  */
static int
lw_bad_output (lw_ctx *ctx, const sf_operand *out)
{
  if (out->kind != SF_OPERAND_SPARSE && out->kind != SF_OPERAND_DENSE)
    return lw_fail (ctx, sf_ty_is_value (out->vtype)
		    /* The plugin makes it a vector of one first
		       (sf_scalar_output_as_vector); sfexplain does not.  */
		    ? "the output '%s' is a scalar, which is not supported "
		      "here; make it a one-element array 's' and write s(z) "
		      "with shape(s: 1)"
		    : "the output '%s' is a scalar of a type the plugin does "
		      "not compute in (_Bool, an enum, long double); make it "
		      "float, double or an integer of 8 to 64 bits",
		    out->name), 1;
  if (ctx->comp->lhs->nidx == 0)
    return lw_fail (ctx, "the output '%s' has no indices, which is not "
		    "supported yet", out->name), 1;
  if (out->kind != SF_OPERAND_SPARSE)
    return 0;
  const sf_format *f = &ctx->formats[out->format];
  for (int l = 0; l < f->nlevels; l++)
    if (f->levels[l].kind != SF_LEVEL_DENSE
	&& f->levels[l].kind != SF_LEVEL_COMPRESSED)
      return lw_fail (ctx, "the output '%s' has a %s level; a sparse output "
		      "may only have dense and compressed levels (its values "
		      "are written into the pattern it holds)", out->name,
		      sf_level_name (f->levels[l].kind)), 1;
  return 0;
}

/* Step 1: return nonzero (after lw_fail) when COMP is outside what the
   lowering handles.  */
static int
lw_validate (lw_ctx *ctx)
{
  const sf_comp *comp = ctx->comp;
  if (!comp->lhs || comp->lhs->kind != SF_EXPR_ACCESS || !comp->rhs)
    return lw_fail (ctx, "the computation is incomplete"), 1;
  for (int o = 0; o < comp->noperands; o++)
    {
      const sf_operand *op = &comp->operands[o];
      if (op->kind == SF_OPERAND_UNRESOLVED)
	return lw_fail (ctx, "'%s' is unresolved", op->name), 1;
      if (op->kind == SF_OPERAND_SPARSE
	  && lw_bad_format (ctx, op, &ctx->formats[op->format]))
	return 1;
    }
  return lw_bad_output (ctx, &comp->operands[comp->lhs->operand])
	 || lw_reads (ctx, comp->rhs, comp->lhs->operand);
}

/* ---- steps 3-5 ---- */

/* Prepare CTX for generating a nest: SHARE the access the output shares
   positions with (or -1), OUT_ACC nonzero for accumulating stores.  */
void
lw_reset (lw_ctx *ctx, int share, int out_acc)
{
  ctx->share = share;
  ctx->out_acc = out_acc;
  ctx->need_acc = ctx->partial = ctx->share_failed = 0;
  ctx->splitting = ctx->fiber_zeroed = 0;
  ctx->failed = ctx->soft_fail = 0;
  ctx->why = NULL;
  ctx->prologue.head = ctx->prologue.tail = NULL;
  for (int o = 0; o < SF_MAX_OPERANDS; o++)
    {
      for (int d = 0; d < SF_MAX_ORDER; d++)
	ctx->stride_var[o][d] = -1;
      ctx->relayout_copied[o] = 0;
    }
  for (int v = 0; v < SF_MAX_INDICES; v++)
    ctx->desc[v] = NULL;
  ctx->parallel_index = -1;
  ctx->top_loop = NULL;
  ctx->ncases = 0;
  ctx->nwhere = 0;
  ctx->where_text[0] = '\0';
  ctx->row_text[0] = '\0';
}

/* Generate into LIST the nest computing E into the output, from an
   empty path.  */
static void
lw_gen_top (lw_ctx *ctx, lw_expr *e, sf_ir_list *list)
{
  lw_path *path = SF_NEW (ctx->arena, lw_path);
  lw_sink out = { LW_SINK_OUT, -1 };
  lw_gen (ctx, 0, e, out, path, list);
}

/* Step 4: generate into LIST one accumulating nest per top-level term of
   E; return nonzero when E is not a sum or a term fails.  */
static int
lw_gen_split (lw_ctx *ctx, lw_expr *e, int share, sf_ir_list *list)
{
  lw_expr *terms[16];
  int n = lw_additive_terms (ctx, e, terms, 16);
  if (n < 2)
    return 1;
  lw_reset (ctx, share, 1);
  ctx->splitting = 1;
  for (int t = 0; t < n && !ctx->failed; t++)
    lw_gen_top (ctx, terms[t], list);
  ctx->nsplit = n;
  return ctx->failed;
}

/* Return the statements of a generated nest: prologue, zeroing of the
   output when needed (step 5), the nest in NEST; a comment when there is
   nothing to do (adding an expression that is 0).  */
static sf_ir_stmt *
lw_assemble (lw_ctx *ctx, sf_ir_list *nest)
{
  sf_ir_list zero = { 0 }, all = { 0 };
  ctx->zeroed = !ctx->comp->accumulate && (ctx->partial || ctx->out_acc);
  /* Every stored fiber of the sparse output visited, and zeroed as it
     is bound: no pass of its own.  */
  if (ctx->zeroed && ctx->fiber_zeroed && !ctx->partial)
    ctx->zeroed = 0;
  if (ctx->zeroed && !lw_zero_in_top_loop (ctx))
    lw_zero_output (ctx, &zero);
  /* An accumulated row's reset stands for the zeroing it replaces: when
     the output is zeroed all the same, the estimates leave it out
     (lw_gen_out_block).  */
  for (int w = 0; w < ctx->nwork; w++)
    if (ctx->work[w].out_block == 2 && ctx->work[w].reset)
      ctx->work[w].reset->untimed = ctx->zeroed;
  sf_ir_append (&all, ctx->prologue.head);
  sf_ir_append (&all, zero.head);
  sf_ir_append (&all, nest->head);
  if (!all.head)
    return sf_ir_comment (ctx->arena, "nothing to compute: the expression "
			  "is 0");
  return all.head;
}

/* Step 3: return the one nest computing E into the output in the
   current loop order, SHARE as in lw_reset; NULL after lw_fail (with
   ctx->soft_fail when only being one nest failed).  */
static sf_ir_stmt *
lw_lower_one_nest (lw_ctx *ctx, lw_expr *e, int share)
{
  int nvars = ctx->r->nvars;
  ctx->nsplit = 0;
  for (int attempt = 0; attempt < 2; attempt++)
    {
      sf_ir_list nest = { 0 };
      ctx->r->nvars = nvars;
      lw_reset (ctx, share, ctx->comp->accumulate || attempt);
      lw_gen_top (ctx, e, &nest);
      if (ctx->failed)
	return NULL;
      if (!ctx->need_acc || ctx->out_acc)
	return lw_assemble (ctx, &nest);
    }
  return NULL;
}

/* Step 4, first remedy: return the one nest of E in the order that
   places the output's indices as early as the sparse operands allow
   (the sums then sit inside them), or NULL when that order is the same
   or fails too (the order is restored then).  */
static sf_ir_stmt *
lw_lower_free_first (lw_ctx *ctx, lw_expr *e, int share)
{
  int saved[SF_MAX_INDICES], n = ctx->norder, nvars = ctx->r->nvars;
  memcpy (saved, ctx->order, sizeof saved);
  ctx->free_first = 1;
  int same = lw_choose_order (ctx, e, e->mention | ctx->free_mask)
	     || !memcmp (saved, ctx->order, sizeof (int) * (size_t) n);
  ctx->free_first = 0;
  sf_ir_stmt *s = same ? NULL : lw_lower_one_nest (ctx, e, share);
  if (!s)
    {
      memcpy (ctx->order, saved, sizeof saved);
      ctx->norder = n;
      ctx->r->nvars = nvars;
    }
  return s;
}

/* Steps 3-5: return the statements computing E into the output, SHARE
   as in lw_reset; NULL after lw_fail.  */
static sf_ir_stmt *
lw_lower_nest (lw_ctx *ctx, lw_expr *e, int share)
{
  int nvars = ctx->r->nvars;
  sf_ir_stmt *s = lw_lower_one_nest (ctx, e, share);
  if (s || !ctx->soft_fail)
    return s;
  const char *why = ctx->why;
  ctx->r->nvars = nvars;
  s = lw_lower_free_first (ctx, e, share);
  if (s)
    return s;
  sf_ir_list nest = { 0 };
  if (lw_gen_split (ctx, e, share, &nest))
    {
      ctx->why = why;
      return NULL;
    }
  return lw_assemble (ctx, &nest);
}

/* ---- step 6 and the driver ---- */

/* Return the region's statements for E: one nest, or for a sparse output
   that may share an input's pattern, the test choosing between the
   shared and the searching nest.  */
sf_ir_stmt *
lw_lower_all (lw_ctx *ctx, lw_expr *e)
{
  int b = ctx->acc[ctx->out].format ? lw_share_candidate (ctx) : -1;
  ctx->driven = 0;
  if (b < 0)
    return lw_lower_nest (ctx, e, -1);
  int nvars = ctx->r->nvars;
  sf_ir_stmt *fast = lw_lower_nest (ctx, e, b);
  int fast_ok = fast && !ctx->failed && !ctx->share_failed;
  int fast_zeroed = ctx->zeroed;
  if (!fast_ok)
    ctx->r->nvars = nvars;
  sf_ir_stmt *slow = lw_lower_nest (ctx, e, -1);
  if (!slow || !fast_ok)
    return slow;
  ctx->shared_with = b;
  ctx->fast_zeroed = fast_zeroed;
  return sf_ir_if (ctx->arena, lw_share_test (ctx, b), fast, slow);
}

/* Return the one-line description of the generated nest, with the
   scheduler's CHOICE.  */
const char *
sf_lowering_text (sf_lowering *ctx, const sf_choice_text *choice)
{
  char buf[1024];
  size_t len = 0;
  buf[0] = '\0';
  for (int k = 0; k < ctx->norder; k++)
    if (ctx->desc[ctx->order[k]] && len < sizeof buf - 300)
      len += (size_t) snprintf (buf + len, sizeof buf - len, "%s%s",
				len ? " " : "", ctx->desc[ctx->order[k]]);
  const char *out = ctx->acc[ctx->out].op->name;
  if (!len)
    len += (size_t) snprintf (buf, sizeof buf, "nothing to compute");
  if (ctx->parallel_index >= 0)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | parallel %s",
			      lw_index_name (ctx, ctx->parallel_index));
  if (ctx->nsplit)
    len += (size_t) snprintf (buf + len, sizeof buf - len,
			      " | one nest per term (%d)", ctx->nsplit);
  if (ctx->where_text[0] && len < sizeof buf - 1)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | %s",
			      ctx->where_text);
  if (choice->schedule_name && ctx->options->schedule == SF_SCHEDULE_UNFUSED
      && len < sizeof buf - 1)
    len += (size_t) snprintf (buf + len, sizeof buf - len,
			      " | schedule unfused");
  else if (choice->schedule_name
	   && ctx->options->schedule != SF_SCHEDULE_NAIVE
	   && len < sizeof buf - 1)
    len += (size_t) snprintf (buf + len, sizeof buf - len,
			      " | schedule %s (cost %.3g, single nest %.3g)%s%s",
			      choice->schedule_name, choice->cost_chosen,
			      choice->cost_naive,
			      choice->cost_text ? " | " : "",
			      choice->cost_text ? choice->cost_text : "");
  if (len >= sizeof buf)
    len = sizeof buf - 1;
  if (ctx->shared_with >= 0)
    snprintf (buf + len, sizeof buf - len, " | %s positions: %s's when %s's "
	      "pos/crd are %s's (run-time test)%s, else %s%s", out,
	      ctx->acc[ctx->shared_with].op->name, out,
	      ctx->acc[ctx->shared_with].op->name,
	      ctx->fast_zeroed ? " after zeroing" : "",
	      ctx->driven ? "its own pattern, the operands located"
	      : "searched", ctx->zeroed ? " after zeroing" : "");
  else if (ctx->zeroed)
    snprintf (buf + len, sizeof buf - len, " | %s zeroed first", out);
  len = strlen (buf);
  for (int a = 0; a < ctx->nacc && len < sizeof buf - 80; a++)
    if (ctx->acc[a].relayout)
      len += (size_t) snprintf (buf + len, sizeof buf - len, " | %s read "
				"from a copy in the other layout",
				ctx->acc[a].op->name);
  if (ctx->blocked_rows)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | rows in blocks "
			      "of %d (the workspace holds one row per row of a "
			      "block)", ctx->blocked_rows);
  len = strlen (buf);
  if (ctx->row_text[0] && len < sizeof buf - 160)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | rows of %s "
			      "accumulated in %s (aligned, one per thread), "
			      "then stored", ctx->acc[ctx->out].op->name,
			      ctx->row_text);
  if (ctx->nphase_loops && len < sizeof buf - 120)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | rows in "
			      "phases of 64 (each entry's value into w_ph, "
			      "one per entry of a block, then the updates)");
  if (ctx->tiled && len < sizeof buf - 120)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | products by "
			      "a dense matrix in register tiles of 4 rows "
			      "(%d loop%s)", ctx->tiled,
			      ctx->tiled > 1 ? "s" : "");
  if (ctx->prefetched && len < sizeof buf - 80)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | gathered rows "
			      "prefetched an iteration ahead (%d loop%s)",
			      ctx->prefetched, ctx->prefetched > 1 ? "s" : "");
  if (ctx->streamed && len < sizeof buf - 120)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | the arrays "
			      "of rows' entries prefetched 256 entries ahead "
			      "when larger than half the last-level cache "
			      "(%d loop%s)", ctx->streamed,
			      ctx->streamed > 1 ? "s" : "");
  if (ctx->privatized >= 0 && len < sizeof buf - 1)
    len += (size_t) snprintf (buf + len, sizeof buf - len, " | the loop over "
			      "%s adds into %s in parallel, a copy of %s per "
			      "thread", ctx->r->vars[ctx->privatized].name,
			      ctx->privatized_into, ctx->privatized_into);
  if (choice->nalt && choice->alt_by_memory && len < sizeof buf - 1)
    snprintf (buf + len, sizeof buf - len, " | run-time choice among %d "
	      "[%s]: 1 when its workspaces fit in half the last-level "
	      "cache%s, else 0", choice->nalt, choice->alt_names,
	      ctx->comp->memory ? " and memory(...)" : "");
  else if (choice->nalt && len < sizeof buf - 1)
    snprintf (buf + len, sizeof buf - len, " | run-time choice among %d "
	      "[%s]: the least time whose workspaces fit in half the "
	      "last-level cache%s", choice->nalt, choice->alt_names,
	      ctx->comp->memory ? " and memory(...)" : "");
  return sf_arena_strdup (ctx->arena, buf);
}

/* Step 2: set up CTX for its computation; return the right-hand side
   with explicit reductions, NULL after lw_fail.  */
lw_expr *
lw_prepare (lw_ctx *ctx)
{
  const sf_comp *comp = ctx->comp;
  ctx->out = lw_new_access (ctx, comp->lhs);
  for (int d = 0; d < comp->lhs->nidx; d++)
    ctx->free_mask |= BIT (comp->lhs->idx[d]);
  ctx->out_ty = lw_operand_vtype (ctx, comp->lhs->operand);
  if (!sf_ty_is_value (ctx->out_ty))
    ctx->out_ty = SF_TY_F64;
  lw_expr *rhs = lw_from_ast (ctx, comp->rhs);
  if (ctx->failed)
    return NULL;
  if (lw_value_types (ctx, rhs))
    return NULL;
  rhs = lw_factor_sums (ctx, lw_insert_sums (ctx, rhs));
  if (ctx->failed || lw_choose_order (ctx, rhs, rhs->mention | ctx->free_mask))
    return NULL;
  /* A dense operand read down its columns in an inner dot product is
     copied into the other layout first; the order is chosen again with
     the copy's layout (it agrees).  */
  if (lw_choose_relayout (ctx)
      && lw_choose_order (ctx, rhs, rhs->mention | ctx->free_mask))
    return NULL;
  /* Dense copies of relayout() operands are laid out in the loop order
     (which then agrees with their layout).  */
  if (ctx->densify && lw_densify_layouts (ctx)
      && lw_choose_order (ctx, rhs, rhs->mention | ctx->free_mask))
    return NULL;
  return rhs;
}

/* Return a new lowering context for COMP in ARENA.  */
lw_ctx *
lw_ctx_new (sf_arena *arena, const sf_comp *comp, const sf_format *formats,
	    const sf_lower_options *options)
{
  lw_ctx *ctx = SF_NEW (arena, lw_ctx);
  ctx->arena = arena;
  ctx->comp = comp;
  ctx->formats = formats;
  ctx->options = options;
  ctx->r = sf_region_new (arena);
  ctx->privatized = -1;
  lw_forget_work (ctx);
  ctx->shared_with = -1;
  return ctx;
}

/* Return nonzero when the statements S hold a parallel loop.  */
static int
lw_has_parallel_loop (const sf_ir_stmt *s)
{
  for (; s; s = s->next)
    if ((s->kind == SF_IR_FOR && s->parallel)
	|| lw_has_parallel_loop (s->body)
	|| lw_has_parallel_loop (s->else_body))
      return 1;
  return 0;
}

/* Make every parallel loop of S run its threads only when COND (a
   variable) is nonzero.  */
static void
lw_set_parallel_if (sf_ir_stmt *s, const sf_ir_expr *cond)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_FOR && s->parallel)
	s->par_if = (sf_ir_expr *) cond;
      lw_set_parallel_if (s->body, cond);
      lw_set_parallel_if (s->else_body, cond);
    }
}

/* Fill PC, the context of the loop-IR passes (opt/opt.h), from CTX: what
   the passes may know of this lowering.  The dense output's size is made
   here, before the passes; the parameters it needed, from *NPARAMS on,
   are dropped again (lw_pass_results) when no pass used it.  */
static void
lw_pass_context (lw_ctx *ctx, sf_pass_ctx *pc, int threads, int *nparams)
{
  memset (pc, 0, sizeof *pc);
  pc->arena = ctx->arena;
  pc->r = ctx->r;
  pc->threads = threads;
  pc->tune = ctx->tune;
  pc->memory = ctx->comp->memory != NULL;
  pc->first_index = BIT (ctx->order[0]);
  pc->max_vars = LW_MAX_VARS;
  pc->work = ctx->work;
  pc->nwork = ctx->nwork;
  pc->dense_for = ctx->dense_for;
  pc->ndense_for = ctx->ndense_for;
  pc->max_dense_for = (int) (sizeof ctx->dense_for / sizeof *ctx->dense_for);
  pc->phase_loops = ctx->phase_loops;
  pc->nphase_loops = ctx->nphase_loops;
  pc->max_phase_loops = (int) (sizeof ctx->phase_loops
			       / sizeof *ctx->phase_loops);
  pc->blocked_rows = ctx->blocked_rows;
  pc->tiled = ctx->tiled;
  pc->prefetched = ctx->prefetched;
  pc->streamed = ctx->streamed;
  pc->privatized = ctx->privatized;
  pc->privatized_into = ctx->privatized_into;
  pc->out_param = -1;
  pc->out_ty = ctx->out_ty;
  const lw_access *a = &ctx->acc[ctx->out];
  if (!threads || a->format || a->nidx == 0)
    return;
  pc->out_param = lw_operand_param (ctx, SF_PARAM_DATA, a->operand);
  pc->out_name = a->op->name;
  int failed = ctx->failed;
  *nparams = ctx->r->nparams;
  const char *why = ctx->why;
  sf_ir_expr *n = sf_ir_int (ctx->arena, 1);
  for (int d = 0; d < a->nidx; d++)
    n = sf_ir_mul (ctx->arena, n, lw_output_extent (ctx, d));
  pc->out_elems = n;
  if (ctx->failed && !failed)
    {
      /* An extent the lowering cannot read: no copy of the output.  */
      ctx->failed = 0;
      ctx->why = why;
      ctx->r->nparams = *nparams;
      pc->out_param = -1;
      pc->out_elems = NULL;
    }
}

/* Take back into CTX what the passes run with PC did; NPARAMS as
   lw_pass_context left it.  */
static void
lw_pass_results (lw_ctx *ctx, const sf_pass_ctx *pc, int nparams)
{
  ctx->nwork = pc->nwork;
  ctx->ndense_for = pc->ndense_for;
  ctx->nphase_loops = pc->nphase_loops;
  ctx->blocked_rows = pc->blocked_rows;
  ctx->tiled = pc->tiled;
  ctx->prefetched = pc->prefetched;
  ctx->streamed = pc->streamed;
  ctx->rewrites = pc->rewrites;
  ctx->picked = pc->picked;
  ctx->privatized = pc->privatized;
  ctx->privatized_into = pc->privatized_into;
  /* The output's size was not used: nor are the parameters it added.  */
  if (pc->out_elems && !pc->private_out)
    ctx->r->nparams = nparams;
  if (pc->too_many_vars)
    lw_fail_vars (ctx);
}

/* Step 7.  WORTH, the threads test, is the scheduler's
   (sched/driver.c).  */
sf_ir_stmt *
sf_lowering_finish (sf_lowering *ctx, sf_ir_stmt *body, sf_ir_expr *worth)
{
  sf_arena *A = ctx->arena;
  int threads = ctx->options && ctx->options->openmp && !ctx->comp->serial;
  sf_pass_ctx pc;
  int nparams = 0;
  lw_pass_context (ctx, &pc, threads, &nparams);
  sf_run_passes (&body, &pc);
  lw_pass_results (ctx, &pc, nparams);
  sf_ir_stmt *priv = pc.private_loop;
  sf_ir_expr *fits = pc.private_fits;
  if (worth && lw_has_parallel_loop (body))
    {
      /* One test per region, its value in a variable the loops read.  */
      int v = lw_new_var (ctx, "threads_pay", SF_TY_INDEX);
      ctx->r->vars[v].threads_test = 1;
      sf_ir_expr *pay = sf_ir_var_ref (A, ctx->r, v);
      lw_set_parallel_if (body, pay);
      if (priv)
	priv->par_if = sf_ir_binary (A, SF_IR_AND,
				     sf_ir_binary (A, SF_IR_NE,
						   sf_ir_clone (A, pay),
						   sf_ir_int (A, 0)),
				     fits);
      sf_ir_stmt *d = sf_ir_decl (A, v, sf_ir_select (A, worth,
						       sf_ir_int (A, 1),
						       sf_ir_int (A, 0)));
      d->next = body;
      body = d;
    }
  else if (priv)
    priv->par_if = fits;
  return lw_place_work (ctx, body);
}

/* Steps 1 and 2, and what each candidate starts from.  */
sf_lowering *
sf_lowering_new (sf_arena *arena, const sf_comp *comp,
		 const sf_format *formats, const sf_lower_options *options,
		 sf_region *r, int densify)
{
  lw_ctx *ctx = lw_ctx_new (arena, comp, formats, options);
  if (r)
    ctx->r = r;
  ctx->densify = densify;
  ctx->rhs = lw_validate (ctx) ? NULL : lw_prepare (ctx);
  ctx->start_nvars = ctx->r->nvars;
  ctx->start_ndense_for = ctx->ndense_for;
  ctx->pref_norder = ctx->norder;
  memcpy (ctx->pref_order, ctx->order, sizeof ctx->order);
  ctx->tune = options && options->schedule != SF_SCHEDULE_NAIVE;
  return ctx;
}

/* Fill *OUT with what CTX holds now.  */
void
sf_lowering_info_get (const sf_lowering *ctx, sf_lowering_info *out)
{
  memset (out, 0, sizeof *out);
  out->arena = ctx->arena;
  out->comp = ctx->comp;
  out->formats = ctx->formats;
  out->options = ctx->options;
  out->r = ctx->r;
  out->rhs = ctx->rhs;
  out->failed = ctx->failed;
  out->why = ctx->why;
  out->out_operand = ctx->acc[ctx->out].operand;
  out->out_sparse = ctx->acc[ctx->out].format != NULL;
  for (int a = 0; a < ctx->nacc; a++)
    out->nsparse += a != ctx->out && (ctx->acc[a].format
				      || ctx->acc[a].dense_of);
  out->densify = ctx->densify;
  out->work = ctx->work;
  out->nwork = ctx->nwork;
  out->rewrites = ctx->rewrites;
  out->picked = ctx->picked;
  out->nwhere = ctx->nwhere;
  out->norder = ctx->pref_norder;
  out->order = ctx->pref_order;
}

/* Return the layouts of the dense copies of DENSE.  */
const char *
sf_lowering_copies_text (sf_lowering *dense)
{
  char layouts[256] = "";
  size_t len = 0;
  for (int a = 0; a < dense->nacc && len < sizeof layouts - 64; a++)
    {
      const lw_access *x = &dense->acc[a];
      int first = 1;
      for (int b = 0; b < a; b++)
	first &= dense->acc[b].operand != x->operand;
      if (!x->dense_of || !first)
	continue;
      len += (size_t) snprintf (layouts + len, sizeof layouts - len,
				"%s%s as", len ? ", " : "", x->op->name);
      for (int k = 0; k < x->nidx && len < sizeof layouts - 16; k++)
	len += (size_t) snprintf (layouts + len, sizeof layouts - len,
				  " %s", lw_index_name (dense,
							x->idx[x->layout[k]]));
    }
  return sf_arena_strdup (dense->arena, layouts);
}
