/* Suggestion mode on loops whose counters are declared before them (C89,
   NPB CG's conj_grad): no bind of their own, found in the function's
   statements from the counter's initialization to the exit label; the
   arrays are static, subscripted from 1, declared as tensors in the
   function (SPEC 1.5).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */


#define NA 1000
#define NZ 20000
static int rowstr[NA + 2], colidx[NZ + 1];
static double a[NZ + 1], p[NA + 2], q[NA + 2], r[NA + 2], z[NA + 2];
static int firstrow, lastrow, firstcol, lastcol;

double
conj_grad_part (void)
{
  int j, k;
  double sum, d;
#pragma tensor format A dims(lastrow - firstrow + 1, lastcol - firstcol + 1) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
#pragma tensor format P dims(lastcol - firstcol + 1) levels(dense) values(p + 1)
#pragma tensor format Q dims(lastrow - firstrow + 1) levels(dense) values(q + 1)
#pragma tensor format Z dims(lastcol - firstcol + 1) levels(dense) values(z + 1)
#pragma tensor format R dims(lastrow - firstrow + 1) levels(dense) values(r + 1)
  for (j = 1; j <= lastrow - firstrow + 1; j++) /* { dg-message "annotation found: '#pragma tensor Q\\(i\\) = A\\(i,j\\) \\* P\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      sum = 0.0;
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
	sum = sum + a[k] * p[colidx[k]];
      q[j] = sum;
    }
  j = 1;
  while (j <= lastrow - firstrow + 1) /* { dg-message "annotation found: '#pragma tensor R\\(i\\) = A\\(i,j\\) \\* Z\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      d = 0.0;
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
	d = d + a[k] * z[colidx[k]];
      r[j] = d;
      j++;
    }
  sum = 0.0;
  for (j = 1; j <= lastcol - firstcol + 1; j++) /* { dg-message "no annotation found among \[0-9\]+ candidates \\(\[0-9.\]+ ms\\)" } */
    {
      d = z[j] - r[j];
      sum = sum + d * d;
    }
  return sum;
}

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

/* Two counters declared by the loop: its bind is still one loop.  */
void
two_counters (const struct csr *A, const double *x, double *y)
{
  for (int i = 0, n = A->n; i < n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(j\\)'" } */
    {
      double s = 0;
      for (int p = A->rowptr[i], e = A->rowptr[i + 1]; p < e; p++)
	s += A->vals[p] * x[A->colidx[p]];
      y[i] = s;
    }
}

/* A block declaring the sum, around a loop whose counter is declared
   before the block.  */
void
in_block (const struct csr *A, const double *x, double *y)
{
  int i;
  {
    double s;
    for (i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(j\\)'" } */
      {
	s = 0;
	for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	  s += A->vals[p] * x[A->colidx[p]];
	y[i] = s;
      }
  }
}
