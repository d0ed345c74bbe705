/* SDDMM,SpMM,GEMM: A = ((B .* (C D^T)) E) F.  The einsum nest is
   O(nnz * K * L * M); fused, O(nnz * (K + L) + rows * L * M).  */
#include "kernels.h"

void
KERNEL (sddmm_spmm_gemm) (const sf_csr *B, int64_t K, int64_t L, int64_t M,
			  double (*C)[K], double (*D)[K], double (*E)[L],
			  double (*F)[M], double (*A)[M])
{
#pragma tensor A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (int64_t m = 0; m < M; m++)
	A[i][m] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	for (int64_t k = 0; k < K; k++)
	  for (int64_t l = 0; l < L; l++)
	    for (int64_t m = 0; m < M; m++)
	      A[i][m] += B->vals[p] * C[i][k] * D[B->crd[p]][k]
			 * E[B->crd[p]][l] * F[l][m];
    }
}
