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

     A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)   B CSR
       = sum{j}(B * sum{k}(C * D) * E): after i j, both k and l are free
       of soft edges; k closes sum{k} (every other index it mentions is
       placed), so k goes first: t = sum{k} C*D once per (i,j), then the
       l loop uses t -- O(nnz (K + L)) instead of O(nnz K L).

     A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)   B CSF
       after i, l and j are free of soft edges; j walks a sparse level,
       so i j k l m n: B is traversed once, not once per l and m.

     A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)   A, B, E CSR (ReACT)
       after i, D's soft edge k -> j would put k first, and the merge of
       B's and E's rows (with the search of A's) would run once per k;
       an index several sparse accesses store is taken before any soft
       edge: i j k, one merge per row, D read down its columns.

   Outline: repeatedly take, among the indices whose hard predecessors are
   placed, first an index two or more sparse accesses store (a merge or
   a located output: repeating it under a dense loop costs more than a
   strided dense read), then the one with the fewest soft predecessors
   not yet placed, then
   an index closing a reduction, then an index some operand stores in a
   sparse level, then an output index before a summed one, then the lower
   index id.  No candidate left means the sparse
   operands' orders conflict: lw_fail with the operands involved and a
   format that would avoid the conflict.  */

#include <stdio.h>
#include <string.h>
#include "lower/internal.h"


/* Add the edges of access A to HARD (sparse) or SOFT (dense): PRED[w]
   gets the indices that should precede w; and its indices stored in
   non-dense levels to *SPARSE, to *MERGED when an access seen before
   stores them sparsely too.  */
static void
lw_access_edges (const lw_access *a, unsigned *hard, unsigned *soft,
		 unsigned *sparse, unsigned *merged)
{
  if (a->format)
    {
      for (int l = 0; l < a->format->nlevels; l++)
	{
	  int v = a->idx[a->format->modes[l]];
	  if (a->format->levels[l].kind != SF_LEVEL_DENSE)
	    {
	      if (*sparse & BIT (v))
		*merged |= BIT (v);
	      *sparse |= BIT (v);
	    }
	  if (l > 0)
	    hard[v] |= BIT (a->idx[a->format->modes[l - 1]]);
	}
      return;
    }
  if (a->dense_of)
    {
      /* A dense copy: free until its layout follows the loop order.  */
      for (int k = 1; a->laid && k < a->nidx; k++)
	soft[a->idx[a->layout[k]]] |= BIT (a->idx[a->layout[k - 1]]);
      return;
    }
  for (int d = 1; d < a->nidx; d++)
    if (a->op->colmajor ^ a->relayout)
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

/* Return nonzero when placing index V after PLACED closes a reduction of
   E: a sum over V whose other indices are all placed or its own, so
   that it can be computed right there into a scalar.  */
static int
lw_closes_sum (const lw_expr *e, int v, unsigned placed)
{
  if (!e || !(e->mention & BIT (v)))
    return 0;
  if (e->kind == LW_SUM && (e->sum & BIT (v))
      && !(e->mention & ~e->sum & ~placed))
    return 1;
  return lw_closes_sum (e->a, v, placed) || lw_closes_sum (e->b, v, placed);
}

/* Return nonzero when E holds a sum.  */
static int
lw_has_sum (const lw_expr *e)
{
  return e && e->a && (e->kind == LW_SUM || lw_has_sum (e->a)
		       || lw_has_sum (e->b));
}

/* Return the indices of the innermost sums of E that sit inside another
   sum (IN: E is inside one): a tensor network's first contractions, as
   SUM{p} in SUM{r}(SUM{q}(SUM{p}(A*B) * C) * D).  */
static unsigned
lw_inner_sum_indices (const lw_expr *e, int in)
{
  if (!e || !e->a)
    return 0;
  if (e->kind == LW_SUM && in && !lw_has_sum (e->a))
    return e->sum;
  int below = in || e->kind == LW_SUM;
  return lw_inner_sum_indices (e->a, below)
	 | (e->b ? lw_inner_sum_indices (e->b, below) : 0);
}

/* Return the key lw_pick ranks index V by (lower is preferred).  */
static int
lw_pick_key (const lw_ctx *ctx, const lw_expr *e, int v, unsigned placed,
	     const unsigned *soft, unsigned sparse, unsigned merged,
	     unsigned want)
{
  /* An index of extent 1 (a scalar output's, sf_scalar_output_as_vector)
     costs nothing outermost and keeps the sums under it in registers.  */
  if (lw_unit_index (ctx, v) && (ctx->free_mask & BIT (v)))
    return -1000;
  int key = 16 * !(merged & BIT (v)) + 8 * lw_bits (soft[v] & ~placed)
	    + 4 * !lw_closes_sum (e, v, placed)
	    + 2 * !(sparse & BIT (v)) + !(ctx->free_mask & BIT (v));
  if (ctx->free_first && !(ctx->free_mask & BIT (v)))
    key += 1000;
  /* With sparse operands read from dense copies, the indices no sparse
     level stores go innermost: their loops then run down contiguous
     rows of the copies, and the sparse traversals around them are made
     once instead of once per coordinate.  */
  if (ctx->densify && !(sparse & BIT (v)))
    key += 64;
  if (!(want & BIT (v)))
    key += 32;
  return key;
}

/* Return the index of rank RANK (0: the best) among CANDIDATES (a
   nonempty mask) given PLACED, the SOFT edges, the SPARSE indices and the
   expression E; ties go to the lower index.  -1 when there are not RANK + 1
   candidates.  */
static int
lw_pick (const lw_ctx *ctx, const lw_expr *e, unsigned candidates,
	 unsigned placed, const unsigned *soft, unsigned sparse,
	 unsigned merged, unsigned want, int rank)
{
  int key[SF_MAX_INDICES], v[SF_MAX_INDICES], n = 0;
  for (int x = 0; x < SF_MAX_INDICES; x++)
    if (candidates & BIT (x))
      {
	int k = lw_pick_key (ctx, e, x, placed, soft, sparse, merged, want);
	int j = n++;
	for (; j > 0 && key[j - 1] > k; j--)
	  key[j] = key[j - 1], v[j] = v[j - 1];
	key[j] = k, v[j] = x;
      }
  return rank < n ? v[rank] : -1;
}

/* Store in ORDER the indices USED of E in the order lw_pick prefers,
   with the edges of every access but SKIP (-1: none), except that at
   step FORCE_STEP (-1: none) the candidate of rank FORCE_RANK is taken
   instead of the best; return their number, -1 when the hard edges admit
   no order, -2 when step FORCE_STEP has no candidate of that rank.  */
static int
lw_order_forced (const lw_ctx *ctx, const lw_expr *e, unsigned used,
		 int skip, int *order, int force_step, int force_rank)
{
  unsigned hard[SF_MAX_INDICES] = { 0 }, soft[SF_MAX_INDICES] = { 0 };
  unsigned sparse = 0, merged = 0, placed = 0;
  int n = 0;
  for (int a = 0; a < ctx->nacc; a++)
    if (a != skip)
      lw_access_edges (&ctx->acc[a], hard, soft, &sparse, &merged);
  if (ctx->sparse_first)
    memset (soft, 0, sizeof soft);
  unsigned want = ctx->sums_first ? lw_inner_sum_indices (e, 0) : 0;
  for (int pass = 0; pass < SF_MAX_INDICES; pass++)
    for (int v = 0; v < SF_MAX_INDICES; v++)
      if (want & BIT (v))
	want |= hard[v];
  while (placed != used)
    {
      unsigned ready = 0;
      for (int v = 0; v < SF_MAX_INDICES; v++)
	if ((used & ~placed & BIT (v)) && !(hard[v] & ~placed))
	  ready |= BIT (v);
      if (!ready)
	return -1;
      int v = lw_pick (ctx, e, ready, placed, soft, sparse, merged, want,
		       n == force_step ? force_rank : 0);
      if (v < 0)
	return -2;
      order[n++] = v;
      placed |= BIT (v);
    }
  return n;
}

/* lw_order_forced without a forced step.  */
static int
lw_order (const lw_ctx *ctx, const lw_expr *e, unsigned used, int skip,
	  int *order)
{
  return lw_order_forced (ctx, e, used, skip, order, -1, 0);
}

/* Return the position of index V in ORDER (N entries).  */
static int
lw_rank (const int *order, int n, int v)
{
  for (int k = 0; k < n; k++)
    if (order[k] == v)
      return k;
  return n;
}

/* Append to BUF (SIZE bytes) the indices of sparse access A in its
   storage order, "i before j".  */
static void
lw_storage_text (const lw_ctx *ctx, const lw_access *a, char *buf,
		 size_t size)
{
  for (int l = 0; l < a->format->nlevels; l++)
    {
      size_t len = strlen (buf);
      snprintf (buf + len, size - len, "%s%s", l ? " before " : "",
		lw_index_name (ctx, a->idx[a->format->modes[l]]));
    }
}

/* Return the level of sparse access A storing index V, -1 if none.  */
static int
lw_level_of (const lw_access *a, int v)
{
  for (int l = 0; l < a->format->nlevels; l++)
    if (a->idx[a->format->modes[l]] == v)
      return l;
  return -1;
}

/* Return nonzero when sparse accesses X and Y store two indices in
   opposite orders.  */
static int
lw_contradicts (const lw_access *x, const lw_access *y)
{
  const sf_format *f = x->format;
  for (int l = 0; l < f->nlevels; l++)
    for (int m = l + 1; m < f->nlevels; m++)
      {
	int u = lw_level_of (y, x->idx[f->modes[l]]);
	int w = lw_level_of (y, x->idx[f->modes[m]]);
	if (u >= 0 && w >= 0 && u > w)
	  return 1;
      }
  return 0;
}

/* Explain why no loop order exists: find a sparse access A without which
   one does, and fail naming A, another sparse access whose storage order
   it contradicts, and the modes() A would need.  */
static void
lw_order_conflict (lw_ctx *ctx, const lw_expr *e, unsigned used)
{
  int order[SF_MAX_INDICES];
  for (int a = ctx->nacc - 1; a >= 0; a--)
    {
      const lw_access *x = &ctx->acc[a];
      int n;
      if (!x->format || x->format->nlevels < 2
	  || (n = lw_order (ctx, e, used, a, order)) < 0)
	continue;
      char mine[128] = "", other[128] = "", modes[64] = "";
      int dims[SF_MAX_ORDER];
      for (int d = 0; d < x->nidx; d++)
	dims[d] = d;
      for (int i = 1; i < x->nidx; i++)	/* dims by loop position */
	for (int j = i; j > 0 && lw_rank (order, n, x->idx[dims[j]])
				 < lw_rank (order, n, x->idx[dims[j - 1]]); j--)
	  {
	    int t = dims[j];
	    dims[j] = dims[j - 1], dims[j - 1] = t;
	  }
      for (int d = 0; d < x->nidx; d++)
	snprintf (modes + strlen (modes), sizeof modes - strlen (modes),
		  "%s%d", d ? ", " : "", dims[d]);
      lw_storage_text (ctx, x, mine, sizeof mine);
      const lw_access *y = NULL;
      for (int b = 0; b < ctx->nacc && !y; b++)
	if (b != a && ctx->acc[b].format && lw_contradicts (x, &ctx->acc[b]))
	  y = &ctx->acc[b];
      for (int b = 0; b < ctx->nacc && !y; b++)
	if (b != a && ctx->acc[b].format && ctx->acc[b].format->nlevels > 1)
	  y = &ctx->acc[b];
      if (y)
	lw_storage_text (ctx, y, other, sizeof other);
      lw_fail (ctx, "no loop order follows the storage order of every "
	       "sparse operand: '%s' stores %s, but '%s' stores %s; declare "
	       "'%s' in a format with modes(%s)%s, or pass a transposed copy",
	       x->op->name, mine, y ? y->op->name : "?", other, x->op->name,
	       modes, x->nidx == 2 ? " (for a matrix: CSC instead of CSR or "
	       "the reverse)" : "");
      return;
    }
  lw_fail (ctx, "no loop order follows the storage order of every sparse "
	   "operand; store them in compatible mode orders, or pass "
	   "transposed copies");
}

/* After the loop order is chosen: mark each dense matrix operand read
   against its layout by the innermost loop, a reduction under a loop
   over sparse positions, to be read from a copy in the other layout
   (ReACT's D(k,j), row-major, in sum{k} C(i,k) * D(k,j) under i j k:
   each stored entry would read a column of D, K doubles N apart; the
   copy costs one pass over D per call, the column reads nnz(B) * K
   cache lines).  An operand used by two accesses, the output and
   anything not a plain 2-D array keep their layout.  Under memory(N)
   nothing is copied: the copy is as large as the operand, and the
   run-time choice that keeps the cap (sd_dispatch_memory,
   sched/candidates.c) picks among schedules, all of which would read
   the copy.  Returns the number of operands marked.  */
int
lw_choose_relayout (lw_ctx *ctx)
{
  unsigned hard[SF_MAX_INDICES] = { 0 }, soft[SF_MAX_INDICES] = { 0 };
  unsigned sparse = 0, merged = 0;
  int marked = 0;
  if (ctx->comp->memory)
    return 0;
  for (int a = 0; a < ctx->nacc; a++)
    lw_access_edges (&ctx->acc[a], hard, soft, &sparse, &merged);
  if (ctx->norder < 2)
    return 0;
  int inner = ctx->order[ctx->norder - 1];
  for (int a = 0; a < ctx->nacc; a++)
    {
      lw_access *x = &ctx->acc[a];
      if (a == ctx->out || x->format || x->nidx != 2
	  || x->op->kind != SF_OPERAND_DENSE || x->operand
	  == ctx->acc[ctx->out].operand || x->idx[0] == x->idx[1])
	continue;
      int shared = 0;
      for (int b = 0; b < ctx->nacc; b++)
	shared |= b != a && ctx->acc[b].operand == x->operand;
      int fast = x->idx[x->op->colmajor ? 0 : 1];
      int slow = x->idx[x->op->colmajor ? 1 : 0];
      if (shared || slow != inner || (ctx->free_mask & BIT (slow))
	  || lw_rank (ctx->order, ctx->norder, fast)
	     > lw_rank (ctx->order, ctx->norder, slow))
	continue;
      int under_sparse = 0;
      for (int k = 0; k < ctx->norder - 1; k++)
	under_sparse |= (sparse & BIT (ctx->order[k])) != 0;
      if (!under_sparse)
	continue;
      x->relayout = 1;
      marked++;
    }
  return marked;
}

/* Store in HARD[v] the indices that must precede v: the storage orders
   of the sparse operands (dense copies add none).  */
void
lw_hard_edges (const lw_ctx *ctx, unsigned *hard)
{
  unsigned soft[SF_MAX_INDICES] = { 0 }, sparse = 0, merged = 0;
  memset (hard, 0, sizeof (unsigned) * SF_MAX_INDICES);
  for (int a = 0; a < ctx->nacc; a++)
    if (!ctx->acc[a].dense_of)
      lw_access_edges (&ctx->acc[a], hard, soft, &sparse, &merged);
}

/* After a loop order is chosen for a lowering with dense copies (ctx
   densify): lay each copy out in that order, its dims sorted by the
   position of their index in ctx->order, so that the loops read it
   row after contiguous row (CoNST's choice of a layout from the loop
   order, for inputs it may lay out anew).  Accesses of one operand
   share a copy, the first one's layout.  Returns the number of copies
   laid out.  */
int
lw_densify_layouts (lw_ctx *ctx)
{
  int n = 0;
  for (int a = 0; a < ctx->nacc; a++)
    {
      lw_access *x = &ctx->acc[a];
      if (!x->dense_of || x->laid)
	continue;
      const lw_access *twin = NULL;
      for (int b = 0; b < a && !twin; b++)
	if (ctx->acc[b].dense_of && ctx->acc[b].operand == x->operand)
	  twin = &ctx->acc[b];
      for (int d = 0; d < x->nidx; d++)
	x->layout[d] = twin ? twin->layout[d] : d;
      for (int i = 1; !twin && i < x->nidx; i++)
	for (int j = i; j > 0
	     && lw_rank (ctx->order, ctx->norder, x->idx[x->layout[j]])
		< lw_rank (ctx->order, ctx->norder, x->idx[x->layout[j - 1]]);
	     j--)
	  {
	    int t = x->layout[j];
	    x->layout[j] = x->layout[j - 1], x->layout[j - 1] = t;
	  }
      x->laid = 1;
      n++;
    }
  return n;
}

/* Fill ctx->order with the indices USED by the computation E; return
   nonzero (after lw_fail) when the sparse operands admit no common
   order.  */
int
lw_choose_order (lw_ctx *ctx, const lw_expr *e, unsigned used)
{
  ctx->norder = lw_order (ctx, e, used, -1, ctx->order);
  if (ctx->norder >= 0)
    return 0;
  ctx->norder = 0;
  lw_order_conflict (ctx, e, used);
  return 1;
}

/* Return nonzero when index V has the constant extent 1 (the index
   sf_scalar_output_as_vector gives a scalar output).  */
int
lw_unit_index (const lw_ctx *ctx, int v)
{
  const sf_extent *x = &ctx->comp->extent[v];
  return x->kind == SF_EXTENT_CONST && x->value == 1;
}

/* Return nonzero when loop order ORDER (N indices) places an index that
   only dense operands have outside one that some sparse level stores:
   each sparse traversal below then runs once per coordinate of the dense
   loop (column-major dense operands ask for their column index
   first).  */
int
lw_dense_outside_sparse (const lw_ctx *ctx, const int *order, int n)
{
  unsigned hard[SF_MAX_INDICES] = { 0 }, soft[SF_MAX_INDICES] = { 0 };
  unsigned sparse = 0, merged = 0, formatted = 0;
  for (int a = 0; a < ctx->nacc; a++)
    {
      const lw_access *x = &ctx->acc[a];
      lw_access_edges (x, hard, soft, &sparse, &merged);
      for (int d = 0; x->format && d < x->nidx; d++)
	formatted |= BIT (x->idx[d]);
    }
  for (int k = 0; k < n; k++)
    {
      if (sparse & BIT (order[k]))
	return 0;
      if (formatted & BIT (order[k]))
	continue;		/* a sparse operand's own dense level */
      for (int m = k + 1; m < n; m++)
	if (sparse & BIT (order[m]))
	  return 1;
    }
  return 0;
}

/* Store in ORDERS[0..] up to MAX loop orders of the indices USED of E
   that follow every sparse operand's storage order (the hard edges), all
   of the same length *LEN: first the one lw_choose_order takes, then
   those that depart from it at one step (the loop at that step is the
   second, third... preferred one, the rest as preferred), outer steps
   first: a limited discrepancy search, which reaches the orders that
   differ in their outer loops (where the cost differs most) before the
   permutations of inner ones.  Returns the number stored (0 when no
   order exists).  */
int
lw_order_variants (lw_ctx *ctx, const lw_expr *e, unsigned used,
		   int (*orders)[SF_MAX_INDICES], int max, int *len)
{
  int n = lw_order (ctx, e, used, -1, orders[0]);
  if (n < 0 || max < 1)
    return 0;
  *len = n;
  int count = 1;
  for (int step = 0; step < n && count < max; step++)
    for (int rank = 1; count < max; rank++)
      {
	int *o = orders[count];
	if (lw_order_forced (ctx, e, used, -1, o, step, rank) != n)
	  break;
	int dup = 0;
	for (int k = 0; k < count && !dup; k++)
	  dup = !memcmp (orders[k], o, sizeof (int) * (size_t) n);
	count += !dup;
      }
  return count;
}
