/* omp-contexts.c at -O0 with -g: the work-shared and serial code inside
   parallel regions as a debug build compiles it (no SSA temporaries
   leaking into the outlined functions, scopes for the debug
   information).  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "omp-contexts.c"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 9 "sparsefuse" } } */
