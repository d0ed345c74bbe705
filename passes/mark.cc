/* Marking where each annotated region ends, at PRE_GENERICIZE.

   The pragma handler left a begin marker in the statement list; the
   statement after it is the region.  The C front end still holds loops as
   FOR_STMT here, with a for-init expression as a separate statement just
   before the FOR_STMT:

     __sparsefuse_region_begin (3, ...);      __sparsefuse_region_begin (3, ...);
     i = 0;                             ->    i = 0;
     FOR_STMT <i < n; i++; body>              FOR_STMT <...>
                                              __sparsefuse_region_end (3);

   (a for-init is told from an ordinary statement by its location: it comes
   after the 'for' keyword).  After gimplification the loop is flattened
   into labels and gotos, so the end marker is what bounds the region.

   With -g at -O1 and above the front end puts a statement-frontier
   marker (DEBUG_BEGIN_STMT) before every statement, so the list reads
   "begin; # DEBUG BEGIN STMT; FOR_STMT".  Such markers are not statements
   of the program: they are stepped over when looking for the region, and
   the ones before it end up inside it.  */

#include "sf-plugin.h"

/* Return true when statement S is only a debug marker (-g).  */
static bool
debug_marker_p (tree s)
{
  return s && TREE_CODE (s) == DEBUG_BEGIN_STMT;
}

/* Advance *I past the debug markers at it; return its statement, or
   NULL_TREE at the end of the list.  */
static tree
skip_debug_markers (tree_stmt_iterator *i)
{
  while (!tsi_end_p (*i) && debug_marker_p (tsi_stmt (*i)))
    tsi_next (i);
  return tsi_end_p (*i) ? NULL_TREE : tsi_stmt (*i);
}

/* Return true when statement INIT is the for-init of FOR_STMT NEXT.  */
static bool
for_init_p (tree init, tree next)
{
  if (!next || TREE_CODE (next) != FOR_STMT || !EXPR_P (init))
    return false;
  location_t init_loc = EXPR_LOCATION (init), for_loc = EXPR_LOCATION (next);
  return init_loc != UNKNOWN_LOCATION && for_loc != UNKNOWN_LOCATION
	 && linemap_location_before_p (line_table, for_loc, init_loc);
}

/* Return a short reason why statement S cannot be a region, or NULL.  */
static const char *
not_a_region (tree s)
{
  int id;
  if (!s)
    return "it is not followed by a statement";
  if (sf_marker_call_p (s, true, &id))
    return "it is followed by another '#pragma tensor'";
  if (TREE_CODE (s) == DECL_EXPR)
    return "it is followed by a declaration, not a statement";
  return NULL;
}

/* Handle the begin marker at I in statement list LIST: append the end
   marker after its region, or remove the marker after an error.  */
static void
mark_region (tree_stmt_iterator i, int id)
{
  sf_region_info *info = sf_region_get (id);
  tree_stmt_iterator last = i;
  tsi_next (&last);
  tree first = skip_debug_markers (&last);
  if (const char *why = not_a_region (first))
    {
      error_at (info ? info->loc : input_location,
		"%<#pragma tensor%> must be followed by the statement it "
		"describes, but %s", why);
      tsi_delink (&i);
      sf_region_release (info);
      return;
    }
  tree_stmt_iterator next = last;
  tsi_next (&next);
  if (for_init_p (first, skip_debug_markers (&next)))
    last = next;
  tree end = build_call_expr (sf_marker_decl (false), 1,
			      build_int_cst (integer_type_node, id));
  tsi_link_after (&last, end, TSI_SAME_STMT);
}

/* walk_tree callback: mark the regions of each statement list.  */
static tree
mark_in_lists (tree *tp, int *, void *)
{
  if (TREE_CODE (*tp) != STATEMENT_LIST)
    return NULL_TREE;
  for (tree_stmt_iterator i = tsi_start (*tp); !tsi_end_p (i); )
    {
      int id;
      tree_stmt_iterator cur = i;
      tsi_next (&i);
      if (sf_marker_call_p (tsi_stmt (cur), true, &id))
	mark_region (cur, id);
    }
  return NULL_TREE;
}

/* PLUGIN_PRE_GENERICIZE callback for function GCC_DATA.  */
void
sf_mark_region_ends (void *gcc_data, void *)
{
  tree fn = (tree) gcc_data;
  if (!fn || TREE_CODE (fn) != FUNCTION_DECL || !DECL_SAVED_TREE (fn))
    return;
  walk_tree_without_duplicates (&DECL_SAVED_TREE (fn), mark_in_lists, NULL);
}
