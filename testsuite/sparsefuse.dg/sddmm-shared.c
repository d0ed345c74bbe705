/* SDDMM A(i,j) = B(i,j) * C(i,k) * D(j,k) with B CSR and the output A a
   CSR sharing B's pattern (the GNN case): only B's entries are computed.
   Also run with A holding a separate copy of the same pattern, which
   takes the position-search path.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"

struct csr { long n, m; long *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

static void
sddmm (struct csr *A, struct csr *B, int K, double (*C)[K], double (*D)[K])
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  for (long i = 0; i < B->n; i++)
    for (long p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	double s = 0;
	for (int k = 0; k < K; k++)
	  s += C[i][k] * D[B->crd[p]][k];
	A->vals[p] = B->vals[p] * s;
      }
}

static void
sddmm_ref (struct csr *A, struct csr *B, int K, double (*C)[K], double (*D)[K])
{
  for (long i = 0; i < B->n; i++)
    for (long p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	double s = 0;
	for (int k = 0; k < K; k++)
	  s += C[i][k] * D[B->crd[p]][k];
	A->vals[p] = B->vals[p] * s;
      }
}

static void
run (long n, long m, int K, double density, int separate)
{
  struct csr B, A, R;
  long nnz = sf_test_pattern (n, m, density, &B.pos, &B.crd, &B.vals);
  B.n = n, B.m = m;
  A = B;
  A.vals = malloc ((nnz + 1) * sizeof (double));
  if (separate)
    {
      A.pos = malloc ((n + 1) * sizeof (long));
      A.crd = malloc ((nnz + 1) * sizeof (long));
      memcpy (A.pos, B.pos, (n + 1) * sizeof (long));
      memcpy (A.crd, B.crd, nnz * sizeof (long));
    }
  R = A;
  R.vals = malloc ((nnz + 1) * sizeof (double));
  double (*C)[K] = malloc ((n + 1) * K * sizeof (double));
  double (*D)[K] = malloc ((m + 1) * K * sizeof (double));
  sf_test_fill (&C[0][0], n * K);
  sf_test_fill (&D[0][0], m * K);
  sf_test_fill (A.vals, nnz);
  sddmm (&A, &B, K, C, D);
  sddmm_ref (&R, &B, K, C, D);
  char what[80];
  snprintf (what, sizeof what, "sddmm %ldx%ld K=%d%s", n, m, K,
	    separate ? " separate pattern" : "");
  sf_test_compare (what, A.vals, R.vals, nnz, 1e-12);
  if (separate)
    free (A.pos), free (A.crd);
  free (A.vals), free (R.vals), free (B.pos), free (B.crd), free (B.vals);
  free (C), free (D);
}

int
main (void)
{
  run (0, 0, 4, 0.0, 0);
  run (60, 40, 1, 0.1, 0);
  run (60, 40, 16, 0.1, 0);
  run (100, 120, 33, 0.05, 1);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
