/* Issue 39: a format whose values are integers was an error ("member
   'val' of 'struct adj' must be a pointer to (or array of) float or
   double, not 'int *'", and three more on the computation).  Integer
   values, dense operands and scalars of every width are accepted, and
   the regions replaced, with the arithmetic of signed values done in
   their unsigned type (wrapping, never undefined) in the dump.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include <stdint.h>

struct adj { int n, m; int *row, *col; int *val; };
#pragma tensor format struct adj dims(n, m) levels(dense, compressed(row, col)) values(val) /* { dg-bogus "must be a pointer" } */

typedef struct { long n; long *pos, *crd; uint16_t *v; } u16mat;
#pragma tensor format u16mat dims(n, n) levels(dense, compressed(pos, crd)) values(v)

void
count (struct adj A, const int *x, int *y)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-bogus "not a tensor operand|float or double|error" } */
  for (int i = 0; i < A.n; i++)
    {
      y[i] = 0;
      for (int p = A.row[i]; p < A.row[i + 1]; p++)
	y[i] += A.val[p] * x[A.col[p]];
    }
}

void
scaled (const u16mat *A, int8_t s, const signed char *x, long long *y)
{
#pragma tensor y(i) += s * A(i,j) * x(j)
  for (long i = 0; i < A->n; i++)
    for (long p = A->pos[i]; p < A->pos[i + 1]; p++)
      y[i] += s * A->v[p] * x[A->crd[p]];
}

/* Loose arrays (a tensor declared in the function) of unsigned values.  */
void
loose (int n, int *ia, int *ja, unsigned *a, unsigned *x, unsigned *y)
{
#pragma tensor format L dims(n, n) levels(dense, compressed(ia, ja)) values(a)
#pragma tensor y(i) = L(i,j) * x(j) shape(x: n, y: n)
  for (int i = 0; i < n; i++)
    {
      unsigned t = 0;
      for (int k = ia[i]; k < ia[i + 1]; k++)
	t += a[k] * x[ja[k]];
      y[i] = t;
    }
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 3 "sparsefuse" } } */
/* The values' C types in the generated code.  */
/* { dg-final { scan-tree-dump "int32_t t\[_0-9\]* = 0;" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "uint32_t t\[_0-9\]* = 0U;" "sparsefuse" } } */
/* int8_t * uint16_t is an int, added to the long long output.  */
/* { dg-final { scan-tree-dump "int64_t t\[_0-9\]* = 0LL;" "sparsefuse" } } */
/* Signed int products and sums computed as unsigned int.  */
/* { dg-final { scan-tree-dump "\\(unsigned int\\)" "sparsefuse" } } */
