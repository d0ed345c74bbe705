/* The compressed level format: the children of parent position p are
   positions pos[p] .. pos[p+1]-1 with coordinates crd[q] (sorted,
   unique); base(1) formats store both shifted by one.

     for (q = B_pos[i] - 1; q < B_pos[i + 1] - 1; q++)
       j = B_crd[q] - 1;                                  base(1)

   Capabilities: position iteration (bounds, coord), size pos[n] - base
   for n parent positions; the output search (lower/access.c) uses the
   same bounds and coord.  */

#include "lower/internal.h"

/* Return LOAD - BASE of access ACC's format.  */
static sf_ir_expr *
lw_unbase (lw_ctx *ctx, int acc, sf_ir_expr *load)
{
  int base = ctx->acc[acc].format->base;
  return sf_ir_sub (ctx->arena, load, sf_ir_int (ctx->arena, base));
}

/* Return pos[P] - base of LEVEL of ACC.  */
static sf_ir_expr *
lw_pos_entry (lw_ctx *ctx, int acc, int level, sf_ir_expr *p)
{
  int param = lw_level_param (ctx, acc, level, 0);
  return lw_unbase (ctx, acc, sf_ir_load (ctx->arena, ctx->r, param, p));
}

/* Set [*LO, *HI) to pos[p] .. pos[p+1] for the parent position p (empty
   where the parent's guard fails); return nonzero under a run of
   positions.  */
static int
lw_compressed_bounds (lw_ctx *ctx, int acc, int level, const lw_state *parent,
		      sf_ir_expr **lo, sf_ir_expr **hi)
{
  if (parent->ranged)
    return 1;
  sf_arena *A = ctx->arena;
  sf_ir_expr *p = parent->pos ? parent->pos : sf_ir_int (A, 0);
  *lo = lw_pos_entry (ctx, acc, level, sf_ir_clone (A, p));
  *hi = lw_pos_entry (ctx, acc, level,
		      sf_ir_add (A, sf_ir_clone (A, p), sf_ir_int (A, 1)));
  lw_guard_bounds (ctx, parent, lo, hi);
  return 0;
}

/* Return crd[Q] - base.  */
static sf_ir_expr *
lw_compressed_coord (lw_ctx *ctx, int acc, int level, sf_ir_expr *q)
{
  int param = lw_level_param (ctx, acc, level, 1);
  return lw_unbase (ctx, acc, sf_ir_load (ctx->arena, ctx->r, param, q));
}

/* Return pos[PARENT_SIZE] - base: the positions of all parents.  */
static sf_ir_expr *
lw_compressed_size (lw_ctx *ctx, int acc, int level, sf_ir_expr *parent_size)
{
  return lw_pos_entry (ctx, acc, level, parent_size);
}

const lw_level_ops lw_level_compressed = {
  SF_LEVEL_COMPRESSED, 0, NULL, lw_compressed_bounds, lw_compressed_coord,
  lw_compressed_size
};
