/* Wrong annotations over tidy loops that read their tensor through
   locals set before the loop (verify-copies.c has the right ones): the
   checker takes each local as the copy it was set to, so the mistake is
   an error as it is over the struct's own members.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp" } */
/* { dg-require-effective-target openmp } */

typedef struct { long nrows, ncols; long *rowptr; int *colidx; double *vals; } csr;
#pragma tensor format csr dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

void
x_of_i (const csr *B, const double *x, double *y)
{
  const long n = B->nrows, *rowptr = B->rowptr;
  const int *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(i) /* { dg-error "the loop does not compute what the annotation says" } */
  for (long i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (long k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * x[colidx[k]];
      y[i] = sum;
    }
}

void
accumulates (const csr *B, const double *x, double *y)
{
  const long n = B->nrows, *rowptr = B->rowptr;
  const int *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (long i = 0; i < n; i++)
    for (long k = rowptr[i]; k < rowptr[i + 1]; k++)
      y[i] += vals[k] * x[colidx[k]];
}

/* { dg-prune-output "annotation not verified" } */
