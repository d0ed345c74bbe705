/* Regression (found by tools/fuzz, seed 4, case 10013): a region with the
   check clause under -fopenmp crashed the compiler when its function was
   inlined ("in remap_gimple_stmt").  The check keeps the original
   statement next to the generated one; the generated parallel loop had
   no scope (BLOCK) of its own, so OpenMP outlining moved the original
   statement's scope into the child function, and the inliner then met
   statements of f whose scope was no longer in f.  Fixed with the scopes
   of passes/irgen.cc (see fuzz-debug-openmp.c).  */
/* { dg-do run } */
/* { dg-require-effective-target openmp } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */

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

/* The statement without the pragma: the reference.  */
static void __attribute__ ((noinline))
f_ref (long n0, long n1, long n2, double (*W)[n1][n2], const double *m)
{
  for (long j = 0; j < n0; j++)
    for (long l = 0; l < n1; l++)
      for (long k = 0; k < n2; k++)
	W[j][l][k] = m[l];
}

int
main (void)
{
  double W[2][3][4], want[2][3][4], m[3];
  sf_test_fill (m, 3);
  f (2, 3, 4, W, m);
  f_ref (2, 3, 4, want, m);
  sf_test_compare ("check", &W[0][0][0], &want[0][0][0], 24, 0);
  return sf_test_status ();
}

/* { dg-output "sparsefuse check \[^\r\n\]*fuzz-check-openmp-inline.c:18: W\\(j,l,k\\) = m\\(l\\): 24 values, max difference 0," } */
/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
