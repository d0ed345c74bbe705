/* intvals.h at -O2 (no -fopenmp: the serial code).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "intvals.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 17 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
