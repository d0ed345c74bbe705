/* The single kernels' run-time paths at -O2 (harm-paths.h): each against
   its loop at one and two threads, A^T x and CSC the same bits on every
   run; the row loops split by work, the choice of the loop as it was
   made once a call.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 7 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "__builtin_omp_get_thread_num" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "for \\(int sf_turn = 0" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "B_rowptr\\\[B_n - 1 \\+ 1\\\] - B_rowptr\\\[0\\\] < 16 \\* B_n" "sparsefuse" } } */
