/* Register tiles (core/lower_tiles.c, docs/fusion.md "Register tiles"):
   a row loop ending in a product of the row's values by a dense matrix
   runs over blocks of 4 rows, 4 x 8 sums (4 x 16 in floats) held over
   the whole loop over l.  SpTTM,SpTTM's fibers (A sharing B's pattern:
   the fiber's zeroing goes, the tiles store; A with a pattern of its
   own: the nest as it was), the product C*D computed once in both, in
   doubles and floats for SpMM,GEMM: fibers and rows
   of every count (blocks of 4 and a shorter last one), column counts
   below, at and past a tile's 8 (16), one to many l, 1, 2 and 4
   threads, under the address sanitizer (the buffers hold 4 rows), agree
   with the unannotated loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fsanitize=address -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "csf-entries.h"

/* A 3-tensor keeping B's (i, j) fibers, a dense row of M values each.  */
typedef struct ccd
{
  int64_t dims[3];
  sf_pos_t *pos[2];
  sf_crd_t *crd[2];
  double *vals;
} ccd;
#pragma tensor format ccd dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), dense) values(vals)

#define SPTTM_ARGS const sf_csf3 *B, int64_t L, int64_t M,		\
		   const double (*C)[L], const double (*D)[M], ccd *A
#define SPTTM_BODY(PRAGMA)						\
  {									\
    PRAGMA								\
    for (sf_pos_t pi = B->pos[0][0]; pi < B->pos[0][1]; pi++)		\
      for (sf_pos_t pj = B->pos[1][pi]; pj < B->pos[1][pi + 1]; pj++)	\
	{								\
	  for (int64_t m = 0; m < M; m++)				\
	    A->vals[pj * M + m] = 0;					\
	  for (sf_pos_t pk = B->pos[2][pj]; pk < B->pos[2][pj + 1]; pk++) \
	    for (int64_t l = 0; l < L; l++)				\
	      for (int64_t m = 0; m < M; m++)				\
		A->vals[pj * M + m] += B->vals[pk] * C[B->crd[2][pk]][l]	\
				       * D[l][m];			\
	}								\
  }
static void spttm (SPTTM_ARGS)
SPTTM_BODY (_Pragma ("tensor A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m)"))
static void spttm_ref (SPTTM_ARGS)
SPTTM_BODY ()

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)
struct csrf { int n, m; int *pos, *crd; float *vals; };
#pragma tensor format struct csrf dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define GEMM_ARGS(T, S) const struct S *B, int K, int L,		\
			const T (*C)[K], const T (*D)[L], T (*A)[L]
#define GEMM_BODY(PRAGMA)						\
  {									\
    PRAGMA								\
    for (int i = 0; i < B->n; i++)					\
      for (int l = 0; l < L; l++)					\
	{								\
	  A[i][l] = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    for (int k = 0; k < K; k++)					\
	      A[i][l] += B->vals[p] * C[B->crd[p]][k] * D[k][l];	\
	}								\
  }
static void gemm (GEMM_ARGS (double, csr))
GEMM_BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)"))
static void gemm_ref (GEMM_ARGS (double, csr))
GEMM_BODY ()
static void gemmf (GEMM_ARGS (float, csrf))
GEMM_BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)"))
static void gemmf_ref (GEMM_ARGS (float, csrf))
GEMM_BODY ()

/* SpTTM,SpTTM on a random CSF of D0 x D1 x D2, A sharing B's pattern
   (SHARED) or holding a copy of it.  */
static void
run_spttm (int64_t d0, int64_t d1, int64_t d2, int shape, int64_t L,
	   int64_t M, int shared)
{
  sf_csf B;
  make_csf (&B, d0, d1, d2, shape, 900 + d0 + d1 + shape);
  int64_t nf = B.pos[1][B.pos[0][1]];
  double *C = gd_dense (d2 * L), *D = gd_dense (L * M);
  double *got = gd_dense (nf * M + 1), *want = GD_DUP (got, nf * M + 1);
  ccd A = { { d0, d1, M }, { B.pos[0], B.pos[1] }, { B.crd[0], B.crd[1] },
	    got };
  sf_pos_t *pos1 = NULL;
  sf_crd_t *crd1 = NULL;
  if (!shared)
    {
      pos1 = GD_COPY (sf_pos_t, B.pos[1], B.pos[0][1] + 1, 0);
      crd1 = GD_COPY (sf_crd_t, B.crd[1], nf, 0);
      A.pos[1] = pos1;
      A.crd[1] = crd1;
    }
  spttm (&B, L, M, (void *) C, (void *) D, &A);
  A.vals = want;
  spttm_ref (&B, L, M, (void *) C, (void *) D, &A);
  char what[160];
  snprintf (what, sizeof what, "spttm,spttm %lldx%lldx%lld (%s) L=%lld "
	    "M=%lld, %s pattern, %d threads", (long long) d0, (long long) d1,
	    (long long) d2, gd_shape_names[shape], (long long) L,
	    (long long) M, shared ? "B's" : "its own", omp_get_max_threads ());
  gd_compare_norm (what, got, want, nf * M);
  free (C), free (D), free (got), free (want), free (pos1), free (crd1);
  sf_csf_free (&B);
}

/* SpMM,GEMM on a random N x NC matrix, in doubles and floats.  */
static void
run_gemm (int n, int nc, int shape, int K, int L)
{
  sf_coo a;
  gd_coo (&a, 2, (int64_t[]) { n, nc }, shape, 1700 + n + shape);
  sf_csr r;
  sf_error err;
  gd_check (sf_coo_to_csr (&a, &r, &err), &err);
  struct csr B = { (int) r.nrows, (int) r.ncols,
		   GD_COPY (int, r.pos, r.nrows + 1, 0),
		   GD_COPY (int, r.crd, a.nnz, 0), GD_DUP (r.vals, a.nnz) };
  double *C = gd_dense ((int64_t) nc * K), *D = gd_dense ((int64_t) K * L);
  double *got = gd_dense ((int64_t) n * L), *want = GD_DUP (got, n * L);
  char what[160];
  snprintf (what, sizeof what, "spmm,gemm %dx%d K=%d L=%d, %d threads", n,
	    nc, K, L, omp_get_max_threads ());
  gemm (&B, K, L, (void *) C, (void *) D, (void *) got);
  gemm_ref (&B, K, L, (void *) C, (void *) D, (void *) want);
  gd_compare (what, shape, got, want, (int64_t) n * L);

  float *bf = gd_dense_float (a.nnz + 1), *cf = gd_dense_float (nc * K);
  float *df = gd_dense_float (K * L), *gf = gd_dense_float (n * L);
  float *wf = gd_dense_float (n * L);
  struct csrf Bf = { B.n, B.m, B.pos, B.crd, bf };
  gemmf (&Bf, K, L, (void *) cf, (void *) df, (void *) gf);
  gemmf_ref (&Bf, K, L, (void *) cf, (void *) df, (void *) wf);
  snprintf (what, sizeof what, "spmm,gemm floats %dx%d K=%d L=%d, %d "
	    "threads", n, nc, K, L, omp_get_max_threads ());
  gd_compare_float (what, shape, gf, wf, (int64_t) n * L);
  free (bf), free (cf), free (df), free (gf), free (wf);
  free (C), free (D), free (got), free (want);
  free (B.pos), free (B.crd), free (B.vals);
  sf_coo_free (&a), sf_csr_free (&r);
}

int
main (void)
{
  static const int64_t lm[][2] = { { 1, 1 }, { 5, 7 }, { 3, 8 }, { 32, 64 },
				   { 7, 19 }, { 2, 33 } };
  for (int t = 1; t <= 4; t *= 2)
    {
      omp_set_num_threads (t);
      for (unsigned e = 0; e < sizeof lm / sizeof lm[0]; e++)
	for (int shape = 0; shape < GD_NSHAPES; shape++)
	  for (int shared = 0; shared < 2; shared++)
	    {
	      run_spttm (3, 9, 11, shape, lm[e][0], lm[e][1], shared);
	      run_spttm (6, 30, 40, shape, lm[e][0], lm[e][1], shared);
	    }
      static const int kl[][2] = { { 1, 1 }, { 5, 8 }, { 16, 19 },
				   { 64, 64 }, { 3, 40 } };
      for (unsigned e = 0; e < sizeof kl / sizeof kl[0]; e++)
	for (int shape = 0; shape < GD_NSHAPES; shape++)
	  {
	    run_gemm (1, 3, shape, kl[e][0], kl[e][1]);
	    run_gemm (13, 22, shape, kl[e][0], kl[e][1]);
	    run_gemm (70, 45, shape, kl[e][0], kl[e][1]);
	  }
    }
  return sf_test_status ();
}

/* SpTTM,SpTTM: the fused schedule's fibers when A shares B's pattern
   (its other nest, A's positions searched, adds under a test: left
   alone) and the product C*D computed once; SpMM,GEMM in doubles and
   floats: the product C*D (its rows add into the zeroed w_jl; the fused
   schedule's product adds into an accumulated row: left alone).  Sums
   from zero stored into A's fibers; sums from w_jl's elements, stored
   back, for blocks whose output rows do not overlap.  */
/* { dg-final { scan-tree-dump-times "region 0 schedule: \[^\n\]*\\| products by a dense matrix in register tiles of 4 rows \\(2 loops\\)" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region \[12\] schedule: \[^\n\]*\\| products by a dense matrix in register tiles of 4 rows \\(1 loop\\)" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "/\[*\] novector: the loop itself is not vectorized \[*\]/\n *for \\(int64_t \[kl\]\[_0-9\]* = 0; \[kl\]\[_0-9\]* < C_ext1; \[kl\]\[_0-9\]*\\+\\+\\)" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "double acc\[_0-9\]* = 0\\.0;" 36 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "A_vals\\\[o_row\[_0-9\]* \\+ \\(m0\[_0-9\]* \\+ 7\\)\\\] = acc\[_0-9\]*;" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "float acc\[_0-9\]* = w_jl\[_0-9\]*\\\[o_row\[_0-9\]* \\+ \\(m0\[_0-9\]* \\+ 15\\)\\\];" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "if \\(j_3_end - j_3_first == 4 && \\(o_row \\+ D_ext1 <= o_row_2 \\|\\| o_row_2 \\+ D_ext1 <= o_row\\) && " 2 "sparsefuse" } } */
