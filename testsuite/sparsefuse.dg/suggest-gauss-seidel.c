/* Suggestion mode on a Gauss-Seidel sweep: each x[i] is computed from
   the x[j] the sweep has already updated, and divided by the diagonal;
   no einsum is that, and the search says so (having tried every
   candidate).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
gauss_seidel (const struct csr *A, const double *b, double *x)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "no annotation found among \[0-9\]+ candidates \\(\[0-9.\]+ ms\\)" } */
    {
      double s = b[i], d = 1;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	if (A->colidx[p] != i)
	  s -= A->vals[p] * x[A->colidx[p]];
	else
	  d = A->vals[p];
      x[i] = s / d;
    }
}

/* The same sweep over a copy of x (Jacobi) is still a quotient.  */
void
jacobi (const struct csr *A, const double *b, const double *x, double *xn)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "no annotation found among \[0-9\]+ candidates \\(\[0-9.\]+ ms\\)" } */
    {
      double s = b[i], d = 1;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	if (A->colidx[p] != i)
	  s -= A->vals[p] * x[A->colidx[p]];
	else
	  d = A->vals[p];
      xn[i] = s / d;
    }
}
