/* The format table: #pragma tensor format declarations checked against the
   struct they describe.

     struct csr { int n, m; int *rowptr, *colidx; double *vals; };
     #pragma tensor format struct csr dims(n, m)
             levels(dense, compressed(rowptr, colidx)) values(vals)

   checks that 'struct csr' is a complete struct, that n and m are integers,
   rowptr and colidx pointers to (or arrays of) integers and vals a pointer
   to float or double, and records the format under the name "struct csr".
   An operand matches a format when its type (or the type it points to) is
   spelled with that typedef name or struct tag; typedef chains are
   followed, so a typedef of sf_csf declared with modes(2, 1, 0) is a format
   of its own.  The table keeps names, never trees.  */

#include "sf-plugin.h"

static sf_format *formats;
static int nformats, formats_cap;
static sf_arena format_arena;
static bool format_arena_ready;

const sf_format *
sf_format_table (void)
{
  return formats;
}

/* Return the number of entries of the format table.  */
int
sf_format_count (void)
{
  return nformats;
}

/* Return the struct type named by TYPE_NAME ("struct tag" or a typedef
   name), or NULL_TREE after reporting why at LOC.  */
static tree
lookup_format_type (const char *type_name, location_t loc)
{
  tree type;
  if (!strncmp (type_name, "struct ", 7))
    type = xref_tag (RECORD_TYPE, get_identifier (type_name + 7));
  else
    {
      tree decl = lookup_name (get_identifier (type_name));
      if (!decl || TREE_CODE (decl) != TYPE_DECL)
	{
	  error_at (loc, "%qs does not name a type", type_name);
	  return NULL_TREE;
	}
      type = TREE_TYPE (decl);
    }
  if (TREE_CODE (TYPE_MAIN_VARIANT (type)) != RECORD_TYPE
      || !COMPLETE_TYPE_P (type))
    {
      error_at (loc, "%qs is not a complete struct type here; declare the "
		"struct before %<#pragma tensor format%>", type_name);
      return NULL_TREE;
    }
  return TYPE_MAIN_VARIANT (type);
}

/* Return the FIELD_DECL called NAME in RECORD, looking into anonymous
   struct and union members, or NULL_TREE.  */
static tree
find_field (tree record, const char *name)
{
  for (tree f = TYPE_FIELDS (record); f; f = DECL_CHAIN (f))
    {
      if (TREE_CODE (f) != FIELD_DECL)
	continue;
      if (DECL_NAME (f) && !strcmp (IDENTIFIER_POINTER (DECL_NAME (f)), name))
	return f;
      if (!DECL_NAME (f) && RECORD_OR_UNION_TYPE_P (TREE_TYPE (f)))
	if (tree inner = find_field (TREE_TYPE (f), name))
	  return inner;
    }
  return NULL_TREE;
}

/* Return the type of member designator REF of RECORD after its subscript,
   or NULL_TREE after an error at its token.  */
static tree
field_ref_type (tree record, const sf_field_ref *ref, const char *type_name,
		const location_t *locs, int nlocs, location_t fallback)
{
  location_t loc = ref->tok >= 0 && ref->tok < nlocs ? locs[ref->tok] : fallback;
  tree field = find_field (record, ref->name);
  if (!field)
    {
      error_at (loc, "%qs has no member named %qs", type_name, ref->name);
      return NULL_TREE;
    }
  tree type = TREE_TYPE (field);
  if (ref->subscript < 0)
    return type;
  if (TREE_CODE (type) != ARRAY_TYPE && TREE_CODE (type) != POINTER_TYPE)
    {
      error_at (loc, "member %qs of %qs is subscripted but has type %qT",
		ref->name, type_name, type);
      return NULL_TREE;
    }
  if (TREE_CODE (type) == ARRAY_TYPE && TYPE_DOMAIN (type)
      && TYPE_MAX_VALUE (TYPE_DOMAIN (type))
      && tree_fits_shwi_p (TYPE_MAX_VALUE (TYPE_DOMAIN (type)))
      && ref->subscript > tree_to_shwi (TYPE_MAX_VALUE (TYPE_DOMAIN (type))))
    {
      error_at (loc, "subscript %d is out of range for member %qs of type %qT",
		ref->subscript, ref->name, type);
      return NULL_TREE;
    }
  return TREE_TYPE (type);
}

/* Return the core's value type for C TYPE: F32, F64, or the integer
   value type of its width and signedness (char to long long, plain char
   as its signedness on the target); VOID for another type (_Bool, an
   enum, long double, a pointer).  */
sf_ty
sf_value_ty (tree type)
{
  type = TYPE_MAIN_VARIANT (type);
  if (type == double_type_node)
    return SF_TY_F64;
  if (type == float_type_node)
    return SF_TY_F32;
  if (TREE_CODE (type) != INTEGER_TYPE || !tree_fits_uhwi_p (TYPE_SIZE (type))
      || TYPE_PRECISION (type) != tree_to_uhwi (TYPE_SIZE (type)))
    return SF_TY_VOID;
  return sf_ty_int_of (TYPE_PRECISION (type) / 8, TYPE_UNSIGNED (type));
}

/* Return the C type of core value type TY (long for INDEX, I64, U64;
   void for VOID).  */
tree
sf_value_tree (sf_ty ty)
{
  switch (ty)
    {
    case SF_TY_BOOL: return boolean_type_node;
    case SF_TY_INDEX: return long_integer_type_node;
    case SF_TY_F32: return float_type_node;
    case SF_TY_F64: return double_type_node;
    case SF_TY_I8: return signed_char_type_node;
    case SF_TY_U8: return unsigned_char_type_node;
    case SF_TY_I16: return short_integer_type_node;
    case SF_TY_U16: return short_unsigned_type_node;
    case SF_TY_I32: return integer_type_node;
    case SF_TY_U32: return unsigned_type_node;
    case SF_TY_I64: return long_integer_type_node;
    case SF_TY_U64: return long_unsigned_type_node;
    default: return void_type_node;
    }
}

/* Return true when TYPE suits ROLE; for values, store their type (F32,
   F64 or an integer value type) in *VTYPE.  */
bool
sf_field_type_ok (tree type, sf_field_role role, sf_ty *vtype)
{
  if (role == SF_FIELD_SIZE)
    return INTEGRAL_TYPE_P (type);
  if (TREE_CODE (type) != POINTER_TYPE && TREE_CODE (type) != ARRAY_TYPE)
    return false;
  tree elt = TYPE_MAIN_VARIANT (TREE_TYPE (type));
  if (role == SF_FIELD_INDEX_ARRAY)
    return INTEGRAL_TYPE_P (elt) && TREE_CODE (elt) != BOOLEAN_TYPE;
  *vtype = sf_value_ty (elt);
  return *vtype != SF_TY_VOID;
}

/* Check member designator REF of RECORD for ROLE; return false after an
   error.  */
static bool
check_field (tree record, const sf_field_ref *ref, sf_field_role role,
	     const char *type_name, sf_ty *vtype, const location_t *locs,
	     int nlocs, location_t fallback)
{
  tree type = field_ref_type (record, ref, type_name, locs, nlocs, fallback);
  if (!type)
    return false;
  if (sf_field_type_ok (type, role, vtype))
    return true;
  location_t loc = ref->tok >= 0 && ref->tok < nlocs ? locs[ref->tok] : fallback;
  error_at (loc, "member %qs of %qs must be %s, not %qT", ref->name,
	    type_name, sf_field_role_wanted (role), type);
  return false;
}

/* Return what a field of ROLE must be, for messages.  */
const char *
sf_field_role_wanted (sf_field_role role)
{
  static const char *const wanted[] = {
    "an integer", "a pointer to (or array of) integers",
    "a pointer to (or array of) an arithmetic type (float, double, or "
    "an integer of 8 to 64 bits)"
  };
  return wanted[role];
}

/* Check every member FORMAT names against RECORD; fill FORMAT's vtype.  */
static bool
check_fields (tree record, sf_format *format, const location_t *locs,
	      int nlocs, location_t loc)
{
  bool ok = true;
  sf_ty unused;
  const char *name = format->type_name;
  for (int d = 0; d < format->ndims; d++)
    ok &= check_field (record, &format->dims[d], SF_FIELD_SIZE, name, &unused,
		       locs, nlocs, loc);
  for (int l = 0; l < format->nlevels; l++)
    {
      const sf_level *lv = &format->levels[l];
      if (lv->kind == SF_LEVEL_COMPRESSED)
	ok &= check_field (record, &lv->pos, SF_FIELD_INDEX_ARRAY, name, &unused,
			   locs, nlocs, loc);
      if (lv->kind == SF_LEVEL_COO)
	ok &= check_field (record, &lv->pos, SF_FIELD_SIZE, name, &unused,
			   locs, nlocs, loc);
      if (lv->kind != SF_LEVEL_DENSE)
	ok &= check_field (record, &lv->crd, SF_FIELD_INDEX_ARRAY, name, &unused,
			   locs, nlocs, loc);
    }
  ok &= check_field (record, &format->values, SF_FIELD_VALUE_ARRAY, name,
		     &format->vtype, locs, nlocs, loc);
  return ok;
}

/* Return a copy of REF whose strings live in the format arena.  */
static sf_field_ref
keep_ref (sf_field_ref ref)
{
  if (ref.name)
    ref.name = sf_arena_strdup (&format_arena, ref.name);
  if (ref.expr)
    ref.expr = sf_cexpr_copy (&format_arena, ref.expr, -1);
  return ref;
}

/* Return the index of the format declared for TYPE_NAME, or -1.  */
static int
find_format (const char *type_name)
{
  for (int i = 0; i < nformats; i++)
    if (!formats[i].is_tensor && !strcmp (formats[i].type_name, type_name))
      return i;
  return -1;
}

/* Add FORMAT (parsed from the pragma at LOC, token locations LOCS) to the
   table after checking it against its struct.  Return its index, or -1
   after reporting errors.  */
int
sf_format_register (const sf_format *format, location_t loc,
		    const location_t *locs, int nlocs)
{
  location_t type_loc = format->tok >= 0 && format->tok < nlocs
			? locs[format->tok] : loc;
  sf_format f = *format;
  if (!f.is_tensor)
    {
      tree record = lookup_format_type (format->type_name, type_loc);
      if (!record || !check_fields (record, &f, locs, nlocs, loc))
	return -1;
      if (find_format (f.type_name) >= 0)
	{
	  error_at (type_loc, "a format for %qs was already declared",
		    f.type_name);
	  return -1;
	}
    }
  if (!format_arena_ready)
    {
      sf_arena_init (&format_arena);
      format_arena_ready = true;
    }
  f.type_name = sf_arena_strdup (&format_arena, f.type_name);
  for (int d = 0; d < f.ndims; d++)
    f.dims[d] = keep_ref (f.dims[d]);
  for (int l = 0; l < f.nlevels; l++)
    {
      f.levels[l].pos = keep_ref (f.levels[l].pos);
      f.levels[l].crd = keep_ref (f.levels[l].crd);
    }
  f.values = keep_ref (f.values);
  if (nformats == formats_cap)
    {
      formats_cap = formats_cap ? 2 * formats_cap : 16;
      formats = XRESIZEVEC (sf_format, formats, formats_cap);
    }
  formats[nformats] = f;
  return nformats++;
}

/* Return the format whose name is the typedef or tag spelling TYPE (a
   RECORD_TYPE variant), following typedef chains; -1 when none.  */
int
sf_format_for_type (tree type)
{
  for (tree t = type; t; )
    {
      tree name = TYPE_NAME (t);
      if (!name || TREE_CODE (name) != TYPE_DECL || !DECL_NAME (name))
	break;
      int f = find_format (IDENTIFIER_POINTER (DECL_NAME (name)));
      if (f >= 0)
	return f;
      t = DECL_ORIGINAL_TYPE (name);
    }
  type = TYPE_MAIN_VARIANT (type);
  tree tag = TYPE_NAME (type);
  if (TREE_CODE (type) != RECORD_TYPE || !tag
      || TREE_CODE (tag) != IDENTIFIER_NODE)
    return -1;
  char buf[256];
  snprintf (buf, sizeof buf, "struct %s", IDENTIFIER_POINTER (tag));
  return find_format (buf);
}
