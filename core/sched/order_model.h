/* CoNST's layout and fusion model for a tensor network, solved by Z3
   (order_model.c).  The region's loops run in one order; every inner
   contraction is a where-statement whose workspace keeps the free indices
   of the contraction that are not bound around it.  Integer variables:

     lp[v]       position of index v in the loop order (a permutation)
     dp[t][k]    position of index k in the layout of tensor t, for the
                 tensors whose layout the model chooses: the workspaces
                 (intermediates) and the dense copies of relayout()

   Constraints:

     lp[u] < lp[v]                      u stored above v by a sparse operand
     dp[t][k] < dp[t][k'] <=> lp[k] < lp[k']   a chosen layout follows the
                                        loop order (CoNST's mode order rule)
     m[X] = min lp[s], s summed by X     where X's producer starts
     lp[v] > m[X]                       v a loop of X's consumer only: the
                                        loops around the producer are X's
                                        result indices (else the producer
                                        runs again for each v)
     #{f free in X : lp[f] > m[X]} <= d  X's workspace keeps at most d
                                        indices: the outer |F(X)| - d of
                                        its result indices are fused

   The bound d goes 0, 1, 2, ... and the first d with a model is the
   least intermediate order; the models of that d and of the next are
   enumerated (each found one is blocked), up to a limit, so that the
   caller can choose among them by cost rather than take Z3's first
   answer.

     sf_order_problem p = { .n = 6, ... };
     sf_order_models m;
     sf_order_solve (&p, &opts, 4, &m);    m.count orders, m.d[k] each  */

#ifndef SF_ORDER_MODEL_H
#define SF_ORDER_MODEL_H

#include "sched/smt.h"

#define SF_OM_MAX_IDX 16	/* indices of a region (SF_MAX_INDICES) */
#define SF_OM_MAX_X 8		/* intermediates */
#define SF_OM_MAX_T 8		/* tensors with a chosen layout */
#define SF_OM_MAX_MODELS 8

typedef struct sf_order_problem
{
  int n;			/* indices 0..n-1 */
  unsigned before[SF_OM_MAX_IDX];	/* before[v]: must precede v */
  int nx;
  unsigned x_free[SF_OM_MAX_X];	/* each intermediate's free indices */
  unsigned x_sum[SF_OM_MAX_X];	/* the indices it sums itself */
  unsigned x_inner[SF_OM_MAX_X];	/* those summed by sums inside it */
  int nt;
  unsigned t_idx[SF_OM_MAX_T];	/* each chosen layout's indices */
} sf_order_problem;

typedef struct sf_order_models
{
  int count;
  int order[SF_OM_MAX_MODELS][SF_OM_MAX_IDX];	/* outermost first */
  int d[SF_OM_MAX_MODELS];	/* the bound each was found under */
  /* layout[k][t][j]: index stored j-th (outermost first) by tensor t in
     model k, as dp gives it.  */
  int layout[SF_OM_MAX_MODELS][SF_OM_MAX_T][SF_OM_MAX_IDX];
  int dmin;			/* least bound with a model, -1: none */
  int checks;			/* solver checks made */
  int unknown;			/* a check timed out or failed */
} sf_order_models;

/* Solve P for d = 0, 1, ... up to the largest intermediate order; store
   up to MAX (at most SF_OM_MAX_MODELS) distinct loop orders in M: those
   of the least d first, then those of d + 1 (found under the bound d + 1
   and not already found).  Returns M->count (0 when no order exists,
   when Z3 cannot start, or after an unknown answer before the first
   model).  */
int sf_order_solve (const sf_order_problem *p, const sf_smt_options *options,
		    int max, sf_order_models *m);

#endif /* SF_ORDER_MODEL_H */
