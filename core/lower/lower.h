/* The lowering's interface to the scheduler (sched/candidates.c,
   sched/driver.c): a lowering handle for one checked computation, the
   queries that say what the scheduler may enumerate, and one entry point
   that lowers one candidate schedule to loop IR.

     sf_lowering *lw = sf_lowering_new (arena, comp, formats, options,
                                        NULL, 0);
     sf_lowering_info in;
     sf_lowering_info_get (lw, &in);        in.rhs, in.order: preferred
     spec.e = in.rhs;  spec.form = SF_FORM_FUSED;  spec.order = in.order
     if (sf_lower_candidate (lw, &spec, &c))      c.body: its loop IR
       ... read its cost (sched/ir_cost.h), the others', choose ...
     body = sf_lowering_finish (lw, chosen, threads_pay);
     text = sf_lowering_text (lw, &choice);

   The lowering never calls the scheduler: what the cost model needs of
   it (its region, workspaces, the run-time values of extents and nnz,
   the dense reads of a loop order) it hands out as data, and the threads
   test sf_lowering_finish places is an expression the scheduler made.
   Expressions (sf_lw_expr) are the lowering's index notation, opaque
   here: the scheduler holds them to name candidates.  */

#ifndef SF_LOWER_H
#define SF_LOWER_H

#include "sf_core.h"
#include "ir/ir.h"
#include "ir/work.h"

typedef struct lw_ctx sf_lowering;
typedef struct lw_expr sf_lw_expr;

/* ---- the handle ---- */

/* Return a lowering of COMP (FORMATS, OPTIONS) in ARENA, its region R
   when not NULL (a second lowering of the same region) else a new one;
   with DENSIFY its relayout() operands are read from dense copies.  The
   computation is checked for what the lowering handles and put in index
   notation with its preferred loop order; when it cannot be lowered,
   sf_lowering_info_get gives a NULL rhs and why.  */
sf_lowering *sf_lowering_new (sf_arena *arena, const sf_comp *comp,
			      const sf_format *formats,
			      const sf_lower_options *options, sf_region *r,
			      int densify);

/* What the lowering holds now, for the scheduler to read.  */
typedef struct sf_lowering_info
{
  sf_arena *arena;
  const sf_comp *comp;
  const sf_format *formats;
  const sf_lower_options *options;
  sf_region *r;
  sf_lw_expr *rhs;		/* the right-hand side with its reductions
				   explicit; NULL when not lowerable */
  int failed;			/* the last lowering gave up ... */
  const char *why;		/* ... for this first reason */
  int out_operand;		/* the output's operand */
  int out_sparse;		/* the output is sparse */
  int nsparse;			/* sparse operands read (dense copies of
				   them count) */
  int densify;
  const sf_work *work;		/* the workspaces made (ir/work.h) */
  int nwork;
  int nwhere;			/* where-statements last made */
  int rewrites, picked;		/* the loop passes' rewrites last made,
				   and those a test of the data picks */
  int norder;			/* the preferred loop order */
  const int *order;
} sf_lowering_info;

/* Fill *OUT with what LW holds now.  */
void sf_lowering_info_get (const sf_lowering *lw, sf_lowering_info *out);

/* ---- what the scheduler enumerates ---- */

typedef enum sf_order_kind
{
  SF_ORDERS_RULES,		/* the rules' order of the expression */
  SF_ORDERS_SUMS_FIRST,		/* the inner sums' indices first (a
				   tensor network) */
  SF_ORDERS_SPARSE_FIRST,	/* the dense operands' layouts ignored, when
				   the preferred order puts a dense loop
				   outside a sparse level; else none */
  SF_ORDERS_DEPARTING		/* the rules' order, then those departing
				   from it at one step */
} sf_order_kind;

/* Store in ORDERS[0..] up to MAX loop orders of kind KIND for the
   expression E, all of length *LEN; return how many (0 when the sparse
   operands admit none).  The preferred order and the failure state are
   left as they were.  */
int sf_lowering_orders (sf_lowering *lw, const sf_lw_expr *e,
			sf_order_kind kind, int (*orders)[SF_MAX_INDICES],
			int max, int *len);

/* Return E with each product's sums nested in the loop order ORDER (LEN
   indices), for the form SF_FORM_NESTED.  */
sf_lw_expr *sf_lowering_nested (sf_lowering *lw, sf_lw_expr *e,
				const int *order, int len);

/* Store in OUT (at most MAX) the right-hand side RHS with its top-level
   product associated otherwise, and in LABEL what each multiplies first
   ("C*B"); return how many.  */
int sf_lowering_associations (sf_lowering *lw, sf_lw_expr *rhs,
			      sf_lw_expr **out, const char **label, int max);

/* Return nonzero when E has a sum of dense factors alone that the form
   SF_FORM_DENSE_FIRST computes before the nest.  */
int sf_lowering_has_dense_sum (sf_lowering *lw, sf_lw_expr *e);

/* The dense reads of a computation: each dense access's indices in
   storage order (a dense copy's in its layout), for the stride score
   (sched/dispatch.h).  */
typedef struct sf_dense_read
{
  int nidx;
  int idx[SF_MAX_ORDER];
} sf_dense_read;

/* Store in READ (at most MAX) the dense reads of LW; return how many.  */
int sf_lowering_dense_reads (const sf_lowering *lw, sf_dense_read *read,
			     int max);

/* A tensor network as the order model (sched/order_model.h) sees it, in
   the region's indices.  */
#define SF_NETWORK_MAX 16
typedef struct sf_network
{
  unsigned used;		/* the indices of the computation */
  unsigned hard[SF_MAX_INDICES];	/* hard[v]: indices that must precede
					   v (sparse storage orders) */
  int nsums;			/* sums below the root that leave indices
				   of USED free, outermost first */
  unsigned sum_free[SF_NETWORK_MAX];	/* each one's free indices */
  unsigned sum_sum[SF_NETWORK_MAX];	/* the indices it sums */
  unsigned sum_inner[SF_NETWORK_MAX];	/* those summed inside it */
  int ncopies;			/* operands read from dense copies */
  int copy_nidx[SF_MAX_OPERANDS];
  int copy_idx[SF_MAX_OPERANDS][SF_MAX_ORDER];	/* each copy's indices */
} sf_network;

/* Fill *OUT with the network of RHS, at most MAX_SUMS sums.  */
void sf_lowering_network (const sf_lowering *lw, const sf_lw_expr *rhs,
			  int max_sums, sf_network *out);

/* With dense copies (DENSIFY), lay them out anew in loop order ORDER
   (LEN indices); nothing else.  */
void sf_lowering_lay_copies (sf_lowering *lw, const int *order, int len);

/* Forget the last lowering's failure and go back to the preferred loop
   order.  */
void sf_lowering_reset (sf_lowering *lw);

/* ---- one candidate ---- */

typedef enum sf_form
{
  SF_FORM_NAIVE,		/* the single nest */
  SF_FORM_FUSED,		/* where-statements, the sums as inserted */
  SF_FORM_NESTED,		/* the same, the expression's sums nested */
  SF_FORM_INNER_FIRST,		/* not a form: candidate 3's name, which
				   is SF_FORM_FUSED with SUMS_FIRST */
  SF_FORM_DENSE_FIRST,		/* sums of dense factors into full
				   temporaries first, then where-statements */
  SF_FORM_UNFUSED		/* schedule(unfused): each inner sum into a
				   full temporary first, then one nest */
} sf_form;

/* One candidate schedule: expression E lowered in form FORM in the loop
   order ORDER (NORDER indices), with SUMS_FIRST the tensor network's
   order mode; KEEP keeps the variables and workspaces of the candidates
   lowered before it (the alternatives of a run-time choice share the
   region), else it starts from the state after sf_lowering_new.  */
typedef struct sf_candidate_spec
{
  sf_lw_expr *e;
  sf_form form;
  int sums_first;
  int keep;
  int norder;
  int order[SF_MAX_INDICES];
} sf_candidate_spec;

/* One candidate's loop IR.  */
typedef struct sf_candidate_ir
{
  sf_ir_stmt *body;		/* before the loop-IR passes; NULL, or not
				   to be used when FAILED */
  int failed;
  const char *why;		/* the first reason it gave up, or NULL */
  int nwhere;			/* where-statements made */
  int full;			/* a workspace over the whole iteration
				   space (not fused into a loop) */
} sf_candidate_ir;

/* The entry point: lower candidate SPEC in LW into *OUT; return nonzero
   when its body is a schedule of the region (not FAILED).  */
int sf_lower_candidate (sf_lowering *lw, const sf_candidate_spec *spec,
			sf_candidate_ir *out);

/* ---- the run-time choices' pieces ---- */

/* A symbol whose value the program reads when it runs.  */
typedef struct sf_value_sym
{
  int kind;			/* 1 an index's extent, 2 the positions of a
				   stored level, 0 none */
  int index;			/* 1 */
  int operand, level;		/* 2 */
} sf_value_sym;

/* Store in VALUE[k] the run-time value of each of the N symbols SYM[k]
   (NULL for kind 0 and for a count the pos arrays cannot give; with
   UPPER a coo level's runs count as its entries); return nonzero when
   LW has failed, before or while reading them.  The failure state is
   left as it was.  */
int sf_lowering_values (sf_lowering *lw, const sf_value_sym *sym, int n,
			int upper, sf_ir_expr **value);

/* Return the value of clause expression E, its parameter named NAME.  */
sf_ir_expr *sf_lowering_clause (sf_lowering *lw, const sf_cexpr *e,
				const char *name);

/* Return a new variable NAME of type TY in LW's region.  */
int sf_lowering_new_var (sf_lowering *lw, const char *name, sf_ty ty);

/* Give up (printf-like FMT): the first reason is kept.  */
void sf_lowering_fail (sf_lowering *lw, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));

/* ---- the finish ---- */

/* Return BODY, one schedule's statements, with the loop-IR passes run
   (opt/passes.c) and its workspaces allocated; THREADS_PAY, when not
   NULL, is the BOOL test the parallel loops run their threads under.  */
sf_ir_stmt *sf_lowering_finish (sf_lowering *lw, sf_ir_stmt *body,
				sf_ir_expr *threads_pay);

/* The scheduler's account of its choice, for the schedule text.  */
typedef struct sf_choice_text
{
  const char *schedule_name;	/* naive, fused...; NULL: not chosen */
  double cost_chosen, cost_naive;	/* numeric estimates */
  const char *cost_text;	/* the symbolic choice, or NULL */
  int nalt;			/* alternatives chosen at run time */
  int alt_by_memory;		/* ... by their memory alone */
  const char *alt_names;
} sf_choice_text;

/* Return the one-line description of the last lowering of LW (the
   schedule), with the choice CHOICE.  */
const char *sf_lowering_text (sf_lowering *lw, const sf_choice_text *choice);

/* Return the layouts of LW's dense copies, "B as k j, C as ...".  */
const char *sf_lowering_copies_text (sf_lowering *lw);

/* ---- the output read at its own indices ---- */

/* Return NULL when region R, lowered from COMP (FORMATS), reads each old
   entry of its output before storing that entry (COMP reads the output
   on the right-hand side: sf_operand.is_old), or when COMP does not read
   it; else what R does instead ("accumulates into the output's
   memory").  lower/inplace.c.  */
const char *sf_region_reads_old_first (const sf_region *r,
				       const sf_comp *comp,
				       const sf_format *formats);

#endif /* SF_LOWER_H */
