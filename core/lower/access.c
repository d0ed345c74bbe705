/* Operands in the nest: their parameters, how positions and offsets are
   bound as loops bind indices, element loads, and the output's stores.

     C(j,k) dense, double (*C)[K], loop order i j k:
       at j:  decl oC = j * K            (row base, hoisted to j)
       at k:  load C[oC + k]
     B(i,j) CSR at j:  position pB1 (the loop's own), load B_vals[pB1]
     A(i,j) sparse output sharing B's pattern:  A_vals[pB1]
     A(i,j) sparse output with its own pattern at j:
       decl lo = A_pos[i], end = A_pos[i+1], hi = end;
       while (lo < hi) { mid = lo + (hi - lo) / 2;
                         if (A_crd[mid] < j) lo = mid + 1; else hi = mid; }
       if (lo < end && A_crd[lo] == j) { ... A_vals[lo] ... }

   Parameters are registered on first use and deduplicated by the region,
   so each field is evaluated once before the region.  */

#include <string.h>
#include "lower/internal.h"


/* ---- parameters ---- */

/* Return the element type of OPERAND's values (F32, F64 or an integer
   value type) for tensors, the scalar's type for scalars.  */
sf_ty
lw_operand_vtype (const lw_ctx *ctx, int operand)
{
  const sf_operand *op = &ctx->comp->operands[operand];
  if (op->kind != SF_OPERAND_SPARSE)
    return op->vtype;
  if (sf_ty_is_value (op->vtype))
    return op->vtype;
  sf_ty fty = ctx->formats[op->format].vtype;
  return sf_ty_is_value (fty) ? fty : SF_TY_F64;
}

/* Return the id of the parameter for field F of sparse OPERAND.  */
int
lw_field_param (lw_ctx *ctx, int operand, const sf_field_ref *f,
		int is_pointer, sf_ty ty)
{
  sf_param p = { 0 };
  p.kind = SF_PARAM_FIELD;
  p.operand = operand;
  p.field = *f;
  p.is_pointer = is_pointer;
  p.ty = ty;
  const char *op = ctx->comp->operands[operand].name;
  p.name = f->subscript >= 0
	   ? sf_arena_printf (ctx->arena, "%s_%s_%d", op, f->name, f->subscript)
	   : sf_arena_printf (ctx->arena, "%s_%s", op, f->name);
  return sf_region_param (ctx->arena, ctx->r, &p);
}

/* Return the id of a parameter of KIND for OPERAND (DATA, SCALAR) named
   after it.  */
int
lw_operand_param (lw_ctx *ctx, sf_param_kind kind, int operand)
{
  sf_param p = { 0 };
  p.kind = kind;
  p.operand = operand;
  p.is_pointer = kind == SF_PARAM_DATA;
  p.ty = lw_operand_vtype (ctx, operand);
  p.name = ctx->comp->operands[operand].name;
  return sf_region_param (ctx->arena, ctx->r, &p);
}

/* Return the value of clause expression E (a constant when it is one),
   naming its parameter NAME.  */
sf_ir_expr *
lw_cexpr_value (lw_ctx *ctx, const sf_cexpr *e, const char *name)
{
  if (e->kind == SF_CEXPR_INT)
    return sf_ir_int (ctx->arena, e->ival);
  sf_param p = { 0 };
  p.kind = SF_PARAM_CEXPR;
  p.operand = -1;
  p.cexpr = e;
  p.ty = SF_TY_INDEX;
  p.name = name;
  return sf_ir_param_ref (ctx->arena, ctx->r,
			  sf_region_param (ctx->arena, ctx->r, &p));
}

/* Return the extent of dim DIM of dense OPERAND's C type.  */
static sf_ir_expr *
lw_type_extent (lw_ctx *ctx, int operand, int dim)
{
  const sf_operand *op = &ctx->comp->operands[operand];
  if (dim < SF_MAX_ORDER && op->const_extent[dim] >= 0)
    return sf_ir_int (ctx->arena, op->const_extent[dim]);
  sf_param p = { 0 };
  p.kind = SF_PARAM_TYPE_EXTENT;
  p.operand = operand;
  p.dim = dim;
  p.ty = SF_TY_INDEX;
  p.name = sf_arena_printf (ctx->arena, "%s_ext%d", op->name, dim);
  return sf_ir_param_ref (ctx->arena, ctx->r,
			  sf_region_param (ctx->arena, ctx->r, &p));
}

/* Return the extent of index V as the checks determined it.  */
sf_ir_expr *
lw_index_extent (lw_ctx *ctx, int v)
{
  const sf_extent *x = &ctx->comp->extent[v];
  const sf_operand *op = x->operand >= 0 ? &ctx->comp->operands[x->operand]
			 : NULL;
  switch (x->kind)
    {
    case SF_EXTENT_FORMAT_DIM:
      {
	const sf_format *f = &ctx->formats[op->format];
	int p = lw_field_param (ctx, x->operand, &f->dims[x->dim], 0,
				SF_TY_INDEX);
	return sf_ir_param_ref (ctx->arena, ctx->r, p);
      }
    case SF_EXTENT_TYPE:
      return lw_type_extent (ctx, x->operand, x->dim);
    case SF_EXTENT_SHAPE:
      return lw_cexpr_value (ctx, x->shape,
			     sf_arena_printf (ctx->arena, "%s_ext",
					      lw_index_name (ctx, v)));
    case SF_EXTENT_CONST:
      return sf_ir_int (ctx->arena, x->value);
    default:
      lw_fail (ctx, "the extent of index '%s' is unknown",
	       lw_index_name (ctx, v));
      return sf_ir_int (ctx->arena, 0);
    }
}

/* ---- dense operands: extents and strides ---- */

/* Return the extent of dim D of dense access ACC: its C type (whose
   dimensions are the access's in reverse under colmajor()), its shape(),
   else the extent of the index.  */
static sf_ir_expr *
lw_dense_extent (lw_ctx *ctx, int acc, int d)
{
  const lw_access *a = &ctx->acc[acc];
  const sf_operand *op = a->op;
  int td = op->colmajor ? op->rank - 1 - d : d;
  if (td >= 0 && td < op->rank && op->const_extent[td] >= 0)
    return sf_ir_int (ctx->arena, op->const_extent[td]);
  if (td >= 0 && td < op->rank && td < 32 && (op->type_extent >> td & 1))
    return lw_type_extent (ctx, a->operand, td);
  if (d < op->nshape)
    return lw_cexpr_value (ctx, op->shape[d],
			   sf_arena_printf (ctx->arena, "%s_shape%d",
					    op->name, d));
  return lw_index_extent (ctx, a->idx[d]);
}

sf_ir_expr *
lw_output_extent (lw_ctx *ctx, int d)
{
  return lw_dense_extent (ctx, ctx->out, d);
}

/* Return the stride of dim D of dense access ACC (row-major, or
   column-major under colmajor()): a constant, or a variable computed in
   the prologue once per operand.  */
static sf_ir_expr *
lw_stride (lw_ctx *ctx, int acc, int d)
{
  const lw_access *a = &ctx->acc[acc];
  int cm = a->op->colmajor ^ a->relayout;
  int *cache = &ctx->stride_var[a->operand][d];
  if (*cache >= 0)
    return lw_var (ctx, *cache);
  sf_ir_expr *s = sf_ir_int (ctx->arena, 1);
  if (a->dense_of)
    {
      /* A dense copy: the dims stored after D, in its layout.  */
      int k = 0;
      while (k < a->nidx && a->layout[k] != d)
	k++;
      for (k++; k < a->nidx; k++)
	s = sf_ir_mul (ctx->arena, s, lw_dense_extent (ctx, acc,
						       a->layout[k]));
    }
  else
    for (int e = cm ? 0 : d + 1; e < (cm ? d : a->nidx); e++)
      s = sf_ir_mul (ctx->arena, s, lw_dense_extent (ctx, acc, e));
  if (s->op == SF_IR_INT)
    return s;
  *cache = lw_new_var (ctx, sf_arena_printf (ctx->arena, "%s_stride%d",
					     a->op->name, d), SF_TY_INDEX);
  sf_ir_append (&ctx->prologue, sf_ir_decl (ctx->arena, *cache, s));
  return lw_var (ctx, *cache);
}

/* Store in *VAR the array of the copy of access ACC's operand (a
   relayout matrix, or a dense copy under ctx densify), over all its
   indices: one array serves every nest of the lowering (a retried or
   abandoned nest may have recycled its variable: lw_work_live says).
   Return 1 when this nest's prologue must still fill it, 0 when it does
   already, -1 when no workspace is left.  */
static int
lw_copy_array (lw_ctx *ctx, int acc, int *var)
{
  const lw_access *a = &ctx->acc[acc];
  int *w = &ctx->relayout_work[a->operand];
  if (*w < 0 || *w >= ctx->nwork || !lw_work_live (ctx, *w))
    {
      unsigned mask = 0;
      for (int d = 0; d < a->nidx; d++)
	mask |= BIT (a->idx[d]);
      *w = lw_new_full_work (ctx, mask, lw_operand_vtype (ctx, a->operand));
      ctx->relayout_copied[a->operand] = 0;
      if (*w < 0)
	return -1;
    }
  *var = ctx->work[*w].var;
  if (ctx->relayout_copied[a->operand])
    return 0;
  ctx->relayout_copied[a->operand] = 1;
  return 1;
}

/* Return the array holding the copy of relayout access ACC (a matrix,
   lw_choose_relayout) in the other layout, -1 when no workspace is left.
   One array serves every nest of the lowering (a retried or abandoned
   nest may have recycled its variable: lw_work_live says); each nest
   that reads it fills it in its own prologue, once: the copy's element
   (p, q) at p * stride0 + q * stride1 of the flipped layout (lw_stride),
   read from the operand at its own layout's place.  */
static int
lw_relayout_var (lw_ctx *ctx, int acc)
{
  const lw_access *a = &ctx->acc[acc];
  int var, fill = lw_copy_array (ctx, acc, &var);
  if (fill <= 0)
    return fill < 0 ? -1 : var;
  sf_arena *A = ctx->arena;
  sf_ir_expr *e0 = lw_dense_extent (ctx, acc, 0);
  sf_ir_expr *e1 = lw_dense_extent (ctx, acc, 1);
  int p = lw_new_var (ctx, "r0", SF_TY_INDEX);
  int q = lw_new_var (ctx, "r1", SF_TY_INDEX);
  /* Source: the operand's own layout (row-major: p * e1 + q).  */
  sf_ir_expr *src = a->op->colmajor
    ? sf_ir_add (A, lw_var (ctx, p), sf_ir_mul (A, lw_var (ctx, q),
						 sf_ir_clone (A, e0)))
    : sf_ir_add (A, sf_ir_mul (A, lw_var (ctx, p), sf_ir_clone (A, e1)),
		 lw_var (ctx, q));
  sf_ir_expr *dst = sf_ir_add (A, sf_ir_mul (A, lw_var (ctx, p),
					      lw_stride (ctx, acc, 0)),
			       sf_ir_mul (A, lw_var (ctx, q),
					  lw_stride (ctx, acc, 1)));
  sf_ir_stmt *copy = sf_ir_astore
    (A, var, dst, sf_ir_load (A, ctx->r, lw_operand_param (ctx, SF_PARAM_DATA,
							   a->operand), src),
     0);
  /* The copy's contiguous index innermost: its writes are sequential.  */
  int row_major_copy = a->op->colmajor;
  sf_ir_stmt *in = sf_ir_for (A, row_major_copy ? q : p, sf_ir_int (A, 0),
			      sf_ir_clone (A, row_major_copy ? e1 : e0), copy);
  sf_ir_append (&ctx->prologue,
		sf_ir_for (A, row_major_copy ? p : q, sf_ir_int (A, 0),
			   sf_ir_clone (A, row_major_copy ? e0 : e1), in));
  return var;
}

/* Return the statements adding the entries of the levels from L down of
   densified access ACC (its format restored) into the dense copy VAR,
   under PARENT, OFF the copy's offset of the dims bound above (NULL:
   0); NULL after lw_fail.  Every level goes through its own operations
   (lower_level_*.c), so any format the lowering reads is copied.  */
static sf_ir_stmt *
lw_copy_levels (lw_ctx *ctx, int acc, int l, const lw_state *parent,
		sf_ir_expr *off, int var)
{
  const lw_access *a = &ctx->acc[acc];
  const sf_format *f = a->format;
  const lw_level_ops *ops = lw_level_ops_of (f->levels[l].kind);
  sf_arena *A = ctx->arena;
  int dim = f->modes[l];
  const char *name = a->op->name;
  lw_state st;
  memset (&st, 0, sizeof st);
  st.nbound = l + 1;
  sf_ir_list body = { 0 };
  int c = lw_new_var (ctx, sf_arena_printf (A, "c%s%d", name, l),
		      SF_TY_INDEX);
  int q = -1;
  sf_ir_expr *lo = NULL, *hi = NULL;
  if (ops->full)
    {
      st.pos = ops->locate (ctx, acc, l, parent, lw_var (ctx, c));
      /* The index's extent (equal, by the checks), as the other loops
	 over it read it: the cost model knows it.  */
      hi = lw_index_extent (ctx, a->idx[dim]);
    }
  else if (ops->bounds (ctx, acc, l, parent, &lo, &hi))
    {
      lw_fail (ctx, "level %d of '%s' cannot be copied", l, name);
      return NULL;
    }
  else
    {
      q = lw_new_var (ctx, sf_arena_printf (A, "q%s%d", name, l),
		      SF_TY_INDEX);
      sf_ir_append (&body, sf_ir_decl (A, c, ops->coord (ctx, acc, l,
							  lw_var (ctx, q))));
      st.pos = lw_var (ctx, q);
    }
  if (!st.pos)
    {
      lw_fail (ctx, "level %d of '%s' cannot be copied", l, name);
      return NULL;
    }
  sf_ir_expr *term = sf_ir_mul (A, lw_var (ctx, c), lw_stride (ctx, acc, dim));
  off = off ? sf_ir_add (A, sf_ir_clone (A, off), term) : term;
  if (l + 1 < f->nlevels)
    {
      int o = lw_new_var (ctx, sf_arena_printf (A, "o%s%d", name, l),
			  SF_TY_INDEX);
      sf_ir_append (&body, sf_ir_decl (A, o, off));
      if (st.pos->op != SF_IR_VAR)
	{
	  int p = lw_new_var (ctx, sf_arena_printf (A, "p%s%d", name, l),
			      SF_TY_INDEX);
	  sf_ir_append (&body, sf_ir_decl (A, p, st.pos));
	  st.pos = lw_var (ctx, p);
	}
      sf_ir_stmt *inner = lw_copy_levels (ctx, acc, l + 1, &st,
					  lw_var (ctx, o), var);
      if (!inner)
	return NULL;
      sf_ir_append (&body, inner);
    }
  else
    {
      /* Under a level that may repeat a coordinate (coo) the entries
	 of a repeated coordinate sum, as the lowering reads them: added,
	 not stored (and never in parallel: a store is not a reduction
	 that the privatize pass would copy per thread).  */
      int unique = 1;
      for (int k = 0; k < f->nlevels; k++)
	unique &= sf_level_is_unique (f->levels[k].kind);
      sf_ty ty = lw_operand_vtype (ctx, a->operand);
      int vals = lw_field_param (ctx, a->operand, &f->values, 1, ty);
      sf_ir_append (&body, sf_ir_astore (A, var, off,
					  sf_ir_load (A, ctx->r, vals, st.pos),
					  !unique));
    }
  if (ops->full)
    return sf_ir_for (A, c, sf_ir_int (A, 0), hi, body.head);
  return sf_ir_for (A, q, lo, hi, body.head);
}

/* Return the array holding the dense copy of access ACC (a relayout()
   operand when ctx densify), laid out as lw_densify_layouts chose; -1
   when no workspace is left.  Like a relayout copy, one array serves
   every nest of the lowering and each nest that reads it fills it once
   in its own prologue: zeroed, then every stored entry added at its
   place.  */
static int
lw_dense_copy_var (lw_ctx *ctx, int acc)
{
  lw_access *a = &ctx->acc[acc];
  int var, todo = lw_copy_array (ctx, acc, &var);
  if (todo <= 0)
    return todo < 0 ? -1 : var;
  sf_arena *A = ctx->arena;
  int z = lw_new_var (ctx, "z", SF_TY_INDEX);
  sf_ir_stmt *zero = sf_ir_for (A, z, sf_ir_int (A, 0),
				sf_ir_clone (A, ctx->work[ctx->relayout_work
							  [a->operand]].size),
				sf_ir_astore (A, var, lw_var (ctx, z),
					      sf_ir_float (A, 0.0,
							   ctx->r->vars[var].ty),
					      0));
  lw_state root;
  memset (&root, 0, sizeof root);
  a->format = a->dense_of;	/* the level operations read it */
  sf_ir_stmt *fill = lw_copy_levels (ctx, acc, 0, &root, NULL, var);
  a->format = NULL;
  if (!fill)
    return var;
  sf_ir_append (&ctx->prologue, zero);
  sf_ir_append (&ctx->prologue, fill);
  return var;
}

/* Return E, or a variable declared in LIST holding E when E is not
   already a variable or constant.  */
static sf_ir_expr *
lw_materialize (lw_ctx *ctx, sf_ir_list *list, const char *name,
		sf_ir_expr *e)
{
  if (e->op == SF_IR_VAR || e->op == SF_IR_INT)
    return e;
  int var = lw_new_var (ctx, name, SF_TY_INDEX);
  sf_ir_append (list, sf_ir_decl (ctx->arena, var, e));
  return lw_var (ctx, var);
}

/* ---- binding as loops bind indices ---- */

/* Bind index V (coordinate in PATH) for access ACC through a full
   iterator: a dense operand's offset or a dense level's position.  Values
   needed by deeper loops are computed into variables in LIST.  */
void
lw_bind_full (lw_ctx *ctx, lw_path *path, sf_ir_list *list, int acc, int v)
{
  const lw_access *a = &ctx->acc[acc];
  lw_state *st = &path->st[acc];
  sf_arena *A = ctx->arena;
  sf_ir_expr *coord = sf_ir_clone (A, path->coord[v]);
  int slot = a->slot[v];
  if (!a->format)
    {
      sf_ir_expr *term = sf_ir_mul (A, coord, lw_stride (ctx, acc, slot));
      sf_ir_expr *off = st->offset ? sf_ir_add (A, sf_ir_clone (A, st->offset),
						term) : term;
      if (++st->nbound < a->nidx)
	off = lw_materialize (ctx, list, sf_arena_printf (A, "o%s",
							  a->op->name), off);
      st->offset = off;
      return;
    }
  const lw_level_ops *ops = lw_level_ops_of (a->format->levels[slot].kind);
  sf_ir_expr *pos = ops->full ? ops->locate (ctx, acc, slot, st, coord) : NULL;
  if (!pos)
    {
      lw_fail (ctx, "level %d of '%s' cannot be located", slot, a->op->name);
      return;
    }
  if (++st->nbound < a->format->nlevels)
    pos = lw_materialize (ctx, list, sf_arena_printf (A, "p%s%d", a->op->name,
						      slot), pos);
  st->pos = pos;
  st->ranged = 0;
}

/* Bind the level of iterator IT at position Q (for a run: the run
   [Q, RUN_END) is what its children see, and at the last level
   RUN_VALUE the sum of its values); when GUARD is not NULL, the iterator
   has a value only where GUARD holds (its children are empty elsewhere).  */
void
lw_bind_sparse (lw_path *path, const lw_iter *it, sf_ir_expr *q,
		sf_ir_expr *run_end, sf_ir_expr *run_value, sf_ir_expr *guard)
{
  lw_state *st = &path->st[it->acc];
  st->nbound++;
  st->guard = guard;
  st->ranged = it->segmented;
  st->pos = it->segmented ? NULL : q;
  st->lo = it->segmented ? q : NULL;
  st->hi = it->segmented ? run_end : NULL;
  st->run_value = run_value;
}

/* Return the element of access ACC at PATH: a values load (0 where its
   last level's guard fails), a dense element, or a scalar parameter.  */
sf_ir_expr *
lw_access_value (lw_ctx *ctx, const lw_path *path, int acc)
{
  const lw_access *a = &ctx->acc[acc];
  const lw_state *st = &path->st[acc];
  sf_arena *A = ctx->arena;
  if (a->op->kind == SF_OPERAND_SCALAR)
    return sf_ir_param_ref (A, ctx->r,
			    lw_operand_param (ctx, SF_PARAM_SCALAR,
					      a->operand));
  /* A copy: a matrix in the other layout, or a sparse operand's dense
     copy.  */
  if (a->dense_of || (!a->format && a->relayout))
    {
      int var = a->dense_of ? lw_dense_copy_var (ctx, acc)
		: lw_relayout_var (ctx, acc);
      if (var < 0)
	{
	  lw_fail (ctx, "too many workspaces");
	  return sf_ir_float (A, 0.0, lw_operand_vtype (ctx, a->operand));
	}
      return sf_ir_aload (A, ctx->r, var, st->offset
			  ? sf_ir_clone (A, st->offset) : sf_ir_int (A, 0));
    }
  if (!a->format)
    return sf_ir_load (A, ctx->r, lw_operand_param (ctx, SF_PARAM_DATA,
						    a->operand),
		       st->offset ? sf_ir_clone (A, st->offset)
		       : sf_ir_int (A, 0));
  if (st->run_value && st->nbound == a->format->nlevels)
    return sf_ir_clone (A, st->run_value);
  if (st->ranged || st->nbound != a->format->nlevels)
    {
      lw_fail (ctx, "internal error: '%s' read before its position is known",
	       a->op->name);
      return sf_ir_float (A, 0.0, lw_operand_vtype (ctx, a->operand));
    }
  sf_ty ty = lw_operand_vtype (ctx, a->operand);
  sf_ir_expr *load;
  if (a->values_work >= 0)	/* a sparse temporary */
    {
      int var = ctx->work[a->values_work].var;
      ty = ctx->r->vars[var].ty;
      load = sf_ir_aload (A, ctx->r, var, st->pos ? sf_ir_clone (A, st->pos)
						 : sf_ir_int (A, 0));
    }
  else
    load = sf_ir_load (A, ctx->r,
		       lw_field_param (ctx, a->operand, &a->format->values, 1,
				       ty),
		       st->pos ? sf_ir_clone (A, st->pos) : sf_ir_int (A, 0));
  if (st->guard)		/* absent: the value is 0 */
    return sf_ir_select (A, sf_ir_clone (A, st->guard), load,
			 sf_ir_float (A, 0.0, ty));
  return load;
}

/* ---- the output ---- */

/* Return the loop narrowing [LO, HI) (variables) to the first position
   of output level L whose coordinate is not below COORD:
     while (lo < hi) { mid = lo + (hi - lo) / 2;
                       if (crd[mid] < coord) lo = mid + 1; else hi = mid; }  */
static sf_ir_stmt *
lw_binary_search (lw_ctx *ctx, const lw_level_ops *ops, int l, int lo, int hi,
		  const sf_ir_expr *coord)
{
  sf_arena *A = ctx->arena;
  int mid = lw_new_var (ctx, sf_arena_printf (A, "p%s%d_mid",
					      ctx->acc[ctx->out].op->name, l),
			SF_TY_INDEX);
  sf_ir_expr *half = sf_ir_binary (A, SF_IR_DIV,
				   sf_ir_sub (A, lw_var (ctx, hi),
					      lw_var (ctx, lo)),
				   sf_ir_int (A, 2));
  sf_ir_stmt *step = sf_ir_decl (A, mid, sf_ir_add (A, lw_var (ctx, lo), half));
  sf_ir_expr *below = sf_ir_binary (A, SF_IR_LT,
				    ops->coord (ctx, ctx->out, l,
						lw_var (ctx, mid)),
				    sf_ir_clone (A, coord));
  step->next = sf_ir_if (A, below,
			 sf_ir_assign (A, lo, sf_ir_add (A, lw_var (ctx, mid),
							 sf_ir_int (A, 1))),
			 sf_ir_assign (A, hi, lw_var (ctx, mid)));
  return sf_ir_while (A, sf_ir_binary (A, SF_IR_LT, lw_var (ctx, lo),
				       lw_var (ctx, hi)), step);
}

/* Bind output level L at coordinate V by a search in the output's own
   pattern: append the search to LIST and set *WRAP to the "found" test
   whose body the caller fills.  With a cursor (lw_out_cursor: the loop
   over V visits coordinates in increasing order) the search walks
   forward from where the previous one stopped, and every position it
   passes is one no later coordinate can have: over a whole fiber it
   reads each output position once, as the user's own loop over the
   output's pattern does.  Without one it is a binary search of the
   fiber.  Returns nonzero after lw_fail.  */
static int
lw_out_search (lw_ctx *ctx, lw_path *path, sf_ir_list *list, int v, int l,
	       sf_ir_stmt **wrap)
{
  int o = ctx->out;
  const lw_level_ops *ops
    = lw_level_ops_of (ctx->acc[o].format->levels[l].kind);
  sf_arena *A = ctx->arena;
  sf_ir_expr *lo, *hi;
  if (ops->kind != SF_LEVEL_COMPRESSED
      || ops->bounds (ctx, o, l, &path->st[o], &lo, &hi))
    return lw_fail (ctx, "the output's %s level cannot be searched",
		    sf_level_name (ops->kind)), 1;
  const char *n = ctx->acc[o].op->name;
  sf_ir_expr *cursor = path->st[o].cursor;
  int vlo = lw_new_var (ctx, sf_arena_printf (A, "p%s%d", n, l), SF_TY_INDEX);
  int vend = lw_new_var (ctx, sf_arena_printf (A, "p%s%d_end", n, l),
			 SF_TY_INDEX);
  sf_ir_append (list, sf_ir_decl (A, vlo, cursor ? sf_ir_clone (A, cursor)
					  : lo));
  sf_ir_append (list, sf_ir_decl (A, vend, hi));
  if (cursor)
    {
      sf_ir_expr *more = sf_ir_binary
	(A, SF_IR_AND,
	 sf_ir_binary (A, SF_IR_LT, lw_var (ctx, vlo), lw_var (ctx, vend)),
	 sf_ir_binary (A, SF_IR_LT, ops->coord (ctx, o, l, lw_var (ctx, vlo)),
		       sf_ir_clone (A, path->coord[v])));
      sf_ir_append (list, sf_ir_while (A, more, sf_ir_assign
				       (A, vlo, sf_ir_add (A, lw_var (ctx, vlo),
							   sf_ir_int (A, 1)))));
      sf_ir_append (list, sf_ir_assign (A, cursor->var, lw_var (ctx, vlo)));
    }
  else
    {
      int vhi = lw_new_var (ctx, sf_arena_printf (A, "p%s%d_hi", n, l),
			    SF_TY_INDEX);
      sf_ir_append (list, sf_ir_decl (A, vhi, lw_var (ctx, vend)));
      sf_ir_append (list, lw_binary_search (ctx, ops, l, vlo, vhi,
					    path->coord[v]));
    }
  sf_ir_expr *found = sf_ir_binary
    (A, SF_IR_AND,
     sf_ir_binary (A, SF_IR_LT, lw_var (ctx, vlo), lw_var (ctx, vend)),
     sf_ir_binary (A, SF_IR_EQ, ops->coord (ctx, o, l, lw_var (ctx, vlo)),
		   sf_ir_clone (A, path->coord[v])));
  *wrap = sf_ir_if (A, found, NULL, NULL);
  sf_ir_append (list, *wrap);
  path->st[o].pos = lw_var (ctx, vlo);
  path->st[o].nbound++;
  path->st[o].cursor = NULL;
  return 0;
}

/* Before the loop over free index V (appended to LIST): when that loop
   binds a compressed level of the sparse output by searching the
   output's own pattern, declare the cursor its searches start from (the
   fiber's first position) and record it in PATH.  Every loop over an
   index visits its coordinates in increasing order, so within one such
   loop each search may start where the previous one stopped.  Returns
   nonzero when a cursor was declared (the caller clears it after the
   loop).  */
int
lw_out_cursor (lw_ctx *ctx, lw_path *path, int v, sf_ir_list *list)
{
  int o = ctx->out;
  const lw_access *a = &ctx->acc[o];
  if (ctx->share >= 0 || !a->format || a->slot[v] < 0)
    return 0;
  int l = a->slot[v];
  if (a->format->levels[l].kind != SF_LEVEL_COMPRESSED
      || path->st[o].nbound != l)
    return 0;
  const lw_level_ops *ops = lw_level_ops_of (SF_LEVEL_COMPRESSED);
  sf_ir_expr *lo, *hi;
  if (ops->bounds (ctx, o, l, &path->st[o], &lo, &hi))
    return 0;
  sf_arena *A = ctx->arena;
  int c = lw_new_var (ctx, sf_arena_printf (A, "p%s%d_from", a->op->name, l),
		      SF_TY_INDEX);
  sf_ir_append (list, sf_ir_decl (A, c, lo));
  path->st[o].cursor = lw_var (ctx, c);
  return 1;
}

/* Bind sparse output level L at V to the position of the access whose
   pattern it shares, found among IT[0..NIT) with PRESENT.  Returns
   nonzero when the case has no output entry (the shared operand has no
   value there).  */
static int
lw_out_shared (lw_ctx *ctx, lw_path *path, int l, const lw_iter *it,
	       int nit, unsigned present)
{
  for (int n = 0; n < nit; n++)
    if (it[n].acc == ctx->share && it[n].level == l && !it[n].full)
      {
	if (!(present & BIT (n)))
	  return ctx->partial = 1, 1;
	const lw_state *b = &path->st[ctx->share];
	path->st[ctx->out].pos = sf_ir_clone (ctx->arena, b->pos);
	path->st[ctx->out].nbound++;
	return b->ranged || !b->pos ? (ctx->share_failed = 1, 0) : 0;
      }
  ctx->share_failed = 1;
  path->st[ctx->out].nbound++;
  return 0;
}

/* The sparse output's level L just bound at a shared position: when it
   is the last sparse level, only the output's indices are bound around
   it (so the nest binds each fiber once) and one nest computes the whole
   output, append to LIST the zeroing of the fiber's values (the dense
   levels under it) and note it in ctx->fiber_zeroed: the fiber is still
   in cache when the nest adds into it, where a pass of its own over
   every stored value would read the output twice.  */
static void
lw_zero_fiber (lw_ctx *ctx, const lw_path *path, sf_ir_list *list, int l)
{
  const lw_access *a = &ctx->acc[ctx->out];
  const sf_format *f = a->format;
  if (ctx->comp->accumulate || !ctx->out_acc || ctx->splitting
      || ctx->in_out_block
      || (path->bound & ~ctx->free_mask) || !path->st[ctx->out].pos)
    return;
  for (int k = l + 1; k < f->nlevels; k++)
    if (f->levels[k].kind != SF_LEVEL_DENSE)
      return;
  sf_arena *A = ctx->arena;
  sf_ir_expr *tail = sf_ir_int (A, 1);
  for (int k = l + 1; k < f->nlevels; k++)
    tail = lw_level_ops_of (f->levels[k].kind)->size (ctx, ctx->out, k, tail);
  int vals = lw_field_param (ctx, a->operand, &f->values, 1, ctx->out_ty);
  int z = lw_new_var (ctx, "zf", SF_TY_INDEX);
  sf_ir_expr *at = sf_ir_add (A, sf_ir_mul (A, sf_ir_clone
					    (A, path->st[ctx->out].pos),
					    sf_ir_clone (A, tail)),
			      lw_var (ctx, z));
  sf_ir_append (list, sf_ir_for (A, z, sf_ir_int (A, 0), tail,
				 sf_ir_store (A, vals, at,
					      sf_ir_float (A, 0.0,
							   ctx->out_ty), 0)));
  ctx->fiber_zeroed = 1;
}

/* Bind the output at free index V in a case with iterators IT[0..NIT),
   PRESENT of them having a value.  Code goes to LIST; when the rest of
   the case must be guarded (a search that may fail) *WRAP is set to the
   IF whose body the caller fills.  Returns nonzero when the case writes
   no output entry and is to be skipped.  */
int
lw_out_bind (lw_ctx *ctx, lw_path *path, sf_ir_list *list, int v,
	     const lw_iter *it, int nit, unsigned present, sf_ir_stmt **wrap)
{
  int o = ctx->out;
  const lw_access *a = &ctx->acc[o];
  *wrap = NULL;
  if (a->slot[v] < 0)
    return 0;
  if (!a->format || a->format->levels[a->slot[v]].kind == SF_LEVEL_DENSE)
    {
      lw_bind_full (ctx, path, list, o, v);
      return 0;
    }
  int l = a->slot[v];
  if (path->st[o].nbound != l)
    return lw_fail (ctx, "internal error: output level %d out of order", l),
	   1;
  if (ctx->share >= 0)
    {
      int skip = lw_out_shared (ctx, path, l, it, nit, present);
      if (!skip && !ctx->share_failed)
	lw_zero_fiber (ctx, path, list, l);
      return skip;
    }
  if (path->st[o].driven)	/* lw_emit_driven decides about zeroing */
    {
      path->st[o].pos = path->st[o].driven;
      path->st[o].driven = NULL;
      path->st[o].cursor = NULL;
      path->st[o].nbound++;
      return 0;
    }
  ctx->partial = 1;
  return lw_out_search (ctx, path, list, v, l, wrap);
}

/* Append to LIST the store of VALUE (of type VALUE_TY) into the output
   element bound in PATH: "=" or "+=" as the nest requires, added in
   VALUE_TY and converted to the output's type.  */
void
lw_store_out (lw_ctx *ctx, const lw_path *path, sf_ir_list *list,
	      sf_ir_expr *value, sf_ty value_ty)
{
  const lw_access *a = &ctx->acc[ctx->out];
  const lw_state *st = &path->st[ctx->out];
  sf_arena *A = ctx->arena;
  int param = a->format
	      ? lw_field_param (ctx, a->operand, &a->format->values, 1,
				ctx->out_ty)
	      : lw_operand_param (ctx, SF_PARAM_DATA, a->operand);
  const sf_ir_expr *where = a->format ? st->pos : st->offset;
  sf_ir_expr *index = where ? sf_ir_clone (A, where) : sf_ir_int (A, 0);
  if (ctx->out_acc && value_ty != ctx->out_ty)
    {
      sf_ir_expr *old = sf_ir_load (A, ctx->r, param, sf_ir_clone (A, index));
      value = sf_ir_add (A, sf_ir_convert (A, old, value_ty), value);
      sf_ir_append (list, sf_ir_store (A, param, index,
				       sf_ir_convert (A, value, ctx->out_ty),
				       0));
      return;
    }
  sf_ir_append (list, sf_ir_store (A, param, index,
				   sf_ir_convert (A, value, ctx->out_ty),
				   ctx->out_acc));
}

/* Return nonzero when loops may be parallel.  */
static int
lw_may_parallel (const lw_ctx *ctx)
{
  return ctx->options && ctx->options->openmp && !ctx->comp->serial;
}

/* Return the loops zeroing dims T.. of the dense output (storage order),
   OFFSET the offset of the dims before.  */
static sf_ir_stmt *
lw_zero_dense (lw_ctx *ctx, int t, sf_ir_expr *offset)
{
  const lw_access *a = &ctx->acc[ctx->out];
  sf_arena *A = ctx->arena;
  if (t == a->nidx)
    {
      int data = lw_operand_param (ctx, SF_PARAM_DATA, a->operand);
      return sf_ir_store (A, data, offset, sf_ir_float (A, 0.0, ctx->out_ty),
			  0);
    }
  int d = a->op->colmajor ? a->nidx - 1 - t : t;
  int z = lw_new_var (ctx, sf_arena_printf (A, "z%d", t), SF_TY_INDEX);
  sf_ir_expr *term = sf_ir_mul (A, lw_var (ctx, z), lw_stride (ctx, ctx->out,
							     d));
  sf_ir_expr *off = offset ? sf_ir_add (A, offset, term) : term;
  sf_ir_stmt *loop = sf_ir_for (A, z, sf_ir_int (A, 0),
				lw_index_extent (ctx, a->idx[d]),
				lw_zero_dense (ctx, t + 1, off));
  if (t == 0 && lw_may_parallel (ctx))
    loop->parallel = 1, loop->chunk = 64;
  return loop;
}

/* Return the number of values the sparse access ACC stores: the
   positions of its last level.  */
sf_ir_expr *
lw_stored_count (lw_ctx *ctx, int acc)
{
  const sf_format *f = ctx->acc[acc].format;
  sf_ir_expr *size = sf_ir_int (ctx->arena, 1);
  for (int l = 0; l < f->nlevels; l++)
    size = lw_level_ops_of (f->levels[l].kind)->size (ctx, acc, l, size);
  return size;
}

/* Append to LIST loops storing 0 in every entry of the output (dense: its
   extents; sparse: every stored value).  */
void
lw_zero_output (lw_ctx *ctx, sf_ir_list *list)
{
  const lw_access *a = &ctx->acc[ctx->out];
  sf_arena *A = ctx->arena;
  if (!a->format)
    {
      sf_ir_append (list, lw_zero_dense (ctx, 0, NULL));
      return;
    }
  sf_ir_expr *size = lw_stored_count (ctx, ctx->out);
  int vals = lw_field_param (ctx, a->operand, &a->format->values, 1,
			     ctx->out_ty);
  int z = lw_new_var (ctx, "z", SF_TY_INDEX);
  sf_ir_stmt *loop = sf_ir_for (A, z, sf_ir_int (A, 0), size,
				sf_ir_store (A, vals, lw_var (ctx, z),
					     sf_ir_float (A, 0.0, ctx->out_ty),
					     0));
  if (lw_may_parallel (ctx))
    loop->parallel = 1, loop->chunk = 4096;
  sf_ir_append (list, loop);
}

/* Return the loops zeroing dims D.. of the dense output (its index
   order, whatever its layout), OFFSET the offset of the dims before: a
   column-major output's slice, its elements apart by their strides.  */
static sf_ir_stmt *
lw_zero_slice (lw_ctx *ctx, int d, sf_ir_expr *offset)
{
  const lw_access *a = &ctx->acc[ctx->out];
  sf_arena *A = ctx->arena;
  if (d == a->nidx)
    {
      int data = lw_operand_param (ctx, SF_PARAM_DATA, a->operand);
      return sf_ir_store (A, data, offset, sf_ir_float (A, 0.0, ctx->out_ty),
			  0);
    }
  int z = lw_new_var (ctx, sf_arena_printf (A, "z%d", d), SF_TY_INDEX);
  sf_ir_expr *off = sf_ir_add (A, offset, sf_ir_mul (A, lw_var (ctx, z),
						     lw_stride (ctx, ctx->out,
								d)));
  return sf_ir_for (A, z, sf_ir_int (A, 0), lw_index_extent (ctx, a->idx[d]),
		    lw_zero_slice (ctx, d + 1, off));
}

/* When the nest's outermost loop runs over every coordinate of the dense
   output's first index (a row-major output's contiguous slice, or a
   column-major one's strided slice, whose lines the iteration then adds
   into), zero each slice at the start of its
   iteration instead of in a pass of its own: the slice is written by
   that iteration only, and is still in cache.  Returns nonzero when
   done.  */
int
lw_zero_in_top_loop (lw_ctx *ctx)
{
  const lw_access *a = &ctx->acc[ctx->out];
  sf_ir_stmt *loop = ctx->top_loop;
  if (a->format || !loop || ctx->nsplit
      || ctx->r->vars[loop->var].name == NULL)
    return 0;
  sf_ir_expr *row = sf_ir_mul (ctx->arena, lw_var (ctx, loop->var),
			       lw_stride (ctx, ctx->out, 0));
  sf_ir_stmt *zero = a->op->colmajor ? lw_zero_slice (ctx, 1, row)
		     : lw_zero_dense (ctx, 1, row);
  zero->next = loop->body;
  loop->body = zero;
  return 1;
}

/* Return the last non-dense level of the sparse output, -1 if none.  */
static int
lw_out_last_sparse_level (const lw_ctx *ctx)
{
  const sf_format *f = ctx->acc[ctx->out].format;
  int last = -1;
  for (int l = 0; l < f->nlevels; l++)
    if (f->levels[l].kind != SF_LEVEL_DENSE)
      last = l;
  return last;
}

/* Return nonzero when sparse access B stores the output's levels 0..LAST
   alike: same kinds, base and indices.  */
static int
lw_same_pattern (const lw_ctx *ctx, int b, int last)
{
  const lw_access *o = &ctx->acc[ctx->out], *x = &ctx->acc[b];
  const sf_format *fo = o->format, *fb = x->format;
  if (!fb || fb->nlevels <= last || fb->base != fo->base)
    return 0;
  for (int l = 0; l <= last; l++)
    if (fb->levels[l].kind != fo->levels[l].kind
	|| x->idx[fb->modes[l]] != o->idx[fo->modes[l]])
      return 0;
  return 1;
}

/* Return the first input access whose pattern the sparse output may
   share (checked at run time by lw_share_test), or -1.  */
int
lw_share_candidate (lw_ctx *ctx)
{
  int last = lw_out_last_sparse_level (ctx);
  if (last < 0)
    return -1;
  for (int b = 0; b < ctx->nacc; b++)
    if (b != ctx->out && lw_same_pattern (ctx, b, last))
      return b;
  return -1;
}

/* Return "field F of A's operand == field G of B's operand" (pointer or
   size fields).  */
static sf_ir_expr *
lw_fields_equal (lw_ctx *ctx, int a, const sf_field_ref *f, int b,
		 const sf_field_ref *g, int is_pointer)
{
  int pa = lw_field_param (ctx, ctx->acc[a].operand, f, is_pointer,
			   SF_TY_INDEX);
  int pb = lw_field_param (ctx, ctx->acc[b].operand, g, is_pointer,
			   SF_TY_INDEX);
  return sf_ir_binary (ctx->arena, SF_IR_EQ,
		       sf_ir_param_ref (ctx->arena, ctx->r, pa),
		       sf_ir_param_ref (ctx->arena, ctx->r, pb));
}

/* Return the run-time test that the output's pattern is access B's: the
   same pos and crd arrays (pointer equality) and dims of dense levels,
   for every level up to the output's last non-dense one.  */
sf_ir_expr *
lw_share_test (lw_ctx *ctx, int b)
{
  const sf_format *fo = ctx->acc[ctx->out].format, *fb = ctx->acc[b].format;
  int o = ctx->out, last = lw_out_last_sparse_level (ctx);
  sf_ir_expr *test = NULL;
  for (int l = 0; l <= last; l++)
    {
      const sf_level *lo = &fo->levels[l], *lb = &fb->levels[l];
      sf_ir_expr *t;
      if (lo->kind == SF_LEVEL_DENSE)
	t = lw_fields_equal (ctx, o, &fo->dims[fo->modes[l]], b,
			     &fb->dims[fb->modes[l]], 0);
      else
	{
	  t = lw_fields_equal (ctx, o, &lo->crd, b, &lb->crd, 1);
	  if (lo->kind == SF_LEVEL_COMPRESSED)
	    t = sf_ir_binary (ctx->arena, SF_IR_AND,
			      lw_fields_equal (ctx, o, &lo->pos, b, &lb->pos,
					       1), t);
	}
      test = test ? sf_ir_binary (ctx->arena, SF_IR_AND, test, t) : t;
    }
  return test;
}
