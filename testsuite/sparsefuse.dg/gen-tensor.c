/* The order-3 kernels of the evaluation set through the plugin, B a CSF
   (sf_csf3), naive user loops over B's entries:
     TTMc          A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)
     MTTKRP,GEMM   A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m)
     SpTTM,SpTTM   A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m), A sparse in
                   (i,j) and dense in m: sharing B's arrays, or a copy
     network       R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r),
                   every operand CSF
   Each agrees with its unannotated copy on every shape of tensor.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "csf-entries.h"

/* The output of SpTTM: B's first two levels, then a dense level.  */
typedef sf_csf spttm_out;
#pragma tensor format spttm_out dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), dense) values(vals)

#define TTMC_BODY							\
  {									\
    for (int64_t x = 0; x < L * M * N; x++)				\
      A[x / (M * N)][x / N % M][x % N] = 0;				\
    FOR_ENTRIES (B, i, j, k, v)						\
      for (int64_t l = 0; l < L; l++)					\
	for (int64_t m = 0; m < M; m++)					\
	  for (int64_t n = 0; n < N; n++)				\
	    A[l][m][n] += v * C[i][l] * D[j][m] * E[k][n];		\
  }
static void ttmc_ann (const sf_csf3 *B, int64_t L, int64_t M, int64_t N,
		      double (*C)[L], double (*D)[M], double (*E)[N],
		      double (*A)[M][N])
{
#pragma tensor A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)
  TTMC_BODY
}
static void ttmc_ref (const sf_csf *B, int64_t L, int64_t M, int64_t N,
		      double (*C)[L], double (*D)[M], double (*E)[N],
		      double (*A)[M][N])
TTMC_BODY

#define MG_BODY								\
  {									\
    for (int64_t x = 0; x < B->dims[0] * M; x++)			\
      A[x / M][x % M] = 0;						\
    FOR_ENTRIES (B, i, k, l, v)						\
      for (int64_t j = 0; j < J; j++)					\
	for (int64_t m = 0; m < M; m++)					\
	  A[i][m] += v * C[l][j] * D[k][j] * E[j][m];			\
  }
static void mg_ann (const sf_csf3 *B, int64_t J, int64_t M, double (*C)[J],
		    double (*D)[J], double (*E)[M], double (*A)[M])
{
#pragma tensor A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m)
  MG_BODY
}
static void mg_ref (const sf_csf *B, int64_t J, int64_t M, double (*C)[J],
		    double (*D)[J], double (*E)[M], double (*A)[M])
MG_BODY

/* A's fibers are B's (i,j) fibers, found by position in A's own arrays
   (a copy or B's).  */
#define SPTTM_BODY							\
  {									\
    for (int64_t x = 0; x < A->pos[1][A->pos[0][1]] * M; x++)		\
      A->vals[x] = 0;							\
    for (int64_t a = B->pos[0][0]; a < B->pos[0][1]; a++)		\
      for (int64_t b = B->pos[1][a]; b < B->pos[1][a + 1]; b++)		\
	for (int64_t c = B->pos[2][b]; c < B->pos[2][b + 1]; c++)	\
	  for (int64_t l = 0; l < L; l++)				\
	    for (int64_t m = 0; m < M; m++)				\
	      A->vals[b * M + m] += B->vals[c] * C[B->crd[2][c]][l]	\
				    * D[l][m];				\
  }
static void spttm_ann (spttm_out *A, const sf_csf3 *B, int64_t L, int64_t M,
		       double (*C)[L], double (*D)[M])
{
#pragma tensor A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m)
  SPTTM_BODY
}
static void spttm_ref (sf_csf *A, const sf_csf *B, int64_t L, int64_t M,
		       double (*C)[L], double (*D)[M])
SPTTM_BODY

static void net_ann (const sf_csf3 *A, const sf_csf3 *B, const sf_csf3 *C,
		     const sf_csf3 *D, int64_t NI, int64_t NJ, int64_t NK,
		     double (*R)[NJ][NK])
{
#pragma tensor R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r)
  NET_BODY
}
static void net_ref (const sf_csf *A, const sf_csf *B, const sf_csf *C,
		     const sf_csf *D, int64_t NI, int64_t NJ, int64_t NK,
		     double (*R)[NJ][NK])
NET_BODY

/* Run TTMc, MTTKRP,GEMM and SpTTM on a D0 x D1 x D2 tensor of SHAPE;
   dense extents L, M.  */
static void
run (int64_t d0, int64_t d1, int64_t d2, int64_t L, int64_t M, int shape,
     uint64_t seed)
{
  sf_csf B;
  make_csf (&B, d0, d1, d2, shape, seed);
  int64_t big = (d0 + d1 + d2 + L + M + 1), nfib = B.pos[1][B.pos[0][1]];
  double *C = gd_dense (big * big), *D = gd_dense (big * big);
  double *E = gd_dense (big * big);
  double *A = gd_dense (big * big * big), *W = GD_DUP (A, big * big * big);
  int64_t N = 3;
  ttmc_ann (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) A);
  ttmc_ref (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) W);
  gd_compare ("ttmc", shape, A, W, L * M * N);
  mg_ann (&B, L, M, (void *) C, (void *) D, (void *) E, (void *) A);
  mg_ref (&B, L, M, (void *) C, (void *) D, (void *) E, (void *) W);
  gd_compare ("mttkrp,gemm", shape, A, W, d0 * M);
  for (int copy = 0; copy < 2; copy++)
    {
      sf_csf O = B, P = B;
      O.dims[2] = P.dims[2] = M;
      O.vals = gd_dense (nfib * M);
      P.vals = GD_DUP (O.vals, nfib * M);
      if (copy)
	for (int l = 0; l < 2; l++)
	  {
	    int64_t np = l ? nfib : B.pos[0][1];
	    O.pos[l] = GD_COPY (sf_pos_t, B.pos[l], l ? B.pos[0][1] + 1 : 2, 0);
	    O.crd[l] = GD_COPY (sf_crd_t, B.crd[l], np, 0);
	  }
      spttm_ann (&O, &B, L, M, (void *) C, (void *) D);
      spttm_ref (&P, &B, L, M, (void *) C, (void *) D);
      gd_compare (copy ? "spttm copied pattern" : "spttm shared pattern",
		  shape, O.vals, P.vals, nfib * M);
      if (copy)
	for (int l = 0; l < 2; l++)
	  free (O.pos[l]), free (O.crd[l]);
      free (O.vals), free (P.vals);
    }
  free (C), free (D), free (E), free (A), free (W);
  sf_csf_free (&B);
}

/* Run the tensor network on operands of extent N in every mode.  */
static void
run_network (int64_t n, int shape, uint64_t seed)
{
  sf_csf A, B, C, D;
  make_csf (&A, n, n + 1, n + 2, shape, seed);
  make_csf (&B, n + 1, n + 1, n, GD_RANDOM, seed + 1);
  make_csf (&C, n + 2, n + 2, n, (shape + 3) % GD_NSHAPES, seed + 2);
  make_csf (&D, n + 1, n + 2, n, GD_DENSE, seed + 3);
  int64_t NI = n, NJ = n + 1, NK = n + 2, size = NI * NJ * NK;
  double *R = gd_dense (size), *W = GD_DUP (R, size);
  net_ann (&A, &B, &C, &D, NI, NJ, NK, (void *) R);
  net_ref (&A, &B, &C, &D, NI, NJ, NK, (void *) W);
  gd_compare ("network", shape, R, W, size);
  free (R), free (W);
  sf_csf_free (&A), sf_csf_free (&B), sf_csf_free (&C), sf_csf_free (&D);
}

int
main (void)
{
  static const int64_t sizes[][5] = {
    { 5, 6, 7, 4, 3 }, { 1, 1, 1, 1, 1 }, { 9, 2, 3, 9, 2 },
    { 0, 3, 4, 2, 2 }, { 10, 9, 11, 8, 5 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	const int64_t *z = sizes[s];
	run (z[0], z[1], z[2], z[3], z[4], shape, 19 * s + shape + 1);
	run_network (z[0] < 6 ? z[0] : 6, shape, 19 * s + shape + 5);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
