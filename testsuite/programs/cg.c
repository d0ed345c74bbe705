/* A conjugate-gradient solver written the way NPB's CG is written in its
   OpenMP C version, to test the plugin on code of that shape as it is:
   file-scope arrays subscripted from 1 with element 0 unused, the matrix
   held in three loose arrays (rowstr, colidx, a), conj_grad called inside
   '#pragma omp parallel' with orphaned work-sharing loops, and function
   statics that the loops privatize (private(sum, k)).  The only changes
   for the plugin are the #pragma tensor lines: the loops are untouched.
   Annotated: the two sparse matrix-vector products and the three dot
   products and norms (scalar outputs under 'reduction').

   The program estimates the smallest eigenvalue of a random symmetric
   positive definite matrix by inverse power iteration, each step solving
   A z = x by 25 steps of CG, and prints per step the residual norm and
   the estimate (zeta), which make check compares between the build with
   the plugin and the one without.

     cg [N NONZER NITER]     (default 1400 7 15; the benchmark uses more)

   The time of the NITER steps goes to stderr.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <omp.h>

#ifndef NA_MAX
#define NA_MAX 1400
#endif
#ifndef NONZER_MAX
#define NONZER_MAX 7
#endif
#define NZ_MAX (NA_MAX * (2 * NONZER_MAX + 1))
#define SHIFT 10.0

static int naa, nzz;
static int firstrow, lastrow, firstcol, lastcol;
static int colidx[NZ_MAX + 1];
static int rowstr[NA_MAX + 1 + 1];
static double a[NZ_MAX + 1];
static double x[NA_MAX + 2 + 1];
static double z[NA_MAX + 2 + 1];
static double p[NA_MAX + 2 + 1];
static double q[NA_MAX + 2 + 1];
static double r[NA_MAX + 2 + 1];
static double w[NA_MAX + 2 + 1];

/* The generator's state: a linear congruential sequence, as NPB's randlc
   is one (these constants are Knuth's MMIX).  */
static unsigned long long seed = 314159265ULL;

static double
randlc (void)
{
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double) (seed >> 11) / 9007199254740992.0;
}

/* Entries of the matrix before assembly: row, column, value, from 1.  */
static int *arow, *acol;
static double *aelt;

/* One entry of a row during assembly.  */
struct entry
{
  int col;
  double val;
};

static int
compare_col (const void *e1, const void *e2)
{
  const struct entry *a1 = e1, *a2 = e2;
  return (a1->col > a2->col) - (a1->col < a2->col);
}

/* Make a random symmetric matrix of order N with about 2*NONZER + 1
   entries a row, diagonally dominant (so positive definite), into
   rowstr, colidx and a, subscripted from 1.  */
static void
makea (int n, int nonzer)
{
  int i, j, k, ne = 0;
  int cap = 2 * n * nonzer + n + 1;
  arow = malloc (cap * sizeof (int));
  acol = malloc (cap * sizeof (int));
  aelt = malloc (cap * sizeof (double));
  double *diag = calloc (n + 1, sizeof (double));
  for (i = 1; i <= n; i++)
    for (k = 0; k < nonzer; k++)
      {
	j = 1 + (int) (randlc () * n);
	if (j == i || j > n)
	  continue;
	double v = randlc () - 0.5;
	arow[ne] = i; acol[ne] = j; aelt[ne++] = v;
	arow[ne] = j; acol[ne] = i; aelt[ne++] = v;
	diag[i] += fabs (v);
	diag[j] += fabs (v);
      }
  for (i = 1; i <= n; i++)
    {
      arow[ne] = i; acol[ne] = i; aelt[ne++] = diag[i] + 1.0;
    }
  /* Bucket the entries by row, then sort each row and add duplicates.  */
  int *start = calloc (n + 2, sizeof (int));
  for (k = 0; k < ne; k++)
    start[arow[k] + 1]++;
  for (i = 1; i <= n + 1; i++)
    start[i] += start[i - 1];
  struct entry *rows = malloc (ne * sizeof (struct entry));
  int *fill = malloc ((n + 2) * sizeof (int));
  memcpy (fill, start, (n + 2) * sizeof (int));
  for (k = 0; k < ne; k++)
    {
      int at = fill[arow[k]]++;
      rows[at].col = acol[k];
      rows[at].val = aelt[k];
    }
  nzz = 0;
  rowstr[1] = 1;
  for (i = 1; i <= n; i++)
    {
      struct entry *row = rows + start[i];
      int len = start[i + 1] - start[i];
      qsort (row, len, sizeof *row, compare_col);
      for (k = 0; k < len; k++)
	if (nzz > 0 && k > 0 && colidx[nzz] == row[k].col)
	  a[nzz] += row[k].val;
	else
	  {
	    nzz++;
	    colidx[nzz] = row[k].col;
	    a[nzz] = row[k].val;
	  }
      rowstr[i + 1] = nzz + 1;
    }
  free (start); free (fill); free (rows); free (diag);
  free (arow); free (acol); free (aelt);
}

/* 25 steps of CG on A z = x; *RNORM gets ||x - A z||.  Called by every
   thread of a team: its loops are work-shared by that team.  */
static void
conj_grad (int colidx[], int rowstr[], double x[], double z[], double a[],
	   double p[], double q[], double r[], double w[], double *rnorm)
{
  static double d, sum, rho, rho0, alpha, beta;
  int j, k;
  int cgit, cgitmax = 25;

#pragma tensor format A dims(lastrow - firstrow + 1, lastcol - firstcol + 1) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
#pragma tensor format P dims(lastcol - firstcol + 1) levels(dense) values(p + 1)
#pragma tensor format Z dims(lastcol - firstcol + 1) levels(dense) values(&z[1])
#pragma tensor format W dims(lastrow - firstrow + 1) levels(dense) values(w + 1)
#pragma tensor format X dims(lastcol - firstcol + 1) levels(dense) values(x + 1)
#pragma tensor format Q dims(lastcol - firstcol + 1) levels(dense) values(q + 1)
#pragma tensor format R dims(lastcol - firstcol + 1) levels(dense) values(r + 1)

#pragma omp single
  rho = 0.0;

#pragma omp for nowait
  for (j = 1; j <= naa + 1; j++)
    {
      q[j] = 0.0;
      z[j] = 0.0;
      r[j] = x[j];
      p[j] = r[j];
      w[j] = 0.0;
    }

#pragma tensor rho += X(j) * X(j)
#pragma omp for reduction(+:rho)
  for (j = 1; j <= lastcol - firstcol + 1; j++)
    rho = rho + x[j] * x[j];

  for (cgit = 1; cgit <= cgitmax; cgit++)
    {
#pragma omp single
      {
	rho0 = rho;
	d = 0.0;
	rho = 0.0;
      }

      /* q = A p */
#pragma tensor W(j) = A(j,k) * P(k)
#pragma omp for private(sum, k)
      for (j = 1; j <= lastrow - firstrow + 1; j++)
	{
	  sum = 0.0;
	  for (k = rowstr[j]; k < rowstr[j + 1]; k++)
	    sum = sum + a[k] * p[colidx[k]];
	  w[j] = sum;
	}

#pragma omp for
      for (j = 1; j <= lastcol - firstcol + 1; j++)
	q[j] = w[j];

#pragma omp for nowait
      for (j = 1; j <= lastcol - firstcol + 1; j++)
	w[j] = 0.0;

#pragma tensor d += P(j) * Q(j)
#pragma omp for reduction(+:d)
      for (j = 1; j <= lastcol - firstcol + 1; j++)
	d = d + p[j] * q[j];

#pragma omp single
      alpha = rho0 / d;

#pragma omp for reduction(+:rho)
      for (j = 1; j <= lastcol - firstcol + 1; j++)
	{
	  z[j] = z[j] + alpha * p[j];
	  r[j] = r[j] - alpha * q[j];
	  rho = rho + r[j] * r[j];
	}

#pragma omp single
      beta = rho / rho0;

#pragma omp for
      for (j = 1; j <= lastcol - firstcol + 1; j++)
	p[j] = r[j] + beta * p[j];
    }

  /* The residual: r = A z, then ||x - r||.  */
#pragma omp single
  sum = 0.0;

#pragma tensor W(j) = A(j,k) * Z(k)
#pragma omp for private(d, k)
  for (j = 1; j <= lastrow - firstrow + 1; j++)
    {
      d = 0.0;
      for (k = rowstr[j]; k <= rowstr[j + 1] - 1; k++)
	d = d + a[k] * z[colidx[k]];
      w[j] = d;
    }

#pragma omp for
  for (j = 1; j <= lastcol - firstcol + 1; j++)
    r[j] = w[j];

#pragma tensor sum += (X(j) - R(j)) * (X(j) - R(j))
#pragma omp for reduction(+:sum) private(d)
  for (j = 1; j <= lastcol - firstcol + 1; j++)
    {
      d = x[j] - r[j];
      sum = sum + d * d;
    }

#pragma omp single
  *rnorm = sqrt (sum);
}

int
main (int argc, char **argv)
{
  int na = argc > 1 ? atoi (argv[1]) : NA_MAX;
  int nonzer = argc > 2 ? atoi (argv[2]) : NONZER_MAX;
  int niter = argc > 3 ? atoi (argv[3]) : 15;
  int i, it, j;
  double rnorm, zeta, norm_temp11, norm_temp12;
  if (na < 1 || na > NA_MAX || nonzer < 1 || nonzer > NONZER_MAX
      || niter < 1)
    {
      fprintf (stderr, "cg: N must be in 1..%d, NONZER in 1..%d\n", NA_MAX,
	       NONZER_MAX);
      return 2;
    }
  naa = na;
  firstrow = 1;
  lastrow = na;
  firstcol = 1;
  lastcol = na;
  makea (na, nonzer);
  printf (" Size: %d  Nonzeros: %d  Iterations: %d\n", na, nzz, niter);

  for (i = 1; i <= na + 1; i++)
    x[i] = 1.0;
  zeta = 0.0;
  double t0 = 0.0;
  for (it = 0; it <= niter; it++)
    {
      /* Step 0 warms up, untimed, as NPB's does.  */
      if (it == 1)
	t0 = omp_get_wtime ();
#pragma omp parallel
      conj_grad (colidx, rowstr, x, z, a, p, q, r, w, &rnorm);
      norm_temp11 = 0.0;
      norm_temp12 = 0.0;
      for (j = 1; j <= lastcol - firstcol + 1; j++)
	{
	  norm_temp11 = norm_temp11 + x[j] * z[j];
	  norm_temp12 = norm_temp12 + z[j] * z[j];
	}
      norm_temp12 = 1.0 / sqrt (norm_temp12);
      zeta = SHIFT + 1.0 / norm_temp11;
      if (it > 0)
	printf ("    %5d       %20.14e%20.13e\n", it, rnorm, zeta);
      for (j = 1; j <= lastcol - firstcol + 1; j++)
	x[j] = norm_temp12 * z[j];
    }
  double t = omp_get_wtime () - t0;
  fprintf (stderr, "cg: %d steps in %.6f s (%.6f s a step), %d threads\n",
	   niter, t, t / niter, omp_get_max_threads ());
  return 0;
}
