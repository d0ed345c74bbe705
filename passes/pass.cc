/* The GIMPLE pass "sparsefuse", run just before omplower on high GIMPLE.

     __sparsefuse_region_begin (3, B.n.1, B.pos.2, B.crd.3, B.vals.4, x, y);
     i = 0; goto <D.10>; <D.11>: ... <D.10>: if (i < n) goto <D.11>; ...
     __sparsefuse_region_end (3);
   becomes
     <the region's loop IR, gimplified, reading B.n.1, B.pos.2, ...>

   1. Find each begin marker (walking into binds) and its end marker in
      the same sequence.
   2. Check the annotation against the statements (passes/verify.cc): a
      wrong one is an error and the statements stay.  Run the safety
      check on them; if it fails, warn, remove the markers and keep the
      statements.
   3. Otherwise turn the region's loop IR into GENERIC over the marker's
      arguments, gimplify it in place of the statements, and remove them;
      or, when the program's values must keep promises of the annotation
      the checker could not see (guard_test), keep the statements and run
      them when the test at the entry fails.
   Dump (-fdump-tree-sparsefuse): one line per region, "sparsefuse:
   region N replaced|kept: ...", and with -details the loop IR as C.  */

#include "sf-plugin.h"
#include "attribs.h"

/* Remove statements from *GSI through END_MARKER (inclusive); *GSI ends
   at the statement after it.  */
static void
remove_through (gimple_stmt_iterator *gsi, gimple *end_marker)
{
  for (;;)
    {
      gimple *stmt = gsi_stmt (*gsi);
      gsi_remove (gsi, true);
      if (stmt == end_marker)
	return;
    }
}

/* Return the end marker of region ID after BEGIN in its sequence, or
   NULL.  */
static gimple *
find_end (gimple_stmt_iterator begin, int id)
{
  for (gimple_stmt_iterator i = begin; !gsi_end_p (i); gsi_next (&i))
    {
      int other;
      if (sf_marker_gimple_p (gsi_stmt (i), false, &other) && other == id)
	return gsi_stmt (i);
    }
  return NULL;
}

/* Return the gimplified GENERIC statement T.  */
static gimple_seq
gimplify_stmt_seq (tree t, bool in_ssa = true)
{
  gimple_seq seq = NULL;
  push_gimplify_context (in_ssa);
  gimplify_and_add (t, &seq);
  if (in_ssa)
    {
      pop_gimplify_context (NULL);
      return seq;
    }
  /* The temporaries are declared in a bind of their own, so that the
     OpenMP construct around the code (whose data sharing is settled)
     finds them inside it, private to each thread.  */
  gbind *bind = gimple_build_bind (NULL_TREE, seq, NULL_TREE);
  pop_gimplify_context (bind);
  return bind;
}

/* Return true when the code of region INFO may be gimplified into SSA
   form: not inside an OpenMP construct, and not work-shared.  */
static bool
ssa_ok_p (const sf_region_info *info)
{
  return !info->omp_enclosed && info->omp_mode == SF_OMP_TEAM;
}

/* Return the mode region INFO's code R is generated in: its context's,
   or serial code in one thread of the team (*SINGLE set) when it is
   work-shared but writes outside its parallel loops (or has none).  */
static sf_omp_mode
code_mode (const sf_region_info *info, const sf_region *r, bool *single)
{
  sf_omp_mode mode = (sf_omp_mode) info->omp_mode;
  *single = sf_omp_workshared_p (mode) && !sf_ir_workshare_ok_p (r);
  return *single ? SF_OMP_SERIAL : mode;
}

/* Set INFO->omp_what: what the region's OpenMP context makes of its
   code, for the report and the dump.  */
static void
describe_omp (sf_region_info *info, const sf_region *r)
{
  bool single;
  sf_omp_mode mode = code_mode (info, r, &single);
  info->omp_what = NULL;
  if (!flag_openmp)
    return;
  if (single)
    info->omp_what = "run by one thread of the team of '#pragma omp for', "
		     "the others waiting at its end";
  else if (sf_omp_workshared_p (mode))
    info->omp_what = "its parallel loops work-shared by the team of "
		     "'#pragma omp for'";
  else if (mode == SF_OMP_SERIAL)
    info->omp_what = "serial: inside an OpenMP construct, each thread "
		     "that runs the statement runs it whole";
}

/* Return the gain test of region INFO, and in *TEXT what it tests, or
   NULL when it has none (core/opt/gain.c): false when the region's code
   would run only its schedule's plain loops on this input, which the
   original statement does at least as fast.  A region with a team of
   its own tests whether threads would pay too; one whose threads are
   the program's (under the loop's own directive, work-shared, inside a
   construct) only what the code adds to them, and on a false test runs
   the statement with its own directives.  Not for a fused region, nor
   one checked against its statement.  */
static const sf_ir_expr *
gain_ir (const sf_region_info *info, const char **text)
{
  const sf_region *r = info->ir;
  if (sf_options.no_gain || info->fused || info->check_args)
    return NULL;
  bool own_team = !info->omp_own && ssa_ok_p (info);
  *text = own_team ? r->gain_text : r->gain_data_text;
  return own_team ? r->gain_test : r->gain_data;
}

/* Return test T of region INFO in GENERIC over the parameters' VALUES
   (the first of them; with LLC_SEEN, half the last-level cache as the
   program has found it so far).  */
static tree
test_tree (const sf_region_info *info, const sf_ir_expr *t,
	   const vec<tree> &values, bool llc_seen = false)
{
  return sf_ir_test_to_generic (info->ir, t, values.address (), info->loc,
				llc_seen);
}

/* Return the loop IR region INFO generates: its own, or the one fused
   with the previous region.  */
static const sf_region *
chosen_ir (const sf_region_info *info)
{
  return info->fused ? info->fused_ir : info->ir;
}

/* Push onto *ARGS the arguments of begin marker CALL that region INFO's
   code reads: the parameters of the loop IR it generates (its own, or
   the one fused with the previous region, whose parameters come last),
   then the threads value when there is one.  */
static void
code_args (const sf_region_info *info, gcall *call, vec<tree> *args)
{
  const sf_region *own = info->ir;
  int nfused = info->fused_ir ? info->fused_ir->nparams + info->fused_guard
	       : 0;
  gcc_assert ((int) gimple_call_num_args (call)
	      == 1 + own->nparams + info->threads_arg + 2 * info->check_args
		 + info->guard_args + nfused);
  const sf_region *r = info->fused ? info->fused_ir : own;
  int first = info->fused ? info->fused_args : 1;
  for (int i = 0; i < r->nparams; i++)
    args->safe_push (gimple_call_arg (call, first + i));
  if (info->threads_arg)
    args->safe_push (gimple_call_arg (call, own->nparams + 1));
}

/* Return the GENERIC statement of region INFO's code over ARGS (as
   code_args gives them), in the current function.  */
static tree
code_tree (const sf_region_info *info, const vec<tree> &args)
{
  const sf_region *r = chosen_ir (info);
  tree threads = info->threads_arg ? args[r->nparams] : NULL_TREE;
  bool single;
  sf_omp_mode mode = code_mode (info, r, &single);
  tree body = sf_ir_to_generic (r, args.address (), threads, mode,
				info->omp_own && mode != SF_OMP_SERIAL,
				info->loc);
  if (single && flag_openmp)
    {
      /* Work-shared, but its schedule writes outside its parallel loops
	 (or has none): one thread of the team runs it all, the others
	 wait at the end, as they would at the end of the original loop.  */
      body = build2 (OMP_SINGLE, void_type_node, body, NULL_TREE);
      SET_EXPR_LOCATION (body, info->loc);
    }
  return body;
}

/* Return the region's code, gimplified: the loop IR of INFO over the
   arguments of begin marker CALL.  */
static gimple_seq
generate (const sf_region_info *info, gcall *call)
{
  auto_vec<tree> args;
  code_args (info, call, &args);
  /* Code inside an OpenMP construct (or work-shared) gets no SSA names:
     OpenMP lowering moves it into the outlined child function, which an
     SSA name of the parent would not follow.  */
  return gimplify_stmt_seq (code_tree (info, args), ssa_ok_p (info));
}

static tree and_also (tree, tree, tree_code = TRUTH_ANDIF_EXPR);
static tree expected (location_t, tree, int);

/* Return the index in *ARGS of the argument of value ARG, pushing it
   when none has it.  */
static unsigned
parm_for (vec<tree> *args, tree arg)
{
  unsigned k = 0;
  while (k < args->length ()
	 && !((*args)[k] == arg
	      || (TREE_TYPE ((*args)[k]) == TREE_TYPE (arg)
		  && operand_equal_p ((*args)[k], arg))))
    k++;
  if (k == args->length ())
    args->safe_push (arg);
  return k;
}

/* walk_tree callback for guard_locals_of: push onto the vector DATA each
   local of the current function and each SSA name *TP is, once; stop at
   a local whose address is taken or that is not a scalar.  */
static tree
collect_guard_local (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  vec<tree> *locals = (vec<tree> *) data;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (t, 0));
      if (base && DECL_P (base) && !is_global_var (base))
	return t;
      return NULL_TREE;
    }
  bool local = (TREE_CODE (t) == SSA_NAME
		|| ((VAR_P (t) || TREE_CODE (t) == PARM_DECL)
		    && !is_global_var (t)));
  if (!local)
    return NULL_TREE;
  if (!(INTEGRAL_TYPE_P (TREE_TYPE (t)) || POINTER_TYPE_P (TREE_TYPE (t))
	|| SCALAR_FLOAT_TYPE_P (TREE_TYPE (t)))
      || TREE_THIS_VOLATILE (t)
      || (DECL_P (t) && (TREE_ADDRESSABLE (t) || DECL_HAS_VALUE_EXPR_P (t))))
    return t;
  if (!locals->contains (t))
    locals->safe_push (t);
  return NULL_TREE;
}

/* Push onto *LOCALS the locals and SSA names of the current function
   that test GUARD reads, and return true, or false when the test cannot
   move into another function with their values as its parameters (it
   takes a local's address, or reads one that is not a plain scalar).  */
static bool
guard_locals_of (tree guard, vec<tree> *locals)
{
  return !walk_tree_without_duplicates (&guard, collect_guard_local, locals);
}

/* Return the call of a new function holding region INFO's code, with
   the arguments of begin marker CALL the code reads as its parameters:
     static void spmv.sparsefuse.0 (long n, const long *b_pos, ...)
     { <the region's code over its parameters> }
   for a region whose original statement stays beside its code (under a
   guard or a gain test).  Compiled in one function, the two shared its
   registers: the statement's loop reloaded values from the stack that
   the code kept live across its calls.  The new function is never
   inlined, takes the caller's optimization and target options, and is
   gimplified and lowered, OpenMP included, as the front end's functions
   are (the call graph's analysis of a new function).  Only for code
   outside OpenMP constructs: the code of a construct would need its
   data sharing.  With FILL_LLC, the function first reads the size of
   the last-level cache when the program has not yet, for the caller's
   test (sf_gain_bound).  STMT_CALL, when not NULL, is the call of the
   function the statement moved to (sf_outline_statement): those of its
   arguments the code does not have follow the code's, and with RECHECK,
   the whole gain test the caller tested a bound of, the function runs
     if (RECHECK) <the code> else spmv.sparsefuse.1 (<those>);
   and *GUARD, the entry test, moves into that test too when it can (the
   caller's path to the statement is then the bound and a call; *GUARD
   set to NULL_TREE).  The arguments are the leaves of the values the
   function needs (sf_call_values): spmv.sparsefuse.0 (B, x, y) loads
   B->pos where the marker had it loaded before the region.  MARKER is
   the region's begin marker.  */
static gimple_seq
outline (const sf_region_info *info, gimple_stmt_iterator marker,
	 bool fill_llc, const sf_ir_expr *recheck, tree stmt_call, tree *guard)
{
  gcc_checking_assert (ssa_ok_p (info));
  gcall *call = as_a<gcall *> (gsi_stmt (marker));
  /* The caller's values the function needs: the code's arguments, and
     those the guard reads when it can move; each as an expression over
     the leaves the function takes (sf_call_values).  */
  auto_vec<tree> wanted;
  code_args (info, call, &wanted);
  unsigned ncode = wanted.length ();
  tree moved_guard = NULL_TREE;
  if (stmt_call && *guard && guard_locals_of (*guard, &wanted))
    {
      moved_guard = *guard;
      *guard = NULL_TREE;
    }
  else
    wanted.truncate (ncode);
  sf_call_values cv (marker);
  auto_vec<tree> exprs (wanted.length ());
  for (tree v : wanted)
    exprs.quick_push (cv.value (v));
  auto_vec<tree> args;
  for (tree leaf : cv.leaves)
    parm_for (&args, leaf);
  /* Each argument of the statement's call: the parameter of the same
     value, or one more.  */
  auto_vec<unsigned> stmt_parm;
  if (stmt_call)
    {
      for (int i = 0; i < call_expr_nargs (stmt_call); i++)
	parm_for (&args, CALL_EXPR_ARG (stmt_call, i));
      sf_order_as_caller (current_function_decl, &args, NULL);
      for (int i = 0; i < call_expr_nargs (stmt_call); i++)
	stmt_parm.safe_push (parm_for (&args, CALL_EXPR_ARG (stmt_call, i)));
    }
  else
    sf_order_as_caller (current_function_decl, &args, NULL);
  tree types = void_list_node;
  for (int i = args.length () - 1; i >= 0; i--)
    types = tree_cons (NULL_TREE, TREE_TYPE (args[i]), types);
  tree fn = sf_new_function_decl (info->loc, "sparsefuse",
				  build_function_type (void_type_node, types));
  auto_vec<tree> parms (args.length ());
  tree *chain = &DECL_ARGUMENTS (fn);
  for (tree arg : args)
    {
      tree parm = build_decl (info->loc, PARM_DECL, NULL_TREE,
			      TREE_TYPE (arg));
      DECL_ARG_TYPE (parm) = TREE_TYPE (arg);
      DECL_CONTEXT (parm) = fn;
      DECL_ARTIFICIAL (parm) = 1;
      TREE_USED (parm) = 1;
      *chain = parm;
      chain = &DECL_CHAIN (parm);
      parms.quick_push (parm);
    }
  /* The code's variables, labels and caches belong to FN.  */
  push_struct_function (fn);
  cfun->function_start_locus = info->loc;
  cfun->function_end_locus = info->loc;
  /* Each wanted value in FN: a parameter, or a variable set from its
     expression over them first.  */
  hash_map<tree, tree> leaf_parm, in_fn;
  for (unsigned i = 0; i < args.length (); i++)
    leaf_parm.put (args[i], parms[i]);
  tree vars = NULL_TREE, sets = alloc_stmt_list ();
  for (unsigned i = 0; i < wanted.length (); i++)
    {
      if (in_fn.get (wanted[i]))
	continue;
      if (tree *parm = leaf_parm.get (exprs[i]))
	{
	  in_fn.put (wanted[i], *parm);
	  continue;
	}
      tree e = exprs[i];
      sf_replace_in (&e, &leaf_parm);
      tree v = build_decl (info->loc, VAR_DECL, NULL_TREE,
			   TREE_TYPE (wanted[i]));
      DECL_CONTEXT (v) = fn;
      DECL_ARTIFICIAL (v) = 1;
      TREE_USED (v) = 1;
      DECL_CHAIN (v) = vars;
      vars = v;
      append_to_statement_list (build2 (MODIFY_EXPR, TREE_TYPE (v), v,
					fold_convert (TREE_TYPE (v), e)),
				&sets);
      in_fn.put (wanted[i], v);
    }
  auto_vec<tree> code_parms (ncode);
  for (unsigned i = 0; i < ncode; i++)
    code_parms.quick_push (*in_fn.get (wanted[i]));
  tree body = code_tree (info, code_parms);
  tree test = NULL_TREE;
  if (moved_guard)
    {
      test = unshare_expr (moved_guard);
      sf_replace_in (&test, &in_fn);
      test = expected (info->loc, test, 1);
    }
  if (recheck)
    test = and_also (test, test_tree (info, recheck, code_parms, true));
  if (test)
    {
      auto_vec<tree> again_args (stmt_parm.length ());
      for (unsigned k : stmt_parm)
	again_args.quick_push (parms[k]);
      tree again = build_call_array_loc (info->loc, void_type_node,
					 CALL_EXPR_FN (stmt_call),
					 again_args.length (),
					 again_args.address ());
      body = build3 (COND_EXPR, void_type_node, test, body, again);
      SET_EXPR_LOCATION (body, info->loc);
    }
  if (fill_llc)
    {
      tree list = alloc_stmt_list ();
      append_to_statement_list (sf_llc_fill (), &list);
      append_to_statement_list (body, &list);
      body = list;
    }
  if (vars)
    {
      append_to_statement_list (body, &sets);
      body = build3 (BIND_EXPR, void_type_node, nreverse (vars), sets,
		     NULL_TREE);
    }
  DECL_SAVED_TREE (fn) = body;
  pop_cfun ();
  cgraph_node::add_new_function (fn, false);
  if (dump_file)
    fprintf (dump_file, "sparsefuse: region %d code in function %s\n",
	     info->id, IDENTIFIER_POINTER (DECL_NAME (fn)));
  /* A call in GENERIC, gimplified: gimple_build_call_vec and
     gimple_set_location differ between GCC 11 and 12, and the plugin
     would not load into the other version to say so
     (tools/tests/t-gcc-mismatch.sh).  */
  tree use = build_call_array_loc (info->loc, void_type_node,
				   build_fold_addr_expr (fn), args.length (),
				   args.address ());
  return gimplify_stmt_seq (use);
}

/* Return a call of the runtime function NAME of type TYPE with the NARGS
   arguments in ARGS.  */
static tree
runtime_call (const char *name, tree type, int nargs, tree *args)
{
  tree fn = build_fn_decl (name, type);
  return build_call_expr_loc_array (UNKNOWN_LOCATION, fn, nargs, args);
}

/* Return the value type of the output of region INFO.  The annotation
   knows: the operand's value type, from its format or its C declaration.
   The marker's pointer argument does not: GIMPLE drops the front end's
   conversion to float * as useless, so a float (*)[N][M] output arrives
   with its array type.  */
static sf_ty
check_output_ty (const sf_region_info *info)
{
  const sf_comp *comp = info->comp;
  sf_ty ty = comp->operands[comp->lhs->operand].vtype;
  return sf_ty_is_value (ty) ? ty : SF_TY_F64;
}

/* The check clause of region INFO (begin marker CALL at *GSI, end marker
   at END_GSI): keep the original statement and surround it as
     snap = sf_check_begin (out, bytes);  CODE;  sf_check_swap (snap, out, bytes);
     <original statement>
     sf_check_end (snap, out, n, kind, "file:line", "expression");
   so the program goes on with the original statement's result.  */
static void
insert_check (const sf_region_info *info, gcall *call, gimple_seq code,
	      gimple_stmt_iterator *gsi, gimple_stmt_iterator *end_gsi)
{
  int nargs = gimple_call_num_args (call);
  tree count = gimple_call_arg (call, nargs - 2);
  tree out = gimple_call_arg (call, nargs - 1);
  sf_ty ty = check_output_ty (info);
  /* sf_check_end's kind (runtime/sparsefuse.h, enum sf_check_kind).  */
  int kind = ty == SF_TY_F64 ? 0 : ty == SF_TY_F32 ? 1 : 2 + (ty - SF_TY_I8);
  tree elt = sf_value_tree (ty);
  tree bytes = fold_build2 (MULT_EXPR, size_type_node,
			    fold_convert (size_type_node, count),
			    fold_convert (size_type_node,
					  TYPE_SIZE_UNIT (elt)));
  tree snap = create_tmp_var (ptr_type_node, "sf_check");
  tree a[6] = { out, bytes };
  tree begin = runtime_call ("sf_check_begin", build_function_type_list
			     (ptr_type_node, const_ptr_type_node,
			      size_type_node, NULL_TREE), 2, a);
  bool ssa = ssa_ok_p (info);
  gimple_seq pre = gimplify_stmt_seq (build2 (MODIFY_EXPR, void_type_node,
					      snap, begin), ssa);
  gimple_seq_add_seq (&pre, code);
  a[0] = snap, a[1] = out, a[2] = bytes;
  gimple_seq_add_seq (&pre, gimplify_stmt_seq (runtime_call
    ("sf_check_swap", build_function_type_list (void_type_node, ptr_type_node,
						ptr_type_node, size_type_node,
						NULL_TREE), 3, a), ssa));
  if (info->fused)
    gimple_seq_add_seq (&pre, info->fused_prev_stmts);
  gsi_insert_seq_before (gsi, pre, GSI_SAME_STMT);
  expanded_location x = expand_location (info->loc);
  char where[512];
  snprintf (where, sizeof where, "%s:%d", x.file ? x.file : "?", x.line);
  const char *text = info->text ? info->text : "?";
  a[0] = snap, a[1] = out, a[2] = fold_convert (long_integer_type_node, count);
  a[3] = build_int_cst (integer_type_node, kind);
  a[4] = build_string_literal (strlen (where) + 1, where);
  a[5] = build_string_literal (strlen (text) + 1, text);
  tree end = runtime_call ("sf_check_end", build_function_type_list
			   (void_type_node, ptr_type_node, const_ptr_type_node,
			    long_integer_type_node, integer_type_node,
			    const_string_type_node, const_string_type_node,
			    NULL_TREE), 6, a);
  gsi_insert_seq_before (end_gsi, gimplify_stmt_seq (end, ssa),
			 GSI_SAME_STMT);
}

/* Return TEST && T, or T when there is no TEST yet (CODE: && or ||).  */
static tree
and_also (tree test, tree t, tree_code code)
{
  return test ? fold_build2 (code, boolean_type_node, test, t) : t;
}

/* Return true when the checker's copies (which the entry tests) hold
   region INFO's pointer into the output K too.  */
static bool
out_copy_checked (const sf_region_info *info, int k)
{
  for (int j = 0; j < info->ncopies; j++)
    if (info->copy_var[j] == info->out_copy_var[k])
      return true;
  return false;
}

/* Return the test at the entry of region INFO (begin marker CALL) that
   the program's data keep the annotation's promises the checker could
   not see, or NULL_TREE when there is none: the extents it equates agree
   (pragmas/resolve.cc), and each integer the checker bound to an extent
   has that value (a loop bound the annotation does not name), or the
   value it held it at (a flag, a factor the annotation leaves out).  */
tree
sf_guard_test (const sf_region_info *info, gcall *call)
{
  tree test = info->fused ? info->fused_prev_guard : NULL_TREE;
  /* The sparse operands' coordinates inside their dims.  */
  const sf_region *r = info->fused ? info->fused_ir : info->ir;
  if (r->entry_test)
    {
      int first = info->fused ? info->fused_args : 1;
      auto_vec<tree> values (r->nparams + 1);
      for (int i = 0; i < r->nparams; i++)
	values.quick_push (gimple_call_arg (call, first + i));
      test = and_also (test, sf_ir_test_to_generic (r, r->entry_test,
						    values.address (),
						    info->loc));
    }
  if (info->fused && info->fused_guard)
    {
      test = and_also (test, fold_build2 (NE_EXPR, boolean_type_node,
					  gimple_call_arg
					  (call, info->fused_args
					   + info->fused_ir->nparams),
					  integer_zero_node));
    }
  /* The integers the checker held at a value.  */
  for (int k = 0; k < info->nbound; k++)
    if (info->bound_idx[k] < 0)
      {
	tree x = fold_convert (long_integer_type_node,
			       unshare_expr (info->bound_var[k]));
	tree v = build_int_cst (long_integer_type_node, info->bound_delta[k]);
	test = and_also (test, fold_build2 (info->bound_ge[k] ? GE_EXPR
					    : EQ_EXPR, boolean_type_node,
					    x, v));
      }
  /* The pointers into the output the statement stores through, set
     before it (passes/safety.cc).  */
  for (int k = 0; k < info->nout_copies; k++)
    {
      if (out_copy_checked (info, k))
	continue;
      tree v = unshare_expr (info->out_copy_var[k]);
      tree c = fold_convert (TREE_TYPE (v),
			     unshare_expr (info->out_copy_rhs[k]));
      test = and_also (test, fold_build2 (EQ_EXPR, boolean_type_node, v, c));
    }
  /* The copies the checker took as still holding.  */
  for (int k = 0; k < info->ncopies; k++)
    {
      tree v = unshare_expr (info->copy_var[k]);
      tree c = fold_convert (TREE_TYPE (v), unshare_expr (info->copy_rhs[k]));
      test = and_also (test, fold_build2 (EQ_EXPR, boolean_type_node, v, c));
    }
  if (!info->guard_args)
    return test;
  int first = 1 + info->ir->nparams + info->threads_arg
	      + 2 * info->check_args;
  if (info->guard_b && !info->fused)
    {
      test = and_also (test, fold_build2 (NE_EXPR, boolean_type_node,
					  gimple_call_arg (call, first),
					  integer_zero_node));
    }
  int ext0 = first + info->guard_b;
  for (int k = 0; k < info->nbound; k++)
    {
      /* equal to (or at least) the extent of its index, or of any other
	 index the checker found it may stand for */
      tree t = NULL_TREE;
      if (info->bound_idx[k] < 0)
	continue;
      for (int v = 0; v < info->comp->nindices; v++)
	if (v == info->bound_idx[k] || (info->bound_alt[k] >> v & 1))
	  {
	    tree e = gimple_call_arg (call, ext0 + v);
	    e = fold_build2 (PLUS_EXPR, long_integer_type_node, e,
			     build_int_cst (long_integer_type_node,
					    info->bound_delta[k]));
	    tree x = fold_convert (long_integer_type_node,
				   unshare_expr (info->bound_var[k]));
	    tree one = fold_build2 (info->bound_ge[k] ? GE_EXPR : EQ_EXPR,
				    boolean_type_node, x, e);
	    t = and_also (t, one, TRUTH_ORIF_EXPR);
	  }
      test = and_also (test, t);
    }
  return test;
}

/* Return what the test at the entry of region INFO compares (in its
   arena).  */
static const char *
guard_text (sf_region_info *info)
{
  const char *b = info->fused ? info->fused_guard ? info->fused_guard_text
				 : NULL
		  : info->guard_b ? info->guard_text : NULL;
  const char *c = info->nbound ? info->bound_text : NULL;
  if (info->ncopies)
    c = c ? sf_arena_printf (&info->arena, "%s; %s", c, info->copy_text)
	: info->copy_text;
  for (int k = 0; k < info->nout_copies; k++)
    {
      if (out_copy_checked (info, k))
	continue;
      tree v = info->out_copy_var[k];
      char *rhs = print_generic_expr_to_str (info->out_copy_rhs[k]);
      const char *one = sf_arena_printf
	(&info->arena, "'%s' == %s, as set before the region",
	 DECL_NAME (v) ? IDENTIFIER_POINTER (DECL_NAME (v)) : "?", rhs);
      free (rhs);
      c = c ? sf_arena_printf (&info->arena, "%s; %s", c, one) : one;
    }
  const char *p = info->fused && info->fused_prev_guard
		  ? sf_arena_printf (&info->arena, "the test of region %d",
				     info->fuse_prev) : NULL;
  const char *e = (info->fused ? info->fused_ir : info->ir)->entry_text;
  return sf_arena_printf (&info->arena, "%s%s%s%s%s%s%s", b ? b : "",
			  b && c ? "; " : "", c ? c : "",
			  (b || c) && p ? "; " : "", p ? p : "",
			  (b || c || p) && e ? "; " : "", e ? e : "");
}

/* Return T with GCC told it is usually VALUE (__builtin_expect).  */
static tree
expected (location_t loc, tree t, int value)
{
  tree lng = long_integer_type_node;
  tree e = build_call_expr_loc (loc, builtin_decl_explicit (BUILT_IN_EXPECT),
				2, fold_convert (lng, t),
				build_int_cst (lng, value));
  return fold_build2 (NE_EXPR, boolean_type_node, e, build_int_cst (lng, 0));
}

/* Replace region INFO (begin marker at *GSI, end marker at END_GSI) by
   CODE run when GAIN (NULL_TREE: always) and TEST (NULL_TREE: always)
   hold, the original statement otherwise:
     if (GAIN && TEST) goto <gen>; else goto <orig>;
     <gen>: CODE; goto <done>;
     <orig>: <the original statement>
     <done>:
   *GSI ends after the region.  */
static void
insert_guarded (const sf_region_info *info, tree gain, tree test,
		gimple_seq code, gimple_stmt_iterator *gsi,
		gimple_stmt_iterator end_gsi)
{
  tree gen = create_artificial_label (info->loc);
  tree orig = create_artificial_label (info->loc);
  tree done = create_artificial_label (info->loc);
  /* The original statement is the rare path when the data break a
     promise: predicted so, GCC moves it out of the way of the new code.
     Against the gain test it is the likely one: the calls whose time a
     jump or the layout of the code shows in are the short ones, which
     run the statement; a long call pays nothing for a taken branch.  */
  if (test)
    test = expected (info->loc, test, 1);
  if (gain)
    gain = expected (info->loc, gain, 0);
  test = gain ? and_also (gain, test ? test : boolean_true_node) : test;
  tree cond = build3 (COND_EXPR, void_type_node, test,
		      build1 (GOTO_EXPR, void_type_node, gen),
		      build1 (GOTO_EXPR, void_type_node, orig));
  SET_EXPR_LOCATION (cond, info->loc);
  gimple_seq pre = gimplify_stmt_seq (cond, ssa_ok_p (info));
  gimple_seq_add_stmt (&pre, gimple_build_label (gen));
  gimple_seq_add_seq (&pre, code);
  gimple_seq_add_stmt (&pre, gimple_build_goto (done));
  gimple_seq_add_stmt (&pre, gimple_build_label (orig));
  if (info->fused)
    gimple_seq_add_seq (&pre, info->fused_prev_stmts);
  gsi_insert_seq_before (gsi, pre, GSI_SAME_STMT);
  gsi_insert_before (&end_gsi, gimple_build_label (done), GSI_SAME_STMT);
  gsi_remove (&end_gsi, true);
  gsi_remove (gsi, true);
}

/* Write the dump lines of region INFO, REPLACED or kept (WHY).  */
static void
dump_region (const sf_region_info *info, bool replaced, const char *why)
{
  if (!dump_file)
    return;
  fprintf (dump_file, "sparsefuse: region %d %s: %s\n", info->id,
	   replaced ? "replaced" : "kept", info->text ? info->text : "?");
  if (info->fused)
    {
      fprintf (dump_file, "sparsefuse: region %d fused with region %d: ",
	       info->id, info->fuse_prev);
      sf_print_comp (dump_file, info->fused_comp);
      fprintf (dump_file, "\n");
    }
  if (!replaced)
    fprintf (dump_file, "sparsefuse: region %d reason: %s\n", info->id, why);
  else if (chosen_ir (info)->schedule_text)
    fprintf (dump_file, "sparsefuse: region %d schedule: %s\n", info->id,
	     chosen_ir (info)->schedule_text);
  if (replaced && info->omp_what)
    fprintf (dump_file, "sparsefuse: region %d OpenMP: %s\n", info->id,
	     info->omp_what);
  if (replaced)
    fprintf (dump_file, "sparsefuse: region %d scheduled in %.1f ms (the "
	     "lowering and the choice of schedule; GCC then compiles the "
	     "code)\n", info->id, info->lower_ms);
  if (replaced && (dump_flags & TDF_DETAILS)
      && chosen_ir (info)->candidates_text)
    for (const char *l = chosen_ir (info)->candidates_text; *l;)
      {
	size_t len = strcspn (l, "\n");
	fprintf (dump_file, "sparsefuse: region %d %.*s\n", info->id,
		 (int) len, l);
	l += len + (l[len] == '\n');
      }
  if (replaced && (dump_flags & TDF_DETAILS))
    {
      fprintf (dump_file, "sparsefuse: region %d code:\n", info->id);
      sf_print_region_c (dump_file, chosen_ir (info), 1);
    }
}

/* Report region INFO through -fopt-info (-fopt-info-loop-optimized and
   -missed): REPLACED, or kept because of WHY.  */
static void
opt_info_region (const sf_region_info *info, bool replaced, const char *why)
{
  if (!dump_enabled_p ())
    return;
  dump_user_location_t where = dump_user_location_t::from_location_t (info->loc);
  if (replaced)
    dump_printf_loc (MSG_OPTIMIZED_LOCATIONS, where,
		     "sparsefuse replaced %s: %s\n", info->text,
		     chosen_ir (info)->schedule_text
		     ? chosen_ir (info)->schedule_text : "");
  else
    dump_printf_loc (MSG_MISSED_OPTIMIZATION, where,
		     "sparsefuse kept %s: %s\n", info->text, why);
}

/* Put back, before the statement of region INFO (begin marker at *GSI),
   the statements of the region fused into it, when it is kept.  */
static void
restore_prev (gimple_stmt_iterator *gsi, sf_region_info *info)
{
  if (info->fused && info->fused_prev_stmts)
    gsi_insert_seq_before (gsi, info->fused_prev_stmts, GSI_SAME_STMT);
  info->fused_prev_stmts = NULL;
}

/* Keep the statement of region INFO (begin marker at *GSI, end marker at
   END_GSI) because of WHY (at WHY_LOC when known): dump, warn, remove the
   markers and release the region.  */
static void
keep_region (gimple_stmt_iterator *gsi, gimple_stmt_iterator end_gsi,
	     sf_region_info *info, const char *why, location_t why_loc)
{
  dump_region (info, false, why);
  opt_info_region (info, false, why);
  if (!sf_options.quiet
      && warning_at (info->loc, 0, "sparsefuse keeps the original "
		     "statement because %s", why)
      && why_loc != UNKNOWN_LOCATION)
    inform (why_loc, "here");
  restore_prev (gsi, info);
  gsi_remove (&end_gsi, true);
  gsi_remove (gsi, true);
  sf_region_release (info);
}

/* Handle the region whose begin marker is at *GSI; *GSI ends after it.  */
static void
handle_region (gimple_stmt_iterator *gsi, int id, gimple_seq fn_body)
{
  gcall *call = as_a<gcall *> (gsi_stmt (*gsi));
  sf_region_info *info = sf_region_get (id);
  gimple *end = find_end (*gsi, id);
  if (!info || !info->ir || !end)
    {
      /* A region the pragma handler gave up on: keep the statement.  */
      gsi_remove (gsi, true);
      return;
    }
  const char *why = NULL;
  location_t why_loc = UNKNOWN_LOCATION;
  gimple_stmt_iterator end_gsi = *gsi;
  while (gsi_stmt (end_gsi) != end)
    gsi_next (&end_gsi);
  if (info->omp_why)
    {
      char why_buf[160];
      snprintf (why_buf, sizeof why_buf, info->omp_why_inside
		? "it is inside '#pragma %s', where the plugin does not "
		  "generate code"
		: "'#pragma %s' on the statement is not supported", info->omp_why);
      keep_region (gsi, end_gsi, info, why_buf, UNKNOWN_LOCATION);
      return;
    }
  /* Check the annotation of a statement the plugin may replace (one it
     keeps anyway gets the safety check's warning alone).  */
  if ((info->fused || sf_region_safe_p (*gsi, end_gsi, info, fn_body, &why,
					&why_loc))
      && !sf_verify_region (*gsi, end_gsi, info, fn_body, &why))
    {
      if (why)
	keep_region (gsi, end_gsi, info, why, UNKNOWN_LOCATION);
      else
	{
	  /* A wrong annotation: the error is given; keep the statement.  */
	  dump_region (info, false, "the annotation is wrong");
	  restore_prev (gsi, info);
	  gsi_remove (&end_gsi, true);
	  gsi_remove (gsi, true);
	  sf_region_release (info);
	}
      return;
    }
  if (!info->omp_enclosed && !info->omp_own
      && sf_fuse_into_next (gsi, end_gsi, info, fn_body))
    {
      sf_region_release (info);
      return;
    }
  /* A fused region was checked before the previous one was removed.  */
  why = NULL;
  why_loc = UNKNOWN_LOCATION;
  bool safe = info->fused
	      || sf_region_safe_p (*gsi, end_gsi, info, fn_body, &why,
				   &why_loc);
  if (!safe)
    {
      keep_region (gsi, end_gsi, info, why, why_loc);
      return;
    }
  bool first_run = !info->check_args
		   && (info->unverified || info->fused_prev_unverified);
  if (first_run && !sf_first_run_p (info))
    {
      keep_region (gsi, end_gsi, info, "the annotation of the region fused "
		   "into it is not verified, and its output cannot be copied "
		   "to check it when it first runs", UNKNOWN_LOCATION);
      return;
    }
  describe_omp (info, chosen_ir (info));
  dump_region (info, safe, why);
  const char *guard = NULL, *gain_text = NULL;
  opt_info_region (info, safe, why);
  if (info->check_args)
    {
      insert_check (info, call, generate (info, call), gsi, &end_gsi);
      gsi_remove (&end_gsi, true);
      gsi_remove (gsi, true);
    }
  else if (first_run)
    {
      tree test = sf_guard_test (info, call);
      if (test)
	guard = guard_text (info);
      sf_first_run_insert (info, test, generate (info, call), gsi, end_gsi);
      if (dump_file && guard)
	fprintf (dump_file, "sparsefuse: region %d guard: %s; else the "
		 "original statement runs\n", info->id, guard);
      if (dump_file)
	fprintf (dump_file, "sparsefuse: region %d first run: the generated "
		 "code is compared with the statement%s the first time it "
		 "runs and on calls 2, 4, 8, ..., and the statement runs from "
		 "then on when they differ\n", info->id,
		 info->fused ? "s" : "");
    }
  else
    {
      tree test = sf_guard_test (info, call);
      const sf_ir_expr *gain_t = gain_ir (info, &gain_text);
      if (test || gain_t)
	{
	  auto_vec<tree> values;
	  code_args (info, call, &values);
	  tree gain = NULL_TREE;
	  gimple_seq code;
	  if (ssa_ok_p (info))
	    {
	      /* The statement in a function of its own, if it can move;
		 the code's function then tests the whole gain test again,
		 and the caller neither the team's size nor the cache's,
		 the system's answers asked at each call (outline).  */
	      const char *stays = NULL;
	      tree stmt_call = info->fused ? NULL_TREE
			       : sf_outline_statement (info, *gsi, end_gsi,
						       fn_body, &stays);
	      if (!stmt_call && dump_file && stays)
		fprintf (dump_file, "sparsefuse: region %d statement stays in "
			 "the function: it %s\n", info->id, stays);
	      int exact = 1;
	      const sf_ir_expr *bound = gain_t ? sf_gain_bound (&info->arena,
								gain_t,
								stmt_call
								!= NULL_TREE,
								&exact)
					: NULL;
	      if (bound)
		gain = test_tree (info, bound, values, true);
	      /* The guard moves into the code's function with the
		 statement, when it can (outline): the caller's path to
		 the statement is then the bound and a call.  */
	      tree moved = test;
	      code = outline (info, *gsi, !exact,
			      stmt_call && !exact ? gain_t : NULL, stmt_call,
			      &moved);
	      if (dump_file && test && !moved)
		fprintf (dump_file, "sparsefuse: region %d guard tested in "
			 "the code's function\n", info->id);
	      if (!gain && !moved)
		{
		  /* The code's function decides alone.  */
		  gsi_insert_seq_before (gsi, code, GSI_SAME_STMT);
		  remove_through (gsi, end);
		  code = NULL;
		}
	      else if (stmt_call)
		gsi_insert_seq_before (&end_gsi, gimplify_stmt_seq (stmt_call),
				       GSI_SAME_STMT);
	      if (code)
		insert_guarded (info, gain, moved, code, gsi, end_gsi);
	    }
	  else
	    {
	      if (gain_t)
		gain = test_tree (info, gain_t, values);
	      code = generate (info, call);
	      insert_guarded (info, gain, test, code, gsi, end_gsi);
	    }
	  guard = test ? guard_text (info) : NULL;
	  if (gain_t)
	    guard = sf_arena_printf (&info->arena, "the input gains from the "
				     "code (%s)%s%s", gain_text,
				     guard ? " and " : "", guard ? guard : "");
	  if (dump_file)
	    fprintf (dump_file, "sparsefuse: region %d guard: %s; else the "
		     "original statement runs\n", info->id, guard);
	}
      else
	{
	  gimple_seq code = generate (info, call);
	  gsi_insert_seq_before (gsi, code, GSI_SAME_STMT);
	  remove_through (gsi, end);
	}
    }
  if (sf_options.report)
    inform (info->loc, "sparsefuse: %s: %s%s%s%s%s%s", info->text,
	    chosen_ir (info)->schedule_text
	    ? chosen_ir (info)->schedule_text : "generated code",
	    info->omp_what ? " | " : "", info->omp_what ? info->omp_what : "",
	    info->check_args ? " | checked against the statement, which "
	    "stays" : first_run ? " | not verified: compared with the "
	    "statement when it first runs and on calls 2, 4, 8, ..." : "",
	    guard ? " | the original statement runs unless " : "",
	    guard ? guard : "");
  sf_region_release (info);
}

/* walk_gimple_seq_mod callback: handle begin markers, and drop stray end
   markers (of regions whose begin was removed).  */
static tree
visit_stmt (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *wi)
{
  int id;
  gimple *stmt = gsi_stmt (*gsi);
  if (sf_marker_gimple_p (stmt, true, &id))
    handle_region (gsi, id, (gimple_seq) wi->info);
  else if (sf_marker_gimple_p (stmt, false, &id))
    gsi_remove (gsi, true);
  else
    return NULL_TREE;
  *handled = true;
  wi->removed_stmt = true;
  return NULL_TREE;
}

namespace {

const pass_data sparsefuse_pass_data = {
  GIMPLE_PASS,
  "sparsefuse",			/* name */
  OPTGROUP_LOOP,		/* optinfo_flags */
  TV_NONE,			/* tv_id */
  PROP_gimple_any,		/* properties_required */
  0, 0, 0, 0
};

class sparsefuse_pass : public gimple_opt_pass
{
public:
  sparsefuse_pass (gcc::context *ctxt)
    : gimple_opt_pass (sparsefuse_pass_data, ctxt)
  {}

  unsigned int execute (function *fun) final override
  {
    /* The functions outline made.  */
    if (lookup_attribute ("sparsefuse code", DECL_ATTRIBUTES (fun->decl)))
      return 0;
    gimple_seq body = gimple_body (fun->decl);
    if (sf_options.suggest)
      sf_suggest_annotations (body);
    sf_omp_classify_regions (body);
    struct walk_stmt_info wi;
    memset (&wi, 0, sizeof wi);
    wi.info = body;
    walk_gimple_seq_mod (&body, visit_stmt, NULL, &wi);
    gimple_set_body (fun->decl, body);
    return 0;
  }
};

} // anon namespace

opt_pass *
sf_make_pass (gcc::context *ctxt)
{
  return new sparsefuse_pass (ctxt);
}
