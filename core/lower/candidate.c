/* One candidate schedule's loop IR, and what the scheduler may ask the
   lowering before it chooses (lower/lower.h; the scheduler is
   sched/candidates.c).

     candidate 2 of y(i,l) = B(i,j) * C(j,k) * D(k,l):
       spec   { SUM{j}(B * SUM{k}(C * D)) nested, form nested, order i j k l }
       ->     forall i { W(l) = 0; forall j (B) forall k forall l
                         W(l) += ...; forall l y(i,l) = W(l) }   (body)
              nwhere 1, full 0

   sf_lower_candidate:
     1. start from the state after sf_lowering_new (variables, dense
        loops, workspaces) unless the spec keeps the candidates lowered
        before it (the alternatives of a run-time choice);
     2. take the spec's loop order and order mode; the layout copies are
        made again (each candidate fills its own);
     3. lower the spec's expression: the single nest or where-statements
        (lower/lower.c, lw_lower_all), or first the sums into full
        temporaries (the forms dense sums first and unfused,
        lw_temps_first).
   The queries (orders, nested sums, associations, the network, the
   dense reads, run-time values) leave the preferred loop order as it
   was.  */

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "lower/internal.h"

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
   SF_FORM_DENSE_FIRST); else every inner sum whose free indices are all
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

/* Steps 1-3: see the top of the file.  */
int
sf_lower_candidate (sf_lowering *ctx, const sf_candidate_spec *spec,
		    sf_candidate_ir *out)
{
  if (!spec->keep)
    {
      ctx->r->nvars = ctx->start_nvars;
      ctx->ndense_for = ctx->start_ndense_for;
      lw_forget_work (ctx);
    }
  sf_ir_stmt *s;
  if (spec->form == SF_FORM_UNFUSED)
    s = lw_temps_first (ctx, spec->e, 0);
  else
    {
      ctx->sums_first = spec->sums_first;
      ctx->norder = spec->norder;
      memcpy (ctx->order, spec->order, sizeof ctx->order);
      for (int o = 0; o < SF_MAX_OPERANDS; o++)
	ctx->relayout_work[o] = -1;
      ctx->fuse = spec->form != SF_FORM_NAIVE;
      ctx->failed = 0;
      ctx->why = NULL;
      ctx->shared_with = -1;
      ctx->nsplit = 0;
      if (spec->form == SF_FORM_DENSE_FIRST)
	s = lw_temps_first (ctx, spec->e, 1);
      else
	s = lw_lower_all (ctx, spec->e);
    }
  out->body = s;
  out->failed = ctx->failed;
  out->why = ctx->why;
  out->nwhere = ctx->nwhere;
  out->full = 0;
  for (int w = 0; s && !ctx->failed && w < ctx->nwork; w++)
    if (!ctx->work[w].fused && lw_work_in (ctx, w, s))
      out->full = 1;
  return s && !ctx->failed;
}

/* ---- what the scheduler enumerates ---- */

/* Set CTX's loop order to ORDER (LEN indices), saving the old one in
   SAVED, *SAVED_LEN.  */
static void
lw_set_order (lw_ctx *ctx, const int *order, int len, int *saved,
	      int *saved_len)
{
  memcpy (saved, ctx->order, sizeof ctx->order);
  *saved_len = ctx->norder;
  ctx->norder = len;
  memcpy (ctx->order, order, sizeof (int) * (size_t) len);
}

/* Store in ORDERS up to MAX loop orders of KIND for E (lower.h);
   return how many.  */
int
sf_lowering_orders (sf_lowering *ctx, const sf_lw_expr *e, sf_order_kind kind,
		    int (*orders)[SF_MAX_INDICES], int max, int *len)
{
  unsigned used = e->mention | ctx->free_mask;
  if (kind == SF_ORDERS_DEPARTING)
    return lw_order_variants (ctx, e, used, orders, max, len);
  if (max < 1 || (kind == SF_ORDERS_SPARSE_FIRST
		  && !lw_dense_outside_sparse (ctx, ctx->pref_order,
					       ctx->pref_norder)))
    return 0;
  int saved[SF_MAX_INDICES], saved_len = ctx->norder;
  memcpy (saved, ctx->order, sizeof saved);
  ctx->sums_first = kind == SF_ORDERS_SUMS_FIRST;
  ctx->sparse_first = kind == SF_ORDERS_SPARSE_FIRST;
  int failed = lw_choose_order (ctx, e, used);
  ctx->sums_first = ctx->sparse_first = 0;
  if (!failed)
    {
      *len = ctx->norder;
      memcpy (orders[0], ctx->order, sizeof ctx->order);
    }
  ctx->failed = 0;
  ctx->why = NULL;
  ctx->norder = saved_len;
  memcpy (ctx->order, saved, sizeof saved);
  return !failed;
}

/* Return E with its sums nested in loop order ORDER (LEN indices).  */
sf_lw_expr *
sf_lowering_nested (sf_lowering *ctx, sf_lw_expr *e, const int *order,
		    int len)
{
  int saved[SF_MAX_INDICES], saved_len;
  lw_set_order (ctx, order, len, saved, &saved_len);
  lw_expr *nested = lw_nest_sums (ctx, e);
  ctx->norder = saved_len;
  memcpy (ctx->order, saved, sizeof saved);
  return nested;
}

/* Store in OUT and LABEL the other associations of RHS; return how
   many.  */
int
sf_lowering_associations (sf_lowering *ctx, sf_lw_expr *rhs,
			  sf_lw_expr **out, const char **label, int max)
{
  return lw_reassociations (ctx, rhs, out, label, max);
}

/* Return nonzero when E has a sum of dense factors alone.  */
int
sf_lowering_has_dense_sum (sf_lowering *ctx, sf_lw_expr *e)
{
  return lw_dense_sum (ctx, e, 1) != NULL;
}

/* Store in READ (at most MAX) the dense accesses' indices in storage
   order; return how many.  */
int
sf_lowering_dense_reads (const sf_lowering *ctx, sf_dense_read *read,
			 int max)
{
  int m = 0;
  for (int a = 0; a < ctx->nacc && m < max; a++)
    {
      const lw_access *x = &ctx->acc[a];
      if (x->format)
	continue;
      int flip = x->op->colmajor ^ x->relayout;
      read[m].nidx = x->nidx;
      for (int d = 0; d < x->nidx; d++)
	read[m].idx[d] = x->dense_of ? x->idx[x->layout[d]]
			 : x->idx[flip ? x->nidx - 1 - d : d];
      m++;
    }
  return m;
}

/* Return the indices summed by the sums of E.  */
static unsigned
lw_summed (const lw_expr *e)
{
  if (!e || !e->a)
    return 0;
  return (e->kind == LW_SUM ? e->sum : 0) | lw_summed (e->a)
	 | lw_summed (e->b);
}

/* Add to NET (at most MAX) the sums of E below the root (ROOT: E is the
   root), each an intermediate whose layout the order model chooses.  */
static void
lw_network_sums (const lw_expr *e, int root, int max, sf_network *net)
{
  if (!e || !e->a)
    return;
  if (e->kind == LW_SUM && !root && net->nsums < max)
    {
      unsigned f = lw_free_indices (e);
      if (f & net->used)
	{
	  net->sum_free[net->nsums] = f;
	  net->sum_sum[net->nsums] = e->sum;
	  net->sum_inner[net->nsums++] = lw_summed (e->a);
	}
    }
  lw_network_sums (e->a, 0, max, net);
  lw_network_sums (e->b, 0, max, net);
}

/* Fill *OUT with the tensor network of RHS (at most MAX_SUMS sums).  */
void
sf_lowering_network (const sf_lowering *ctx, const sf_lw_expr *rhs,
		     int max_sums, sf_network *out)
{
  memset (out, 0, sizeof *out);
  out->used = rhs->mention | ctx->free_mask;
  lw_hard_edges (ctx, out->hard);
  if (max_sums > SF_NETWORK_MAX)
    max_sums = SF_NETWORK_MAX;
  lw_network_sums (rhs, 1, max_sums, out);
  for (int a = 0; a < ctx->nacc && out->ncopies < SF_MAX_OPERANDS; a++)
    {
      const lw_access *x = &ctx->acc[a];
      int first = 1;
      for (int b = 0; b < a; b++)
	first &= !ctx->acc[b].dense_of || ctx->acc[b].operand != x->operand;
      if (!x->dense_of || !first)
	continue;
      out->copy_nidx[out->ncopies] = x->nidx;
      memcpy (out->copy_idx[out->ncopies++], x->idx, sizeof x->idx);
    }
}

/* With dense copies, lay them out in loop order ORDER (N indices).  */
void
sf_lowering_lay_copies (sf_lowering *ctx, const int *order, int n)
{
  if (!ctx->densify)
    return;
  for (int a = 0; a < ctx->nacc; a++)
    ctx->acc[a].laid = 0;
  int saved[SF_MAX_INDICES], len;
  lw_set_order (ctx, order, n, saved, &len);
  lw_densify_layouts (ctx);
  ctx->norder = len;
  memcpy (ctx->order, saved, sizeof saved);
}

/* Forget the last failure; back to the preferred loop order.  */
void
sf_lowering_reset (sf_lowering *ctx)
{
  ctx->failed = 0;
  ctx->why = NULL;
  ctx->sums_first = 0;
  ctx->norder = ctx->pref_norder;
  memcpy (ctx->order, ctx->pref_order, sizeof ctx->order);
}

/* ---- run-time values ---- */

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

/* Store in VALUE the run-time values of the N symbols SYM; return
   whether the lowering has failed (its failure state is kept).  */
int
sf_lowering_values (sf_lowering *ctx, const sf_value_sym *sym, int n,
		    int upper, sf_ir_expr **value)
{
  int failed = ctx->failed;
  for (int k = 0; k < n; k++)
    value[k] = sym[k].kind == 1 ? lw_index_extent (ctx, sym[k].index)
	       : sym[k].kind == 2
	       ? lw_nnz_value (ctx, sym[k].operand, sym[k].level, upper)
	       : NULL;
  int now = ctx->failed;
  ctx->failed = failed;
  return now;
}

/* Return the value of clause expression E, its parameter NAME.  */
sf_ir_expr *
sf_lowering_clause (sf_lowering *ctx, const sf_cexpr *e, const char *name)
{
  return lw_cexpr_value (ctx, e, name);
}

/* Return a new variable NAME of type TY.  */
int
sf_lowering_new_var (sf_lowering *ctx, const char *name, sf_ty ty)
{
  return lw_new_var (ctx, name, ty);
}

/* Give up (printf-like FMT), as lw_fail.  */
void
sf_lowering_fail (sf_lowering *ctx, const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (buf, sizeof buf, fmt, ap);
  va_end (ap);
  lw_fail (ctx, "%s", buf);
}
