/* intvals.h at -O3 -fopenmp.  */
/* { dg-do run } */
/* { dg-options "-O3 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include "intvals.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 17 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
