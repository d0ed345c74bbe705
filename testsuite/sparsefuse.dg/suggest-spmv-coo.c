/* Suggestion mode on SpMV over COO (one loop over the entries).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct coo { int n, m, nnz; int *row, *col; double *vals; };
#pragma tensor format struct coo dims(n, m) levels(coo(nnz, row), singleton(col)) values(vals)

void
spmv_coo (const struct coo *A, const double *x, double *y)
{
  for (int p = 0; p < A->nnz; p++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) \\+= A\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    y[A->row[p]] += A->vals[p] * x[A->col[p]];
}
