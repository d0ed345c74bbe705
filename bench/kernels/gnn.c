/* SDDMM,SpMM (a graph neural network layer): A = (B .* (C D^T)) E, written
   as the single four-deep nest of the einsum, O(nnz * K * L).  The fused
   schedule computes each dot product once: O(nnz * (K + L)).  */
#include "kernels.h"

void
KERNEL (gnn) (const sf_csr *B, int64_t K, int64_t L, double (*C)[K],
	      double (*D)[K], double (*E)[L], double (*A)[L])
{
#pragma tensor A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (int64_t l = 0; l < L; l++)
	A[i][l] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	for (int64_t k = 0; k < K; k++)
	  for (int64_t l = 0; l < L; l++)
	    A[i][l] += B->vals[p] * C[i][k] * D[B->crd[p]][k] * E[B->crd[p]][l];
    }
}
