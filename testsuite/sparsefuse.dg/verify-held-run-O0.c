/* verify-held-run.c at -O0 with -g: the tests of the held values at the
   regions' entries, as a debug build compiles them.  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */
/* { dg-prune-output "the annotation holds only when" } */

#include "verify-held-run.c"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ guard: \[^\n\]*(mode == 2|acc >= 1|o->negate == 0|negate_now == 0)" 4 "sparsefuse" } } */
