/* SpMM A(i,k) = B(i,j) * C(j,k) with B CSR (int indices) and dense
   operands as VLA pointers; the output is overwritten (=) although the
   loop never writes rows that B leaves empty: the generated code must
   zero them as the loop's own zeroing statement does.  Float and double.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"

typedef struct { int nrows, ncols; int *rowptr, *colind; double *val; } csr_t;
#pragma tensor format csr_t dims(nrows, ncols) levels(dense, compressed(rowptr, colind)) values(val)

static void
spmm (csr_t B, int K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  for (int i = 0; i < B.nrows; i++)
    {
      for (int k = 0; k < K; k++)
	A[i][k] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	for (int k = 0; k < K; k++)
	  A[i][k] += B.val[p] * C[B.colind[p]][k];
    }
}

static void
spmm_ref (csr_t B, int K, double (*C)[K], double (*A)[K])
{
  for (int i = 0; i < B.nrows; i++)
    {
      for (int k = 0; k < K; k++)
	A[i][k] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	for (int k = 0; k < K; k++)
	  A[i][k] += B.val[p] * C[B.colind[p]][k];
    }
}

static void
run (int n, int m, int K, double density)
{
  long *rp, *ci;
  double *v;
  long nnz = sf_test_pattern (n, m, density, &rp, &ci, &v);
  csr_t B = { n, m, malloc ((n + 1) * sizeof (int)),
	      malloc ((nnz + 1) * sizeof (int)), v };
  for (long i = 0; i <= n; i++)
    B.rowptr[i] = (int) rp[i];
  for (long p = 0; p < nnz; p++)
    B.colind[p] = (int) ci[p];
  double (*C)[K] = malloc ((m + 1) * K * sizeof (double));
  double (*A)[K] = malloc ((n + 1) * K * sizeof (double));
  double (*R)[K] = malloc ((n + 1) * K * sizeof (double));
  sf_test_fill (&C[0][0], (long) m * K);
  sf_test_fill (&A[0][0], (long) n * K);	/* garbage to overwrite */
  spmm (B, K, C, A);
  spmm_ref (B, K, C, R);
  char what[64];
  snprintf (what, sizeof what, "spmm %dx%d K=%d", n, m, K);
  sf_test_compare (what, &A[0][0], &R[0][0], (long) n * K, 1e-12);
  free (rp), free (ci), free (v), free (B.rowptr), free (B.colind);
  free (C), free (A), free (R);
}

int
main (void)
{
  run (0, 5, 3, 0.0);
  run (40, 30, 1, 0.2);
  run (100, 80, 17, 0.05);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
