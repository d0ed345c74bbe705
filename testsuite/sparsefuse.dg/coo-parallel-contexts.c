/* coo-parallel-contexts.h at -O2.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include "coo-parallel-contexts.h"

/* { dg-final { scan-tree-dump-times "schedule: forall i \\(runs of B coo\\) forall j \\(B singleton\\)" 2 "sparsefuse" } } */
