/* schedule(naive) keeps the single nest (no workspace); schedule(unfused)
   computes SpMM,GEMM's inner sum over the whole iteration space first,
   into a full rank-2 temporary; -fplugin-arg-sparsefuse-schedule
   overrides the clauses.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */

#include "sparsefuse.h"

void
naive (const sf_csr *B, int K, int L, double (*C)[K], double (*D)[L],
       double (*A)[L])
{
#pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) schedule(naive)
  for (int i = 0; i < B->nrows; i++)
    for (int l = 0; l < L; l++)
      {
	double s = 0;
	for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	  for (int k = 0; k < K; k++)
	    s += B->vals[p] * C[B->crd[p]][k] * D[k][l];
	A[i][l] = s;
      }
}

void
unfused (const sf_csr *B, int K, int L, double (*C)[K], double (*D)[L],
	 double (*A)[L])
{
#pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) schedule(unfused)
  for (int i = 0; i < B->nrows; i++)
    for (int l = 0; l < L; l++)
      {
	double s = 0;
	for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	  for (int k = 0; k < K; k++)
	    s += B->vals[p] * C[B->crd[p]][k] * D[k][l];
	A[i][l] = s;
      }
}

/* { dg-final { scan-tree-dump "region 0 schedule: forall i \\(dense\\) forall j \\(B compressed\\) forall k \\(dense\\) forall l \\(dense\\)( \\| A zeroed first)?\n" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "region 1 schedule: \[^\n\]*where w_ik: rank 2, size \\|i\\|\\*\\|k\\|, heap, fused over nothing \\| schedule unfused" "sparsefuse" } } */
