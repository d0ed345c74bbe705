/* Suggestion mode on SpMV subscripted from 1: a Harwell-Boeing struct
   with base(1), and NPB CG's loose arrays declared as tensors in the
   function (SPEC 1.5), which the suggestion names in place of the
   arrays.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct hb { int nrow, ncol; int *ia, *ja; double *a; };
#pragma tensor format struct hb dims(nrow, ncol) levels(dense, compressed(ia, ja)) values(a) base(1)

void
spmv_hb (const struct hb *A, const double *x, double *y)
{
  for (int i = 1; i <= A->nrow; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double s = 0;
      for (int p = A->ia[i - 1]; p < A->ia[i]; p++)
	s += A->a[p - 1] * x[A->ja[p - 1] - 1];
      y[i - 1] = s;
    }
}

void
npb (int n, int *rowstr, int *colidx, double *a, double *p, double *w)
{
#pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
#pragma tensor format P dims(n) levels(dense) values(p + 1)
#pragma tensor format W dims(n) levels(dense) values(w + 1)
  for (int j = 1; j <= n; j++) /* { dg-message "annotation found: '#pragma tensor W\\(i\\) = A\\(i,j\\) \\* P\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double sum = 0.0;
      for (int k = rowstr[j]; k < rowstr[j + 1]; k++)
	sum = sum + a[k] * p[colidx[k]];
      w[j] = sum;
    }
}
