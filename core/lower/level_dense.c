/* The dense level format: every coordinate 0..N-1 of each parent is
   stored, so a position is computed, never read.

     levels(dense, ...)       CSR's rows:  p_i = i
     levels(..., dense)       under p:     p_j = p * N + j

   Capabilities: full (coordinate iteration with locate), size
   parent_size * N.  */

#include "lower/internal.h"

/* Return the position of COORD under PARENT (PARENT * N + COORD), NULL
   under a run of positions.  */
static sf_ir_expr *
lw_dense_locate (lw_ctx *ctx, int acc, int level, const lw_state *parent,
		 sf_ir_expr *coord)
{
  if (parent->ranged || parent->guard)
    return NULL;
  if (!parent->pos)
    return coord;
  sf_ir_expr *row = sf_ir_mul (ctx->arena, sf_ir_clone (ctx->arena,
							parent->pos),
			       lw_level_dim (ctx, acc, level));
  return sf_ir_add (ctx->arena, row, coord);
}

/* Return PARENT_SIZE * N.  */
static sf_ir_expr *
lw_dense_size (lw_ctx *ctx, int acc, int level, sf_ir_expr *parent_size)
{
  return sf_ir_mul (ctx->arena, parent_size, lw_level_dim (ctx, acc, level));
}

const lw_level_ops lw_level_dense = {
  SF_LEVEL_DENSE, 1, lw_dense_locate, NULL, NULL, lw_dense_size
};
