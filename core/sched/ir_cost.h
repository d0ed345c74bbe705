/* The cost of a candidate schedule, read off its loop IR (ir_cost.c):
   symbolic, time as loop iterations over the symbols of cost.h and
   memory as the bytes of its workspaces; or a number, the loops' trip
   counts at typical values.

     sf_ir_cost_input in = { comp, formats, region, out_operand,
                             work, nwork };
     if (!sf_ir_symbolic_cost (&in, stmts, &space, &cand)) ... cand.time  */

#ifndef SF_IR_COST_H
#define SF_IR_COST_H

#include "sf_core.h"
#include "ir/work.h"
#include "sched/pareto.h"

/* What the reading needs besides the statements: the computation and
   its formats (operands' levels and fields), the region (its parameters
   and variables), the output's operand, and the workspaces made.  */
typedef struct sf_ir_cost_input
{
  const sf_comp *comp;
  const sf_format *formats;
  const sf_region *r;
  int out_operand;
  const sf_work *work;
  int nwork;
} sf_ir_cost_input;

/* Fill *OUT with the symbolic cost of the statements S, over the
   symbols of SPACE; return NULL, or why there is none (the caller then
   falls back to the numeric estimate).  */
const char *sf_ir_symbolic_cost (const sf_ir_cost_input *in,
				 const sf_ir_stmt *s,
				 const sf_cost_space *space,
				 sf_candidate *out);

/* Return the numeric estimate of the cost of the statements S: the
   loops' trip counts multiplied along the nest and added up, a loop
   with constant bounds counting its iterations, a loop over sparse
   positions (a bound loaded from a parameter) SF_SPARSE_TRIP, another
   SF_DENSE_TRIP; for when the symbolic cost cannot be read.  */
double sf_ir_numeric_cost (const sf_ir_stmt *s);

#endif /* SF_IR_COST_H */
