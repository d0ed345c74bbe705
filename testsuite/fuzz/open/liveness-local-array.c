/* Open (a missed optimization, never a wrong result): a function with a
   local array keeps every region that writes a variable declared before
   it, even when nothing reads that variable afterwards.

     gcc -O2 -Werror -fplugin=build/sparsefuse.so -Itestsuite/sparsefuse.dg \
       testsuite/fuzz/open/liveness-local-array.c -lm && ./a.out

   What happens: "warning: sparsefuse keeps the original statement
   because it writes a variable declared outside it that is used
   afterwards", with the note at "int i" (an error here, under -Werror).
   Without the array F (or with F a parameter) the region is replaced.
   The forward search from the region's end (passes/liveness.cc) seems to
   meet the end-of-scope clobber of F ("F ={v} {CLOBBER}") or the return
   path through it, and answers "live" for what it does not model.
   What should happen: a clobber of another variable neither reads i nor
   j; both are dead after the region, which should be replaced.
   Found by tools/fuzz: 82 of 2000 cases (seed 3) were kept for this
   reason, most of them with a "local" dense operand and the loop
   counters declared at the top of the function.  */

#include <string.h>
#include "sf-test.h"

static long
f (long n, long m, double (*v)[m], const double *x)
{
  int i = 0;
  int j = 0;
  double F[4];
  memcpy (F, x, sizeof F);
#pragma tensor v(a,b) = F(b) shape(v: n, m)
  {
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
	v[i][j] = F[j];
  }
  return 0;
}

int
main (void)
{
  double x[4] = { 1, 2, 3, 4 }, v[3][4];
  f (3, 4, v, x);
  for (int i = 0; i < 3; i++)
    sf_test_compare ("row", v[i], x, 4, 0);
  return sf_test_status ();
}
