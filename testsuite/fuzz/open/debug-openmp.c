/* Open: -g with -fopenmp crashes the compiler on regions the plugin
   makes parallel.

     gcc -O2 -g -fopenmp -fplugin=build/sparsefuse.so \
       -Itestsuite/sparsefuse.dg testsuite/fuzz/open/debug-openmp.c -lm \
       && ./a.out

   What happens: "internal compiler error: Segmentation fault" (during
   RTL pass: final).  For f_sparse this happens with any -g, at -O0 too
   and with -gno-statement-frontiers; for f_dense at -O1 and above with
   -g (-g1 or -g -gno-statement-frontiers compile it; in a nested block
   it becomes "internal compiler error: in remap_gimple_stmt, at
   tree-inline.cc:1952").  Without -g both compile and run right.  The
   debug information of the outlined parallel function (its BLOCKs,
   variables or statement markers) seems to be left inconsistent.
   What should happen: the usual program, with or without -g.
   Found by tools/fuzz (the smoke run's batch with -O1 -g).  */

#include "sf-test.h"

struct svec { int n; int *pos, *crd; double *vals; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)

static void
f_sparse (struct svec *y, const struct svec *w)
{
#pragma tensor y(i) = w(i)
  for (int p = w->pos[0]; p < w->pos[1]; p++)
    y->vals[p] = w->vals[p];
}

static void
f_dense (int n, const double *x, double *y)
{
#pragma tensor y(i) = 2 * x(i) shape(x: n, y: n)
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

int
main (void)
{
  int pos[2] = { 0, 2 }, crd[2] = { 1, 3 };
  double wv[2] = { 1, 2 }, yv[2] = { 0, 0 };
  struct svec w = { 4, pos, crd, wv }, y = { 4, pos, crd, yv };
  f_sparse (&y, &w);
  sf_test_compare ("sparse copy", yv, wv, 2, 0);
  double x[64], z[64], want[64];
  sf_test_fill (x, 64);
  for (int i = 0; i < 64; i++)
    want[i] = 2 * x[i];
  f_dense (64, x, z);
  sf_test_compare ("dense", z, want, 64, 0);
  return sf_test_status ();
}
