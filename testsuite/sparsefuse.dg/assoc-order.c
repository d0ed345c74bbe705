/* The order the operands are written in does not decide the schedule:
   SpMM,GEMM written as A(i,l) = C(j,k) * D(k,l) * B(i,j) sums k over C*D
   first as the product reads, and every schedule of that association
   costs nnz(B)*K*L.  schedule(auto) also tries the other associations of
   the product (lower/expr.c, lw_reassociations): C*B first sums j into a
   K-vector per row of A, nnz(B)*K + I*K*L, the same schedule as the
   product written B*C*D.  The association as written has another
   schedule: its sum of dense factors computed once (docs/scheduling.md,
   "Dense sums first"), a J x L matrix C*D, then nnz(B)*L, which costs as
   much as C*B first when K = L but for zeroing the J x L matrix, so C*B
   first is the choice at the typical point.  The run-time choice keeps the single
   nest for rows of one entry and when no workspace fits, one of the two
   others for rows of eight; every pick, on band matrices, random shapes
   and a real matrix, under 1 and 2 threads, agrees with the unannotated
   loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"
#include "pick-log.h"

#include "spmm-gemm-body.h"

#define ARGS const struct csr *B, int K, int L, double (*C)[K],	\
	     double (*D)[L], double (*A)[L], long cap
static void kernel (ARGS)
BODY (_Pragma ("tensor A(i,l) = C(j,k) * D(k,l) * B(i,j) memory(cap)"))
static void reference (ARGS) BODY ()

static FILE *log_;

/* Run B with K and L columns under cap; WANT the pick (-1: any, -2: any
   but the single nest).  */
static void
run (const struct csr *B, int K, int L, long cap, int want, const char *name)
{
  double *C = gd_dense ((int64_t) B->m * K + 1), *D = gd_dense (K * L + 1);
  double *A = gd_dense ((int64_t) B->n * L + 1);
  double *R = GD_DUP (A, (int64_t) B->n * L + 1);
  long before = ftell (log_);
  kernel (B, K, L, (void *) C, (void *) D, (void *) A, cap);
  int got = pick_read (log_, before);
  reference (B, K, L, (void *) C, (void *) D, (void *) R, cap);
  char what[160];
  snprintf (what, sizeof what, "%s, K=%d L=%d, cap %ld, %d threads", name,
	    K, L, cap, omp_get_max_threads ());
  gd_compare_norm (what, A, R, (int64_t) B->n * L);
  if ((want >= 0 && got != want) || (want == -2 && got < 1))
    {
      printf ("FAIL %s: picked %d, expected %d\n", what, got, want);
      sf_test_failures++;
    }
  free (C), free (D), free (A), free (R);
}

int
main (void)
{
  log_ = pick_log_open ();
  for (int t = 1; t <= 2; t++)
    {
      omp_set_num_threads (t);
      struct csr B;
      GD_BAND_CSR (&B, 40, 1);
      run (&B, 12, 12, 1L << 20, 0, "band of 1");
      free (B.pos), free (B.crd), free (B.vals);
      GD_BAND_CSR (&B, 40, 8);
      run (&B, 12, 12, 1L << 20, -2, "band of 8");
      run (&B, 12, 12, 12 * 8 - 1, 0, "band of 8");
      free (B.pos), free (B.crd), free (B.vals);
      for (int shape = 0; shape < GD_NSHAPES; shape++)
	{
	  GD_MAKE_CSR (&B, 23, 31, shape, 60 + shape);
	  run (&B, 7, 5, 1L << 20, -1, gd_shape_names[shape]);
	  free (B.pos), free (B.crd), free (B.vals);
	}
      char path[1024];
      snprintf (path, sizeof path, "%s/matrices/bcsstk13.mtx", SF_DATA_DIR);
      if (GD_READ_CSR (&B, path))
	{
	  run (&B, 16, 8, 1L << 20, -2, "bcsstk13");
	  free (B.pos), free (B.crd), free (B.vals);
	}
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: forall i \\(dense\\) forall j \\(B compressed\\) forall k \\(dense\\) forall l \\(dense\\) \[^\n\]*where w_k: rank 1, size \\|k\\|, heap, fused over i \\| schedule fused, C\\*B first \\(\[^)\]*\\) \\| time \[^\n\]*, memory 8\\*K bytes \\| 3 of 3 on the Pareto frontier \[^\n\]*run-time choice among 3 \\\[0 naive, 1 fused, dense sums first, 2 fused, C\\*B first\\\]" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 0 candidate \[0-9\]+: fused, dense sums first \\| time \[^\n\]* \\+ L\\*J \\+ \[^\n\]*, memory 8\\*L\\*J bytes" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 0 candidate \[0-9\]+: fused, C\\*B first \\| time I \\+ nnz\\(B\\) \\+ I\\*L \\+ 2\\*I\\*K \\+ nnz\\(B\\)\\*K \\+ I\\*L\\*K, memory 8\\*K bytes" 1 "sparsefuse" } } */
