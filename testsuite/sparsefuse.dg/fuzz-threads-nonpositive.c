/* Regression (found by tools/fuzz/hostile.py, threads(-2) and
   threads(1000000)): a threads(N) clause whose N was negative or huge at
   run time went to libgomp as it was; -3 read as an unsigned count asked
   for billions of threads ("Out of memory"), a million crashed.  The
   generated code (passes/irgen.cc, gen_num_threads) now takes N <= 0 for
   the default team size and caps N at the larger of the default and the
   number of processors, and at the thread limit.  */
/* { dg-do run } */
/* { dg-require-effective-target openmp } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */

#include "sf-test.h"

static void
f (int n, long t, const double *x, double *y)
{
#pragma tensor y(i) = 2 * x(i) shape(x: n, y: n) threads(t)
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

/* The statement without the pragma: the reference.  */
static void
f_ref (int n, const double *x, double *y)
{
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

int
main (void)
{
  static const long asked[] = { -3, 0, 1, 2, 1000000, -2147483647L - 1 };
  double x[64], y[64], want[64];
  sf_test_fill (x, 64);
  f_ref (64, x, want);
  for (unsigned k = 0; k < sizeof asked / sizeof asked[0]; k++)
    {
      char what[64];
      memset (y, 0, sizeof y);
      f (64, asked[k], x, y);
      snprintf (what, sizeof what, "threads(%ld)", asked[k]);
      sf_test_compare (what, y, want, 64, 0);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
