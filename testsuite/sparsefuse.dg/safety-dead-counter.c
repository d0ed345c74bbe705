/* Loop counters declared before the region (legacy style) and reused by a
   later loop are dead after the region: it is replaced.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static double
spmv_sum (struct csr B, const double *x, double *y)
{
  int i, p;
  double total = 0;
#pragma tensor y(i) = B(i,j) * x(j)
  for (i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
  for (i = 0; i < B.n; i++)
    total += y[i];
  return total;
}

int
main (void)
{
  long *rp, *ci;
  double *v;
  long n = 64, m = 64, nnz = sf_test_pattern (n, m, 0.1, &rp, &ci, &v);
  struct csr B = { n, m, malloc ((n + 1) * sizeof (int)),
		   malloc ((nnz + 1) * sizeof (int)), v };
  for (long i = 0; i <= n; i++)
    B.rowptr[i] = rp[i];
  for (long p = 0; p < nnz; p++)
    B.colidx[p] = ci[p];
  double x[64], y[64], want = 0;
  sf_test_fill (x, m);
  for (long i = 0; i < n; i++)
    for (long p = rp[i]; p < rp[i + 1]; p++)
      want += v[p] * x[ci[p]];
  double got = spmv_sum (B, x, y);
  sf_test_compare ("dead counters", &got, &want, 1, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
