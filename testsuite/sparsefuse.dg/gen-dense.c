/* Dense operands and scalars through the plugin: GEMM with a reduction
   loop the generated code splits into partial sums (extents around the
   unroll factor), GEMV with a column-major matrix, a float dot-product
   reduction per row, broadcasts, an outer product with an int scalar,
   and an order-3 contraction.  Each agrees with its unannotated copy.  */
/* { dg-do run } */
/* { dg-options "-O3 -march=native -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"

#define GEMM_BODY							\
  for (int i = 0; i < N; i++)						\
    for (int j = 0; j < M; j++)						\
      {									\
	double s = 0;							\
	for (int k = 0; k < K; k++)					\
	  s += A[i][k] * B[j][k];					\
	C[i][j] = s;							\
      }
static void gemm_ann (int N, int M, int K, double (*A)[K], double (*B)[K],
		      double (*C)[M])
{
#pragma tensor C(i,j) = A(i,k) * B(j,k) shape(A: N, K)
  GEMM_BODY
}
static void gemm_ref (int N, int M, int K, double (*A)[K], double (*B)[K],
		      double (*C)[M])
{ GEMM_BODY }

/* A is column-major: element (i,j) at A[i + j * n].  */
#define GEMV_BODY							\
  for (long i = 0; i < n; i++)						\
    {									\
      y[i] = 0;								\
      for (long j = 0; j < m; j++)					\
	y[i] += A[i + j * n] * x[j];					\
    }
static void gemv_ann (long n, long m, const double *A, const double *x,
		      double *y)
{
#pragma tensor y(i) = A(i,j) * x(j) shape(A: n, m) shape(y: n) shape(x: m) colmajor(A)
  GEMV_BODY
}
static void gemv_ref (long n, long m, const double *A, const double *x,
		      double *y)
{ GEMV_BODY }

#define DOT_BODY							\
  for (int i = 0; i < N; i++)						\
    {									\
      float s = 0;							\
      for (int k = 0; k < K; k++)					\
	s += X[i][k] * Y[i][k];						\
      d[i] = s;								\
    }
static void dot_ann (int N, int K, float (*X)[K], float (*Y)[K], float *d)
{
#pragma tensor d(i) = X(i,k) * Y(i,k) shape(d: N)
  DOT_BODY
}
static void dot_ref (int N, int K, float (*X)[K], float (*Y)[K], float *d)
{ DOT_BODY }

#define OUTER_BODY							\
  for (int i = 0; i < N; i++)						\
    for (int j = 0; j < M; j++)						\
      C[i][j] += x[i] * z[j] - c;
static void outer_ann (int N, int M, const double *x, const double *z, int c,
		       double (*C)[M])
{
#pragma tensor C(i,j) += x(i) * z(j) - c shape(x: N)
  OUTER_BODY
}
static void outer_ref (int N, int M, const double *x, const double *z, int c,
		       double (*C)[M])
{ OUTER_BODY }

#define BCAST_BODY							\
  for (int i = 0; i < N; i++)						\
    for (int j = 0; j < M; j++)						\
      C[i][j] = 2 * x[i] + alpha;
static void bcast_ann (int N, int M, const double *x, double alpha,
		       double (*C)[M])
{
#pragma tensor C(i,j) = 2 * x(i) + alpha shape(x: N)
  BCAST_BODY
}
static void bcast_ref (int N, int M, const double *x, double alpha,
		       double (*C)[M])
{ BCAST_BODY }

#define CONTRACT_BODY							\
  for (int i = 0; i < N; i++)						\
    for (int l = 0; l < 4; l++)						\
      {									\
	double s = 0;							\
	for (int j = 0; j < M; j++)					\
	  for (int k = 0; k < K; k++)					\
	    s += T[i][j][k] * W[l][j][k];				\
	C[i][l] = -s;							\
      }
static void contract_ann (int N, int M, int K, double (*T)[M][K],
			  double (*W)[M][K], double (*C)[4])
{
#pragma tensor C(i,l) = -(T(i,j,k) * W(l,j,k)) shape(W: 4, M, K) shape(T: N, M, K)
  CONTRACT_BODY
}
static void contract_ref (int N, int M, int K, double (*T)[M][K],
			  double (*W)[M][K], double (*C)[4])
{ CONTRACT_BODY }

static double *
alloc (long n)
{
  double *x = (double *) malloc ((size_t) (n + 1) * sizeof (double));
  sf_test_fill (x, n + 1);
  return x;
}

static void
run (int N, int M, int K)
{
  long big = (long) (N + 1) * (M + 1) * (K + 4);
  double *A = alloc (big), *B = alloc (big), *C = alloc (big);
  double *R = (double *) malloc ((size_t) (big + 1) * sizeof (double));
  memcpy (R, C, (size_t) (big + 1) * sizeof (double));
  char what[64];
  snprintf (what, sizeof what, "%dx%dx%d", N, M, K);
  gemm_ann (N, M, K, (void *) A, (void *) B, (void *) C);
  gemm_ref (N, M, K, (void *) A, (void *) B, (void *) R);
  sf_test_compare (what, C, R, (long) N * M, 1e-12);
  gemv_ann (N, M, A, B, C), gemv_ref (N, M, A, B, R);
  sf_test_compare (what, C, R, N, 1e-12);
  float *X = (float *) malloc ((size_t) big * sizeof (float));
  float *Y = (float *) malloc ((size_t) big * sizeof (float));
  float *d = (float *) malloc ((size_t) big * sizeof (float));
  float *e = (float *) malloc ((size_t) big * sizeof (float));
  sf_test_fill_float (X, big), sf_test_fill_float (Y, big);
  dot_ann (N, K, (void *) X, (void *) Y, d);
  dot_ref (N, K, (void *) X, (void *) Y, e);
  sf_test_compare_float (what, d, e, N, 1e-4);
  outer_ann (N, M, A, B, 3, (void *) C), outer_ref (N, M, A, B, 3, (void *) R);
  sf_test_compare (what, C, R, (long) N * M, 1e-12);
  bcast_ann (N, M, A, 0.5, (void *) C), bcast_ref (N, M, A, 0.5, (void *) R);
  sf_test_compare (what, C, R, (long) N * M, 1e-12);
  contract_ann (N, M, K, (void *) A, (void *) B, (void *) C);
  contract_ref (N, M, K, (void *) A, (void *) B, (void *) R);
  sf_test_compare (what, C, R, (long) N * 4, 1e-12);
  free (A), free (B), free (C), free (R), free (X), free (Y), free (d);
  free (e);
}

int
main (void)
{
  static const int sizes[][3] = {
    { 1, 1, 1 }, { 3, 5, 7 }, { 4, 4, 8 }, { 5, 3, 9 }, { 2, 7, 15 },
    { 3, 2, 16 }, { 6, 9, 17 }, { 9, 6, 64 }, { 2, 3, 70 }, { 0, 3, 9 },
    { 3, 0, 9 }, { 3, 4, 0 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    run (sizes[s][0], sizes[s][1], sizes[s][2]);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "k_blocks = " "sparsefuse" } } */
