/* Two consecutive annotated statements sharing a local intermediate are
   fused as one program (docs/fusion.md, "Consecutive regions"):
     T(i,k) = B(i,j) * C(j,k);  A(i,l) = T(i,k) * D(k,l)
   becomes SpMM,GEMM with a K-vector workspace, and T is never written.
   Each variant agrees with its unannotated copy, on random matrices of
   every shape and on the real ones of the data folder:
     chain      T a VLA, the common case;
     fixed      T an array of constant size;
     square     T read twice, A(i,k) = T(i,k) * T(i,k): each copy of the
                substituted sum sums on its own;
     steps      both statements inside a time-step loop, A fed back;
     scaled     a scalar and a subtraction in the first statement.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define SPMM(T, B, C, K)						\
  for (int i = 0; i < (B)->n; i++)					\
    for (int k = 0; k < (K); k++)					\
      {									\
	T[i][k] = 0;							\
	for (int p = (B)->pos[i]; p < (B)->pos[i + 1]; p++)		\
	  T[i][k] += (B)->vals[p] * C[(B)->crd[p]][k];			\
      }

#define GEMM(A, T, D, N, K, L)						\
  for (int i = 0; i < (N); i++)						\
    for (int l = 0; l < (L); l++)					\
      {									\
	A[i][l] = 0;							\
	for (int k = 0; k < (K); k++)					\
	  A[i][l] += T[i][k] * D[k][l];					\
      }

#define CHAIN_BODY(PRAGMA1, PRAGMA2)					\
  {									\
    double T[B->n][K];							\
    PRAGMA1								\
    SPMM (T, B, C, K)							\
    PRAGMA2								\
    GEMM (A, T, D, B->n, K, L)						\
  }
#define P_SPMM _Pragma ("tensor T(i,k) = B(i,j) * C(j,k)")
#define P_GEMM _Pragma ("tensor A(i,l) = T(i,k) * D(k,l)")
static void chain_ann (const struct csr *B, int K, int L, double (*C)[K],
		       double (*D)[L], double (*A)[L])
CHAIN_BODY (P_SPMM, P_GEMM)
static void chain_ref (const struct csr *B, int K, int L, double (*C)[K],
		       double (*D)[L], double (*A)[L])
CHAIN_BODY (, )

/* Constant extents: B is at most 32 x 32, K = 6, L = 5.  */
#define FIXED_BODY(PRAGMA1, PRAGMA2)					\
  {									\
    double T[32][6];							\
    PRAGMA1								\
    SPMM (T, B, C, 6)							\
    PRAGMA2								\
    GEMM (A, T, D, B->n, 6, 5)						\
  }
static void fixed_ann (const struct csr *B, double (*C)[6], double (*D)[5],
		       double (*A)[5])
FIXED_BODY (P_SPMM, _Pragma ("tensor A(i,l) = T(i,k) * D(k,l) shape(T: B->n, 6)"))
static void fixed_ref (const struct csr *B, double (*C)[6], double (*D)[5],
		       double (*A)[5])
FIXED_BODY (, )

#define SQUARE_BODY(PRAGMA1, PRAGMA2)					\
  {									\
    double T[B->n][K];							\
    PRAGMA1								\
    SPMM (T, B, C, K)							\
    PRAGMA2								\
    for (int i = 0; i < B->n; i++)					\
      for (int k = 0; k < K; k++)					\
	A[i][k] = T[i][k] * T[i][k];					\
  }
static void square_ann (const struct csr *B, int K, double (*C)[K],
			double (*A)[K])
SQUARE_BODY (P_SPMM, _Pragma ("tensor A(i,k) = T(i,k) * T(i,k)"))
static void square_ref (const struct csr *B, int K, double (*C)[K],
			double (*A)[K])
SQUARE_BODY (, )

/* X <- B * X * D, three times: the second statement's output is copied
   back into the first statement's input for the next step.  */
#define STEPS_BODY(PRAGMA1, PRAGMA2)					\
  {									\
    for (int s = 0; s < 3; s++)						\
      {									\
	double T[B->n][K];						\
	PRAGMA1								\
	SPMM (T, B, X, K)						\
	PRAGMA2								\
	GEMM (A, T, D, B->n, K, K)					\
	for (int i = 0; i < B->n; i++)					\
	  for (int k = 0; k < K; k++)					\
	    X[i][k] = A[i][k] / (1 + A[i][k] * A[i][k]);		\
      }									\
  }
static void steps_ann (const struct csr *B, int K, double (*D)[K],
		       double (*X)[K], double (*A)[K])
STEPS_BODY (_Pragma ("tensor T(i,k) = B(i,j) * X(j,k)"), P_GEMM)
static void steps_ref (const struct csr *B, int K, double (*D)[K],
		       double (*X)[K], double (*A)[K])
STEPS_BODY (, )

#define SCALED_BODY(PRAGMA1, PRAGMA2)					\
  {									\
    double T[B->n][K];							\
    PRAGMA1								\
    for (int i = 0; i < B->n; i++)					\
      for (int k = 0; k < K; k++)					\
	{								\
	  double s = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    s += B->vals[p] * C[B->crd[p]][k];				\
	  T[i][k] = alpha * s - E[i][k];				\
	}								\
    PRAGMA2								\
    GEMM (A, T, D, B->n, K, L)						\
  }
static void scaled_ann (const struct csr *B, int K, int L, double alpha,
			double (*C)[K], double (*E)[K], double (*D)[L],
			double (*A)[L])
SCALED_BODY (_Pragma ("tensor T(i,k) = alpha * B(i,j) * C(j,k) - E(i,k)"),
	     P_GEMM)
static void scaled_ref (const struct csr *B, int K, int L, double alpha,
			double (*C)[K], double (*E)[K], double (*D)[L],
			double (*A)[L])
SCALED_BODY (, )

/* Three statements in a row.  The pass meets the first pair first, but
   the third statement's prepared fused code (2 * (T*D)) reads T, so T is
   used outside the first pair: the first statement stays on its own and
   the last two are fused.  Either way each intermediate is computed
   exactly when something still reads it.  */
#define CHAIN3_BODY(PRAGMA1, PRAGMA2, PRAGMA3)				\
  {									\
    double T[B->n][K], U[B->n][L];					\
    PRAGMA1								\
    SPMM (T, B, C, K)							\
    PRAGMA2								\
    GEMM (U, T, D, B->n, K, L)						\
    PRAGMA3								\
    for (int i = 0; i < B->n; i++)					\
      for (int l = 0; l < L; l++)					\
	A[i][l] = 2 * U[i][l];						\
  }
static void chain3_ann (const struct csr *B, int K, int L, double (*C)[K],
			double (*D)[L], double (*A)[L])
CHAIN3_BODY (P_SPMM, _Pragma ("tensor U(i,l) = T(i,k) * D(k,l)"),
	     _Pragma ("tensor A(i,l) = 2 * U(i,l)"))
static void chain3_ref (const struct csr *B, int K, int L, double (*C)[K],
			double (*D)[L], double (*A)[L])
CHAIN3_BODY (, , )

static void
to_csr (struct csr *s, const sf_coo *a)
{
  sf_csr r;
  sf_error err;
  gd_check (sf_coo_to_csr (a, &r, &err), &err);
  s->n = (int) r.nrows, s->m = (int) r.ncols;
  s->pos = GD_COPY (int, r.pos, r.nrows + 1, 0);
  s->crd = GD_COPY (int, r.crd, a->nnz, 0);
  s->vals = GD_DUP (r.vals, a->nnz);
  sf_csr_free (&r);
}

/* Run every variant on B (N x M) with dense extents K, L; WHAT names the
   data.  */
static void
run_csr (const char *what, int shape, const struct csr *B, int K, int L)
{
  int n = B->n, m = B->m, big = (n > m ? n : m) + K + L + 1;
  double *C = gd_dense ((int64_t) big * K), *D = gd_dense ((int64_t) big * L);
  double *E = gd_dense ((int64_t) big * K);
  double *A = gd_dense ((int64_t) big * (K > L ? K : L));
  double *R = GD_DUP (A, (int64_t) big * (K > L ? K : L));
  char name[200];
  snprintf (name, sizeof name, "chain %s", what);
  chain_ann (B, K, L, (void *) C, (void *) D, (void *) A);
  chain_ref (B, K, L, (void *) C, (void *) D, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) n * L);
  snprintf (name, sizeof name, "chain3 %s", what);
  chain3_ann (B, K, L, (void *) C, (void *) D, (void *) A);
  chain3_ref (B, K, L, (void *) C, (void *) D, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) n * L);
  if (n <= 32)
    {
      snprintf (name, sizeof name, "fixed %s", what);
      fixed_ann (B, (void *) C, (void *) D, (void *) A);
      fixed_ref (B, (void *) C, (void *) D, (void *) R);
      gd_compare_norm (name, A, R, (int64_t) n * 5);
    }
  snprintf (name, sizeof name, "square %s", what);
  square_ann (B, K, (void *) C, (void *) A);
  square_ref (B, K, (void *) C, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) n * K);
  if (n == m)
    {
      snprintf (name, sizeof name, "steps %s", what);
      double *X = GD_DUP (C, (int64_t) big * K);
      steps_ann (B, K, (void *) D, (void *) C, (void *) A);
      steps_ref (B, K, (void *) D, (void *) X, (void *) R);
      gd_compare_norm (name, C, X, (int64_t) n * K);
      gd_compare_norm (name, A, R, (int64_t) n * K);
      free (X);
    }
  snprintf (name, sizeof name, "scaled %s", what);
  scaled_ann (B, K, L, 0.75, (void *) C, (void *) E, (void *) D, (void *) A);
  scaled_ref (B, K, L, 0.75, (void *) C, (void *) E, (void *) D, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) n * L);
  (void) shape;
  free (C), free (D), free (E), free (A), free (R);
}

static void
free_csr (struct csr *s)
{
  free (s->pos), free (s->crd), free (s->vals);
}

int
main (void)
{
  static const int sizes[][2] = { { 13, 17 }, { 1, 1 }, { 20, 3 }, { 0, 6 },
				  { 25, 25 }, { 32, 32 } };
  for (int threads = 1; threads <= 4; threads *= 2)
    {
      omp_set_num_threads (threads);
      for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
	for (int shape = 0; shape < GD_NSHAPES; shape++)
	  {
	    sf_coo a;
	    gd_coo (&a, 2, (int64_t[]) { sizes[s][0], sizes[s][1] }, shape,
		    100 + s);
	    struct csr B;
	    to_csr (&B, &a);
	    char what[80];
	    snprintf (what, sizeof what, "%dx%d %s, %d threads", sizes[s][0],
		      sizes[s][1], gd_shape_names[shape], threads);
	    run_csr (what, shape, &B, 6, 5);
	    free_csr (&B);
	    sf_coo_free (&a);
	  }
    }
#ifdef SF_DATA_DIR
  {
    char path[1024];
    snprintf (path, sizeof path, "%s/matrices/bcsstk13.mtx", SF_DATA_DIR);
    sf_coo a;
    sf_error err;
    /* Without the data folder only the random matrices run.  */
    if (sf_read_mtx (path, &a, &err) == 0)
	{
	  gd_check (sf_coo_sum_duplicates (&a, &err), &err);
	  struct csr B;
	  to_csr (&B, &a);
	  omp_set_num_threads (2);
	  run_csr ("bcsstk13, 2 threads", 0, &B, 16, 8);
	  free_csr (&B);
	  sf_coo_free (&a);
	}
  }
#endif
  return sf_test_status ();
}

/* Every pair is fused: chain, fixed, square, steps, scaled, and the last
   two of chain3.  */
/* { dg-final { scan-tree-dump-times "region \[0-9\]+ fused into region \[0-9\]+: T\\(i,k\\) = " 5 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region \[0-9\]+ fused into region \[0-9\]+: U\\(i,l\\) = T\\(i,k\\) \\* D\\(k,l\\)" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "not fused with region \[0-9\]+: the intermediate is used outside the two regions" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "fused with region \[0-9\]+: A\\(i,l\\) = B\\(i,j\\) \\* C\\(j,k\\) \\* D\\(k,l\\)" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "fused with region \[0-9\]+: A\\(i,k\\) = B\\(i,j\\) \\* C\\(j,k\\) \\* \\(B\\(i,j1\\) \\* C\\(j1,k\\)\\)" "sparsefuse" } } */
/* SpMM,GEMM: the K-vector workspace, not T.  */
/* { dg-final { scan-tree-dump-times "where w_k: rank 1, size \\|k\\|, heap, fused over i" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "not fused" 1 "sparsefuse" } } */
