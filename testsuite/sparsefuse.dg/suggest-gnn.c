/* Suggestion mode on the GNN layer H2 = A H W, written fused and as a
   user writes it in two steps per row (a local row of A H, then times
   W), and in two loops (the dense product first: the annotation that
   agrees needs a shape clause, which the second note says; the sparse
   loop after it is SpMM).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
gnn_fused (const struct csr *A, int G, int F, double (*H)[G],
	   double (*W)[F], double (*H2)[F])
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor H2\\(i,j\\) = A\\(i,k\\) \\* H\\(k,l\\) \\* W\\(l,j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      for (int f = 0; f < F; f++)
	H2[i][f] = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	for (int g = 0; g < G; g++)
	  for (int f = 0; f < F; f++)
	    H2[i][f] += A->vals[p] * H[A->colidx[p]][g] * W[g][f];
    }
}

#define GMAX 64

void
gnn_rows (const struct csr *A, int G, int F, double (*H)[G],
	  double (*W)[F], double (*H2)[F])
{
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor H2\\(i,j\\) = A\\(i,k\\) \\* H\\(k,l\\) \\* W\\(l,j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double t[GMAX];
      for (int g = 0; g < G; g++)
	t[g] = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	for (int g = 0; g < G; g++)
	  t[g] += A->vals[p] * H[A->colidx[p]][g];
      for (int f = 0; f < F; f++)
	{
	  double s = 0;
	  for (int g = 0; g < G; g++)
	    s += t[g] * W[g][f];
	  H2[i][f] = s;
	}
    }
}

void
gnn_two_loops (const struct csr *A, int G, int F, double (*H)[G],
	       double (*W)[F], double (*T)[F], double (*H2)[F])
{
  for (int j = 0; j < A->m; j++) /* { dg-message "no annotation found" } */
    /* { dg-message "'#pragma tensor T\\(i,j\\) = H\\(i,k\\) \\* W\\(k,j\\)' agrees with the loop on one input set, but not as an annotation: cannot determine the extent of index 'i'" "" { target *-*-* } .-1 } */
    for (int f = 0; f < F; f++)
      {
	double s = 0;
	for (int g = 0; g < G; g++)
	  s += H[j][g] * W[g][f];
	T[j][f] = s;
      }
  for (int i = 0; i < A->n; i++) /* { dg-message "annotation found: '#pragma tensor H2\\(i,j\\) = A\\(i,k\\) \\* T\\(k,j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    for (int f = 0; f < F; f++)
      {
	double s = 0;
	for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	  s += A->vals[p] * T[A->colidx[p]][f];
	H2[i][f] = s;
      }
}
