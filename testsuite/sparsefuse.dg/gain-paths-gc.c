/* The kernels of harm-paths.h with the garbage collector run at every
   point it may run (--param ggc-min-expand=0 --param ggc-min-heapsize=0):
   each region's code is built in a function of its own during the pass
   over its caller and compiled later, so nothing of it may live in
   memory the collector does not see; each kernel against its loop at one
   and two threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-gain=on -fplugin-arg-sparsefuse-parallel-min=32768 -fplugin-arg-sparsefuse-dump --param ggc-min-expand=0 --param ggc-min-heapsize=0" } */
/* { dg-require-effective-target openmp } */

#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ code in function " 6 "sparsefuse" } } */
