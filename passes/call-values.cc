/* The values a function the plugin makes for a region takes from its
   caller (sf_call_values, declared in sf-plugin.h).  */

#include "sf-plugin.h"
#include "cfgexpand.h"

sf_call_values::sf_call_values (gimple_stmt_iterator marker)
  : at (-1)
{
  int distance = 0;
  for (gimple_stmt_iterator i = marker; (gsi_prev (&i), !gsi_end_p (i));)
    {
      gimple *stmt = gsi_stmt (i);
      if (is_gimple_debug (stmt))
	continue;
      if (!is_gimple_assign (stmt) || !is_gimple_reg (gimple_assign_lhs (stmt))
	  || gimple_has_volatile_ops (stmt))
	break;
      run.put (stmt, distance++);
      tree lhs = gimple_assign_lhs (stmt);
      if (DECL_P (lhs))
	{
	  bool existed;
	  int &n = assigns.get_or_insert (lhs, &existed);
	  n = existed ? n + 1 : 1;
	  if (!existed)
	    assign.put (lhs, stmt);
	}
    }
}

/* Record V as a leaf (once).  */
void
sf_call_values::leaf (tree v)
{
  if (!leaves.contains (v))
    leaves.safe_push (v);
}

/* walk_tree callback of sf_call_values::expand on a definition's
   operands: each SSA name and local its expression; stop at one that
   has none, or at the address of a local.  */
static tree
call_value_op (tree *tp, int *walk_subtrees, void *data)
{
  sf_call_values *cv = (sf_call_values *) data;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (t, 0));
      return base && DECL_P (base) && !is_global_var (base) ? t : NULL_TREE;
    }
  if (TREE_CODE (t) == SSA_NAME
      || ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && !is_global_var (t)))
    {
      tree e = cv->expand (t);
      if (!e)
	return t;
      *tp = e;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Return value V, as read by the definition at distance AT from the
   marker (-1: at the call), as an expression over leaves, recording
   them, or NULL_TREE when it has none: a constant or a global itself;
   an SSA name or a local the run defines before AT, its definition over
   the expressions of its operands, else the name or local itself (a
   leaf), when the run does not assign it after AT.  */
tree
sf_call_values::expand (tree v)
{
  if (CONSTANT_CLASS_P (v) || (DECL_P (v) && is_global_var (v)))
    return v;
  bool ssa = TREE_CODE (v) == SSA_NAME;
  if (!ssa
      && (!(VAR_P (v) || TREE_CODE (v) == PARM_DECL) || TREE_ADDRESSABLE (v)
	  || TREE_THIS_VOLATILE (v) || DECL_HAS_VALUE_EXPR_P (v)
	  || !(INTEGRAL_TYPE_P (TREE_TYPE (v)) || POINTER_TYPE_P (TREE_TYPE (v))
	       || SCALAR_FLOAT_TYPE_P (TREE_TYPE (v)))))
    return NULL_TREE;
  gimple *def = NULL;
  if (ssa)
    def = SSA_NAME_DEF_STMT (v);
  else if (int *n = assigns.get (v))
    {
      /* Assigned once, before the definition that reads it (the
	 definition reads the value the run gives it, as the call
	 would).  */
      gimple **where = assign.get (v);
      if (*n != 1 || *run.get (*where) <= at)
	return NULL_TREE;
      def = *where;
    }
  int *distance = def ? run.get (def) : NULL;
  if (distance)
    {
      if (tree *e = done.get (v))
	return unshare_expr (*e);
      /* The leaves of a walk that fails stay: an operand's expression
	 it made may be asked for again.  */
      tree e = unshare_expr (gimple_assign_rhs_to_tree (def));
      int saved = at;
      at = *distance;
      tree stop = walk_tree (&e, call_value_op, this, NULL);
      at = saved;
      if (!stop)
	{
	  done.put (v, e);
	  return unshare_expr (e);
	}
      if (!ssa)
	return NULL_TREE;
    }
  leaf (v);
  return v;
}

/* Return value V at the call as an expression over leaves (expand), or
   V itself, a leaf, when it has none.  */
tree
sf_call_values::value (tree v)
{
  int saved = at;
  at = -1;
  tree e = expand (v);
  at = saved;
  if (e)
    return e;
  leaf (v);
  return v;
}

/* Return the position of V among the parameters of function CALLER, or
   -1.  */
static int
caller_parm_index (tree caller, tree v)
{
  int k = 0;
  for (tree p = DECL_ARGUMENTS (caller); p;
       p = DECL_CHAIN (p), k++)
    if (p == v)
      return k;
  return -1;
}

/* Order the arguments ARGS of a call at the region's entry in function
   CALLER (and PARMS, the callee's parameters for them, when not NULL) so
   that the caller's own parameters come first, in the caller's order, the others after
   them as they were: the call of a function the caller jumps to then
   passes them in the registers they came in.  */
void
sf_order_as_caller (tree caller, vec<tree> *args, vec<tree> *parms)
{
  unsigned n = args->length ();
  auto_vec<int> key (n);
  for (unsigned i = 0; i < n; i++)
    {
      int k = caller_parm_index (caller, (*args)[i]);
      key.quick_push (k < 0 ? INT_MAX : k);
    }
  /* Insertion sort: stable, and the lists are short.  */
  for (unsigned i = 1; i < n; i++)
    for (unsigned j = i; j > 0 && key[j - 1] > key[j]; j--)
      {
	std::swap (key[j - 1], key[j]);
	std::swap ((*args)[j - 1], (*args)[j]);
	if (parms)
	  std::swap ((*parms)[j - 1], (*parms)[j]);
      }
}

/* walk_tree callback of sf_replace_in.  */
static tree
replace_op (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (tree *to = ((hash_map<tree, tree> *) data)->get (*tp))
    {
      *tp = *to;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Replace in expression *TP each tree MAP has by its value there (the
   caller's values by the new function's).  */
void
sf_replace_in (tree *tp, hash_map<tree, tree> *map)
{
  walk_tree (tp, replace_op, map, NULL);
}
