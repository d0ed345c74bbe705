/* verify-held-run.c at -O3 through the link-time optimizer: the tests of the held
   values and the loops kept beside the new code survive the link.  */
/* { dg-do run } */
/* { dg-options "-O3 -flto -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */
/* { dg-prune-output "the annotation holds only when" } */

#include "verify-held-run.c"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ guard: \[^\n\]*(mode == 2|acc >= 1|o->negate == 0|negate_now == 0)" 4 "sparsefuse" } } */
