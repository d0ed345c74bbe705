/* The order the operands are written in does not decide the schedule:
   SpMM,GEMM written as A(i,l) = C(j,k) * D(k,l) * B(i,j) sums k over C*D
   first as the product reads, and every schedule of that association
   costs nnz(B)*K*L.  schedule(auto) also tries the other associations of
   the product (lower_expr.c, lw_reassociations): C*B first sums j into a
   K-vector per row of A, nnz(B)*K + I*K*L, the same schedule as the
   product written B*C*D.  The run-time choice keeps the single nest for
   rows of one entry and when the workspace does not fit; both picks, on
   band matrices, random shapes and a real matrix, under 1 and 2 threads,
   agree with the unannotated loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
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

/* Run B with K and L columns under cap; WANT the pick (-1: either).  */
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
  if (want >= 0 && got != want)
    {
      printf ("FAIL %s: picked %d, expected %d\n", what, got, want);
      sf_test_failures++;
    }
  free (C), free (D), free (A), free (R);
}

/* B: N x N with PER entries in each row, columns I .. I + PER - 1 (mod N)
   sorted.  */
static void
band (struct csr *B, int n, int per)
{
  B->n = B->m = n;
  B->pos = malloc ((n + 1) * sizeof (int));
  B->crd = malloc ((size_t) n * per * sizeof (int));
  B->vals = gd_dense ((int64_t) n * per);
  for (int i = 0; i <= n; i++)
    B->pos[i] = i * per;
  for (int i = 0; i < n; i++)
    {
      int first = i + per <= n ? i : n - per;
      for (int q = 0; q < per; q++)
	B->crd[i * per + q] = first + q;
    }
}

int
main (void)
{
  log_ = pick_log_open ();
  for (int t = 1; t <= 2; t++)
    {
      omp_set_num_threads (t);
      struct csr B;
      band (&B, 40, 1);
      run (&B, 12, 12, 1L << 20, 0, "band of 1");
      free (B.pos), free (B.crd), free (B.vals);
      band (&B, 40, 8);
      run (&B, 12, 12, 1L << 20, 1, "band of 8");
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
      sf_coo a;
      sf_csr r;
      sf_error err;
      if (sf_read_mtx (path, &a, &err) == SF_OK)
	{
	  gd_check (sf_coo_sum_duplicates (&a, &err), &err);
	  gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	  int n = (int) a.dims[0], m = (int) a.dims[1];
	  struct csr M = { n, m, GD_COPY (int, r.pos, n + 1, 0),
			   GD_COPY (int, r.crd, a.nnz, 0),
			   GD_DUP (r.vals, a.nnz) };
	  run (&M, 16, 8, 1L << 20, 1, "bcsstk13");
	  free (M.pos), free (M.crd), free (M.vals);
	  sf_csr_free (&r), sf_coo_free (&a);
	}
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: forall i \\(dense\\) forall j \\(B compressed\\) forall k \\(dense\\) forall l \\(dense\\) \[^\n\]*where w_k: rank 1, size \\|k\\|\[^\n\]*\\| schedule fused, C\\*B first \\(\[^)\]*\\) \\| time I \\+ nnz\\(B\\) \\+ I\\*L \\+ 2\\*I\\*K \\+ nnz\\(B\\)\\*K \\+ I\\*L\\*K, memory 8\\*K bytes \\| 2 of 2 on the Pareto frontier \[^\n\]*run-time choice among 2 \\\[0 naive, 1 fused, C\\*B first\\\]" 1 "sparsefuse" } } */
