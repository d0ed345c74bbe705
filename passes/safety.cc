/* The safety check: may this region be replaced by generated code?

   The annotation promises what the statement computes; this check makes
   sure the statement does nothing else that the generated code would drop:

     for (i = 0; i < B.n; i++)          ok: i is dead after the loop
       for (p = ...; ...; p++)          ok: writes through y (the output)
         y[i] += B.vals[p] * x[...];
         count++;                       NOT ok if count is read later
         printf (...);                  NOT ok: a call with side effects

   1. Every store goes to the output's values: through a pointer derived
      from the output (y, A.vals, A->vals, &A[0][0]) or into the output
      array or scalar itself; or to a variable local to the region.
   2. Calls are const or pure (or math builtins); no asm, no volatile.
   3. Control does not leave the region (gotos, returns) and no user label
      inside can be reached from outside.
   4. A variable declared outside the region and written inside (a loop
      counter 'int i;' declared earlier) must be dead after the region: on
      every path from the region's end it is written before it is read.
   5. An array of the function declared before the region that the
      region stores into (a row accumulator 'double acc[R];') is the
      region's own when nothing after the region reads it (as 4) or the
      annotation names it in scratch(acc): the generated code leaves it
      as it was.  What the region reads of it before storing is what the
      checker fills it with, so a loop that depends on its contents from
      before does not verify.
   6. The region stores to the output at least once.  A statement that
      never writes the output cannot be the one the pragma describes
      ("t = 0;" between the pragma and its loop): replacing it would run
      the computation and then the real loop too.

   The check answers false with a reason; the caller keeps the original
   statement and says why.  */

#include "sf-plugin.h"
#include "hash-map.h"
#include "hash-set.h"

struct safety
{
  const sf_region_info *info;
  gimple_seq fn_body;
  hash_map<tree, gimple *> *user_defs;	/* the function's one-assignment
					   variables (made when asked) */
  auto_vec<tree> out_copy_var;	/* pointers into the output set before */
  auto_vec<tree> out_copy_rhs;	/* the region, and what they were set to */
  hash_set<tree> locals;	/* declared in the region, or temporaries */
  hash_set<tree> labels;	/* labels defined in the region */
  hash_map<tree, vec<tree> > defs;	/* pointer var -> rhs assigned */
  auto_vec<tree> written;	/* outer variables the region writes */
  auto_vec<tree> scratch;	/* outer arrays the region stores into */
  hash_map<tree, tree> vla_of;	/* pointer -> the VLA of the function it
				   holds (double acc[R] is *acc.1) */
  hash_set<tree> allocas;	/* pointers the region sets to an alloca
				   (its own VLAs) */
  bool writes_output;		/* some store goes to the output */
  tree out_vla;			/* the pointer a VLA output lives behind */
  const char *why;
  location_t why_loc;
};

/* Record that the region is unsafe for reason WHY at statement STMT.  */
static void
unsafe (safety *s, const gimple *stmt, const char *why)
{
  if (s->why)
    return;
  s->why = why;
  s->why_loc = stmt ? gimple_location (stmt) : UNKNOWN_LOCATION;
}

static bool
output_decl_p (const safety *s, const_tree t)
{
  return t && DECL_P (t) && ((int) DECL_UID (t) == s->info->out_uid
			     || t == s->out_vla);
}

/* walk_gimple_seq callback: find, among the variables of the binds, the
   output (DECL_UID WI->info) when it is a VLA, and store the pointer it
   lives behind (its DECL_VALUE_EXPR is *PTR) returning it.  */
static tree
find_vla_output (gimple_stmt_iterator *gsi, bool *handled,
		 struct walk_stmt_info *wi)
{
  gbind *bind = dyn_cast<gbind *> (gsi_stmt (*gsi));
  if (!bind)
    return NULL_TREE;
  int uid = (int) (intptr_t) wi->info;
  for (tree v = gimple_bind_vars (bind); v; v = DECL_CHAIN (v))
    if (VAR_P (v) && (int) DECL_UID (v) == uid && DECL_HAS_VALUE_EXPR_P (v))
      {
	tree x = DECL_VALUE_EXPR (v);
	if (TREE_CODE (x) == INDIRECT_REF || TREE_CODE (x) == MEM_REF)
	  {
	    x = TREE_OPERAND (x, 0);
	    STRIP_NOPS (x);
	    if (VAR_P (x) && POINTER_TYPE_P (TREE_TYPE (x)))
	      {
		*handled = true;	/* walk_gimple_stmt wants it */
		return x;
	      }
	  }
      }
  return NULL_TREE;
}

/* walk_gimple_seq callback: record in WI->info (a safety) the pointer each
   variable-length array of the binds lives behind.  */
static tree
collect_vla (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  gbind *bind = dyn_cast<gbind *> (gsi_stmt (*gsi));
  if (!bind)
    return NULL_TREE;
  safety *s = (safety *) wi->info;
  for (tree v = gimple_bind_vars (bind); v; v = DECL_CHAIN (v))
    if (VAR_P (v) && DECL_HAS_VALUE_EXPR_P (v)
	&& TREE_CODE (TREE_TYPE (v)) == ARRAY_TYPE)
      {
	tree x = DECL_VALUE_EXPR (v);
	if (TREE_CODE (x) != INDIRECT_REF && TREE_CODE (x) != MEM_REF)
	  continue;
	x = TREE_OPERAND (x, 0);
	STRIP_NOPS (x);
	if (VAR_P (x) && POINTER_TYPE_P (TREE_TYPE (x)))
	  s->vla_of.put (x, v);
      }
  return NULL_TREE;
}

/* Return the pointer variable a local VLA output with DECL_UID UID lives
   behind (double T[n][K] is gimplified as *T.1, T.1 = alloca), or
   NULL_TREE.  */
static tree
vla_output_pointer (gimple_seq fn_body, int uid)
{
  if (uid < 0)
    return NULL_TREE;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = (void *) (intptr_t) uid;
  if (!walk_gimple_seq (fn_body, find_vla_output, NULL, &wi))
    return NULL_TREE;
  return wi.callback_result;
}

/* Return true when T is a local of the region or a compiler temporary.  */
static bool
local_p (safety *s, tree t)
{
  return TREE_CODE (t) == SSA_NAME || s->locals.contains (t)
	 || (VAR_P (t) && DECL_ARTIFICIAL (t) && DECL_IGNORED_P (t)
	     && !TREE_STATIC (t));
}

static bool pointer_from_output_p (safety *s, tree ptr, int depth);
static bool rhs_from_output_p (safety *s, tree rhs, int depth);

/* Return true when PTR, a variable of the function the region does not
   assign, was set once before it to a copy of a pointer into the output
   (double *out = A->vals;, as tidy loops hoist it): recorded for the
   region's entry to test that it still holds, out == A->vals.  */
static bool
outer_copy_from_output_p (safety *s, tree ptr, int depth)
{
  if (!VAR_P (ptr) || s->locals.contains (ptr))
    return false;
  if (!s->user_defs)
    {
      s->user_defs = new hash_map<tree, gimple *> ();
      sf_collect_user_defs (s->fn_body, s->user_defs);
    }
  gimple **def = s->user_defs->get (ptr);
  if (!def || !*def || !sf_copy_def_p (*def))
    return false;
  tree rhs = gimple_assign_rhs1 (*def);
  if (!rhs_from_output_p (s, rhs, depth + 1))
    return false;
  for (tree v : s->out_copy_var)
    if (v == ptr)
      return true;
  s->out_copy_var.safe_push (ptr);
  s->out_copy_rhs.safe_push (rhs);
  return true;
}

/* Return true when the value RHS (assigned to a pointer) comes from the
   output's storage.  */
static bool
rhs_from_output_p (safety *s, tree rhs, int depth)
{
  switch (TREE_CODE (rhs))
    {
    case ADDR_EXPR:
      {
	tree base = get_base_address (TREE_OPERAND (rhs, 0));
	if (base && TREE_CODE (base) == MEM_REF)
	  return pointer_from_output_p (s, TREE_OPERAND (base, 0), depth);
	return output_decl_p (s, base)
	       && TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE;
      }
    case COMPONENT_REF:
      {
	/* A.vals or A->vals for a sparse output.  */
	tree field = TREE_OPERAND (rhs, 1), obj = TREE_OPERAND (rhs, 0);
	if (!s->info->out_field || !DECL_NAME (field)
	    || strcmp (IDENTIFIER_POINTER (DECL_NAME (field)),
		       s->info->out_field) != 0)
	  return false;
	if (TREE_CODE (obj) == MEM_REF)
	  {
	    tree p = TREE_OPERAND (obj, 0);
	    return s->info->out_by_pointer
		   && (output_decl_p (s, p)
		       || pointer_from_output_p (s, p, depth + 1));
	  }
	return !s->info->out_by_pointer && output_decl_p (s, obj);
      }
    case POINTER_PLUS_EXPR:
    case NOP_EXPR:
    case CONVERT_EXPR:
    case VIEW_CONVERT_EXPR:
      return pointer_from_output_p (s, TREE_OPERAND (rhs, 0), depth);
    default:
      return (DECL_P (rhs) || TREE_CODE (rhs) == SSA_NAME)
	     && pointer_from_output_p (s, rhs, depth);
    }
}

/* Return true when pointer PTR points into the output's values.  A
   struct pointer of a sparse output counts as "from the output" only on
   the way to its values member (see rhs_from_output_p).  */
static bool
pointer_from_output_p (safety *s, tree ptr, int depth)
{
  if (depth > 16)
    return false;
  if (TREE_CODE (ptr) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (ptr);
      if (!def || !is_gimple_assign (def))
	return false;
      tree rhs = gimple_assign_rhs1 (def);
      if (gimple_assign_rhs_code (def) == POINTER_PLUS_EXPR)
	return pointer_from_output_p (s, rhs, depth + 1);
      return gimple_assign_single_p (def) || CONVERT_EXPR_CODE_P
	       (gimple_assign_rhs_code (def))
	     ? rhs_from_output_p (s, rhs, depth + 1) : false;
    }
  if (!DECL_P (ptr))
    return false;
  if (output_decl_p (s, ptr))
    return !s->info->out_field || s->info->out_by_pointer;
  vec<tree> *defs = s->defs.get (ptr);
  if (!defs || defs->is_empty ())
    return outer_copy_from_output_p (s, ptr, depth);
  for (tree rhs : *defs)
    if (!rhs_from_output_p (s, rhs, depth + 1))
      return false;
  return true;
}

/* Return true when T is an array of the function's own, declared before
   the region (automatic storage): the region may use it as a scratch
   array when its contents afterwards do not matter.  */
static bool
scratch_candidate_p (tree t)
{
  return VAR_P (t) && !TREE_STATIC (t) && !DECL_EXTERNAL (t)
	 && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE
	 && auto_var_in_fn_p (t, current_function_decl);
}

/* Return the variable-length array of the function declared before the
   region that pointer PTR points into (through copies and offsets), or
   NULL_TREE; set *OWN when PTR is instead one the region itself set to
   an alloca (a VLA declared inside it).  */
static tree
pointer_to_vla (safety *s, tree ptr, bool *own, int depth = 0)
{
  if (depth > 16 || !ptr)
    return NULL_TREE;
  if (s->allocas.contains (ptr))
    {
      *own = true;
      return NULL_TREE;
    }
  if (tree *v = s->vla_of.get (ptr))
    return s->locals.contains (*v) ? NULL_TREE : *v;
  vec<tree> *defs = DECL_P (ptr) ? s->defs.get (ptr) : NULL;
  if (!defs || defs->length () != 1)
    return NULL_TREE;
  tree rhs = (*defs)[0];
  while (TREE_CODE (rhs) == POINTER_PLUS_EXPR || CONVERT_EXPR_P (rhs))
    rhs = TREE_OPERAND (rhs, 0);
  return DECL_P (rhs) ? pointer_to_vla (s, rhs, own, depth + 1) : NULL_TREE;
}

/* Return the member of the sparse output (other than its values) that
   pointer PTR comes from, through copies and offsets (C->pos, C.crd), or
   NULL.  */
static tree
output_member (safety *s, tree ptr, int depth = 0)
{
  if (depth > 16 || !ptr || !s->info->out_field)
    return NULL_TREE;
  tree rhs = ptr;
  if (DECL_P (ptr))
    {
      vec<tree> *defs = s->defs.get (ptr);
      if (!defs || defs->length () != 1)
	return NULL_TREE;
      rhs = (*defs)[0];
    }
  else if (TREE_CODE (ptr) == SSA_NAME)
    {
      gimple *def = SSA_NAME_DEF_STMT (ptr);
      if (!def || !is_gimple_assign (def))
	return NULL_TREE;
      if (gimple_assign_rhs_code (def) == POINTER_PLUS_EXPR
	  || CONVERT_EXPR_CODE_P (gimple_assign_rhs_code (def))
	  || gimple_assign_single_p (def))
	rhs = gimple_assign_rhs1 (def);
      else
	return NULL_TREE;
      if (TREE_CODE (rhs) == SSA_NAME || DECL_P (rhs))
	return output_member (s, rhs, depth + 1);
    }
  while (TREE_CODE (rhs) == POINTER_PLUS_EXPR || CONVERT_EXPR_P (rhs))
    rhs = TREE_OPERAND (rhs, 0);
  if (TREE_CODE (rhs) == COMPONENT_REF)
    {
      tree obj = TREE_OPERAND (rhs, 0);
      if (TREE_CODE (obj) == MEM_REF)
	obj = TREE_OPERAND (obj, 0);
      return output_decl_p (s, obj) ? TREE_OPERAND (rhs, 1) : NULL_TREE;
    }
  return (DECL_P (rhs) || TREE_CODE (rhs) == SSA_NAME) && rhs != ptr
	 ? output_member (s, rhs, depth + 1) : NULL_TREE;
}

/* Return the reason for a store through PTR into the sparse output's
   pattern (its pos or crd arrays: the statement builds the pattern), or
   NULL when PTR is no such pointer.  One buffer serves, as
   never_writes_output.  */
static const char *
output_pattern_store (safety *s, tree ptr)
{
  tree field = output_member (s, ptr);
  if (!field || !DECL_NAME (field))
    return NULL;
  static char buf[320];
  const sf_comp *c = s->info->comp;
  snprintf (buf, sizeof buf, "it builds the pattern of the output '%.60s' "
	    "(it stores into its member '%.60s'): outputs whose pattern the "
	    "statement computes are not supported yet; outputs whose pattern "
	    "the caller prepares are (the statement then stores into '%.60s' "
	    "alone)", c->operands[c->lhs->operand].name,
	    IDENTIFIER_POINTER (DECL_NAME (field)), s->info->out_field);
  return buf;
}

/* Check the store to LHS by STMT.  */
static void
check_store (safety *s, gimple *stmt, tree lhs)
{
  if (TREE_CODE (lhs) == SSA_NAME)
    return;
  if (DECL_P (lhs))
    {
      if (output_decl_p (s, lhs) && !s->info->out_field
	  && !POINTER_TYPE_P (TREE_TYPE (lhs)))
	{
	  s->writes_output = true;
	  return;
	}
      if (local_p (s, lhs))
	return;
      if (TREE_CODE (lhs) == RESULT_DECL || output_decl_p (s, lhs)
	  || (VAR_P (lhs) && (TREE_STATIC (lhs) || DECL_EXTERNAL (lhs)))
	  || TREE_ADDRESSABLE (lhs))
	{
	  unsafe (s, stmt, "it writes a variable that is not the output");
	  return;
	}
      if (!s->written.contains (lhs))
	s->written.safe_push (lhs);
      return;
    }
  tree base = get_base_address (lhs);
  if (base && (TREE_CODE (base) == MEM_REF
	       || TREE_CODE (base) == TARGET_MEM_REF))
    {
      if (pointer_from_output_p (s, TREE_OPERAND (base, 0), 0))
	{
	  s->writes_output = true;
	  return;
	}
      bool own = false;
      tree vla = pointer_to_vla (s, TREE_OPERAND (base, 0), &own);
      if (own)
	return;
      if (vla && scratch_candidate_p (vla))
	{
	  if (!s->scratch.contains (vla))
	    s->scratch.safe_push (vla);
	  return;
	}
      if (const char *why = output_pattern_store (s, TREE_OPERAND (base, 0)))
	unsafe (s, stmt, why);
      else
	unsafe (s, stmt, "it stores through a pointer that is not derived "
		"from the output");
      return;
    }
  if (base && DECL_P (base) && output_decl_p (s, base) && !s->info->out_field
      && TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE)
    {
      s->writes_output = true;
      return;
    }
  if (base && DECL_P (base) && s->locals.contains (base))
    return;
  if (base && scratch_candidate_p (base))
    {
      if (!s->scratch.contains (base))
	s->scratch.safe_push (base);
      return;
    }
  unsafe (s, stmt, "it stores to memory other than the output's values");
}

/* Return true when STMT is a call that makes or ends a variable-length
   array of the region (its allocation, the stack's save and restore).  */
static bool
vla_call_p (gimple *stmt)
{
  tree fn = gimple_call_fndecl (stmt);
  return fn && (fndecl_built_in_p (fn, BUILT_IN_ALLOCA_WITH_ALIGN)
		|| fndecl_built_in_p (fn, BUILT_IN_STACK_SAVE)
		|| fndecl_built_in_p (fn, BUILT_IN_STACK_RESTORE));
}

/* Check call STMT: only const/pure functions and math builtins, and the
   allocation of the region's own variable-length arrays.  */
static void
check_call (safety *s, gimple *stmt)
{
  int flags = gimple_call_flags (stmt);
  tree fn = gimple_call_fndecl (stmt);
  if (vla_call_p (stmt))
    return;
  bool math = fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL)
	      && !gimple_has_side_effects (stmt);
  if (!(flags & (ECF_CONST | ECF_PURE)) && !math
      && !(fn && fndecl_built_in_p (fn, BUILT_IN_NORMAL)
	   && (DECL_FUNCTION_CODE (fn) == BUILT_IN_SQRT
	       || DECL_FUNCTION_CODE (fn) == BUILT_IN_SQRTF
	       || DECL_FUNCTION_CODE (fn) == BUILT_IN_EXP
	       || DECL_FUNCTION_CODE (fn) == BUILT_IN_POW)))
    unsafe (s, stmt, "it calls a function that may have side effects");
}

/* Return the variable a reduction clause's item T reduces into: the
   item itself, or the array (or pointer) under an array section or an
   array reduction's reference (reduction(+:acc) over double acc[8]
   reaches here as *&acc); NULL_TREE when there is none.  */
static tree
reduced_variable (tree t)
{
  for (int depth = 0; t && depth < 16; depth++)
    switch (TREE_CODE (t))
      {
      case MEM_REF: case INDIRECT_REF: case ARRAY_REF:
      case ARRAY_RANGE_REF: case ADDR_EXPR: case POINTER_PLUS_EXPR:
      case NOP_EXPR: case CONVERT_EXPR:
	t = TREE_OPERAND (t, 0);
	break;
      default:
	return DECL_P (t) ? t : NULL_TREE;
      }
  return NULL_TREE;
}

/* Take in the data-sharing clauses CLAUSES of an OpenMP construct of the
   region (the annotated loop's own 'omp for', 'parallel for' or 'simd'):
   a private or firstprivate variable is the construct's own copy, local
   to the region whatever its storage (NPB's 'static double sum' under
   private(sum)); a lastprivate or linear one is written for the code
   after the region, as an assignment would be; a reduction into anything
   but the output is something the annotation does not say.  */
static void
collect_clauses (safety *s, gimple *stmt, tree clauses)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
    {
      if (!OMP_CLAUSE_HAS_LOCATION (c))
	continue;
      tree decl;
      switch (OMP_CLAUSE_CODE (c))
	{
	case OMP_CLAUSE_PRIVATE:
	case OMP_CLAUSE_FIRSTPRIVATE:
	  decl = OMP_CLAUSE_DECL (c);
	  if (DECL_P (decl))
	    s->locals.add (decl);
	  break;
	case OMP_CLAUSE_LASTPRIVATE:
	case OMP_CLAUSE_LINEAR:
	  decl = OMP_CLAUSE_DECL (c);
	  if (DECL_P (decl) && !s->written.contains (decl))
	    s->written.safe_push (decl);
	  break;
	case OMP_CLAUSE_REDUCTION:
	case OMP_CLAUSE_IN_REDUCTION:
	case OMP_CLAUSE_TASK_REDUCTION:
	  decl = reduced_variable (OMP_CLAUSE_DECL (c));
	  if (!decl || !output_decl_p (s, decl))
	    unsafe (s, stmt, "its OpenMP directive reduces into a variable "
		    "that is not the output");
	  break;
	default:
	  break;
	}
    }
}

/* Take in OpenMP construct STMT of the region: its clauses, and the
   iteration variables of a loop construct (private to it).  */
static void
collect_omp (safety *s, gimple *stmt)
{
  if (gomp_for *f = dyn_cast<gomp_for *> (stmt))
    {
      collect_clauses (s, stmt, gimple_omp_for_clauses (f));
      for (unsigned i = 0; i < gimple_omp_for_collapse (f); i++)
	if (DECL_P (gimple_omp_for_index (f, i)))
	  s->locals.add (gimple_omp_for_index (f, i));
    }
  else if (gomp_parallel *p = dyn_cast<gomp_parallel *> (stmt))
    collect_clauses (s, stmt, gimple_omp_parallel_clauses (p));
}

/* Pass 1 over the region (walk_gimple_stmt callback): collect locals,
   labels and pointer definitions.  */
static tree
collect_stmt (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  safety *s = (safety *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  if (is_gimple_omp (stmt))
    collect_omp (s, stmt);
  if (gbind *bind = dyn_cast<gbind *> (stmt))
    for (tree v = gimple_bind_vars (bind); v; v = DECL_CHAIN (v))
      s->locals.add (v);
  else if (glabel *label = dyn_cast<glabel *> (stmt))
    s->labels.add (gimple_label_label (label));
  else if (is_gimple_call (stmt) && gimple_call_lhs (stmt)
	   && DECL_P (gimple_call_lhs (stmt))
	   && gimple_call_fndecl (stmt)
	   && fndecl_built_in_p (gimple_call_fndecl (stmt),
				 BUILT_IN_ALLOCA_WITH_ALIGN))
    s->allocas.add (gimple_call_lhs (stmt));
  else if (is_gimple_assign (stmt) && DECL_P (gimple_assign_lhs (stmt))
	   && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (stmt))))
    {
      tree rhs = gimple_assign_rhs1 (stmt);
      if (gimple_assign_rhs_code (stmt) == POINTER_PLUS_EXPR)
	rhs = build2 (POINTER_PLUS_EXPR, TREE_TYPE (rhs), rhs,
		      gimple_assign_rhs2 (stmt));
      s->defs.get_or_insert (gimple_assign_lhs (stmt)).safe_push (rhs);
    }
  return NULL_TREE;
}

/* Return true when label LABEL is defined in the region.  */
static bool
inside (safety *s, tree label)
{
  return label && TREE_CODE (label) == LABEL_DECL && s->labels.contains (label);
}

/* Check the control flow of STMT: it must stay in the region.  */
static void
check_flow (safety *s, gimple *stmt)
{
  switch (gimple_code (stmt))
    {
    case GIMPLE_GOTO:
      if (!inside (s, gimple_goto_dest (stmt)))
	unsafe (s, stmt, "it jumps out of the statement");
      break;
    case GIMPLE_COND:
      if ((gimple_cond_true_label (as_a<gcond *> (stmt))
	   && !inside (s, gimple_cond_true_label (as_a<gcond *> (stmt))))
	  || (gimple_cond_false_label (as_a<gcond *> (stmt))
	      && !inside (s, gimple_cond_false_label (as_a<gcond *> (stmt)))))
	unsafe (s, stmt, "it jumps out of the statement");
      break;
    case GIMPLE_SWITCH:
      for (unsigned i = 0; i < gimple_switch_num_labels (as_a<gswitch *> (stmt)); i++)
	if (!inside (s, CASE_LABEL (gimple_switch_label (as_a<gswitch *> (stmt), i))))
	  unsafe (s, stmt, "it jumps out of the statement");
      break;
    case GIMPLE_RETURN:
      unsafe (s, stmt, "it contains a return statement");
      break;
    case GIMPLE_LABEL:
      if (!DECL_ARTIFICIAL (gimple_label_label (as_a<glabel *> (stmt))))
	unsafe (s, stmt, "it contains a label that other code may jump to");
      break;
    default:
      break;
    }
}

/* Pass 2 (walk_gimple_stmt callback): check each statement.  */
static tree
check_stmt (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  safety *s = (safety *) wi->info;
  gimple *stmt = gsi_stmt (*gsi);
  if (gimple_has_volatile_ops (stmt))
    unsafe (s, stmt, "it accesses volatile memory");
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      check_store (s, stmt, gimple_assign_lhs (stmt));
      break;
    case GIMPLE_CALL:
      check_call (s, stmt);
      if (gimple_call_lhs (stmt))
	check_store (s, stmt, gimple_call_lhs (stmt));
      break;
    case GIMPLE_ASM:
      unsafe (s, stmt, "it contains inline assembly");
      break;
    case GIMPLE_BIND: case GIMPLE_LABEL: case GIMPLE_GOTO: case GIMPLE_COND:
    case GIMPLE_SWITCH: case GIMPLE_RETURN: case GIMPLE_NOP:
    case GIMPLE_PREDICT: case GIMPLE_DEBUG:
    case GIMPLE_OMP_PARALLEL: case GIMPLE_OMP_FOR:
      check_flow (s, stmt);
      break;
    case GIMPLE_TRY:
      /* A block with a local array ends in a try/finally whose cleanup
	 clobbers the array; the walk checks both sequences.  */
      if (gimple_try_kind (stmt) != GIMPLE_TRY_FINALLY)
	unsafe (s, stmt, "it contains exception handling");
      break;
    default:
      unsafe (s, stmt, "it contains a construct the check does not "
	      "understand (exception handling, cleanups or OpenMP)");
      break;
    }
  return NULL_TREE;
}

/* Walk the statements in [BEGIN, END) with CALLBACK.  */
static void
walk_region (gimple_stmt_iterator begin, gimple_stmt_iterator end,
	     walk_stmt_fn callback, safety *s)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = s;
  for (gimple_stmt_iterator i = begin; gsi_stmt (i) != gsi_stmt (end);
       gsi_next (&i))
    {
      gimple_stmt_iterator one = i;
      walk_gimple_stmt (&one, callback, NULL, &wi);
    }
}

/* Return the reason "the statement after the pragma never writes 'Y'"
   for the output of INFO.  The caller reports it before the next region
   is checked, so one buffer serves.  */
static const char *
never_writes_output (const sf_region_info *info)
{
  static char buf[160];
  const sf_comp *comp = info->comp;
  const char *name = comp->operands[comp->lhs->operand].name;
  snprintf (buf, sizeof buf, "the statement after the pragma never writes "
	    "'%.100s'", name ? name : "the output");
  return buf;
}

/* Return the variable whose uses are those of array V: V, or for a
   variable-length array the pointer it lives behind.  */
static tree
scratch_storage (tree v)
{
  if (!DECL_HAS_VALUE_EXPR_P (v))
    return v;
  tree x = TREE_OPERAND (DECL_VALUE_EXPR (v), 0);
  STRIP_NOPS (x);
  return x;
}

/* Return true when the annotation of INFO names V in scratch(...).  */
static bool
scratch_named_p (const sf_region_info *info, tree v)
{
  for (int k = 0; k < info->nscratch; k++)
    if (info->scratch_uid[k] == (int) DECL_UID (v))
      return true;
  return false;
}

/* Return the reason "it stores into the array 'acc', which ... is read
   after it" for V; one buffer serves, as never_writes_output.  */
static const char *
scratch_live (tree v)
{
  static char buf[320];
  const char *name = DECL_NAME (v) ? IDENTIFIER_POINTER (DECL_NAME (v))
		     : "a local array";
  snprintf (buf, sizeof buf, "it stores into the array '%.60s', declared "
	    "before it, which the code after it may read: name it in "
	    "scratch(%.60s) if what the statement leaves in it does not "
	    "matter", name, name);
  return buf;
}

/* Return true when the statements strictly between markers BEGIN and END
   may be replaced for region INFO.  Otherwise store the reason in *WHY
   and the statement's location in *WHY_LOC.  FN_BODY is the function's
   whole body, for the liveness of variables written in the region.  */
bool
sf_region_safe_p (gimple_stmt_iterator begin, gimple_stmt_iterator end,
		  sf_region_info *info, gimple_seq fn_body,
		  const char **why, location_t *why_loc)
{
  safety s;
  s.info = info;
  s.fn_body = fn_body;
  s.user_defs = NULL;
  s.why = NULL;
  s.why_loc = UNKNOWN_LOCATION;
  s.writes_output = false;
  s.out_vla = vla_output_pointer (fn_body, info->out_uid);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &s;
  walk_gimple_seq (fn_body, collect_vla, NULL, &wi);
  gsi_next (&begin);
  walk_region (begin, end, collect_stmt, &s);
  walk_region (begin, end, check_stmt, &s);
  if (!s.why && !s.writes_output)
    unsafe (&s, gsi_stmt (begin) == gsi_stmt (end) ? NULL : gsi_stmt (begin),
	    never_writes_output (info));
  for (auto it : s.defs)
    it.second.release ();
  if (!s.why)
    for (tree v : s.scratch)
      if (!scratch_named_p (info, v)
	  && sf_live_after_p (fn_body, gsi_stmt (end), scratch_storage (v)))
	{
	  s.why = scratch_live (v);
	  s.why_loc = DECL_SOURCE_LOCATION (v);
	  break;
	}
  if (!s.why)
    for (tree v : s.written)
      if (sf_live_after_p (fn_body, gsi_stmt (end), v))
	{
	  s.why = "it writes a variable declared outside it that is used "
		  "afterwards";
	  s.why_loc = DECL_SOURCE_LOCATION (v);
	  break;
	}
  if (!s.why && s.out_copy_var.length ()
      > sizeof info->out_copy_var / sizeof *info->out_copy_var)
    s.why = "it stores through more than four pointers into the output "
	    "set before it";
  delete s.user_defs;
  info->nout_copies = 0;
  if (!s.why)
    for (unsigned k = 0; k < s.out_copy_var.length (); k++)
      {
	info->out_copy_var[k] = s.out_copy_var[k];
	info->out_copy_rhs[k] = s.out_copy_rhs[k];
	info->nout_copies = k + 1;
      }
  *why = s.why;
  *why_loc = s.why_loc;
  return !s.why;
}
