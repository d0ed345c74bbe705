/* Suggestion mode on sums of two terms: a residual b - A x, an update
   y + alpha A x (a scalar factor), and the sum of two matrices
   applied to one vector.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
residual (const struct csr *A, const double *b, const double *x, double *r)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor r\\(i\\) = b\\(i\\) - A\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double s = b[i];
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s -= A->vals[p] * x[A->colidx[p]];
      r[i] = s;
    }
}

void
axpy_spmv (const struct csr *A, double alpha, const double *x,
	   const double *y, double *z)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor z\\(i\\) = alpha \\* A\\(i,j\\) \\* x\\(j\\) \\+ y\\(i\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double s = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      z[i] = y[i] + alpha * s;
    }
}

void
two_matrices (const struct csr *A, const struct csr *B, const double *x,
	      double *y)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(j\\) \\+ B\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double s = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }
}

/* Five operands, two of them scalars, the output read at its own index:
   found, as the annotation that reads the output's old values.  */
void
gemv_style (const struct csr *A, double alpha, double beta, const double *x,
	    double *y)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = alpha \\* A\\(i,j\\) \\* x\\(j\\) \\+ beta \\* y\\(i\\)'" } */
    {
      double s = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      y[i] = alpha * s + beta * y[i];
    }
}
