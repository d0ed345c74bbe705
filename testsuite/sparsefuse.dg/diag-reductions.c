/* Reductions other than a sum are well formed but not supported: a
   warning on the operator, and the loop is kept as it is (it runs and
   gives its own result).  */
/* { dg-do run } */
/* { dg-options "-O2" } */

#include "sf-test.h"

static double
largest (int n, const double *x)
{
  double m = -1e300;
#pragma tensor m max= x(i) /* { dg-warning "sparsefuse keeps the original statement because reductions other than \\+ are not supported" } */
  for (int i = 0; i < n; i++)
    if (x[i] > m)
      m = x[i];
  return m;
}

static void
scale (int n, const double *x, double *y)
{
#pragma tensor y(i) *= x(i) /* { dg-warning "reductions other than \\+ are not supported" } */
  for (int i = 0; i < n; i++)
    y[i] *= x[i];
}

static void
shrink (int n, const double *x, double *y)
{
#pragma tensor y(i) -= x(i) /* { dg-warning "reductions other than \\+ are not supported" } */
  for (int i = 0; i < n; i++)
    y[i] -= x[i];
}

int
main (void)
{
  double x[5] = { 1, 5, 2, 4, 3 }, y[5] = { 1, 1, 1, 1, 1 };
  double want[5] = { 0, 4, 1, 3, 2 };
  if (largest (5, x) != 5)
    abort ();
  scale (5, x, y);
  shrink (5, y, y);
  for (int i = 0; i < 5; i++)
    y[i] += x[i] - 1;
  sf_test_compare ("kept loops", y, want, 5, 0);
  return sf_test_status ();
}
