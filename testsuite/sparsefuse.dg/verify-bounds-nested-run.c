/* The correct twins of verify-bounds-nested.c: three blocks added onto
   the stored entries of a CSF tensor through nested loops bounded by one
   parameter, and an order-4 TTMc with four bounds over seven indices.
   The checker binds the first bound to the annotation's extents (the
   dump says "verified").  The second finds its binding, but its run on
   the full patterns of an order-4 tensor (40,000 rounds) takes longer
   than the checker allows: a note, and the region is replaced.  Each
   agrees with its unannotated copy on every shape of tensor, called with
   the bounds the annotation assumes.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-data.h"

#define NB 6
#define RA 2
#define RB 3
#define RC 4

#define BLOCKS_PARAMS (long nb, sf_csf3 *B, double D[NB][NB],		\
		       double E[NB][NB], double F[NB][NB])
#define BLOCKS_BODY							\
  for (long p = 0; p < nb; p++)						\
    for (long m = 0; m < nb; m++)					\
      for (long n = 0; n < nb; n++)					\
	{								\
	  int64_t a = B->pos[0][0], ae = B->pos[0][1];			\
	  while (a < ae && B->crd[0][a] != p)				\
	    a++;							\
	  if (a == ae)							\
	    continue;							\
	  int64_t b = B->pos[1][a], be = B->pos[1][a + 1];		\
	  while (b < be && B->crd[1][b] != m)				\
	    b++;							\
	  if (b == be)							\
	    continue;							\
	  int64_t c = B->pos[2][b], ce = B->pos[2][b + 1];		\
	  while (c < ce && B->crd[2][c] != n)				\
	    c++;							\
	  if (c < ce)							\
	    B->vals[c] += D[m][n] + E[n][p] + F[p][m];			\
	}

static void
blocks_ann BLOCKS_PARAMS
{
#pragma tensor B(p,m,n) += D(m,n) + E(n,p) + F(p,m)
  BLOCKS_BODY
}
static void blocks_ref BLOCKS_PARAMS { BLOCKS_BODY }

#define TTMC4_PARAMS (long ni, long na, long nb, long nc, const sf_csf4 *B, \
		      double (*U)[RA], double (*V)[RB], double (*W)[RC],	\
		      double (*A)[RA][RB][RC])
#define TTMC4_BODY							\
  {									\
    for (long i = 0; i < ni; i++)					\
      for (long a = 0; a < na; a++)					\
	for (long b = 0; b < nb; b++)					\
	  for (long c = 0; c < nc; c++)					\
	    A[i][a][b][c] = 0;						\
    for (int64_t p0 = B->pos[0][0]; p0 < B->pos[0][1]; p0++)		\
      for (int64_t p1 = B->pos[1][p0]; p1 < B->pos[1][p0 + 1]; p1++)	\
	for (int64_t p2 = B->pos[2][p1]; p2 < B->pos[2][p1 + 1]; p2++)	\
	  for (int64_t p3 = B->pos[3][p2]; p3 < B->pos[3][p2 + 1]; p3++)	\
	    {								\
	      int64_t i = B->crd[0][p0], j = B->crd[1][p1];		\
	      int64_t k = B->crd[2][p2], l = B->crd[3][p3];		\
	      for (long a = 0; a < na; a++)					\
		for (long b = 0; b < nb; b++)				\
		  for (long c = 0; c < nc; c++)				\
		    A[i][a][b][c] -= B->vals[p3] * U[j][a] * V[k][b]	\
				     * W[l][c];				\
	    }								\
  }

static void
ttmc4_ann TTMC4_PARAMS
{
#pragma tensor A(i,a,b,c) = -B(i,j,k,l) * U(j,a) * V(k,b) * W(l,c) /* { dg-message "annotation not verified: the loop depends on 'ni'" } */
  TTMC4_BODY
}
static void ttmc4_ref TTMC4_PARAMS TTMC4_BODY

int
main (void)
{
  static const int64_t sizes[][4] = {
    { 5, 7, 3, 6 }, { 1, 1, 1, 1 }, { 9, 2, 3, 9 }, { 0, 3, 4, 2 },
    { 12, 10, 11, 16 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	const int64_t *z = sizes[s];
	uint64_t seed = 17 * s + shape + 1;
	sf_coo a;
	sf_error err;
	sf_csf B;

	/* the blocks: a tensor of NB x NB x NB */
	gd_coo (&a, 3, (int64_t[]) { NB, NB, NB }, shape, seed);
	gd_check (sf_coo_to_csf (&a, NULL, &B, &err), &err);
	sf_coo_free (&a);
	static double D[NB][NB], E[NB][NB], F[NB][NB];
	sf_test_fill (&D[0][0], NB * NB);
	sf_test_fill (&E[0][0], NB * NB);
	sf_test_fill (&F[0][0], NB * NB);
	double *v0 = GD_DUP (B.vals, B.nnz);
	blocks_ann (NB, &B, D, E, F);
	double *v1 = GD_DUP (B.vals, B.nnz);
	memcpy (B.vals, v0, (size_t) B.nnz * sizeof (double));
	blocks_ref (NB, &B, D, E, F);
	gd_compare ("blocks", shape, v1, B.vals, B.nnz);
	free (v0), free (v1);
	sf_csf_free (&B);

	/* TTMc of order 4 */
	gd_coo (&a, 4, z, shape, seed);
	gd_check (sf_coo_to_csf (&a, NULL, &B, &err), &err);
	sf_coo_free (&a);
	int64_t n = z[0] + 1;
	double (*U)[RA] = (void *) gd_dense ((z[1] + 1) * RA);
	double (*V)[RB] = (void *) gd_dense ((z[2] + 1) * RB);
	double (*W)[RC] = (void *) gd_dense ((z[3] + 1) * RC);
	double (*A)[RA][RB][RC] = (void *) gd_dense (n * RA * RB * RC);
	double (*R)[RA][RB][RC] = (void *) gd_dense (n * RA * RB * RC);
	ttmc4_ann (z[0], RA, RB, RC, &B, U, V, W, A);
	ttmc4_ref (z[0], RA, RB, RC, &B, U, V, W, R);
	gd_compare ("ttmc4", shape, &A[0][0][0][0], &R[0][0][0][0],
		    z[0] * RA * RB * RC);
	free (U), free (V), free (W), free (A), free (R);
	sf_csf_free (&B);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 2 "sparsefuse" } } */
