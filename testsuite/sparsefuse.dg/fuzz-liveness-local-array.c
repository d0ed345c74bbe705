/* Regression (found by tools/fuzz: 82 of 2000 cases of seed 3 kept): in
   a function with a local array, a region writing a variable declared
   before it (loop counters at the top of the function) was kept as if
   the variable were read afterwards.  The array's scope is a try/finally
   whose cleanup clobbers it; the liveness search (passes/liveness.cc) did
   not look into it, did not find the region's end marker and answered
   "live".  It now follows the try body and then its cleanup.  A kept
   region would warn here (an excess message) and fail the dump scan.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */

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

/* i is read after the region, through the cleanup's scope: must stay.  */
static long
f_live (long n, long m, double (*v)[m], const double *x)
{
  int i = 0;
  int j = 0;
  double F[4];
  memcpy (F, x, sizeof F);
#pragma tensor v(a,b) = F(b) shape(v: n, m) /* { dg-warning "used afterwards" } */
  {
    for (i = 0; i < n; i++)
      for (j = 0; j < m; j++)
	v[i][j] = F[j];
  }
  return i + j;
}

/* The statement without the pragma: the reference.  */
static long
f_ref (long n, long m, double (*v)[m], const double *x)
{
  int i = 0;
  int j = 0;
  double F[4];
  memcpy (F, x, sizeof F);
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      v[i][j] = F[j];
  return i + j;
}

int
main (void)
{
  double x[4], v[3][4], w[3][4], want[3][4];
  sf_test_fill (x, 4);
  long r = f_ref (3, 4, want, x);
  f (3, 4, v, x);
  sf_test_compare ("dead counters", &v[0][0], &want[0][0], 12, 0);
  long l = f_live (3, 4, w, x);
  sf_test_compare ("live counters", &w[0][0], &want[0][0], 12, 0);
  if (l != r)
    {
      printf ("FAIL live counters: %ld, expected %ld\n", l, r);
      abort ();
    }
  return sf_test_status ();
}

/* { dg-message "here" "" { target *-*-* } 34 } */
/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "sparsefuse: region 1 kept" "sparsefuse" } } */
