/* Regression (found by tools/fuzz, seed 4, cases 10013 and 12699): the
   check clause took a float output that points to arrays (float
   (*W)[n1][n2]) or is an array (float v[5]) for doubles, and copied,
   compared and wrote back twice its bytes.  insert_check
   (passes/pass.cc) read the value type off the marker's pointer, whose
   conversion to float * GIMPLE had dropped; it now takes the annotation's
   value type.  Under AddressSanitizer an access past the output fails the
   test; the report must show the two results equal.  */
/* { dg-do run } */
/* { dg-options "-O1 -fsanitize=address -fplugin-arg-sparsefuse-dump" } */

#include "sf-test.h"

static void __attribute__ ((noinline))
f (long n0, long n1, long n2, float (*W)[n1][n2], const float *m)
{
#pragma tensor W(j,l,k) = m(l) shape(W: n0, n1, n2, m: n1) check
  for (long j = 0; j < n0; j++)
    for (long l = 0; l < n1; l++)
      for (long k = 0; k < n2; k++)
	W[j][l][k] = m[l];
}

static void __attribute__ ((noinline))
f_ref (long n0, long n1, long n2, float (*W)[n1][n2], const float *m)
{
  for (long j = 0; j < n0; j++)
    for (long l = 0; l < n1; l++)
      for (long k = 0; k < n2; k++)
	W[j][l][k] = m[l];
}

/* A local float array as the output.  */
static void __attribute__ ((noinline))
g (const float *x, float *res)
{
  float v[5];
#pragma tensor v(i) = 3 * x(i) shape(x: 5) check
  for (int i = 0; i < 5; i++)
    v[i] = 3 * x[i];
  memcpy (res, v, sizeof v);
}

static void __attribute__ ((noinline))
g_ref (const float *x, float *res)
{
  float v[5];
  for (int i = 0; i < 5; i++)
    v[i] = 3 * x[i];
  memcpy (res, v, sizeof v);
}

int
main (void)
{
  float *W = malloc (24 * sizeof (float)), *R = malloc (24 * sizeof (float));
  float m[3], x[5], v[5], want[5];
  sf_test_fill_float (m, 3);
  sf_test_fill_float (x, 5);
  f (2, 3, 4, (float (*)[3][4]) W, m);
  f_ref (2, 3, 4, (float (*)[3][4]) R, m);
  sf_test_compare_float ("check float (*)[n1][n2]", W, R, 24, 0);
  g (x, v);
  g_ref (x, want);
  sf_test_compare_float ("check float v[5]", v, want, 5, 0);
  free (W);
  free (R);
  return sf_test_status ();
}

/* { dg-output "fuzz-check-float-array.c:17: W\\(j,l,k\\) = m\\(l\\): 24 values, max difference 0,.*fuzz-check-float-array.c:38: v\\(i\\) = 3 \\* x\\(i\\): 5 values, max difference 0," } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 2 "sparsefuse" } } */
