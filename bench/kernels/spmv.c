/* SpMV: y = B x, B in CSR.  One dot product per row: the sparse kernel
   whose speed is set by memory bandwidth.

   The loop is written as careful code writes it (NPB CG, SPARSKIT's amux):
   a scalar accumulator per row.  Compiled with -DBENCH_UNTIDY (variant
   untidy, a second baseline) it accumulates into y[i] instead, which GCC
   compiles worse because y may alias B's arrays and x.  */
#include "kernels.h"

void
KERNEL (spmv) (const sf_csr *B, const double *x, double *y)
{
#ifndef BENCH_UNTIDY
#pragma tensor y(i) = B(i,j) * x(j)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      double s = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	s += B->vals[p] * x[B->crd[p]];
      y[i] = s;
    }
#else
  for (int64_t i = 0; i < B->nrows; i++)
    {
      y[i] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	y[i] += B->vals[p] * x[B->crd[p]];
    }
#endif
}
