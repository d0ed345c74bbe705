/* coo-parallel.h at -O0.  */
/* { dg-do run } */
/* { dg-options "-O0 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include "coo-parallel.h"

/* { dg-final { scan-tree-dump-times "schedule: forall i \\(runs of B coo\\) forall j \\(B singleton\\) \\| parallel i" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "int64_t nchunks = \\(pB0_end - pB0 \\+ 4095\\) / 4096;\n *#pragma omp parallel for schedule\\(dynamic, 1\\)\n *.. on one thread: nchunks = 1, one chunk of all ..\n *for \\(int64_t chunk = 0; chunk < nchunks; chunk\\+\\+\\)" 1 "sparsefuse" } } */
