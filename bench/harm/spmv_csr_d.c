/* SpMV y = B x, B in CSR with 64-bit row pointers, 32-bit column indices
   and double values: the tidy loop (row bounds and the sum in locals).  */
#include "harm.h"

#pragma tensor format harm_csr_d dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmv_csr_d) (const harm_csr_d *B, const double *x, double *y)
{
  const int64_t n = B->nrows, *rowptr = B->rowptr;
  const int32_t *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(j)
  for (int64_t i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (int64_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * x[colidx[k]];
      y[i] = sum;
    }
}
