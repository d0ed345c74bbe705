/* schedule unfused (full temporaries) on gen-fused.c's kernels, parallel.
   (gen-fused.c under 1, 2 and 4 threads when built with -fopenmp; see
   fuse-threads.h).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-schedule=unfused -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#define GEN_FILE "gen-fused.c"
#include "fuse-threads.h"

/* GNN and SDDMM,SpMM,GEMM keep their SDDMM as one value per stored entry
   of B, filled by a parallel loop over the rows (no copy per thread).  */
/* { dg-final { scan-tree-dump-times "schedule: forall i \\(dense\\) \[^\n\]*\\| parallel i \\| where w_ij: rank 2, size nnz\\(B\\) \\(B's pattern, one value per stored entry\\), heap, fused over nothing(;| \\|)" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "size nnz\\(B\\) \[^\n\]*a copy of w_ij per thread" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
