/* Regression (found by tools/fuzz, the smoke run's batch with -O1 -g):
   -g with -fopenmp crashed the compiler on regions made parallel
   ("Segmentation fault" in final; "in remap_gimple_stmt" when the
   function was inlined).  The generated BIND_EXPRs had no BLOCK: the
   parallel loop's enclosing scope was then the BLOCK of the statement
   around the region, and OpenMP outlining moves every subblock of the
   parallel's BLOCK into the child function, taking scopes of the
   parent's own code with it.  passes/irgen.cc now gives each generated
   scope a BLOCK of its own (finish_scopes).  fuzz-debug-openmp-O0.c
   runs this file at -O0.  */
/* { dg-do run } */
/* { dg-require-effective-target openmp } */
/* { dg-options "-O2 -g -fopenmp -fplugin-arg-sparsefuse-dump" } */

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

/* In a nested block, with a local of the block after it: inlined into
   main at -O2.  */
static void
f_nested (int n, const double *x, double *y)
{
  if (n > 0)
    {
      double s = 0;
      {
#pragma tensor y(i) = 2 * x(i) shape(x: n, y: n)
	for (int i = 0; i < n; i++)
	  y[i] = 2 * x[i];
      }
      for (int i = 0; i < n; i++)
	s += y[i];
      y[0] += s - s;
    }
}

/* The statements without the pragma: the references.  */
static void
f_sparse_ref (struct svec *y, const struct svec *w)
{
  for (int p = w->pos[0]; p < w->pos[1]; p++)
    y->vals[p] = w->vals[p];
}

static void
f_dense_ref (int n, const double *x, double *y)
{
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

int
main (void)
{
  int pos[2] = { 0, 2 }, crd[2] = { 1, 3 };
  double wv[2] = { 1, 2 }, yv[2] = { 0, 0 }, rv[2] = { 0, 0 };
  struct svec w = { 4, pos, crd, wv }, y = { 4, pos, crd, yv };
  struct svec r = { 4, pos, crd, rv };
  f_sparse (&y, &w);
  f_sparse_ref (&r, &w);
  sf_test_compare ("sparse copy", yv, rv, 2, 0);
  double x[64], z[64], want[64];
  sf_test_fill (x, 64);
  f_dense_ref (64, x, want);
  f_dense (64, x, z);
  sf_test_compare ("dense", z, want, 64, 0);
  memset (z, 0, sizeof z);
  f_nested (64, x, z);
  sf_test_compare ("nested block", z, want, 64, 0);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 3 "sparsefuse" } } */
