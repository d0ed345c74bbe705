/* MTTKRP A(i,r) = B(i,j,k) * C(j,r) * D(k,r) with B a user CSF struct
   (all levels compressed).  The region is a compound statement: the
   output is zeroed, then accumulated.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"

struct csf3
{
  int d0, d1, d2;
  int *pos0, *crd0, *pos1, *crd1, *pos2, *crd2;
  double *vals;
};
#pragma tensor format struct csf3 dims(d0, d1, d2) levels(compressed(pos0, crd0), compressed(pos1, crd1), compressed(pos2, crd2)) values(vals)

#define MTTKRP_BODY							\
  {									\
    for (int i = 0; i < B->d0; i++)					\
      for (int r = 0; r < R; r++)					\
	A[i][r] = 0;							\
    for (int a = B->pos0[0]; a < B->pos0[1]; a++)			\
      for (int b = B->pos1[a]; b < B->pos1[a + 1]; b++)		\
	for (int c = B->pos2[b]; c < B->pos2[b + 1]; c++)		\
	  for (int r = 0; r < R; r++)					\
	    A[B->crd0[a]][r] += B->vals[c] * C[B->crd1[b]][r]		\
				* D[B->crd2[c]][r];			\
  }

static void
mttkrp (const struct csf3 *B, int R, double (*C)[R], double (*D)[R],
	double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)
  MTTKRP_BODY
}

static void
mttkrp_ref (const struct csf3 *B, int R, double (*C)[R], double (*D)[R],
	    double (*A)[R])
MTTKRP_BODY

/* Build a random CSF with about NNZ entries of DIMS into B.  */
static void
random_csf (struct csf3 *B, int d0, int d1, int d2, long nnz)
{
  long total = (long) d0 * d1 * d2, n = 0;
  long *lin = malloc ((nnz + 1) * sizeof (long));
  for (long t = 0; t < total && n < nnz; t++)	/* sorted sample */
    if (sf_test_below (total - t) < nnz - n)
      lin[n++] = t;
  B->d0 = d0, B->d1 = d1, B->d2 = d2;
  B->pos0 = calloc (2, sizeof (int));
  B->crd0 = malloc ((n + 1) * sizeof (int));
  B->pos1 = calloc (n + 2, sizeof (int));
  B->crd1 = malloc ((n + 1) * sizeof (int));
  B->pos2 = calloc (n + 2, sizeof (int));
  B->crd2 = malloc ((n + 1) * sizeof (int));
  B->vals = malloc ((n + 1) * sizeof (double));
  int n0 = 0, n1 = 0;
  for (long e = 0; e < n; e++)
    {
      int i = lin[e] / ((long) d1 * d2), j = lin[e] / d2 % d1, k = lin[e] % d2;
      int new_i = e == 0 || i != B->crd0[n0 - 1];
      if (new_i)
	B->crd0[n0++] = i;
      if (new_i || j != B->crd1[n1 - 1])
	{
	  B->crd1[n1++] = j;
	  B->pos1[n0] = n1;
	}
      B->crd2[e] = k;
      B->vals[e] = sf_test_value ();
      B->pos2[n1] = e + 1;
    }
  B->pos0[1] = n0;
  free (lin);
}

static void
run (int d0, int d1, int d2, long nnz, int R)
{
  struct csf3 B;
  random_csf (&B, d0, d1, d2, nnz);
  double (*C)[R] = malloc ((d1 + 1) * R * sizeof (double));
  double (*D)[R] = malloc ((d2 + 1) * R * sizeof (double));
  double (*A)[R] = malloc ((d0 + 1) * R * sizeof (double));
  double (*W)[R] = malloc ((d0 + 1) * R * sizeof (double));
  sf_test_fill (&C[0][0], (long) d1 * R);
  sf_test_fill (&D[0][0], (long) d2 * R);
  sf_test_fill (&A[0][0], (long) d0 * R);
  mttkrp (&B, R, C, D, A);
  mttkrp_ref (&B, R, C, D, W);
  char what[64];
  snprintf (what, sizeof what, "mttkrp %dx%dx%d nnz=%ld R=%d", d0, d1, d2,
	    nnz, R);
  sf_test_compare (what, &A[0][0], &W[0][0], (long) d0 * R, 1e-12);
  free (B.pos0), free (B.crd0), free (B.pos1), free (B.crd1);
  free (B.pos2), free (B.crd2), free (B.vals);
  free (C), free (D), free (A), free (W);
}

int
main (void)
{
  run (5, 4, 3, 0, 2);
  run (5, 4, 3, 1, 2);
  run (20, 15, 10, 300, 8);
  run (40, 30, 25, 2000, 16);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
