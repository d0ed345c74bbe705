/* The default (fused) schedule of gen-fused.c's kernels, parallel.
   (gen-fused.c under 1, 2 and 4 threads when built with -fopenmp; see
   fuse-threads.h).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fdump-tree-optimized" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#define GEN_FILE "gen-fused.c"
#include "fuse-threads.h"

/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
/* Workspaces on the heap start on a cache line (passes/irgen.cc).  */
/* { dg-final { scan-tree-dump "aligned_alloc \\(64, " "optimized" } } */
