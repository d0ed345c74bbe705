/* scratch-arrays.h at -O0 with -g: row accumulators declared before the pragma
   (fixed, VLA), inside it (VLA) and named in scratch() are the region's
   own; each kernel replaced, verified, against its loop.  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-require-effective-target openmp } */

#include "scratch-arrays.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 5 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "verify: verified" 5 "sparsefuse" } } */
