/* Semantic checks of format declarations and computations.

   A format:   format struct csr dims(n, m) levels(dense, coo(nnz, row))
               values(v)
   is refused: "a 'coo' level may only be the first level".

   A computation, once the glue has described its operands:
     A(i,k) = B(i,j) * C(j,k)       B: CSR (dims n, m)
                                    C: double (*C)[K], rank 2, type gives K
                                    A: double (*A)[K], rank 2
   gets extents   i: FORMAT_DIM B dim 0 (B.n)
                  j: FORMAT_DIM B dim 1 (B.m)
                  k: TYPE C dim 1 (K)
   and nuses B 1, C 1, A 0.
   In y(i) = A(i,j) * x(j) + beta * y(i) the read y(i) becomes operand
   4, "y" again with is_old set and old_of 0: the lowering reads it as
   an input, the glue binds it to the variable y, and sf_lower proves
   that the code it made reads each old entry before writing it.

   Outline of sf_check_comp:
     1. every operand is resolved;
     2. every access agrees with its operand: scalars without indices,
        tensors with as many indices as their rank, no index twice;
        clauses name operands they apply to; the output is read only
        at its own indices with "=", and such a read becomes an input
        operand of its own, the output's old values (is_old);
     3. each index gets an extent from the accesses that use it, the best
        source first: a sparse operand's format dim, a constant, a dense
        C type extent, a shape() expression; constants must agree;
     4. assume() names operands and dimensions that exist.
   Each step reports everything it finds; a later step runs only when the
   earlier ones found nothing (its findings would be consequences).  */

#include <limits.h>
#include <string.h>
#include "sf_core.h"

/* ==== format declarations ==== */

/* Return the token to blame for FORMAT's level L (the type when unknown).  */
static int
sf_level_tok (const sf_format *format, int l)
{
  return l < format->nlevels ? format->levels[l].tok : format->tok;
}

/* Check the fields a level of kind L->kind needs.  */
static void
sf_check_level_fields (const sf_level *l, sf_diags *diags)
{
  int needs_pos = l->kind == SF_LEVEL_COMPRESSED || l->kind == SF_LEVEL_COO;
  int needs_crd = l->kind != SF_LEVEL_DENSE;
  if ((needs_pos && !l->pos.name) || (needs_crd && !l->crd.name))
    sf_diag_error (diags, l->tok, "%qs level needs %s",
		   sf_level_name (l->kind),
		   l->kind == SF_LEVEL_COMPRESSED ? "POS and CRD fields"
		   : l->kind == SF_LEVEL_COO ? "NNZ and CRD fields"
		   : "a CRD field");
}

/* Check where level L of FORMAT may stand: coo first and followed only by
   singleton levels, singleton after compressed, coo or singleton.  */
static void
sf_check_level_place (const sf_format *format, int l, sf_diags *diags)
{
  sf_level_kind kind = format->levels[l].kind;
  int tok = format->levels[l].tok;
  if (kind == SF_LEVEL_COO && l > 0)
    sf_diag_error (diags, tok, "a %qs level may only be the first level",
		   "coo");
  else if (l > 0 && format->levels[0].kind == SF_LEVEL_COO
	   && kind != SF_LEVEL_SINGLETON)
    sf_diag_error (diags, tok, "a %qs level may only be followed by %qs "
		   "levels", "coo", "singleton");
  else if (kind == SF_LEVEL_SINGLETON
	   && (l == 0 || format->levels[l - 1].kind == SF_LEVEL_DENSE))
    sf_diag_error (diags, tok, "a %qs level must follow a %qs, %qs or %qs "
		   "level", "singleton", "compressed", "coo", "singleton");
}

/* Check that FORMAT's modes are a permutation of 0..nlevels-1.  */
static void
sf_check_modes (const sf_format *format, sf_diags *diags)
{
  int seen[SF_MAX_ORDER] = { 0 };
  int tok = format->has_modes ? format->modes_tok : format->tok;
  if (format->nmodes != format->nlevels)
    {
      sf_diag_error (diags, tok, "modes() needs one mode per level: it "
		     "lists %d, levels() %d", format->nmodes, format->nlevels);
      return;
    }
  for (int l = 0; l < format->nmodes; l++)
    {
      int m = format->modes[l];
      if (m < 0 || m >= format->nlevels || seen[m]++)
	{
	  sf_diag_error (diags, tok, "modes() must be a permutation of 0..%d",
			 format->nlevels - 1);
	  return;
	}
    }
}

/* Check that FORMAT names its dims and values fields.  */
static void
sf_check_format_fields (const sf_format *format, sf_diags *diags)
{
  if (format->ndims < 1)
    sf_diag_error (diags, format->tok, "format %qs has no dimensions",
		   format->type_name);
  for (int d = 0; d < format->ndims; d++)
    if (!format->dims[d].name)
      sf_diag_error (diags, format->tok, "format %qs has no field for "
		     "dimension %d", format->type_name, d);
  if (!format->values.name)
    sf_diag_error (diags, format->tok, "format %qs has no %qs field",
		   format->type_name, "values");
}

int
sf_check_format (const sf_format *format, sf_diags *diags)
{
  int errors = diags->nerrors;
  sf_check_format_fields (format, diags);
  if (format->nlevels != format->ndims)
    sf_diag_error (diags, sf_level_tok (format, 0), "format %qs needs one "
		   "level per dimension: dims() lists %d, levels() %d",
		   format->type_name, format->ndims, format->nlevels);
  else
    sf_check_modes (format, diags);
  for (int l = 0; l < format->nlevels; l++)
    {
      sf_check_level_fields (&format->levels[l], diags);
      sf_check_level_place (format, l, diags);
    }
  if (format->base != 0 && format->base != 1)
    sf_diag_error (diags, format->base_tok, "base must be 0 or 1, not %d",
		   format->base);
  return diags->nerrors > errors;
}

/* ==== computations ==== */

typedef void sf_access_fn (sf_comp *comp, const sf_expr *access,
			   sf_diags *diags);

/* Call FN on every access (tensor or scalar) of expression E.  */
static void
sf_for_each_access (sf_comp *comp, const sf_expr *e, sf_diags *diags,
		    sf_access_fn *fn)
{
  if (!e)
    return;
  if (e->kind == SF_EXPR_ACCESS)
    fn (comp, e, diags);
  sf_for_each_access (comp, e->a, diags, fn);
  sf_for_each_access (comp, e->b, diags, fn);
}

/* Return the token of the first shape() extent of O (or O's own token).  */
static int
sf_shape_tok (const sf_operand *o)
{
  return o->nshape ? o->shape[0]->tok : o->tok;
}

/* Return the number of indices O is used with: its rank, or for a plain
   pointer given a full shape(), the number of extents.  */
static int
sf_operand_order (const sf_operand *o)
{
  if (o->kind == SF_OPERAND_DENSE && o->flat_pointer && o->nshape)
    return o->nshape;
  return o->rank;
}

/* Step 1.  Report operands the glue could not resolve.  */
static void
sf_check_resolved (const sf_comp *comp, sf_diags *diags)
{
  for (int i = 0; i < comp->noperands; i++)
    if (comp->operands[i].kind == SF_OPERAND_UNRESOLVED)
      sf_diag_error (diags, comp->operands[i].tok, "%qs is not a tensor "
		     "operand: expected an object of a declared format, an "
		     "array of or pointer to an arithmetic type, or an "
		     "arithmetic scalar", comp->operands[i].name);
}

/* Report an index that appears twice in ACCESS.  */
static void
sf_check_repeated_index (const sf_comp *comp, const sf_expr *access,
			 sf_diags *diags)
{
  for (int k = 1; k < access->nidx; k++)
    for (int m = 0; m < k; m++)
      if (access->idx[k] == access->idx[m])
	{
	  sf_diag_error (diags, access->idx_tok[k], "index %qs appears twice "
			 "in an access of %qs; diagonal access is not "
			 "supported", comp->index_names[access->idx[k]],
			 comp->operands[access->operand].name);
	  return;
	}
}

/* Return "index" or "indices" for a count of N.  */
static const char *
sf_indices_word (int n)
{
  return n == 1 ? "index" : "indices";
}

/* Report a mismatch between ACCESS's number of indices and its operand.  */
static void
sf_check_access_rank (const sf_comp *comp, const sf_expr *access,
		      sf_diags *diags)
{
  const sf_operand *o = &comp->operands[access->operand];
  int n = access->nidx;
  if (o->kind == SF_OPERAND_SCALAR && n)
    sf_diag_error (diags, access->tok, "%qs is a scalar but is used with "
		   "indices", o->name);
  else if (o->kind != SF_OPERAND_SCALAR && !n)
    sf_diag_error (diags, access->tok, "%qs is a tensor but is used without "
		   "indices", o->name);
  else if (o->kind == SF_OPERAND_DENSE && o->flat_pointer && n != o->rank
	   && o->nshape != n)
    sf_diag_error (diags, access->tok, "%qs is a plain pointer used with %d "
		   "indices; give their extents with shape(%s: ...)", o->name,
		   n, o->name);
  else if (o->kind != SF_OPERAND_SCALAR && !(o->flat_pointer && o->nshape)
	   && n != o->rank)
    sf_diag_error (diags, access->tok, "%qs has rank %d but is used with %d "
		   "%s", o->name, o->rank, n, sf_indices_word (n));
}

/* Step 2 for one access: rank, repeated indices, shape() arity.  */
static void
sf_check_access (sf_comp *comp, const sf_expr *access, sf_diags *diags)
{
  const sf_operand *o = &comp->operands[access->operand];
  int errors = diags->nerrors;
  sf_check_access_rank (comp, access, diags);
  if (diags->nerrors == errors)
    sf_check_repeated_index (comp, access, diags);
  if (diags->nerrors == errors && o->kind == SF_OPERAND_DENSE && o->nshape
      && o->nshape != access->nidx)
    sf_diag_error (diags, sf_shape_tok (o), "shape() gives %d %s for %qs, "
		   "which is used with %d %s", o->nshape,
		   o->nshape == 1 ? "extent" : "extents", o->name,
		   access->nidx, sf_indices_word (access->nidx));
}

/* Count a use of ACCESS's operand in the rhs.  */
static void
sf_count_use (sf_comp *comp, const sf_expr *access, sf_diags *diags)
{
  (void) diags;
  comp->operands[access->operand].nuses++;
}

/* Return nonzero when ACCESS has the indices of the output's access, in
   the same order.  */
static int
sf_at_output_indices (const sf_comp *comp, const sf_expr *access)
{
  const sf_expr *lhs = comp->lhs;
  if (access->nidx != lhs->nidx)
    return 0;
  for (int k = 0; k < access->nidx; k++)
    if (access->idx[k] != lhs->idx[k])
      return 0;
  return 1;
}

/* Return the operand holding the old values of the output (a copy of
   its description, is_old set), made on the first call; -1 when there
   is no room (after an error).  */
static int
sf_old_output_operand (sf_comp *comp, int tok, sf_diags *diags)
{
  int out = comp->lhs->operand;
  for (int i = 0; i < comp->noperands; i++)
    if (comp->operands[i].is_old && comp->operands[i].old_of == out)
      return i;
  if (comp->noperands == SF_MAX_OPERANDS)
    {
      sf_diag_error (diags, tok, "too many operands (at most %d)",
		     SF_MAX_OPERANDS);
      return -1;
    }
  int o = comp->noperands++;
  comp->operands[o] = comp->operands[out];
  comp->operands[o].is_old = 1;
  comp->operands[o].old_of = out;
  comp->operands[o].nuses = 0;
  comp->operands[o].tok = tok;
  return o;
}

/* Write the output's access, "A(i,j)", into BUF of SIZE bytes.  */
static void
sf_output_text (const sf_comp *comp, char *buf, size_t size)
{
  const sf_expr *lhs = comp->lhs;
  size_t n = (size_t) snprintf (buf, size, "%s(",
				comp->operands[lhs->operand].name);
  for (int k = 0; k < lhs->nidx && n < size; k++)
    n += (size_t) snprintf (buf + n, size - n, "%s%s", k ? "," : "",
			    comp->index_names[lhs->idx[k]]);
  if (n < size)
    snprintf (buf + n, size - n, ")");
}

/* Step 2 for the output read in E: "y(i) = A(i,j)*x(j) + beta*y(i)", with
   "=" and at the output's own indices, reads each entry's old value
   where the loop does, before that entry is written; the access then
   names an input operand of its own (sf_old_output_operand), which the
   lowering reads as any other.  Any other read is an error.  */
static void
sf_split_old_reads (sf_comp *comp, sf_expr *e, sf_diags *diags)
{
  if (!e)
    return;
  if (e->kind == SF_EXPR_ACCESS && e->operand == comp->lhs->operand)
    {
      const char *name = comp->operands[e->operand].name;
      char own[160], form[340];
      sf_output_text (comp, own, sizeof own);
      snprintf (form, sizeof form, "%s = ... + %s", own, own);
      if (comp->accumulate)
	sf_diag_error (diags, e->tok, "the output %qs is also used as an "
		       "input of %qs; write %qs and read it at its own "
		       "indices, as in %qs, or copy it to another array "
		       "first", name, "+=", "=", form);
      else if (!sf_at_output_indices (comp, e))
	sf_diag_error (diags, e->tok, "the output %qs is also used as an "
		       "input at other indices; the generated loops may "
		       "overwrite its entries before reading them: the "
		       "output may be read only at its own indices, in the "
		       "same order, as in %qs; copy it to another array "
		       "first", name, form);
      else
	{
	  int o = sf_old_output_operand (comp, e->tok, diags);
	  if (o >= 0)
	    e->operand = o;
	}
      return;
    }
  sf_split_old_reads (comp, e->a, diags);
  sf_split_old_reads (comp, e->b, diags);
}

/* Step 2 for the clauses: shape() and colmajor() apply to dense operands
   only.  */
static void
sf_check_clause_operands (const sf_comp *comp, sf_diags *diags)
{
  for (int i = 0; i < comp->noperands; i++)
    {
      const sf_operand *o = &comp->operands[i];
      const char *what = o->kind == SF_OPERAND_SPARSE ? "a sparse tensor"
			 : "a scalar";
      if (o->nshape && o->kind != SF_OPERAND_DENSE)
	sf_diag_error (diags, sf_shape_tok (o), "shape() applies to dense "
		       "arrays and pointers; %qs is %s", o->name, what);
      if (o->colmajor && o->kind != SF_OPERAND_DENSE)
	sf_diag_error (diags, o->tok, "colmajor() applies to dense arrays "
		       "and pointers; %qs is %s", o->name, what);
      if (o->relayout && o->kind != SF_OPERAND_SPARSE)
	sf_diag_error (diags, o->relayout_tok, "relayout() applies to sparse "
		       "tensors; %qs is %s", o->name, o->kind
		       == SF_OPERAND_DENSE ? "a dense array" : "a scalar");
      else if (o->relayout && i == comp->lhs->operand)
	sf_diag_error (diags, o->relayout_tok, "relayout() applies to the "
		       "tensors the computation reads; %qs is its output",
		       o->name);
    }
}

/* ---- step 3: index extents ---- */

/* Ranks of extent sources: the higher, the more preferred.  */
static int
sf_extent_rank (sf_extent_kind kind)
{
  switch (kind)
    {
    case SF_EXTENT_FORMAT_DIM: return 4;
    case SF_EXTENT_CONST: return 3;
    case SF_EXTENT_TYPE: return 2;
    case SF_EXTENT_SHAPE: return 1;
    default: return 0;
    }
}

int
sf_cexpr_constant (const sf_cexpr *e, long long *value)
{
  long long a = 0, b = 0;
  if (e->kind == SF_CEXPR_INT)
    return *value = e->ival, 1;
  if (e->kind == SF_CEXPR_NEG)
    return sf_cexpr_constant (e->a, &a) && a != LLONG_MIN
	   ? (*value = -a, 1) : 0;
  if (e->kind < SF_CEXPR_ADD || e->kind > SF_CEXPR_DIV
      || !sf_cexpr_constant (e->a, &a) || !sf_cexpr_constant (e->b, &b))
    return 0;
  switch (e->kind)
    {
    case SF_CEXPR_ADD: return !__builtin_add_overflow (a, b, value);
    case SF_CEXPR_SUB: return !__builtin_sub_overflow (a, b, value);
    case SF_CEXPR_MUL: return !__builtin_mul_overflow (a, b, value);
    default:
      if (!b || (a == LLONG_MIN && b == -1))
	return 0;
      return *value = a / b, 1;
    }
}

/* The search for one index's extent over all accesses.  */
typedef struct sf_extent_search
{
  int index;
  sf_extent best;
  int have_const;		/* a constant was seen: */
  long long const_value;	/* its value */
  int const_operand;		/* and where */
  int conflict;			/* already reported */
  sf_extent *all;		/* not NULL: every source offered, once */
  int nall, maxall;
} sf_extent_search;

/* Offer candidate C (from an access at token TOK) to search S.  */
static void
sf_offer_extent (const sf_comp *comp, sf_extent_search *s, sf_extent c,
		 int tok, sf_diags *diags)
{
  if (c.kind == SF_EXTENT_CONST && !s->have_const)
    {
      s->have_const = 1;
      s->const_value = c.value;
      s->const_operand = c.operand;
    }
  else if (c.kind == SF_EXTENT_CONST && c.value != s->const_value
	   && !s->conflict)
    {
      s->conflict = 1;
      sf_diag_error (diags, tok, "index %qs has extent %lld in %qs but %lld "
		     "in %qs", comp->index_names[s->index], s->const_value,
		     comp->operands[s->const_operand].name, c.value,
		     comp->operands[c.operand].name);
    }
  if (sf_extent_rank (c.kind) > sf_extent_rank (s->best.kind))
    s->best = c;
  int seen = 0;
  for (int k = 0; s->all && k < s->nall && !seen; k++)
    seen = s->all[k].operand == c.operand && s->all[k].dim == c.dim
	   && (s->all[k].kind == SF_EXTENT_FORMAT_DIM)
	      == (c.kind == SF_EXTENT_FORMAT_DIM)
	   && !s->all[k].shape == !c.shape;
  if (s->all && !seen && s->nall < s->maxall)
    s->all[s->nall++] = c;
}

/* Return an extent of kind KIND for dimension DIM of operand O.  */
static sf_extent
sf_make_extent (sf_extent_kind kind, int o, int dim)
{
  sf_extent e;
  memset (&e, 0, sizeof e);
  e.kind = kind;
  e.operand = o;
  e.dim = dim;
  e.value = -1;
  return e;
}

/* Offer what dense operand O says about index position K of an access
   at token TOK: its C type (dimension rank-1-K when column-major) and its
   shape() expression.  */
static void
sf_offer_dense_extents (const sf_comp *comp, int o, int k, int tok,
			sf_extent_search *s, sf_diags *diags)
{
  const sf_operand *op = &comp->operands[o];
  int d = op->colmajor ? op->rank - 1 - k : k;
  if (d >= 0 && d < op->rank && d < SF_MAX_ORDER && op->const_extent[d] >= 0)
    {
      sf_extent c = sf_make_extent (SF_EXTENT_CONST, o, d);
      c.value = op->const_extent[d];
      sf_offer_extent (comp, s, c, tok, diags);
    }
  else if (d >= 0 && d < op->rank && d < 32 && (op->type_extent >> d & 1))
    sf_offer_extent (comp, s, sf_make_extent (SF_EXTENT_TYPE, o, d), tok,
		     diags);
  if (k < op->nshape)
    {
      sf_extent c = sf_make_extent (SF_EXTENT_SHAPE, o, k);
      c.shape = op->shape[k];
      if (sf_cexpr_constant (c.shape, &c.value))
	c.kind = SF_EXTENT_CONST;
      sf_offer_extent (comp, s, c, tok, diags);
    }
}

/* Offer every extent that ACCESS gives for the searched index.  */
static void
sf_offer_access_extents (const sf_comp *comp, const sf_expr *access,
			 sf_extent_search *s, sf_diags *diags)
{
  const sf_operand *op = &comp->operands[access->operand];
  for (int k = 0; k < access->nidx; k++)
    {
      if (access->idx[k] != s->index)
	continue;
      if (op->kind == SF_OPERAND_SPARSE)	/* index k is mode k */
	sf_offer_extent (comp, s, sf_make_extent (SF_EXTENT_FORMAT_DIM,
						  access->operand, k),
			 access->idx_tok[k], diags);
      else if (op->kind == SF_OPERAND_DENSE)
	sf_offer_dense_extents (comp, access->operand, k,
				access->idx_tok[k], s, diags);
    }
}

/* Walk E offering the extents of its accesses to S.  */
static void
sf_search_extents (const sf_comp *comp, const sf_expr *e,
		   sf_extent_search *s, sf_diags *diags)
{
  if (!e)
    return;
  if (e->kind == SF_EXPR_ACCESS)
    sf_offer_access_extents (comp, e, s, diags);
  sf_search_extents (comp, e->a, s, diags);
  sf_search_extents (comp, e->b, s, diags);
}

int
sf_extent_sources (const sf_comp *comp, int index, sf_extent *out, int max)
{
  sf_extent_search s;
  memset (&s, 0, sizeof s);
  s.index = index;
  s.best = sf_make_extent (SF_EXTENT_UNKNOWN, -1, -1);
  s.all = out;
  s.maxall = max;
  sf_diags quiet;		/* conflicts were reported by the check */
  sf_diags_init (&quiet);
  sf_search_extents (comp, comp->rhs, &s, &quiet);
  sf_search_extents (comp, comp->lhs, &s, &quiet);
  sf_diags_free (&quiet);
  return s.nall;
}

/* Return the name of the first dense operand that uses INDEX in E, or
   NULL: the operand a shape() clause should describe.  */
static const char *
sf_dense_user (const sf_comp *comp, const sf_expr *e, int index)
{
  if (!e)
    return NULL;
  if (e->kind == SF_EXPR_ACCESS
      && comp->operands[e->operand].kind == SF_OPERAND_DENSE)
    for (int k = 0; k < e->nidx; k++)
      if (e->idx[k] == index)
	return comp->operands[e->operand].name;
  const char *name = sf_dense_user (comp, e->a, index);
  return name ? name : sf_dense_user (comp, e->b, index);
}

/* Step 3 for INDEX: fill COMP->extent[INDEX] or report why not.  The
   inputs come first, so they are preferred to the output among equals.  */
static void
sf_unify_extent (sf_comp *comp, int index, sf_diags *diags)
{
  sf_extent_search s;
  memset (&s, 0, sizeof s);
  s.index = index;
  s.best = sf_make_extent (SF_EXTENT_UNKNOWN, -1, -1);
  sf_search_extents (comp, comp->rhs, &s, diags);
  sf_search_extents (comp, comp->lhs, &s, diags);
  comp->extent[index] = s.best;
  if (s.best.kind != SF_EXTENT_UNKNOWN)
    return;
  const char *user = sf_dense_user (comp, comp->rhs, index);
  if (!user)
    user = sf_dense_user (comp, comp->lhs, index);
  sf_diag_error (diags, comp->index_tok[index], "cannot determine the "
		 "extent of index %qs; add shape(%s: ...)",
		 comp->index_names[index], user ? user : "X");
}

/* ---- step 4: assume() ---- */

/* Check the operands and dimensions named in clause expression E.  */
static void
sf_check_size_functions (const sf_comp *comp, const sf_cexpr *e,
			 sf_diags *diags)
{
  if (!e)
    return;
  if (e->kind == SF_CEXPR_NNZ || e->kind == SF_CEXPR_DIM)
    {
      const char *fn = e->kind == SF_CEXPR_NNZ ? "nnz" : "dim";
      const sf_operand *o = e->operand >= 0 ? &comp->operands[e->operand]
			    : NULL;
      if (!o)
	sf_diag_error (diags, e->tok, "%qs in %s() is not an operand of the "
		       "expression", e->name, fn);
      else if (e->kind == SF_CEXPR_NNZ && o->kind != SF_OPERAND_SPARSE)
	sf_diag_error (diags, e->tok, "nnz() needs a sparse operand; %qs is "
		       "not one", o->name);
      else if (e->kind == SF_CEXPR_DIM && o->kind == SF_OPERAND_SCALAR)
	sf_diag_error (diags, e->tok, "dim() needs a tensor; %qs is a "
		       "scalar", o->name);
      else if (e->kind == SF_CEXPR_DIM
	       && (e->ival < 0 || e->ival >= sf_operand_order (o)))
	sf_diag_error (diags, e->tok, "dim(%s, %lld) is out of range: %qs "
		       "has %d dimensions", o->name, e->ival, o->name,
		       sf_operand_order (o));
    }
  sf_check_size_functions (comp, e->a, diags);
  sf_check_size_functions (comp, e->b, diags);
}

static void
sf_check_assumes (const sf_comp *comp, sf_diags *diags)
{
  for (int a = 0; a < comp->nassumes; a++)
    {
      sf_check_size_functions (comp, comp->assumes[a].lhs, diags);
      sf_check_size_functions (comp, comp->assumes[a].rhs, diags);
    }
}

/* FORMATS is not needed: an extent names its operand, whose format the
   lowering looks up; the glue sets a sparse operand's rank to its format's
   number of dimensions.  */
int
sf_check_comp (sf_comp *comp, const sf_format *formats, sf_diags *diags)
{
  (void) formats;
  int errors = diags->nerrors;
  for (int i = 0; i < comp->noperands; i++)
    comp->operands[i].nuses = 0;
  /* 1. Resolution.  */
  sf_check_resolved (comp, diags);
  if (diags->nerrors > errors)
    return 1;
  /* 2. Accesses, clause operands, the output as an input.  */
  sf_check_access (comp, comp->lhs, diags);
  sf_for_each_access (comp, comp->rhs, diags, sf_check_access);
  sf_check_clause_operands (comp, diags);
  if (diags->nerrors > errors)
    return 1;
  sf_split_old_reads (comp, comp->rhs, diags);
  sf_for_each_access (comp, comp->rhs, diags, sf_count_use);
  if (diags->nerrors > errors)
    return 1;
  /* 3. Extents.  */
  for (int x = 0; x < comp->nindices; x++)
    sf_unify_extent (comp, x, diags);
  /* 4. Assumptions.  */
  sf_check_assumes (comp, diags);
  return diags->nerrors > errors;
}

/* A scalar output, "d += P(j) * Q(j)", as the one element of a vector
   over an index of extent 1, "d(scalar_) += P(j) * Q(j)" with d's data at
   &d: the lowering writes vectors, and the index of extent 1 goes first
   in any loop order (lw_pick_key), so the whole sum is one reduction into
   a register (with partial sums) stored once.  */
int
sf_scalar_output_as_vector (sf_arena *arena, sf_comp *comp)
{
  sf_expr *lhs = comp->lhs;
  sf_operand *out = &comp->operands[lhs->operand];
  if (out->kind != SF_OPERAND_SCALAR || lhs->nidx != 0
      || !sf_ty_is_value (out->vtype)
      || comp->nindices >= SF_MAX_INDICES)
    return 0;
  int v = comp->nindices++;
  comp->index_names[v] = "scalar_";
  comp->index_tok[v] = lhs->tok;
  lhs->idx[0] = v;
  lhs->idx_tok[0] = lhs->tok;
  lhs->nidx = 1;
  sf_cexpr *one = SF_NEW (arena, sf_cexpr);
  memset (one, 0, sizeof *one);
  one->kind = SF_CEXPR_INT;
  one->ival = 1;
  one->tok = lhs->tok;
  one->operand = -1;
  out->kind = SF_OPERAND_DENSE;
  out->rank = 1;
  out->flat_pointer = 1;
  out->nshape = 1;
  out->shape[0] = one;
  out->const_extent[0] = 1;
  return 1;
}
