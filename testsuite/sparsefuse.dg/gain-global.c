/* gain-global.h at -O2 with OpenMP: the gain test over static and global
   tensors.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-gain=on -fplugin-arg-sparsefuse-parallel-min=32768 -fplugin-arg-sparsefuse-dump" } */
/* { dg-require-effective-target openmp } */

#include "gain-global.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: the input gains from the code \\(rows of 16 entries or more on average, or large enough for threads, and more than one, or entries larger than half the last-level cache\\)" "sparsefuse" } } */
