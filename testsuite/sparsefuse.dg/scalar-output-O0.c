/* scalar-output.c at -O0 with -g (a scalar output's address is taken
   for the generated code; the debug build must keep it right).  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "scalar-output.c"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 6 "sparsefuse" } } */
