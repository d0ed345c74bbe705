/* The default (fused) schedule of gen-fused.c's kernels, serial code (no -fopenmp).
   (gen-fused.c under 1, 2 and 4 threads when built with -fopenmp; see
   fuse-threads.h).  */
/* { dg-do run } */
/* { dg-options "-O2  -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */

#define GEN_FILE "gen-fused.c"
#include "fuse-threads.h"

/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
