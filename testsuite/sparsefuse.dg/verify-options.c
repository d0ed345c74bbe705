/* -fplugin-arg-sparsefuse-verify=strict: a loop the checker cannot run
   (it calls a function) is kept, with a warning saying why; one it
   verifies is replaced.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-verify=strict -fdump-tree-sparsefuse" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

__attribute__ ((const)) double scale (double);

void
calls (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "sparsefuse keeps the original statement because annotation not verified: calls 'scale'" } */
  for (int i = 0; i < B->n; i++)
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * scale (x[B->colidx[p]]);
      y[i] = s;
    }
}

void
plain (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  for (int i = 0; i < B->n; i++)
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ kept" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 1 "sparsefuse" } } */
