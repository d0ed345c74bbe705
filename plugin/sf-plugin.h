/* Declarations shared by the GCC glue of sparsefuse: plugin/ (entry point,
   options), pragmas/ (the #pragma tensor handler) and passes/ (region
   capture, safety check, code generation).

   How a region travels from the pragma to the GIMPLE pass, keeping no GCC
   tree alive in our own memory (the garbage collector does not see it):

     #pragma tensor y(i) = B(i,j) * x(j)     pragma handler: parse, check,
     for (...) ...                            lower; add_stmt of
                                              __sparsefuse_region_begin (ID,
                                                 B.n, B.pos, B.crd, B.vals, x, y)
     (PRE_GENERICIZE)                         append __sparsefuse_region_end (ID)
                                              after the statement
     (GIMPLE pass "sparsefuse")               the call's arguments are the
                                              region's parameters; replace the
                                              statements between the markers.

   The region table is indexed by ID and holds only core data, location_t
   values and DECL_UIDs.  */

#ifndef SF_PLUGIN_H
#define SF_PLUGIN_H

#include "gcc-common.h"
#include "hash-map.h"

extern "C" {
#include "sf_core.h"
}

#define SF_BEGIN_MARKER "__sparsefuse_region_begin"
#define SF_END_MARKER "__sparsefuse_region_end"

/* -fplugin-arg-sparsefuse-verify=on|strict|off (SPEC 1.7).  */
enum sf_verify_mode
{
  SF_VERIFY_ON,			/* check; unverifiable regions replaced */
  SF_VERIFY_STRICT,		/* check; unverifiable regions kept */
  SF_VERIFY_OFF			/* no check */
};

/* Options from -fplugin-arg-sparsefuse-*.  */
struct sf_plugin_options
{
  bool disable;			/* parse and check pragmas, change nothing */
  bool report;			/* a note per region */
  bool quiet;			/* no warning when a region is kept */
  bool has_schedule;		/* schedule= given */
  sf_schedule schedule;
  bool no_dispatch;		/* dispatch=no: no run-time choice */
  bool all_alternatives;	/* dispatch=all: every frontier alternative */
  long parallel_min;		/* parallel-min=N (default 32768) */
  long orders;			/* orders=N (0: the default) */
  long candidate;		/* candidate=N (0: the auto-scheduler's
				   choice) */
  const char *only;		/* only=L1,L2,...: replace only the regions
				   whose pragma is on these lines (NULL:
				   all) */
  int verify;			/* sf_verify_mode */
  bool suggest;			/* annotations searched for loops without */
  bool no_gain;			/* gain=off: the generated code on every
				   input, also where it would run only its
				   schedule's plain loops (the gain test,
				   core/opt/gain.c) */
};

/* Whether the region whose pragma is at LOC is one only= selects.  */
bool sf_region_selected_p (location_t loc);
extern sf_plugin_options sf_options;

/* One annotated statement.  */
struct sf_region_info
{
  int id;
  location_t loc;		/* the pragma */
  sf_arena arena;		/* owns comp, ir and text */
  sf_comp *comp;
  sf_region *ir;		/* NULL: nothing to generate (kept) */
  const char *text;		/* the computation in index notation */
  double lower_ms;		/* time sf_lower took (scheduling included) */
  int out_uid;			/* DECL_UID of the output variable */
  const char *out_field;	/* sparse output: its values member; else NULL */
  bool out_by_pointer;		/* sparse output reached through a pointer */
  int nscratch;			/* scratch(...): DECL_UIDs of the arrays */
  int scratch_uid[SF_MAX_SCRATCH];
  bool marked;			/* a begin marker carries its id */
  bool threads_arg;		/* the marker's arguments after the params: */
  bool check_args;		/* [threads] [check count, check pointer] */
  int guard_args;		/* [guard] [the extent of each index] */
  bool guard_b;			/* the first of those: the test that the
				   extents the annotation equates agree */
  const char *guard_text;	/* what it compares */
  /* The integers the checker bound to the annotation's extents
     (passes/verify.cc), tested at the entry too.  */
  int nbound;
  tree bound_var[16];		/* the variable or member read */
  int bound_idx[16];		/* equal to the extent of this index */
  long bound_delta[16];		/* plus this */
  bool bound_ge[16];		/* or at least that */
  unsigned bound_alt[16];	/* or that of these indices (a bit each) */
  const char *bound_text;
  /* The function's variables the checker took as holding the copy they
     were set to before the region (passes/verify.cc), tested at the
     entry too: copy_var[k] == copy_rhs[k].  */
  int ncopies;
  tree copy_var[16];
  tree copy_rhs[16];
  const char *copy_text;
  /* Pointers into the output's values that the statement stores through,
     each set once before the region by a copy (double *out = A->vals;),
     tested at the entry too: out_copy_var[k] == out_copy_rhs[k]
     (passes/safety.cc).  */
  int nout_copies;
  tree out_copy_var[4];
  tree out_copy_rhs[4];
  /* Fusion with the previous region (pragmas/fuse.cc, passes/fuse.cc).  */
  int fuse_prev;		/* the previous region's id, or -1 */
  const char *fuse_why;		/* why there is no fused_ir */
  sf_region *fused_ir;		/* the previous computation substituted */
  const sf_comp *fused_comp;
  int fused_args;		/* marker argument of the first fused param */
  bool fused_guard;		/* after the fused params: the test that the
				   extents the fused computation equates
				   agree */
  const char *fused_guard_text;
  bool fused;			/* the pass chose fused_ir */
  gimple_seq fused_prev_stmts;	/* the previous region's statements, run
				   with this one's when a test at the
				   entry fails or the region is kept */
  tree fused_prev_guard;	/* the previous region's test, or NULL */
  /* OpenMP context (passes/omp-context.cc).  */
  int omp_mode;			/* sf_omp_mode for the generated code */
  bool omp_enclosed;		/* inside the body of an OpenMP construct */
  bool omp_own;			/* its statement is an OpenMP construct */
  const char *omp_why;		/* not NULL: keep the statement, because of
				   this directive: the region's own, or
				   (omp_why_inside) one enclosing it */
  bool omp_why_inside;
  const char *omp_what;		/* what the context made of the code, for
				   the report (NULL: a team of its own) */
  /* The first-run check (passes/first-run.cc) of a region the checker
     could not verify: the output's number of values and their address,
     built at the pragma (kept alive by pragmas/region-table.cc), NULL
     when they could not be built or verify is not "on".  */
  tree first_count;
  tree first_out;
  tree first_keep;		/* the GC list's node holding the two */
  bool unverified;		/* the checker could not settle it (the
				   note "annotation not verified") */
  bool fused_prev_unverified;	/* nor the region fused into it */
};

/* passes/pass.cc */
tree sf_guard_test (const sf_region_info *info, gcall *call);

/* pragmas/region-table.cc */
sf_region_info *sf_region_new (location_t loc);
sf_region_info *sf_region_get (int id);
void sf_region_release (sf_region_info *info);
tree sf_marker_decl (bool begin);
extern const struct ggc_root_tab sf_marker_roots[];
bool sf_marker_call_p (const_tree stmt, bool begin, int *id);
bool sf_marker_gimple_p (const gimple *stmt, bool begin, int *id);
void sf_region_keep_first_run (sf_region_info *info, tree count, tree out);

/* pragmas/pragma.cc */
void sf_register_pragmas (void *gcc_data, void *user_data);
void sf_define_macro (void *gcc_data, void *user_data);
void sf_report_diags (const sf_diags *diags, const location_t *locs,
		      int nlocs, location_t fallback);
bool sf_format_checked (const sf_format *f, const location_t *locs,
			int nlocs, location_t loc);
sf_region *sf_lower_timed (sf_region_info *info, const sf_comp *comp,
			   const sf_lower_options *opts, sf_diags *diags);

/* pragmas/fuse.cc */
void sf_fuse_remember (const sf_region_info *info, tree *decls,
		       const location_t *locs, int nlocs);
void sf_fuse_forget (void);
void sf_fuse_prepare (sf_region_info *info, tree *decls,
		      const location_t *locs, int nlocs,
		      const sf_lower_options *opts, vec<tree> *args);

/* pragmas/formats.cc */
enum sf_field_role
{
  SF_FIELD_SIZE,		/* an integer: dims, coo's NNZ */
  SF_FIELD_INDEX_ARRAY,		/* pos and crd */
  SF_FIELD_VALUE_ARRAY		/* values */
};
bool sf_field_type_ok (tree type, sf_field_role role, sf_ty *vtype);
sf_ty sf_value_ty (tree type);
tree sf_value_tree (sf_ty ty);
const char *sf_field_role_wanted (sf_field_role role);
int sf_format_register (const sf_format *format, location_t loc,
			const location_t *locs, int nlocs);
int sf_format_for_type (tree type);
const sf_format *sf_format_table (void);
int sf_format_count (void);

/* pragmas/tensors.cc */
void sf_tensor_declare (const sf_format *f, location_t loc,
			const location_t *locs, int nlocs);
int sf_tensor_format_of_decl (const_tree decl);
bool sf_tensor_names_unchanged (const_tree decl, location_t loc);
int sf_tensor_declared (int k, location_t *loc);

/* pragmas/resolve.cc */
bool sf_resolve_operands (sf_comp *comp, tree *decls, const location_t *locs,
			  int nlocs);
tree sf_build_clause_expr (const sf_cexpr *e, const location_t *locs,
			   int nlocs, location_t loc);
void sf_build_check_args (const sf_comp *comp, tree *decls,
			  const location_t *locs, int nlocs, location_t loc,
			  tree *args);
bool sf_check_clause_exprs (const sf_comp *comp, const location_t *locs,
			    int nlocs, location_t loc);
tree sf_build_field_expr (const sf_cexpr *e, const location_t *locs,
			  int nlocs, location_t loc);
/* Return the test, at the region's entry, that the extents COMP equates
   agree (formats and shape clauses equal, C arrays at least as large),
   or NULL_TREE when the compiler sees that they do; *TEXT (in ARENA)
   says what it compares.  error_mark_node after an error.  */
tree sf_build_extent_guard (const sf_comp *comp, tree *decls,
			    const location_t *locs, int nlocs,
			    location_t loc, sf_arena *arena,
			    const char **text);
/* Return the extent of index IDX of COMP, as a long.  */
tree sf_build_index_extent (const sf_comp *comp, int idx, tree *decls,
			    const location_t *locs, int nlocs,
			    location_t loc);
tree sf_build_param (const sf_param *param, const sf_comp *comp,
		     tree *decls, const location_t *locs, int nlocs,
		     location_t loc);


/* passes/mark.cc */
void sf_mark_region_ends (void *gcc_data, void *user_data);

/* passes/safety.cc */
bool sf_region_safe_p (gimple_stmt_iterator begin, gimple_stmt_iterator end,
		       sf_region_info *info, gimple_seq fn_body,
		       const char **why, location_t *why_loc);

/* passes/verify.cc */
bool sf_verify_region (gimple_stmt_iterator begin, gimple_stmt_iterator end,
		       sf_region_info *info, gimple_seq fn_body,
		       const char **why);
/* The one assignment of each of the function's own pointer and integer
   variables (not artificial, address never taken) in FN_BODY, NULL for
   one assigned twice or set by a call, into *DEFS.  */
void sf_collect_user_defs (gimple_seq fn_body,
			   hash_map<tree, gimple *> *defs);
/* Whether DEF, the one assignment of a variable, is a copy the region's
   entry can test again (of a variable, a constant, or a member or
   element reached from a variable without side effects).  */
bool sf_copy_def_p (gimple *def);

/* passes/suggest.cc */
void sf_suggest_annotations (gimple_seq fn_body);

/* passes/fuse.cc */
bool sf_fuse_into_next (gimple_stmt_iterator *gsi, gimple_stmt_iterator end_gsi,
			sf_region_info *info1, gimple_seq fn_body);

/* passes/omp-context.cc */
void sf_omp_classify_regions (gimple_seq body);
gimple *sf_omp_own_statement (gimple_stmt_iterator begin);

/* passes/call-values.cc */
/* The values a function called at a region's begin marker takes, as
   expressions over fewer of the caller's values (its leaves).  The
   marker's arguments are loads and conversions the region's preamble
   makes just before it (n = (long) B->n, B_pos = B->pos, ...), and the
   user's locals the statement reads are often set the same way
   (rowptr = B->rowptr): passing B and loading them in the function
   keeps them out of the caller, whose path to the statement then holds
   fewer values and needs no register saved (at a few nanoseconds a
   call, the cost of the shortest calls).  A value is loaded again only
   from the run of statements right before the marker that store nothing
   and call nothing (the memory it reads is the same at the call): an
   SSA name the run defines, or a local it assigns once, before the
   definition that reads it; every other local is a leaf if the run does
   not assign it.  */
struct sf_call_values
{
  hash_map<gimple *, int> run;	/* the run: each one's distance from the
				   marker (0: just before it) */
  hash_map<tree, int> assigns;	/* the locals the run assigns: how often */
  hash_map<tree, gimple *> assign;	/* ... and where */
  hash_map<tree, tree> done;	/* a value -> its expression */
  auto_vec<tree> leaves;
  int at;			/* the distance of the definition expanded,
				   -1 at the call */

  explicit sf_call_values (gimple_stmt_iterator marker);
  tree value (tree v);
  tree expand (tree v);
  void leaf (tree v);
};
void sf_order_as_caller (tree caller, vec<tree> *args, vec<tree> *parms);
void sf_replace_in (tree *tp, hash_map<tree, tree> *map);

/* passes/new-function.cc */
tree sf_new_function_decl (location_t loc, const char *suffix, tree type);

/* passes/statement-fn.cc */
/* Move the statements of region INFO between its markers BEGIN and END
   into a function of their own, and return the call of it (GENERIC) to
   put where they were; or leave them and return NULL with *WHY what
   keeps them.  */
tree sf_outline_statement (const sf_region_info *info,
			   gimple_stmt_iterator begin,
			   gimple_stmt_iterator end, gimple_seq fn_body,
			   const char **why);

/* passes/liveness.cc */
bool sf_live_after_p (gimple_seq fn_body, gimple *end_marker, tree var);

/* passes/irgen.cc */

/* What the OpenMP context of a region allows its parallel loops.  */
enum sf_omp_mode
{
  SF_OMP_TEAM,			/* a team of their own (OMP_PARALLEL) */
  SF_OMP_SERIAL,		/* no OpenMP: the region runs in a parallel
				   region, whole in each thread */
  SF_OMP_WORKSHARE,		/* work-shared by the encountering team: the
				   annotated loop carried 'omp for' */
  SF_OMP_WORKSHARE_NOWAIT	/* the same, 'omp for nowait' */
};
/* Return true when MODE shares the loops among an existing team.  */
inline bool
sf_omp_workshared_p (int mode)
{
  return mode == SF_OMP_WORKSHARE || mode == SF_OMP_WORKSHARE_NOWAIT;
}
bool sf_ir_workshare_ok_p (const sf_region *region);
tree sf_ir_to_generic (const sf_region *region, const tree *params,
		       tree num_threads, sf_omp_mode mode, bool own_threads,
		       location_t loc);
extern tree sf_llc_cache_decl;
/* Return the statement that reads the last-level cache into its cache
   when the program has not yet (what a test with LLC_SEEN reads).  */
tree sf_llc_fill (void);
tree sf_ir_test_to_generic (const sf_region *region, const sf_ir_expr *e,
			    const tree *values, location_t loc,
			    bool llc_seen = false);

/* passes/first-run.cc */
bool sf_first_run_p (const sf_region_info *info);
void sf_first_run_insert (sf_region_info *info, tree test, gimple_seq code,
			  gimple_stmt_iterator *gsi,
			  gimple_stmt_iterator end_gsi);

/* passes/pass.cc */
opt_pass *sf_make_pass (gcc::context *ctxt);

/* passes/debug-names.cc */
extern bool sf_made_vars;
opt_pass *sf_make_names_pass (gcc::context *ctxt);

#endif /* SF_PLUGIN_H */
