/* SpMM: A = B C, B in CSR, C and A dense with K columns.  Row i of A is
   the sum of the rows of C picked by row i of B.

   The loop hoists row i of A, B's value and row j of C, as careful code
   does; compiled with -DBENCH_UNTIDY (variant untidy, a second baseline)
   it indexes A[i][k] and C[j][k] in the innermost loop instead.  */
#include "kernels.h"

void
KERNEL (spmm) (const sf_csr *B, int64_t K, double (*C)[K], double (*A)[K])
{
#ifndef BENCH_UNTIDY
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      double *a = A[i];
      for (int64_t k = 0; k < K; k++)
	a[k] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	{
	  const double v = B->vals[p];
	  const double *c = C[B->crd[p]];
	  for (int64_t k = 0; k < K; k++)
	    a[k] += v * c[k];
	}
    }
#else
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (int64_t k = 0; k < K; k++)
	A[i][k] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	for (int64_t k = 0; k < K; k++)
	  A[i][k] += B->vals[p] * C[B->crd[p]][k];
    }
#endif
}
