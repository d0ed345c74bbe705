/* stream.c: STREAM-style memory bandwidth of this machine, the bound that
   SpMV and SpMM are measured against.

     bench/stream [MiB per array] [threads,...]     (default 256, 1,2)

   Copy (a = b) and triad (a = b + s c) over three arrays far larger than
   the last-level cache, with OpenMP static schedules (first touch in
   the same schedule); best of 10 runs after a warm-up, counting the bytes
   as STREAM does (copy 16, triad 24 per element; write-allocate traffic
   is not counted).  Prints CSV: threads,kernel,gbytes_per_s.  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <omp.h>

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Return the best time of 10 runs of copy (TRIAD 0) or triad over N.  */
static double
best_time (double *restrict a, const double *restrict b,
	   const double *restrict c, long n, int triad)
{
  double best = 1e30;
  for (int r = 0; r <= 10; r++)
    {
      double t0 = now ();
      if (triad)
	{
#pragma omp parallel for schedule(static)
	  for (long i = 0; i < n; i++)
	    a[i] = b[i] + 3.0 * c[i];
	}
      else
	{
#pragma omp parallel for schedule(static)
	  for (long i = 0; i < n; i++)
	    a[i] = b[i];
	}
      double t = now () - t0;
      if (r > 0 && t < best)
	best = t;
    }
  return best;
}

int
main (int argc, char **argv)
{
  long mib = argc > 1 ? atol (argv[1]) : 256;
  const char *list = argc > 2 ? argv[2] : "1,2";
  long n = mib * 1024 * 1024 / sizeof (double);
  double *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b),
	 *c = malloc (n * sizeof *c);
  if (!a || !b || !c || n < 1)
    return 1;
  printf ("threads,kernel,gbytes_per_s\n");
  for (const char *p = list; *p; p += *p == ',')
    {
      char *end;
      int t = (int) strtol (p, &end, 10);
      p = end;
      omp_set_num_threads (t);
#pragma omp parallel for schedule(static)
      for (long i = 0; i < n; i++)
	a[i] = 0, b[i] = 1, c[i] = 2;
      printf ("%d,copy,%.2f\n", t, 16.0 * n / best_time (a, b, c, n, 0) / 1e9);
      printf ("%d,triad,%.2f\n", t, 24.0 * n / best_time (a, b, c, n, 1) / 1e9);
    }
  free (a), free (b), free (c);
  return 0;
}
