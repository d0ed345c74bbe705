/* kernels.c: the annotated kernels of the MPI example.  Nothing here
   knows about MPI: each rank calls them on its local block, a CSR whose
   columns are numbered into the local dense operands (the rank's own
   rows and the ghost rows it received; see halo.h).

     sfcc -O3 -DVARIANT=sparsefuse -c kernels.c     (examples/rules.mk)
     gcc  -O3 -fopenmp -DVARIANT=plain -c kernels.c  */

#include "kernels.h"

#ifndef VARIANT
#error "compile with -DVARIANT=plain or -DVARIANT=sparsefuse"
#endif
#define NAME2(a, b) a##_##b
#define NAME1(a, b) NAME2 (a, b)
#define NAME(a) NAME1 (a, VARIANT)

void
NAME (spmm) (const sf_csr *B, int K, double (*X)[K], double (*Y)[K])
{
#pragma tensor Y(i,k) = B(i,j) * X(j,k)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (int k = 0; k < K; k++)
	Y[i][k] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	for (int k = 0; k < K; k++)
	  Y[i][k] += B->vals[p] * X[B->crd[p]][k];
    }
}

/* Written with the scalar temporary a careful programmer would use
   (O(nnz * (K + L)), the work of the fused schedule).  */
void
NAME (gnn) (const sf_csr *B, int K, int L, double (*C)[K], double (*D)[K],
	    double (*E)[L], double (*A)[L])
{
#pragma tensor A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (int l = 0; l < L; l++)
	A[i][l] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	{
	  sf_crd_t j = B->crd[p];
	  double s = 0;
	  for (int k = 0; k < K; k++)
	    s += C[i][k] * D[j][k];
	  for (int l = 0; l < L; l++)
	    A[i][l] += B->vals[p] * s * E[j][l];
	}
    }
}
