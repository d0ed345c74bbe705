/* The gain test (core/opt/gain.c, passes/pass.cc) on the kernels of
   harm-paths.h without OpenMP: no threads, so the long rows (partial
   sums) alone take the generated code, the other inputs run the original
   statement; each kernel against its loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-gain=on -fplugin-arg-sparsefuse-parallel-min=32768 -fplugin-arg-sparsefuse-dump=details" } */

#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 7 "sparsefuse" } } */
/* All seven without OpenMP, none testing for threads.  */
/* { dg-final { scan-tree-dump-times "guard: the input gains from the code \\(" 7 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "large enough for threads" "sparsefuse" } } */
