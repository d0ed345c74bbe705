/* -fplugin-arg-sparsefuse-suggest: loops without an annotation that read
   a declared tensor get the annotation the checker finds for them (the
   small einsums over what they read, each run against the loop), or a
   note that none was found.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-suggest" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
spmv (struct csr *B, const double *x, double *y)
{
  for (int i = 0; i < B->n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = B\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }
}

void
spmm (struct csr B, int K, double (*C)[K], double (*A)[K])
{
  for (int i = 0; i < B.n; i++) /* { dg-message "annotation found: '#pragma tensor A\\(i,j\\) = B\\(i,k\\) \\* C\\(k,j\\)'" } */
    {
      for (int k = 0; k < K; k++)
	A[i][k] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	for (int k = 0; k < K; k++)
	  A[i][k] += B.vals[p] * C[B.colidx[p]][k];
    }
}

void
transposed (struct csr *B, const double *x, double *y)
{
  for (int i = 0; i < B->n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) \\+= B\\(j,i\\) \\* x\\(j\\)'" } */
    for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
      y[B->colidx[p]] += B->vals[p] * x[i];
}

/* The same operand twice.  */
void
squared (struct csr *B, const double *x, double *y)
{
  for (int i = 0; i < B->n; i++) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = B\\(i,j\\) \\* B\\(i,j\\) \\* x\\(j\\)'" } */
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }
}

/* A quotient is no einsum.  */
void
divides (struct csr *B, const double *x, double *y)
{
  for (int i = 0; i < B->n; i++) /* { dg-message "no annotation found among \[0-9\]+ candidates \\(\[0-9.\]+ ms\\)" } */
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] / x[B->colidx[p]];
      y[i] = s;
    }
}

/* An annotated loop is checked, not searched.  */
void
annotated (struct csr *B, const double *x, double *y)
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
