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

/* Return true when VAR appears anywhere in STMT: its operands, clauses
   and the statements of its bodies.  */
static bool
mentions_p (gimple *stmt, tree var)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = var;
  if (walk_gimple_op (stmt, find_var, &wi))
    return true;
  if (gimple_code (stmt) == GIMPLE_OMP_FOR
      && walk_gimple_seq (gimple_omp_for_pre_body (stmt), NULL, find_var, &wi))
    return true;
  return gimple_has_substatements (stmt)
	 && walk_gimple_seq (gimple_omp_body (stmt), NULL, find_var, &wi);
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
      /* An OpenMP construct that never names VAR (in its clauses or
	 anywhere in its body) is stepped over: control cannot leave its
	 body but at its end.  */
      if (is_gimple_omp (stmt) && !mentions_p (stmt, var))
	return STEP_NEXT;
      return STEP_LIVE;
    }
}

/* Return true when STMT is END_MARKER or holds it in a body.  */
static bool
holds_p (gimple *stmt, gimple *end_marker);

/* Return true when SEQ holds END_MARKER at any depth.  */
static bool
seq_holds_p (gimple_seq seq, gimple *end_marker)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    if (holds_p (gsi_stmt (i), end_marker))
      return true;
  return false;
}

static bool
holds_p (gimple *stmt, gimple *end_marker)
{
  if (stmt == end_marker)
    return true;
  switch (gimple_code (stmt))
    {
    case GIMPLE_BIND:
      return seq_holds_p (gimple_bind_body (as_a<gbind *> (stmt)), end_marker);
    case GIMPLE_TRY:
      return seq_holds_p (gimple_try_eval (stmt), end_marker)
	     || seq_holds_p (gimple_try_cleanup (stmt), end_marker);
    default:
      return is_gimple_omp (stmt) && gimple_has_substatements (stmt)
	     && seq_holds_p (gimple_omp_body (stmt), end_marker);
    }
}

/* Return the body of the innermost OpenMP construct of SEQ that holds
   END_MARKER, or NULL when none does.  */
static gimple_seq
innermost_omp_body (gimple_seq seq, gimple *end_marker)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    {
      gimple *stmt = gsi_stmt (i);
      if (!holds_p (stmt, end_marker) || stmt == end_marker)
	continue;
      if (gbind *bind = dyn_cast<gbind *> (stmt))
	return innermost_omp_body (gimple_bind_body (bind), end_marker);
      if (gimple_code (stmt) == GIMPLE_TRY)
	{
	  gimple_seq in = innermost_omp_body (gimple_try_eval (stmt), end_marker);
	  return in ? in : innermost_omp_body (gimple_try_cleanup (stmt),
						end_marker);
	}
      gimple_seq body = gimple_omp_body (stmt);
      gimple_seq inner = innermost_omp_body (body, end_marker);
      return inner ? inner : body;
    }
  return NULL;
}

/* Return true when a bind of SEQ (at any depth) declares VAR.  */
static bool
declares_p (gimple_seq seq, tree var)
{
  for (gimple_stmt_iterator i = gsi_start (seq); !gsi_end_p (i); gsi_next (&i))
    {
      gimple *stmt = gsi_stmt (i);
      if (gbind *bind = dyn_cast<gbind *> (stmt))
	{
	  for (tree v = gimple_bind_vars (bind); v; v = DECL_CHAIN (v))
	    if (v == var)
	      return true;
	  if (declares_p (gimple_bind_body (bind), var))
	    return true;
	}
      else if (gimple_code (stmt) == GIMPLE_TRY
	       && (declares_p (gimple_try_eval (stmt), var)
		   || declares_p (gimple_try_cleanup (stmt), var)))
	return true;
      else if (is_gimple_omp (stmt) && gimple_has_substatements (stmt)
	       && declares_p (gimple_omp_body (stmt), var))
	return true;
    }
  return false;
}

/* walk_gimple_seq operand callback: return the address of WI->info (an
   array) taken anywhere in an operand: &a, &a[k], a decayed to a
   pointer.  */
static tree
find_address (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  if (TREE_CODE (*tp) == ADDR_EXPR
      && get_base_address (TREE_OPERAND (*tp, 0)) == (tree) wi->info)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Return true when array ARR's address is taken anywhere in FN_BODY: it
   may then be read through a pointer the search below does not follow.
   An array a C function indexes with a variable is TREE_ADDRESSABLE
   (address arithmetic), so that flag alone says nothing.  */
static bool
address_taken_p (gimple_seq fn_body, tree arr)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = arr;
  return walk_gimple_seq (fn_body, NULL, find_address, &wi) != NULL;
}

/* Return true when VAR may be read after END_MARKER in FN_BODY before
   being written.  An array (a scratch array of the region) counts as
   read by any statement that names it, written only by its end-of-scope
   clobber, and live whenever its address is taken.  */
bool
sf_live_after_p (gimple_seq fn_body, gimple *end_marker, tree var)
{
  if (VAR_P (var) && TREE_STATIC (var))
    return true;
  if (TREE_CODE (TREE_TYPE (var)) == ARRAY_TYPE)
    {
      if (address_taken_p (fn_body, var))
	return true;
    }
  else if (TREE_ADDRESSABLE (var))
    return true;
  /* Inside the body of an OpenMP construct the search covers that body;
     at its end VAR is dead only when the body declares it (each thread's
     own), since the code after the construct may read a shared one.  */
  gimple_seq scope = fn_body;
  bool dead_at_end = true;
  if (gimple_seq body = innermost_omp_body (fn_body, end_marker))
    {
      scope = body;
      dead_at_end = declares_p (body, var);
    }
  flat_body f;
  f.var = var;
  f.cleanup_reads = false;
  flatten (scope, &f);
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
      if (k == (int) flat.length () && !dead_at_end)
	return true;
    }
  return false;
}
