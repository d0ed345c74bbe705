/* The gain test (core/opt/gain.c, passes/pass.cc) on the kernels of
   harm-paths.h at -O2, the threads test at its default bound: the small
   inputs run the original statement, the long rows (partial sums) and the
   mixed rows (threads) the generated code; each kernel against
   its loop at one and two threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-gain=on -fplugin-arg-sparsefuse-parallel-min=32768 -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 7 "sparsefuse" } } */
/* Each region's code in a function of its own, beside the statement, but
   that of the orphaned '#pragma omp for' (work-shared by its caller's
   team).  */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ code in function \[A-Za-z0-9_\]+\\.sparsefuse\\.\[0-9\]+\n" 6 "sparsefuse" } } */
/* Seven with a gain test; the two under the loop's own directives test
   what the code adds to the threads the statement has (no threads test).  */
/* { dg-final { scan-tree-dump-times "guard: the input gains from the code \\(" 7 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "guard: the input gains from the code \\(rows of 16 entries or more on average, or entries larger than half the last-level cache\\) and" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "guard: the input gains from the code \\(rows of 16 entries or more on average, or large enough for threads, and more than one, or entries larger than half the last-level cache\\)" 2 "sparsefuse" } } */
/* The statements of five of those six moved into a function of their
   own too (passes/statement-fn.cc); the one under its own 'omp parallel
   for' stays where it is (it holds the directive); the orphaned one,
   work-shared, keeps its code and its statement in place.  */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ statement in function \[A-Za-z0-9_\]+\\.sparsefuse\\.\[0-9\]+\n" 5 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ statement stays in the function: it has an OpenMP directive" 1 "sparsefuse" } } */
