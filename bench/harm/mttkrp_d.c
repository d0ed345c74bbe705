/* MTTKRP A(i,r) = sum of B(i,j,k) C(j,r) D(k,r) over the stored entries of
   B, a CSF-3 (i, j, k): A cleared, then row i of A, row j of C and row k
   of D hoisted into pointers.  */
#include "harm.h"

#pragma tensor format harm_csf3 dims(dims[0], dims[1], dims[2]) levels(compressed(fptr0, fids0), compressed(fptr1, fids1), compressed(fptr2, fids2)) values(vals)

void
HARM_KERNEL (mttkrp_d) (const harm_csf3 *B, int64_t R, double (*C)[R],
			double (*D)[R], double (*A)[R])
{
  const int64_t ni = B->dims[0];
  const int64_t *fptr0 = B->fptr0, *fptr1 = B->fptr1, *fptr2 = B->fptr2;
  const int32_t *fids0 = B->fids0, *fids1 = B->fids1, *fids2 = B->fids2;
  const double *vals = B->vals;
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)
  {
    for (int64_t i = 0; i < ni; i++)
      for (int64_t r = 0; r < R; r++)
	A[i][r] = 0.0;
    for (int64_t pi = fptr0[0]; pi < fptr0[1]; pi++)
      {
	double *a = A[fids0[pi]];
	for (int64_t pj = fptr1[pi]; pj < fptr1[pi + 1]; pj++)
	  {
	    const double *c = C[fids1[pj]];
	    for (int64_t pk = fptr2[pj]; pk < fptr2[pj + 1]; pk++)
	      {
		const double v = vals[pk];
		const double *d = D[fids2[pk]];
		for (int64_t r = 0; r < R; r++)
		  a[r] += v * c[r] * d[r];
	      }
	  }
      }
  }
}
