/* Regression (found by tools/hostile.py: a 1 followed by 5000 zeros
   became 0): an integer constant too large for every integer type reaches
   the pragma handler as its value modulo 2^64, with nothing in the tree
   to say so; the region was replaced with y(i) = x(i) * 4.87e+18 where
   the annotation said 1e41.  The handler now listens to cpplib's report
   of the overflow and gives an error at the constant; the loop compiles
   as written (pragmas/pragma.cc, lex_one).  Constants between 2^63 and
   2^64 have their value and are accepted (they were "invalid number
   '?'").  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-report" } */

void
f (int n, const double *x, double *y)
{
#pragma tensor y(i) = x(i) * 100000000000000000000000000000000000000000 shape(x: n, y: n) /* { dg-error "integer constant is too large for any integer type; in '#pragma tensor' write it as a floating constant" } */
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 1e41;
/* { dg-warning "integer constant is too large for its type" "cpplib" { target *-*-* } .-3 } */

#pragma tensor y(i) = x(i) * 18446744073709551616u shape(x: n, y: n) /* { dg-error "too large for any integer type" } */
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 18446744073709551616.0;
/* { dg-warning "integer constant is too large for its type" "cpplib" { target *-*-* } .-3 } */

  _Pragma ("tensor y(i) = x(i) + 0x10000000000000000 shape(x: n, y: n)") /* { dg-error "too large for any integer type" } */
  for (int i = 0; i < n; i++)
    y[i] = x[i] + 18446744073709551616.0;
/* { dg-warning "integer constant is too large for its type" "cpplib" { target *-*-* } .-3 } */

#pragma tensor y(i) = x(i) * 9223372036854775808 shape(x: n, y: n) /* { dg-message "y\\(i\\) = x\\(i\\) \\* 9.223372036854776e\\+18" } */
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 9223372036854775808.0;
/* { dg-warning "integer constant is so large that it is unsigned" "cpplib" { target *-*-* } .-3 } */

#pragma tensor y(i) = x(i) * 18446744073709551615u shape(x: n, y: n) /* { dg-message "y\\(i\\) = x\\(i\\) \\* 1.8446744073709552e\\+19" } */
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 18446744073709551615.0;
}
