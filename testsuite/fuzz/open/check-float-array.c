/* Open: the check clause takes a float output that is an array (float
   v[5]) or points to arrays (float (*W)[n1][n2]) for doubles: it copies,
   compares and writes back twice the output's bytes.

     gcc -O1 -fsanitize=address -fplugin=build/sparsefuse.so \
       -Itestsuite/sparsefuse.dg testsuite/fuzz/open/check-float-array.c \
       -Lbuild -lsparsefuse -lm && ./a.out

   What happens: "AddressSanitizer: heap-buffer-overflow ... READ of size
   192" in sf_check_begin (24 floats are 96 bytes); without the sanitizer
   the check prints "max difference 0.00781 (at 0: generated 0, original
   0.0078125...)" for identical results (pairs of floats read as
   doubles), and sf_check_swap writes 96 bytes past the array.
   insert_check (passes/pass.cc) decides float or double from the type
   the output pointer points to, which here is an array type, not float.
   What should happen: the element type after stripping array types
   (strip_array_types), 4 bytes per value; no access past the output.
   With -fopenmp the stale bytes written back past the array can land on
   the allocator's data: a crash (SIGABRT) in a later case of the same
   fuzz program (seed 4, case 5504) is most likely this.
   Found by tools/fuzz (seed 4, case 10013, W(j,l,i2) = ... check, "256
   values, max difference nan"; case 12699, v(z_) = B check with v a
   local float v[5]).  */

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

int
main (void)
{
  float *W = malloc (24 * sizeof (float)), m[3] = { 1, 2, 3 }, want[24];
  f (2, 3, 4, (float (*)[3][4]) W, m);
  for (int e = 0; e < 24; e++)
    want[e] = m[e / 4 % 3];
  sf_test_compare_float ("check float", W, want, 24, 0);
  free (W);
  return sf_test_status ();
}
