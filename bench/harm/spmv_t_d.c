/* y = B^T x with B in CSR: y cleared, then row i of B scaled by x(i) and
   scattered into y (SPARSKIT's atmux).  */
#include "harm.h"

#pragma tensor format harm_csr_d dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmv_t_d) (const harm_csr_d *B, const double *x, double *y)
{
  const int64_t m = B->nrows, n = B->ncols, *rowptr = B->rowptr;
  const int32_t *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor y(j) = B(i,j) * x(i)
  {
    for (int64_t j = 0; j < n; j++)
      y[j] = 0.0;
    for (int64_t i = 0; i < m; i++)
      {
	const double xi = x[i];
	for (int64_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	  y[colidx[k]] += vals[k] * xi;
      }
  }
}
