/* The coo level format: the root of a coordinate list, positions
   0..nnz-1 with sorted, non-unique coordinates crd[q].  The loop over it
   visits each coordinate once, handing the run of its positions to the
   next (singleton) level:

     q = 0;
     while (q < nnz) {
       i = row[q];  e = q + 1;  while (e < nnz && row[e] == row[q]) e++;
       ... children: positions [q, e) ...
       q = e;
     }

   Capabilities: position iteration at the root (bounds [0, nnz), coord
   crd[q] - base), non-unique (runs, see lower/loop.c), size nnz.  */

#include "lower/internal.h"

/* Return the NNZ field of LEVEL of ACC as a value.  */
static sf_ir_expr *
lw_coo_nnz (lw_ctx *ctx, int acc, int level)
{
  const lw_access *a = &ctx->acc[acc];
  int p = lw_field_param (ctx, a->operand, &a->format->levels[level].pos, 0,
			  SF_TY_INDEX);
  return sf_ir_param_ref (ctx->arena, ctx->r, p);
}

/* Set [*LO, *HI) to [0, nnz); return nonzero below the root.  */
static int
lw_coo_bounds (lw_ctx *ctx, int acc, int level, const lw_state *parent,
	       sf_ir_expr **lo, sf_ir_expr **hi)
{
  if (level != 0 || parent->pos || parent->ranged)
    return 1;
  *lo = sf_ir_int (ctx->arena, 0);
  *hi = lw_coo_nnz (ctx, acc, level);
  return 0;
}

/* Return crd[Q] - base.  */
static sf_ir_expr *
lw_coo_coord (lw_ctx *ctx, int acc, int level, sf_ir_expr *q)
{
  int param = lw_level_param (ctx, acc, level, 1);
  sf_ir_expr *c = sf_ir_load (ctx->arena, ctx->r, param, q);
  return sf_ir_sub (ctx->arena, c,
		    sf_ir_int (ctx->arena, ctx->acc[acc].format->base));
}

/* Return nnz.  */
static sf_ir_expr *
lw_coo_size (lw_ctx *ctx, int acc, int level, sf_ir_expr *parent_size)
{
  (void) parent_size;
  return lw_coo_nnz (ctx, acc, level);
}

const lw_level_ops lw_level_coo = {
  SF_LEVEL_COO, 0, NULL, lw_coo_bounds, lw_coo_coord, lw_coo_size
};
