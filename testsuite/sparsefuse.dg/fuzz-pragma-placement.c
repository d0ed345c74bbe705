/* Regression (found by tools/fuzz/hostile.py, the placement "expr"): a
   computation pragma followed by a statement that never stores to the
   output ("t = 0;" before the real loop) had that statement replaced by
   the generated code, and the loop after it ran too: y got 4 x for 2 x.
   The safety check (passes/safety.cc) now asks that the statement after
   the pragma write the output; else the plugin warns and keeps it
   (docs/getting-started.md, "Writing annotations").  A pragma alone at
   the end of a block or before an empty statement describes the loop
   that follows, which computes the output: replaced.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */

#include "sf-test.h"

static void
f_block (int n, double *y, const double *x)
{
  {
#pragma tensor y(i) += 2 * x(i) shape(y: n, x: n)
  }
  for (int i = 0; i < n; i++)
    y[i] += 2 * x[i];
}

static void
f_empty (int n, double *y, const double *x)
{
#pragma tensor y(i) += 2 * x(i) shape(y: n, x: n)
  ;
  for (int i = 0; i < n; i++)
    y[i] += 2 * x[i];
}

static void
f_store (int n, double *y, const double *x)
{
  double t;
#pragma tensor y(i) += 2 * x(i) shape(y: n, x: n) /* { dg-warning "never writes 'y'" } */
  t = 0; /* { dg-message "here" } */
  for (int i = 0; i < n; i++)
    y[i] += 2 * x[i];
  (void) t;
}

static double
f_read (int n, double *y, const double *x)
{
  double s = 0;
#pragma tensor y(i) += 2 * x(i) shape(y: n, x: n) /* { dg-warning "never writes 'y'" } */
  for (int i = 0; i < n; i++) /* { dg-message "here" } */
    s += y[i] + x[i];
  for (int i = 0; i < n; i++)
    y[i] += 2 * x[i];
  return s;
}

/* The statement without the pragma: the reference.  */
static void
f_ref (int n, double *y, const double *x)
{
  for (int i = 0; i < n; i++)
    y[i] += 2 * x[i];
}

int
main (void)
{
  double x[8], y[8], want[8];
  sf_test_fill (x, 8);
  memset (want, 0, sizeof want);
  f_ref (8, want, x);
  memset (y, 0, sizeof y);
  f_block (8, y, x);
  sf_test_compare ("pragma alone in a block", y, want, 8, 1e-12);
  memset (y, 0, sizeof y);
  f_empty (8, y, x);
  sf_test_compare ("pragma before an empty statement", y, want, 8, 1e-12);
  memset (y, 0, sizeof y);
  f_store (8, y, x);
  sf_test_compare ("pragma before a store to a local", y, want, 8, 1e-12);
  memset (y, 0, sizeof y);
  double s = f_read (8, y, x), s_want = 0;
  for (int i = 0; i < 8; i++)
    s_want += x[i];
  sf_test_compare ("pragma before a loop reading y", y, want, 8, 1e-12);
  sf_test_compare ("the sum that loop computes", &s, &s_want, 1, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "never writes 'y'" 2 "sparsefuse" } } */
