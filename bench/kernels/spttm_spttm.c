/* SpTTM,SpTTM: A(i,j,m) = sum over k, l of B(i,j,k) C(k,l) D(l,m), B in CSF;
   A keeps B's (i, j) fibers, each with a dense row of M values (A's pos and
   crd are B's first two levels).  Einsum nest O(nnz * L * M); fused per
   fiber O(nnz * L + fibers(i,j) * L * M).  */
#include "kernels.h"

void
KERNEL (spttm_spttm) (const sf_csf3 *B, int64_t L, int64_t M, double (*C)[L],
		      double (*D)[M], bench_ccd *A)
{
#pragma tensor A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m)
  for (sf_pos_t pi = B->pos[0][0]; pi < B->pos[0][1]; pi++)
    for (sf_pos_t pj = B->pos[1][pi]; pj < B->pos[1][pi + 1]; pj++)
      {
	for (int64_t m = 0; m < M; m++)
	  A->vals[pj * M + m] = 0;
	for (sf_pos_t pk = B->pos[2][pj]; pk < B->pos[2][pj + 1]; pk++)
	  for (int64_t l = 0; l < L; l++)
	    for (int64_t m = 0; m < M; m++)
	      A->vals[pj * M + m] += B->vals[pk] * C[B->crd[2][pk]][l] * D[l][m];
      }
}
