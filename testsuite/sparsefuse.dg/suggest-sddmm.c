/* Suggestion mode on SDDMM: the output is a sparse struct with the
   pattern of S (the loop writes its values only), the output the probe
   finds stored.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
sddmm (const struct csr *S, int K, double (*U)[K], double (*V)[K],
       struct csr *O)
{
  for (int i = 0; i < S->n; i++) /* { dg-message "annotation found: '#pragma tensor O\\(i,j\\) = S\\(i,j\\) \\* U\\(i,k\\) \\* V\\(j,k\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    for (int p = S->rowptr[i]; p < S->rowptr[i + 1]; p++)
      {
	double d = 0;
	int j = S->colidx[p];
	for (int k = 0; k < K; k++)
	  d += U[i][k] * V[j][k];
	O->vals[p] = S->vals[p] * d;
      }
}
