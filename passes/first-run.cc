/* The first-run check of a region whose annotation the checker could not
   verify (passes/verify.cc: "annotation not verified: ..."): the first
   time the region runs in the process, the generated code and the
   original statement both run and their results are compared; from then
   on, the generated code runs when they agreed and the statement when
   they did not.  Calls whose number is a power of two (the 2nd, 4th,
   8th, ...) check again: a lie the first data did not show (a term that
   was zero on them) may show on later ones, and log2 (N) checks over N
   calls cost a program nothing it would notice.

     mine = 0;
     if (!TEST) goto orig;                   the entry test (sf_guard_test),
                                             when the region has one
     s = __atomic_load (&state);             a static of the function: 0 the
     if (s != 0 && s != 1) goto orig;        first run pending, 1 the
     c = ++calls;                            generated code, 2 the statement;
     if (s == 1 && c & (c - 1)) goto gen;    calls a static too (relaxed)
     n = COUNT;  if (n <= 0) goto s ? gen : orig;   nothing to compare
     if (!__atomic_compare_exchange (&state, s -> 2)) goto orig;
     buf = malloc (2 * bytes);               (none: state = s, goto orig)
     memcpy (buf, OUT, bytes);  mine = 1;    OUT as it was before
   gen:
     <generated code>
     if (!mine) goto done;
     memcpy (buf + bytes, OUT, bytes);       the generated result, aside
     memcpy (OUT, buf, bytes);               OUT as it was before
   orig:
     <the original statement(s)>
     if (!mine) goto done;
     compare OUT (the statement's) with buf + bytes (the generated):
       a difference: one line on stderr, state stays 2;
       agreement: state = 1; every value zero: state = s (no evidence, the
       next run checks again when s was 0)
     free (buf);
   done:

   No call into the runtime library: the compare is inline, the copies
   malloc, memcpy and free, the message snprintf and write (2, ...).  The
   state is read and written with relaxed atomics, and claimed by one
   compare-and-exchange: concurrent calls run the statement while one
   caller checks.  A path the entry test sends to the statement leaves the
   state as it is: the first run that passes the test checks.  Regions in
   an OpenMP construct or a work-shared loop are not checked (each thread
   would): passes/verify.cc keeps them.  */

#include "sf-plugin.h"
#include "memmodel.h"
#include "varasm.h"

/* Return true when region INFO can get a first-run check: the pragma
   built its output's count and address, and it has no check clause
   (which compares on every run).  */
bool
sf_first_run_p (const sf_region_info *info)
{
  return info->first_count && info->first_out && !info->check_args;
}

/* Return the GENERIC statement T gimplified.  */
static gimple_seq
gimplified (tree t)
{
  gimple_seq seq = NULL;
  push_gimplify_context (true);
  gimplify_and_add (t, &seq);
  pop_gimplify_context (NULL);
  return seq;
}

/* The statements being built: GENERIC, appended in order.  */
struct fr_list
{
  tree list;
  location_t loc;
  void add (tree t)
  {
    if (EXPR_P (t) && !EXPR_HAS_LOCATION (t))
      SET_EXPR_LOCATION (t, loc);
    append_to_statement_list_force (t, &list);
  }
  void set (tree var, tree value)
  {
    add (build2 (MODIFY_EXPR, void_type_node, var,
		 fold_convert (TREE_TYPE (var), value)));
  }
  void label (tree l)
  {
    add (build1 (LABEL_EXPR, void_type_node, l));
  }
  void go (tree l)
  {
    add (build1 (GOTO_EXPR, void_type_node, l));
  }
  /* if (COND) goto L;  */
  void go_if (tree cond, tree l)
  {
    add (build3 (COND_EXPR, void_type_node, cond,
		 build1 (GOTO_EXPR, void_type_node, l), NULL_TREE));
  }
  gimple_seq take ()
  {
    gimple_seq seq = gimplified (list);
    list = NULL_TREE;
    return seq;
  }
};

/* Return a call of builtin CODE with the NARGS arguments in ARGS.  */
static tree
builtin_call (built_in_function code, int nargs, tree *args)
{
  tree fn = builtin_decl_explicit (code);
  gcc_assert (fn);
  return build_call_expr_loc_array (UNKNOWN_LOCATION, fn, nargs, args);
}

static tree
relaxed (void)
{
  return build_int_cst (integer_type_node, MEMMODEL_RELAXED);
}

/* Return __atomic_store (ADDR, V, relaxed).  */
static tree
atomic_store (tree addr, int v)
{
  tree a[3] = { addr, build_int_cst (unsigned_type_node, v), relaxed () };
  return builtin_call (BUILT_IN_ATOMIC_STORE_4, 3, a);
}

/* Return __atomic_store (ADDR, V, relaxed), V an int tree.  */
static tree
atomic_store_value (tree addr, tree v)
{
  tree a[3] = { addr, fold_convert (unsigned_type_node, v), relaxed () };
  return builtin_call (BUILT_IN_ATOMIC_STORE_4, 3, a);
}

/* Return a static of the function of TYPE named NAME, 0 at the start of
   the process: the region's state, its count of calls.  */
static tree
static_var (const sf_region_info *info, tree type, const char *name)
{
  tree v = build_decl (info->loc, VAR_DECL, get_identifier (name), type);
  TREE_STATIC (v) = 1;
  TREE_PUBLIC (v) = 0;
  DECL_ARTIFICIAL (v) = 1;
  DECL_IGNORED_P (v) = 1;
  TREE_USED (v) = 1;
  TREE_ADDRESSABLE (v) = 1;
  DECL_CONTEXT (v) = current_function_decl;
  add_local_decl (cfun, v);
  varpool_node::finalize_decl (v);
  return v;
}

static tree
state_var (const sf_region_info *info)
{
  return static_var (info, integer_type_node, "sf_first_run");
}

/* Return a new local of TYPE named NAME; ADDRESSABLE when its address is
   taken.  */
static tree
local (tree type, const char *name, bool addressable = false)
{
  tree v = create_tmp_var (type, name);
  if (addressable)
    TREE_ADDRESSABLE (v) = 1;
  return v;
}

/* Return *(P + I) for pointer P to elements of type ELT and index I.  */
static tree
element (tree p, tree i, tree elt)
{
  tree off = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, i),
			  fold_convert (sizetype, TYPE_SIZE_UNIT (elt)));
  return build_fold_indirect_ref (fold_build_pointer_plus (p, off));
}

/* Return the value type of the output of region INFO (as the check
   clause has it, passes/pass.cc).  */
static sf_ty
output_ty (const sf_region_info *info)
{
  const sf_comp *comp = info->comp;
  sf_ty ty = comp->operands[comp->lhs->operand].vtype;
  return sf_ty_is_value (ty) ? ty : SF_TY_F64;
}

/* Return true when an operand of region INFO (or of the region fused
   into it) has float values: the checker's tolerance is 1e-4 then,
   1e-9 otherwise (verify/check.c).  */
static bool
has_float (const sf_region_info *info)
{
  const sf_comp *comps[2] = { info->comp, info->fused ? info->fused_comp
			      : NULL };
  for (int c = 0; c < 2; c++)
    if (comps[c])
      for (int i = 0; i < comps[c]->noperands; i++)
	if (comps[c]->operands[i].vtype == SF_TY_F32)
	  return true;
  return false;
}

/* Add to L the comparison of the N values of type ELT at EXPECT (the
   statement's) and GOT (the generated code's), for region INFO: on a
   difference, the line on stderr (STATE stays 2) and a jump to FREE;
   on agreement STATE = 1 (BEFORE, what it was before the check, when
   every value is zero: no evidence).  */
static void
add_compare (fr_list *l, const sf_region_info *info, tree state_addr,
	     tree before, tree call, tree n, tree expect, tree got, tree elt,
	     tree free_label)
{
  sf_ty ty = output_ty (info);
  bool fp = ty == SF_TY_F32 || ty == SF_TY_F64;
  tree i = local (long_integer_type_node, "sf_first_i");
  tree differ = create_artificial_label (info->loc);
  tree agree = create_artificial_label (info->loc);
  tree again = create_artificial_label (info->loc);
  tree e, g;
  if (fp)
    {
      /* The largest magnitude of either result, then each difference
	 against rel times that (NaN where the other is not differs).  */
      tree big = local (double_type_node, "sf_first_big");
      tree tol = local (double_type_node, "sf_first_tol");
      tree ev = local (double_type_node, "sf_first_e");
      tree gv = local (double_type_node, "sf_first_g");
      tree top = create_artificial_label (info->loc);
      tree end = create_artificial_label (info->loc);
      l->set (big, build_real (double_type_node, dconst0));
      l->set (i, integer_zero_node);
      l->label (top);
      l->go_if (fold_build2 (GE_EXPR, boolean_type_node, i, n), end);
      l->set (ev, fold_build1 (ABS_EXPR, double_type_node,
			       fold_convert (double_type_node,
					     element (expect, i, elt))));
      l->set (gv, fold_build1 (ABS_EXPR, double_type_node,
			       fold_convert (double_type_node,
					     element (got, i, elt))));
      l->add (build3 (COND_EXPR, void_type_node,
		      build2 (GT_EXPR, boolean_type_node, ev, big),
		      build2 (MODIFY_EXPR, void_type_node, big, ev),
		      NULL_TREE));
      l->add (build3 (COND_EXPR, void_type_node,
		      build2 (GT_EXPR, boolean_type_node, gv, big),
		      build2 (MODIFY_EXPR, void_type_node, big, gv),
		      NULL_TREE));
      l->set (i, build2 (PLUS_EXPR, long_integer_type_node, i,
			 build_int_cst (long_integer_type_node, 1)));
      l->go (top);
      l->label (end);
      REAL_VALUE_TYPE rel;
      real_from_string (&rel, has_float (info) || ty == SF_TY_F32 ? "1e-4"
			: "1e-9");
      l->set (tol, build2 (MULT_EXPR, double_type_node,
			   build_real (double_type_node, rel), big));
      tree top2 = create_artificial_label (info->loc);
      tree end2 = create_artificial_label (info->loc);
      l->set (i, integer_zero_node);
      l->label (top2);
      l->go_if (fold_build2 (GE_EXPR, boolean_type_node, i, n), end2);
      l->set (ev, fold_convert (double_type_node, element (expect, i, elt)));
      l->set (gv, fold_convert (double_type_node, element (got, i, elt)));
      tree nan_e = build2 (NE_EXPR, boolean_type_node, ev, ev);
      tree nan_g = build2 (NE_EXPR, boolean_type_node, gv, gv);
      l->go_if (build2 (NE_EXPR, boolean_type_node, nan_e, nan_g), differ);
      l->go_if (build2 (GT_EXPR, boolean_type_node,
			build1 (ABS_EXPR, double_type_node,
				build2 (MINUS_EXPR, double_type_node, gv,
					ev)), tol), differ);
      l->set (i, build2 (PLUS_EXPR, long_integer_type_node, i,
			 build_int_cst (long_integer_type_node, 1)));
      l->go (top2);
      l->label (end2);
      l->go_if (build2 (GT_EXPR, boolean_type_node, big,
			build_real (double_type_node, dconst0)), agree);
      l->go (again);
      e = ev, g = gv;
    }
  else
    {
      tree ev = local (elt, "sf_first_e");
      tree gv = local (elt, "sf_first_g");
      tree nz = local (integer_type_node, "sf_first_nonzero");
      tree top = create_artificial_label (info->loc);
      tree end = create_artificial_label (info->loc);
      l->set (nz, integer_zero_node);
      l->set (i, integer_zero_node);
      l->label (top);
      l->go_if (fold_build2 (GE_EXPR, boolean_type_node, i, n), end);
      l->set (ev, element (expect, i, elt));
      l->set (gv, element (got, i, elt));
      l->go_if (build2 (NE_EXPR, boolean_type_node, ev, gv), differ);
      l->add (build3 (COND_EXPR, void_type_node,
		      build2 (NE_EXPR, boolean_type_node, ev,
			      build_zero_cst (elt)),
		      build2 (MODIFY_EXPR, void_type_node, nz,
			      integer_one_node), NULL_TREE));
      l->set (i, build2 (PLUS_EXPR, long_integer_type_node, i,
			 build_int_cst (long_integer_type_node, 1)));
      l->go (top);
      l->label (end);
      l->go_if (build2 (NE_EXPR, boolean_type_node, nz, integer_zero_node),
		agree);
      l->go (again);
      e = ev, g = gv;
    }
  l->label (again);
  l->add (atomic_store_value (state_addr, before));
  l->go (free_label);
  l->label (agree);
  l->add (atomic_store (state_addr, 1));
  l->go (free_label);

  /* The line on stderr.  */
  l->label (differ);
  bool uns = !fp && TYPE_UNSIGNED (elt);
  const char *num = fp ? ty == SF_TY_F32 ? "%.9g" : "%.17g"
		    : uns ? "%llu" : "%lld";
  tree num_type = fp ? double_type_node : uns ? long_long_unsigned_type_node
		  : long_long_integer_type_node;
  char fmt[200];
  snprintf (fmt, sizeof fmt, "sparsefuse: %%s: first run: '%%s' differs "
	    "from the statement at value %%ld (got %s, expected %s); the "
	    "statement runs from now on (call %%ld)\n", num, num);
  expanded_location x = expand_location (info->loc);
  char where[512];
  snprintf (where, sizeof where, "%s:%d", x.file ? x.file : "?", x.line);
  const char *text = info->text ? info->text : "?";
  const int size = 1024;
  tree msg = local (build_array_type_nelts (char_type_node, size),
		    "sf_first_msg", true);
  tree msg_p = build_fold_addr_expr (msg);
  tree call_args[9] = { msg_p, build_int_cst (size_type_node, size),
			build_string_literal (strlen (fmt) + 1, fmt),
			build_string_literal (strlen (where) + 1, where),
			build_string_literal (strlen (text) + 1, text), i,
			fold_convert (num_type, g), fold_convert (num_type, e),
			call };
  l->add (builtin_call (BUILT_IN_SNPRINTF, 9, call_args));
  tree len_a[1] = { msg_p };
  tree len = builtin_call (BUILT_IN_STRLEN, 1, len_a);
  tree ssize = signed_type_for (size_type_node);
  tree write_fn = build_fn_decl ("write", build_function_type_list
				 (ssize, integer_type_node,
				  const_ptr_type_node, size_type_node,
				  NULL_TREE));
  l->add (build_call_expr_loc (UNKNOWN_LOCATION, write_fn, 3,
			       build_int_cst (integer_type_node, 2), msg_p,
			       len));
}

/* Replace region INFO (begin marker at *GSI, end marker at END_GSI) by
   its generated code CODE under the first-run check above, TEST (or
   NULL_TREE) the test at its entry.  *GSI ends after the region.  */
void
sf_first_run_insert (sf_region_info *info, tree test, gimple_seq code,
		     gimple_stmt_iterator *gsi, gimple_stmt_iterator end_gsi)
{
  location_t loc = info->loc;
  sf_ty ty = output_ty (info);
  tree elt = sf_value_tree (ty);
  tree elt_ptr = build_pointer_type (elt);
  tree state = state_var (info);
  tree state_addr = build_fold_addr_expr (state);
  tree mine = local (integer_type_node, "sf_first_mine");
  tree s = local (integer_type_node, "sf_first_state");
  tree n = local (long_integer_type_node, "sf_first_n");
  tree expected = local (unsigned_type_node, "sf_first_expected", true);
  tree bytes = local (size_type_node, "sf_first_bytes");
  tree buf = local (ptr_type_node, "sf_first_buf");
  tree out = local (elt_ptr, "sf_first_out");
  tree got = local (elt_ptr, "sf_first_got");
  tree gen = create_artificial_label (loc);
  tree orig = create_artificial_label (loc);
  tree nomem = create_artificial_label (loc);
  tree done = create_artificial_label (loc);
  tree free_label = create_artificial_label (loc);
  tree zero = integer_zero_node;

  fr_list l = { NULL_TREE, loc };
  l.set (mine, zero);
  if (test)
    l.go_if (build1 (TRUTH_NOT_EXPR, boolean_type_node, test), orig);
  tree la[2] = { state_addr, relaxed () };
  l.set (s, builtin_call (BUILT_IN_ATOMIC_LOAD_4, 2, la));
  /* Differed: the statement, uncounted.  */
  l.go_if (build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
		   build2 (NE_EXPR, boolean_type_node, s, zero),
		   build2 (NE_EXPR, boolean_type_node, s, integer_one_node)),
	   orig);
  /* The call's number, 1 for the first: a relaxed load and store, not
     an atomic increment (two threads at once may count one call; only
     which call checks depends on it).  */
  tree calls = static_var (info, long_integer_type_node, "sf_first_calls");
  tree calls_addr = build_fold_addr_expr (calls);
  tree c = local (long_integer_type_node, "sf_first_call");
  tree lc[2] = { calls_addr, relaxed () };
  l.set (c, build2 (PLUS_EXPR, long_integer_type_node,
		    fold_convert (long_integer_type_node,
				  builtin_call (BUILT_IN_ATOMIC_LOAD_8, 2, lc)),
		    build_int_cst (long_integer_type_node, 1)));
  tree sc[3] = { calls_addr, fold_convert (long_long_unsigned_type_node, c),
		 relaxed () };
  l.add (builtin_call (BUILT_IN_ATOMIC_STORE_8, 3, sc));
  /* Agreed before: the code, but for the calls numbered by a power of
     two, which check again.  */
  tree pow2 = build2 (EQ_EXPR, boolean_type_node,
		      build2 (BIT_AND_EXPR, long_integer_type_node, c,
			      build2 (MINUS_EXPR, long_integer_type_node, c,
				      build_int_cst (long_integer_type_node,
						     1))),
		      build_int_cst (long_integer_type_node, 0));
  l.go_if (build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
		   build2 (EQ_EXPR, boolean_type_node, s, integer_one_node),
		   build1 (TRUTH_NOT_EXPR, boolean_type_node, pow2)), gen);
  l.set (n, unshare_expr (info->first_count));
  /* Nothing to compare: the statement, or the code it agreed with.  */
  l.go_if (build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
		   build2 (LE_EXPR, boolean_type_node, n,
			   build_int_cst (long_integer_type_node, 0)),
		   build2 (EQ_EXPR, boolean_type_node, s, integer_one_node)),
	   gen);
  l.go_if (build2 (LE_EXPR, boolean_type_node, n,
		   build_int_cst (long_integer_type_node, 0)), orig);
  l.set (expected, fold_convert (unsigned_type_node, s));
  tree ca[6] = { state_addr, build_fold_addr_expr (expected),
		 build_int_cst (unsigned_type_node, 2), boolean_false_node,
		 relaxed (), relaxed () };
  l.go_if (build1 (TRUTH_NOT_EXPR, boolean_type_node,
		   builtin_call (BUILT_IN_ATOMIC_COMPARE_EXCHANGE_4, 6, ca)),
	   orig);
  l.set (bytes, build2 (MULT_EXPR, size_type_node,
			fold_convert (size_type_node, n),
			fold_convert (size_type_node, TYPE_SIZE_UNIT (elt))));
  tree ma[1] = { build2 (MULT_EXPR, size_type_node, bytes,
			 build_int_cst (size_type_node, 2)) };
  l.set (buf, builtin_call (BUILT_IN_MALLOC, 1, ma));
  l.go_if (build2 (EQ_EXPR, boolean_type_node, buf, null_pointer_node),
	   nomem);
  l.set (out, unshare_expr (info->first_out));
  tree cp1[3] = { buf, out, bytes };
  l.add (builtin_call (BUILT_IN_MEMCPY, 3, cp1));
  l.set (mine, integer_one_node);
  l.go (gen);
  l.label (nomem);
  l.add (atomic_store_value (state_addr, s));
  l.go (orig);
  gimple_seq pre = l.take ();
  gimple_seq_add_stmt (&pre, gimple_build_label (gen));
  gimple_seq_add_seq (&pre, code);

  /* After the generated code: its result aside, the output restored.  */
  l.go_if (build2 (EQ_EXPR, boolean_type_node, mine, zero), done);
  l.set (got, fold_build_pointer_plus (buf, bytes));
  tree cp2[3] = { got, out, bytes };
  l.add (builtin_call (BUILT_IN_MEMCPY, 3, cp2));
  tree cp3[3] = { out, buf, bytes };
  l.add (builtin_call (BUILT_IN_MEMCPY, 3, cp3));
  gimple_seq_add_seq (&pre, l.take ());
  gimple_seq_add_stmt (&pre, gimple_build_label (orig));
  if (info->fused)
    gimple_seq_add_seq (&pre, info->fused_prev_stmts);
  info->fused_prev_stmts = NULL;
  gsi_insert_seq_before (gsi, pre, GSI_SAME_STMT);

  /* After the statement: the comparison, on the first run only.  */
  l.go_if (build2 (EQ_EXPR, boolean_type_node, mine, zero), done);
  add_compare (&l, info, state_addr, s, c, n, out, got, elt, free_label);
  l.label (free_label);
  tree fa[1] = { buf };
  l.add (builtin_call (BUILT_IN_FREE, 1, fa));
  l.label (done);
  gsi_insert_seq_before (&end_gsi, l.take (), GSI_SAME_STMT);
  gsi_remove (&end_gsi, true);
  gsi_remove (gsi, true);
}
