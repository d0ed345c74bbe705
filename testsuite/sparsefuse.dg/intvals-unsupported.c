/* The mixes of integer and floating values the plugin does not compute:
   each keeps its loop with a warning that says why; value types that are
   not arithmetic are errors on the declaration.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct icsr { int n, m; int *rowptr, *colidx; int *vals; };
#pragma tensor format struct icsr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct dcsr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct dcsr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct bcsr { int n, m; int *rowptr, *colidx; _Bool *vals; long double *lvals; };
#pragma tensor format struct bcsr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals) /* { dg-error "member 'vals' of 'struct bcsr' must be a pointer to \\(or array of\\) an arithmetic type \\(float, double, or an integer of 8 to 64 bits\\), not '_Bool \\*'" } */
#pragma tensor format struct bcsr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(lvals) /* { dg-error "not 'long double \\*'" } */

/* Double values summed into an int output: the loop converts each
   partial sum to int as it stores it.  */
void
to_int (struct dcsr B, const double *x, int *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "the output 'y' holds integers but the expression is double: the loop converts to the integer type at each store it makes, which the plugin cannot reproduce; make 'y' float or double, or give the operands integer values" } */
  for (int i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
}

/* A float factor makes the expression float, into an int output.  */
void
float_scale (struct icsr B, float s, const int *x, int *y)
{
#pragma tensor y(i) = s * B(i,j) * x(j) /* { dg-warning "the output 'y' holds integers but the expression is float" } */
  for (int i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += s * B.vals[p] * x[B.colidx[p]];
    }
}

/* 0.5 * an int is a double in C (so is 2.0 * an int): into an int
   output, the loop converts at every store.  */
void
half (struct icsr B, const int *x, int *y)
{
#pragma tensor y(i) = 2.0 * B(i,j) * x(j) /* { dg-warning "the output 'y' holds integers but the expression is double" } */
  for (int i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += 2.0 * B.vals[p] * x[B.colidx[p]];
    }
}

/* A negated floating constant is a double too: -.5 * x[i] into an int
   is a conversion per element, not -.5 computed as an int.  */
void
neg_half (int n, const int *x, int *y)
{
#pragma tensor y(i) = -.5 * x(i) shape(x: n, y: n) /* { dg-warning "the output 'y' holds integers but the expression is double" } */
  for (int i = 0; i < n; i++)
    y[i] = -.5 * x[i];
}
