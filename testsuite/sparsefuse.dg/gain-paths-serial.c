/* The gain test (core/opt/gain.c, passes/pass.cc) on the kernels of
   harm-paths.h without OpenMP (no threads test: long rows alone pick the code): the threads test at its default bound, so
   that the small inputs run the original statement, the long rows (partial
   sums) and the mixed rows (threads) the generated code; each kernel against
   its loop at one and two threads.  The regions under the loop's own
   OpenMP directives have no gain test.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-gain=on -fplugin-arg-sparsefuse-parallel-min=32768 -fplugin-arg-sparsefuse-dump=details" } */

#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 7 "sparsefuse" } } */
/* All seven without OpenMP, none testing for threads.  */
/* { dg-final { scan-tree-dump-times "guard: the input gains from the code \\(" 7 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "large enough for threads" "sparsefuse" } } */
