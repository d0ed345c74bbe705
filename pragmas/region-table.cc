/* The table of annotated regions, and the marker calls that carry a region
   from the pragma handler to the GIMPLE pass.

     #pragma tensor y(i) = B(i,j) * x(j)
   becomes, in the statement list,
     __sparsefuse_region_begin (3, B.n, B.pos, B.crd, B.vals, x, y);
     for (...) ...
     __sparsefuse_region_end (3);
   and region 3 of this table holds the checked computation and its loop IR.
   The table keeps no trees but the two the first-run check needs (the
   output's number of values and its address, passes/first-run.cc), held
   in a list the garbage collector sees: they are built at the pragma and
   used by the pass, and must not travel as marker arguments (they would
   change the code of every region).  */

#include "sf-plugin.h"

static vec<sf_region_info *> regions;
static tree marker_decls[2];
/* A TREE_LIST of the first-run trees of the regions alive: each node's
   purpose the number of values, its value their address.  */
static tree first_run_trees;

/* The marker decls and the first-run trees as garbage-collector roots
   (see plugin.cc).  */
const struct ggc_root_tab sf_marker_roots[] = {
  { &marker_decls[0], 2, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &first_run_trees, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  { &sf_llc_cache_decl, 1, sizeof (tree), &gt_ggc_mx_tree_node,
    &gt_pch_nx_tree_node },
  LAST_GGC_ROOT_TAB
};

/* Record in INFO the output's number of values COUNT and their address
   OUT (GENERIC, evaluated where the region starts), for the first-run
   check, and keep them alive until the region is released.  */
void
sf_region_keep_first_run (sf_region_info *info, tree count, tree out)
{
  info->first_count = count;
  info->first_out = out;
  info->first_keep = tree_cons (count, out, first_run_trees);
  first_run_trees = info->first_keep;
}

/* Take the first-run trees of INFO out of the list.  */
static void
forget_first_run (sf_region_info *info)
{
  for (tree *p = &first_run_trees; *p; p = &TREE_CHAIN (*p))
    if (*p == info->first_keep)
      {
	*p = TREE_CHAIN (*p);
	break;
      }
  info->first_keep = info->first_count = info->first_out = NULL_TREE;
}

/* Return a new region for the pragma at LOC, with its own arena.  */
sf_region_info *
sf_region_new (location_t loc)
{
  sf_region_info *info = XCNEW (sf_region_info);
  info->id = regions.length ();
  info->loc = loc;
  info->out_uid = -1;
  info->fuse_prev = -1;
  sf_arena_init (&info->arena);
  regions.safe_push (info);
  return info;
}

/* Return region ID, or NULL when there is none (or it was released).  */
sf_region_info *
sf_region_get (int id)
{
  if (id < 0 || (unsigned) id >= regions.length ())
    return NULL;
  return regions[id];
}

/* Free everything region INFO owns.  Its id stays reserved unless it was
   the last one handed out (a format pragma, or a pragma with errors), so
   ids count the computations that reached the pass.  */
void
sf_region_release (sf_region_info *info)
{
  if (!info)
    return;
  forget_first_run (info);
  if ((unsigned) info->id + 1 == regions.length ()
      && !info->marked)
    regions.pop ();
  else
    regions[info->id] = NULL;
  sf_arena_free (&info->arena);
  XDELETE (info);
}

/* Return the FUNCTION_DECL of the begin (BEGIN) or end marker, built on
   first use.  */
tree
sf_marker_decl (bool begin)
{
  tree *slot = &marker_decls[begin ? 0 : 1];
  if (!*slot)
    {
      tree type = build_varargs_function_type_list (void_type_node,
						    integer_type_node,
						    NULL_TREE);
      *slot = build_fn_decl (begin ? SF_BEGIN_MARKER : SF_END_MARKER, type);
      TREE_NOTHROW (*slot) = 1;
      DECL_ARTIFICIAL (*slot) = 1;
    }
  return *slot;
}

/* Return true when the GENERIC statement STMT is a call of a marker (begin
   marker if BEGIN, else end marker), storing its region id in *ID.  */
bool
sf_marker_call_p (const_tree stmt, bool begin, int *id)
{
  if (!stmt || TREE_CODE (stmt) != CALL_EXPR)
    return false;
  tree fn = get_callee_fndecl (stmt);
  if (!fn || !DECL_NAME (fn)
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
		 begin ? SF_BEGIN_MARKER : SF_END_MARKER) != 0)
    return false;
  tree arg = CALL_EXPR_ARG (stmt, 0);
  if (!tree_fits_shwi_p (arg))
    return false;
  *id = tree_to_shwi (arg);
  return true;
}

/* Like sf_marker_call_p, for a GIMPLE statement.  */
bool
sf_marker_gimple_p (const gimple *stmt, bool begin, int *id)
{
  if (!stmt || gimple_code (stmt) != GIMPLE_CALL)
    return false;
  tree fn = gimple_call_fndecl (stmt);
  if (!fn || !DECL_NAME (fn)
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)),
		 begin ? SF_BEGIN_MARKER : SF_END_MARKER) != 0)
    return false;
  tree arg = gimple_call_arg (stmt, 0);
  if (!tree_fits_shwi_p (arg))
    return false;
  *id = tree_to_shwi (arg);
  return true;
}
