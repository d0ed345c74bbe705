/* The run-time choice of schedule(auto) (docs/scheduling.md, "The
   run-time choice").  SpMM,GEMM, A(i,l) = B(i,j) * C(j,k) * D(k,l), keeps
   two schedules on the Pareto frontier: the single nest, nnz(B)*K*L with
   no workspace, and the fused one, nnz(B)*K + I*K*L with a K-vector.  Both
   are emitted, and the program picks by the actual sizes:
     one entry per row       nnz(B) = I: the single nest is cheaper
     eight entries per row   the fused schedule is cheaper
     memory(0)               the fused workspace does not fit: single nest
   SPARSEFUSE_SHOW_PICK=1 makes each call print its pick on stderr; the
   test reads them back, and every result is compared with the loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"
#include "pick-log.h"

#include "spmm-gemm-body.h"

#define ARGS const struct csr *B, int K, int L, double (*C)[K],	\
	     double (*D)[L], double (*A)[L], long cap
static void kernel (ARGS)
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) memory(cap)"))
static void reference (ARGS) BODY ()

/* Run one case; return the pick the program printed, or -1.  */
static int
run (FILE *log, int per, long cap)
{
  const int n = 40, K = 12, L = 12;
  struct csr B;
  GD_BAND_CSR (&B, n, per);
  double *C = gd_dense (n * K), *D = gd_dense (K * L);
  double *A = gd_dense (n * L), *R = GD_DUP (A, n * L);
  long before = ftell (log);
  kernel (&B, K, L, (void *) C, (void *) D, (void *) A, cap);
  int got = pick_read (log, before);
  reference (&B, K, L, (void *) C, (void *) D, (void *) R, cap);
  gd_compare_norm ("dispatch", A, R, n * L);
  free (B.pos), free (B.crd), free (B.vals);
  free (C), free (D), free (A), free (R);
  return got;
}

int
main (void)
{
  FILE *log = pick_log_open ();
  struct { int per; long cap; int want; } cases[] = {
    { 1, 1L << 20, 0 },		/* one entry per row: the single nest */
    { 8, 1L << 20, 1 },		/* eight: fused */
    { 8, 0, 0 },		/* eight, but no memory: the single nest */
    { 8, 12 * 8, 1 },		/* exactly the K-vector: fused */
    { 8, 12 * 8 - 1, 0 },	/* one byte short */
  };
  for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++)
    {
      int got = run (log, cases[c].per, cases[c].cap);
      if (got != cases[c].want)
	{
	  printf ("FAIL: case %u: picked %d, expected %d\n", c, got,
		  cases[c].want);
	  sf_test_failures++;
	}
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| schedule fused \[^\n\]*\\| run-time choice among 2 \\\[0 naive, 1 fused\\\]: the least time whose workspaces fit in half the last-level cache and memory\\(\\.\\.\\.\\)" 1 "sparsefuse" } } */
