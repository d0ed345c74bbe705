/* harm-mttkrp.h with the cache the generated code reads made 1 KiB: the
   copies that prefetch the i fibers' entries run, against the loop, at
   one and two threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#define _GNU_SOURCE
#define HARM_SMALL_CACHE
#include "harm-mttkrp.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "if \\(streams != 0\\)" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "rows of A accumulated in r_r" "sparsefuse" } } */
