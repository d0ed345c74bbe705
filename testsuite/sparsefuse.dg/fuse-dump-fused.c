/* The structure of the fused schedules of gen-fused.c's matrix kernels
   (docs/fusion.md): SpMM,GEMM, SpMMH,GEMM and SDDMM,SpMM,GEMM compute
   their inner sum into a vector per row i (rank 1, fused over i); GNN
   needs only a scalar (no where-statement); the ReACT compound has no
   sum to fuse, but reads its D(k,j) from a copy in the other layout (a
   full temporary, allocated once before the region).  Each parallel loop
   allocates its workspace once per thread, in a parallel region around
   the work-shared loop, with threads only when the sizes make them pay
   (threads_pay, docs/fusion.md "Parallel code").  The four chains add
   each row of A over the entries of B's row: every nest doing so (the
   fused one; the single nest is no longer emitted beside it, never being
   predicted 1.5x faster) accumulates the row in an aligned block of its
   own, r_l or r_m, one per thread, and stores it once.  GNN's nest, and
   SDDMM,SpMM,GEMM's fused nest, also run in phases over blocks of
   rows when a block spans few columns (a second copy of the nest, with
   its own r_ block and a buffer w_ph, in a parallel region of its own;
   core/opt/phases.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-parallel-min=32768 -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-require-effective-target openmp } */

#include "gen-fused.c"

/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| where w_k: rank 1, size \\|k\\|, heap, fused over i \\| schedule fused" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| where w_j: rank 1, size \\|j\\|, heap, fused over i \\| schedule fused" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| where w_l: rank 1, size \\|l\\|, heap, fused over i \\| schedule fused" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| schedule naive" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| rows in phases of 64" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "#pragma omp parallel if \\(threads_pay\[_0-9\]*\\)\n" 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| rows of A accumulated in r_\[lm\](_2)? \\(aligned, one per thread\\), then stored" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "double \\*r_\[a-z\]+(_\[0-9\])? = \\(double \\*\\) aligned_alloc \\(64, " 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "double \\*w_\[a-z\]+ = \\(double \\*\\) aligned_alloc \\(64, " 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| D read from a copy in the other layout" 1 "sparsefuse" } } */
