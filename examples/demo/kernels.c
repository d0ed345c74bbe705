/* kernels.c: two annotated loop nests, as a scientist would write them.
   Each "#pragma tensor" line states what the loop below computes; with
   the plugin the loop is replaced by fused, parallel code, without it the
   loop runs as written.

   Built twice by examples/rules.mk:
     gcc  -O3 -fopenmp -DVARIANT=plain      -c kernels.c   (loops as written)
     sfcc -O3 -DVARIANT=sparsefuse -fplugin-arg-sparsefuse-report -c kernels.c  */

#include "demo.h"

#ifndef VARIANT
#error "compile with -DVARIANT=plain or -DVARIANT=sparsefuse"
#endif
#define NAME2(a, b) a##_##b
#define NAME1(a, b) NAME2 (a, b)
#define NAME(a) NAME1 (a, VARIANT)

#ifdef __SPARSEFUSE__
const char *const NAME (demo_compiler) = "gcc + sparsefuse plugin";
#else
const char *const NAME (demo_compiler) = "gcc";
#endif

/* SDDMM: for each stored B(i,j), a dot product of row i of C and row j
   of D, scaled by B(i,j).  A shares B's pattern.  */
void
NAME (sddmm) (sf_csr *A, sf_csr *B, int K, double (*C)[K], double (*D)[K])
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  for (int64_t i = 0; i < B->nrows; i++)
    for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	double s = 0;
	for (int k = 0; k < K; k++)
	  s += C[i][k] * D[B->crd[p]][k];
	A->vals[p] = B->vals[p] * s;
      }
}

/* The GNN layer written the obvious way: O(nnz * K * L).  The plugin
   computes the k-sum once per entry (O(nnz * (K + L))).  */
void
NAME (gnn) (sf_csr *B, int K, int L, double (*C)[K], double (*D)[K],
	    double (*E)[L], double (*A)[L])
{
#pragma tensor A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)
  for (int64_t i = 0; i < B->nrows; i++)
    for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      for (int k = 0; k < K; k++)
	for (int l = 0; l < L; l++)
	  A[i][l] += B->vals[p] * C[i][k] * D[B->crd[p]][k] * E[B->crd[p]][l];
}
