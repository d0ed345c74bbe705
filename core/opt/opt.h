/* The loop-IR passes: rewrites of a region's loop IR after lowering, one
   signature, run in the order of one table (opt/passes.c).

     FOR i [0, n)                          FOR i [0, n)
       FOR p [rowptr[i], rowptr[i+1])  ->    8 partial sums over p,
         t = t + vals[p] * x[crd[p]]         added up after the loop

   A pass is  int pass (sf_ir_stmt **body, sf_pass_ctx *ctx):  it
   rewrites the statements at *BODY in place (it may replace the first
   one), returns nonzero when it changed something, and knows of the
   lowering only what the pass context below says.  A pass that does not
   apply returns 0 quietly: a missed rewrite is not an error.  */

#ifndef SF_OPT_H
#define SF_OPT_H

#include "sf_core.h"
#include "ir/ir.h"
#include "ir/work.h"

/* What the passes may read of a region and of its lowering, and what
   they report.  The lowering fills it (lower/lower.c,
   sf_lowering_finish) and takes the results back; a test fills it by
   hand.  */
typedef struct sf_pass_ctx
{
  /* ---- in ---- */
  sf_arena *arena;		/* where new IR goes */
  sf_region *r;			/* the region: variables, arrays */
  int threads;			/* parallel loops may be made: OpenMP,
				   not serial() */
  int tune;			/* rewrites for speed: not schedule(naive) */
  int memory;			/* under memory(N): no rewrite may grow the
				   workspaces the run-time cap counted */
  unsigned first_index;		/* the mask of the loop order's outermost
				   index (workspaces fused under it are
				   per row) */
  int max_vars;			/* variables a region may have; making
				   more sets too_many_vars */
  /* The dense output, for a copy per thread: its data parameter (-1:
     none, the output is sparse or a scalar), its elements, name and
     element type.  */
  int out_param;
  sf_ir_expr *out_elems;
  const char *out_name;
  sf_ty out_ty;
  /* ---- in and out ---- */
  /* The workspace registry: the passes read it, and add the arrays
     their code needs (the lowering allocates those the code uses).  */
  sf_work *work;
  int nwork;
  /* The serial dense loops the nest generated (partial sums rewrite
     them; row phases add the loops they make).  */
  sf_ir_stmt **dense_for;
  int ndense_for, max_dense_for;
  /* The block loops of row loops run in phases (row_phases makes them,
     row_blocks may block their second phase by rows).  */
  sf_ir_stmt **phase_loops;
  int nphase_loops, max_phase_loops;
  /* ---- out ---- */
  int blocked_rows;		/* rows per block of the row loop, 0: not
				   blocked */
  int tiled;			/* loops made register tiles */
  int prefetched;		/* loops prefetching the rows they gather */
  int streamed;			/* loops prefetching the arrays of their
				   entries (opt/streams.c) */
  int privatized;		/* variable of the loop given a copy of the
				   output or a workspace per thread, -1 */
  const char *privatized_into;	/* that output's or workspace's name */
  sf_ir_stmt *private_loop;	/* that loop, or NULL */
  int private_out;		/* its copy is of the output (OUT_ELEMS
				   used), not of a workspace */
  sf_ir_expr *private_fits;	/* the test that the copies fit */
  int too_many_vars;		/* a pass made more than max_vars */
  int rewrites;			/* rewrites made, by all passes */
  int picked;			/* of those, the ones that run only where a
				   test of the data picks them: one side of
				   an IF marked pick (loop_ir.h), or the
				   threads' side of a parallel loop whose
				   serial run is the loop as it was */
} sf_pass_ctx;

typedef int (*sf_pass_fn) (sf_ir_stmt **body, sf_pass_ctx *ctx);

/* Run every pass of the table in order on the statements at *BODY;
   return how many changed something.  */
int sf_run_passes (sf_ir_stmt **body, sf_pass_ctx *ctx);
/* Run the pass named NAME alone (tests); return its result, or -1 when
   there is no such pass.  */
int sf_run_pass (const char *name, sf_ir_stmt **body, sf_pass_ctx *ctx);
/* Return the name of pass K of the table (0 first), NULL past the
   last.  */
const char *sf_pass_name (int k);

/* Return the test that the code BODY of region R (after the passes)
   does on an input anything its schedule's plain loops would not, a
   BOOL over R's parameters, and in *TEXT what it tests; NULL when it
   cannot be told from the entry, or when there is no such test
   (opt/gain.c).  *DATA (*DATA_TEXT) gets the same without its threads
   tests (NULL: none).  Meaningful only when every rewrite of the passes
   is one a test picks (sf_pass_ctx.picked).  */
sf_ir_expr *sf_gain_test (sf_arena *arena, const sf_region *r,
			  const sf_ir_stmt *body, const char **text,
			  sf_ir_expr **data, const char **data_text);

#endif /* SF_OPT_H */
