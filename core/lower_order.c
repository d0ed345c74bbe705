/* The loop order: a topological order of TACO's iteration graph.

     A(i,k) = B(i,j) * C(j,k)       B CSR, C and A dense row-major
       hard edges (sparse storage order):  i -> j          (B)
       soft edges (dense storage order):   j -> k (C), i -> k (A)
       order: i j k

     y(i) = B(i,j) * x(j)           B CSC, modes(1, 0)
       hard edges: j -> i           order: j i

   Hard edges come from sparse operands (the output too): level l+1 is
   reached through level l, so its index must be bound first.  Soft edges
   come from dense operands: any order works (they are located), but
   following their storage order walks memory contiguously.

   Outline: repeatedly take, among the indices whose hard predecessors are
   placed, the one with the fewest soft predecessors not yet placed, then
   an output index before a summed one, then the lower index id.  No
   candidate left means the sparse operands' orders conflict: lw_fail
   (a transposed copy would be needed).  */

#include "lower_int.h"

#define BIT(v) (1u << (v))

/* Add the edges of access A to HARD (sparse) or SOFT (dense): PRED[w]
   gets the indices that should precede w.  */
static void
lw_access_edges (const lw_access *a, unsigned *hard, unsigned *soft)
{
  if (a->format)
    {
      for (int l = 1; l < a->format->nlevels; l++)
	hard[a->idx[a->format->modes[l]]] |= BIT (a->idx[a->format->modes[l - 1]]);
      return;
    }
  for (int d = 1; d < a->nidx; d++)
    if (a->op->colmajor)
      soft[a->idx[d - 1]] |= BIT (a->idx[d]);
    else
      soft[a->idx[d]] |= BIT (a->idx[d - 1]);
}

/* Return the number of bits of M.  */
static int
lw_bits (unsigned m)
{
  int n = 0;
  for (; m; m &= m - 1)
    n++;
  return n;
}

/* Return the best next index among CANDIDATES (a nonempty mask) given
   PLACED and the SOFT edges.  */
static int
lw_pick (const lw_ctx *ctx, unsigned candidates, unsigned placed,
	 const unsigned *soft)
{
  int best = -1, best_key = 0;
  for (int v = 0; v < SF_MAX_INDICES; v++)
    {
      if (!(candidates & BIT (v)))
	continue;
      int key = 2 * lw_bits (soft[v] & ~placed)
		+ !(ctx->free_mask & BIT (v));
      if (best < 0 || key < best_key)
	best = v, best_key = key;
    }
  return best;
}

/* Fill ctx->order with the indices of the computation; return nonzero
   (after lw_fail) when the sparse operands admit no common order.  */
int
lw_choose_order (lw_ctx *ctx, unsigned used)
{
  unsigned hard[SF_MAX_INDICES] = { 0 }, soft[SF_MAX_INDICES] = { 0 };
  for (int a = 0; a < ctx->nacc; a++)
    lw_access_edges (&ctx->acc[a], hard, soft);
  unsigned placed = 0;
  ctx->norder = 0;
  while (placed != used)
    {
      unsigned ready = 0;
      for (int v = 0; v < SF_MAX_INDICES; v++)
	if ((used & ~placed & BIT (v)) && !(hard[v] & ~placed))
	  ready |= BIT (v);
      if (!ready)
	return lw_fail (ctx, "the storage orders of the sparse operands "
			"conflict (a transposed copy would be needed)"), 1;
      int v = lw_pick (ctx, ready, placed, soft);
      ctx->order[ctx->norder++] = v;
      placed |= BIT (v);
    }
  return 0;
}
