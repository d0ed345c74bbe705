/* SpMV y = B x, B in CSR with int row pointers and column indices and
   double values: the tidy loop.  */
#include "harm.h"

#pragma tensor format harm_csr_di dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmv_csr_di) (const harm_csr_di *B, const double *x, double *y)
{
  const int n = B->nrows, *rowptr = B->rowptr, *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(j)
  for (int i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (int k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * x[colidx[k]];
      y[i] = sum;
    }
}
