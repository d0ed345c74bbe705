/* The declaration of a function the plugin makes for a region: the
   code's (pass.cc, outline) and the statement's (statement-fn.cc).  */

#include "sf-plugin.h"

/* Return a new function for code of the current function at LOC, named
   CALLER.SUFFIX.N, never inlined, with the caller's optimization and
   target options, of type TYPE (or void (void) until its parameters are
   known); its body is the caller's to give.  */
tree
sf_new_function_decl (location_t loc, const char *suffix, tree type)
{
  tree caller = current_function_decl;
  tree fn = build_decl (loc, FUNCTION_DECL,
			clone_function_name_numbered (caller, suffix),
			type ? type : build_function_type (void_type_node,
							   void_list_node));
  TREE_STATIC (fn) = 1;
  TREE_USED (fn) = 1;
  TREE_PUBLIC (fn) = 0;
  DECL_EXTERNAL (fn) = 0;
  DECL_ARTIFICIAL (fn) = 1;
  DECL_NAMELESS (fn) = 1;
  DECL_UNINLINABLE (fn) = 1;
  DECL_CONTEXT (fn) = NULL_TREE;
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn)
    = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (caller);
  DECL_FUNCTION_SPECIFIC_TARGET (fn) = DECL_FUNCTION_SPECIFIC_TARGET (caller);
  /* The pass leaves the functions it made alone.  */
  DECL_ATTRIBUTES (fn) = tree_cons (get_identifier ("sparsefuse code"),
				    NULL_TREE, NULL_TREE);
  tree result = build_decl (loc, RESULT_DECL, NULL_TREE, void_type_node);
  DECL_ARTIFICIAL (result) = 1;
  DECL_IGNORED_P (result) = 1;
  DECL_CONTEXT (result) = fn;
  DECL_RESULT (fn) = result;
  tree block = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (block) = fn;
  TREE_USED (block) = 1;
  DECL_INITIAL (fn) = block;
  return fn;
}
