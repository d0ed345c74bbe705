/* Open: a threads(N) clause whose N is negative at run time (or absurdly
   large) kills the program; the loop it replaces ran fine.

     gcc -O2 -fopenmp -fplugin=build/sparsefuse.so -Itestsuite/sparsefuse.dg \
       testsuite/fuzz/open/threads-nonpositive.c -lm && ./a.out

   What happens: the region is replaced ("parallel i") and N goes to
   GOMP_parallel as the number of threads; -3 becomes a huge unsigned
   count: "libgomp: Out of memory allocating 962072674976 bytes", status
   1.  (threads(1000000) makes libgomp try a million threads and
   segfault; threads(0) happens to mean the default.)
   What should happen: never a crash on a value the original loop did not
   care about: N <= 0 means the default (as 0 does today), and N is
   capped at omp_get_thread_limit (); or the value is checked at compile
   time when it is constant and documented as the user's promise when it
   is not.
   Found by tools/fuzz/hostile.py (threads(-2), threads(1000000)).  */

#include "sf-test.h"

static void
f (int n, int t, const double *x, double *y)
{
#pragma tensor y(i) = 2 * x(i) shape(x: n, y: n) threads(t)
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

int
main (void)
{
  double x[64], y[64], want[64];
  sf_test_fill (x, 64);
  for (int i = 0; i < 64; i++)
    want[i] = 2 * x[i];
  f (64, -3, x, y);
  sf_test_compare ("threads(-3)", y, want, 64, 0);
  return sf_test_status ();
}
