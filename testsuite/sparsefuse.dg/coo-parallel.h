/* The runs of a coo level in parallel (lw_emit_run_chunks,
   core/lower/loop.c), included at -O0, -O2 and -O3 (coo-parallel*.c):
   COO SpMV's entries are split into chunks of about 4096, each moved to
   the start of a row, and the chunks run on the threads; on one thread
   (a small input, or a team of one) the loop is one chunk of all
   (sf_ir_stmt.parts).  A row of LONG entries spans several chunks (it
   must stay in one), short rows and empty rows around it, the last row
   empty or not, on three chunks and on six.  The testsuite's flags give
   every input threads (parallel-min=0): at two and four threads the
   chunks run on the team, at one the loop is one chunk.  The result
   equals the unannotated loop's, bit for bit (each row summed in the
   order of its entries either way).  */

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

enum { N = 2000, LONG = 9000, MAXNNZ = 2 * LONG + 4 * N };
static int row[MAXNNZ], col[MAXNNZ];
static double val[MAXNNZ], x[N], y[N], w[N];

/* Fill B with N rows: row 11 and, when TWO, row N - 5 of LONG entries,
   every fifth row empty, the others 1-4 entries at random columns, the
   last row empty unless LAST.  */
static void
fill (coo_t *B, int n, int two, int last, unsigned seed)
{
  int nnz = 0;
  for (int i = 0; i < n; i++)
    {
      int len = i == 11 || (two && i == n - 5) ? LONG
		: i % 5 == 3 ? 0 : 1 + i % 4;
      if (i == n - 1)
	len = last ? 3 : 0;
      for (int q = 0; q < len; q++)
	{
	  seed = seed * 1103515245u + 12345u;
	  row[nnz] = i;
	  col[nnz] = (int) ((seed >> 8) % n);
	  val[nnz++] = (double) (seed >> 16) / 65536.0 - 0.5;
	}
      x[i] = 1.0 / (1 + i);
    }
  coo_t b = { n, n, nnz, row, col, val };
  *B = b;
}

int
main (void)
{
  static const struct { int n, two, last; const char *what; } cases[] = {
    { 300, 0, 0, "one long row, three chunks" },
    { 300, 0, 1, "one long row, the last row stored" },
    { N, 1, 0, "two long rows, six chunks" },
    { N, 1, 1, "two long rows, the last row stored" },
  };
  static const int threads[] = { 1, 2, 4 };
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++)
    for (int t = 0; t < 3; t++)
      {
	coo_t B;
	fill (&B, cases[c].n, cases[c].two, cases[c].last, 7 + c);
	omp_set_num_threads (threads[t]);
	for (int i = 0; i < N; i++)
	  y[i] = w[i] = -1.0;
	spmv (&B, x, y);
	spmv_ref (&B, x, w);
	for (int i = 0; i < N; i++)
	  if (y[i] != w[i])
	    {
	      printf ("FAIL %s, %d threads: y[%d] = %.17g, the loop's %.17g\n",
		      cases[c].what, threads[t], i, y[i], w[i]);
	      return 1;
	    }
	sf_test_compare (cases[c].what, y, w, N, 0.0);
      }
  return sf_test_status ();
}
