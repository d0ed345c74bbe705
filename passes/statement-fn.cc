/* The original statement of a region in a function of its own.

   A region whose statement stays beside its code (under a gain test or
   a guard) runs one or the other:
     if (gain) spmv.sparsefuse.0 (n, b_pos, ...);     the code
     else <the statement>
   Compiled in one function, the statement shared its registers with the
   test, the calls and their arguments: values its loops keep in
   registers in the user's own function stayed on the stack (y and n of a
   float SpMV, reloaded on every row), and the prologue saved registers
   that only the calls needed.  So the statement moves too:
     else spmv.sparsefuse.1 (n, rowptr, colidx, vals, x, y);
     static void spmv.sparsefuse.1 (n, rowptr, colidx, vals, x, y)
     { <the statement> }
   and GCC compiles it alone, as it compiles the user's loop in a
   function of its own; the caller keeps the tests and two calls.

   Moving high GIMPLE between functions (the statements are moved, not
   copied: the caller runs them nowhere else):
     1. scan: the statements may move when they leave the region only at
	its end (no return, no jump to a label outside, no exception
	handling, no OpenMP, no asm, no alloca or setjmp) and every local
	they name is a plain scalar of the caller (not addressable, not
	volatile, no variably modified type); a global or static stays as
	it is;
     2. each local they name gets its own in the new function: when the
	region may read the caller's value (sf_live_after_p from the
	begin marker), a local the function loads again at its start from
	what the caller set it from just before the region (n = B->n:
	B is the parameter, sf_call_values), or else a parameter holding
	that value; a local of the function when every path writes it
	first (no uninitialized value is passed), and the locals the
	region's binds declare; each SSA name the region defines a new one
	there, each it only reads a parameter;
     3. the statements move into the function's body, their operands
	renamed; their binds give their variables to the function's
	outermost scope, which the debug information shows;
     4. the caller calls the function where the statements were.
   The safety check already made the variables the region writes dead
   after it (liveness.cc), so nothing flows back.  */

#include "sf-plugin.h"
#include "hash-set.h"
#include "ssa.h"
#include "tree-ssanames.h"
#include "tree-ssa.h"
#include "gimple-expr.h"
#include "calls.h"

/* The state of one move.  */
struct stmt_move
{
  tree caller;
  gimple_seq fn_body;
  gimple *begin;
  const char *why;		/* why the statements stay, or NULL */
  hash_set<tree> labels;	/* the labels the region defines */
  hash_set<tree> own;		/* the variables its binds declare */
  auto_vec<tree> own_order;
  hash_set<tree> seen;		/* locals and SSA names it names */
  auto_vec<tree> named;
  hash_set<tree> defined;	/* SSA names it defines */
  auto_vec<tree> jumps;		/* labels it jumps to */
  hash_map<tree, int> uses;	/* its SSA names and labels: how often */
  bool in_region;		/* counting inside the region */
  hash_map<tree, tree> map;	/* each of those -> its replacement */
  auto_vec<tree> parms, args;
  tree locals;
};

/* Step 1, walk_gimple_seq statement callback.  */
static tree
scan_stmt (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *wi)
{
  stmt_move *m = (stmt_move *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  const char *why = NULL;
  switch (gimple_code (stmt))
    {
    case GIMPLE_RETURN:
      why = "returns";
      break;
    case GIMPLE_TRY:
    case GIMPLE_CATCH:
    case GIMPLE_EH_FILTER:
    case GIMPLE_EH_MUST_NOT_THROW:
    case GIMPLE_EH_ELSE:
    case GIMPLE_RESX:
    case GIMPLE_EH_DISPATCH:
      why = "has exception handling or cleanups";
      break;
    case GIMPLE_ASM:
      why = "has an asm statement";
      break;
    case GIMPLE_TRANSACTION:
      why = "has a transaction";
      break;
    case GIMPLE_BIND:
      for (tree v = gimple_bind_vars (as_a<gbind *> (stmt)); v;
	   v = DECL_CHAIN (v))
	if (VAR_P (v) && !is_global_var (v) && !m->own.add (v))
	  m->own_order.safe_push (v);
      break;
    case GIMPLE_LABEL:
      m->labels.add (gimple_label_label (as_a<glabel *> (stmt)));
      break;
    case GIMPLE_GOTO:
      if (TREE_CODE (gimple_goto_dest (stmt)) != LABEL_DECL)
	why = "has a computed goto";
      break;
    case GIMPLE_CALL:
      if (gimple_call_chain (stmt)
	  || gimple_call_internal_p (stmt, IFN_VA_ARG)
	  || (gimple_call_flags (stmt) & ECF_RETURNS_TWICE)
	  || gimple_call_alloca_for_var_p (as_a<gcall *> (stmt))
	  || gimple_call_builtin_p (stmt, BUILT_IN_ALLOCA)
	  || gimple_call_builtin_p (stmt, BUILT_IN_ALLOCA_WITH_ALIGN))
	why = "calls alloca, setjmp, va_arg or a nested function";
      break;
    default:
      if (is_gimple_omp (stmt))
	why = "has an OpenMP directive";
      break;
    }
  if (!why)
    {
      tree lhs = gimple_get_lhs (stmt);
      if (lhs && TREE_CODE (lhs) == SSA_NAME)
	m->defined.add (lhs);
      return NULL_TREE;
    }
  m->why = why;
  *handled = true;
  return integer_zero_node;
}

/* Step 1, walk_tree callback on the operands.  */
static tree
scan_op (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  stmt_move *m = (stmt_move *) wi->info;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  switch (TREE_CODE (t))
    {
    case LABEL_DECL:
      m->jumps.safe_push (t);
      return NULL_TREE;
    case RESULT_DECL:
      m->why = "names the function's result";
      return t;
    case VAR_DECL:
    case PARM_DECL:
      if (VAR_P (t) && is_global_var (t))
	return NULL_TREE;
      if (TREE_ADDRESSABLE (t) || TREE_THIS_VOLATILE (t)
	  || DECL_HAS_VALUE_EXPR_P (t) || DECL_CONTEXT (t) != m->caller)
	{
	  m->why = "names a local whose address is taken, a volatile one or "
		   "one of an enclosing function";
	  return t;
	}
      /* Fall through.  */
    case SSA_NAME:
      if (variably_modified_type_p (TREE_TYPE (t), NULL_TREE))
	{
	  m->why = "names a variable of variably modified type";
	  return t;
	}
      if (!m->seen.add (t))
	m->named.safe_push (t);
      return NULL_TREE;
    default:
      return NULL_TREE;
    }
}

/* walk_tree callback: count the SSA names and labels of the region
   inside it (M->in_region) and, after, in the whole function body, so
   that one the rest of the function names too is seen.  */
static tree
count_op (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  stmt_move *m = (stmt_move *) wi->info;
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == SSA_NAME || TREE_CODE (t) == LABEL_DECL)
    {
      int *n = m->uses.get (t);
      if (m->in_region)
	m->uses.put (t, n ? *n + 1 : 1);
      else if (n)
	--*n;
    }
  return NULL_TREE;
}

/* A parameter of the new function for the caller's value ARG, named
   like VAR (NULL: nameless and artificial).  */
static void
add_parm (stmt_move *m, tree fn, tree arg, tree var)
{
  tree parm = build_decl (DECL_SOURCE_LOCATION (fn), PARM_DECL,
			  var ? DECL_NAME (var) : NULL_TREE, TREE_TYPE (arg));
  DECL_ARG_TYPE (parm) = TREE_TYPE (arg);
  DECL_CONTEXT (parm) = fn;
  TREE_USED (parm) = 1;
  if (var)
    {
      DECL_ARTIFICIAL (parm) = DECL_ARTIFICIAL (var);
      DECL_IGNORED_P (parm) = DECL_IGNORED_P (var);
      DECL_NAMELESS (parm) = DECL_NAMELESS (var);
      DECL_SOURCE_LOCATION (parm) = DECL_SOURCE_LOCATION (var);
    }
  else
    {
      DECL_ARTIFICIAL (parm) = 1;
      DECL_NAMELESS (parm) = 1;
    }
  m->map.put (arg, parm);
  m->parms.safe_push (parm);
  m->args.safe_push (arg);
}

/* walk_tree callback: push onto the vector DATA each SSA name and local
   of the caller *TP is.  */
static tree
collect_leaf (tree *tp, int *walk_subtrees, void *data)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if (TREE_CODE (t) == SSA_NAME
	   || ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && !is_global_var (t)))
    ((vec<tree> *) data)->safe_push (t);
  return NULL_TREE;
}

/* A local of the new function FN in place of the caller's VAR.  */
static void
add_local (stmt_move *m, tree fn, tree var)
{
  tree v = copy_var_decl (var, DECL_NAME (var), TREE_TYPE (var));
  DECL_CONTEXT (v) = fn;
  DECL_CHAIN (v) = m->locals;
  m->locals = v;
  m->map.put (var, v);
}

/* Return the expression over fewer of the caller's values that local T,
   which the region reads before it writes it, has at the call (CV), for
   the new function to load it again from them, or NULL_TREE to pass T
   itself: when T has none, or one of them is a local the region writes
   first (a local of the new function, not the caller's value).  */
static tree
load_again (stmt_move *m, sf_call_values *cv, tree t)
{
  tree e = cv->value (t);
  if (e == t)
    return NULL_TREE;
  auto_vec<tree> leaves;
  walk_tree_without_duplicates (&e, collect_leaf, &leaves);
  for (tree l : leaves)
    if (DECL_P (l) && m->seen.contains (l) && !m->own.contains (l)
	&& !sf_live_after_p (m->fn_body, m->begin, l))
      return NULL_TREE;
  return e;
}

/* Step 3, walk_gimple_seq statement callback on the moved statements.  */
static tree
move_stmt (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  stmt_move *m = (stmt_move *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  if (gbind *bind = dyn_cast<gbind *> (stmt))
    {
      gimple_bind_set_vars (bind, NULL_TREE);
      gimple_bind_set_block (bind, NULL_TREE);
    }
  else if (glabel *label = dyn_cast<glabel *> (stmt))
    DECL_CONTEXT (gimple_label_label (label)) = current_function_decl;
  tree lhs = gimple_get_lhs (stmt);
  if (lhs && TREE_CODE (lhs) == SSA_NAME)
    if (tree *n = m->map.get (lhs))
      SSA_NAME_DEF_STMT (*n) = stmt;
  return NULL_TREE;
}

/* Step 3, walk_tree callback: rename the operand.  */
static tree
move_op (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  stmt_move *m = (stmt_move *) wi->info;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (tree *n = m->map.get (*tp))
    *tp = *n;
  return NULL_TREE;
}

/* Walk the statements strictly between BEGIN and END_MARKER, their
   substatements and operands, with STMT_CB and OP_CB over M; stop where
   a walk sets M->why.  Return whether there was a statement.  */
static bool
walk_region (gimple_stmt_iterator begin, gimple *end_marker,
	     walk_stmt_fn stmt_cb, walk_tree_fn op_cb, stmt_move *m)
{
  bool any = false;
  for (gsi_next (&begin); gsi_stmt (begin) != end_marker && !m->why;
       gsi_next (&begin))
    {
      struct walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = m;
      gimple_stmt_iterator one = begin;
      walk_gimple_stmt (&one, stmt_cb, op_cb, &wi);
      any = true;
    }
  return any;
}

tree
sf_outline_statement (const sf_region_info *info, gimple_stmt_iterator begin,
		      gimple_stmt_iterator end, gimple_seq fn_body,
		      const char **why)
{
  stmt_move m;
  m.caller = current_function_decl;
  m.fn_body = fn_body;
  m.begin = gsi_stmt (begin);
  m.why = NULL;
  m.locals = NULL_TREE;
  gimple *end_marker = gsi_stmt (end);

  /* Step 1.  */
  if (!walk_region (begin, end_marker, scan_stmt, scan_op, &m) && !m.why)
    m.why = "is empty";
  for (tree label : m.jumps)
    if (!m.why && !m.labels.contains (label))
      m.why = "jumps out of the region";
  if (!m.why)
    {
      /* An SSA name or a label of the region named outside it too (the
	 gimplifier makes neither, but the move would break it).  */
      m.in_region = true;
      walk_region (begin, end_marker, NULL, count_op, &m);
      m.in_region = false;
      struct walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = &m;
      walk_gimple_seq (fn_body, NULL, count_op, &wi);
      for (auto it = m.uses.begin (); it != m.uses.end (); ++it)
	if ((*it).second < 0
	    && (TREE_CODE ((*it).first) == LABEL_DECL
		? m.labels.contains ((*it).first)
		: m.defined.contains ((*it).first)))
	  m.why = "shares a temporary or a label with the rest of the "
		  "function";
    }
  if (m.why)
    {
      *why = m.why;
      return NULL_TREE;
    }

  /* Step 2.  */
  tree fn = sf_new_function_decl (info->loc, "sparsefuse", NULL_TREE);
  struct function *caller_fun = cfun;
  push_struct_function (fn);
  init_tree_ssa (cfun);
  cfun->function_start_locus = info->loc;
  cfun->function_end_locus = info->loc;
  cfun->curr_properties = caller_fun->curr_properties;
  cfun->debug_nonbind_markers = caller_fun->debug_nonbind_markers;
  for (tree v : m.own_order)
    add_local (&m, fn, v);
  sf_call_values cv (begin);
  auto_vec<tree> loaded, loaded_from;
  for (tree t : m.named)
    {
      if (m.map.get (t))
	continue;
      if (TREE_CODE (t) == SSA_NAME)
	{
	  if (m.defined.contains (t))
	    m.map.put (t, make_ssa_name (TREE_TYPE (t)));
	  else
	    add_parm (&m, fn, t, NULL_TREE);
	}
      else if (!m.own.contains (t))
	{
	  tree e = NULL_TREE;
	  if (!sf_live_after_p (fn_body, m.begin, t))
	    add_local (&m, fn, t);
	  else if ((e = load_again (&m, &cv, t)))
	    {
	      add_local (&m, fn, t);
	      loaded.safe_push (*m.map.get (t));
	      loaded_from.safe_push (e);
	      auto_vec<tree> leaves;
	      walk_tree_without_duplicates (&e, collect_leaf, &leaves);
	      for (tree l : leaves)
		if (!m.map.get (l))
		  add_parm (&m, fn, l, DECL_P (l) ? l : NULL_TREE);
	    }
	  else
	    add_parm (&m, fn, t, t);
	}
    }
  sf_order_as_caller (m.caller, &m.args, &m.parms);
  tree types = void_list_node;
  tree *chain = &DECL_ARGUMENTS (fn);
  for (tree p : m.parms)
    {
      *chain = p;
      chain = &DECL_CHAIN (p);
    }
  for (int k = m.parms.length () - 1; k >= 0; k--)
    types = tree_cons (NULL_TREE, TREE_TYPE (m.parms[k]), types);
  TREE_TYPE (fn) = build_function_type (void_type_node, types);

  /* Step 3.  */
  gimple_seq body = NULL;
  gimple_stmt_iterator i = begin;
  for (gsi_next (&i); gsi_stmt (i) != end_marker;)
    {
      gimple *stmt = gsi_stmt (i);
      gsi_remove (&i, false);
      gimple_seq_add_stmt_without_update (&body, stmt);
    }
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &m;
  walk_gimple_seq (body, move_stmt, move_op, &wi);
  /* The locals loaded again, first.  */
  gimple_seq sets = NULL;
  push_gimplify_context (true);
  for (unsigned k = 0; k < loaded.length (); k++)
    {
      tree e = loaded_from[k];
      sf_replace_in (&e, &m.map);
      gimplify_and_add (build2 (MODIFY_EXPR, TREE_TYPE (loaded[k]), loaded[k],
				fold_convert (TREE_TYPE (loaded[k]), e)),
			&sets);
    }
  pop_gimplify_context (NULL);
  gimple_seq_add_seq_without_update (&sets, body);
  body = sets;
  gimple_seq_add_stmt_without_update (&body, gimple_build_return (NULL_TREE));
  tree block = DECL_INITIAL (fn);
  BLOCK_VARS (block) = m.locals;
  gbind *top = gimple_build_bind (m.locals, body, block);
  gimple_seq fn_seq = NULL;
  gimple_seq_add_stmt_without_update (&fn_seq, top);
  gimple_set_body (fn, fn_seq);
  pop_cfun ();
  for (tree t : m.named)
    if (TREE_CODE (t) == SSA_NAME && m.defined.contains (t))
      release_ssa_name (t);
  cgraph_node::add_new_function (fn, false);
  if (dump_file)
    {
      fprintf (dump_file, "sparsefuse: region %d statement in function %s\n",
	       info->id, IDENTIFIER_POINTER (DECL_NAME (fn)));
      if (!loaded.is_empty ())
	{
	  fprintf (dump_file, "sparsefuse: region %d statement's function "
		   "loads again", info->id);
	  for (tree v : loaded)
	    fprintf (dump_file, " '%s'", DECL_NAME (v)
		     ? IDENTIFIER_POINTER (DECL_NAME (v)) : "?");
	  fprintf (dump_file, "\n");
	}
    }
  return build_call_array_loc (info->loc, void_type_node,
			       build_fold_addr_expr (fn), m.args.length (),
			       m.args.address ());
}
