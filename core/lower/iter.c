/* The iterators of one loop: for the loop over index j of
     A(i,j) = B(i,j) * C(i,j) + D(i,j)     B, C CSR, D dense
   they are  it0 = B level 1 (compressed), it1 = C level 1 (compressed),
   it2 = D dim 1 (full, located).  The level kinds' capabilities come from
   the table in lower_level_*.c; this file picks the entry, decides whether
   a level is iterated in runs (non-unique: coo, and a singleton under a
   run), and names the level's arrays.  */

#include <stdio.h>
#include <string.h>
#include "lower/internal.h"

/* Return the capability table entry of level kind KIND.  */
const lw_level_ops *
lw_level_ops_of (sf_level_kind kind)
{
  switch (kind)
    {
    case SF_LEVEL_DENSE: return &lw_level_dense;
    case SF_LEVEL_COMPRESSED: return &lw_level_compressed;
    case SF_LEVEL_SINGLETON: return &lw_level_singleton;
    case SF_LEVEL_COO: return &lw_level_coo;
    }
  return &lw_level_dense;
}

/* Return the id of the pointer parameter of LEVEL of access ACC: its CRD
   array when CRD, else its POS array.  */
int
lw_level_param (lw_ctx *ctx, int acc, int level, int crd)
{
  const lw_access *a = &ctx->acc[acc];
  const sf_level *lv = &a->format->levels[level];
  return lw_field_param (ctx, a->operand, crd ? &lv->crd : &lv->pos, 1,
			 SF_TY_INDEX);
}

/* Return the extent of the mode LEVEL of access ACC stores (the format's
   dims field).  */
sf_ir_expr *
lw_level_dim (lw_ctx *ctx, int acc, int level)
{
  const lw_access *a = &ctx->acc[acc];
  int mode = a->format->modes[level];
  int p = lw_field_param (ctx, a->operand, &a->format->dims[mode], 0,
			  SF_TY_INDEX);
  return sf_ir_param_ref (ctx->arena, ctx->r, p);
}

/* Make [*LO, *HI) empty where PARENT's guard fails: GUARD ? LO : 0 and
   GUARD ? HI : 0 (nothing without a guard).  */
void
lw_guard_bounds (lw_ctx *ctx, const lw_state *parent, sf_ir_expr **lo,
		 sf_ir_expr **hi)
{
  if (!parent->guard)
    return;
  sf_arena *A = ctx->arena;
  *lo = sf_ir_select (A, sf_ir_clone (A, parent->guard), *lo,
		      sf_ir_int (A, 0));
  *hi = sf_ir_select (A, sf_ir_clone (A, parent->guard), *hi,
		      sf_ir_int (A, 0));
}

/* Return nonzero when LEVEL of ACC, under parent state PARENT, may hold
   repeated coordinates and must be iterated in runs: a coo level, and a
   singleton under a run (at the last level too: a COO may repeat an
   entry, whose values then add up).  */
static int
lw_level_segmented (const lw_ctx *ctx, int acc, int level,
		    const lw_state *parent)
{
  sf_level_kind kind = ctx->acc[acc].format->levels[level].kind;
  if (kind == SF_LEVEL_COO)
    return 1;
  return kind == SF_LEVEL_SINGLETON && parent->ranged;
}

/* Return nonzero when the absence of LEVEL of access ACC can be left to
   the levels below it: there are some, all compressed or singleton (an
   empty range hides them), and the output is dense (a sparse output
   takes positions from the case that is present).  */
static int
lw_level_deferrable (const lw_ctx *ctx, int acc, int level)
{
  const sf_format *f = ctx->acc[acc].format;
  if (ctx->acc[ctx->out].format || level >= f->nlevels - 1)
    return 0;
  for (int l = level + 1; l < f->nlevels; l++)
    if (f->levels[l].kind != SF_LEVEL_COMPRESSED
	&& f->levels[l].kind != SF_LEVEL_SINGLETON)
      return 0;
  return 1;
}

/* Give up (softly: one nest per term may still do) because the nest
   reaches LEVEL of access ACC with only its levels above BOUND bound.  */
static void
lw_out_of_order (lw_ctx *ctx, int acc, int level, int bound)
{
  const lw_access *a = &ctx->acc[acc];
  char missing[128] = "";
  for (int l = bound; l < level; l++)
    snprintf (missing + strlen (missing), sizeof missing - strlen (missing),
	      "%s'%s'", l > bound ? ", " : "",
	      lw_index_name (ctx, a->idx[a->format->modes[l]]));
  lw_fail (ctx, "the reductions of this expression need index '%s' of '%s' "
	   "before %s, which '%s' stores above it: no single nest follows "
	   "its storage order; split the statement (one reduction each), or "
	   "store '%s' in another mode order",
	   lw_index_name (ctx, a->idx[a->format->modes[level]]), a->op->name,
	   missing, a->op->name, a->op->name);
  ctx->soft_fail = 1;
}

/* Fill IT[*N] for access ACC at the loop over V; return nonzero after
   lw_fail.  */
static int
lw_add_iter (lw_ctx *ctx, const lw_path *path, int acc, int v, lw_iter *it,
	     int *n)
{
  const lw_access *a = &ctx->acc[acc];
  for (int k = 0; k < *n; k++)
    if (it[k].acc == acc)
      return 0;
  if (*n == LW_MAX_ITERS)
    return lw_fail (ctx, "too many operands indexed by '%s'",
		    lw_index_name (ctx, v)), 1;
  lw_iter *t = &it[(*n)++];
  t->acc = acc;
  t->level = a->slot[v];
  t->q = t->end = t->crd = t->has = t->run = t->sum = -1;
  if (!a->format)
    {
      t->full = 1;
      return 0;
    }
  if (path->st[acc].nbound != t->level)
    return lw_out_of_order (ctx, acc, t->level, path->st[acc].nbound), 1;
  t->ops = lw_level_ops_of (a->format->levels[t->level].kind);
  t->full = t->ops->full;
  t->segmented = lw_level_segmented (ctx, acc, t->level, &path->st[acc]);
  t->deferrable = !t->full && !t->segmented
		  && lw_level_deferrable (ctx, acc, t->level);
  /* A run's values are added up under its presence test (0 when
     absent), and its children's range is empty there.  */
  t->guardable = t->deferrable
		 || (!t->full && !ctx->acc[ctx->out].format
		     && (t->level == a->format->nlevels - 1
			 || (t->segmented
			     && lw_level_deferrable (ctx, acc, t->level))));
  return 0;
}

/* Walk E adding an iterator for every access that uses V.  */
static int
lw_collect (lw_ctx *ctx, const lw_path *path, const lw_expr *e, int v,
	    lw_iter *it, int *n)
{
  if (!e || !(e->mention & (1u << v)))
    return 0;
  if (e->kind == LW_ACC)
    return lw_add_iter (ctx, path, e->acc, v, it, n);
  return lw_collect (ctx, path, e->a, v, it, n)
	 || lw_collect (ctx, path, e->b, v, it, n);
}

/* Store in IT the iterators of the loop over V for expression E; return
   their number, or -1 after lw_fail.  */
int
lw_collect_iters (lw_ctx *ctx, const lw_path *path, const lw_expr *e, int v,
		  lw_iter *it)
{
  int n = 0;
  if (lw_collect (ctx, path, e, v, it, &n))
    return -1;
  return n;
}
