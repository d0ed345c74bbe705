/* SpMMH,GEMM: A = B (C .* D) E, B in CSR, C and D (cols(B) x J) multiplied
   entry-wise, E (J x L).  Einsum nest O(nnz * J * L); fused per row
   O(nnz * J + rows * J * L).  */
#include "kernels.h"

void
KERNEL (spmmh_gemm) (const sf_csr *B, int64_t J, int64_t L, double (*C)[J],
		     double (*D)[J], double (*E)[L], double (*A)[L])
{
#pragma tensor A(i,l) = B(i,k) * C(k,j) * D(k,j) * E(j,l)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (int64_t l = 0; l < L; l++)
	A[i][l] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	for (int64_t j = 0; j < J; j++)
	  for (int64_t l = 0; l < L; l++)
	    A[i][l] += B->vals[p] * C[B->crd[p]][j] * D[B->crd[p]][j] * E[j][l];
    }
}
