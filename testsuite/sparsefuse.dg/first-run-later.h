/* The first-run check looks again on the calls numbered by a power of two
   (passes/first-run.cc): a wrong annotation whose lie the first data do
   not show (a term the annotation leaves out, zero on the first three
   calls) is caught on the fourth call, prints one line naming it, and
   every call gives the loop's result; a right one prints nothing over
   nine calls (checked on calls 1, 2, 4 and 8).  The loops call 'twice',
   an alias the checker cannot run, so neither is verified at compile
   time.  Included by first-run-later-O0.c, -O2.c and -O3.c.  */

#include "first-run-capture.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static double twice_impl (double v) { return 2 * v; }
__attribute__ ((const)) double twice (double)
  __attribute__ ((alias ("twice_impl")));

#define BODY(EXTRA)							\
  for (int i = 0; i < B->n; i++)					\
    {									\
      double s = 0;							\
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)		\
	s += B->vals[p] * (twice (x[B->colidx[p]]) * 0.5);		\
      y[i] = s + (EXTRA);						\
    }
#define PARAMS (const struct csr *B, const double *x, const double *z, \
		double *y)

static void late_ann PARAMS
{
#pragma tensor y(i) = B(i,j) * x(j)
  BODY (twice (z[i]))
}
static void late_ref PARAMS { BODY (twice (z[i])) }
static void right_ann PARAMS
{
#pragma tensor y(i) = B(i,j) * x(j)
  BODY (0 * z[i])
}
static void right_ref PARAMS { BODY (0 * z[i]) }

int
main (void)
{
  enum { N = 50, M = 40 };
  struct csr B;
  B.n = N, B.m = M;
  sf_test_pattern_int (N, M, 0.2, &B.rowptr, &B.colidx, &B.vals);
  double x[M], z[N], y1[N], y2[N];
  char what[64];
  sf_test_fill (x, M);
  memset (z, 0, sizeof z);
  fr_capture ();
  for (int call = 1; call <= 9; call++)
    {
      /* The left-out term shows from the fourth call on.  */
      if (call == 4)
	sf_test_fill (z, N);
      x[call % M] += 1;
      late_ann (&B, x, z, y1);
      late_ref (&B, x, z, y2);
      snprintf (what, sizeof what, "late, call %d", call);
      sf_test_compare (what, y1, y2, N, 1e-12);
      right_ann (&B, x, z, y1);
      right_ref (&B, x, z, y2);
      snprintf (what, sizeof what, "right, call %d", call);
      sf_test_compare (what, y1, y2, N, 1e-12);
    }
  fr_release (1);
  return sf_test_status ();
}
