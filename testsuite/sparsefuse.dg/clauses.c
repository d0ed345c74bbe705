/* Every clause is accepted where it is valid, and the computation is
   still replaced (the schedule override, threads, memory, assume and
   check are recorded for later stages).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define NCOLS 8

void
f (struct csr B, int K, double *C, double (*A)[NCOLS], int nthreads)
{
#pragma tensor A(i,k) += B(i,j) * C(j,k) shape(C: B.m, NCOLS) schedule(naive) assume(K <= 256, nnz(B) >= 16 * dim(B, 0)) memory(1048576) threads(nthreads) serial
  for (int i = 0; i < B.n; i++)
    for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
      for (int k = 0; k < NCOLS; k++)
	A[i][k] += B.vals[p] * C[B.colidx[p] * NCOLS + k];
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced: A\\(i,k\\) \\+= B\\(i,j\\) \\* C\\(j,k\\)" "sparsefuse" } } */
