/* -fplugin-arg-sparsefuse-verify=off: no check; a wrong annotation goes
   unnoticed (as before the checker), and the options are read.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-verify=off -fdump-tree-sparsefuse" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
wrong (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(i)
  for (int i = 0; i < B->n; i++)
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }
}

/* { dg-final { scan-tree-dump-not "verify:" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 1 "sparsefuse" } } */
