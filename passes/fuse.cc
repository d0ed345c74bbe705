/* Consecutive regions fused as one program, when that is provably the
   same computation.

     __sparsefuse_region_begin (1, ..., &T);        region 1: T = B*C
     <loop writing T>
     __sparsefuse_region_end (1);
     D.5 = B.pos;  ...                              region 2's arguments
     __sparsefuse_region_begin (2, ..., &T, ..., <fused params>);
     <loop reading T, writing A>                    region 2: A = T*D
     __sparsefuse_region_end (2);
   becomes, when fused, region 2 alone with the code of A = (B*C)*D
   (prepared by pragmas/fuse.cc); region 1's statements are removed and T
   is never written.

   Region 1 is fused into region 2 only when
     1. region 2 comes right after region 1 in the same statement list
        (only the evaluation of its marker's arguments in between:
        assignments to compiler temporaries without side effects);
     2. region 2 was prepared as region 1's successor and its fused code
        exists (else the preparation's reason is dumped), and region 1
        has not absorbed a region before it (a chain of three fuses its
        first two);
     3. each region alone passes the safety check;
     4. T is a local, non-static array of the function (a VLA: the
        pointer the compiler allocates it through), and no statement
        outside the two regions and their markers' arguments mentions it
        except its allocation and its end-of-scope clobber: nothing reads
        T after region 2, nothing wrote it before region 1 that region 2
        could see, and its address goes nowhere else.
   Otherwise each region is replaced on its own, and the dump says why not
   ("sparsefuse: region 2 not fused with region 1: ...").  */

#include "sf-plugin.h"
#include "hash-set.h"

/* Return true when STMT is an assignment to a compiler temporary with no
   side effects (how a marker's arguments are evaluated).  */
static bool
temp_assign_p (gimple *stmt)
{
  if (!is_gimple_assign (stmt) || gimple_has_side_effects (stmt)
      || gimple_has_volatile_ops (stmt))
    return false;
  tree lhs = gimple_assign_lhs (stmt);
  return TREE_CODE (lhs) == SSA_NAME
	 || (VAR_P (lhs) && DECL_ARTIFICIAL (lhs) && !TREE_STATIC (lhs));
}

/* Return true when STMT is no statement of the program (-g markers).  */
static bool
skippable_p (gimple *stmt)
{
  return is_gimple_debug (stmt) || gimple_code (stmt) == GIMPLE_NOP;
}

/* walk_gimple_seq callback: stop at an allocation of the pointer
   WI->info by __builtin_alloca_with_align (how a VLA is made).  */
static tree
find_vla_alloc (gimple_stmt_iterator *gsi, bool *handled,
		struct walk_stmt_info *wi)
{
  gcall *call = dyn_cast<gcall *> (gsi_stmt (*gsi));
  tree fn = call ? gimple_call_fndecl (call) : NULL_TREE;
  if (fn && gimple_call_lhs (call) == (tree) wi->info
      && fndecl_built_in_p (fn, BUILT_IN_ALLOCA_WITH_ALIGN))
    {
      *handled = true;		/* walk_gimple_stmt wants it with a result */
      return (tree) wi->info;
    }
  return NULL_TREE;
}

/* Return true when pointer VAR is where a VLA of FN_BODY lives.  */
static bool
vla_pointer_p (gimple_seq fn_body, tree var)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = var;
  return walk_gimple_seq (fn_body, find_vla_alloc, NULL, &wi) != NULL;
}

/* Return ARG with the temporaries assigned just before BEGIN (the
   marker's argument evaluation) replaced by what they were assigned.  */
static tree
through_temps (tree arg, gimple_stmt_iterator begin)
{
  gimple_stmt_iterator i = begin;
  for (gsi_prev (&i); !gsi_end_p (i); gsi_prev (&i))
    {
      gimple *stmt = gsi_stmt (i);
      if (skippable_p (stmt))
	continue;
      if (!temp_assign_p (stmt))
	break;
      if (gimple_assign_lhs (stmt) == arg
	  && (gimple_assign_single_p (stmt)
	      || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (stmt))))
	arg = gimple_assign_rhs1 (stmt);
    }
  return arg;
}

/* Return the variable holding T from marker argument ARG: the array, or
   the pointer a VLA lives behind; NULL_TREE when it is no local of the
   current function.  */
static tree
intermediate_var (tree arg, gimple_seq fn_body)
{
  if (!arg)
    return NULL_TREE;
  STRIP_NOPS (arg);
  if (TREE_CODE (arg) == ADDR_EXPR)
    arg = get_base_address (TREE_OPERAND (arg, 0));
  if (arg && (TREE_CODE (arg) == MEM_REF || TREE_CODE (arg) == INDIRECT_REF))
    {
      arg = TREE_OPERAND (arg, 0);
      STRIP_NOPS (arg);
    }
  if (!arg || !VAR_P (arg) || TREE_STATIC (arg) || DECL_EXTERNAL (arg)
      || DECL_CONTEXT (arg) != current_function_decl)
    return NULL_TREE;
  if (TREE_CODE (TREE_TYPE (arg)) == ARRAY_TYPE
      || (POINTER_TYPE_P (TREE_TYPE (arg)) && DECL_ARTIFICIAL (arg)
	  && vla_pointer_p (fn_body, arg)))
    return arg;
  return NULL_TREE;
}

/* Return the marker argument of region INFO (begin marker CALL) holding
   its output's data pointer, or NULL_TREE.  */
static tree
output_arg (const sf_region_info *info, gcall *call)
{
  const sf_region *r = info->ir;
  int out = info->comp->lhs->operand;
  for (int i = 0; i < r->nparams; i++)
    if (r->params[i].kind == SF_PARAM_DATA && r->params[i].operand == out)
      return gimple_call_arg (call, i + 1);
  return NULL_TREE;
}

/* walk_gimple_op callback: stop at the variable in WI->info.  */
static tree
mentions_var (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  if (*tp == (tree) wi->info)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* What the search for other uses of T knows.  */
struct other_use
{
  tree var;
  hash_set<gimple *> *window;	/* statements of the two regions */
  gimple *found;
};

/* Return true when STMT, outside the regions, may use T freely: its
   end-of-scope clobber, the allocation of a VLA's pointer, debug
   statements.  */
static bool
harmless_use_p (gimple *stmt, tree var)
{
  if (is_gimple_debug (stmt) || gimple_clobber_p (stmt))
    return true;
  if (gcall *call = dyn_cast<gcall *> (stmt))
    {
      tree fn = gimple_call_fndecl (call);
      if (gimple_call_lhs (call) == var && fn
	  && fndecl_built_in_p (fn, BUILT_IN_ALLOCA_WITH_ALIGN))
	{
	  for (unsigned a = 0; a < gimple_call_num_args (call); a++)
	    if (gimple_call_arg (call, a) == var)
	      return false;
	  return true;
	}
    }
  return false;
}

/* walk_gimple_seq callback: record a statement outside the window that
   uses T.  */
static tree
find_other_use (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  other_use *u = (other_use *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  if (u->found || u->window->contains (stmt) || harmless_use_p (stmt, u->var))
    return NULL_TREE;
  struct walk_stmt_info w;
  memset (&w, 0, sizeof w);
  w.info = u->var;
  if (walk_gimple_op (stmt, mentions_var, &w))
    u->found = stmt;
  return NULL_TREE;
}

/* Return a statement of FN_BODY outside WINDOW that uses VAR, or NULL.  */
static gimple *
other_use_of (gimple_seq fn_body, tree var, hash_set<gimple *> *window)
{
  other_use u = { var, window, NULL };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &u;
  walk_gimple_seq (fn_body, find_other_use, NULL, &wi);
  return u.found;
}

/* Dump that region INFO2 is not fused with region INFO1, because WHY.  */
static void
dump_not_fused (const sf_region_info *info1, const sf_region_info *info2,
		const char *why)
{
  if (dump_file)
    fprintf (dump_file, "sparsefuse: region %d not fused with region %d: "
	     "%s\n", info2->id, info1->id, why);
}

/* Return the statement after END (an end marker) that begins the next
   region, past the evaluation of its arguments; NULL when something else
   comes first.  Add the statements stepped over to WINDOW.  */
static gimple *
next_begin (gimple_stmt_iterator end, hash_set<gimple *> *window, int *id)
{
  gimple_stmt_iterator i = end;
  for (gsi_next (&i); !gsi_end_p (i); gsi_next (&i))
    {
      gimple *stmt = gsi_stmt (i);
      if (sf_marker_gimple_p (stmt, true, id))
	return stmt;
      if (!skippable_p (stmt) && !temp_assign_p (stmt))
	return NULL;
      window->add (stmt);
    }
  return NULL;
}

/* walk_gimple_stmt callback: add the statement to the window in
   WI->info.  */
static tree
add_to_window (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  ((hash_set<gimple *> *) wi->info)->add (gsi_stmt (*gsi));
  return NULL_TREE;
}

/* Add to WINDOW the statements from BEGIN through the statement STOP of
   the same sequence, with the statements nested in them.  */
static void
add_range (gimple_stmt_iterator begin, gimple *stop,
	   hash_set<gimple *> *window)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = window;
  for (gimple_stmt_iterator i = begin; !gsi_end_p (i); gsi_next (&i))
    {
      gimple *stmt = gsi_stmt (i);
      walk_gimple_stmt (&i, add_to_window, NULL, &wi);
      if (stmt == stop)
	return;
    }
}

/* Add to WINDOW the argument evaluations right before BEGIN.  */
static void
add_args_before (gimple_stmt_iterator begin, hash_set<gimple *> *window)
{
  gimple_stmt_iterator i = begin;
  for (gsi_prev (&i); !gsi_end_p (i); gsi_prev (&i))
    {
      gimple *stmt = gsi_stmt (i);
      if (!skippable_p (stmt) && !temp_assign_p (stmt))
	return;
      window->add (stmt);
    }
}

/* Region INFO1 has its begin marker at *GSI and end marker at END_GSI.
   When it is fused into the next region (conditions above), remove its
   statements, leave *GSI after them and return true; the next region
   then generates its fused code.  */
bool
sf_fuse_into_next (gimple_stmt_iterator *gsi, gimple_stmt_iterator end_gsi,
		   sf_region_info *info1, gimple_seq fn_body)
{
  hash_set<gimple *> window;
  int id2;
  gimple *begin2 = next_begin (end_gsi, &window, &id2);
  sf_region_info *info2 = begin2 ? sf_region_get (id2) : NULL;
  if (!begin2)
    {
      /* Say why when the region prepared as the successor comes later.  */
      for (gimple_stmt_iterator i = end_gsi; !gsi_end_p (i); gsi_next (&i))
	if (sf_marker_gimple_p (gsi_stmt (i), true, &id2))
	  {
	    info2 = sf_region_get (id2);
	    if (info2 && info2->fuse_prev == info1->id)
	      dump_not_fused (info1, info2, "other statements run between "
			      "the two regions");
	    break;
	  }
      return false;
    }
  if (!info2 || info2->fuse_prev != info1->id)
    return false;
  if (info2->omp_enclosed || info2->omp_own || info2->omp_why)
    {
      dump_not_fused (info1, info2, "the next region has an OpenMP context "
		      "of its own");
      return false;
    }
  if (info1->fused)
    {
      /* Its fused code holds the region before it, which the next
	 region's fused code does not compute.  */
      dump_not_fused (info1, info2, "the first region already absorbs the "
		      "region before it");
      return false;
    }
  if (!info2->fused_ir)
    {
      dump_not_fused (info1, info2, info2->fuse_why ? info2->fuse_why
		      : "the fused computation cannot be made");
      return false;
    }
  gimple_stmt_iterator begin2_gsi = end_gsi;
  while (gsi_stmt (begin2_gsi) != begin2)
    gsi_next (&begin2_gsi);
  gimple_stmt_iterator end2_gsi = begin2_gsi;
  int other;
  while (!gsi_end_p (end2_gsi)
	 && !(sf_marker_gimple_p (gsi_stmt (end2_gsi), false, &other)
	      && other == id2))
    gsi_next (&end2_gsi);
  if (gsi_end_p (end2_gsi))
    return false;
  const char *why = NULL;
  location_t why_loc;
  if (!sf_region_safe_p (*gsi, end_gsi, info1, fn_body, &why, &why_loc)
      || !sf_region_safe_p (begin2_gsi, end2_gsi, info2, fn_body, &why,
			    &why_loc))
    {
      dump_not_fused (info1, info2, "a region is not safe to replace");
      return false;
    }
  tree arg = output_arg (info1, as_a<gcall *> (gsi_stmt (*gsi)));
  tree var = intermediate_var (arg ? through_temps (arg, *gsi) : NULL_TREE,
			       fn_body);
  if (!var)
    {
      dump_not_fused (info1, info2, "the intermediate is not a local array "
		      "of the function");
      return false;
    }
  add_args_before (*gsi, &window);
  add_range (*gsi, gsi_stmt (end_gsi), &window);
  add_range (begin2_gsi, gsi_stmt (end2_gsi), &window);
  if (gimple *use = other_use_of (fn_body, var, &window))
    {
      char buf[200];
      expanded_location x = expand_location (gimple_location (use));
      snprintf (buf, sizeof buf, "the intermediate is used outside the two "
		"regions (line %d)", x.line);
      dump_not_fused (info1, info2, buf);
      return false;
    }
  if (dump_file)
    fprintf (dump_file, "sparsefuse: region %d fused into region %d: %s\n",
	     info1->id, info2->id, info1->text ? info1->text : "?");
  if (sf_options.report)
    inform (info1->loc, "sparsefuse: %s: fused into the next computation",
	    info1->text ? info1->text : "?");
  info2->fused = true;
  /* Region 1's statements go with region 2: they run before region 2's
     own when the test at its entry fails (its own test included) or
     when region 2 is kept.  */
  info2->fused_prev_guard = sf_guard_test (info1,
					   as_a<gcall *> (gsi_stmt (*gsi)));
  info2->fused_prev_stmts = NULL;
  /* A first run checks the fused code against both statements.  */
  info2->fused_prev_unverified = info1->unverified;
  gimple *end1 = gsi_stmt (end_gsi);
  gsi_remove (gsi, true);
  while (gsi_stmt (*gsi) != end1)
    {
      gimple *stmt = gsi_stmt (*gsi);
      gsi_remove (gsi, false);
      gimple_seq_add_stmt (&info2->fused_prev_stmts, stmt);
    }
  gsi_remove (gsi, true);
  return true;
}
