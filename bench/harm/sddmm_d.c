/* SDDMM A(i,j) = B(i,j) * (row i of C) . (row j of D) at B's stored
   entries; A shares B's row pointers and column indices, so only its
   values are written.  Row i of C is hoisted, the dot product is a
   scalar.  */
#include "harm.h"

#pragma tensor format harm_csr_d dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
HARM_KERNEL (sddmm_d) (const harm_csr_d *B, int64_t K, double (*C)[K],
		       double (*D)[K], harm_csr_d *A)
{
  const int64_t n = B->nrows, *rowptr = B->rowptr;
  const int32_t *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  for (int64_t i = 0; i < n; i++)
    {
      const double *c = C[i];
      for (int64_t p = rowptr[i]; p < rowptr[i + 1]; p++)
	{
	  const double *d = D[colidx[p]];
	  double dot = 0.0;
	  for (int64_t k = 0; k < K; k++)
	    dot += c[k] * d[k];
	  A->vals[p] = vals[p] * dot;
	}
    }
}
