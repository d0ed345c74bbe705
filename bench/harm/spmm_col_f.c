/* SpMM A = B C, B in CSR (float values, 64-bit row pointers, 32-bit
   column indices), C and A dense column-major float: one SpMV per column
   of C, each with a scalar accumulator per row.  */
#include "harm.h"

#pragma tensor format harm_csr_f dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmm_col_f) (const harm_csr_f *B, int64_t K, const float *C,
			  float *A)
{
  const int64_t n = B->nrows, m = B->ncols, *rowptr = B->rowptr;
  const int32_t *colidx = B->colidx;
  const float *vals = B->vals;
#pragma tensor A(i,k) = B(i,j) * C(j,k) shape(A: n, K) shape(C: m, K) colmajor(A, C)
  for (int64_t k = 0; k < K; k++)
    {
      const float *c = C + k * m;
      float *a = A + k * n;
      for (int64_t i = 0; i < n; i++)
	{
	  float sum = 0.0f;
	  for (int64_t p = rowptr[i]; p < rowptr[i + 1]; p++)
	    sum += vals[p] * c[colidx[p]];
	  a[i] = sum;
	}
    }
}
