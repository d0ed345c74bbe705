/* SpMM A = B C, B in CSR (double), C and A dense row-major with K columns:
   row i of A accumulates the rows of C that row i of B picks, through
   hoisted row pointers.  */
#include "harm.h"

#pragma tensor format harm_csr_d dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (spmm_row_d) (const harm_csr_d *B, int64_t K, double (*C)[K],
			  double (*A)[K])
{
  const int64_t n = B->nrows, *rowptr = B->rowptr;
  const int32_t *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  for (int64_t i = 0; i < n; i++)
    {
      double *a = A[i];
      for (int64_t k = 0; k < K; k++)
	a[k] = 0.0;
      for (int64_t p = rowptr[i]; p < rowptr[i + 1]; p++)
	{
	  const double v = vals[p];
	  const double *c = C[colidx[p]];
	  for (int64_t k = 0; k < K; k++)
	    a[k] += v * c[k];
	}
    }
}
