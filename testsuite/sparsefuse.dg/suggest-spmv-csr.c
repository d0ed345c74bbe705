/* Suggestion mode on SpMV over CSR written as a plain loop: the
   annotation the checker finds (the sum kept in a local, as legacy code
   does).  suggest-run.c runs the loop with it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
spmv (const struct csr *A, const double *x, double *y)
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double s = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      y[i] = s;
    }
}
