/* The gain test of a region inside an OpenMP construct (serial code,
   each thread running the whole statement): its data test only (rows
   long on average, entries out of the caches), never a threads test;
   each thread's SpMV into its own output, against the loop at one and
   two threads, on inputs short, long and large.  Included by
   gain-omp-serial.c (-O2) and gain-omp-serial-O0.c.  */

#include <stdint.h>
#include <omp.h>
#include "sf-test.h"

#include "harm-mat.h"

#define EACH_BODY(B, x, y)						\
  _Pragma ("omp parallel")						\
  {									\
    double *yt = y + (int64_t) omp_get_thread_num () * B->n;		\
    for (int64_t i = 0; i < B->n; i++)				\
      {									\
	double s = 0;							\
	for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)	\
	  s += B->val[p] * x[B->col[p]];				\
	yt[i] = s;							\
      }									\
  }

static void
each_ann (const struct mat *B, const double *x, double *y)
{
  _Pragma ("omp parallel")
  {
    double *yt = y + (int64_t) omp_get_thread_num () * B->n;
#pragma tensor yt(i) = B(i,j) * x(j)
    for (int64_t i = 0; i < B->n; i++)
      {
	double s = 0;
	for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	  s += B->val[p] * x[B->col[p]];
	yt[i] = s;
      }
  }
}

static void
each_ref (const struct mat *B, const double *x, double *y)
{
  EACH_BODY (B, x, y)
}

int
main (void)
{
  static const struct { int64_t n; int lo, hi; const char *what; } cases[] = {
    { 7, 0, 3, "7 rows of 0-3" },
    { 300, 1, 7, "short rows" },
    { 200, 30, 60, "long rows" },
    { 3000, 0, 40, "mixed rows" },
  };
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++)
    {
      struct mat *B = rows_between (cases[c].n, cases[c].lo, cases[c].hi);
      int64_t n = B->n;
      double *x = malloc (n * sizeof *x);
      double *y = malloc (2 * n * sizeof *y), *r = malloc (2 * n * sizeof *r);
      sf_test_fill (x, n);
      for (int threads = 1; threads <= 2; threads++)
	{
	  char name[96];
	  omp_set_num_threads (threads);
	  each_ref (B, x, r);
	  each_ann (B, x, y);
	  snprintf (name, sizeof name, "each thread's spmv, %s, %d threads",
		    cases[c].what, threads);
	  sf_test_compare (name, y, r, threads * n, 1e-12);
	}
      free (x); free (y); free (r);
      free_mat (B);
    }
  return sf_test_status ();
}
