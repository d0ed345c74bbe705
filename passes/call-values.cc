/* The values a function the plugin makes for a region takes from its
   caller (sf_call_values, declared in sf-plugin.h).  */

#include "sf-plugin.h"
#include "cfgexpand.h"

sf_call_values::sf_call_values (gimple_stmt_iterator marker)
{
  for (gimple_stmt_iterator i = marker; (gsi_prev (&i), !gsi_end_p (i));)
    {
      gimple *stmt = gsi_stmt (i);
      if (is_gimple_debug (stmt))
	continue;
      if (!is_gimple_assign (stmt) || !is_gimple_reg (gimple_assign_lhs (stmt))
	  || gimple_has_volatile_ops (stmt))
	break;
      run.add (stmt);
      if (DECL_P (gimple_assign_lhs (stmt)))
	assigned.add (gimple_assign_lhs (stmt));
    }
}

/* Record V as a leaf (once).  */
void
sf_call_values::leaf (tree v)
{
  if (!leaves.contains (v))
    leaves.safe_push (v);
}

/* walk_tree callback of sf_call_values::value on a definition's operands:
   each SSA name its expression, each local a leaf; fail (stop) at a
   local the run assigns, whose address is taken or that is not a
   scalar.  */
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
  if (TREE_CODE (t) == SSA_NAME)
    {
      *tp = cv->value (t);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == ADDR_EXPR)
    {
      tree base = get_base_address (TREE_OPERAND (t, 0));
      return base && DECL_P (base) && !is_global_var (base) ? t : NULL_TREE;
    }
  if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && !is_global_var (t))
    {
      if (cv->assigned.contains (t) || TREE_ADDRESSABLE (t)
	  || TREE_THIS_VOLATILE (t) || DECL_HAS_VALUE_EXPR_P (t)
	  || !(INTEGRAL_TYPE_P (TREE_TYPE (t)) || POINTER_TYPE_P (TREE_TYPE (t))
	       || SCALAR_FLOAT_TYPE_P (TREE_TYPE (t))))
	return t;
      cv->leaf (t);
    }
  return NULL_TREE;
}

/* Return value V as an expression over leaves, recording them: an SSA
   name the run defines, its definition (over the expressions of its own
   operands); anything else a leaf itself (a constant: nothing).  */
tree
sf_call_values::value (tree v)
{
  if (CONSTANT_CLASS_P (v))
    return v;
  if (TREE_CODE (v) == SSA_NAME)
    {
      if (tree *e = done.get (v))
	return unshare_expr (*e);
      gimple *def = SSA_NAME_DEF_STMT (v);
      if (def && run.contains (def))
	{
	  /* The leaves of a walk that fails stay: an operand's
	     expression it made may be asked for again.  */
	  tree e = unshare_expr (gimple_assign_rhs_to_tree (def));
	  if (!walk_tree (&e, call_value_op, this, NULL))
	    {
	      done.put (v, e);
	      return unshare_expr (e);
	    }
	}
    }
  leaf (v);
  return v;
}
