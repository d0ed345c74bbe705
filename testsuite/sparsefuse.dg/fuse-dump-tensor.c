/* The structure of the fused schedules of gen-tensor.c's order-3
   kernels: TTMc nests its sums along B's levels, with a vector over n
   per (i,j) and a matrix over (m,n) per i (ReACT's and SparseLNR's
   schedule); MTTKRP,GEMM a vector over j per i; SpTTM,SpTTM the product
   C*D once, as a K x M matrix, or a vector over l per (i,j), picked at
   run time; the tensor network contracts A and B over p first,
   into a matrix over (q,r) per (j,i), and keeps the single nest for
   extents too large for it (docs/scheduling.md, "Tensor networks").  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-require-effective-target openmp } */

#include "gen-tensor.c"

/* { dg-final { scan-tree-dump-times "\\| where w_n: rank 1, size \\|n\\|, heap, fused over i j; where w_mn: rank 2, size \\|m\\|\\*\\|n\\|, heap, fused over i \\| schedule fused" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "\\| where w_j: rank 1, size \\|j\\|, heap, fused over i \\| schedule fused" 1 "sparsefuse" } } */
/* SpTTM,SpTTM: C*D computed once into a K x M matrix (dense sums first),
   or the vector over l per (i,j), picked at run time (a sparse output:
   two schedules emitted at most, the single nest not among them).  */
/* { dg-final { scan-tree-dump-times "\\| where w_km: rank 2, size \\|k\\|\\*\\|m\\|, heap, fused over nothing \\| schedule fused, dense sums first, C\\*D first \[^\n\]*\\| run-time choice among 2 \\\[0 fused, 1 fused, dense sums first, C\\*D first\\\]" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "R\\(i,j,k\\)\[^\n\]*\n\[^\n\]*\\| where w_qr: rank 2, size \\|q\\|\\*\\|r\\|, heap, fused over j i \\| schedule fused\[^\n\]*\\| run-time choice among 2 \\\[0 naive, 1 fused, inner sums first\\\]" 1 "sparsefuse" } } */
