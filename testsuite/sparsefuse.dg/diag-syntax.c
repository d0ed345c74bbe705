/* Syntax errors in computations: one error each, caret on the pragma's
   line, and no cascade.  */
/* { dg-do compile } */

void
f (double *y, double *x, int n)
{
#pragma tensor /* { dg-error "expected 'format' or an output operand after 'tensor'" } */
  y[0] = 0;
#pragma tensor y(i) x(i) /* { dg-error "expected '=' or '\\+=' after the output" } */
  y[0] = 0;
#pragma tensor y(i = x(i) /* { dg-error "expected '\\)' after index list" } */
  y[0] = 0;
#pragma tensor y(i) = x(i) * /* { dg-error "expected an operand, a number or '\\('" } */
  y[0] = 0;
#pragma tensor y(i) = (x(i) * 2 /* { dg-error "expected '\\)' after the parenthesized expression" } */
  y[0] = 0;
#pragma tensor y(i) = x(i) x(i) /* { dg-error "expected an operator \\('\\+', '-' or '\\*'\\) before 'x'" } */
  y[0] = 0;
#pragma tensor y(i) = x(i) shape(x n) /* { dg-error "expected ':' after the operand name in shape\\(\\)" } */
  y[0] = 0;
#pragma tensor y(i) = x(i) schedule(naive) schedule(unfused) /* { dg-error "conflicting schedules 'naive' and 'unfused'" } */
  y[0] = 0;
#pragma tensor y(i) = x(i) assume(n) /* { dg-error "expected a comparison" } */
  y[0] = 0;
#pragma tensor y(i) = x(i) serial(2) /* { dg-error "'serial' takes no arguments" } */
  y[0] = 0;
#pragma tensor y(i) = x(i) threads(n()) /* { dg-error "function calls are not allowed in clause expressions" } */
  y[0] = 0;
#pragma tensor y(i) = i(i) /* { dg-error "'i' is used both as an index and as an operand" } */
  y[0] = 0;
}
