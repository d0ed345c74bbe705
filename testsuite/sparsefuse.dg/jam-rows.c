/* Loops whose body is one dense loop accumulating into a row are
   unrolled by two and jammed (core/opt/jam.c): SpMM's row update,
   SpMM,GEMM's producer into its workspace and its consumer, the same
   with a 1-based struct and with floats.  Rows of every length (empty, one
   entry, odd, even) must agree with the unannotated loop, and the dump
   must show the jammed loop with the barrier that keeps GCC from jamming
   it again.  The jam keeps the order of the additions into each element,
   so the results are compared with the element-wise test.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)
struct csr1 { long n, m; long *ia, *ja; double *a; };
#pragma tensor format struct csr1 dims(n, m) levels(dense, compressed(ia, ja)) values(a) base(1)
struct csrf { int n, m; int *pos, *crd; float *vals; };
#pragma tensor format struct csrf dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define SPMM_BODY(PRAGMA, POS, CRD, VALS, BASE)				\
  {									\
    PRAGMA								\
    for (int i = 0; i < B->n; i++)					\
      for (int k = 0; k < K; k++)					\
	{								\
	  A[i][k] = 0;							\
	  for (long p = B->POS[i] - BASE; p < B->POS[i + 1] - BASE; p++) \
	    A[i][k] += B->VALS[p] * C[B->CRD[p] - BASE][k];		\
	}								\
  }
static void spmm_ann (const struct csr *B, int K, double (*C)[K],
		      double (*A)[K])
SPMM_BODY (_Pragma ("tensor A(i,k) = B(i,j) * C(j,k)"), pos, crd, vals, 0)
static void spmm_ref (const struct csr *B, int K, double (*C)[K],
		      double (*A)[K])
SPMM_BODY (, pos, crd, vals, 0)
static void spmm1_ann (const struct csr1 *B, int K, double (*C)[K],
		       double (*A)[K])
SPMM_BODY (_Pragma ("tensor A(i,k) = B(i,j) * C(j,k)"), ia, ja, a, 1)
static void spmm1_ref (const struct csr1 *B, int K, double (*C)[K],
		       double (*A)[K])
SPMM_BODY (, ia, ja, a, 1)

static void spmmf_ann (const struct csrf *B, int K, float (*C)[K],
		       float (*A)[K])
SPMM_BODY (_Pragma ("tensor A(i,k) = B(i,j) * C(j,k)"), pos, crd, vals, 0)
static void spmmf_ref (const struct csrf *B, int K, float (*C)[K],
		       float (*A)[K])
SPMM_BODY (, pos, crd, vals, 0)

#define CHAIN_BODY(PRAGMA)						\
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
static void chain_ann (const struct csr *B, int K, int L, double (*C)[K],
		       double (*D)[L], double (*A)[L])
CHAIN_BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) schedule(auto)"))
static void chain_ref (const struct csr *B, int K, int L, double (*C)[K],
		       double (*D)[L], double (*A)[L])
CHAIN_BODY ()

static void
run (const char *what, int shape, const struct csr *B, int K, int L)
{
  int big = (B->n > B->m ? B->n : B->m) + 1;
  double *C = gd_dense ((int64_t) big * K), *D = gd_dense ((int64_t) K * L);
  double *A = gd_dense ((int64_t) big * (K > L ? K : L));
  double *R = GD_DUP (A, (int64_t) big * (K > L ? K : L));
  char name[200];
  snprintf (name, sizeof name, "spmm %s", what);
  spmm_ann (B, K, (void *) C, (void *) A);
  spmm_ref (B, K, (void *) C, (void *) R);
  gd_compare (name, shape, A, R, (int64_t) B->n * K);

  struct csr1 B1 = { B->n, B->m, malloc (sizeof (long) * (B->n + 1)),
		     malloc (sizeof (long) * (B->pos[B->n] + 1)), B->vals };
  for (int i = 0; i <= B->n; i++)
    B1.ia[i] = B->pos[i] + 1;
  for (int p = 0; p < B->pos[B->n]; p++)
    B1.ja[p] = B->crd[p] + 1;
  snprintf (name, sizeof name, "spmm base(1) %s", what);
  spmm1_ann (&B1, K, (void *) C, (void *) A);
  spmm1_ref (&B1, K, (void *) C, (void *) R);
  gd_compare (name, shape, A, R, (int64_t) B->n * K);
  free (B1.ia), free (B1.ja);

  float *vf = malloc (sizeof (float) * (B->pos[B->n] + 1));
  float *Cf = gd_dense_float ((int64_t) big * K);
  float *Af = gd_dense_float ((int64_t) big * K);
  float *Rf = malloc (sizeof (float) * (size_t) big * K);
  for (int p = 0; p < B->pos[B->n]; p++)
    vf[p] = (float) B->vals[p];
  struct csrf Bf = { B->n, B->m, B->pos, B->crd, vf };
  snprintf (name, sizeof name, "spmm float %s", what);
  spmmf_ann (&Bf, K, (void *) Cf, (void *) Af);
  spmmf_ref (&Bf, K, (void *) Cf, (void *) Rf);
  gd_compare_float (name, shape, Af, Rf, (int64_t) B->n * K);
  free (vf), free (Cf), free (Af), free (Rf);

  snprintf (name, sizeof name, "spmm,gemm %s", what);
  chain_ann (B, K, L, (void *) C, (void *) D, (void *) A);
  chain_ref (B, K, L, (void *) C, (void *) D, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) B->n * L);
  free (C), free (D), free (A), free (R);
}

int
main (void)
{
  /* Row lengths 0 to about 30, odd and even, for every shape.  */
  static const int sizes[][2] = { { 1, 1 }, { 7, 2 }, { 13, 17 },
				  { 30, 31 }, { 40, 9 } };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	sf_coo a;
	gd_coo (&a, 2, (int64_t[]) { sizes[s][0], sizes[s][1] }, shape,
		300 + s);
	sf_csr r;
	sf_error err;
	gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	struct csr B = { (int) r.nrows, (int) r.ncols,
			 GD_COPY (int, r.pos, r.nrows + 1, 0),
			 GD_COPY (int, r.crd, a.nnz, 0), GD_DUP (r.vals, a.nnz) };
	char what[80];
	snprintf (what, sizeof what, "%dx%d", sizes[s][0], sizes[s][1]);
	run (what, shape, &B, 5, 3);
	run (what, shape, &B, 8, 16);
	free (B.pos), free (B.crd), free (B.vals);
	sf_csr_free (&r);
	sf_coo_free (&a);
      }
  return sf_test_status ();
}

/* Four regions, each with one jammed loop over entries and its barrier;
   the fused one takes its consumer's product by D in register tiles
   (opt/tiles.c) instead of jamming its dense loop over k.  The
   SpMM,GEMM region's single nest, never predicted 1.5x faster than the
   fused schedule, is not emitted beside it (docs/scheduling.md, "The
   run-time choice"): 4.  */
/* { dg-final { scan-tree-dump-times "__asm__ __volatile__" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule fused" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "products by a dense matrix in register tiles of 4 rows \\(1 loop\\)" 1 "sparsefuse" } } */
