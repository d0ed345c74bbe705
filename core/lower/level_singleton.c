/* The singleton level format: one child per parent position, at the same
   position, with coordinate crd[p].  Under a coo level (or a non-unique
   singleton) the parent hands down a run of positions [lo, hi) that share
   its coordinate; the singleton then iterates that run.

     COO (coo(nnz, row), singleton(col)):
       run of row i = [q, e)  ->  for (q2 = q; q2 < e; q2++) j = col[q2];

   Capabilities: position iteration (bounds [p, p+1) or the run, coord
   crd[q] - base), size equal to the parent's.  */

#include "lower/internal.h"

/* Set [*LO, *HI) to the parent's run, or [p, p+1), empty where the
   parent's guard fails; return nonzero at the root.  */
static int
lw_singleton_bounds (lw_ctx *ctx, int acc, int level, const lw_state *parent,
		     sf_ir_expr **lo, sf_ir_expr **hi)
{
  (void) acc;
  (void) level;
  sf_arena *A = ctx->arena;
  if (parent->ranged)
    {
      *lo = sf_ir_clone (A, parent->lo);
      *hi = sf_ir_clone (A, parent->hi);
      lw_guard_bounds (ctx, parent, lo, hi);
      return 0;
    }
  if (!parent->pos)
    return 1;
  *lo = sf_ir_clone (A, parent->pos);
  *hi = sf_ir_add (A, sf_ir_clone (A, parent->pos), sf_ir_int (A, 1));
  lw_guard_bounds (ctx, parent, lo, hi);
  return 0;
}

/* Return crd[Q] - base.  */
static sf_ir_expr *
lw_singleton_coord (lw_ctx *ctx, int acc, int level, sf_ir_expr *q)
{
  int param = lw_level_param (ctx, acc, level, 1);
  sf_ir_expr *c = sf_ir_load (ctx->arena, ctx->r, param, q);
  return sf_ir_sub (ctx->arena, c,
		    sf_ir_int (ctx->arena, ctx->acc[acc].format->base));
}

/* Return PARENT_SIZE: one position per parent position.  */
static sf_ir_expr *
lw_singleton_size (lw_ctx *ctx, int acc, int level, sf_ir_expr *parent_size)
{
  (void) ctx;
  (void) acc;
  (void) level;
  return parent_size;
}

const lw_level_ops lw_level_singleton = {
  SF_LEVEL_SINGLETON, 0, NULL, lw_singleton_bounds, lw_singleton_coord,
  lw_singleton_size
};
