/* MTTKRP,GEMM: A = MTTKRP(B; D, C) E, B in CSF (i, k, l), C (dim l x J),
   D (dim k x J), E (J x M).  Einsum nest O(nnz * J * M); fused per i
   O(nnz * J + fibers(i) * J * M).  */
#include "kernels.h"

void
KERNEL (mttkrp_gemm) (const sf_csf3 *B, int64_t J, int64_t M, double (*C)[J],
		      double (*D)[J], double (*E)[M], double (*A)[M])
{
#pragma tensor A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m)
  {
    for (int64_t i = 0; i < B->dims[0]; i++)
      for (int64_t m = 0; m < M; m++)
	A[i][m] = 0;
    for (sf_pos_t pi = B->pos[0][0]; pi < B->pos[0][1]; pi++)
      for (sf_pos_t pk = B->pos[1][pi]; pk < B->pos[1][pi + 1]; pk++)
	for (sf_pos_t pl = B->pos[2][pk]; pl < B->pos[2][pk + 1]; pl++)
	  for (int64_t j = 0; j < J; j++)
	    for (int64_t m = 0; m < M; m++)
	      A[B->crd[0][pi]][m] += B->vals[pl] * C[B->crd[2][pl]][j]
				     * D[B->crd[1][pk]][j] * E[j][m];
  }
}
