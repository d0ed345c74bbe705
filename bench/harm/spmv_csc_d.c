/* SpMV y = B x, B in CSC: y cleared, then column j of B scaled by x(j)
   and scattered into y (the scale hoisted out of the column loop).  */
#include "harm.h"

#pragma tensor format harm_csc_d dims(nrows, ncols) levels(dense, compressed(colptr, rowidx)) values(vals) modes(1, 0)

void
HARM_KERNEL (spmv_csc_d) (const harm_csc_d *B, const double *x, double *y)
{
  const int64_t m = B->nrows, n = B->ncols, *colptr = B->colptr;
  const int32_t *rowidx = B->rowidx;
  const double *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(j)
  {
    for (int64_t i = 0; i < m; i++)
      y[i] = 0.0;
    for (int64_t j = 0; j < n; j++)
      {
	const double xj = x[j];
	for (int64_t k = colptr[j]; k < colptr[j + 1]; k++)
	  y[rowidx[k]] += vals[k] * xj;
      }
  }
}
