/* intvals.h at -O2 with OpenMP: every integer kernel replaced and equal
   to its unannotated copy.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include "intvals.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 17 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
