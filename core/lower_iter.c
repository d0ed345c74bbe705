/* The iterators of one loop: for the loop over index j of
     A(i,j) = B(i,j) * C(i,j) + D(i,j)     B, C CSR, D dense
   they are  it0 = B level 1 (compressed), it1 = C level 1 (compressed),
   it2 = D dim 1 (full, located).  The level kinds' capabilities come from
   the table in lower_level_*.c; this file picks the entry, decides whether
   a level is iterated in runs (non-unique: coo, and a singleton under a
   run that is not the last level), and names the level's arrays.  */

#include "lower_int.h"

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

/* Return nonzero when LEVEL of ACC, under parent state PARENT, holds
   repeated coordinates and must be iterated in runs.  */
static int
lw_level_segmented (const lw_ctx *ctx, int acc, int level,
		    const lw_state *parent)
{
  const sf_format *f = ctx->acc[acc].format;
  sf_level_kind kind = f->levels[level].kind;
  if (kind == SF_LEVEL_COO)
    return 1;
  return kind == SF_LEVEL_SINGLETON && parent->ranged
	 && level < f->nlevels - 1;
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
  t->q = t->end = t->crd = t->has = t->run = -1;
  if (!a->format)
    {
      t->full = 1;
      return 0;
    }
  if (path->st[acc].nbound != t->level)
    return lw_fail (ctx, "internal error: level %d of '%s' out of order",
		    t->level, a->op->name), 1;
  t->ops = lw_level_ops_of (a->format->levels[t->level].kind);
  t->full = t->ops->full;
  t->segmented = lw_level_segmented (ctx, acc, t->level, &path->st[acc]);
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
