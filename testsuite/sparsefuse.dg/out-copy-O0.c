/* out-copy.h at -O0: stores through pointers into the output set before
   the loop, each region replaced with the copy tested at its entry.  */
/* { dg-do run } */
/* { dg-options "-O0 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-require-effective-target openmp } */

#include "out-copy.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "verify: verified" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "guard: \[^\n\]*'out' == A->val, as set before the region" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: \[^\n\]*'yy' == y, as set before the region" "sparsefuse" } } */
