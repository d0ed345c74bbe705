/* TTMc (Tucker): A(l,m,n) = sum over stored B(i,j,k) of
   B(i,j,k) C(i,l) D(j,m) E(k,n), B in CSF.  Einsum nest
   O(nnz * L * M * N); factored over the fibers of B,
   O(nnz * N + fibers(i,j) * M * N + fibers(i) * L * M * N).  */
#include "kernels.h"

void
KERNEL (ttmc) (const sf_csf3 *B, int64_t L, int64_t M, int64_t N,
	       double (*C)[L], double (*D)[M], double (*E)[N],
	       double (*A)[M][N])
{
#pragma tensor A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)
  {
    for (int64_t l = 0; l < L; l++)
      for (int64_t m = 0; m < M; m++)
	for (int64_t n = 0; n < N; n++)
	  A[l][m][n] = 0;
    for (sf_pos_t pi = B->pos[0][0]; pi < B->pos[0][1]; pi++)
      for (sf_pos_t pj = B->pos[1][pi]; pj < B->pos[1][pi + 1]; pj++)
	for (sf_pos_t pk = B->pos[2][pj]; pk < B->pos[2][pj + 1]; pk++)
	  for (int64_t l = 0; l < L; l++)
	    for (int64_t m = 0; m < M; m++)
	      for (int64_t n = 0; n < N; n++)
		A[l][m][n] += B->vals[pk] * C[B->crd[0][pi]][l]
			      * D[B->crd[1][pj]][m] * E[B->crd[2][pk]][n];
  }
}
