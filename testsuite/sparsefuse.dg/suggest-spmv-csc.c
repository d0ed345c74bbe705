/* Suggestion mode on SpMV over CSC: the loop scatters into y, which it
   reads, so the annotation accumulates.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csc { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csc dims(n, m) levels(dense, compressed(pos, crd)) values(vals) modes(1, 0)

void
spmv_csc (const struct csc *A, const double *x, double *y)
{
  for (int j = 0; j < A->m; j++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) \\+= A\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    for (int p = A->pos[j]; p < A->pos[j + 1]; p++)
      y[A->crd[p]] += A->vals[p] * x[j];
}
