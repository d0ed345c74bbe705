/* Reductions into a shared dense output run in parallel with a copy of
   the output per thread (core/opt/privatize.c): TTMc's loop over the
   slices i of B adds into all of A(l,m,n).  Under 1, 2 and 4 threads
   (always run: the harness passes parallel-min=0), each agrees with the
   unannotated loop, for = (A zeroed first) and for += (A keeps its
   values, the copies add to them).  The serial clause keeps the loop
   serial: no copy.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "csf-entries.h"

static void set_ann (TTMC_ARGS)
{
#pragma tensor A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)
  TTMC_SET_BODY
}
static void add_ann (TTMC_ARGS)
{
#pragma tensor A(l,m,n) += B(i,j,k) * C(i,l) * D(j,m) * E(k,n)
  {
    TTMC_ADD_BODY
  }
}
static void serial_ann (TTMC_ARGS)
{
#pragma tensor A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n) serial
  TTMC_SET_BODY
}
static void set_ref (TTMC_ARGS) TTMC_SET_BODY
static void add_ref (TTMC_ARGS) { TTMC_ADD_BODY }

int
main (void)
{
  static const int threads[] = { 1, 2, 4 };
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    for (int t = 0; t < 3; t++)
      {
	omp_set_num_threads (threads[t]);
	sf_csf B;
	int64_t d0 = 61, d1 = 37, d2 = 29, L = 6, M = 5, N = 7;
	make_csf (&B, d0, d1, d2, shape, 300 + shape);
	double *C = gd_dense (d0 * L), *D = gd_dense (d1 * M);
	double *E = gd_dense (d2 * N);
	double *A = gd_dense (L * M * N), *R = GD_DUP (A, L * M * N);
	char what[64];
	snprintf (what, sizeof what, "= (%d threads, %s)", threads[t],
		  gd_shape_names[shape]);
	set_ann (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) A);
	set_ref (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) R);
	gd_compare_norm (what, A, R, L * M * N);
	snprintf (what, sizeof what, "+= (%d threads, %s)", threads[t],
		  gd_shape_names[shape]);
	add_ann (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) A);
	add_ref (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) R);
	gd_compare_norm (what, A, R, L * M * N);
	snprintf (what, sizeof what, "serial (%d threads, %s)", threads[t],
		  gd_shape_names[shape]);
	serial_ann (&B, L, M, N, (void *) C, (void *) D, (void *) E,
		    (void *) A);
	set_ref (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) R);
	gd_compare_norm (what, A, R, L * M * N);
	free (C), free (D), free (E), free (A), free (R);
	sf_csf_free (&B);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| the loop over \[a-zA-Z0-9_\]+ adds into A in parallel, a copy of A per thread" 2 "sparsefuse" } } */
/* Two parallel regions, each the nested sums alone (the single nest, B*E
   first and D*E first are never predicted 1.5x faster: ttmc-picks.c
   emits them all with dispatch=all), each adding its copy into A in one
   critical section.  */
/* { dg-final { scan-tree-dump-times "#pragma omp critical" 2 "sparsefuse" } } */
