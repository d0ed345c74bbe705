/* readers.c: how fast sf_read_mtx reads a large Matrix Market file.

     readers build/bench
     generating build/bench/rmat-s20-e10.mtx (R-MAT scale 20, 10 per row)
     build/bench/rmat-s20-e10.mtx: 10173171 entries, 335.8 MB
     sf_read_mtx: median 1.148 s of 5 (min 1.032, max 1.398):
       292.5 MB/s, 8.9 M nonzeros/s

   The matrix is generated once (seed 1, Graph500 probabilities) and kept;
   each run reads it once to warm the page cache, then five more times;
   the median time gives the rates.  */

#include "sparsefuse.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#define RUNS 5

/* Return the current monotonic time in seconds.  */
static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + 1e-9 * (double) ts.tv_nsec;
}

/* qsort comparison of doubles.  */
static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Make sure PATH holds the benchmark matrix.  Return 0 on success.  */
static int
ensure_matrix (const char *path, int scale, double per_row)
{
  struct stat st;
  if (stat (path, &st) == 0 && st.st_size > 0)
    return 0;
  printf ("generating %s (R-MAT scale %d, %g per row)\n", path, scale,
          per_row);
  fflush (stdout);
  sf_coo a;
  sf_error err;
  if (sf_gen_rmat (scale, per_row, 0.57, 0.19, 0.19, 1, &a, &err)
      || sf_write_mtx (path, &a, &err))
    {
      fprintf (stderr, "%s\n", err.message);
      sf_coo_free (&a);
      return 1;
    }
  sf_coo_free (&a);
  return 0;
}

/* Read PATH once; store the seconds taken in *T and the entries in *NNZ.
   Return 0 on success.  */
static int
timed_read (const char *path, double *t, int64_t *nnz)
{
  sf_coo a;
  sf_error err;
  double t0 = now ();
  int rc = sf_read_mtx (path, &a, &err);
  *t = now () - t0;
  if (rc)
    fprintf (stderr, "%s\n", err.message);
  *nnz = a.nnz;
  sf_coo_free (&a);
  return rc;
}

int
main (int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : ".";
  int scale = 20;
  double per_row = 10;
  char path[4096];
  snprintf (path, sizeof path, "%s/rmat-s%d-e%g.mtx", dir, scale, per_row);
  mkdir (dir, 0777);
  if (ensure_matrix (path, scale, per_row))
    return 1;
  struct stat st;
  stat (path, &st);
  double t[RUNS], mb = (double) st.st_size / 1e6;
  int64_t nnz = 0;
  if (timed_read (path, &t[0], &nnz))
    return 1;
  printf ("%s: %lld entries, %.1f MB\n", path, (long long) nnz, mb);
  for (int i = 0; i < RUNS; i++)
    if (timed_read (path, &t[i], &nnz))
      return 1;
  qsort (t, RUNS, sizeof t[0], cmp_double);
  double med = t[RUNS / 2];
  printf ("sf_read_mtx: median %.3f s of %d (min %.3f, max %.3f): "
          "%.1f MB/s, %.1f M nonzeros/s\n", med, RUNS, t[0], t[RUNS - 1],
          mb / med, (double) nnz / med / 1e6);
  return 0;
}
