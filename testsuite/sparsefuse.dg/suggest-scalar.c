/* Suggestion mode on loops whose output is a floating scalar declared
   before them: a sparse dot product and the squared norm of a matrix
   (the sum kept in a local that the code returns or stores after the
   loop).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct svec { int n; int *pos, *crd; double *vals; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)

double
dot (const struct svec *v, const double *x)
{
  double s = 0;
  for (int p = v->pos[0]; p < v->pos[1]; p++) /* { dg-message "annotation found: '#pragma tensor s \\+= v\\(i\\) \\* x\\(i\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    s += v->vals[p] * x[v->crd[p]];
  return s;
}

void
frobenius (const struct csr *A, double *norm2)
{
  double s = 0;
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor s \\+= A\\(i,j\\) \\* A\\(i,j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
      s += A->vals[p] * A->vals[p];
  *norm2 = s;
}
