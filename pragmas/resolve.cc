/* Name resolution for #pragma tensor computations, and the GENERIC
   expressions of a region's parameters.

     struct csr B; double (*C)[K]; double alpha;
     #pragma tensor A(i,k) = alpha * B(i,j) * C(j,k)

   resolves B to SPARSE (format "struct csr", by value), C to DENSE rank 2
   (dim 1 from the C type: K, a VLA bound), alpha to SCALAR F64.  Later the
   lowering asks for parameters such as FIELD(B, rowptr) or
   TYPE_EXTENT(C, 1); sf_build_param turns each into the expression
   evaluated just before the region: B.rowptr, (long) K.  */

#include "sf-plugin.h"
#include "attribs.h"

static location_t
tok_loc (int tok, const location_t *locs, int nlocs, location_t fallback)
{
  return tok >= 0 && tok < nlocs ? locs[tok] : fallback;
}

/* Return the number of elements of ARRAY_TYPE TYPE (an expression for a
   VLA), as a sizetype tree.  */
static tree
array_extent (tree type)
{
  return size_binop (PLUS_EXPR, array_type_nelts (type), size_one_node);
}

/* Return the size of the first dimension of parameter DECL declared as
   an array of arrays (double W[7][9], which C adjusts to double (*)[9]),
   as the front end records it for -Warray-parameter; 0 when DECL is no
   such parameter or the size is not a constant.  A parameter declared as
   a plain array (double x[1], an old idiom for "some doubles") is left
   out: its size says little.  */
static long long
param_array_size (tree decl)
{
  if (TREE_CODE (decl) != PARM_DECL || !current_function_decl
      || TREE_CODE (TREE_TYPE (decl)) != POINTER_TYPE
      || TREE_CODE (TREE_TYPE (TREE_TYPE (decl))) != ARRAY_TYPE)
    return 0;
  rdwr_map map;
  init_attr_rdwr_indices (&map, TREE_TYPE (current_function_decl));
  attr_access *a = get_parm_access (map, decl, current_function_decl);
  if (!a || !a->internal_p || a->minsize == 0 || a->minsize == HOST_WIDE_INT_M1U
      || a->minsize > (unsigned HOST_WIDE_INT) 1 << 40)
    return 0;
  return (long long) a->minsize;
}

/* Fill OP as a dense operand of array/pointer TYPE; return false (no
   error yet) when the element type is not arithmetic (sf_value_ty).  */
static bool
resolve_dense (sf_operand *op, tree type)
{
  int rank = 0;
  op->flat_pointer = TREE_CODE (type) == POINTER_TYPE;
  while ((TREE_CODE (type) == ARRAY_TYPE || TREE_CODE (type) == POINTER_TYPE)
	 && rank < SF_MAX_ORDER)
    {
      op->const_extent[rank] = -1;
      if (TREE_CODE (type) == ARRAY_TYPE && TYPE_DOMAIN (type)
	  && TYPE_MAX_VALUE (TYPE_DOMAIN (type)))
	{
	  op->type_extent |= 1u << rank;
	  tree n = array_extent (type);
	  if (tree_fits_shwi_p (n))
	    op->const_extent[rank] = tree_to_shwi (n);
	}
      type = TREE_TYPE (type);
      rank++;
    }
  op->vtype = sf_value_ty (type);
  op->rank = rank;
  op->flat_pointer &= rank == 1;
  op->kind = SF_OPERAND_DENSE;
  return op->vtype != SF_TY_VOID;
}

/* Fill OP, named at LOC, as the tensor DECL declared in a function with
   format TENSOR: sparse with that format, or dense when every level is
   (its extents from dims(), column-major when its modes are reversed);
   return false after an error.  */
static bool
resolve_tensor (sf_operand *op, tree decl, int tensor, location_t loc)
{
  if (!sf_tensor_names_unchanged (decl, loc))
    return false;
  const sf_format *f = &sf_format_table ()[tensor];
  op->vtype = f->vtype;
  op->rank = f->ndims;
  bool dense = true;
  for (int l = 0; l < f->nlevels; l++)
    dense &= f->levels[l].kind == SF_LEVEL_DENSE;
  if (!dense)
    {
      op->kind = SF_OPERAND_SPARSE;
      op->format = tensor;
      return true;
    }
  bool identity = true, reversed = true;
  for (int l = 0; l < f->nlevels; l++)
    {
      identity &= f->modes[l] == l;
      reversed &= f->modes[l] == f->nlevels - 1 - l;
    }
  if (!identity && !reversed)
    {
      error_at (loc, "dense tensor %qs must store its modes in order or in "
		"reverse order (column-major)", op->name);
      return false;
    }
  if (op->nshape)
    {
      error_at (loc, "the extents of %qs come from its declaration; leave "
		"it out of %<shape%>", op->name);
      return false;
    }
  op->kind = SF_OPERAND_DENSE;
  op->flat_pointer = 1;
  op->colmajor |= !identity;
  op->nshape = f->ndims;
  for (int d = 0; d < f->ndims; d++)
    op->shape[d] = CONST_CAST (sf_cexpr *, f->dims[d].expr);
  return true;
}

/* Resolve operand OP to its declaration (stored in *DECL) and fill its
   kind and types; return false after an error at LOC.  */
static bool
resolve_operand (sf_operand *op, tree *decl, location_t loc)
{
  tree d = lookup_name (get_identifier (op->name));
  if (!d)
    {
      error_at (loc, "%qs is not declared here", op->name);
      return false;
    }
  if (!VAR_P (d) && TREE_CODE (d) != PARM_DECL
      && sf_tensor_format_of_decl (d) < 0)
    {
      error_at (loc, "%qs is not a variable", op->name);
      return false;
    }
  *decl = d;
  int tensor = sf_tensor_format_of_decl (d);
  if (tensor >= 0)
    return resolve_tensor (op, d, tensor, loc);
  tree type = TREE_TYPE (d);
  tree target = TREE_CODE (type) == POINTER_TYPE ? TREE_TYPE (type) : type;
  int f = sf_format_for_type (target);
  if (f >= 0)
    {
      op->kind = SF_OPERAND_SPARSE;
      op->format = f;
      op->by_pointer = target != type;
      op->rank = sf_format_table ()[f].ndims;
      op->vtype = sf_format_table ()[f].vtype;
      return true;
    }
  if (TREE_CODE (type) == ARRAY_TYPE || TREE_CODE (type) == POINTER_TYPE)
    {
      if (resolve_dense (op, type))
	{
	  op->param_extent0 = param_array_size (d);
	  return true;
	}
      error_at (loc, "%qs has type %qT; a tensor operand must be an array of "
		"(or pointer to) an arithmetic type (%<float%>, %<double%>, or "
		"an integer of 8 to 64 bits), or a type declared with "
		"%<#pragma tensor format%>", op->name, type);
      return false;
    }
  if (INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type))
    {
      op->kind = SF_OPERAND_SCALAR;
      op->vtype = sf_value_ty (type);
      if (op->vtype == SF_TY_VOID)
	/* _Bool, an enum, long double: computed as long or double.  */
	op->vtype = INTEGRAL_TYPE_P (type) ? SF_TY_INDEX : SF_TY_F64;
      return true;
    }
  error_at (loc, "%qs has type %qT, which is not a declared tensor format; "
	    "declare it with %<#pragma tensor format%>", op->name, type);
  return false;
}

/* Resolve every operand of COMP, storing declarations in DECLS; return
   false after reporting errors.  */
bool
sf_resolve_operands (sf_comp *comp, tree *decls, const location_t *locs,
		     int nlocs)
{
  bool ok = true;
  for (int i = 0; i < comp->noperands; i++)
    {
      sf_operand *op = &comp->operands[i];
      location_t loc = tok_loc (op->tok, locs, nlocs, UNKNOWN_LOCATION);
      ok &= resolve_operand (op, &decls[i], loc);
    }
  return ok;
}

/* Return T with an array decayed to a pointer to its first element.  */
static tree
decay (tree t, location_t loc)
{
  if (t == error_mark_node || TREE_CODE (TREE_TYPE (t)) != ARRAY_TYPE)
    return t;
  return build_fold_addr_expr_loc (loc, build_array_ref (loc, t,
							  integer_zero_node));
}

/* Return the C expression for clause expression E at LOCS.  */
static tree
build_cexpr (const sf_cexpr *e, const location_t *locs, int nlocs,
	     location_t loc)
{
  location_t l = tok_loc (e->tok, locs, nlocs, loc);
  switch (e->kind)
    {
    case SF_CEXPR_INT:
      return build_int_cst (long_integer_type_node, e->ival);
    case SF_CEXPR_NAME:
      {
	tree d = lookup_name (get_identifier (e->name));
	if (d && sf_tensor_format_of_decl (d) >= 0)
	  {
	    error_at (l, "%qs is a tensor declared with %<#pragma tensor "
		      "format%>, not a C variable", e->name);
	    return error_mark_node;
	  }
	if (!d || (TREE_CODE (d) != VAR_DECL && TREE_CODE (d) != PARM_DECL
		   && TREE_CODE (d) != CONST_DECL))
	  {
	    error_at (l, "%qs is not a variable in scope", e->name);
	    return error_mark_node;
	  }
	return d;
      }
    case SF_CEXPR_ADDR:
      {
	tree a = build_cexpr (e->a, locs, nlocs, loc);
	if (a == error_mark_node)
	  return a;
	return build_unary_op (l, ADDR_EXPR, a, false);
      }
    case SF_CEXPR_DEREF:
      {
	tree a = decay (build_cexpr (e->a, locs, nlocs, loc), l);
	if (a == error_mark_node)
	  return a;
	if (!POINTER_TYPE_P (TREE_TYPE (a)))
	  {
	    error_at (l, "%<*%> applied to %qT, which is not a pointer",
		      TREE_TYPE (a));
	    return error_mark_node;
	  }
	return build_indirect_ref (l, a, RO_UNARY_STAR);
      }
    case SF_CEXPR_INDEX:
      {
	tree a = build_cexpr (e->a, locs, nlocs, loc);
	tree b = build_cexpr (e->b, locs, nlocs, loc);
	if (a == error_mark_node || b == error_mark_node)
	  return error_mark_node;
	if (!POINTER_TYPE_P (TREE_TYPE (a))
	    && TREE_CODE (TREE_TYPE (a)) != ARRAY_TYPE)
	  {
	    error_at (l, "subscripted value has type %qT, which is neither an "
		      "array nor a pointer", TREE_TYPE (a));
	    return error_mark_node;
	  }
	if (!INTEGRAL_TYPE_P (TREE_TYPE (b)))
	  {
	    error_at (l, "array subscript is not an integer");
	    return error_mark_node;
	  }
	return build_array_ref (l, a, b);
      }
    case SF_CEXPR_MEMBER:
    case SF_CEXPR_ARROW:
      {
	tree base = build_cexpr (e->a, locs, nlocs, loc);
	if (base == error_mark_node)
	  return base;
	if (e->kind == SF_CEXPR_ARROW)
	  base = build_indirect_ref (l, base, RO_ARROW);
	return build_component_ref (l, base, get_identifier (e->name), l);
      }
    case SF_CEXPR_NEG:
      return build_unary_op (l, NEGATE_EXPR,
			     build_cexpr (e->a, locs, nlocs, loc), false);
    case SF_CEXPR_ADD:
    case SF_CEXPR_SUB:
    case SF_CEXPR_MUL:
    case SF_CEXPR_DIV:
      {
	static const tree_code codes[] = { PLUS_EXPR, MINUS_EXPR, MULT_EXPR,
					   TRUNC_DIV_EXPR };
	tree a = decay (build_cexpr (e->a, locs, nlocs, loc), l);
	tree b = decay (build_cexpr (e->b, locs, nlocs, loc), l);
	if (a == error_mark_node || b == error_mark_node)
	  return error_mark_node;
	return build_binary_op (l, codes[e->kind - SF_CEXPR_ADD], a, b, false);
      }
    default:
      error_at (l, "%<nnz%> and %<dim%> may appear only in %<assume%>");
      return error_mark_node;
    }
}

/* Return the value of the field expression E of a tensor declared in a
   function (arrays decayed), built where the pragma at LOC stands, or
   error_mark_node after an error.  */
tree
sf_build_field_expr (const sf_cexpr *e, const location_t *locs, int nlocs,
		     location_t loc)
{
  return decay (build_cexpr (e, locs, nlocs, loc), loc);
}

/* Return the struct object of sparse operand OP (dereferencing a
   pointer).  */
static tree
struct_object (const sf_operand *op, tree decl, location_t loc)
{
  return op->by_pointer ? build_indirect_ref (loc, decl, RO_ARROW) : decl;
}

/* Return member designator REF of struct object OBJ as an rvalue; arrays
   decay to pointers.  */
static tree
build_field (tree obj, const sf_field_ref *ref, location_t loc)
{
  if (ref->expr)
    return sf_build_field_expr (ref->expr, NULL, 0, loc);
  tree t = build_component_ref (loc, obj, get_identifier (ref->name), loc);
  if (t != error_mark_node && ref->subscript >= 0)
    t = build_array_ref (loc, t, build_int_cst (integer_type_node,
						 ref->subscript));
  if (t != error_mark_node && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE)
    t = build_fold_addr_expr_loc (loc, build_array_ref (loc, t,
							 integer_zero_node));
  return t;
}

/* Return the data pointer of dense operand DECL: a pointer to its first
   float/double element.  */
static tree
build_data_pointer (tree decl, sf_ty vtype, location_t loc)
{
  tree ptr = build_pointer_type (sf_value_tree (vtype));
  int tensor = sf_tensor_format_of_decl (decl);
  if (tensor >= 0)
    {
      tree t = sf_build_field_expr (sf_format_table ()[tensor].values.expr,
				    NULL, 0, loc);
      return t == error_mark_node ? t : fold_convert_loc (loc, ptr, t);
    }
  tree addr = TREE_CODE (TREE_TYPE (decl)) == ARRAY_TYPE
	      ? build_fold_addr_expr_loc (loc, decl)
	      : !POINTER_TYPE_P (TREE_TYPE (decl))
	      /* A scalar output (sf_scalar_output_as_vector).  */
	      ? build_unary_op (loc, ADDR_EXPR, decl, false) : decl;
  return fold_convert_loc (loc, ptr, addr);
}

/* Return the extent of dimension DIM of the C type of DECL (VLA bounds
   included), as a long.  */
static tree
build_type_extent (tree decl, int dim, location_t loc)
{
  tree type = TREE_TYPE (decl);
  for (int d = 0; d < dim; d++)
    type = TREE_TYPE (type);
  gcc_assert (TREE_CODE (type) == ARRAY_TYPE);
  return fold_convert_loc (loc, long_integer_type_node,
			   array_extent (type));
}

/* Return the expression for PARAM of COMP (operand declarations DECLS),
   to be evaluated just before the region; error_mark_node after an
   error.  */
tree
sf_build_param (const sf_param *param, const sf_comp *comp, tree *decls,
		const location_t *locs, int nlocs, location_t loc)
{
  const sf_operand *op = param->kind == SF_PARAM_CEXPR ? NULL
			 : &comp->operands[param->operand];
  tree decl = op ? decls[param->operand] : NULL_TREE;
  tree t;
  switch (param->kind)
    {
    case SF_PARAM_FIELD:
      t = build_field (struct_object (op, decl, loc), &param->field, loc);
      break;
    case SF_PARAM_DATA:
      return build_data_pointer (decl, op->vtype, loc);
    case SF_PARAM_TYPE_EXTENT:
      return build_type_extent (decl, param->dim, loc);
    case SF_PARAM_SCALAR:
      t = decl;
      break;
    case SF_PARAM_CEXPR:
      t = build_cexpr (param->cexpr, locs, nlocs, loc);
      break;
    default:
      gcc_unreachable ();
    }
  if (t == error_mark_node || param->is_pointer)
    return t;
  if (param->ty == SF_TY_INDEX)
    {
      if (!INTEGRAL_TYPE_P (TREE_TYPE (t)))
	{
	  error_at (loc, "expected an integer expression, not %qT",
		    TREE_TYPE (t));
	  return error_mark_node;
	}
      return fold_convert_loc (loc, long_integer_type_node, t);
    }
  return fold_convert_loc (loc, sf_value_tree (param->ty), t);
}

/* Return the C expression of clause expression E (a threads or memory
   clause), or error_mark_node after an error.  */
tree
sf_build_clause_expr (const sf_cexpr *e, const location_t *locs, int nlocs,
		      location_t loc)
{
  tree t = build_cexpr (e, locs, nlocs, loc);
  if (t != error_mark_node && !INTEGRAL_TYPE_P (TREE_TYPE (t)))
    {
      error_at (loc, "expected an integer expression, not %qT", TREE_TYPE (t));
      return error_mark_node;
    }
  return t;
}

/* Resolve every C expression in COMP's clauses (shape, threads, memory),
   whether or not the lowering will use it, so that a wrong name is an
   error wherever it appears; return false after reporting errors.  */
bool
sf_check_clause_exprs (const sf_comp *comp, const location_t *locs,
		       int nlocs, location_t loc)
{
  bool ok = true;
  for (int i = 0; i < comp->noperands; i++)
    for (int d = 0; d < comp->operands[i].nshape; d++)
      ok &= build_cexpr (comp->operands[i].shape[d], locs, nlocs, loc)
	    != error_mark_node;
  if (comp->threads)
    ok &= build_cexpr (comp->threads, locs, nlocs, loc) != error_mark_node;
  if (comp->memory)
    ok &= build_cexpr (comp->memory, locs, nlocs, loc) != error_mark_node;
  return ok;
}

/* Return the extent of index IDX of COMP as a long, from where the checks
   found it (COMP->extent).  */
static tree
build_index_extent (const sf_comp *comp, int idx, tree *decls,
		    const location_t *locs, int nlocs, location_t loc)
{
  const sf_extent *e = &comp->extent[idx];
  switch (e->kind)
    {
    case SF_EXTENT_FORMAT_DIM:
      {
	const sf_operand *op = &comp->operands[e->operand];
	const sf_format *f = &sf_format_table ()[op->format];
	tree obj = struct_object (op, decls[e->operand], loc);
	return fold_convert (long_integer_type_node,
			     build_field (obj, &f->dims[e->dim], loc));
      }
    case SF_EXTENT_TYPE:
      return build_type_extent (decls[e->operand], e->dim, loc);
    case SF_EXTENT_SHAPE:
      return fold_convert (long_integer_type_node,
			   build_cexpr (e->shape, locs, nlocs, loc));
    default:
      return build_int_cst (long_integer_type_node, e->value);
    }
}

/* Return the number of elements a dense output OP of rank R occupies:
   the extent of its outermost C dimension times the row size, where an
   inner C dimension's size comes from the C type when it gives one (a
   padded row) and from the index extent otherwise.  */
static tree
build_dense_count (const sf_comp *comp, const sf_operand *op, tree decl,
		   tree *decls, const location_t *locs, int nlocs,
		   location_t loc)
{
  int r = comp->lhs->nidx;
  tree n = NULL_TREE;
  for (int c = 0; c < r; c++)
    {
      int logical = op->colmajor ? r - 1 - c : c;
      tree dim = c > 0 && (op->type_extent & (1u << c))
		 ? build_type_extent (decl, c, loc)
		 : build_index_extent (comp, comp->lhs->idx[logical], decls,
				       locs, nlocs, loc);
      n = n ? fold_build2 (MULT_EXPR, long_integer_type_node, n, dim) : dim;
    }
  return n ? n : build_int_cst (long_integer_type_node, 1);
}

/* Return the number of values of sparse output OP: walk its levels from
   the root, N positions becoming N * extent (dense), pos[N] - pos[0]
   (compressed), N (singleton) or NNZ (coo).  */
static tree
build_sparse_count (const sf_operand *op, tree decl, location_t loc)
{
  const sf_format *f = &sf_format_table ()[op->format];
  tree obj = struct_object (op, decl, loc);
  tree n = build_int_cst (long_integer_type_node, 1);
  for (int l = 0; l < f->nlevels; l++)
    {
      const sf_level *lv = &f->levels[l];
      if (lv->kind == SF_LEVEL_DENSE)
	n = fold_build2 (MULT_EXPR, long_integer_type_node, n,
			 fold_convert (long_integer_type_node,
				       build_field (obj, &f->dims[f->modes[l]],
						    loc)));
      else if (lv->kind == SF_LEVEL_COO)
	n = fold_convert (long_integer_type_node,
			  build_field (obj, &lv->pos, loc));
      else if (lv->kind == SF_LEVEL_COMPRESSED)
	{
	  tree pos = build_field (obj, &lv->pos, loc);
	  tree last = build_array_ref (loc, pos, n);
	  tree first = build_array_ref (loc, pos, integer_zero_node);
	  n = fold_build2 (MINUS_EXPR, long_integer_type_node,
			   fold_convert (long_integer_type_node, last),
			   fold_convert (long_integer_type_node, first));
	}
    }
  return n;
}

/* Store in ARGS[0] the number of values of COMP's output and in ARGS[1] a
   pointer to them, for the check clause.  */
void
sf_build_check_args (const sf_comp *comp, tree *decls, const location_t *locs,
		     int nlocs, location_t loc, tree *args)
{
  const sf_operand *op = &comp->operands[comp->lhs->operand];
  tree decl = decls[comp->lhs->operand];
  if (op->kind == SF_OPERAND_SPARSE)
    {
      const sf_format *f = &sf_format_table ()[op->format];
      args[0] = build_sparse_count (op, decl, loc);
      args[1] = build_field (struct_object (op, decl, loc), &f->values, loc);
    }
  else
    {
      args[0] = build_dense_count (comp, op, decl, decls, locs, nlocs, loc);
      args[1] = build_data_pointer (decl, op->vtype, loc);
    }
}

/* ---- the extents the annotation equates, tested at run time ----

   The annotation makes one extent of every use of an index: B(i,j) *
   x(j) shape(x: n) says B's columns are n.  The checks find the
   disagreements the compiler can see (two constants); the others only
   the program's data show, and the generated code, which takes the one
   source COMP->extent names, would read outside an array or compute
   something else.  So the region's entry compares them, and runs the
   original statement when they differ:
     index i:  dim(B, 1) == n          (formats and shape clauses: equal)
               dim(B, 1) <= dim(x, 0)  (a C array's size: it may be the
                                        larger, a padded row, x[1000])  */

/* Return true when extent source E comes from a C type (which may
   allocate more than the index covers).  */
static bool
type_source_p (const sf_extent *e)
{
  return e->kind == SF_EXTENT_TYPE
	 || (e->kind == SF_EXTENT_CONST && !e->shape);
}

/* Return the expression of extent source E of COMP, as a long.  */
static tree
build_extent_source (const sf_comp *comp, const sf_extent *e, tree *decls,
		     const location_t *locs, int nlocs, location_t loc)
{
  sf_comp one = *comp;
  one.extent[0] = *e;
  return build_index_extent (&one, 0, decls, locs, nlocs, loc);
}

/* Append to BUF (at *N, room for SIZE) how extent source E of COMP
   reads: dim(B, 1), the shape clause's expression, a constant.  */
static void
describe_source (const sf_comp *comp, const sf_extent *e, char *buf,
		 size_t size, int *n)
{
  if ((size_t) *n >= size)
    return;
  if (e->kind == SF_EXTENT_SHAPE)
    {
      char *text = NULL;
      size_t len = 0;
      FILE *f = open_memstream (&text, &len);
      if (f)
	{
	  sf_print_cexpr (f, e->shape);
	  fclose (f);
	}
      *n += snprintf (buf + *n, size - (size_t) *n, "%s", text ? text : "?");
      free (text);
    }
  else if (e->kind == SF_EXTENT_CONST)
    *n += snprintf (buf + *n, size - (size_t) *n, "%lld", e->value);
  else
    *n += snprintf (buf + *n, size - (size_t) *n, "dim(%s, %d)",
		    comp->operands[e->operand].name, e->dim);
}

tree
sf_build_extent_guard (const sf_comp *comp, tree *decls,
		       const location_t *locs, int nlocs, location_t loc,
		       sf_arena *arena, const char **text)
{
  tree guard = NULL_TREE;
  char buf[600];
  int n = 0;
  buf[0] = 0;
  for (int v = 0; v < comp->nindices; v++)
    {
      sf_extent src[2 * SF_MAX_OPERANDS * SF_MAX_ORDER];
      int nsrc = sf_extent_sources (comp, v, src, (int) (sizeof src
							 / sizeof *src));
      const sf_extent *chosen = &comp->extent[v];
      tree e = NULL_TREE;
      bool named = false;
      auto_vec<tree, 8> seen;
      for (int k = 0; k < nsrc; k++)
	{
	  const sf_extent *s = &src[k];
	  if (s->operand == chosen->operand && s->dim == chosen->dim
	      && !s->shape == !chosen->shape
	      && (s->kind == SF_EXTENT_FORMAT_DIM)
		 == (chosen->kind == SF_EXTENT_FORMAT_DIM))
	    continue;		/* the chosen source itself */
	  bool le = type_source_p (s);
	  if (s->kind == SF_EXTENT_CONST && chosen->kind == SF_EXTENT_CONST)
	    continue;		/* the checks compared them */
	  if (!e)
	    e = fold (build_index_extent (comp, v, decls, locs, nlocs, loc));
	  tree other = fold (build_extent_source (comp, s, decls, locs, nlocs,
						  loc));
	  if (e == error_mark_node || other == error_mark_node)
	    return error_mark_node;
	  bool again = operand_equal_p (e, other, 0);
	  for (unsigned q = 0; q < seen.length () && !again; q++)
	    again = operand_equal_p (seen[q], other, 0);
	  if (again)
	    continue;		/* two shape clauses with one expression */
	  seen.safe_push (other);
	  tree test = fold_build2_loc (loc, le ? LE_EXPR : EQ_EXPR,
				       boolean_type_node, e, other);
	  if (integer_onep (test))
	    continue;
	  guard = guard ? fold_build2_loc (loc, TRUTH_AND_EXPR,
					   boolean_type_node, guard, test)
		  : test;
	  if ((size_t) n < sizeof buf)
	    n += named ? snprintf (buf + n, sizeof buf - (size_t) n, ", ")
		 : snprintf (buf + n, sizeof buf - (size_t) n, "%s%s: ",
			     n ? "; " : "", comp->index_names[v]);
	  named = true;
	  describe_source (comp, chosen, buf, sizeof buf, &n);
	  if ((size_t) n < sizeof buf)
	    n += snprintf (buf + n, sizeof buf - (size_t) n, " %s ",
			   le ? "<=" : "==");
	  describe_source (comp, s, buf, sizeof buf, &n);
	}
    }
  *text = guard ? sf_arena_strdup (arena, buf) : NULL;
  return guard;
}

tree
sf_build_index_extent (const sf_comp *comp, int idx, tree *decls,
		       const location_t *locs, int nlocs, location_t loc)
{
  return build_index_extent (comp, idx, decls, locs, nlocs, loc);
}
