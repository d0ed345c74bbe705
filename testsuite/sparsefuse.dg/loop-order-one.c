/* -fplugin-arg-sparsefuse-orders=1: schedule(auto) tries the preferred
   loop order only (and the product as written).  A(i,j) = x(i) * B(k,l) * C(k,j) then keeps i first
   and sums over B once per i (loop-order-departure.c has the departure
   that the default finds).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */

#include "sparsefuse.h"

void
f (const sf_csr *B, int64_t I, int64_t J, const double *x,
   const double (*C)[J], double (*A)[J])
{
#pragma tensor A(i,j) = x(i) * B(k,l) * C(k,j) shape(A: I, J) shape(C: B->nrows, J) shape(x: I)
  for (int64_t i = 0; i < I; i++)
    for (int64_t j = 0; j < J; j++)
      {
	double s = 0;
	for (int64_t k = 0; k < B->nrows; k++)
	  for (sf_pos_t p = B->pos[k]; p < B->pos[k + 1]; p++)
	    s += B->vals[p] * C[k][j];
	A[i][j] = x[i] * s;
      }
}

/* { dg-final { scan-tree-dump-times "schedule: forall i \\(dense\\) \[^\n\]*\\| schedule naive \\(\[^)\]*\\) \\| time \[^\n\]*nnz\\(B\\)\\*I \\+ I\\*J\\*K, memory 0 bytes \\| 1 of 1 on the Pareto frontier" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not ", order " "sparsefuse" } } */
