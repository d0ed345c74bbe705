/* SpMV: y = B x, B in CSR.  One dot product per row: the sparse kernel
   whose speed is set by memory bandwidth.  */
#include "kernels.h"

void
KERNEL (spmv) (const sf_csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      y[i] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	y[i] += B->vals[p] * x[B->crd[p]];
    }
}
