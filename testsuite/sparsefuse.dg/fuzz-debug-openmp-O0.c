/* fuzz-debug-openmp.c at -O0 -g, where the sparse copy used to crash the
   compiler (final) with any -g.  */
/* { dg-do run } */
/* { dg-require-effective-target openmp } */
/* { dg-options "-O0 -g -fopenmp -fplugin-arg-sparsefuse-dump" } */

#include "fuzz-debug-openmp.c"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 3 "sparsefuse" } } */
