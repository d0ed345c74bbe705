/* The default (fused) schedule of gen-spmv.c's kernels, parallel.
   (gen-spmv.c under 1, 2 and 4 threads when built with -fopenmp; see
   fuse-threads.h).  A row loop's chunk grows with the rows (irgen.cc,
   chunk_for): the team's size is asked of omp_get_max_threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fdump-tree-omplower" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#define GEN_FILE "gen-spmv.c"
#include "fuse-threads.h"

/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "omp_get_max_threads \\(\\)" "omplower" } } */
/* { dg-final { scan-tree-dump "#pragma omp for schedule\\(dynamic,D\\.\[0-9\]+\\)" "omplower" } } */
