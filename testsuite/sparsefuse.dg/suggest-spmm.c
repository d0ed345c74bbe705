/* Suggestion mode on SpMM: the row of the output cleared, then
   accumulated, inside the loop over the rows.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
spmm (const struct csr *A, int K, double (*B)[K], double (*C)[K])
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor C\\(i,j\\) = A\\(i,k\\) \\* B\\(k,j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      for (int k = 0; k < K; k++)
	C[i][k] = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	for (int k = 0; k < K; k++)
	  C[i][k] += A->vals[p] * B[A->colidx[p]][k];
    }
}
