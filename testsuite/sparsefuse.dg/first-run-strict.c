/* -fplugin-arg-sparsefuse-verify=strict: a region the checker cannot run
   is kept with a warning, and gets no first-run check: a wrong
   annotation gives the loop's result, and nothing is printed.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-verify=strict -fdump-tree-sparsefuse" } */

#include "first-run-capture.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static double twice_impl (double v) { return 2 * v; }
__attribute__ ((const)) double twice (double)
  __attribute__ ((alias ("twice_impl")));

#define ROWS								\
  for (int i = 0; i < B->n; i++)					\
    {									\
      double s = 0;							\
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)		\
	s += B->vals[p] * twice (x[B->colidx[p]]);			\
      y[i] = s;								\
    }

static void
wrong (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "sparsefuse keeps the original statement because annotation not verified: calls 'twice'" } */
  ROWS
}

static void
ref (const struct csr *B, const double *x, double *y)
{
  ROWS
}

int
main (void)
{
  enum { N = 40, M = 30 };
  struct csr B;
  B.n = N, B.m = M;
  sf_test_pattern_int (N, M, 0.2, &B.rowptr, &B.colidx, &B.vals);
  double x[M], y1[N], y2[N];
  sf_test_fill (x, M);
  fr_capture ();
  for (int round = 0; round < 2; round++)
    {
      wrong (&B, x, y1);
      ref (&B, x, y2);
      sf_test_compare ("strict: the loop", y1, y2, N, 0);
    }
  fr_release (0);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ kept" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "region \[0-9\]+ first run" "sparsefuse" } } */
/* { dg-output "ok first run: 0 regions printed one line each" } */
