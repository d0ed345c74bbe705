/* SpMV y = B x, B in CSR with unsigned 32-bit row pointers and column
   indices and float values: the tidy loop.  */
#include "harm.h"

#pragma tensor format harm_csr_fu dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmv_csr_fu) (const harm_csr_fu *B, const float *x, float *y)
{
  const uint32_t n = B->nrows, *rowptr = B->rowptr, *colidx = B->colidx;
  const float *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(j)
  for (uint32_t i = 0; i < n; i++)
    {
      float sum = 0.0f;
      for (uint32_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * x[colidx[k]];
      y[i] = sum;
    }
}
