/* The check clause runs the generated code and the original statement,
   reports their largest difference on stderr, and continues with the
   original statement's result.  Here the annotation is deliberately wrong
   (the loop computes 2 B x), so the report shows a difference and y holds
   the loop's result; a correct annotation reports 0.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; float *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static void
wrong (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) check
  for (int i = 0; i < B->n; i++)
    {
      y[i] = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	y[i] += 2 * B->vals[p] * x[B->colidx[p]];
    }
}

static void
right (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) += B(i,j) * x(j) check
  for (int i = 0; i < B->n; i++)
    for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
      y[i] += B->vals[p] * x[B->colidx[p]];
}

int
main (void)
{
  static int rowptr[4] = { 0, 2, 2, 3 }, colidx[3] = { 0, 2, 1 };
  static float vals[3] = { 1, 2, 3 };
  struct csr B = { 3, 3, rowptr, colidx, vals };
  double x[3] = { 1, 10, 100 }, y[3] = { 5, 5, 5 };
  double twice[3] = { 2 * 201, 0, 2 * 30 }, sum[3] = { 2 * 201 + 201, 0, 60 + 30 };
  wrong (&B, x, y);
  sf_test_compare ("the original's result is kept", y, twice, 3, 0);
  right (&B, x, y);
  sf_test_compare ("+= starts from the same values", y, sum, 3, 0);
  return sf_test_status ();
}

/* { dg-output "sparsefuse check \[^\r\n\]*check-clause.c:18: y\\(i\\) = B\\(i,j\\) \\* x\\(j\\): 3 values, max difference 201 \\(at 0: generated 201, original 402\\).*sparsefuse check \[^\r\n\]*check-clause.c:30: y\\(i\\) \\+= B\\(i,j\\) \\* x\\(j\\): 3 values, max difference 0, relative to the largest value 0" } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\] replaced" 2 "sparsefuse" } } */
