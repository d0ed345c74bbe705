/* SpMM A = B C, B in CSR with unsigned 32-bit indices and float values,
   C and A dense row-major float with K columns: hoisted row pointers.  */
#include "harm.h"

#pragma tensor format harm_csr_fu dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmm_row_f) (const harm_csr_fu *B, int64_t K, float (*C)[K],
			  float (*A)[K])
{
  const uint32_t n = B->nrows, *rowptr = B->rowptr, *colidx = B->colidx;
  const float *vals = B->vals;
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  for (uint32_t i = 0; i < n; i++)
    {
      float *a = A[i];
      for (int64_t k = 0; k < K; k++)
	a[k] = 0.0f;
      for (uint32_t p = rowptr[i]; p < rowptr[i + 1]; p++)
	{
	  const float v = vals[p];
	  const float *c = C[colidx[p]];
	  for (int64_t k = 0; k < K; k++)
	    a[k] += v * c[k];
	}
    }
}
