/* gain-omp-serial.h at -O2: a region inside '#pragma omp parallel' tests
   the data only, and runs the statement (each thread its own) when the
   code would add nothing.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-gain=on -fplugin-arg-sparsefuse-parallel-min=32768 -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include "gain-omp-serial.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: the input gains from the code \\(rows of 16 entries or more on average, or entries larger than half the last-level cache\\)" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "large enough for threads" "sparsefuse" } } */
/* Inside the construct the code stays in the function (its data sharing).  */
/* { dg-final { scan-tree-dump-not "code in function" "sparsefuse" } } */
