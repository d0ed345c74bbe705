/* The workspaces of a region: the arrays its code fills and reads
   (dense temporaries of where-statements, output blocks, the rows a
   rewrite keeps), with what is known of each.  The lowering makes them,
   the loop-IR passes read them and add their own, and the lowering
   allocates the ones the final code uses (sf_work_in):

     w(j)        var 7 (array), idx {j}, fused {i}: filled per row i,
                 so each thread of a parallel loop over i has its own;
     ALLOC w [n] ... FREE w     made now, placed once the passes ran.  */

#ifndef SF_WORK_H
#define SF_WORK_H

#include "ir/ir.h"

#define SF_MAX_WORK 32		/* workspaces of one region */

typedef struct sf_work
{
  int var;			/* its array variable */
  unsigned idx;			/* the indices it keeps (bit v: index v) */
  unsigned fused;		/* the indices bound where it is filled (the
				   fused prefix); 0 for a full temporary */
  sf_ir_expr *size;		/* elements */
  int nlay, lay[SF_MAX_INDICES];	/* its indices in its layout (row-major,
				   the loop order when it was made: a later
				   nest may change the order) */
  int heap;			/* malloc'd, not on the stack */
  sf_ir_stmt *alloc, *release;	/* its ALLOC and FREE */
  int pos_acc;			/* indexed by the positions of this access's
				   last level (a sparse temporary), or -1:
				   by the coordinates of IDX */
  int out_block;		/* an output block (the lowering's
				   lw_gen_out_block): 1 that transposes, 2 an
				   accumulated row */
  sf_ir_stmt *reset;		/* the loop zeroing it, or NULL */
} sf_work;

/* Return nonzero when WORK[W] (of the NWORK workspaces of region R) is
   the last one made for its variable (a retried lowering reuses variable
   ids) and still an array.  */
int sf_work_live (const sf_region *r, const sf_work *work, int nwork, int w);
/* Return nonzero when the statements S use array variable VAR.  */
int sf_ir_uses_array (const sf_ir_stmt *s, int var);
/* Return nonzero when WORK[W] is one the statements BODY really have:
   live, and used.  */
int sf_work_in (const sf_region *r, const sf_work *work, int nwork, int w,
		const sf_ir_stmt *body);

#endif /* SF_WORK_H */
