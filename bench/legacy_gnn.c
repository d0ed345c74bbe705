/* The GNN layer (SDDMM then SpMM) as a Fortran program holds it: a CSR
   matrix in 1-based arrays IA, JA, A and one row per node in
   column-major arrays C(N,KF), D(M,KF), E(M,LF), OUT(N,LF), the loop the
   Fortran loop transcribed.  bench/legacy.sh builds it with and without
   the plugin and compares the two.

     legacy_gnn [N PER_ROW KF LF REPS]   (default 65536 16 32 32 9)

   Prints a checksum of OUT (stdout) and the median time of REPS calls
   (stderr).  */

#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

void
gnn_rows (int n, int m, int kf, int lf, const int *ia, const int *ja,
	  const double *a, const double *c, const double *d, const double *e,
	  double *out)
{
#pragma tensor format B dims(n, m) levels(dense, compressed(ia, ja)) values(a) base(1)
#pragma tensor format C dims(n, kf) levels(dense, dense) values(c) modes(1, 0)
#pragma tensor format D dims(m, kf) levels(dense, dense) values(d) modes(1, 0)
#pragma tensor format E dims(m, lf) levels(dense, dense) values(e) modes(1, 0)
#pragma tensor format O dims(n, lf) levels(dense, dense) values(out) modes(1, 0)
#pragma tensor O(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)
  for (int i = 1; i <= n; i++)
    {
      for (int l = 1; l <= lf; l++)
	out[(i - 1) + (long) (l - 1) * n] = 0;
      for (int p = ia[i - 1]; p < ia[i]; p++)
	{
	  int j = ja[p - 1];
	  double s = 0;
	  for (int k = 1; k <= kf; k++)
	    s += c[(i - 1) + (long) (k - 1) * n] * d[(j - 1) + (long) (k - 1) * m];
	  for (int l = 1; l <= lf; l++)
	    out[(i - 1) + (long) (l - 1) * n] += a[p - 1] * s * e[(j - 1) + (long) (l - 1) * m];
	}
    }
}

static unsigned long long state = 2463534242ULL;

static double
uniform (void)
{
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (double) (state >> 11) / 9007199254740992.0;
}

static int
compare_double (const void *x, const void *y)
{
  double a = *(const double *) x, b = *(const double *) y;
  return (a > b) - (a < b);
}

int
main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 65536;
  int per = argc > 2 ? atoi (argv[2]) : 16;
  int kf = argc > 3 ? atoi (argv[3]) : 32;
  int lf = argc > 4 ? atoi (argv[4]) : 32;
  int reps = argc > 5 ? atoi (argv[5]) : 9;
  if (n < 1 || per < 1 || per > n || kf < 1 || lf < 1 || reps < 1)
    {
      fprintf (stderr, "legacy_gnn: bad arguments\n");
      return 2;
    }
  int *ia = malloc ((n + 1) * sizeof (int));
  int *ja = malloc ((long) n * per * sizeof (int));
  double *a = malloc ((long) n * per * sizeof (double));
  /* PER distinct sorted columns a row: a random start, random gaps.  */
  int nnz = 0;
  ia[0] = 1;
  for (int i = 0; i < n; i++)
    {
      int col = 1 + (int) (uniform () * (n / 2));
      for (int q = 0; q < per && col <= n; q++)
	{
	  ja[nnz] = col;
	  a[nnz++] = uniform () - 0.5;
	  col += 1 + (int) (uniform () * (2.0 * (n / 2) / per));
	}
      ia[i + 1] = nnz + 1;
    }
  double *c = malloc ((long) n * kf * sizeof (double));
  double *d = malloc ((long) n * kf * sizeof (double));
  double *e = malloc ((long) n * lf * sizeof (double));
  double *out = malloc ((long) n * lf * sizeof (double));
  for (long q = 0; q < (long) n * kf; q++)
    {
      c[q] = uniform () - 0.5;
      d[q] = uniform () - 0.5;
    }
  for (long q = 0; q < (long) n * lf; q++)
    e[q] = uniform () - 0.5;
  double *t = malloc (reps * sizeof (double));
  for (int r = 0; r < reps; r++)
    {
      double t0 = omp_get_wtime ();
      gnn_rows (n, n, kf, lf, ia, ja, a, c, d, e, out);
      t[r] = omp_get_wtime () - t0;
    }
  qsort (t, reps, sizeof *t, compare_double);
  double sum = 0, sw = 0;
  for (long q = 0; q < (long) n * lf; q++)
    {
      sum += out[q];
      sw += (double) (q % 89 + 1) * out[q];
    }
  printf ("gnn N = %d nnz = %d KF = %d LF = %d: %.12e %.12e\n", n, nnz, kf,
	  lf, sum, sw);
  fprintf (stderr, "gnn: median %.6f s a call of %d, %d threads\n",
	   t[reps / 2], reps, omp_get_max_threads ());
  return 0;
}
