/* Where-statements: a reduction computed into a dense workspace that the
   rest of the expression then reads (SparseLNR's forall(F, where(consumer,
   producer)), ReACT's dimension-reduced temporary).

   SpMM,GEMM, A(i,l) = B(i,j)*C(j,k)*D(k,l), is SUM{k}(SUM{j}(B*C) * D)
   in the order i j k l.  The single nest lifts SUM{j} over D and
   recomputes B*C for every l:

     for i: for j in B(i,:): for k: for l: A[i,l] += B*C[j,k]*D[k,l]

   The where-statement computes SUM{j}(B*C) once per i into a workspace
   that keeps only the indices below the fused prefix (here k: the
   K-vector w_k, reset in the i loop), then the consumer reads it:

     for i:                                   forall i
       for z < K: w_k[z] = 0                    where (consumer, producer)
       for j in B(i,:): for k: w_k[k] += B*C[j,k]            producer
       for k: for l: A[i,l] += w_k[k] * D[k,l]               consumer

   Outline of lw_gen_where_producer and its caller (lw_gen_reduction in
   lower/nest.c), at level K of the nest (index v = order[K],
   the enclosing loops having bound PATH: the fused prefix):
     1. the workspace keeps the sum's free indices not yet bound
        (dimension reduction: scalar when none, but then no where is
        needed -- lower/nest.c uses a scalar temporary);
     2. it is reset where the where sits, inside the fused loops;
     3. the producer is the sum's own nest from level K, its sink the
        workspace (its indices play the part of free indices);
     4. the consumer is the rest of the expression with the sum replaced
        by a read of the workspace, continuing at level K+1.
   lw_place_work then allocates each workspace once: in the per-thread
   setup of the parallel loop that uses it (thread-private), else around
   the whole region.

   When is a where better than lifting the sum (lw_want_where)?  Lifting
   multiplies the sum's loops by the loops of the rest that the sum does
   not mention; the where adds them instead, plus one reset.  So: a where
   when the rest loops over an index the sum does not mention.  */

#include <stdio.h>
#include <string.h>
#include "lower/internal.h"


/* Workspaces of at most this many bytes, with a size known when
   compiling, live on the stack; the others on the heap.  */
#define LW_STACK_BYTES 32768

/* Return the free indices SINK still has to loop over: the output's, a
   workspace's, none for a scalar.  */
unsigned
lw_sink_free (const lw_ctx *ctx, const lw_path *path, lw_sink sink)
{
  switch (sink.kind)
    {
    case LW_SINK_OUT:
      return ctx->free_mask & ~path->bound;
    case LW_SINK_WORK:
      return ctx->work[sink.var].idx & ~path->bound;
    default:
      return 0;
    }
}

/* Return the position of index V in the loop order, or -1.  */
static int
lw_order_pos (const lw_ctx *ctx, int v)
{
  for (int k = 0; k < ctx->norder; k++)
    if (ctx->order[k] == v)
      return k;
  return -1;
}

/* Return the indices E leaves free: those it mentions outside the sums
   that bind them.  */
unsigned
lw_free_indices (const lw_expr *e)
{
  if (!e->a)
    return e->mention;
  unsigned m = lw_free_indices (e->a) | (e->b ? lw_free_indices (e->b) : 0);
  return e->kind == LW_SUM ? m & ~e->sum : m;
}

/* Return the indices that a sparse access iterates through a level that
   is not dense: a workspace over one of them would be as large as the
   dense tensor (the where then does not pay).  */
static unsigned
lw_sparse_indices (const lw_ctx *ctx)
{
  unsigned m = 0;
  for (int n = 0; n < ctx->nacc; n++)
    {
      const lw_access *a = &ctx->acc[n];
      for (int d = 0; a->format && d < a->nidx; d++)
	if (a->format->levels[a->slot[a->idx[d]]].kind != SF_LEVEL_DENSE)
	  m |= BIT (a->idx[d]);
    }
  return m;
}

/* Return nonzero when the sum R at level K (INNER: the indices it still
   needs, OUTER: those the rest of the expression needs) should become a
   where-statement rather than be lifted over the rest.  */
int
lw_want_where (const lw_ctx *ctx, const lw_path *path, lw_expr *r,
	       unsigned inner, unsigned outer)
{
  if (!ctx->fuse || ctx->nwork == LW_MAX_WORK)
    return 0;
  unsigned keep = lw_free_indices (r) & ~path->bound;
  if (!keep || !(outer & ~inner)
      || (!ctx->sums_first && (keep & lw_sparse_indices (ctx))))
    return 0;
  /* The producer and the consumer loop over the kept indices after the
     sum's loop: each must still be ahead in the order.  */
  int here = -1;
  for (int k = 0; k < ctx->norder; k++)
    if (r->sum & BIT (ctx->order[k]) && !(path->bound & BIT (ctx->order[k])))
      {
	here = k;
	break;
      }
  for (int v = 0; v < SF_MAX_INDICES; v++)
    if ((keep & BIT (v)) && lw_order_pos (ctx, v) < here)
      return 0;
  return 1;
}

/* Return nonzero when the sum R may be computed over the whole iteration
   space into a full temporary: its free indices are all dense.  */
int
lw_work_full_ok (const lw_ctx *ctx, lw_expr *r)
{
  unsigned keep = lw_free_indices (r);
  return keep && !(keep & lw_sparse_indices (ctx));
}

/* Return the number of elements of a workspace over the indices IDX.  */
static sf_ir_expr *
lw_work_size (lw_ctx *ctx, unsigned idx)
{
  sf_ir_expr *n = sf_ir_int (ctx->arena, 1);
  for (int k = 0; k < ctx->norder; k++)
    if (idx & BIT (ctx->order[k]))
      n = sf_ir_mul (ctx->arena, n, lw_index_extent (ctx, ctx->order[k]));
  return n;
}

/* Return the element of workspace W at the coordinates bound in PATH:
   row-major over its indices in the loop order it was made in (so that
   the innermost loop walks it contiguously), whatever the order of the
   nest reading it: the consumer of an unfused temporary may be lowered
   in another order (output indices first) than its producer.  */
static sf_ir_expr *
lw_work_index (lw_ctx *ctx, const lw_path *path, int w)
{
  sf_arena *A = ctx->arena;
  int pa = ctx->work[w].pos_acc;
  if (pa >= 0)
    {
      const lw_state *st = &path->st[pa];
      if (st->ranged || st->guard || !st->pos
	  || st->nbound != ctx->acc[pa].format->nlevels)
	{
	  lw_fail (ctx, "internal error: sparse temporary written before "
		   "its position is known");
	  return sf_ir_int (A, 0);
	}
      return sf_ir_clone (A, st->pos);
    }
  sf_ir_expr *idx = NULL;
  for (int k = 0; k < ctx->work[w].nlay; k++)
    {
      int v = ctx->work[w].lay[k];
      if (!path->coord[v])
	{
	  lw_fail (ctx, "internal error: workspace read before '%s' is bound",
		   lw_index_name (ctx, v));
	  return sf_ir_int (A, 0);
	}
      sf_ir_expr *c = sf_ir_clone (A, path->coord[v]);
      idx = idx ? sf_ir_add (A, sf_ir_mul (A, idx, lw_index_extent (ctx, v)),
			     c) : c;
    }
  return idx ? idx : sf_ir_int (A, 0);
}

sf_ir_expr *
lw_work_value (lw_ctx *ctx, const lw_path *path, const lw_expr *e)
{
  return sf_ir_aload (ctx->arena, ctx->r, ctx->work[e->var].var,
		      lw_work_index (ctx, path, e->var));
}

/* Append to LIST the accumulation of VALUE into workspace W at the
   coordinates bound in PATH.  */
void
lw_work_store (lw_ctx *ctx, const lw_path *path, int w, sf_ir_expr *value,
	       sf_ir_list *list)
{
  int var = ctx->work[w].var;
  sf_ir_append (list, sf_ir_astore (ctx->arena, var,
				    lw_work_index (ctx, path, w),
				    sf_ir_convert (ctx->arena, value,
						   ctx->r->vars[var].ty), 1));
}

/* Return the name of a workspace over IDX: PREFIX ("w_", "r_" for an
   accumulated row) and its indices.  */
static const char *
lw_work_name (const lw_ctx *ctx, unsigned idx, const char *prefix)
{
  char buf[64];
  snprintf (buf, sizeof buf, "%s", prefix);
  for (int k = 0; k < ctx->norder; k++)
    if ((idx & BIT (ctx->order[k])) && strlen (buf) < 40)
      strcat (buf, lw_index_name (ctx, ctx->order[k]));
  return sf_arena_strdup (ctx->arena, buf);
}

/* Return a new workspace over the indices IDX holding values of type TY,
   filled inside the loops over FUSED: indexed by their coordinates, or,
   when POS_ACC >= 0, by the positions of that sparse access's last level
   (a temporary over its pattern); its name starts with PREFIX.  */
static int
lw_new_work (lw_ctx *ctx, unsigned idx, unsigned fused, sf_ty ty,
	     int pos_acc, const char *prefix)
{
  sf_arena *A = ctx->arena;
  int w = ctx->nwork++;
  lw_work *x = &ctx->work[w];
  x->var = sf_region_array (A, ctx->r, lw_work_name (ctx, idx, prefix), ty);
  x->idx = idx;
  x->fused = fused;
  x->pos_acc = pos_acc;
  x->out_block = 0;
  x->reset = NULL;
  x->nlay = 0;
  for (int k = 0; pos_acc < 0 && k < ctx->norder; k++)
    if (idx & BIT (ctx->order[k]))
      x->lay[x->nlay++] = ctx->order[k];
  x->size = pos_acc >= 0 ? lw_stored_count (ctx, pos_acc)
	    : lw_work_size (ctx, idx);
  long long bytes = x->size->op == SF_IR_INT
		    ? x->size->ival * sf_ty_bytes (ty) : -1;
  x->heap = bytes < 0 || bytes > LW_STACK_BYTES;
  x->alloc = sf_ir_alloc (A, x->var, x->size, x->heap, &x->release);
  return w;
}

/* Return the ctx->work entry of a new full temporary over the indices
   IDX (allocated once for the region, before it) holding values of type
   TY: the copy of a relayout operand (lower/access.c); -1 when the table
   is full.  */
int
lw_new_full_work (lw_ctx *ctx, unsigned idx, sf_ty ty)
{
  if (ctx->nwork == LW_MAX_WORK)
    return -1;
  return lw_new_work (ctx, idx, 0, ty, -1, "w_");
}

/* Append to LIST the loop storing 0 in every element of workspace W.  */
static void
lw_reset_work (lw_ctx *ctx, int w, sf_ir_list *list)
{
  sf_arena *A = ctx->arena;
  const lw_work *x = &ctx->work[w];
  int z = lw_new_var (ctx, "z", SF_TY_INDEX);
  sf_ir_stmt *zero = sf_ir_astore (A, x->var, lw_var (ctx, z),
				   sf_ir_float (A, 0.0,
						ctx->r->vars[x->var].ty), 0);
  sf_ir_append (list, sf_ir_for (A, z, sf_ir_int (A, 0),
				 sf_ir_clone (A, x->size), zero));
}

/* Note the where-statement (WHAT: "where") or output block (WHAT:
   "block") of workspace W for the schedule text: "where w_k: rank 1,
   size |k|, heap, fused over i".  Only where-statements count in
   nwhere: a single nest with an output block is still the single nest
   (sched/candidates.c drops such candidates).  */
static void
lw_note_where (lw_ctx *ctx, int w, const lw_path *path, const char *what)
{
  const lw_work *x = &ctx->work[w];
  char buf[256];
  int len = snprintf (buf, sizeof buf, "%s%s %s: rank %d, size ",
		      ctx->where_text[0] ? "; " : "", what,
		      ctx->r->vars[x->var].name,
		      __builtin_popcount (x->idx));
  const char *sep = "";
  if (x->pos_acc >= 0)
    len += snprintf (buf + len, sizeof buf - (size_t) len, "nnz(%s) (%s's "
		     "pattern, one value per stored entry)",
		     ctx->acc[x->pos_acc].op->name,
		     ctx->acc[x->pos_acc].op->name);
  for (int k = 0; x->pos_acc < 0 && k < ctx->norder
		  && len < (int) sizeof buf - 40; k++)
    if (x->idx & BIT (ctx->order[k]))
      {
	len += snprintf (buf + len, sizeof buf - (size_t) len, "%s|%s|", sep,
			 lw_index_name (ctx, ctx->order[k]));
	sep = "*";
      }
  len += snprintf (buf + len, sizeof buf - (size_t) len, ", %s, fused over",
		   x->heap ? "heap" : "stack");
  if (!path->bound)
    snprintf (buf + len, sizeof buf - (size_t) len, " nothing");
  for (int k = 0; k < ctx->norder && len < (int) sizeof buf - 20; k++)
    if (path->bound & BIT (ctx->order[k]))
      len += snprintf (buf + len, sizeof buf - (size_t) len, " %s",
		       lw_index_name (ctx, ctx->order[k]));
  size_t used = strlen (ctx->where_text);
  if (used + strlen (buf) + 1 < sizeof ctx->where_text)
    strcat (ctx->where_text, buf);
  if (strcmp (what, "where") == 0)
    ctx->nwhere++;
}

/* Append to LIST the reset of a new workspace over the indices KEEP and
   the nest computing E into it from level K under PATH (noted in the
   schedule as WHAT, when not NULL); return the expression reading it.  */
static lw_expr *
lw_fill_work (lw_ctx *ctx, int k, lw_expr *e, unsigned keep, lw_path *path,
	      sf_ir_list *list, const char *what)
{
  sf_ty ty = sf_ty_wider (lw_value_ty (ctx, e), ctx->out_ty);
  int w = lw_new_work (ctx, keep, path->bound, ty, -1, what ? "w_" : "r_");
  lw_reset_work (ctx, w, list);
  ctx->work[w].reset = list->tail;
  lw_sink into = { LW_SINK_WORK, w };
  lw_gen (ctx, k, e, into, path, list);
  if (what)
    lw_note_where (ctx, w, path, what);
  lw_expr *read = lw_node (ctx, LW_WORK, NULL, NULL);
  read->var = w;
  read->mention = keep;
  read->ty = ty;
  return read;
}

/* Steps 1-3: append to LIST the reset of a new workspace and the producer
   computing the sum R (a node of E) into it, at level K under PATH;
   return E with R replaced by the workspace (the consumer, step 4, which
   the caller generates from level K+1).  */
lw_expr *
lw_gen_where_producer (lw_ctx *ctx, int k, lw_expr *e, lw_expr *r,
		       lw_path *path, sf_ir_list *list)
{
  unsigned keep = lw_free_indices (r) & ~path->bound;
  return lw_replace (ctx, e, r, lw_fill_work (ctx, k, r, keep, path, list,
					       "where"));
}

/* As lw_gen_where_producer at the root (nothing bound), for a full
   temporary filled before the nest (schedule(unfused), dense sums
   first): when the producer's outermost loop runs over the temporary's
   first index, each iteration writes its own rows of it, so the loop
   may run in parallel with no copy of the temporary per thread (a
   coordinate repeated by a coo level would break that: none may store
   the index so).  */
lw_expr *
lw_gen_full_producer (lw_ctx *ctx, lw_expr *e, lw_expr *r, lw_path *path,
		      sf_ir_list *list)
{
  unsigned keep = lw_free_indices (r) & ~path->bound;
  sf_ir_list nest = { 0 };
  lw_expr *read = lw_fill_work (ctx, 0, r, keep, path, &nest, "where");
  int first = -1;
  for (int k = 0; k < ctx->norder && first < 0; k++)
    if ((r->mention | keep) & BIT (ctx->order[k]))
      first = ctx->order[k];
  int unique = first >= 0 && (keep & BIT (first));
  for (int a = 0; a < ctx->nacc && unique; a++)
    {
      const lw_access *x = &ctx->acc[a];
      if (x->format && x->slot[first] >= 0)
	unique = sf_level_is_unique (x->format->levels[x->slot[first]].kind);
    }
  /* The reset comes first, then the producer's loop.  */
  sf_ir_stmt *top = NULL;
  int nfor = 0;
  for (sf_ir_stmt *s = nest.head; s; s = s->next)
    if (s->kind == SF_IR_FOR)
      top = s, nfor++;
  if (unique && nfor == 2 && path->bound == 0 && ctx->options
      && ctx->options->openmp && !ctx->comp->serial)
    top->parallel = 1, top->chunk = 16;
  sf_ir_append (list, nest.head);
  return lw_replace (ctx, e, r, read);
}

/* ---- temporaries over a sparse pattern ---- */

/* GNN, A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l), B CSR, has the inner
   sum SUM{k}(C*D) over i and j; j is sparse, so a full temporary over
   (i,j) would be as large as a dense I x J matrix.  But the sum only
   matters where B is stored: the product B * SUM{k}(C*D) (SDDMM) is a
   sparse matrix with B's pattern, kept as one value per stored entry of
   B, in the order of B's values (the sparsification of the temporary):

     for i: for p in B(i,:): for k: w[p] += B_vals[p] * C[i,k] * D[j,k]
     for i: for p in B(i,:): for l: A[i,l] += w[p] * E[j,l]

   The consumer reads it through a second access of B (values_work): it
   iterates B's pattern as B does, but its value at position p is
   w[p].  The library-style sequence, schedule(unfused), uses it for a
   sum whose free indices a sparse factor of the same product stores
   exactly, one per level, every level dense or compressed (a position
   per coordinate), and a dense output.  */

/* Collect into F (N so far, at most MAX) the factors of the product
   block E (through MUL nodes only); return the new count, -1 past MAX.  */
static int
lw_mul_factors (lw_expr *e, lw_expr **f, int n, int max)
{
  if (n < 0)
    return n;
  if (e->kind == LW_MUL)
    return lw_mul_factors (e->b, f, lw_mul_factors (e->a, f, n, max), max);
  if (n == max)
    return -1;
  f[n] = e;
  return n + 1;
}

/* Return nonzero when access ACC stores exactly the indices FREE, one
   per level, each level dense or compressed.  */
static int
lw_mask_ok (const lw_ctx *ctx, int acc, unsigned free)
{
  const lw_access *a = &ctx->acc[acc];
  if (acc == ctx->out || !a->format || a->dense_of || a->values_work >= 0
      || a->nidx != a->format->nlevels
      || __builtin_popcount (free) != a->nidx)
    return 0;
  for (int d = 0; d < a->nidx; d++)
    if (!(free & BIT (a->idx[d])))
      return 0;
  for (int l = 0; l < a->format->nlevels; l++)
    if (a->format->levels[l].kind != SF_LEVEL_DENSE
	&& a->format->levels[l].kind != SF_LEVEL_COMPRESSED)
      return 0;
  return 1;
}

/* Return the sparse factor of E's product holding the sum R whose
   pattern a temporary of R may take (lw_mask_ok), or NULL.  */
lw_expr *
lw_mask_of (const lw_ctx *ctx, lw_expr *e, const lw_expr *r)
{
  if (!e || !e->a || ctx->acc[ctx->out].format
      || ctx->nacc == LW_MAX_ACCESS)
    return NULL;
  if (e->kind == LW_MUL)
    {
      lw_expr *f[32];
      int n = lw_mul_factors (e, f, 0, 32), has = 0;
      for (int i = 0; i < n; i++)
	has |= f[i] == r;
      for (int i = 0; has && i < n; i++)
	if (f[i]->kind == LW_ACC
	    && lw_mask_ok (ctx, f[i]->acc, lw_free_indices (r)))
	  return f[i];
      /* Below this block: the factors' own subtrees.  */
      for (int i = 0; i < n; i++)
	{
	  lw_expr *m = f[i] == r ? NULL : lw_mask_of (ctx, f[i], r);
	  if (m)
	    return m;
	}
      return NULL;
    }
  lw_expr *m = lw_mask_of (ctx, e->a, r);
  return m ? m : lw_mask_of (ctx, e->b, r);
}

/* Return E without its factors 1 (a factor replaced by 1 above).  */
static lw_expr *
lw_drop_ones (lw_ctx *ctx, lw_expr *e)
{
  if (!e->a)
    return e;
  lw_expr *a = lw_drop_ones (ctx, e->a);
  lw_expr *b = e->b ? lw_drop_ones (ctx, e->b) : NULL;
  if (e->kind == LW_MUL && a->kind == LW_NUM && a->num == 1.0)
    return b;
  if (e->kind == LW_MUL && b->kind == LW_NUM && b->num == 1.0)
    return a;
  if (a == e->a && b == e->b)
    return e;
  if (e->kind == LW_SUM)
    return lw_sum (ctx, e->sum, a);
  return lw_node (ctx, e->kind, a, b);
}

/* Append to LIST the reset of a new temporary over MASK's pattern and the
   producer computing MASK * R into it (R a sum, MASK a factor of the
   product holding it in E, lw_mask_of), under PATH (nothing bound);
   return E with R replaced by the temporary's access and MASK by 1.  */
lw_expr *
lw_gen_masked_producer (lw_ctx *ctx, lw_expr *e, lw_expr *r, lw_expr *mask,
			lw_path *path, sf_ir_list *list)
{
  int b = mask->acc;
  const lw_access *ba = &ctx->acc[b];
  lw_expr *prod = lw_node (ctx, LW_MUL, mask, r);
  sf_ty ty = sf_ty_wider (lw_value_ty (ctx, prod), ctx->out_ty);
  int w = lw_new_work (ctx, lw_free_indices (r), path->bound, ty, b, "w_");
  lw_reset_work (ctx, w, list);
  lw_sink into = { LW_SINK_WORK, w };
  sf_ir_list nest = { 0 };
  lw_gen (ctx, 0, prod, into, path, &nest);
  /* When the producer's outermost loop runs over the index of the
     pattern's first level, its iterations write disjoint positions: it
     may run in parallel, with no copy of the temporary.  */
  int first = -1;
  for (int k = 0; k < ctx->norder && first < 0; k++)
    if ((prod->mention | lw_free_indices (r)) & BIT (ctx->order[k]))
      first = ctx->order[k];
  sf_ir_stmt *top = nest.head;
  while (top && top->kind == SF_IR_DECL)
    top = top->next;
  if (top && top->kind == SF_IR_FOR && first >= 0
      && ba->slot[first] == 0 && ctx->options && ctx->options->openmp
      && !ctx->comp->serial)
    top->parallel = 1, top->chunk = 16;
  sf_ir_append (list, nest.head);
  lw_note_where (ctx, w, path, "where");
  int t = ctx->nacc++;
  ctx->acc[t] = *ba;
  ctx->acc[t].values_work = w;
  lw_expr *read = lw_node (ctx, LW_ACC, NULL, NULL);
  read->acc = t;
  read->mention = mask->mention;
  read->ty = ty;
  e = lw_replace (ctx, e, r, read);
  return lw_drop_ones (ctx, lw_replace (ctx, e, mask, lw_num (ctx, 1.0)));
}

/* ---- output blocks ---- */

/* A dense output whose innermost loop is not its contiguous index is
   written with a stride on every store: no vector stores, a cache line
   touched per element.  The network with B and D copied dense,
   T(i,j,k) in the order i p k q r j, stores T[i][j][k] in the j loop,
   K elements apart.  Below the loops over the output's leading indices
   the nest then adds into a block laid out in the loop order instead,
   zeroed there, and one loop nest copies the block into the output
   (the transpose the hand-written kernel does):

     for i in A:                         for i in A:
       ...                                 w_kj = 0
         for j: T[i,j,k] += v[j]           ...  for j: w_kj[k,j] += v[j]
                                           for k: for j: T[i,j,k] = w_kj[k,j]

   Its condition (lw_want_out_block), at the first level where an output
   index is bound and nothing else: the innermost loop of the order runs
   over an output index still unbound that is not the output's
   contiguous one, and the schedule fuses (not the single nest of
   schedule(naive)).  The block holds every element of the output below
   the bound indices, so the copy writes them all: the store is the
   nest's own ("=" unless it accumulates), and entries of the output
   the loops above never visit are zeroed first as before.  */

/* Return nonzero when the loops of E below PATH add into one row of the
   output, KEEP its last index (LAST, the innermost loop, CONTIGUOUS in
   the output) alone, once per iteration of a sum of E that comes first:
   an accumulated row.  */
static int
lw_accumulated_row (const lw_ctx *ctx, const lw_path *path,
		    const lw_expr *e, unsigned keep, int last, int contiguous)
{
  if (keep != BIT (last) || last != contiguous)
    return 0;
  for (int k = 0; k < ctx->norder; k++)
    {
      int v = ctx->order[k];
      if (path->bound & BIT (v))
	continue;
      if (ctx->free_mask & BIT (v))
	return 0;
      if (lw_find_sum ((lw_expr *) e, v))
	return 1;
    }
  return 0;
}

/* Return nonzero when E (sink: the output) should be computed into an
   output block at this point of the nest, PATH: 1 for a block that
   transposes, 2 for an accumulated row.  */
int
lw_want_out_block (const lw_ctx *ctx, const lw_path *path, const lw_expr *e)
{
  const lw_access *o = &ctx->acc[ctx->out];
  unsigned keep = ctx->free_mask & ~path->bound;
  if (!(ctx->fuse || ctx->tune) || ctx->in_out_block
      || ctx->nwork == LW_MAX_WORK
      || o->format || o->dense_of || o->relayout || !keep
      || !(path->bound & ctx->free_mask) || (path->bound & ~ctx->free_mask)
      || __builtin_popcount (ctx->free_mask) != o->nidx || lw_is_zero (e)
      || ctx->norder < 1)
    return 0;
  int last = ctx->order[ctx->norder - 1];
  int contiguous = o->idx[o->op->colmajor ? 0 : o->nidx - 1];
  if (ctx->fuse && (keep & BIT (last)) && last != contiguous)
    return 1;
  return ctx->tune
	 && lw_accumulated_row (ctx, path, e, keep, last, contiguous) ? 2 : 0;
}

/* Append to LIST the reset of a new output block of KIND (as
   lw_want_out_block says), the nest computing E into it from level K
   under PATH, and its copy into the output.  An accumulated row is a
   matter of code, not of schedule: the estimates leave out its copy,
   its reset unless it replaces the output's zeroing (lw_assemble), and
   its memory, so that every candidate is chosen as without it; the
   schedule mentions it apart from the where-statements.  */
void
lw_gen_out_block (lw_ctx *ctx, int k, lw_expr *e, lw_path *path,
		  sf_ir_list *list, int kind)
{
  lw_expr *read = lw_fill_work (ctx, k, e, ctx->free_mask & ~path->bound,
				path, list, kind == 1 ? "block" : NULL);
  lw_work *x = &ctx->work[read->var];
  x->out_block = kind;
  if (kind == 2 && !strstr (ctx->row_text, ctx->r->vars[x->var].name)
      && strlen (ctx->row_text) + strlen (ctx->r->vars[x->var].name) + 3
	 < sizeof ctx->row_text)
    {
      if (ctx->row_text[0])
	strcat (ctx->row_text, ", ");
      strcat (ctx->row_text, ctx->r->vars[x->var].name);
    }
  lw_sink out = { LW_SINK_OUT, -1 };
  sf_ir_stmt *fill_end = list->tail;
  ctx->in_out_block = 1;
  lw_gen (ctx, k, read, out, path, list);
  ctx->in_out_block = 0;
  for (sf_ir_stmt *s = fill_end ? fill_end->next : list->head;
       kind == 2 && s; s = s->next)
    s->untimed = 1;
}

/* ---- nesting the sums of a product along the loop order ---- */

/* Append to F (N so far, at most MAX) the factors of the block E -- the
   products and the sums directly under them -- and add its summed
   indices to *SUMS; return the new count, or -1 past MAX.  */
static int
lw_block (lw_expr *e, unsigned *sums, lw_expr **f, int n, int max)
{
  if (n < 0)
    return n;
  if (e->kind == LW_SUM)
    {
      *sums |= e->sum;
      return lw_block (e->a, sums, f, n, max);
    }
  if (e->kind == LW_MUL)
    return lw_block (e->b, sums, f, lw_block (e->a, sums, f, n, max), max);
  if (n == max)
    return -1;
  f[n] = e;
  return n + 1;
}

/* Return the summed index of SUMS that F mentions last in the loop
   order, or -1.  */
static int
lw_deepest (const lw_ctx *ctx, const lw_expr *f, unsigned sums)
{
  int deepest = -1;
  for (int k = 0; k < ctx->norder; k++)
    if (f->mention & sums & BIT (ctx->order[k]))
      deepest = ctx->order[k];
  return deepest;
}

/* Return the product of ACC and the factors F[0..N) whose deepest summed
   index (among SUMS) is V.  */
static lw_expr *
lw_level_product (lw_ctx *ctx, lw_expr **f, int n, unsigned sums, int v,
		  lw_expr *acc)
{
  for (int i = 0; i < n; i++)
    if (lw_deepest (ctx, f[i], sums) == v)
      acc = acc ? lw_node (ctx, LW_MUL, f[i], acc) : f[i];
  return acc;
}

/* Return the block rooted at the sum S rebuilt as one sum per index,
   nested in the loop order, each factor in the sum of the last index
   it mentions: SUM{i,j,k}(B(i,j,k)*C(i,l)*D(j,m)*E(k,n)) in the order
   i j k becomes SUM{i}(C * SUM{j}(D * SUM{k}(B * E))).  Each product
   then multiplies where its indices are bound (ReACT's distribution of
   a product over the sums it does not depend on), and each inner sum can
   become a where-statement.  */
static lw_expr *
lw_nest_block (lw_ctx *ctx, lw_expr *s)
{
  lw_expr *f[64];
  unsigned sums = 0;
  int n = lw_block (s, &sums, f, 0, 64);
  if (n < 0)
    return s;
  for (int i = 0; i < n; i++)
    f[i] = lw_nest_sums (ctx, f[i]);
  lw_expr *acc = NULL;
  for (int k = ctx->norder - 1; k >= 0; k--)
    {
      int v = ctx->order[k];
      if (!(sums & BIT (v)))
	continue;
      acc = lw_level_product (ctx, f, n, sums, v, acc);
      if (acc)
	acc = lw_sum (ctx, BIT (v), acc);
    }
  acc = lw_level_product (ctx, f, n, sums, -1, acc);
  return acc ? acc : s;
}

lw_expr *
lw_nest_sums (lw_ctx *ctx, lw_expr *e)
{
  if (e->kind == LW_SUM)
    return lw_nest_block (ctx, e);
  if (!e->a)
    return e;
  lw_expr *a = lw_nest_sums (ctx, e->a);
  lw_expr *b = e->b ? lw_nest_sums (ctx, e->b) : NULL;
  if (a == e->a && b == e->b)
    return e;
  return lw_node (ctx, e->kind, a, b);
}

/* ---- allocation ---- */

/* Give each parallel loop among the statements S (outermost ones) the
   per-thread allocation of the fused workspace X when its body uses it;
   return how many loops took it.  */
static int
lw_place_private (lw_ctx *ctx, sf_ir_stmt *s, const lw_work *x)
{
  int n = 0;
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_FOR && s->parallel)
	{
	  if (!sf_ir_uses_array (s->body, x->var))
	    continue;
	  sf_ir_stmt *release;
	  sf_ir_stmt *alloc = sf_ir_alloc (ctx->arena, x->var,
					   sf_ir_clone (ctx->arena, x->size),
					   x->heap, &release);
	  alloc->next = s->setup;
	  s->setup = alloc;
	  release->next = s->teardown;
	  s->teardown = release;
	  n++;
	  continue;
	}
      n += lw_place_private (ctx, s->body, x);
      n += lw_place_private (ctx, s->else_body, x);
    }
  return n;
}

/* Forget every workspace made so far (a new candidate lowering).  */
void
lw_forget_work (lw_ctx *ctx)
{
  ctx->nwork = 0;
  for (int o = 0; o < SF_MAX_OPERANDS; o++)
    ctx->relayout_work[o] = -1;
}

/* Return nonzero when workspace W is the last one made for its variable
   (a retried lowering reuses variable ids) and still an array.  */
int
lw_work_live (const lw_ctx *ctx, int w)
{
  return sf_work_live (ctx->r, ctx->work, ctx->nwork, w);
}

/* Return nonzero when workspace W is one BODY really has: the last one
   made for its variable, and used (what lw_place_work allocates).  */
int
lw_work_in (const lw_ctx *ctx, int w, const sf_ir_stmt *body)
{
  return sf_work_in (ctx->r, ctx->work, ctx->nwork, w, body);
}

/* Return BODY with every workspace allocated: a fused one in the setup
   of the parallel loop using it (once per thread), else (a full
   temporary, or serial code) before BODY, freed after it.  */
sf_ir_stmt *
lw_place_work (lw_ctx *ctx, sf_ir_stmt *body)
{
  sf_ir_list pre = { 0 }, post = { 0 };
  for (int w = 0; w < ctx->nwork; w++)
    {
      lw_work *x = &ctx->work[w];
      if (!lw_work_in (ctx, w, body))
	continue;
      if (x->fused && lw_place_private (ctx, body, x))
	continue;
      x->alloc->next = NULL;
      x->release->next = NULL;
      sf_ir_append (&pre, x->alloc);
      sf_ir_append (&post, x->release);
    }
  if (!pre.head)
    return body;
  sf_ir_append (&pre, body);
  sf_ir_append (&pre, post.head);
  return pre.head;
}
