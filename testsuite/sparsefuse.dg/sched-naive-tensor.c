/* schedule naive (the single nest) on gen-tensor.c's kernels, parallel.
   (gen-tensor.c under 1, 2 and 4 threads when built with -fopenmp; see
   fuse-threads.h).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-schedule=naive -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#define GEN_FILE "gen-tensor.c"
#include "fuse-threads.h"

/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
