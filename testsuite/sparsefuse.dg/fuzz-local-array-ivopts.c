/* Regression (found by tools/fuzz, seed 20261205 case 688): a region
   accumulating into a local array, which the function then copies into
   another local array, gave wrong values at -O3 (all schedules).  The
   region's flat loops over the array are what GCC 12 miscompiles there:
   the same loops written by hand in plain C, without the plugin, fail
   the same way (IVOPTs turns the array's address into an integer
   induction variable, and the copy reads stale values).  The plugin now
   passes the address of a local array through an empty asm
   (irgen.cc, opaque_pointer), which the loops then compile correctly
   under.  */
/* { dg-do run } */
/* { dg-options "-O3 -fno-inline -fno-ipa-cp -fplugin-arg-sparsefuse-dump" } */

#include "sf-test.h"

static double v[4][5];

#define BODY(P1, P2)							\
  {									\
    double B[3][4][5][2];						\
    double X[3][4][5][2];						\
    memcpy (B, io, sizeof B);						\
    P1									\
    for (int a = 0; a < 3; a++)						\
      for (int b = 0; b < 4; b++)					\
	for (int c = 0; c < 5; c++)					\
	  for (int d = 0; d < 2; d++)					\
	    B[a][b][c][d] += 2.0 * v[b][c] * (double) w[d];		\
    P2									\
    for (long a = 0; a < 3; a++)					\
      for (long b = 0; b < 4; b++)					\
	for (long c = 0; c < 5; c++)					\
	  for (long d = 0; d < 2; d++)					\
	    X[a][b][c][d] = 0.5 * B[a][b][c][d];			\
    memcpy (io, X, sizeof X);						\
  }

static void
annotated (double *io, const float *w)
BODY (_Pragma ("tensor B(n,m,q,z) += v(m,q) * 2 * w(z)"),
      _Pragma ("tensor X(q0,q1,q2,q3) = 0.5 * B(q0,q1,q2,q3)"))

static void
reference (double *io, const float *w)
BODY (, )

int
main (void)
{
  for (int round = 0; round < 4; round++)
    {
      double got[120], want[120];
      float w[2];
      sf_test_fill (&v[0][0], 20);
      sf_test_fill (got, 120);
      sf_test_fill_float (w, 2);
      memcpy (want, got, sizeof got);
      annotated (got, w);
      reference (want, w);
      sf_test_compare ("local arrays at -O3", got, want, 120, 1e-12);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "region \[0-9\]+ replaced" 2 "sparsefuse" } } */
