/* Open: a computation pragma followed by a store to a local instead of
   its loop replaces that store, and the loop then runs as well.

     gcc -O2 -fplugin=build/sparsefuse.so -Itestsuite/sparsefuse.dg \
       testsuite/fuzz/open/pragma-placement.c -lm && ./a.out

   What happens: in f_store, "t = 0;" is the statement after the pragma;
   it stores only to a local, so the safety check lets it through, and it
   is replaced by the generated loop ("note: sparsefuse: y(i) += 2 *
   x(i)" under -fplugin-arg-sparsefuse-report).  The real loop after it
   runs too: y gets 4 x instead of 2 x.  The program prints FAIL and
   aborts.  (When t is read afterwards the region is kept, and a
   declaration after the pragma is an error, as they should be; the
   pragma alone at the end of a block, f_block, or before an empty
   statement, f_empty, is taken for the loop that follows, which gives the
   right result.)
   What should happen: a statement that never stores to the output cannot
   compute it; keep it with a warning ("the statement after the pragma
   does not write 'y'"), or give an error.  If the fix is an error, this
   becomes a dg-error test rather than a run test.
   Found by tools/fuzz/hostile.py (the placement "expr").  */

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
#pragma tensor y(i) += 2 * x(i) shape(y: n, x: n)
  t = 0;
  for (int i = 0; i < n; i++)
    y[i] += 2 * x[i];
  (void) t;
}

int
main (void)
{
  double x[8], y[8], want[8];
  sf_test_fill (x, 8);
  for (int i = 0; i < 8; i++)
    want[i] = 2 * x[i];
  memset (y, 0, sizeof y);
  f_block (8, y, x);
  sf_test_compare ("pragma alone in a block", y, want, 8, 1e-12);
  memset (y, 0, sizeof y);
  f_empty (8, y, x);
  sf_test_compare ("pragma before an empty statement", y, want, 8, 1e-12);
  memset (y, 0, sizeof y);
  f_store (8, y, x);
  sf_test_compare ("pragma before a store to a local", y, want, 8, 1e-12);
  return sf_test_status ();
}
