/* Open: a region with the check clause, compiled with -fopenmp, crashes
   the compiler when its function is inlined.

     gcc -O2 -fopenmp -fplugin=build/sparsefuse.so -Itestsuite/sparsefuse.dg \
       testsuite/fuzz/open/check-openmp-inline.c -Lbuild -lsparsefuse -lm \
       && ./a.out

   What happens: "internal compiler error: in remap_gimple_stmt, at
   tree-inline.cc:1952" (during IPA pass: inline; at -O1 too).  Without
   check, without -fopenmp, or with f marked noinline, it compiles and
   runs.  The statements insert_check (passes/pass.cc) adds around the
   parallel region seem to leave something the inliner cannot copy (an
   OpenMP region's statement that refers to a block or label outside
   it).
   What should happen: the program compiles and prints the check's line.
   Found by tools/fuzz (seed 4, case 10013, minimized to
   Wq(j,l,i2) = Mx(l) check, then emitted as one file).  */

#include "sf-test.h"

static void
f (long n0, long n1, long n2, double (*W)[n1][n2], const double *m)
{
#pragma tensor W(j,l,k) = m(l) shape(W: n0, n1, n2, m: n1) check
  for (long j = 0; j < n0; j++)
    for (long l = 0; l < n1; l++)
      for (long k = 0; k < n2; k++)
	W[j][l][k] = m[l];
}

int
main (void)
{
  double W[2][3][4], want[2][3][4], m[3] = { 1, 2, 3 };
  f (2, 3, 4, W, m);
  for (int j = 0; j < 2; j++)
    for (int l = 0; l < 3; l++)
      for (int k = 0; k < 4; k++)
	want[j][l][k] = m[l];
  sf_test_compare ("check", &W[0][0][0], &want[0][0][0], 24, 0);
  return sf_test_status ();
}
