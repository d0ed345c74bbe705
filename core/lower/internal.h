/* Internal interface of the lowering (lower*.c): index notation to loop
   IR, TACO style.  Not for the glue: it calls sf_lower only.

     y(i) = B(i,j) * x(j)      B CSR
   is held as
     accesses   a0 = y(i) (output)  a1 = B(i,j)  a2 = x(j)
     lw_expr    SUM{j} (MUL (ACC a1, ACC a2))     (reductions explicit)
     order      i j
   and lowered index by index: at i the merge lattice of the expression
   over i is {} (every iterator full) -> a dense loop; at j it is {B}
   (one compressed level) -> a position loop over B's row.  The path
   (lw_path) records what is known at each point of the nest: the bound
   indices' coordinates and, per access, its position (sparse) or
   partial offset (dense).  */

#ifndef SF_LOWER_INT_H
#define SF_LOWER_INT_H

#include "sf_core.h"
#include "ir/ir.h"
#include "ir/work.h"
#include "opt/opt.h"
#include "lower/lower.h"

#define LW_MAX_ACCESS 64	/* accesses in one computation */
#define BIT(v) (1u << (v))	/* the mask of index (or iterator) V */
#define LW_MAX_ITERS 32		/* iterators of one loop (mask bits) */
#define LW_MAX_POINTS 128	/* points of one merge lattice */
#define LW_MAX_CASES 4096	/* lattice cases in one nest (code size) */
#define LW_UNION_CASES 8 	/* more cases in one loop: one guarded case
				   instead (lower/loop.c) */

/* Variables one candidate's lowering may make (with the region's own
   before it).  The most any region of the test suite or the bench
   makes is 625.  A co-iteration of many operands at several nested
   levels (a sum of terms over COO operands with duplicates, each
   level's merge lattice repeated in every point of the level above)
   makes code without bound: fuzz seed 20261220's case 303 made a 7.5 MB
   dump in 5.9 s, and GCC took 16 s more to compile it.  Past this the
   candidate is not a schedule of the region.  */
#define LW_MAX_VARS 4000

/* ---- expressions with explicit reductions (lower/expr.c) ---- */

typedef enum lw_kind
{
  LW_NUM,			/* num */
  LW_ACC,			/* access acc: a tensor element or a scalar */
  LW_TEMP,			/* IR variable var (a hoisted value) */
  LW_WORK,			/* element of workspace var (an index into
				   lw_ctx.work) at the indices mention */
  LW_ADD, LW_SUB, LW_MUL,	/* a op b */
  LW_NEG,			/* -a */
  LW_SUM			/* sum of a over the indices in mask sum */
} lw_kind;

typedef struct lw_expr
{
  lw_kind kind;
  double num;
  int acc;
  int var;
  unsigned sum;
  unsigned mention;		/* indices the subtree mentions (SUM: its own) */
  sf_ty ty;			/* the value type; VOID for untyped (numbers,
				   which take the type of what they meet) */
  sf_ty literal;		/* NUM: F64 or F32 when spelled as a floating
				   constant (sf_expr.literal) */
  struct lw_expr *a, *b;
} lw_expr;

/* ---- accesses and their state along the nest ---- */

typedef struct lw_access
{
  int operand;
  const sf_operand *op;
  const sf_format *format;	/* SPARSE operands */
  int nidx;
  int idx[SF_MAX_ORDER];
  int slot[SF_MAX_INDICES];	/* level (SPARSE) or dim (DENSE) of an index,
				   -1 when the access does not use it */
  int relayout;			/* DENSE: read from a copy in the other
				   layout (lw_choose_relayout) */
  /* A sparse operand read from a dense copy (relayout() clause, ctx
     densify): FORMAT is NULL, the access is dense with SLOT[v] its dim,
     DENSE_OF the operand's own format; LAYOUT[k] the dim stored k-th
     (outermost first) once LAID, chosen from the loop order.  */
  const sf_format *dense_of;
  int laid;
  int layout[SF_MAX_ORDER];
  /* A sparse temporary (lower/where.c, "Temporaries over a sparse
     pattern"): the access iterates its operand's pattern, but its values
     are the elements of workspace VALUES_WORK (ctx->work), indexed by
     position; -1 for an operand's own values.  */
  int values_work;
} lw_access;

typedef struct lw_state
{
  int nbound;			/* levels (SPARSE) or dims (DENSE) bound */
  sf_ir_expr *pos;		/* SPARSE: position at level nbound-1;
				   NULL at the root (position 0) */
  int ranged;			/* SPARSE: children are [lo, hi) instead */
  sf_ir_expr *lo, *hi;
  sf_ir_expr *offset;		/* DENSE: partial offset (NULL: 0) */
  sf_ir_expr *run_value;	/* SPARSE, a run at the last level: the sum
				   of its values (repeated coordinates add
				   up), else NULL */
  sf_ir_expr *guard;		/* SPARSE: when not NULL, POS is a position
				   only where GUARD holds; elsewhere the
				   children are empty (lower/loop.c) */
  sf_ir_expr *cursor;		/* the sparse output searched at level
				   nbound: the variable its search starts
				   from (lw_out_cursor), or NULL */
  sf_ir_expr *driven;		/* the sparse output at level nbound is
				   bound already: the loop runs over its
				   positions, this one (lw_emit_loop) */
} lw_state;

typedef struct lw_path
{
  unsigned bound;		/* indices bound by enclosing loops */
  sf_ir_expr *coord[SF_MAX_INDICES];
  lw_state st[LW_MAX_ACCESS];
} lw_path;

/* Where a computed value goes.  */
typedef enum lw_sink_kind
{
  LW_SINK_OUT,			/* the output */
  LW_SINK_TEMP,			/* scalar variable var, accumulated */
  LW_SINK_WORK			/* workspace var (lw_ctx.work), accumulated
				   at its indices */
} lw_sink_kind;
typedef struct lw_sink
{
  lw_sink_kind kind;
  int var;			/* TEMP, WORK */
} lw_sink;

/* A workspace: the dense temporary of a where-statement (lower/where.c),
   over the indices IDX (row-major in the loop order); ir/work.h.  */
#define LW_MAX_WORK SF_MAX_WORK
typedef sf_work lw_work;

/* ---- level formats: a table of capabilities (lower_level_*.c) ---- */

typedef struct lw_ctx lw_ctx;

typedef struct lw_level_ops
{
  sf_level_kind kind;
  int full;			/* every coordinate present: locate */
  /* FULL: return the position of COORD under the parent state PARENT,
     NULL when the level cannot hang under it.  */
  sf_ir_expr *(*locate) (lw_ctx *, int acc, int level, const lw_state *parent,
			 sf_ir_expr *coord);
  /* not FULL: set [*LO, *HI) to the positions under PARENT; return
     nonzero when the level cannot hang under it.  */
  int (*bounds) (lw_ctx *, int acc, int level, const lw_state *parent,
		 sf_ir_expr **lo, sf_ir_expr **hi);
  /* not FULL: return the (0-based) coordinate at position Q.  */
  sf_ir_expr *(*coord) (lw_ctx *, int acc, int level, sf_ir_expr *q);
  /* Return the number of positions of the level, given PARENT_SIZE
     positions of the level above (1 above the root).  */
  sf_ir_expr *(*size) (lw_ctx *, int acc, int level, sf_ir_expr *parent_size);
} lw_level_ops;

extern const lw_level_ops lw_level_dense;
extern const lw_level_ops lw_level_compressed;
extern const lw_level_ops lw_level_singleton;
extern const lw_level_ops lw_level_coo;

/* ---- iterators of one loop and merge lattices ---- */

typedef struct lw_iter
{
  int acc, level;		/* level (SPARSE) or dim (DENSE) */
  int full;			/* located, never restricts the loop */
  int segmented;		/* non-unique level: iterate runs of equal
				   coordinates, children get the run */
  int deferrable;		/* its absence can be left to the levels
				   below: they are all compressed or
				   singleton, an absent parent gives them an
				   empty range (one case instead of many) */
  int guardable;		/* deferrable, or at its access's last
				   level: an absent value reads as 0 */
  const lw_level_ops *ops;	/* SPARSE operands */
  /* Variables while the loop is emitted (sparse iterators); SUM: the
     values of a run at the access's last level, added up.  */
  int q, end, crd, has, run, sum;
} lw_iter;

/* A merge lattice: points are masks over a loop's iterators (bit n for
   iterator n), the empty mask standing for "every coordinate".  Points
   are distinct and sorted by decreasing size; the first is the top.  */
typedef struct lw_lattice
{
  int n;
  unsigned pt[LW_MAX_POINTS];
} lw_lattice;

/* ---- the lowering context ---- */

struct lw_ctx
{
  sf_arena *arena;
  const sf_comp *comp;
  const sf_format *formats;
  const sf_lower_options *options;
  sf_region *r;
  int nacc;
  lw_access acc[LW_MAX_ACCESS];
  int out;			/* access id of the output */
  int norder;
  int order[SF_MAX_INDICES];
  unsigned free_mask;		/* the output's indices */
  sf_ty out_ty;			/* element type of the output */
  /* How the current nest is generated.  */
  int out_acc;			/* stores to the output accumulate */
  int share;			/* sparse output: access whose positions it
				   shares, or -1: search */
  /* What generating it found.  */
  int need_acc;			/* a reduction loop encloses a store */
  int partial;			/* some output entries are not written */
  int splitting;		/* generating one nest per top-level term */
  int fiber_zeroed;		/* the sparse output's fibers are zeroed as
				   they are bound (lw_out_bind) */
  int share_failed;		/* SHARE unusable somewhere */
  int failed;			/* give up; see why */
  const char *why;		/* the first reason, for the warning */
  int soft_fail;		/* failed only for being one nest */
  /* Per-nest caches and text.  */
  sf_ir_list prologue;		/* strides, evaluated before the nest */
  int stride_var[SF_MAX_OPERANDS][SF_MAX_ORDER];
  int relayout_work[SF_MAX_OPERANDS];	/* ctx->work entry of the copy of
					   a relayout operand, -1: none; one
					   array shared by the nests of a
					   lowering (fast and slow path) */
  int relayout_copied[SF_MAX_OPERANDS];	/* this nest's prologue fills it */
  const char *desc[SF_MAX_INDICES];
  int parallel_index;		/* index of the parallel loop, or -1 */
  int ncases;			/* lattice cases generated so far */
  int nsplit;			/* one nest per top-level term: how many */
  int zeroed;			/* the output is zeroed first */
  int shared_with;		/* the region tests sharing with this access */
  int fast_zeroed;		/* ... and its shared nest zeroes first */
  sf_ir_stmt *top_loop;		/* the nest's outermost loop when it is a
				   dense loop over the output's first
				   index, which may zero its slice */
  int free_first;		/* lw_choose_order: output indices first */
  int densify;			/* relayout() operands are read from dense
				   copies (lw_densify_layouts) */
  int sums_first;		/* lw_choose_order: the indices of inner sums
				   (and what they need) first; where-
				   statements may keep sparse indices (the
				   tensor-network candidate) */
  int sparse_first;		/* lw_choose_order: dense operands' storage
				   orders ignored (SF_ORDERS_SPARSE_FIRST) */
  int nwork;			/* workspaces made (lower/where.c) */
  int in_out_block;		/* generating the copy of an output block */
  int tune;			/* accumulated output rows go through a
				   block (lower/where.c), gathered rows are
				   prefetched (opt/prefetch.c): not under
				   schedule(naive), the plain nest */
  char row_text[64];		/* their blocks' names, for the schedule */
  int driven;			/* a loop runs over the sparse output's own
				   pattern (lw_emit_driven) */
  int blocked_rows;		/* rows per block of the row loop, 0: not
				   blocked (opt/row_blocks.c) */
  int tiled;			/* loops rewritten into register tiles
				   (opt/tiles.c) */
  int prefetched;		/* loops prefetching the rows they gather
				   (opt/prefetch.c) */
  int streamed;			/* loops prefetching the arrays of their
				   entries (opt/streams.c) */
  int rewrites, picked;		/* the loop passes' rewrites, and those a
				   test of the data picks (opt/opt.h) */
  sf_ir_stmt *phase_loops[8];	/* the block loops of row loops run in
				   phases (opt/phases.c), whose second
				   phase opt/row_blocks.c may block by rows */
  int nphase_loops;
  int privatized;		/* variable of the loop whose reduction into
				   the output or a workspace got a copy per
				   thread, -1: none (opt/privatize.c) */
  const char *privatized_into;	/* the name of that output or workspace */
  lw_work work[LW_MAX_WORK];
  int fuse;			/* make where-statements instead of lifting
				   sums (schedule auto and unfused) */
  int nwhere;			/* where-statements made */
  char where_text[512];		/* their description, for the schedule */
  int ndense_for;		/* serial dense loops generated (for the */
  sf_ir_stmt *dense_for[256];	/* passes: sf_pass_ctx.dense_for) */
  /* What sf_lowering_new left, for each candidate to start from
     (lower/candidate.c): the right-hand side, the variables and dense
     loops made, the preferred loop order.  */
  lw_expr *rhs;
  int start_nvars, start_ndense_for;
  int pref_norder;
  int pref_order[SF_MAX_INDICES];
};

/* lower/lower.c */
lw_ctx *lw_ctx_new (sf_arena *arena, const sf_comp *comp,
		    const sf_format *formats, const sf_lower_options *options);
lw_expr *lw_prepare (lw_ctx *ctx);
void lw_reset (lw_ctx *ctx, int share, int out_acc);
sf_ir_stmt *lw_lower_all (lw_ctx *ctx, lw_expr *e);
void lw_fail (lw_ctx *ctx, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
const char *lw_index_name (const lw_ctx *ctx, int v);

/* lower/expr.c */
int lw_new_access (lw_ctx *ctx, const sf_expr *access);
lw_expr *lw_from_ast (lw_ctx *ctx, const sf_expr *e);
int lw_value_types (lw_ctx *ctx, lw_expr *rhs);
lw_expr *lw_insert_sums (lw_ctx *ctx, lw_expr *e);
lw_expr *lw_factor_sums (lw_ctx *ctx, lw_expr *e);
int lw_reassociations (lw_ctx *ctx, lw_expr *rhs, lw_expr **out,
		       const char **label, int max);
lw_expr *lw_num (lw_ctx *ctx, double v);
lw_expr *lw_temp (lw_ctx *ctx, int var);
lw_expr *lw_node (lw_ctx *ctx, lw_kind kind, lw_expr *a, lw_expr *b);
lw_expr *lw_sum (lw_ctx *ctx, unsigned mask, lw_expr *body);
int lw_is_zero (const lw_expr *e);
lw_expr *lw_find_sum (lw_expr *e, int v);
lw_expr *lw_replace (lw_ctx *ctx, lw_expr *e, const lw_expr *old,
		     lw_expr *with);
lw_expr *lw_restrict (lw_ctx *ctx, lw_expr *e, const lw_iter *it, int nit,
		      unsigned present);
int lw_has_access (const lw_expr *e);
sf_ty lw_value_ty (const lw_ctx *ctx, const lw_expr *e);
sf_ir_expr *lw_eval (lw_ctx *ctx, const lw_path *path, const lw_expr *e);
int lw_additive_terms (lw_ctx *ctx, lw_expr *e, lw_expr **terms, int max);

/* lower/lattice.c */
int lw_lattice_build (lw_ctx *ctx, const lw_expr *e, const lw_iter *it,
		      int nit, lw_lattice *out);
int lw_lattice_has_full (const lw_lattice *l);
void lw_lattice_require (lw_lattice *l, unsigned bit);
int lw_lattice_unite (lw_lattice *l, unsigned p);
int lw_point_below (unsigned q, unsigned p);

/* lower/order.c */
int lw_choose_order (lw_ctx *ctx, const lw_expr *e, unsigned used);
/* Whether ORDER puts an index only dense operands have outside a sparse
   level (lower/order.c).  */
int lw_dense_outside_sparse (const lw_ctx *ctx, const int *order, int n);
/* Whether index V has the constant extent 1 (a scalar output's).  */
int lw_unit_index (const lw_ctx *ctx, int v);
/* Up to MAX loop orders that follow the sparse operands' storage orders,
   lw_choose_order's first, of the same length *LEN; returns how many.  */
int lw_order_variants (lw_ctx *ctx, const lw_expr *e, unsigned used,
		       int (*orders)[SF_MAX_INDICES], int max, int *len);
/* Store in HARD[0..SF_MAX_INDICES-1] the sparse storage-order edges.  */
void lw_hard_edges (const lw_ctx *ctx, unsigned *hard);
/* Return the indices E leaves free (mentioned outside the sums binding
   them).  */
unsigned lw_free_indices (const lw_expr *e);

/* lower/access.c */
sf_ir_expr *lw_index_extent (lw_ctx *ctx, int v);
sf_ir_expr *lw_cexpr_value (lw_ctx *ctx, const sf_cexpr *e, const char *name);
int lw_operand_param (lw_ctx *ctx, sf_param_kind kind, int operand);
/* Return the extent of dim D of the dense output (storage order).  */
sf_ir_expr *lw_output_extent (lw_ctx *ctx, int d);
int lw_field_param (lw_ctx *ctx, int operand, const sf_field_ref *f,
		    int is_pointer, sf_ty ty);
sf_ty lw_operand_vtype (const lw_ctx *ctx, int operand);
sf_ir_expr *lw_access_value (lw_ctx *ctx, const lw_path *path, int acc);
void lw_bind_full (lw_ctx *ctx, lw_path *path, sf_ir_list *list, int acc,
		   int v);
void lw_bind_sparse (lw_path *path, const lw_iter *it, sf_ir_expr *q,
		     sf_ir_expr *run_end, sf_ir_expr *run_value,
		     sf_ir_expr *guard);
int lw_out_cursor (lw_ctx *ctx, lw_path *path, int v, sf_ir_list *list);
int lw_out_bind (lw_ctx *ctx, lw_path *path, sf_ir_list *list, int v,
		 const lw_iter *it, int nit, unsigned present,
		 sf_ir_stmt **wrap);
void lw_store_out (lw_ctx *ctx, const lw_path *path, sf_ir_list *list,
		   sf_ir_expr *value, sf_ty value_ty);
sf_ir_expr *lw_stored_count (lw_ctx *ctx, int acc);
void lw_zero_output (lw_ctx *ctx, sf_ir_list *list);
int lw_zero_in_top_loop (lw_ctx *ctx);
int lw_share_candidate (lw_ctx *ctx);
sf_ir_expr *lw_share_test (lw_ctx *ctx, int b);

/* lower/iter.c */
const lw_level_ops *lw_level_ops_of (sf_level_kind kind);
int lw_collect_iters (lw_ctx *ctx, const lw_path *path, const lw_expr *e,
		      int v, lw_iter *it);
int lw_level_param (lw_ctx *ctx, int acc, int level, int crd);
sf_ir_expr *lw_level_dim (lw_ctx *ctx, int acc, int level);
void lw_guard_bounds (lw_ctx *ctx, const lw_state *parent, sf_ir_expr **lo,
		      sf_ir_expr **hi);

/* lower/loop.c */
void lw_emit_loop (lw_ctx *ctx, int k, lw_expr *e, lw_sink sink,
		   lw_path *path, sf_ir_list *list);

/* lower/where.c */
unsigned lw_sink_free (const lw_ctx *ctx, const lw_path *path, lw_sink sink);
int lw_want_where (const lw_ctx *ctx, const lw_path *path, lw_expr *r,
		   unsigned inner, unsigned outer);
lw_expr *lw_nest_sums (lw_ctx *ctx, lw_expr *e);
int lw_work_full_ok (const lw_ctx *ctx, lw_expr *r);
int lw_want_out_block (const lw_ctx *ctx, const lw_path *path,
		       const lw_expr *e);
void lw_gen_out_block (lw_ctx *ctx, int k, lw_expr *e, lw_path *path,
		       sf_ir_list *list, int kind);
lw_expr *lw_mask_of (const lw_ctx *ctx, lw_expr *e, const lw_expr *r);
lw_expr *lw_gen_masked_producer (lw_ctx *ctx, lw_expr *e, lw_expr *r,
				 lw_expr *mask, lw_path *path,
				 sf_ir_list *list);
lw_expr *lw_gen_where_producer (lw_ctx *ctx, int k, lw_expr *e, lw_expr *r,
				lw_path *path, sf_ir_list *list);
/* As lw_gen_where_producer at the root, its outermost loop parallel when
   it writes disjoint rows of the full temporary.  */
lw_expr *lw_gen_full_producer (lw_ctx *ctx, lw_expr *e, lw_expr *r,
			       lw_path *path, sf_ir_list *list);
sf_ir_expr *lw_work_value (lw_ctx *ctx, const lw_path *path,
			   const lw_expr *e);
void lw_work_store (lw_ctx *ctx, const lw_path *path, int w,
		    sf_ir_expr *value, sf_ir_list *list);
int lw_work_in (const lw_ctx *ctx, int w, const sf_ir_stmt *body);
sf_ir_stmt *lw_place_work (lw_ctx *ctx, sf_ir_stmt *body);

/* lower/order.c */
int lw_choose_relayout (lw_ctx *ctx);
int lw_densify_layouts (lw_ctx *ctx);
/* lower/where.c */
int lw_new_full_work (lw_ctx *ctx, unsigned idx, sf_ty ty);
int lw_work_live (const lw_ctx *ctx, int w);
void lw_forget_work (lw_ctx *ctx);

/* lower/nest.c */
void lw_gen (lw_ctx *ctx, int k, lw_expr *e, lw_sink sink, lw_path *path,
	     sf_ir_list *list);
void lw_gen_case (lw_ctx *ctx, int k, lw_expr *e, lw_sink sink,
		  lw_path *path, const lw_iter *it, int nit, unsigned present,
		  sf_ir_list *list);
int lw_new_var (lw_ctx *ctx, const char *name, sf_ty ty);
void lw_fail_vars (lw_ctx *ctx);
sf_ir_expr *lw_var (lw_ctx *ctx, int var);

#endif /* SF_LOWER_INT_H */
