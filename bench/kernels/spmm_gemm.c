/* SpMM,GEMM: A = B C D, B in CSR, C (cols(B) x K), D (K x L).  The einsum
   nest is O(nnz * K * L); computing row i of B C first and then one
   vector-matrix product is O(nnz * K + rows * K * L).  */
#include "kernels.h"

void
KERNEL (spmm_gemm) (const sf_csr *B, int64_t K, int64_t L, double (*C)[K],
		    double (*D)[L], double (*A)[L])
{
#pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (int64_t l = 0; l < L; l++)
	A[i][l] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	for (int64_t k = 0; k < K; k++)
	  for (int64_t l = 0; l < L; l++)
	    A[i][l] += B->vals[p] * C[B->crd[p]][k] * D[k][l];
    }
}
