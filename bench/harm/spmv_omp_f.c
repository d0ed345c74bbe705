/* SpMV y = B x, B in CSR with unsigned 32-bit indices and float values,
   the tidy loop with its own `#pragma omp parallel for`.  */
#include "harm.h"

#pragma tensor format harm_csr_fu dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmv_omp_f) (const harm_csr_fu *B, const float *x, float *y)
{
  const uint32_t n = B->nrows, *rowptr = B->rowptr, *colidx = B->colidx;
  const float *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(j)
#pragma omp parallel for
  for (uint32_t i = 0; i < n; i++)
    {
      float sum = 0.0f;
      for (uint32_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * x[colidx[k]];
      y[i] = sum;
    }
}
