/* threads(N) becomes num_threads on the generated parallel region, its
   expression evaluated before the region; the result is unchanged.  */
/* { dg-do run } */
/* { dg-require-effective-target openmp } */
/* { dg-options "-O2 -fopenmp -fdump-tree-omplower" } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static void
spmv (struct csr B, const double *x, double *y, int extra)
{
#pragma tensor y(i) = B(i,j) * x(j) threads(extra + 1)
  for (int i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
}

int
main (void)
{
  long *rp, *ci;
  double *v;
  long n = 300, m = 200, nnz = sf_test_pattern (n, m, 0.05, &rp, &ci, &v);
  struct csr B = { n, m, malloc ((n + 1) * sizeof (int)),
		   malloc ((nnz + 1) * sizeof (int)), v };
  for (long i = 0; i <= n; i++)
    B.rowptr[i] = rp[i];
  for (long p = 0; p < nnz; p++)
    B.colidx[p] = ci[p];
  double x[200], y[300], want[300];
  sf_test_fill (x, m);
  for (long i = 0; i < n; i++)
    {
      want[i] = 0;
      for (long p = rp[i]; p < rp[i + 1]; p++)
	want[i] += v[p] * x[ci[p]];
    }
  spmv (B, x, y, 1);
  sf_test_compare ("threads(2)", y, want, n, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "omp parallel num_threads" "omplower" } } */
