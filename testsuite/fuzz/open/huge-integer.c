/* Open: an integer constant too large for every integer type in a
   computation pragma silently becomes another number.

     gcc -O2 -fplugin=build/sparsefuse.so -Itestsuite/sparsefuse.dg \
       testsuite/fuzz/open/huge-integer.c -lm && ./a.out

   What happens: GCC's lexer warns "integer constant is too large for its
   type" and wraps the constant; the pragma handler takes the wrapped
   INTEGER_CST (pragmas/pragma.cc, number_text), and the region is
   replaced with y(i) = x(i) * 4.87002067341987e+18 where the annotation
   says 1e41.  The program prints FAIL and aborts.  (A constant between
   2^63 and 2^64 becomes "?" and gets "invalid number '?'", a confusing
   message.)
   What should happen: an error at the constant ("integer constant too
   large in a tensor expression; write it as a floating constant"), or
   the value of its spelling, 1e41.
   Found by tools/hostile.py (a "1" followed by 5000 zeros became 0).  */

#include "sf-test.h"

static void
f (int n, const double *x, double *y)
{
#pragma tensor y(i) = x(i) * 100000000000000000000000000000000000000000 shape(x: n, y: n)
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 1e41;
}

int
main (void)
{
  double x[3] = { 1, -2, 0.5 }, y[3], want[3];
  f (3, x, y);
  for (int i = 0; i < 3; i++)
    want[i] = x[i] * 1e41;
  sf_test_compare ("huge integer", y, want, 3, 1e-12);
  return sf_test_status ();
}
