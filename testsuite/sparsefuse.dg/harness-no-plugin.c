/* Harness self-test: "-no-plugin" in dg-options compiles with the plain
   gcc, which ignores "#pragma tensor" (and says so with -Wunknown-pragmas),
   so the annotated loop is the program.  Also checks dg-warning on the
   pragma's own line and dg-output.  */
/* { dg-do run } */
/* { dg-options "-O2 -Wunknown-pragmas -no-plugin" } */
/* { dg-output "y = 3 7" } */

#include <stdio.h>

int
main (void)
{
  double a[2][2] = { { 1, 1 }, { 3, 2 } }, x[2] = { 1, 2 }, y[2] = { 0, 0 };
#pragma tensor y(i) = a(i,j) * x(j) /* { dg-warning "ignoring '#pragma tensor" } */
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      y[i] += a[i][j] * x[j];
  printf ("y = %g %g\n", y[0], y[1]);
  return 0;
}
