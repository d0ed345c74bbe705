/* Register tiles (core/opt/tiles.c, docs/fusion.md "Register tiles"):
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
/* { dg-options "-O2 -fopenmp -fsanitize=address -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-dispatch=all" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "csf-entries.h"
#include "pick-log.h"

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
#define GEMM_BODY(T, PRAGMA, OP)					\
  {									\
    PRAGMA								\
    for (int i = 0; i < B->n; i++)					\
      for (int l = 0; l < L; l++)					\
	{								\
	  T s = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    for (int k = 0; k < K; k++)					\
	      s += B->vals[p] * C[B->crd[p]][k] * D[k][l];		\
	  A[i][l] OP s;							\
	}								\
  }
static void gemm (GEMM_ARGS (double, csr))
GEMM_BODY (double, _Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)"), =)
static void gemm_ref (GEMM_ARGS (double, csr))
GEMM_BODY (double, , =)
static void gemm_acc (GEMM_ARGS (double, csr))
GEMM_BODY (double, _Pragma ("tensor A(i,l) += B(i,j) * C(j,k) * D(k,l)"), +=)
static void gemm_acc_ref (GEMM_ARGS (double, csr))
GEMM_BODY (double, , +=)
static void gemmf (GEMM_ARGS (float, csrf))
GEMM_BODY (float, _Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)"), =)
static void gemmf_ref (GEMM_ARGS (float, csrf))
GEMM_BODY (float, , =)

/* SDDMM,SpMM,GEMM (gnn-body.h): the fused schedule's product by F adds
   into an accumulated row, copied into A's row after.  */
#include "gnn-body.h"
static void chain (CHAIN_ARGS)
CHAIN_BODY (_Pragma ("tensor A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m)"))
static void chain_ref (CHAIN_ARGS)
CHAIN_BODY ()

/* The run-time picks of the SpMM,GEMM regions seen, a bit each.  */
static FILE *picks;
static unsigned seen_gemm, seen_acc;

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

/* SpMM,GEMM on a random N x NC matrix, in doubles ("=" and "+=") and
   floats; SDDMM,SpMM,GEMM on it with L = K.  */
static void
run_gemm (int n, int nc, int shape, int K, int L)
{
  struct csr B;
  GD_MAKE_CSR (&B, n, nc, shape, 1700 + n + shape);
  double *C = gd_dense ((int64_t) nc * K), *D = gd_dense ((int64_t) K * L);
  double *got = gd_dense ((int64_t) n * L), *want = GD_DUP (got, n * L);
  char what[160];
  snprintf (what, sizeof what, "spmm,gemm %dx%d K=%d L=%d, %d threads", n,
	    nc, K, L, omp_get_max_threads ());
  long at = ftell (picks);
  gemm (&B, K, L, (void *) C, (void *) D, (void *) got);
  int pick = pick_read (picks, at);
  seen_gemm |= pick >= 0 ? 1u << pick : 0;
  gemm_ref (&B, K, L, (void *) C, (void *) D, (void *) want);
  gd_compare_norm (what, got, want, (int64_t) n * L);
  strcat (what, ", +=");
  at = ftell (picks);
  gemm_acc (&B, K, L, (void *) C, (void *) D, (void *) got);
  pick = pick_read (picks, at);
  seen_acc |= pick >= 0 ? 1u << pick : 0;
  gemm_acc_ref (&B, K, L, (void *) C, (void *) D, (void *) want);
  gd_compare_norm (what, got, want, (int64_t) n * L);

  int big = n > nc ? n : nc;
  double *Cc = gd_dense ((int64_t) big * K), *Dc = gd_dense ((int64_t) big * K);
  double *Ec = gd_dense ((int64_t) big * K), *Fc = gd_dense ((int64_t) K * L);
  double *Ac = gd_dense ((int64_t) n * L), *Rc = GD_DUP (Ac, n * L);
  chain (&B, K, K, L, (void *) Cc, (void *) Dc, (void *) Ec, (void *) Fc,
	 (void *) Ac);
  chain_ref (&B, K, K, L, (void *) Cc, (void *) Dc, (void *) Ec, (void *) Fc,
	     (void *) Rc);
  snprintf (what, sizeof what, "sddmm,spmm,gemm %dx%d K=L=%d M=%d, %d "
	    "threads", n, nc, K, L, omp_get_max_threads ());
  gd_compare_norm (what, Ac, Rc, (int64_t) n * L);
  free (Cc), free (Dc), free (Ec), free (Fc), free (Ac), free (Rc);

  free (C), free (D), free (got), free (want);
  if (nc > 100)
    {
      /* Sums of thousands of single precision terms: the copy's own
	 rounding is past any tolerance.  */
      free (B.pos), free (B.crd), free (B.vals);
      return;
    }
  float *bf = gd_dense_float (B.pos[B.n] + 1), *cf = gd_dense_float (nc * K);
  float *df = gd_dense_float (K * L), *gf = gd_dense_float (n * L);
  float *wf = gd_dense_float (n * L);
  struct csrf Bf = { B.n, B.m, B.pos, B.crd, bf };
  gemmf (&Bf, K, L, (void *) cf, (void *) df, (void *) gf);
  gemmf_ref (&Bf, K, L, (void *) cf, (void *) df, (void *) wf);
  snprintf (what, sizeof what, "spmm,gemm floats %dx%d K=%d L=%d, %d "
	    "threads", n, nc, K, L, omp_get_max_threads ());
  gd_compare_float (what, shape, gf, wf, (int64_t) n * L);
  free (bf), free (cf), free (df), free (gf), free (wf);
  free (B.pos), free (B.crd), free (B.vals);
}

int
main (void)
{
  picks = pick_log_open ();
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
	    /* Wide: the fused schedule (C*D first would take a row of
	       C*D per column).  */
	    run_gemm (9, 4000, shape, kl[e][0], kl[e][1]);
	  }
    }
  /* Both schedules with tiles ran: 1 fused, 2 C*D first.  */
  pick_expect ("spmm,gemm: fused picked", (seen_gemm >> 1) & 1, 1);
  pick_expect ("spmm,gemm: C*D first picked", (seen_gemm >> 2) & 1, 1);
  pick_expect ("spmm,gemm +=: fused picked", (seen_acc >> 1) & 1, 1);
  return sf_test_status ();
}

/* SpTTM,SpTTM: the fused schedule's fibers when A shares B's pattern
   (its other nest, A's positions searched, adds under a test: left
   alone) and the product C*D computed once.  SpMM,GEMM ("=", "+=",
   floats): the product C*D (its rows add into the zeroed w_jl) and the
   fused schedule's product into the accumulated row r_l, copied into
   A's row after.  SDDMM,SpMM,GEMM: E*F computed once, and the fused
   schedule's product by F, in the row phases' second phase too.  Sums
   from zero stored into A's fibers and rows; sums from w_jl's elements,
   stored back, and sums added to A's elements read before the stores
   ("+="), for blocks whose output rows do not overlap.  */
/* { dg-final { scan-tree-dump-times "region 0 schedule: \[^\n\]*\\| products by a dense matrix in register tiles of 4 rows \\(2 loops\\)" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region \[123\] schedule: \[^\n\]*\\| products by a dense matrix in register tiles of 4 rows \\(2 loops\\)" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 4 schedule: \[^\n\]*\\| products by a dense matrix in register tiles of 4 rows \\(3 loops\\)" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "/\[*\] novector: the loop itself is not vectorized \[*\]/\n *for \\(int64_t \[kl\]\[_0-9\]* = 0; \[kl\]\[_0-9\]* < \[CE\]_ext1; \[kl\]\[_0-9\]*\\+\\+\\)" 11 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "A_vals\\\[o_row\[_0-9\]* \\+ \\(m0\[_0-9\]* \\+ 7\\)\\\] = acc\[_0-9\]*;" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "float acc\[_0-9\]* = w_jl\[_0-9\]*\\\[o_row\[_0-9\]* \\+ \\(m0\[_0-9\]* \\+ 15\\)\\\];" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "A\\\[o_row\[_0-9\]* \\+ \\(m0\[_0-9\]* \\+ 7\\)\\\] = was\[_0-9\]* \\+ acc\[_0-9\]*;" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "int64_t tile_use\[_0-9\]* = tile_end\[_0-9\]* - tile_first\[_0-9\]* == 4 && \[0-9\]+ <= D_ext1 && \\(o_row\[_0-9\]* \\+ D_ext1 <= o_row\[_0-9\]* \\|\\| o_row\[_0-9\]* \\+ D_ext1 <= o_row\[_0-9\]*\\) && " 4 "sparsefuse" } } */
