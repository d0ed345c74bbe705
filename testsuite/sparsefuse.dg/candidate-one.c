/* -fplugin-arg-sparsefuse-candidate=N: candidate N of the auto-scheduler's
   enumeration alone, whatever its cost (for benchmarks: bench/candidates.sh
   measures every candidate beside auto).  SpMM,GEMM's candidate 13 is the
   single nest in loop order i k j l, which the cost drops (a departure
   that does not halve the time); forced, it must still agree with the
   loop, at 1 and 2 threads, on random shapes and a real matrix.  The
   dump's details list every candidate and what became of it: here C*D
   computed once (dense sums first, candidate 20) was the pick at the
   typical point, the fused schedule and the single nest its run-time
   alternatives.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-candidate=13" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"

#include "spmm-gemm-body.h"

#define ARGS const struct csr *B, int K, int L, double (*C)[K],	\
	     double (*D)[L], double (*A)[L]
static void kernel (ARGS)
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)"))
static void reference (ARGS) BODY ()

static void
run (const struct csr *B, int K, int L, const char *name)
{
  double *C = gd_dense ((int64_t) B->m * K + 1), *D = gd_dense (K * L + 1);
  double *A = gd_dense ((int64_t) B->n * L + 1);
  double *R = GD_DUP (A, (int64_t) B->n * L + 1);
  kernel (B, K, L, (void *) C, (void *) D, (void *) A);
  reference (B, K, L, (void *) C, (void *) D, (void *) R);
  char what[160];
  snprintf (what, sizeof what, "%s, K=%d L=%d, %d threads", name, K, L,
	    omp_get_max_threads ());
  gd_compare_norm (what, A, R, (int64_t) B->n * L);
  free (C), free (D), free (A), free (R);
}

int
main (void)
{
  for (int t = 1; t <= 2; t++)
    {
      omp_set_num_threads (t);
      struct csr B;
      for (int shape = 0; shape < GD_NSHAPES; shape++)
	{
	  GD_MAKE_CSR (&B, 23, 31, shape, 80 + shape);
	  run (&B, 7, 5, gd_shape_names[shape]);
	  free (B.pos), free (B.crd), free (B.vals);
	}
      char path[1024];
      snprintf (path, sizeof path, "%s/matrices/bcsstk13.mtx", SF_DATA_DIR);
      if (GD_READ_CSR (&B, path))
	{
	  run (&B, 16, 8, "bcsstk13");
	  free (B.pos), free (B.crd), free (B.vals);
	}
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: forall i \\(dense\\) forall k \\(dense\\) forall j \\(B compressed\\) forall l \\(dense\\) \[^\n\]*\\| schedule naive, order i k j l, candidate 13 of 20 as the option asks \\(" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "run-time choice" "sparsefuse" } } */
/* The single nest is on the frontier but never predicted 1.5x faster
   than the fused schedules: it is not emitted (the dump says by how much
   at most).  */
/* { dg-final { scan-tree-dump-times "region 0 candidate 1: naive \\| time \[^\n\]* \\| on the Pareto frontier, at most 1\\.\[0-4\]\[0-9\]x faster than the alternatives kept over the sizes sampled\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 0 candidate 2: fused \\| time I \\+ nnz\\(B\\) \\+ I\\*L \\+ 2\\*I\\*K \\+ nnz\\(B\\)\\*K \\+ I\\*L\\*K, memory 8\\*K bytes \\(\[^)\]*\\) \\| chosen at the typical point, a run-time alternative\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 0 candidate 3: fused, sums nested \\| not a schedule of this region: no where-statement" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 0 candidate 13: naive, order i k j l \\| time \[^\n\]* \\| dropped: not under half" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 0 candidate 19: " 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 0 candidate 20: fused, dense sums first, C\\*D first \\| time \[^\n\]*, memory 8\\*L\\*J bytes \\(\[^)\]*\\) \\| a run-time alternative\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "region 0 candidate 21: " "sparsefuse" } } */
