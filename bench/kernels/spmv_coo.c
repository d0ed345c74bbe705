/* SpMV with B as a sorted coordinate list: one multiply-add per stored
   entry (i, j, v).  */
#include "kernels.h"

void
KERNEL (spmv_coo) (const sf_coo2 *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  {
    for (int64_t i = 0; i < B->dims[0]; i++)
      y[i] = 0;
    for (int64_t p = 0; p < B->nnz; p++)
      y[B->crd[0][p]] += B->vals[p] * x[B->crd[1][p]];
  }
}
