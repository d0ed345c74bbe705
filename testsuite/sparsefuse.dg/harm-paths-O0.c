/* harm-paths.h at -O0 with -g.  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 7 "sparsefuse" } } */
