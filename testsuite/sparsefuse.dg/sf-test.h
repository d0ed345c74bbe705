/* Support for the run tests: a seeded generator, random sparse patterns
   and the comparison every test ends with.

   A run test holds an annotated function and its unannotated copy; it
   runs both on the same data and calls sf_test_compare, which counts a
   failure when any element differs by more than TOL relative to the
   larger magnitude (and at least 1).  main returns sf_test_status ().  */

#ifndef SF_TEST_H
#define SF_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long sf_test_state = 0x9e3779b97f4a7c15ULL;
static int sf_test_failures;

/* Return the next 64 random bits (splitmix64).  */
static unsigned long long
sf_test_bits (void)
{
  unsigned long long z = (sf_test_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Return a uniform double in [-1, 1).  */
static double
sf_test_value (void)
{
  return (double) (sf_test_bits () >> 11) / 4503599627370496.0 - 1.0;
}

/* Return a uniform integer in [0, N).  */
static long
sf_test_below (long n)
{
  return n > 0 ? (long) (sf_test_bits () % (unsigned long long) n) : 0;
}

static void
sf_test_fill (double *x, long n)
{
  for (long i = 0; i < n; i++)
    x[i] = sf_test_value ();
}

static void
sf_test_fill_float (float *x, long n)
{
  for (long i = 0; i < n; i++)
    x[i] = (float) sf_test_value ();
}

/* Build a random NROWS x NCOLS pattern with about DENSITY of the entries
   set, some rows empty, sorted unique columns: ROWPTR (NROWS+1 entries),
   COLIDX and VALS (malloc'd).  Return the number of entries.  */
static long
sf_test_pattern (long nrows, long ncols, double density, long **rowptr,
		 long **colidx, double **vals)
{
  long cap = (long) (nrows * ncols * density) + nrows + 1, nnz = 0;
  *rowptr = (long *) malloc ((nrows + 1) * sizeof (long));
  *colidx = (long *) malloc (cap * sizeof (long));
  *vals = (double *) malloc (cap * sizeof (double));
  (*rowptr)[0] = 0;
  for (long i = 0; i < nrows; i++)
    {
      int empty = sf_test_below (5) == 0;
      for (long j = 0; j < ncols && !empty; j++)
	if ((double) (sf_test_bits () >> 11) / 9007199254740992.0 < density
	    && nnz < cap)
	  {
	    (*colidx)[nnz] = j;
	    (*vals)[nnz++] = sf_test_value ();
	  }
      (*rowptr)[i + 1] = nnz;
    }
  return nnz;
}

/* The pattern of sf_test_pattern with int ROWPTR and COLIDX (malloc'd),
   as struct csr { int n, m; int *rowptr, *colidx; double *vals; } holds
   it.  Return the number of entries.  */
static long
sf_test_pattern_int (long nrows, long ncols, double density, int **rowptr,
		     int **colidx, double **vals)
{
  long *rp, *ci;
  long nnz = sf_test_pattern (nrows, ncols, density, &rp, &ci, vals);
  *rowptr = (int *) malloc ((nrows + 1) * sizeof (int));
  *colidx = (int *) malloc ((nnz + 1) * sizeof (int));
  for (long i = 0; i <= nrows; i++)
    (*rowptr)[i] = (int) rp[i];
  for (long e = 0; e < nnz; e++)
    (*colidx)[e] = (int) ci[e];
  free (rp);
  free (ci);
  return nnz;
}

/* Compare N results GOT with the reference WANT; count a failure (and
   print the first bad element) when they differ by more than TOL.  */
static void
sf_test_compare (const char *what, const double *got, const double *want,
		 long n, double tol)
{
  for (long i = 0; i < n; i++)
    {
      double scale = fabs (want[i]) > 1.0 ? fabs (want[i]) : 1.0;
      if (!(fabs (got[i] - want[i]) <= tol * scale))
	{
	  printf ("FAIL %s: element %ld is %.17g, expected %.17g\n", what, i,
		  got[i], want[i]);
	  sf_test_failures++;
	  return;
	}
    }
  printf ("ok %s (%ld values)\n", what, n);
}

static void
sf_test_compare_float (const char *what, const float *got, const float *want,
		       long n, double tol)
{
  for (long i = 0; i < n; i++)
    {
      double scale = fabs (want[i]) > 1.0 ? fabs (want[i]) : 1.0;
      if (!(fabs ((double) got[i] - want[i]) <= tol * scale))
	{
	  printf ("FAIL %s: element %ld is %.9g, expected %.9g\n", what, i,
		  got[i], want[i]);
	  sf_test_failures++;
	  return;
	}
    }
  printf ("ok %s (%ld values)\n", what, n);
}

static int
sf_test_status (void)
{
  fflush (stdout);
  if (sf_test_failures)
    abort ();
  return 0;
}

#endif /* SF_TEST_H */
