/* A parallel loop whose iterations write disjoint rows of the output is
   not privatized: MTTKRP A(i,r) = B(i,j,k) * C(j,r) * D(k,r) runs its
   loop over the slices i of B in parallel, each slice its own row of A,
   with no copy of A per thread (opt/privatize.c; it took one before,
   which cost 15% at two threads on a power-law tensor).  Threads take
   the slices 4 at a time (few, of skewed sizes), not 16 as rows.  The
   results agree with the loop at 1, 2 and 4 threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#define main mttkrp_csf_main
#include "mttkrp-csf.c"
#undef main

int
main (void)
{
  for (int t = 1; t <= 4; t *= 2)
    {
      omp_set_num_threads (t);
      mttkrp_csf_main ();
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "schedule: \[^\n\]*\\| parallel i " "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "a copy of A per thread" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "#pragma omp (parallel )?for schedule\\(dynamic, 4\\)\[^\n\]*\n *for \\(int64_t pB0 = " "sparsefuse" } } */
