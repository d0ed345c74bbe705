/* The runs of a coo level in parallel (lw_emit_run_chunks,
   core/lower/loop.c): COO SpMV's entries are split into chunks of about
   4096, each moved to the start of a row, and the chunks run on the
   threads.  A row of 9000 entries spans several chunks (it must stay in
   one), short rows and empty rows around it; under 1, 2 and 4 threads
   the result equals the unannotated loop's.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "sf-test.h"
#include "coo-spmv.h"

static void spmv (const coo_t *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  { SPMV_BODY }
}
static void spmv_ref (const coo_t *B, const double *x, double *y)
{
  SPMV_BODY
}

int
main (void)
{
  enum { N = 300, LONG = 9000 };
  static int row[LONG + 4 * N], col[LONG + 4 * N];
  static double val[LONG + 4 * N], x[N], y[N], w[N];
  int nnz = 0;
  unsigned seed = 7;
  for (int i = 0; i < N; i++)
    {
      int len = i == 11 ? LONG : i % 5 == 3 ? 0 : 1 + i % 4;
      for (int q = 0; q < len; q++)
	{
	  seed = seed * 1103515245u + 12345u;
	  row[nnz] = i;
	  col[nnz] = (int) ((seed >> 8) % N);
	  val[nnz++] = (double) (seed >> 16) / 65536.0 - 0.5;
	}
      x[i] = 1.0 / (1 + i);
    }
  coo_t B = { N, N, nnz, row, col, val };
  static const int threads[] = { 1, 2, 4 };
  for (int t = 0; t < 3; t++)
    {
      omp_set_num_threads (threads[t]);
      spmv (&B, x, y);
      spmv_ref (&B, x, w);
      sf_test_compare ("coo spmv in chunks", y, w, N, 1e-12);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: forall i \\(runs of B coo\\) forall j \\(B singleton\\) \\| parallel i" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "int64_t nchunks = \\(pB0_end - pB0 \\+ 4095\\) / 4096;\n *#pragma omp parallel for schedule\\(dynamic, 1\\)" 1 "sparsefuse" } } */
