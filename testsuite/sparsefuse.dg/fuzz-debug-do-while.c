/* Regression (found by tools/fuzz, placement "do", batch flags -O1 -g):
   with -g at -O1 and above the front end puts a statement-frontier marker
   (DEBUG_BEGIN_STMT) before every statement, and the end of the region
   was placed right after that marker: the generated loop ran, then the
   original statement too (E got a added twice).  Every kind of statement
   was hit: a do-while, a for with its own counter, a for whose init is a
   separate statement, an if.  passes/mark.cc now steps over debug markers
   when it looks for the statement the pragma describes.  */
/* { dg-do run } */
/* { dg-options "-O1 -g -fplugin-arg-sparsefuse-dump" } */

#include "sf-test.h"

static void
f_do (int n, double *E, double a)
{
#pragma tensor E(p) += a shape(E: n)
  do
    {
      for (int p = 0; p < n; p++)
	E[p] += a;
    }
  while (0);
}

static void
f_for (int n, double *E, double a)
{
#pragma tensor E(p) += a shape(E: n)
  for (int p = 0; p < n; p++)
    E[p] += a;
}

static void
f_for_init (int n, double *E, double a)
{
  int p;
#pragma tensor E(p) += a shape(E: n)
  for (p = 0; p < n; p++)
    E[p] += a;
}

static void
f_if (int n, double *E, double a)
{
#pragma tensor E(p) += a shape(E: n)
  if (n > 0)
    for (int p = 0; p < n; p++)
      E[p] += a;
}

/* The same statement without the pragma: the reference.  */
static void
f_ref (int n, double *E, double a)
{
  for (int p = 0; p < n; p++)
    E[p] += a;
}

int
main (void)
{
  double E[4][7], R[7];
  sf_test_fill (R, 7);
  for (int k = 0; k < 4; k++)
    memcpy (E[k], R, sizeof R);
  f_ref (7, R, 0.5);
  f_do (7, E[0], 0.5);
  f_for (7, E[1], 0.5);
  f_for_init (7, E[2], 0.5);
  f_if (7, E[3], 0.5);
  sf_test_compare ("do-while", E[0], R, 7, 0);
  sf_test_compare ("for", E[1], R, 7, 0);
  sf_test_compare ("for with a separate init", E[2], R, 7, 0);
  sf_test_compare ("if", E[3], R, 7, 0);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
