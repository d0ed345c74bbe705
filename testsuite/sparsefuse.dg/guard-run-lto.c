/* guard-run.c at -O3 through the link-time optimizer: the original
   statements kept beside the new code survive the link-time
   compilation.  */
/* { dg-do run } */
/* { dg-options "-O3 -flto -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "guard-run.c"

/* { dg-final { scan-tree-dump-times "guard: " 7 "sparsefuse" } } */
