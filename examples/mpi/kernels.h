/* kernels.h: the kernels each MPI rank runs on its block of rows.
   kernels.c is compiled twice: by sfcc with the plugin (functions
   *_sparsefuse) and by plain gcc (functions *_plain, the loops as
   written, which the single-process reference run uses).  */

#ifndef SF_MPI_KERNELS_H
#define SF_MPI_KERNELS_H

#include "sparsefuse.h"

/* SpMM: Y(i,k) = B(i,j) * X(j,k).  */
void spmm_sparsefuse (const sf_csr *B, int K, double (*X)[K],
		      double (*Y)[K]);
void spmm_plain (const sf_csr *B, int K, double (*X)[K], double (*Y)[K]);

/* The GNN layer, SDDMM then SpMM:
   A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l).  */
void gnn_sparsefuse (const sf_csr *B, int K, int L, double (*C)[K],
		     double (*D)[K], double (*E)[L], double (*A)[L]);
void gnn_plain (const sf_csr *B, int K, int L, double (*C)[K],
		double (*D)[K], double (*E)[L], double (*A)[L]);

#endif /* SF_MPI_KERNELS_H */
