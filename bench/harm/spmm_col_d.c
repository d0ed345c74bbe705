/* SpMM A = B C, B in CSR (double), C (ncols x K) and A (nrows x K) dense
   column-major, as Fortran callers hold them: one SpMV per column of C,
   each with a scalar accumulator per row.  */
#include "harm.h"

#pragma tensor format harm_csr_d dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmm_col_d) (const harm_csr_d *B, int64_t K, const double *C,
			  double *A)
{
  const int64_t n = B->nrows, m = B->ncols, *rowptr = B->rowptr;
  const int32_t *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor A(i,k) = B(i,j) * C(j,k) shape(A: n, K) shape(C: m, K) colmajor(A, C)
  for (int64_t k = 0; k < K; k++)
    {
      const double *c = C + k * m;
      double *a = A + k * n;
      for (int64_t i = 0; i < n; i++)
	{
	  double sum = 0.0;
	  for (int64_t p = rowptr[i]; p < rowptr[i + 1]; p++)
	    sum += vals[p] * c[colidx[p]];
	  a[i] = sum;
	}
    }
}
