/* Tensors made of separate arrays, declared inside a function (SPEC 1.5).

     static int rowstr[NA + 2], colidx[NZ + 1];  static double a[NZ + 1];
     void conj_grad (double p[], double w[])
     {
     #pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
     #pragma tensor format P dims(n) levels(dense) values(p + 1)
       ...
     #pragma tensor W(j) = A(j,k) * P(k)
       for (j = 1; j <= n; j++) ...

   The declaration makes the name A visible as C names are: in the block
   that holds it and its inner blocks, from the declaration on.  We get
   exactly C's scope rules by declaring A to the C front end itself, as an
   artificial enumeration constant whose value is the tensor's index in
   the format table: lookup_name finds it where a computation can use it
   and nowhere else, a second declaration in the same block is refused,
   and it costs no storage and leaves no trace in the object file.  It is
   marked unavailable, so that C code naming it is an error, not the
   constant's value.

   1. Refuse a name that already denotes a variable, function or type
      visible here, or a tensor of this very block.
   2. Build every field's C expression once now, to check its type (an
      integer for dims and nnz, a pointer to integers for pos and crd, a
      pointer to float or double for values), with the caret on the
      expression; note which declaration each identifier denotes.
   3. Record the format (its expressions copied into the format table's
      arena) and declare the name.
   A computation that names A gets a sparse operand of that format (or a
   dense one when every level is dense); its parameters are the same
   expressions built again where the computation stands, after checking
   that each identifier still denotes the declaration it denoted at the
   format (an inner block may have declared another 'p').  */

#include "sf-plugin.h"

/* What the table knows of one tensor beyond its format.  */
struct block_tensor
{
  int format;			/* index in the format table */
  unsigned decl_uid;		/* the enumeration constant */
  location_t loc;		/* the name in the declaration */
  uintptr_t block;		/* the statement list it was declared in
				   (compared, never dereferenced) */
  vec<unsigned> names;		/* DECL_UID of each identifier of the
				   fields, in the order of name_walk */
};

static vec<block_tensor> tensors;

/* Return the entry of the tensor whose enumeration constant is DECL, or
   NULL when DECL is none of ours.  */
static block_tensor *
tensor_of_decl (const_tree decl)
{
  if (!decl || TREE_CODE (decl) != CONST_DECL || !DECL_ARTIFICIAL (decl)
      || !DECL_INITIAL (decl) || !tree_fits_shwi_p (DECL_INITIAL (decl)))
    return NULL;
  HOST_WIDE_INT i = tree_to_shwi (DECL_INITIAL (decl));
  for (block_tensor &t : tensors)
    if (t.format == i && t.decl_uid == DECL_UID (decl))
      return &t;
  return NULL;
}

int
sf_tensor_format_of_decl (const_tree decl)
{
  block_tensor *t = tensor_of_decl (decl);
  return t ? t->format : -1;
}

/* Call FN on every identifier of expression E, in a fixed order.  */
static void
name_walk (const sf_cexpr *e, void (*fn) (const sf_cexpr *, void *),
	   void *data)
{
  if (!e)
    return;
  if (e->kind == SF_CEXPR_NAME)
    fn (e, data);
  name_walk (e->a, fn, data);
  name_walk (e->b, fn, data);
}

/* Call FN on every identifier of every field of FORMAT.  */
static void
format_name_walk (const sf_format *f, void (*fn) (const sf_cexpr *, void *),
		  void *data)
{
  for (int d = 0; d < f->ndims; d++)
    name_walk (f->dims[d].expr, fn, data);
  for (int l = 0; l < f->nlevels; l++)
    {
      name_walk (f->levels[l].pos.expr, fn, data);
      name_walk (f->levels[l].crd.expr, fn, data);
    }
  name_walk (f->values.expr, fn, data);
}

/* name_walk callback: push the DECL_UID the identifier denotes here (0
   when none) onto the vec<unsigned> DATA.  */
static void
push_name_uid (const sf_cexpr *e, void *data)
{
  tree d = lookup_name (get_identifier (e->name));
  ((vec<unsigned> *) data)->safe_push (d ? DECL_UID (d) : 0);
}

/* Check field REF of the declaration of NAME for ROLE, building its
   expression at token locations LOCS; return false after an error.  */
static bool
check_field (const sf_field_ref *ref, sf_field_role role, const char *name,
	     sf_ty *vtype, const location_t *locs, int nlocs, location_t loc)
{
  location_t at = ref->tok >= 0 && ref->tok < nlocs ? locs[ref->tok] : loc;
  tree t = sf_build_field_expr (ref->expr, locs, nlocs, at);
  if (t == error_mark_node)
    return false;
  if (sf_field_type_ok (TREE_TYPE (t), role, vtype))
    return true;
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&text, &len);
  if (f)
    {
      sf_print_cexpr (f, ref->expr);
      fclose (f);
    }
  error_at (at, "%qs in the declaration of tensor %qs must be %s, not %qT",
	    text ? text : "?", name, sf_field_role_wanted (role),
	    TREE_TYPE (t));
  free (text);
  return false;
}

/* Check every field of FORMAT (the tensor's values type goes to
   FORMAT->vtype); return false after reporting errors.  */
static bool
check_fields (sf_format *format, const location_t *locs, int nlocs,
	      location_t loc)
{
  bool ok = true;
  sf_ty unused;
  const char *name = format->type_name;
  for (int d = 0; d < format->ndims; d++)
    ok &= check_field (&format->dims[d], SF_FIELD_SIZE, name, &unused, locs,
		       nlocs, loc);
  for (int l = 0; l < format->nlevels; l++)
    {
      const sf_level *lv = &format->levels[l];
      if (lv->kind == SF_LEVEL_COMPRESSED)
	ok &= check_field (&lv->pos, SF_FIELD_INDEX_ARRAY, name, &unused, locs, nlocs,
			   loc);
      if (lv->kind == SF_LEVEL_COO)
	ok &= check_field (&lv->pos, SF_FIELD_SIZE, name, &unused, locs, nlocs,
			   loc);
      if (lv->kind != SF_LEVEL_DENSE)
	ok &= check_field (&lv->crd, SF_FIELD_INDEX_ARRAY, name, &unused, locs, nlocs,
			   loc);
    }
  ok &= check_field (&format->values, SF_FIELD_VALUE_ARRAY, name, &format->vtype,
		     locs, nlocs, loc);
  return ok;
}

/* Return false after an error when NAME (at LOC) may not name a new
   tensor here: it denotes a variable, a function, a type or a tensor
   declared in this same block.  */
static bool
name_free_p (const char *name, location_t loc)
{
  tree d = lookup_name (get_identifier (name));
  if (!d)
    return true;
  if (block_tensor *t = tensor_of_decl (d))
    {
      if (t->block != (uintptr_t) cur_stmt_list)
	return true;		/* an outer block's: this one hides it */
      error_at (loc, "tensor %qs is already declared in this block", name);
      inform (t->loc, "declared here");
      return false;
    }
  if (TREE_CODE (d) == TYPE_DECL)
    error_at (loc, "%qs names a type here; inside a function %<#pragma "
	      "tensor format%> declares a tensor, which needs a name of its "
	      "own (the format of a type is declared at file scope)", name);
  else
    error_at (loc, "%qs is already declared here; a tensor declared with "
	      "%<#pragma tensor format%> needs a name that is not a C "
	      "variable, function or constant in scope", name);
  inform (DECL_SOURCE_LOCATION (d), "%qs is declared here", name);
  return false;
}

/* Handle the format declaration F inside a function (the pragma at LOC,
   its tokens at LOCS).  */
void
sf_tensor_declare (const sf_format *f, location_t loc, const location_t *locs,
		   int nlocs)
{
  location_t name_loc = f->tok >= 0 && f->tok < nlocs ? locs[f->tok] : loc;
  if (!cur_stmt_list || !name_free_p (f->type_name, name_loc))
    return;
  sf_format checked = *f;
  if (!sf_format_checked (f, locs, nlocs, loc)
      || !check_fields (&checked, locs, nlocs, loc))
    return;
  int index = sf_format_register (&checked, loc, locs, nlocs);
  if (index < 0)
    return;
  tree decl = build_decl (name_loc, CONST_DECL,
			  get_identifier (f->type_name), integer_type_node);
  DECL_INITIAL (decl) = build_int_cst (integer_type_node, index);
  DECL_ARTIFICIAL (decl) = 1;
  TREE_CONSTANT (decl) = 1;
  TREE_READONLY (decl) = 1;
  sf_mark_unusable (decl, "a tensor declared with '#pragma tensor format' "
		    "names data only in '#pragma tensor' computations");
  block_tensor t;
  t.format = index;
  t.decl_uid = DECL_UID (decl);
  t.loc = name_loc;
  t.block = (uintptr_t) cur_stmt_list;
  t.names = vNULL;
  format_name_walk (&checked, push_name_uid, &t.names);
  tensors.safe_push (t);
  pushdecl (decl);
}

/* name_walk callback state: the uids recorded at the declaration, and
   the first identifier that now denotes another declaration.  */
struct same_names
{
  const vec<unsigned> *uids;
  unsigned next;
  const char *changed;
};

static void
compare_name_uid (const sf_cexpr *e, void *data)
{
  same_names *s = (same_names *) data;
  tree d = lookup_name (get_identifier (e->name));
  unsigned uid = d ? DECL_UID (d) : 0;
  if (!s->changed && s->next < s->uids->length ()
      && (*s->uids)[s->next] != uid)
    s->changed = e->name;
  s->next++;
}

/* Check that the identifiers of tensor DECL's fields denote, where a
   computation names it (at LOC), what they denoted at its declaration;
   return false after an error.  */
bool
sf_tensor_names_unchanged (const_tree decl, location_t loc)
{
  block_tensor *t = tensor_of_decl (decl);
  if (!t)
    return true;
  same_names s = { &t->names, 0, NULL };
  format_name_walk (&sf_format_table ()[t->format], compare_name_uid, &s);
  if (!s.changed)
    return true;
  error_at (loc, "%qs in the declaration of tensor %qs denotes another "
	    "declaration here", s.changed,
	    sf_format_table ()[t->format].type_name);
  inform (t->loc, "tensor %qs is declared here",
	  sf_format_table ()[t->format].type_name);
  return false;
}

/* Return the format of the K-th tensor declared in a function (in the
   order of the declarations), with the location of its name in *LOC; -1
   past the last.  The annotation search (passes/suggest.cc) offers those
   of the function it looks at as operands.  */
int
sf_tensor_declared (int k, location_t *loc)
{
  if (k < 0 || (unsigned) k >= tensors.length ())
    return -1;
  *loc = tensors[k].loc;
  return tensors[k].format;
}
