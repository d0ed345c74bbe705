/* demo.h: the kernels of the sparsefuse demo.  kernels.c is compiled twice,
   once by plain gcc (functions *_plain) and once by sfcc with the plugin
   (functions *_sparsefuse); driver.c runs and compares both.  */

#ifndef SF_DEMO_H
#define SF_DEMO_H

#include "sparsefuse.h"

/* SDDMM: A(i,j) = B(i,j) * sum_k C(i,k) * D(j,k) for the entries of B;
   A has B's pattern (A->pos and A->crd are B's arrays).  */
void sddmm_plain (sf_csr *A, sf_csr *B, int K, double (*C)[K],
		  double (*D)[K]);
void sddmm_sparsefuse (sf_csr *A, sf_csr *B, int K, double (*C)[K],
		       double (*D)[K]);

/* The GNN layer (SDDMM then SpMM, fused):
   A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l).  */
void gnn_plain (sf_csr *B, int K, int L, double (*C)[K], double (*D)[K],
		double (*E)[L], double (*A)[L]);
void gnn_sparsefuse (sf_csr *B, int K, int L, double (*C)[K],
		     double (*D)[K], double (*E)[L], double (*A)[L]);

/* How each object file was compiled: "gcc" or "gcc + sparsefuse plugin".  */
extern const char *const demo_compiler_plain;
extern const char *const demo_compiler_sparsefuse;

#endif /* SF_DEMO_H */
