/* gen-inplace.c (the output read at its own indices) at -O3 with
   -fopenmp under 1, 2 and 4 threads (fuse-threads.h).  */
/* { dg-do run } */
/* { dg-options "-O3 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#define GEN_FILE "gen-inplace.c"
#include "fuse-threads.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
