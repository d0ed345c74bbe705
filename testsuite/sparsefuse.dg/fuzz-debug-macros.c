/* Regression (found by tools/fuzz with -O0 -g3): with -g3 the plugin made
   cc1 crash on any file ("<built-in>: internal compiler error:
   Segmentation fault").  It defined __SPARSEFUSE__ from the PLUGIN_PRAGMAS
   callback, where cpplib hands every definition to the debug back end's
   macro hooks before their tables exist.  The definition now waits for
   PLUGIN_START_UNIT when cpplib reports definitions (pragmas/pragma.cc,
   sf_register_pragmas); the macro is still defined, and the region is
   still replaced.  tools/tests/t-frontends.sh checks the macro's place in
   the debug information and -E -dD.  */
/* { dg-do run } */
/* { dg-options "-O2 -g3 -fplugin-arg-sparsefuse-dump" } */

#include "sf-test.h"

#ifndef __SPARSEFUSE__
#error "__SPARSEFUSE__ is not defined with the plugin at -g3"
#endif
#if __SPARSEFUSE__ != 1
#error "__SPARSEFUSE__ is not 1"
#endif

static void
f (int n, const double *x, double *y)
{
#pragma tensor y(i) = 2 * x(i) + x(i) * x(i) shape(x: n, y: n)
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i] + x[i] * x[i];
}

static void
f_ref (int n, const double *x, double *y)
{
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i] + x[i] * x[i];
}

int
main (void)
{
  double x[37], y[37], want[37];
  sf_test_fill (x, 37);
  f (37, x, y);
  f_ref (37, x, want);
  sf_test_compare ("-g3", y, want, 37, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "region 0 replaced" "sparsefuse" } } */
