/* The runs of a coo level (coo-parallel.h) where real code puts its
   statement: in a function each thread of a parallel region calls on an
   output of its own (the code's loop of chunks then runs in the
   encountering thread's context), and over a global matrix and a
   function-static output.  Each against its unannotated copy, bit for
   bit, with rows of 9000 entries across chunks.  Included at -O2 and at
   -O0 -g (coo-parallel-contexts{,-O0}.c).  */

#include <omp.h>
#include "sf-test.h"
#include "coo-spmv.h"

enum { N = 2000, LONG = 9000, MAXNNZ = 2 * LONG + 4 * N, T = 4 };
static int row[MAXNNZ], col[MAXNNZ];
static double val[MAXNNZ], x[N];
coo_t global_B;

static void spmv (const coo_t *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  { SPMV_BODY }
}
static void spmv_ref (const coo_t *B, const double *x, double *y)
{
  SPMV_BODY
}

/* The global matrix into a function-static output.  */
static double *
spmv_global (void)
{
  static double out[N];
  const coo_t *B = &global_B;
#pragma tensor out(i) = B(i,j) * x(j)
  {
    for (int i = 0; i < B->n; i++)
      out[i] = 0;
    for (int p = 0; p < B->nnz; p++)
      out[B->row[p]] += B->val[p] * x[B->col[p]];
  }
  return out;
}

int
main (void)
{
  int nnz = 0;
  unsigned seed = 11;
  for (int i = 0; i < N; i++)
    {
      int len = i == 11 || i == N - 5 ? LONG : i % 5 == 3 ? 0 : 1 + i % 4;
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
  global_B = B;
  static double y[T][N], w[N];
  spmv_ref (&B, x, w);
  static const int threads[] = { 1, 2, 4 };
  for (int t = 0; t < 3; t++)
    {
      omp_set_num_threads (threads[t]);
#pragma omp parallel num_threads (T)
      spmv (&B, x, y[omp_get_thread_num ()]);
      for (int k = 0; k < T; k++)
	for (int i = 0; i < N; i++)
	  if (y[k][i] != w[i])
	    {
	      printf ("FAIL in a parallel region, thread %d: y[%d] = %.17g, "
		      "the loop's %.17g\n", k, i, y[k][i], w[i]);
	      return 1;
	    }
      const double *g = spmv_global ();
      for (int i = 0; i < N; i++)
	if (g[i] != w[i])
	  {
	    printf ("FAIL global, %d threads: out[%d] = %.17g, the loop's "
		    "%.17g\n", threads[t], i, g[i], w[i]);
	    return 1;
	  }
      sf_test_compare ("coo spmv, global data", g, w, N, 0.0);
    }
  sf_test_compare ("coo spmv in a parallel region", y[T - 1], w, N, 0.0);
  return sf_test_status ();
}
