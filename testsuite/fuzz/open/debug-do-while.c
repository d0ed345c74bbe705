/* Open: with -g at -O1 and above, a region that is a do-while statement
   runs twice: the generated loop and then the original one.

     gcc -O1 -g -fplugin=build/sparsefuse.so -Itestsuite/sparsefuse.dg \
       testsuite/fuzz/open/debug-do-while.c -lm && ./a.out

   What happens: the region is replaced ("note: sparsefuse: E(p) += a"
   under -fplugin-arg-sparsefuse-report) but E gets a added twice; the
   program prints FAIL and aborts.  Without -g, with -O0 -g, -g1 or
   -g -gno-statement-frontiers the result is right: the statement-
   frontier marker (DEBUG_BEGIN_STMT) that -g puts before the body of the
   do-while seems to make the region end early (passes/mark.cc), so the
   original loop stays after the generated one.
   What should happen: the same code with and without -g; debug markers
   never decide where a region ends.
   Found by tools/fuzz (placement "do", batch flags -O1 -g), minimized
   from E(q,p) += -Mx(q) * (10 - Wq(p,kk)) * vec(q,p,kk).  */

#include "sf-test.h"

static void
f (int n, double *E, double a)
{
#pragma tensor E(p) += a shape(E: n)
  do
    {
      for (int p = 0; p < n; p++)
	E[p] += a;
    }
  while (0);
}

int
main (void)
{
  double E[4] = { 1, 2, 3, 4 }, want[4] = { 1.5, 2.5, 3.5, 4.5 };
  f (4, E, 0.5);
  sf_test_compare ("do-while", E, want, 4, 0);
  return sf_test_status ();
}
