/* guard-run.c at -O0 with -g: the tests at the regions' entries and the
   original statements beside the new code, as a debug build compiles
   them.  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "guard-run.c"

/* { dg-final { scan-tree-dump-times "guard: " 7 "sparsefuse" } } */
