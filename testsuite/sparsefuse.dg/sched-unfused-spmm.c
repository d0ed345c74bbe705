/* schedule unfused (full temporaries) on gen-spmm.c's kernels, parallel.
   (gen-spmm.c under 1, 2 and 4 threads when built with -fopenmp; see
   fuse-threads.h).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-schedule=unfused -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#define GEN_FILE "gen-spmm.c"
#include "fuse-threads.h"

/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
