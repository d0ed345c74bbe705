/* A rank-one update: A = x (s^T C), s the row sums of B (CSR), x and C
   and A dense.  Written as the formula reads, one entry of A at a time;
   every schedule in the loop order that takes A's indices first sums
   over B once per row of A, and only a loop order that starts with B's
   rows fills s^T C once (docs/scheduling.md, "Other loop orders").  */
#include "kernels.h"

void
KERNEL (rank1) (const sf_csr *B, int64_t I, int64_t L, const double *x,
		double (*C)[L], double (*A)[L])
{
#pragma tensor A(i,l) = x(i) * B(k,j) * C(k,l) shape(x: I) shape(A: I, L)
  for (int64_t i = 0; i < I; i++)
    for (int64_t l = 0; l < L; l++)
      {
	double s = 0;
	for (int64_t k = 0; k < B->nrows; k++)
	  for (sf_pos_t p = B->pos[k]; p < B->pos[k + 1]; p++)
	    s += B->vals[p] * C[k][l];
	A[i][l] = x[i] * s;
      }
}
