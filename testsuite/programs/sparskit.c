/* Kernels in the style of SPARSKIT's (Fortran 77, transcribed to C the
   way f2c-era codes were): a CSR matrix in three loose arrays IA, JA, A
   passed by their first element, pointers and indices 1-based (IA(1) =
   1), vectors and blocks of vectors in Fortran's column-major order.
   Each kernel declares its arrays as tensors where it stands and keeps
   its loop as written.

     amux    y = A x                      (CSR)
     atmux   y = A^T x over the same arrays, a CSC view by modes(1, 0)
     amuxs   y = alpha A x + y            (scaled, accumulated)
     amuxb   Y(N,NV) = A X(N,NV)          (a block of vectors)

   main makes random matrices (empty rows, full rows) and prints
   statistics of every result; make check compares them with the same
   program built without the plugin.  */

#include <stdio.h>
#include <stdlib.h>

void
amux (int n, const double *x, double *y, const double *a, const int *ja,
      const int *ia)
{
  int i, k;
  double t;
#pragma tensor format A dims(n, n) levels(dense, compressed(ia, ja)) values(a) base(1)
#pragma tensor format X dims(n) levels(dense) values(x)
#pragma tensor format Y dims(n) levels(dense) values(y)
#pragma tensor Y(i) = A(i,k) * X(k)
  for (i = 1; i <= n; i++)
    {
      t = 0.0;
      for (k = ia[i - 1]; k <= ia[i] - 1; k++)
	t = t + a[k - 1] * x[ja[k - 1] - 1];
      y[i - 1] = t;
    }
}

void
atmux (int n, const double *x, double *y, const double *a, const int *ja,
       const int *ia)
{
  int i, k;
#pragma tensor format AT dims(n, n) levels(dense, compressed(ia, ja)) values(a) modes(1, 0) base(1)
#pragma tensor format X dims(n) levels(dense) values(x)
#pragma tensor format Y dims(n) levels(dense) values(y)
  for (i = 1; i <= n; i++)
    y[i - 1] = 0.0;
#pragma tensor Y(i) += AT(i,k) * X(k)
  for (i = 1; i <= n; i++)
    for (k = ia[i - 1]; k <= ia[i] - 1; k++)
      y[ja[k - 1] - 1] = y[ja[k - 1] - 1] + x[i - 1] * a[k - 1];
}

void
amuxs (int n, double alpha, const double *x, double *y, const double *a,
       const int *ja, const int *ia)
{
  int i, k;
  double t;
#pragma tensor format A dims(n, n) levels(dense, compressed(ia, ja)) values(a) base(1)
#pragma tensor format X dims(n) levels(dense) values(x)
#pragma tensor format Y dims(n) levels(dense) values(y)
#pragma tensor Y(i) += alpha * A(i,k) * X(k)
  for (i = 1; i <= n; i++)
    {
      t = 0.0;
      for (k = ia[i - 1]; k <= ia[i] - 1; k++)
	t = t + a[k - 1] * x[ja[k - 1] - 1];
      y[i - 1] = y[i - 1] + alpha * t;
    }
}

void
amuxb (int n, int nv, const double *x, double *y, const double *a,
       const int *ja, const int *ia)
{
  int i, j, k;
  double t;
#pragma tensor format A dims(n, n) levels(dense, compressed(ia, ja)) values(a) base(1)
#pragma tensor format X dims(n, nv) levels(dense, dense) values(x) modes(1, 0)
#pragma tensor format Y dims(n, nv) levels(dense, dense) values(y) modes(1, 0)
#pragma tensor Y(i,j) = A(i,k) * X(k,j)
  for (j = 1; j <= nv; j++)
    for (i = 1; i <= n; i++)
      {
	t = 0.0;
	for (k = ia[i - 1]; k <= ia[i] - 1; k++)
	  t = t + a[k - 1] * x[(ja[k - 1] - 1) + (long) (j - 1) * n];
	y[(i - 1) + (long) (j - 1) * n] = t;
      }
}

static unsigned long long state = 88172645463325252ULL;

static double
uniform (void)
{
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (double) (state >> 11) / 9007199254740992.0;
}

/* Print the sum, the sum of squares and the position-weighted sum of the
   N values of V: a wrong value anywhere changes one of them.  */
static void
stats (const char *what, const double *v, long n)
{
  double s = 0, s2 = 0, sw = 0;
  for (long i = 0; i < n; i++)
    {
      s += v[i];
      s2 += v[i] * v[i];
      sw += (double) (i % 97 + 1) * v[i];
    }
  printf ("%-6s %22.15e %22.15e %22.15e\n", what, s, s2, sw);
}

int
main (void)
{
  static const int sizes[] = { 1, 7, 200, 3000 };
  for (int s = 0; s < 4; s++)
    {
      int n = sizes[s], nv = 5;
      int *ia = malloc ((n + 1) * sizeof (int));
      int *ja = malloc ((long) n * n < 40L * n ? (long) n * n * sizeof (int)
			: 40L * n * sizeof (int));
      double *a = malloc (((long) n * n < 40L * n ? (long) n * n : 40L * n)
			  * sizeof (double));
      int nnz = 0;
      ia[0] = 1;
      for (int i = 1; i <= n; i++)
	{
	  /* Every sixth row empty, every seventh full (up to 40).  */
	  int full = i % 7 == 0, empty = i % 6 == 0 && !full;
	  for (int j = 1; j <= n && !empty && nnz < 40 * n; j++)
	    if (full ? j <= 40 : uniform () < 8.0 / n)
	      {
		ja[nnz] = j;
		a[nnz++] = uniform () - 0.5;
	      }
	  ia[i] = nnz + 1;
	}
      double *x = malloc ((long) n * nv * sizeof (double));
      double *y = malloc ((long) n * nv * sizeof (double));
      for (long i = 0; i < (long) n * nv; i++)
	x[i] = uniform () - 0.5;
      printf ("n = %d, nnz = %d\n", n, nnz);
      amux (n, x, y, a, ja, ia);
      stats ("amux", y, n);
      atmux (n, x, y, a, ja, ia);
      stats ("atmux", y, n);
      amuxs (n, 0.75, x, y, a, ja, ia);
      stats ("amuxs", y, n);
      amuxb (n, nv, x, y, a, ja, ia);
      stats ("amuxb", y, (long) n * nv);
      free (ia); free (ja); free (a); free (x); free (y);
    }
  return 0;
}
