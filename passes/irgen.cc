/* Loop IR -> GENERIC.  The core's region (loop_ir.h) becomes a tree that
   the pass gimplifies in place of the annotated statement.

     for (q = p1[i]; q < p1[i + 1]; q++)  ->   q = *(p1 + i*8);
       BODY                                   hi.3 = *(p1 + (i+1)*8);
                                              goto cond;
                                              top: BODY; q = q + 1;
                                              cond: if (q < hi.3) goto top;

   The upper bound is evaluated once.  A parallel loop becomes
   OMP_PARALLEL { OMP_FOR schedule(dynamic[, chunk]) }; GCC's own OpenMP
   lowering computes data sharing (variables declared inside are private)
   and outlines it.  Each statement list is a BIND_EXPR scoping the
   variables its DECLs introduce.  A parallel loop with per-thread setup
   and teardown (workspaces of fused schedules, docs/fusion.md) becomes
   OMP_PARALLEL { setup; OMP_FOR; teardown } in one scope, so each thread
   allocates its own workspace once.  */

#include "sf-plugin.h"

struct irgen
{
  const sf_region *region;
  tree *params;			/* local copy of each parameter */
  tree *vars;			/* VAR_DECL of each IR variable */
  bool *declared;		/* already in some scope */
  bool own_threads;		/* the loop had its own OpenMP directive:
				   its threads run whatever the input's
				   size (the threads test is 1) */
  bool serial_copy;		/* generating the serial copy of a parallel
				   loop (no OpenMP constructs) */
  tree *saved;			/* array variable on the stack: the stack
				   pointer saved by its ALLOC */
  tree num_threads;		/* threads(N): a local int, or NULL */
  sf_omp_mode mode;		/* what the region's OpenMP context allows */
  bool nowait;			/* work-shared: no barrier after the loop */
  bool llc_seen;		/* half the last-level cache as the
				   program has found it (0 before), not
				   asked */
  location_t loc;
};

/* Return true when G may emit OpenMP constructs for the parallel loops
   (a team of its own, or work-shared by the encountering team).  */
static bool
omp_p (const irgen *g)
{
  return flag_openmp && !g->serial_copy && g->mode != SF_OMP_SERIAL;
}

/* Return the GCC type for core type TY.  */
static tree
gcc_type (sf_ty ty)
{
  return sf_value_tree (ty);
}

/* Return A CODE B (B NULL_TREE for a negation) of TYPE, computed in
   TYPE's unsigned type when TYPE is a signed integer type and converted
   back.  The generated code sums integer values in another order than
   the loop (partial sums, threads, hoisted products): an order may pass
   through a value the loop's never reached, and signed overflow there
   would be undefined, which GCC may exploit.  Unsigned arithmetic wraps,
   and the conversion back is GCC's modulo 2^N: the result is the loop's
   whenever the loop's own arithmetic does not overflow.  */
static tree
wrap_arith (tree_code code, tree type, tree a, tree b)
{
  if (!INTEGRAL_TYPE_P (type) || TYPE_UNSIGNED (type))
    return b ? fold_build2 (code, type, a, b) : fold_build1 (code, type, a);
  tree u = unsigned_type_for (type);
  tree t = b ? fold_build2 (code, u, fold_convert (u, a), fold_convert (u, b))
	     : fold_build1 (code, u, fold_convert (u, a));
  return fold_convert (type, t);
}

/* Return VALUE converted to TYPE as C converts it: fold_convert, but a
   floating value into an integer type truncates (FIX_TRUNC_EXPR, which
   fold_convert does not build).  */
static tree
convert_value (tree type, tree value)
{
  if (INTEGRAL_TYPE_P (type) && SCALAR_FLOAT_TYPE_P (TREE_TYPE (value)))
    return fold_build1 (FIX_TRUNC_EXPR, type, value);
  return fold_convert (type, value);
}

static tree gen_expr (irgen *g, const sf_ir_expr *e);
static tree gen_llc_half (void);
static tree llc_cache (void);
static tree gen_serial_copy (irgen *g, const sf_ir_stmt *s);
static tree gen_omp_loop (irgen *g, const sf_ir_stmt *s);
static tree omp_query (const char *name);
static tree gen_llc_bytes (void);
static int stmt_count (const sf_ir_stmt *s, int limit);

/* Return the type of IR variable V: a workspace is a restrict pointer to
   its elements (it aliases nothing the region reads through a
   parameter).  */
static tree
var_type (const sf_ir_var *v)
{
  if (!v->is_array)
    return gcc_type (v->ty);
  return build_qualified_type (build_pointer_type (gcc_type (v->ty)),
			       TYPE_QUAL_RESTRICT);
}

/* Return the lvalue VAR[INDEX] (an element of array variable VAR).  */
static tree
gen_array_element (irgen *g, int var, const sf_ir_expr *index)
{
  tree base = g->vars[var];
  tree elt = TREE_TYPE (TREE_TYPE (base));
  tree off = fold_build2 (MULT_EXPR, sizetype,
			  fold_convert (sizetype, gen_expr (g, index)),
			  TYPE_SIZE_UNIT (elt));
  return build_simple_mem_ref_loc (g->loc, fold_build_pointer_plus (base, off));
}

/* Return the lvalue PARAM[INDEX] (a pointer parameter's element).  */
static tree
gen_element (irgen *g, int param, const sf_ir_expr *index)
{
  tree base = g->params[param];
  tree elt = TREE_TYPE (TREE_TYPE (base));
  tree off = fold_build2 (MULT_EXPR, sizetype,
			  fold_convert (sizetype, gen_expr (g, index)),
			  TYPE_SIZE_UNIT (elt));
  return build_simple_mem_ref_loc (g->loc, fold_build_pointer_plus (base, off));
}

/* Return the operands of binary E, both converted to the type of E (or,
   for comparisons, to their common type).  */
static void
gen_operands (irgen *g, const sf_ir_expr *e, tree *a, tree *b)
{
  *a = gen_expr (g, e->a);
  *b = gen_expr (g, e->b);
  tree type = gcc_type (e->ty);
  if (e->ty == SF_TY_BOOL)
    {
      if (POINTER_TYPE_P (TREE_TYPE (*a)))
	return;
      type = gcc_type (sf_ty_wider (e->a->ty, e->b->ty));
    }
  *a = convert_value (type, *a);
  *b = convert_value (type, *b);
}

/* Return the tree code of binary IR operator OP.  */
static tree_code
binary_code (sf_ir_op op, sf_ty ty)
{
  switch (op)
    {
    case SF_IR_ADD: return PLUS_EXPR;
    case SF_IR_SUB: return MINUS_EXPR;
    case SF_IR_MUL: return MULT_EXPR;
    case SF_IR_DIV: return sf_ty_is_float (ty) ? RDIV_EXPR : TRUNC_DIV_EXPR;
    case SF_IR_MIN: return MIN_EXPR;
    case SF_IR_MAX: return MAX_EXPR;
    case SF_IR_LT: return LT_EXPR;
    case SF_IR_LE: return LE_EXPR;
    case SF_IR_EQ: return EQ_EXPR;
    case SF_IR_NE: return NE_EXPR;
    case SF_IR_AND: return TRUTH_ANDIF_EXPR;
    case SF_IR_OR: return TRUTH_ORIF_EXPR;
    default: gcc_unreachable ();
    }
}

/* Return the GENERIC value of expression E, of E's type.  */
static tree
gen_expr (irgen *g, const sf_ir_expr *e)
{
  tree type = gcc_type (e->ty);
  switch (e->op)
    {
    case SF_IR_INT:
      return build_int_cst (type, e->ival);
    case SF_IR_FLOAT:
      {
	REAL_VALUE_TYPE r;
	char buf[64];
	snprintf (buf, sizeof buf, "%.17g", e->fval);
	real_from_string (&r, buf);
	return fold_convert (type, build_real (double_type_node, r));
      }
    case SF_IR_VAR:
      return g->vars[e->var];
    case SF_IR_PARAM:
      return g->params[e->param];
    case SF_IR_LOAD:
      return fold_convert (type, gen_element (g, e->param, e->a));
    case SF_IR_ALOAD:
      return fold_convert (type, gen_array_element (g, e->var, e->a));
    case SF_IR_THREAD:
    case SF_IR_NTHREADS:
      /* Only a split reads them, inside the team; serially a team of
	 one.  */
      if (omp_p (g))
	return fold_convert (type, omp_query (e->op == SF_IR_THREAD
					      ? "omp_get_thread_num"
					      : "omp_get_num_threads"));
      return build_int_cst (type, e->op == SF_IR_THREAD ? 0 : 1);
    case SF_IR_MAX_THREADS:
      /* The gain test's, at the region's entry (opt/gain.c).  */
      if (flag_openmp)
	return fold_convert (type, omp_query ("omp_get_max_threads"));
      return build_int_cst (type, 1);
    case SF_IR_LLC_HALF:
      if (g->llc_seen)
	return fold_convert (type,
			     fold_build2 (TRUNC_DIV_EXPR, TREE_TYPE (llc_cache ()),
					  llc_cache (),
					  build_int_cst (TREE_TYPE
							 (llc_cache ()), 2)));
      return fold_convert (type, gen_llc_half ());
    case SF_IR_NEG:
      if (sf_ty_is_int (e->ty))
	return wrap_arith (NEGATE_EXPR, type,
			   convert_value (type, gen_expr (g, e->a)), NULL_TREE);
      return fold_build1 (NEGATE_EXPR, type,
			  convert_value (type, gen_expr (g, e->a)));
    case SF_IR_NOT:
      return fold_build1 (TRUTH_NOT_EXPR, type, gen_expr (g, e->a));
    case SF_IR_CONVERT:
      return convert_value (type, gen_expr (g, e->a));
    case SF_IR_SELECT:
      return fold_build3 (COND_EXPR, type, gen_expr (g, e->a),
			  convert_value (type, gen_expr (g, e->b)),
			  convert_value (type, gen_expr (g, e->c)));
    default:
      {
	tree a, b;
	gen_operands (g, e, &a, &b);
	if (sf_ty_is_int (e->ty)
	    && (e->op == SF_IR_ADD || e->op == SF_IR_SUB || e->op == SF_IR_MUL))
	  return wrap_arith (binary_code (e->op, e->ty), type, a, b);
	return fold_build2 (binary_code (e->op, e->ty), type, a, b);
      }
    }
}

/* Return the GENERIC value of BOOL expression E of REGION over the
   parameters' VALUES (a test evaluated where they are, outside the
   region's code); with LLC_SEEN, one that reads half the last-level
   cache as the program has found it so far, 0 before, without asking
   (sf_gain_bound's).  */
tree
sf_ir_test_to_generic (const sf_region *region, const sf_ir_expr *e,
		       const tree *values, location_t loc, bool llc_seen)
{
  irgen g;
  memset (&g, 0, sizeof g);
  g.region = region;
  g.params = const_cast<tree *> (values);
  g.loc = loc;
  g.mode = SF_OMP_SERIAL;
  g.llc_seen = llc_seen;
  return gen_expr (&g, e);
}

static tree gen_list (irgen *g, const sf_ir_stmt *s);

/* Return a fresh artificial label.  */
static tree
new_label (irgen *g)
{
  tree l = create_artificial_label (g->loc);
  DECL_CONTEXT (l) = current_function_decl;
  return l;
}

/* Return a new local variable of TYPE named NAME (not yet scoped).

   The variable is artificial and nameless in the debug information
   (DECL_NAMELESS, as SRA's replacements are): NAME (a parameter's "x",
   an index's "i") is often the name of one of the user's variables, and
   GCC writes the variables of the scopes the region's code makes into
   the DWARF of the function's own scope (seen at -O0 and -O2): a named
   copy there was what a debugger found for the user's "x", anywhere in
   the function, uninitialized outside the region.  NAME still names the
   variable in the dumps.  Not DECL_IGNORED_P, which would also change
   the code (at -O0 the variables moved from the stack into registers;
   the -O2 and -O3 objects differed too).  */
static tree
new_var (irgen *g, tree type, const char *name)
{
  tree v = build_decl (g->loc, VAR_DECL, name ? get_identifier (name)
		       : NULL_TREE, type);
  DECL_CONTEXT (v) = current_function_decl;
  DECL_ARTIFICIAL (v) = 1;
  DECL_NAMELESS (v) = 1;
  TREE_USED (v) = 1;
  sf_made_vars = true;
  return v;
}

/* Chain IR variable VAR onto scope *VARS unless it is in a scope already;
   a variable in two scopes would corrupt both chains.  */
static void
declare (irgen *g, int var, tree *vars)
{
  if (g->declared[var])
    return;
  g->declared[var] = true;
  DECL_CHAIN (g->vars[var]) = *vars;
  *vars = g->vars[var];
}

/* Append to *LIST the loop "goto cond; top: BODY; STEP; cond: if (COND)
   goto top;".  */
static void
append_loop (irgen *g, tree *list, tree body, tree step, tree cond)
{
  tree top = new_label (g), test = new_label (g);
  append_to_statement_list (build1 (GOTO_EXPR, void_type_node, test), list);
  append_to_statement_list (build1 (LABEL_EXPR, void_type_node, top), list);
  append_to_statement_list (body, list);
  if (step)
    append_to_statement_list (step, list);
  append_to_statement_list (build1 (LABEL_EXPR, void_type_node, test), list);
  append_to_statement_list (build3 (COND_EXPR, void_type_node, cond,
				    build1 (GOTO_EXPR, void_type_node, top),
				    NULL_TREE), list);
}

static tree gen_stmt (irgen *g, const sf_ir_stmt *s, tree *vars);

/* Append the GENERIC of the statements S to *LIST, their DECLs and
   ALLOCs chained onto *VARS.  */
static void
gen_into (irgen *g, const sf_ir_stmt *s, tree *list, tree *vars)
{
  for (; s; s = s->next)
    if (tree t = gen_stmt (g, s, vars))
      append_to_statement_list (t, list);
}

/* Return LOOP (the GENERIC of FOR statement S) between S's per-thread
   SETUP and TEARDOWN, in one scope so that the workspaces they allocate
   are visible in the loop (and, inside a parallel region, private to
   each thread).  */
static tree
gen_around (irgen *g, const sf_ir_stmt *s, tree loop, tree vars)
{
  if (!s->setup && !s->teardown)
    return vars ? build3 (BIND_EXPR, void_type_node, vars, loop, NULL_TREE)
		: loop;
  tree list = alloc_stmt_list ();
  gen_into (g, s->setup, &list, &vars);
  append_to_statement_list (loop, &list);
  gen_into (g, s->teardown, &list, &vars);
  return build3 (BIND_EXPR, void_type_node, vars, list, NULL_TREE);
}

/* Bytes a workspace on the heap is aligned to: a cache line.  */
#define WORKSPACE_ALIGN 64

/* Return the GENERIC of ALLOC statement S: VAR = malloc (N * size), or on
   the stack VAR = alloca (N * size) after saving the stack pointer (its
   FREE restores it, as GCC does for a VLA's scope).  */
static tree
gen_alloc (irgen *g, const sf_ir_stmt *s, tree *vars)
{
  tree v = g->vars[s->var], list = NULL_TREE;
  declare (g, s->var, vars);
  tree elt = TREE_TYPE (TREE_TYPE (v));
  tree bytes = fold_build2 (MULT_EXPR, sizetype,
			    fold_convert (sizetype, gen_expr (g, s->a)),
			    TYPE_SIZE_UNIT (elt));
  /* One element at least: malloc (0) may return NULL.  */
  bytes = fold_build2 (MAX_EXPR, sizetype, bytes, TYPE_SIZE_UNIT (elt));
  tree mem;
  if (s->heap)
    {
      /* On a cache line of its own: malloc's 16-byte alignment put
	 TTMc's 64-byte w_n across a line and a page in some heap states,
	 every vector access to it split (JF17K, 1 thread: 0.37 ms against
	 0.13 when aligned).  aligned_alloc wants a multiple of the
	 alignment.  */
      tree line = size_int (WORKSPACE_ALIGN);
      bytes = fold_build2 (BIT_AND_EXPR, sizetype,
			   fold_build2 (PLUS_EXPR, sizetype, bytes,
					size_int (WORKSPACE_ALIGN - 1)),
			   size_int (-(HOST_WIDE_INT) WORKSPACE_ALIGN));
      mem = build_call_expr (builtin_decl_explicit (BUILT_IN_ALIGNED_ALLOC),
			     2, line, bytes);
    }
  else
    {
      tree sv = new_var (g, ptr_type_node, "stack");
      DECL_CHAIN (sv) = *vars;
      *vars = sv;
      g->saved[s->var] = sv;
      tree save = build_call_expr (builtin_decl_explicit
				   (BUILT_IN_STACK_SAVE), 0);
      append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, sv,
					save), &list);
      mem = build_call_expr (builtin_decl_explicit
			     (BUILT_IN_ALLOCA_WITH_ALIGN), 2, bytes,
			     size_int (256));
    }
  append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, v,
				    fold_convert (TREE_TYPE (v), mem)), &list);
  if (s->heap)
    {
      /* Out of memory: stop rather than compute a wrong result.  */
      tree null = build2 (EQ_EXPR, boolean_type_node, v,
			  build_int_cst (TREE_TYPE (v), 0));
      tree stop = build_call_expr (builtin_decl_explicit (BUILT_IN_ABORT), 0);
      append_to_statement_list (build3 (COND_EXPR, void_type_node, null,
					stop, NULL_TREE), &list);
    }
  return list;
}

/* Return the GENERIC of FREE statement S.  */
static tree
gen_free (irgen *g, const sf_ir_stmt *s)
{
  if (s->heap)
    return build_call_expr (builtin_decl_explicit (BUILT_IN_FREE), 1,
			    g->vars[s->var]);
  if (!g->saved[s->var])
    return NULL_TREE;
  return build_call_expr (builtin_decl_explicit (BUILT_IN_STACK_RESTORE), 1,
			  g->saved[s->var]);
}

/* Return the serial GENERIC of FOR statement S.  */
static tree
gen_for (irgen *g, const sf_ir_stmt *s)
{
  tree v = g->vars[s->var], list = NULL_TREE;
  tree hi = new_var (g, long_integer_type_node, "hi");
  append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, v,
				    fold_convert (TREE_TYPE (v), gen_expr (g, s->a))),
			    &list);
  append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, hi,
				    fold_convert (TREE_TYPE (hi), gen_expr (g, s->b))),
			    &list);
  tree step = build2 (MODIFY_EXPR, void_type_node, v,
		      fold_build2 (PLUS_EXPR, TREE_TYPE (v), v,
				   build_int_cst (TREE_TYPE (v), 1)));
  tree cond = build2 (LT_EXPR, boolean_type_node, v, hi);
  if (s->novector)
    /* What the Fortran front end's NOVECTOR directive gives: the loop
       gets dont_vectorize when the CFG is built.  */
    cond = build3 (ANNOTATE_EXPR, boolean_type_node, cond,
		   build_int_cst (integer_type_node,
				  annot_expr_no_vector_kind),
		   integer_zero_node);
  append_loop (g, &list, gen_list (g, s->body), step, cond);
  tree vars = hi;
  declare (g, s->var, &vars);
  tree loop = build3 (BIND_EXPR, void_type_node, vars, list, NULL_TREE);
  return gen_around (g, s, loop, NULL_TREE);
}

/* Return the firstprivate clauses of every parameter copy of G: each
   thread keeps the (read-only) values in its own registers.  */
static tree
firstprivate_params (irgen *g)
{
  tree clauses = NULL_TREE;
  for (int i = 0; i < g->region->nparams; i++)
    {
      tree c = build_omp_clause (g->loc, OMP_CLAUSE_FIRSTPRIVATE);
      OMP_CLAUSE_DECL (c) = g->params[i];
      OMP_CLAUSE_CHAIN (c) = clauses;
      clauses = c;
    }
  return clauses;
}


/* Iterations per chunk of a parallel loop over [LO, HI) whose lowering
   asked for CHUNK: CHUNK, or more when the range is long, so that the
   team asks libgomp for work about CHUNKS_PER_THREAD times per thread:
     MAX (CHUNK, (HI - LO) / (threads * CHUNKS_PER_THREAD))
   with threads the team's size to be (threads(N), else
   omp_get_max_threads ()).  Over 2^20 rows of SpMV, 16 rows a chunk made
   65,536 requests, 3 to 4 ms of a 50 ms call on one thread.  At two
   threads 16 chunks a thread beat 64 on small matrices (SpMM on
   cryg2500 59 -> 47 us) and 4 on the power-law tensor's skewed slices
   (MTTKRP 1.26 -> 1.11 ms).  */
#define CHUNKS_PER_THREAD 16

static tree
chunk_for (irgen *g, tree type, tree hi, tree lo, int chunk)
{
  /* Work-shared, the team is the one running: its size, whatever
     threads(N) says.  */
  bool shared = sf_omp_workshared_p (g->mode);
  tree threads = fold_convert (type, shared
			       ? omp_query ("omp_get_num_threads")
			       : g->num_threads ? g->num_threads
			       : omp_query ("omp_get_max_threads"));
  tree per = fold_build2 (MULT_EXPR, type, threads,
			  build_int_cst (type, CHUNKS_PER_THREAD));
  tree n = fold_build2 (MINUS_EXPR, type, unshare_expr (hi),
			unshare_expr (lo));
  return fold_build2 (MAX_EXPR, type, build_int_cst (type, chunk),
		      fold_build2 (TRUNC_DIV_EXPR, type, n, per));
}

/* Return the OMP_FOR of parallel FOR statement S without clauses,
   appending to *LIST the assignment of its upper bound to a variable of
   its own (*HI); *LO gets its lower bound.  */
static tree
gen_omp_for (irgen *g, const sf_ir_stmt *s, tree *list, tree *lo, tree *hi)
{
  tree v = g->vars[s->var], type = TREE_TYPE (v);
  *hi = new_var (g, type, "hi");
  append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, *hi,
				    fold_convert (type, gen_expr (g, s->b))),
			    list);
  *lo = fold_convert (type, gen_expr (g, s->a));
  tree omp_for = make_node (OMP_FOR);
  TREE_TYPE (omp_for) = void_type_node;
  SET_EXPR_LOCATION (omp_for, g->loc);
  OMP_FOR_INIT (omp_for) = make_tree_vec (1);
  OMP_FOR_COND (omp_for) = make_tree_vec (1);
  OMP_FOR_INCR (omp_for) = make_tree_vec (1);
  TREE_VEC_ELT (OMP_FOR_INIT (omp_for), 0) = build2 (MODIFY_EXPR, type, v,
						     *lo);
  TREE_VEC_ELT (OMP_FOR_COND (omp_for), 0)
    = build2 (LT_EXPR, boolean_type_node, v, *hi);
  TREE_VEC_ELT (OMP_FOR_INCR (omp_for), 0)
    = build2 (MODIFY_EXPR, type, v,
	      build2 (PLUS_EXPR, type, v, build_int_cst (type, 1)));
  OMP_FOR_BODY (omp_for) = gen_list (g, s->body);
  return omp_for;
}

/* Return the clauses of a parallel region of G: the parameter copies
   firstprivate, PAY (when not NULL) as the if clause, and threads(N)'s
   num_threads.  */
static tree
parallel_clauses (irgen *g, tree pay)
{
  tree clauses = firstprivate_params (g);
  if (pay)
    {
      tree c = build_omp_clause (g->loc, OMP_CLAUSE_IF);
      OMP_CLAUSE_IF_MODIFIER (c) = ERROR_MARK;
      OMP_CLAUSE_IF_EXPR (c) = pay;
      OMP_CLAUSE_CHAIN (c) = clauses;
      clauses = c;
    }
  if (g->num_threads)
    {
      tree c = build_omp_clause (g->loc, OMP_CLAUSE_NUM_THREADS);
      OMP_CLAUSE_NUM_THREADS_EXPR (c) = g->num_threads;
      OMP_CLAUSE_CHAIN (c) = clauses;
      clauses = c;
    }
  return clauses;
}

/* Return the share of one thread of parallel FOR statement S, whose
   threads split its range themselves (S->split):
     { SPLIT; SETUP; for (v = split_lo; v < split_hi; v++) BODY; TEARDOWN }
   run by every thread of the team.  */
static tree
gen_split_share (irgen *g, const sf_ir_stmt *s)
{
  tree vars = NULL_TREE, list = alloc_stmt_list ();
  gen_into (g, s->split, &list, &vars);
  gen_into (g, s->setup, &list, &vars);
  sf_ir_stmt inner = *s;
  inner.parallel = 0;
  inner.setup = inner.teardown = inner.split = inner.serial_alt = NULL;
  inner.par_if = NULL;
  inner.next = NULL;
  sf_ir_expr lo, hi;
  memset (&lo, 0, sizeof lo);
  lo.op = SF_IR_VAR;
  lo.ty = SF_TY_INDEX;
  hi = lo;
  lo.var = s->split_lo;
  hi.var = s->split_hi;
  inner.a = &lo;
  inner.b = &hi;
  append_to_statement_list (gen_for (g, &inner), &list);
  gen_into (g, s->teardown, &list, &vars);
  return build3 (BIND_EXPR, void_type_node, vars, list, NULL_TREE);
}

/* Return the OpenMP GENERIC of parallel FOR statement S:
   hi = B; OMP_PARALLEL { OMP_FOR (v = A; v < hi; v = v + 1) BODY }.
   Unless COPIED (the caller chose between this and a serial copy), S's
   par_if becomes the if clause.  */
static tree
gen_parallel_for (irgen *g, const sf_ir_stmt *s, bool copied)
{
  if (s->split)
    {
      /* OMP_PARALLEL { the share of each thread }.  */
      tree pay = s->par_if && !copied
		 ? fold_convert (boolean_type_node, gen_expr (g, s->par_if))
		 : NULL_TREE;
      tree par = build2 (OMP_PARALLEL, void_type_node,
			 gen_split_share (g, s), parallel_clauses (g, pay));
      SET_EXPR_LOCATION (par, g->loc);
      return par;
    }
  tree v = g->vars[s->var], type = TREE_TYPE (v);
  tree hi, lo, list = NULL_TREE;
  tree omp_for = gen_omp_for (g, s, &list, &lo, &hi);
  tree sched = build_omp_clause (g->loc, OMP_CLAUSE_SCHEDULE);
  OMP_CLAUSE_SCHEDULE_KIND (sched) = OMP_CLAUSE_SCHEDULE_DYNAMIC;
  /* With an if clause (no serial copy), the team of one gets one chunk of
     the whole range: it asks libgomp for work once, not once per
     s->chunk iterations.  */
  tree pay = s->par_if && !copied ? fold_convert (boolean_type_node,
						  gen_expr (g, s->par_if))
	     : NULL_TREE;
  if (s->chunk > 0 && pay)
    {
      tree n = fold_build2 (MINUS_EXPR, type, hi, unshare_expr (lo));
      n = fold_build2 (MAX_EXPR, type, n, build_int_cst (type, 1));
      OMP_CLAUSE_SCHEDULE_CHUNK_EXPR (sched)
	= fold_build3 (COND_EXPR, type, unshare_expr (pay),
		       chunk_for (g, type, hi, lo, s->chunk), n);
    }
  else if (s->chunk > 0)
    OMP_CLAUSE_SCHEDULE_CHUNK_EXPR (sched)
      = chunk_for (g, type, hi, lo, s->chunk);
  OMP_FOR_CLAUSES (omp_for) = sched;
  tree inner_vars = NULL_TREE;
  declare (g, s->var, &inner_vars);
  tree inner = gen_around (g, s, omp_for, inner_vars);
  if (TREE_CODE (inner) != BIND_EXPR)
    inner = build3 (BIND_EXPR, void_type_node, NULL_TREE, inner, NULL_TREE);
  tree par = build2 (OMP_PARALLEL, void_type_node, inner,
		     parallel_clauses (g, pay));
  SET_EXPR_LOCATION (par, g->loc);
  append_to_statement_list (par, &list);
  return build3 (BIND_EXPR, void_type_node, hi, list, NULL_TREE);
}

/* Return the OpenMP GENERIC of parallel FOR statement S in a region
   work-shared by the team that encounters it (the annotated loop carried
   '#pragma omp for'): no team of its own,
     hi = B; { setup; OMP_FOR nowait (v = A; v < hi; v++) BODY; teardown; }
     GOMP_barrier ();
   Every thread of the team runs the setup and teardown for itself (its
   own workspaces, its share combined into the output in a critical
   section, as with a team of the region's own), and the barrier makes
   every share complete before any thread goes on, as the end of the
   original work-sharing loop did; under 'nowait' a region of one such
   loop has none, as the original had none.  */
static tree
gen_workshare_for (irgen *g, const sf_ir_stmt *s)
{
  if (s->split)
    {
      /* Each thread of the team its own share, then the barrier.  */
      tree list = NULL_TREE;
      append_to_statement_list (gen_split_share (g, s), &list);
      if (!g->nowait)
	append_to_statement_list (build_call_expr_loc
				  (g->loc, builtin_decl_explicit
				   (BUILT_IN_GOMP_BARRIER), 0), &list);
      return list;
    }
  tree v = g->vars[s->var], type = TREE_TYPE (v);
  tree hi, lo, list = NULL_TREE;
  tree omp_for = gen_omp_for (g, s, &list, &lo, &hi);
  tree sched = build_omp_clause (g->loc, OMP_CLAUSE_SCHEDULE);
  OMP_CLAUSE_SCHEDULE_KIND (sched) = OMP_CLAUSE_SCHEDULE_DYNAMIC;
  if (s->chunk > 0)
    OMP_CLAUSE_SCHEDULE_CHUNK_EXPR (sched)
      = chunk_for (g, type, hi, lo, s->chunk);
  tree nowait = build_omp_clause (g->loc, OMP_CLAUSE_NOWAIT);
  OMP_CLAUSE_CHAIN (nowait) = sched;
  OMP_FOR_CLAUSES (omp_for) = nowait;
  tree inner_vars = NULL_TREE;
  declare (g, s->var, &inner_vars);
  tree inner = gen_around (g, s, omp_for, inner_vars);
  append_to_statement_list (inner, &list);
  if (!g->nowait)
    append_to_statement_list (build_call_expr_loc
			      (g->loc, builtin_decl_explicit
			       (BUILT_IN_GOMP_BARRIER), 0), &list);
  return build3 (BIND_EXPR, void_type_node, hi, list, NULL_TREE);
}

/* Return a call of the runtime function NAME (TYPE, NARGS arguments
   ARGS) when the program links it, else FALLBACK:
     &NAME != 0 ? NAME (ARGS...) : FALLBACK
   NAME is declared weak, so a program without the runtime library still
   links (the address is then null).  */
static tree
weak_call (const char *name, tree type, int nargs, tree *args, tree fallback)
{
  tree fn = build_fn_decl (name, type);
  declare_weak (fn);
  tree present = fold_build2 (NE_EXPR, boolean_type_node,
			      build_fold_addr_expr (fn),
			      build_int_cst (build_pointer_type (type), 0));
  tree call = build_call_expr_loc_array (UNKNOWN_LOCATION, fn, nargs, args);
  return fold_build3 (COND_EXPR, TREE_TYPE (fallback), present,
		      fold_convert (TREE_TYPE (fallback), call), fallback);
}

/* The last-level cache assumed when the system does not say (the
   runtime's SF_LLC_DEFAULT_BYTES).  */
#define LLC_DEFAULT_BYTES (8LL * 1024 * 1024)

/* The unit's cache of the last-level cache in bytes, 0 until the
   program first asks (gen_llc_half): one static of the unit, so that a
   test that does not ask (sf_ir_test_to_generic's LLC_SEEN) reads what
   the region's code found.  A root of the garbage collector
   (sf_marker_roots).  */
tree sf_llc_cache_decl;

static tree
llc_cache (void)
{
  if (sf_llc_cache_decl)
    return sf_llc_cache_decl;
  tree lng = long_integer_type_node;
  tree v = build_decl (UNKNOWN_LOCATION, VAR_DECL,
		       create_tmp_var_name ("sf_llc"), lng);
  TREE_STATIC (v) = 1;
  TREE_PUBLIC (v) = 0;
  TREE_USED (v) = 1;
  DECL_ARTIFICIAL (v) = 1;
  DECL_IGNORED_P (v) = 1;
  DECL_CONTEXT (v) = NULL_TREE;
  varpool_node::finalize_decl (v);
  sf_llc_cache_decl = v;
  return v;
}

/* Return half the last-level cache in bytes, as a long (SF_IR_LLC_HALF):
   sf_gen_llc_bytes () (sf_llc_bytes: SPARSEFUSE_LLC_BYTES, sysconf,
   sysfs) when the program links the runtime library, else sysconf
   (_SC_LEVEL3_CACHE_SIZE), else LLC_DEFAULT_BYTES; read once a program
   (llc_cache holds it): a program linked with the static library has
   the weak reference unresolved, and sysconf's cpuid, which a virtual
   machine traps, cost A^T x 90 us a call, a fifth of it (lap2d 300 x
   300, one thread).  Threads that fill the cache at once store the same
   value.  */
static tree
gen_llc_half (void)
{
  tree lng = long_integer_type_node;
  tree cache = llc_cache ();
  tree read = fold_build3 (COND_EXPR, lng,
			   fold_build2 (NE_EXPR, boolean_type_node, cache,
					build_int_cst (lng, 0)),
			   cache, build2 (MODIFY_EXPR, lng, cache,
					  gen_llc_bytes ()));
  return fold_build2 (TRUNC_DIV_EXPR, lng, read, build_int_cst (lng, 2));
}

tree
sf_llc_fill (void)
{
  return build1 (CONVERT_EXPR, void_type_node, gen_llc_half ());
}

/* Return the last-level cache in bytes, as a long, asked of the system
   (gen_llc_half).  */
static tree
gen_llc_bytes (void)
{
  tree lng = long_integer_type_node;
  tree sc = build_fn_decl ("sysconf", build_function_type_list
			   (lng, integer_type_node, NULL_TREE));
  /* sysconf is called twice rather than held in a SAVE_EXPR: its
     temporary, set on this branch only, would be read uninitialized when
     the value goes into an OpenMP clause (a -Wmaybe-uninitialized warning
     on the pragma at -O2 -Wall).  The fallback runs only without the
     runtime library.  */
  tree arg = build_int_cst (integer_type_node, _SC_LEVEL3_CACHE_SIZE);
  tree fallback = fold_build3 (COND_EXPR, lng,
			       fold_build2 (GT_EXPR, boolean_type_node,
					    build_call_expr (sc, 1, arg),
					    build_int_cst (lng, 0)),
			       build_call_expr (sc, 1, arg),
			       build_int_cst (lng, LLC_DEFAULT_BYTES));
  tree bytes = weak_call ("sf_gen_llc_bytes", build_function_type_list
			  (int64_type_node, NULL_TREE), 0, NULL, fallback);
  return fold_convert (lng, bytes);
}

/* Return the GENERIC of SHOW_PICK statement S:
     pick = &sf_gen_show_pick
	    ? sf_gen_show_pick ("f.c:12 [0 naive, 1 fused]", pick, N, 0, 0,
				cap)
	    : pick;
   (sf_show_pick prints when SPARSEFUSE_SHOW_PICK=1).  */
static tree
gen_show_pick (irgen *g, const sf_ir_stmt *s)
{
  tree v = g->vars[s->var];
  expanded_location x = expand_location (g->loc);
  char *where = xasprintf ("%s:%d [%s]", x.file ? x.file : "?", x.line,
			   s->text);
  tree i64 = int64_type_node;
  tree cptr = build_pointer_type (build_qualified_type (double_type_node,
							TYPE_QUAL_CONST));
  tree type = build_function_type_list (i64, const_ptr_type_node, i64, i64,
					cptr, cptr, double_type_node,
					NULL_TREE);
  tree args[6] = { build_string_literal (strlen (where) + 1, where),
		   fold_convert (i64, v), fold_convert (i64, gen_expr (g, s->a)),
		   build_int_cst (cptr, 0), build_int_cst (cptr, 0),
		   fold_convert (double_type_node, gen_expr (g, s->b)) };
  free (where);
  tree call = weak_call ("sf_gen_show_pick", type, 6, args,
			 fold_convert (i64, v));
  return build2 (MODIFY_EXPR, void_type_node, v,
		 fold_convert (TREE_TYPE (v), call));
}

/* A parallel loop of at most this many statements gets a serial copy
   for the inputs too small for threads and for a run on one thread
   (SpMV's row loop with its partial sums has 33, a zeroing loop 4,
   SpMM's 27: each copy adds about 40 ms of compile time at that size);
   a larger one runs on a team of one then, with one chunk of the whole
   range.  The loop a user writes runs on one thread without a call of
   libgomp: on small matrices of short rows a team of one cost 10% of a
   call (olm1000, SpMV: 4.2 against 3.7 us).  */
#define SERIAL_COPY_MAX 48

/* Return the number of statements of S alone (its body, else branch,
   setup and teardown included), counting no further than LIMIT.  */
static int
stmt_count (const sf_ir_stmt *s, int limit)
{
  int n = 1;
  const sf_ir_stmt *lists[4] = { s->body, s->else_body, s->setup,
				  s->teardown };
  for (int k = 0; k < 4 && n < limit; k++)
    for (const sf_ir_stmt *t = lists[k]; t && n < limit; t = t->next)
      n += stmt_count (t, limit - n);
  return n;
}

/* Set MASK[v] for each variable the statements S declare (DECL, FOR,
   ALLOC), per-thread setup included.  */
static void
inner_vars (const sf_ir_stmt *s, bool *mask)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_DECL || s->kind == SF_IR_FOR
	  || s->kind == SF_IR_ALLOC)
	mask[s->var] = true;
      inner_vars (s->body, mask);
      inner_vars (s->else_body, mask);
      inner_vars (s->setup, mask);
      inner_vars (s->teardown, mask);
    }
}

/* Return the serial GENERIC of parallel FOR statement S, next to its
   parallel one: the variables it declares get declarations of their own
   (a declaration belongs to one scope), the others are shared, but for
   the bound of a loop of parts, which is 1.  */
static tree
gen_serial_copy (irgen *g, const sf_ir_stmt *s)
{
  int n = g->region->nvars;
  tree *vars = XNEWVEC (tree, n), *saved = XNEWVEC (tree, n);
  bool *declared = XNEWVEC (bool, n), *inner = XCNEWVEC (bool, n);
  memcpy (vars, g->vars, n * sizeof *vars);
  memcpy (saved, g->saved, n * sizeof *saved);
  memcpy (declared, g->declared, n * sizeof *declared);
  sf_ir_stmt alone = *s;
  alone.next = NULL;
  inner_vars (&alone, inner);
  for (int v = 0; v < n; v++)
    if (inner[v])
      {
	g->vars[v] = new_var (g, TREE_TYPE (vars[v]), DECL_NAME (vars[v])
			      ? IDENTIFIER_POINTER (DECL_NAME (vars[v]))
			      : NULL);
	DECL_ARTIFICIAL (g->vars[v]) = DECL_ARTIFICIAL (vars[v]);
	g->declared[v] = false;
	g->saved[v] = NULL_TREE;
      }
  /* A loop of parts (sf_ir_stmt.parts) is one part of one: its bound
     reads 1 throughout the copy, and GCC folds the part's bounds to the
     whole range.  */
  int parts = s->parts && s->b->op == SF_IR_VAR ? s->b->var : -1;
  if (parts >= 0)
    g->vars[parts] = build_int_cst (TREE_TYPE (vars[parts]), 1);
  g->serial_copy = true;
  tree t = gen_for (g, s);
  g->serial_copy = false;
  memcpy (g->vars, vars, n * sizeof *vars);
  memcpy (g->saved, saved, n * sizeof *saved);
  memcpy (g->declared, declared, n * sizeof *declared);
  XDELETEVEC (vars);
  XDELETEVEC (saved);
  XDELETEVEC (declared);
  XDELETEVEC (inner);
  return t;
}

/* Return COND (a boolean) told to GCC as rarely true: the branch it
   guards runs on large inputs only (threads, data larger than the
   caches), where a few instructions more on the way in cost nothing, and
   GCC lays out the other one, the one a short call takes, as the
   straight path (nothing of the rare branch hoisted onto it: on a CSR
   SpMV of 14 rows, the vectors of the parallel region's shared data and
   the stack aligned for them, 1.3 ns of a 27 ns call, 2026-12-02).  */
static tree
gen_unlikely (tree cond)
{
  tree lng = long_integer_type_node;
  tree expect = build_call_expr (builtin_decl_explicit (BUILT_IN_EXPECT), 2,
				 fold_convert (lng, cond),
				 build_int_cst (lng, 0));
  return fold_build2 (NE_EXPR, boolean_type_node, expect,
		      build_int_cst (lng, 0));
}

/* Return the test that a parallel loop runs on more than one thread:
   PAY (the threads test of the region, may be NULL) and a team of more
   than one, the team the loop would run on (the encountering team's when
   work-shared, threads(N)'s, else the default).  */
static tree
many_threads (irgen *g, const sf_ir_expr *pay)
{
  tree lng = long_integer_type_node;
  tree team = sf_omp_workshared_p (g->mode) ? omp_query ("omp_get_num_threads")
	      : g->num_threads ? fold_convert (lng, g->num_threads)
	      : omp_query ("omp_get_max_threads");
  tree many = fold_build2 (GT_EXPR, boolean_type_node, team,
			   build_int_cst (lng, 1));
  if (!pay)
    return many;
  /* The threads test first: an input too small for threads calls no
     libgomp function at all (the test reads the size of the cache once a
     program, gen_llc_half).  */
  return fold_build2 (TRUTH_ANDIF_EXPR, boolean_type_node,
		      fold_convert (boolean_type_node, gen_expr (g, pay)),
		      many);
}

/* Return BODY run by the threads of the team in turn, by their numbers
   (an ordered CRITICAL: the same order on every run):
     for (turn = 0; turn < omp_get_num_threads (); turn++)
       { if (turn == omp_get_thread_num ()) BODY; GOMP_barrier (); }  */
static tree
gen_in_turn (irgen *g, tree body)
{
  tree lng = long_integer_type_node;
  tree turn = new_var (g, lng, "turn"), list = NULL_TREE;
  append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, turn,
				    build_int_cst (lng, 0)), &list);
  tree mine = build3 (COND_EXPR, void_type_node,
		      fold_build2 (EQ_EXPR, boolean_type_node, turn,
				   omp_query ("omp_get_thread_num")),
		      body, NULL_TREE);
  tree each = NULL_TREE;
  append_to_statement_list (mine, &each);
  append_to_statement_list (build_call_expr_loc
			    (g->loc, builtin_decl_explicit
			     (BUILT_IN_GOMP_BARRIER), 0), &each);
  tree step = build2 (MODIFY_EXPR, void_type_node, turn,
		      fold_build2 (PLUS_EXPR, lng, turn,
				   build_int_cst (lng, 1)));
  append_loop (g, &list, each, step,
	       fold_build2 (LT_EXPR, boolean_type_node, turn,
			    omp_query ("omp_get_num_threads")));
  return build3 (BIND_EXPR, void_type_node, turn, list, NULL_TREE);
}

/* Return the GENERIC of parallel FOR statement S under OpenMP:
     if (threads pay) <parallel loop> else <S's serial alternative, or S
     serially>
   A small input, or a run on one thread, pays nothing for OpenMP, not
   even a team of one (a work-shared loop: a team of one shares nothing,
   and its barrier waits for no one).  The serial copy only for small
   loops (single kernels, where a microsecond counts): GCC compiles the
   loop twice.  */
static tree
gen_omp_loop (irgen *g, const sf_ir_stmt *s)
{
  bool shared = sf_omp_workshared_p (g->mode);
  bool copy = s->serial_alt
	      || stmt_count (s, SERIAL_COPY_MAX + 1) <= SERIAL_COPY_MAX;
  if (!copy)
    return shared ? gen_workshare_for (g, s) : gen_parallel_for (g, s, false);
  tree test = gen_unlikely (many_threads (g, shared ? NULL : s->par_if));
  tree par = shared ? gen_workshare_for (g, s) : gen_parallel_for (g, s, true);
  tree one = s->serial_alt ? gen_list (g, s->serial_alt)
	     : gen_serial_copy (g, s);
  return build3 (COND_EXPR, void_type_node, test, par, one);
}

/* Return the GENERIC of statement S; DECLs chain their variables onto
   *VARS (the enclosing scope).  */
static tree
gen_stmt (irgen *g, const sf_ir_stmt *s, tree *vars)
{
  switch (s->kind)
    {
    case SF_IR_DECL:
      {
	tree v = g->vars[s->var];
	declare (g, s->var, vars);
	if (!s->a)
	  return NULL_TREE;
	if (g->own_threads && g->region->vars[s->var].threads_test)
	  /* The user's loop ran its team however small the input: so does
	     the code that replaces it (a team of one still runs the serial
	     copy).  */
	  return build2 (MODIFY_EXPR, void_type_node, v,
			 build_int_cst (TREE_TYPE (v), 1));
	return build2 (MODIFY_EXPR, void_type_node, v,
		       convert_value (TREE_TYPE (v), gen_expr (g, s->a)));
      }
    case SF_IR_ASSIGN:
      {
	tree v = g->vars[s->var];
	return build2 (MODIFY_EXPR, void_type_node, v,
		       convert_value (TREE_TYPE (v), gen_expr (g, s->a)));
      }
    case SF_IR_STORE:
      {
	tree dst = gen_element (g, s->param, s->a);
	tree val = convert_value (TREE_TYPE (dst), gen_expr (g, s->b));
	if (s->accumulate)
	  val = wrap_arith (PLUS_EXPR, TREE_TYPE (dst), dst, val);
	return build2 (MODIFY_EXPR, void_type_node, dst, val);
      }
    case SF_IR_FOR:
      if (s->parallel && omp_p (g))
	return gen_omp_loop (g, s);
      if (s->parallel && s->serial_alt)
	return gen_list (g, s->serial_alt);
      return gen_for (g, s);
    case SF_IR_WHILE:
      {
	tree list = NULL_TREE;
	append_loop (g, &list, gen_list (g, s->body), NULL_TREE,
		     fold_convert (boolean_type_node, gen_expr (g, s->a)));
	return list;
      }
    case SF_IR_IF:
      {
	tree cond = fold_convert (boolean_type_node, gen_expr (g, s->a));
	return build3 (COND_EXPR, void_type_node,
		       s->unlikely ? gen_unlikely (cond) : cond,
		       gen_list (g, s->body),
		       s->else_body ? gen_list (g, s->else_body) : NULL_TREE);
      }
    case SF_IR_COMMENT:
      return NULL_TREE;
    case SF_IR_BARRIER:
      {
	/* asm volatile ("" ::: ): no operands, no clobbers.  */
	tree t = build5 (ASM_EXPR, void_type_node, build_string (0, ""),
			 NULL_TREE, NULL_TREE, NULL_TREE, NULL_TREE);
	ASM_VOLATILE_P (t) = 1;
	SET_EXPR_LOCATION (t, g->loc);
	return t;
      }
    case SF_IR_PREFETCH:
      {
	/* __builtin_prefetch (&param[a]): read, keep in every level.  */
	tree addr = build_fold_addr_expr (gen_element (g, s->param, s->a));
	tree t = build_call_expr_loc (g->loc,
				      builtin_decl_explicit (BUILT_IN_PREFETCH),
				      3, addr, integer_zero_node,
				      build_int_cst (integer_type_node, 3));
	return t;
      }
    case SF_IR_SHOW_PICK:
      return gen_show_pick (g, s);
    case SF_IR_CRITICAL:
      {
	tree body = gen_list (g, s->body);
	if (!omp_p (g))
	  return body;
	if (s->ordered)
	  return gen_in_turn (g, body);
	tree t = build3 (OMP_CRITICAL, void_type_node, body, NULL_TREE,
			 NULL_TREE);
	SET_EXPR_LOCATION (t, g->loc);
	return t;
      }
    case SF_IR_ASTORE:
      {
	tree dst = gen_array_element (g, s->var, s->a);
	tree val = convert_value (TREE_TYPE (dst), gen_expr (g, s->b));
	if (s->accumulate)
	  val = wrap_arith (PLUS_EXPR, TREE_TYPE (dst), dst, val);
	return build2 (MODIFY_EXPR, void_type_node, dst, val);
      }
    case SF_IR_ALLOC:
      return gen_alloc (g, s, vars);
    case SF_IR_FREE:
      return gen_free (g, s);
    }
  gcc_unreachable ();
}

/* Return statement list S as a BIND_EXPR scoping its DECLs.  */
static tree
gen_list (irgen *g, const sf_ir_stmt *s)
{
  tree list = alloc_stmt_list (), vars = NULL_TREE;
  for (; s; s = s->next)
    if (tree t = gen_stmt (g, s, &vars))
      append_to_statement_list (t, &list);
  vars = nreverse (vars);
  return build3 (BIND_EXPR, void_type_node, vars, list, NULL_TREE);
}

/* Return the type of the local copy of parameter P whose value is VALUE.
   A dense operand's data pointer is a pointer to its float/double
   elements: the marker argument may still have the C type (double (*)[K]),
   since GIMPLE drops pointer-to-pointer conversions as useless.  */
static tree
param_type (const sf_param *p, tree value)
{
  if (p->kind == SF_PARAM_DATA)
    return build_pointer_type (gcc_type (p->ty));
  return TYPE_MAIN_VARIANT (TREE_TYPE (value));
}

/* Return true when VALUE is the address of an array in the current
   function's automatic storage (a local double B[3][4][5][2]).  */
static bool
local_array_address (tree value)
{
  STRIP_NOPS (value);
  if (TREE_CODE (value) != ADDR_EXPR)
    return false;
  tree base = get_base_address (TREE_OPERAND (value, 0));
  return base && VAR_P (base) && auto_var_in_fn_p (base, current_function_decl);
}

/* Return the statement __asm__ ("" : "+r" (V)): V's value passes through
   an empty asm, so that GCC no longer knows which object it points to.  */
static tree
opaque_pointer (tree v)
{
  tree out = build_tree_list (build_tree_list (NULL_TREE,
					       build_string (3, "+r")), v);
  tree t = build5 (ASM_EXPR, void_type_node, build_string (1, ""), out,
		   NULL_TREE, NULL_TREE, NULL_TREE);
  ASM_VOLATILE_P (t) = 1;
  return t;
}

/* Declare in BIND a local copy of each parameter of G, initialized from
   VALUES at the start of BIND's body.

   A data pointer to a local array goes through opaque_pointer.  GCC 12
   at -O3 miscompiles the flat loops the region makes over a local array
   that the same function then copies into another local array (IVOPTs
   makes the address an integer induction variable, and the copy read
   stale values: a fuzzer case, s20261205 case 688, reduced to plain C
   without the plugin); hidden behind the asm, the array counts as
   escaped and the loops are compiled correctly.  Only arrays of the
   function's own storage pay for it: the usual operands are pointers.  */
static void
copy_params (irgen *g, tree bind, const tree *values)
{
  tree inits = NULL_TREE;
  for (int i = 0; i < g->region->nparams; i++)
    {
      const sf_param *p = &g->region->params[i];
      tree v = new_var (g, param_type (p, values[i]), p->name);
      g->params[i] = v;
      append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, v,
					fold_convert (TREE_TYPE (v), values[i])),
				&inits);
      if (p->kind == SF_PARAM_DATA && local_array_address (values[i]))
	append_to_statement_list (opaque_pointer (v), &inits);
      DECL_CHAIN (v) = BIND_EXPR_VARS (bind);
      BIND_EXPR_VARS (bind) = v;
    }
  append_to_statement_list (BIND_EXPR_BODY (bind), &inits);
  BIND_EXPR_BODY (bind) = inits;
}

/* What finish_scope needs while it walks: the BLOCK of the enclosing
   BIND_EXPR and the location of the region.  */
struct scope_walk
{
  tree block;
  location_t loc;
};

static tree finish_scope (tree *tp, int *walk_subtrees, void *data);

/* Give BIND_EXPR BIND a BLOCK of its own holding its variables, chained
   as the last subblock of the BLOCK in W, and walk its body.  */
static void
finish_bind (tree bind, scope_walk *w)
{
  tree block = make_node (BLOCK);
  BLOCK_VARS (block) = BIND_EXPR_VARS (bind);
  BLOCK_SUPERCONTEXT (block) = w->block;
  tree *last = &BLOCK_SUBBLOCKS (w->block);
  while (*last)
    last = &BLOCK_CHAIN (*last);
  *last = block;
  BIND_EXPR_BLOCK (bind) = block;
  TREE_SIDE_EFFECTS (bind) = 1;
  scope_walk inner = { block, w->loc };
  walk_tree_without_duplicates (&BIND_EXPR_BODY (bind), finish_scope, &inner);
}

/* walk_tree callback: give every BIND_EXPR a BLOCK (finish_bind) and
   every expression without a location the region's.  Values the marker
   call passed in (invariants such as &x) are shared with it: left as
   they are.  */
static tree
finish_scope (tree *tp, int *walk_subtrees, void *data)
{
  scope_walk *w = (scope_walk *) data;
  tree t = *tp;
  if (TYPE_P (t) || DECL_P (t) || is_gimple_min_invariant (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (EXPR_P (t) && !EXPR_HAS_LOCATION (t))
    SET_EXPR_LOCATION (t, w->loc);
  if (TREE_CODE (t) == BIND_EXPR)
    {
      finish_bind (t, w);
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* Make the scopes of generated statement T what the debug information
   and the OpenMP outlining expect of front-end code: each BIND_EXPR has
   a BLOCK with its variables, nested as the BIND_EXPRs are, under the
   function's outermost BLOCK (the lowering pass later hangs it under the
   block the region sits in), and every statement has the location LOC.
   Without them the scope of a generated parallel loop was the BLOCK
   around the whole region, and OpenMP outlining moves every subblock of
   the parallel's BLOCK into the child function: scopes of the parent's
   own statements went along (the original statement kept by `check'),
   and -g or the inliner then met statements whose scope was in another
   function (an internal compiler error in final or remap_gimple_stmt).  */
static void
finish_scopes (tree t, location_t loc)
{
  scope_walk w = { DECL_INITIAL (current_function_decl), loc };
  int walk_subtrees = 1;
  finish_scope (&t, &walk_subtrees, &w);
}

/* Return a call of the libgomp query NAME (int NAME (void)), as a long.  */
static tree
omp_query (const char *name)
{
  tree fn = build_fn_decl (name, build_function_type_list (integer_type_node,
							    NULL_TREE));
  return fold_convert (long_integer_type_node, build_call_expr (fn, 0));
}

/* Return the assignment of G's threads variable from N, the value of the
   threads(N) clause.  The loop it replaces ran whatever N was, so no N
   may make the parallel region fail: N <= 0 means the default team size,
   and N is capped at the larger of the default and the number of
   processors (more threads only wait on each other) and at the thread
   limit.  libgomp takes the count unsigned: -3 asked it for four billion
   threads, a million made it crash.  In long arithmetic, so that the
   bounds (an int each) never overflow:
     threads = MIN (N > 0 ? N : dflt, MIN (MAX (dflt, procs), limit));  */
static tree
gen_num_threads (irgen *g, tree n)
{
  tree lng = long_integer_type_node;
  tree req = new_var (g, lng, "threads_asked");
  tree dflt = new_var (g, lng, "threads_default");
  tree list = alloc_stmt_list ();
  append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, req,
				    fold_convert (lng, n)), &list);
  append_to_statement_list (build2 (MODIFY_EXPR, void_type_node, dflt,
				    omp_query ("omp_get_max_threads")), &list);
  tree cap = build2 (MIN_EXPR, lng,
		     build2 (MAX_EXPR, lng, dflt,
			     omp_query ("omp_get_num_procs")),
		     omp_query ("omp_get_thread_limit"));
  tree want = build3 (COND_EXPR, lng,
		      build2 (GT_EXPR, boolean_type_node, req,
			      build_int_cst (lng, 0)), req, dflt);
  tree value = fold_convert (integer_type_node,
			     build2 (MIN_EXPR, lng, want, cap));
  append_to_statement_list (build2 (MODIFY_EXPR, void_type_node,
				    g->num_threads, value), &list);
  tree vars = req;
  DECL_CHAIN (req) = dflt;
  return build3 (BIND_EXPR, void_type_node, vars, list, NULL_TREE);
}

/* Return the number of parallel loops of statements S, nested ones
   included.  */
static int
parallel_loops (const sf_ir_stmt *s)
{
  int n = 0;
  for (; s; s = s->next)
    n += (s->kind == SF_IR_FOR && s->parallel) + parallel_loops (s->body)
	 + parallel_loops (s->else_body) + parallel_loops (s->setup)
	 + parallel_loops (s->teardown);
  return n;
}

/* Return REGION as one GENERIC statement, with VALUES the values of its
   parameters (GIMPLE values of the marker call), NUM_THREADS the value of
   its threads clause (or NULL_TREE), MODE what its OpenMP context allows
   (sf_omp_mode) and LOC its location.  */
tree
sf_ir_to_generic (const sf_region *region, const tree *values,
		  tree num_threads, sf_omp_mode mode, bool own_threads,
		  location_t loc)
{
  irgen g;
  g.region = region;
  g.mode = mode;
  g.own_threads = own_threads;
  g.nowait = (mode == SF_OMP_WORKSHARE_NOWAIT
	      && parallel_loops (region->body) == 1);
  g.params = XNEWVEC (tree, region->nparams + 1);
  g.loc = loc;
  g.num_threads = NULL_TREE;
  g.serial_copy = false;
  g.llc_seen = false;
  tree outer = build3 (BIND_EXPR, void_type_node, NULL_TREE,
		       alloc_stmt_list (), NULL_TREE);
  copy_params (&g, outer, values);
  if (num_threads)
    {
      /* A local copy, so the clause names a variable of this region.  */
      g.num_threads = new_var (&g, integer_type_node, "threads");
      DECL_CHAIN (g.num_threads) = BIND_EXPR_VARS (outer);
      BIND_EXPR_VARS (outer) = g.num_threads;
      tree set = gen_num_threads (&g, num_threads);
      tree body = BIND_EXPR_BODY (outer);
      BIND_EXPR_BODY (outer) = alloc_stmt_list ();
      append_to_statement_list (set, &BIND_EXPR_BODY (outer));
      append_to_statement_list (body, &BIND_EXPR_BODY (outer));
    }
  g.vars = XNEWVEC (tree, region->nvars ? region->nvars : 1);
  g.declared = XCNEWVEC (bool, region->nvars ? region->nvars : 1);
  g.saved = XCNEWVEC (tree, region->nvars ? region->nvars : 1);
  for (int i = 0; i < region->nvars; i++)
    g.vars[i] = new_var (&g, var_type (&region->vars[i]),
			 region->vars[i].name);
  tree body = gen_list (&g, region->body);
  /* Variables the IR used without declaring belong to the whole region.  */
  for (int i = 0; i < region->nvars; i++)
    declare (&g, i, &BIND_EXPR_VARS (body));
  append_to_statement_list (body, &BIND_EXPR_BODY (outer));
  finish_scopes (outer, loc);
  XDELETEVEC (g.vars);
  XDELETEVEC (g.declared);
  XDELETEVEC (g.saved);
  XDELETEVEC (g.params);
  return outer;
}

/* Set *PARALLEL when statements S hold a parallel loop outside any other;
   return false when a statement outside the parallel loops writes memory
   or makes a workspace (every thread of a team would run it).  */
static bool
workshare_list_ok (const sf_ir_stmt *s, bool *parallel)
{
  for (; s; s = s->next)
    switch (s->kind)
      {
      case SF_IR_STORE: case SF_IR_ASTORE: case SF_IR_ALLOC:
      case SF_IR_FREE: case SF_IR_CRITICAL:
	return false;
      case SF_IR_FOR:
	if (s->parallel)
	  {
	    *parallel = true;
	    break;
	  }
	/* FALLTHRU */
      default:
	if (!workshare_list_ok (s->body, parallel)
	    || !workshare_list_ok (s->else_body, parallel))
	  return false;
	break;
      }
  return true;
}

/* Return true when REGION may be work-shared by the team that encounters
   it (SF_OMP_WORKSHARE): it has a parallel loop, and outside its parallel
   loops it only computes values into variables of its own, so that every
   thread of the team may run that part.  */
bool
sf_ir_workshare_ok_p (const sf_region *region)
{
  bool parallel = false;
  return workshare_list_ok (region->body, &parallel) && parallel;
}
