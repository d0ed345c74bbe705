/* The GIMPLE pass "*sparsefuse_names", run after "ompexp": the region's
   variables stay nameless in the debug information of the OpenMP child
   functions too.

     void spmv._omp_fn.0 (struct .omp_data_s.5 * .omp_data_i)
     {
       const double * x;    <- a copy of the region's copy of x
       long int i;          <- a copy of the region's index i
   keeps the names for the dumps, but the DWARF of x and i has none.

   irgen.cc's new_var makes each of the region's variables artificial and
   DECL_NAMELESS: named like the user's ("x", "i", "b_pos"), they would
   otherwise be what a debugger shows for the user's variables.  OpenMP
   lowering and outlining copy a variable that moves into a child
   function with copy_var_decl, which keeps DECL_ARTIFICIAL and
   DECL_IGNORED_P but not DECL_NAMELESS.  The names are written into the
   child functions' debug information before their own passes run (the
   flag set in a pass after "ssa" came too late), so this pass runs in
   the lowering of the parent, right after ompexp made the children: in
   each child function of a unit where the plugin made variables,
   1. every automatic variable that is artificial but not ignored for
      debugging (the copies of the region's: the gimplifier's temporaries
      are ignored, copies of the user's variables are not artificial)
   2. in the function's local declarations and in its scopes
   becomes nameless again.  Only the debug information changes.  */

#include "sf-plugin.h"

/* Set by new_var: this unit has variables of generated code.  */
bool sf_made_vars;

/* Make VAR nameless in the debug information when it is a copy of one of
   the region's variables (step 1).  */
static void
unname_copy (tree var)
{
  if (VAR_P (var) && DECL_ARTIFICIAL (var) && !DECL_IGNORED_P (var)
      && !TREE_STATIC (var) && !DECL_EXTERNAL (var))
    DECL_NAMELESS (var) = 1;
}

/* Apply unname_copy to the variables of BLOCK and of its subblocks.  */
static void
unname_block (tree block)
{
  for (; block; block = BLOCK_CHAIN (block))
    {
      for (tree v = BLOCK_VARS (block); v; v = DECL_CHAIN (v))
	unname_copy (v);
      unname_block (BLOCK_SUBBLOCKS (block));
    }
}

/* Make the copies in OpenMP child function FUN nameless (step 2).  */
static void
unname_child (function *fun)
{
  unsigned ix;
  tree var;
  FOR_EACH_LOCAL_DECL (fun, ix, var)
    unname_copy (var);
  unname_block (DECL_INITIAL (fun->decl));
}

namespace {

const pass_data sparsefuse_names_pass_data = {
  GIMPLE_PASS,
  "*sparsefuse_names",		/* name */
  OPTGROUP_NONE,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_gimple_any,		/* properties_required */
  0, 0, 0, 0
};

class sparsefuse_names_pass : public gimple_opt_pass
{
public:
  sparsefuse_names_pass (gcc::context *ctxt)
    : gimple_opt_pass (sparsefuse_names_pass_data, ctxt)
  {}

  bool gate (function *) final override
  {
    return sf_made_vars;
  }

  /* The child functions ompexp just made for this function, and those of
     the functions before (done again: it changes nothing).  */
  unsigned int execute (function *) final override
  {
    cgraph_node *node;
    FOR_EACH_FUNCTION (node)
      if (node->parallelized_function && DECL_STRUCT_FUNCTION (node->decl))
	unname_child (DECL_STRUCT_FUNCTION (node->decl));
    return 0;
  }
};

} // anon namespace

opt_pass *
sf_make_names_pass (gcc::context *ctxt)
{
  return new sparsefuse_names_pass (ctxt);
}
