/* The asymptotic class of schedule(auto)'s choices for the 3-D kernels
   of gen-tensor.c, from the symbolic cost in the dump:
     TTMc, A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n), B a CSF:
       the papers' schedule, an N-vector per (i,j) and an M x N matrix
       per i: time ends in nnz(B_i)*L*M*N (not nnz(B)*L*M*N), memory
       8*N + 8*M*N bytes;
     MTTKRP,GEMM: a J-vector per i, no term nnz(B) times two extents.
   The run test is gen-tensor.c itself.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-require-effective-target openmp } */

#include "gen-tensor.c"

/* { dg-final { scan-tree-dump-times "\\| schedule fused \[^\n\]* \\| time \[^\n\]*nnz\\(B_ij\\)\\*M\\*N \\+ nnz\\(B_i\\)\\*L\\*M\\*N, memory 8\\*N \\+ 8\\*M\\*N bytes \\|" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "\\| schedule fused \[^\n\]* \\| time \[^\n\]*nnz\\(B\\)\\*J \\+ nnz\\(B_i\\)\\*M\\*J, memory 8\\*J bytes \\|" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "time \[^\n|\]*nnz\\(B\\)\\*\[A-Z\]\\*\[A-Z\]" "sparsefuse" } } */
