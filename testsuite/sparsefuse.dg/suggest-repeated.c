/* Suggestion mode on loops that use one operand twice: A times itself,
   a weighted norm of each row, and x(i) * x(i).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
a_times_a (const struct csr *A, int n, double (*C)[n])
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor C\\(i,j\\) \\+= A\\(i,k\\) \\* A\\(k,j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
      {
	int j = A->colidx[p];
	for (int q = A->rowptr[j]; q < A->rowptr[j + 1]; q++)
	  C[i][A->colidx[q]] += A->vals[p] * A->vals[q];
      }
}

void
row_norms (const struct csr *A, const double *w, double *r)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor r\\(i\\) = A\\(i,j\\) \\* A\\(i,j\\) \\* w\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double s = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * A->vals[p] * w[A->colidx[p]];
      r[i] = s;
    }
}

void
scaled_square (const struct csr *A, const double *x, double *y)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(i\\) \\* x\\(i\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double s = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p];
      y[i] = s * x[i] * x[i];
    }
}
