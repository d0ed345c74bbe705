/* The asymptotic class of the schedules schedule(auto) picks for the
   matrix kernels of gen-fused.c, read off the symbolic cost in the dump
   (docs/scheduling.md, "The auto schedule"): time counts loop iterations
   over extents (I, K, L, ...) and prefix nnz terms, memory the bytes of
   the workspaces.
     GNN (SDDMM,SpMM)   nnz(B)*K + nnz(B)*L, a scalar temporary (0 bytes)
     SpMM,GEMM          nnz(B)*K + I*K*L, a K-vector (8*K bytes)
     SpMMH,GEMM         nnz(B)*J + I*J*L, a J-vector
     SDDMM,SpMM,GEMM    nnz(B)*K + nnz(B)*L + I*L*M, an L-vector
   and none of them is the einsum nest's nnz(B) times two extents.  The
   run test is gen-fused.c itself.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-require-effective-target openmp } */

#include "gen-fused.c"

/* { dg-final { scan-tree-dump-times "\\| schedule naive \[^\n\]* \\| time I \\+ nnz\\(B\\) \\+ I\\*L \\+ nnz\\(B\\)\\*L \\+ nnz\\(B\\)\\*K, memory 0 bytes \\|" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "\\| schedule fused \[^\n\]* \\| time I \\+ nnz\\(B\\) \\+ I\\*L \\+ 2\\*I\\*K \\+ nnz\\(B\\)\\*K \\+ I\\*L\\*K, memory 8\\*K bytes \\|" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "\\| schedule fused \[^\n\]* \\| time \[^\n\]*nnz\\(B\\)\\*J \\+ I\\*L\\*J, memory 8\\*J bytes \\|" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "\\| schedule fused \[^\n\]* \\| time \[^\n\]*nnz\\(B\\)\\*K \\+ nnz\\(B\\)\\*L \\+ I\\*M\\*L, memory 8\\*L bytes \\|" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "time \[^\n|\]*nnz\\(B\\)\\*\[A-Z\]\\*\[A-Z\]" "sparsefuse" } } */
