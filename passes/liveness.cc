/* Is a variable live after a region?  A small forward search over the
   function's high GIMPLE, used by the safety check.

     int i;
     REGION (writes i)                  <- end marker
     for (i = 0; i < n; i++) ...        i = 0 kills i: dead, replace away
     ...
     printf ("%d", i);                  a read first: live, keep the loop

   The function body is flattened into one array (GIMPLE_BIND bodies
   inlined, in order; a try/finally as its body then its cleanup, which
   is where a fallthrough goes); labels map to positions.  A block with a
   local array is such a try/finally, its cleanup the array's end-of-scope
   clobber ("F ={v} {CLOBBER}"), which reads nothing.  A path that leaves
   the try body by a goto or a return runs the cleanup too, which the
   flat order does not show: so a cleanup that reads the variable makes
   it live outright.  From the end marker a
   depth-first search follows fallthrough, gotos, conditional and switch
   edges; a path stops where VAR is written without being read or at a
   return.  Anything the search does not model (exception handling,
   OpenMP bodies, computed gotos, address-taken variables) answers
   "live", which only keeps the original code.  */

#include "sf-plugin.h"
#include "hash-map.h"

static bool reads_p (gimple *stmt, tree var);

/* The flattened body: statements, label positions, and whether some
   try/finally cleanup reads the variable.  */
struct flat_body
{
  tree var;
  auto_vec<gimple *> stmts;
  hash_map<tree, int> labels;
  bool cleanup_reads;
};

/* Return true when some statement of SEQ (in binds too) reads VAR.  */
static bool
seq_reads_p (gimple_seq seq, tree var)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    {
      gimple *stmt = gsi_stmt (i);
      if (gbind *bind = dyn_cast<gbind *> (stmt))
	{
	  if (seq_reads_p (gimple_bind_body (bind), var))
	    return true;
	}
      else if (gimple_code (stmt) == GIMPLE_TRY)
	{
	  if (seq_reads_p (gimple_try_eval (stmt), var)
	      || seq_reads_p (gimple_try_cleanup (stmt), var))
	    return true;
	}
      else if (reads_p (stmt, var))
	return true;
    }
  return false;
}

/* Append the statements of SEQ to F, inlining bind bodies and the two
   halves of a try/finally.  Other statements with bodies (try/catch,
   OpenMP) stay whole: the search answers "live" when it meets them.  */
static void
flatten (gimple_seq seq, flat_body *f)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    {
      gimple *stmt = gsi_stmt (i);
      if (gbind *bind = dyn_cast<gbind *> (stmt))
	{
	  flatten (gimple_bind_body (bind), f);
	  continue;
	}
      if (gimple_code (stmt) == GIMPLE_TRY
	  && gimple_try_kind (stmt) == GIMPLE_TRY_FINALLY)
	{
	  flatten (gimple_try_eval (stmt), f);
	  f->cleanup_reads |= seq_reads_p (gimple_try_cleanup (stmt), f->var);
	  flatten (gimple_try_cleanup (stmt), f);
	  continue;
	}
      if (glabel *label = dyn_cast<glabel *> (stmt))
	f->labels.put (gimple_label_label (label), f->stmts.length ());
      f->stmts.safe_push (stmt);
    }
}

/* walk_gimple_op callback: stop when the operand is the variable.  */
static tree
find_var (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  if (*tp == (tree) wi->info)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Return true when STMT reads VAR.  */
static bool
reads_p (gimple *stmt, tree var)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = var;
  if (is_gimple_assign (stmt) && gimple_assign_lhs (stmt) == var)
    {
      for (unsigned i = 1; i < gimple_num_ops (stmt); i++)
	if (walk_tree (gimple_op_ptr (stmt, i), find_var, &wi, NULL))
	  return true;
      return false;
    }
  return walk_gimple_op (stmt, find_var, &wi) != NULL_TREE;
}

/* Push the position of label LABEL onto WORK; return false when it is
   unknown (a computed goto or a label outside the body).  */
static bool
push_label (tree label, hash_map<tree, int> *labels, vec<int> *work)
{
  int *pos = label ? labels->get (label) : NULL;
  if (!pos)
    return false;
  work->safe_push (*pos);
  return true;
}

enum step { STEP_NEXT, STEP_STOP, STEP_LIVE };

/* Return what the search does at STMT for VAR, pushing jump targets.  */
static step
visit (gimple *stmt, tree var, hash_map<tree, int> *labels, vec<int> *work)
{
  if (reads_p (stmt, var))
    return STEP_LIVE;
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      return gimple_assign_lhs (stmt) == var ? STEP_STOP : STEP_NEXT;
    case GIMPLE_GOTO:
      return push_label (gimple_goto_dest (stmt), labels, work)
	     ? STEP_STOP : STEP_LIVE;
    case GIMPLE_COND:
      {
	gcond *c = as_a<gcond *> (stmt);
	return push_label (gimple_cond_true_label (c), labels, work)
	       && push_label (gimple_cond_false_label (c), labels, work)
	       ? STEP_STOP : STEP_LIVE;
      }
    case GIMPLE_SWITCH:
      {
	gswitch *sw = as_a<gswitch *> (stmt);
	for (unsigned i = 0; i < gimple_switch_num_labels (sw); i++)
	  if (!push_label (CASE_LABEL (gimple_switch_label (sw, i)), labels,
			   work))
	    return STEP_LIVE;
	return STEP_STOP;
      }
    case GIMPLE_RETURN:
      return STEP_STOP;
    case GIMPLE_CALL: case GIMPLE_LABEL: case GIMPLE_NOP:
    case GIMPLE_PREDICT: case GIMPLE_DEBUG:
      return STEP_NEXT;
    default:
      return STEP_LIVE;
    }
}

/* Return true when VAR may be read after END_MARKER in FN_BODY before
   being written.  */
bool
sf_live_after_p (gimple_seq fn_body, gimple *end_marker, tree var)
{
  if (TREE_ADDRESSABLE (var) || (VAR_P (var) && TREE_STATIC (var)))
    return true;
  flat_body f;
  f.var = var;
  f.cleanup_reads = false;
  flatten (fn_body, &f);
  if (f.cleanup_reads)
    return true;
  vec<gimple *> &flat = f.stmts;
  hash_map<tree, int> &labels = f.labels;
  int start = -1;
  for (unsigned i = 0; i < flat.length (); i++)
    if (flat[i] == end_marker)
      start = i + 1;
  if (start < 0)
    return true;
  auto_vec<int> work;
  auto_sbitmap seen (flat.length () + 1);
  bitmap_clear (seen);
  work.safe_push (start);
  while (!work.is_empty ())
    {
      int k = work.pop ();
      for (; k < (int) flat.length () && !bitmap_bit_p (seen, k); k++)
	{
	  bitmap_set_bit (seen, k);
	  step st = visit (flat[k], var, &labels, &work);
	  if (st == STEP_LIVE)
	    return true;
	  if (st == STEP_STOP)
	    break;
	}
    }
  return false;
}
