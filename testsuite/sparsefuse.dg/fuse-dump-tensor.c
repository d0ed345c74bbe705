/* The structure of the fused schedules of gen-tensor.c's order-3
   kernels: TTMc nests its sums along B's levels, with a vector over n
   per (i,j) and a matrix over (m,n) per i (ReACT's and SparseLNR's
   schedule); MTTKRP,GEMM a vector over j per i; SpTTM,SpTTM a vector
   over l per (i,j); the tensor network stays a single nest.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-require-effective-target openmp } */

#include "gen-tensor.c"

/* { dg-final { scan-tree-dump-times "\\| where w_n: rank 1, size \\|n\\|, heap, fused over i j; where w_mn: rank 2, size \\|m\\|\\*\\|n\\|, heap, fused over i \\| schedule fused" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "\\| where w_j: rank 1, size \\|j\\|, heap, fused over i \\| schedule fused" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "\\| where w_l\[_0-9\]*: rank 1, size \\|l\\|, heap, fused over i j \\| schedule fused" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "R\\(i,j,k\\)\[^\n\]*\n\[^\n\]*\\| schedule naive" 1 "sparsefuse" } } */
