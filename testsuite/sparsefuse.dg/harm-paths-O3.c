/* harm-paths.h at -O3 -march=native (the bench's flags).  */
/* { dg-do run } */
/* { dg-options "-O3 -march=native -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 7 "sparsefuse" } } */
