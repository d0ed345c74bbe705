/* The run-time choice among the schedules that survive the compile-time
   stages (pareto.h): an expression of the loop IR that evaluates each
   candidate's time and memory polynomials on the actual sizes and picks
   one.

     candidates   0: time nnz(B)*K*L        memory 0
                  1: time nnz(B)*(K + L)    memory 8*K*L
     values       K -> p_K, L -> p_L, nnz(B) -> B_pos[B_n] (the caller's)
     cap          half the last-level cache, or less by memory(N)
     result       (fits1 && t1 <= t0 ...) ? 1 : ... : 0     (INDEX)

   The rule (SparseAuto's stages 4 and 5):
     1. a candidate fits when its memory (bytes) is <= CAP;
     2. among those that fit, the least time wins; equal times go to the
        smaller stride score, then to the smaller index;
     3. when none fits, the least memory wins, ties as in 2.
   Times and memories are computed in double (sizes multiply past 2^63).

   The stride score (sf_stride_score) stands for the cache behaviour that
   the polynomials cannot see (loop orders with the same cost):
     1000 per access, at a leaf, whose innermost loop index is one of its
     indices but not its last (contiguous) one: a strided access;
     + 1 per pair of an access's indices that the loop order visits
     against the access's storage order.
   Lower is better.  */

#ifndef SF_DISPATCH_H
#define SF_DISPATCH_H

#include "ir/ir.h"
#include "sched/pareto.h"

#define SF_DISPATCH_MAX 8	/* candidates per dispatcher: the expression
				   grows with the square of their number */

/* An access of a leaf statement: its indices in storage order (the last
   varies fastest).  */
typedef struct sf_stride_access
{
  int nidx;
  int idx[SF_MAX_ORDER];
} sf_stride_access;

/* A leaf of a schedule: the index of its innermost loop, and the accesses
   of its statement.  */
typedef struct sf_stride_leaf
{
  int innermost;
  int naccess;
  const sf_stride_access *access;
} sf_stride_leaf;

/* Return the stride score (above) of a schedule whose loops visit the
   indices LOOP_ORDER[0..NLOOPS-1] (outermost first) and whose leaves are
   LEAVES[0..NLEAVES-1].  */
int sf_stride_score (const int *loop_order, int nloops,
		     const sf_stride_leaf *leaves, int nleaves);

/* Return the INDEX expression that picks one of the N candidates C[0..N-1]
   (2 <= N <= SF_DISPATCH_MAX) by the rule above.  SYM_VALUE[s] is the
   run-time value of symbol s (any numeric type; each is cloned where
   used; NULL for symbols no candidate uses); CAP the number of bytes a
   candidate's temporaries may take.  Returns NULL when N is out of range
   or a polynomial uses a symbol without a value.  */
sf_ir_expr *sf_dispatch_expr (sf_arena *arena, const sf_candidate *c, int n,
			      sf_ir_expr *const *sym_value,
			      const sf_ir_expr *cap);
/* Return P as an F64 expression over SYM_VALUE, or NULL when a symbol has
   no value.  */
sf_ir_expr *sf_dispatch_poly (sf_arena *arena, const sf_poly *p,
			      sf_ir_expr *const *sym_value);
/* Return the index that sf_dispatch_expr's expression yields when the
   symbols have the values VALUES and the cap is CAP: the same rule,
   evaluated directly (for reports and tests).  */
int sf_dispatch_pick (const sf_candidate *c, int n, const double *values,
		      double cap);

#endif /* SF_DISPATCH_H */
