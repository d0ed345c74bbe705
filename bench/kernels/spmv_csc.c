/* SpMV with B in CSC: y = B x as a scatter of the columns of B, each
   scaled by x(j).  */
#include "kernels.h"

void
KERNEL (spmv_csc) (const sf_csc *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  {
    for (int64_t i = 0; i < B->nrows; i++)
      y[i] = 0;
    for (int64_t j = 0; j < B->ncols; j++)
      for (sf_pos_t p = B->pos[j]; p < B->pos[j + 1]; p++)
	y[B->crd[p]] += B->vals[p] * x[j];
  }
}
