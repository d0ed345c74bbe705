/* The test at a region's entry: the extents the annotation equates, and
   the loop bounds the checker bound to its extents, must hold for the
   program's data, or the original statement runs.  Each function is
   called once with data that keep the promises and once with data that
   break them (fewer rows than the matrix has, a shape clause that
   disagrees with the struct); both calls agree with the unannotated
   copy.  Without the test the generated code would write rows the loop
   leaves alone.  The contexts: a parameter and a variable of the file as
   the bound, inside a parallel region, an orphaned 'omp for', two fused
   regions.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

#define ROW(I)								\
  {									\
    y[I] = 0;								\
    for (int p = A->rowptr[I]; p < A->rowptr[(I) + 1]; p++)		\
      y[I] += A->vals[p] * x[A->colidx[p]];				\
  }

/* A loop bound the annotation does not name: the checker binds it to
   the extent of i.  */
TWINS (rows, (const struct csr *A, const double *x, double *y, int n),
       _Pragma ("tensor y(i) = A(i,j) * x(j)"),
       {
	 for (int i = 0; i < n; i++)
	   ROW (i)
       })

/* Shape clauses beside the struct's dims.  */
TWINS (shapes, (const struct csr *A, const double *x, double *y, long nx,
		long ny),
       _Pragma ("tensor y(i) = A(i,j) * x(j) shape(x: nx) shape(y: ny)"),
       {
	 for (long i = 0; i < ny; i++)
	   ROW (i)
       })

/* An array larger than the index needs: the test is "at most".  */
static double xpad[64];

TWINS (padded, (const struct csr *A, double *y),
       _Pragma ("tensor y(i) = A(i,j) * xpad(j)"),
       {
	 double *x = xpad;
	 for (int i = 0; i < A->n; i++)
	   ROW (i)
       })

/* Inside a parallel region, work-shared: every thread takes the same
   branch.  */
static void
omp_rows (int ann, const struct csr *A, const double *x, double *y, int n)
{
#pragma omp parallel
  {
    if (ann)
      {
#pragma tensor y(i) = A(i,j) * x(j)
#pragma omp for
	for (int i = 0; i < n; i++)
	  ROW (i)
      }
    else
#pragma omp for
      for (int i = 0; i < n; i++)
	ROW (i)
  }
}

/* A loop bound in a variable of the file, as legacy code keeps it.  */
static int nrows_now;

TWINS (global_rows, (const struct csr *A, const double *x, double *y),
       _Pragma ("tensor y(i) = A(i,j) * x(j)"),
       {
	 for (int i = 0; i < nrows_now; i++)
	   ROW (i)
       })

/* An orphaned 'omp for': the caller's parallel region runs it.  */
static void
orphan_rows (int ann, const struct csr *A, const double *x, double *y, int n)
{
  if (ann)
    {
#pragma tensor y(i) = A(i,j) * x(j)
#pragma omp for
      for (int i = 0; i < n; i++)
	ROW (i)
    }
  else
    {
#pragma omp for
      for (int i = 0; i < n; i++)
	ROW (i)
    }
}

/* Two regions fused through a local intermediate: the second one's loop
   bound is tested, and when it fails both original statements run.  */
#define CHAIN_BODY(P1, P2)						\
  {									\
    double T[A->n][K];							\
    P1									\
    for (int i = 0; i < A->n; i++)					\
      for (int k = 0; k < K; k++)					\
	{								\
	  T[i][k] = 0;							\
	  for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)		\
	    T[i][k] += A->vals[p] * C[A->colidx[p] * K + k];		\
	}								\
    P2									\
    for (int i = 0; i < n; i++)						\
      for (int l = 0; l < L; l++)					\
	{								\
	  y[i * L + l] = 0;						\
	  for (int k = 0; k < K; k++)					\
	    y[i * L + l] += T[i][k] * D[k * L + l];			\
	}								\
  }

static void
chain_ann (const struct csr *A, int K, int L, const double *C,
	   const double *D, double *y, int n)
CHAIN_BODY (_Pragma ("tensor T(i,k) = A(i,j) * C(j,k) shape(C: A->m, K)"),
	    _Pragma ("tensor y(i,l) = T(i,k) * D(k,l) shape(D: K, L) shape(y: A->n, L)"))

static void
chain_ref (const struct csr *A, int K, int L, const double *C,
	   const double *D, double *y, int n)
CHAIN_BODY (, )

/* A CSR matrix of N rows and M columns from sf_test_pattern.  */
static struct csr
make_csr (int n, int m, double density)
{
  struct csr A = { n, m, NULL, NULL, NULL };
  sf_test_pattern_int (n, m, density, &A.rowptr, &A.colidx, &A.vals);
  return A;
}

int
main (void)
{
  enum { N = 40, M = 30 };
  struct csr A = make_csr (N, M, 0.2);
  double x[M], y1[N], y2[N];
  sf_test_fill (x, M);
  sf_test_fill (xpad, 64);

  for (int n = N; n >= N - 7; n -= 7)
    {
      for (int k = 0; k < N; k++)
	y1[k] = y2[k] = 100 + k;
      rows_ann (&A, x, y1, n);
      rows_ref (&A, x, y2, n);
      sf_test_compare (n == N ? "rows, all" : "rows, fewer", y1, y2, N,
		       1e-12);

      for (int k = 0; k < N; k++)
	y1[k] = y2[k] = 100 + k;
      shapes_ann (&A, x, y1, M, n);
      shapes_ref (&A, x, y2, M, n);
      sf_test_compare (n == N ? "shapes, agreeing" : "shapes, disagreeing",
		       y1, y2, N, 1e-12);

      for (int k = 0; k < N; k++)
	y1[k] = y2[k] = 100 + k;
      nrows_now = n;
      global_rows_ann (&A, x, y1);
      global_rows_ref (&A, x, y2);
      sf_test_compare (n == N ? "global, all" : "global, fewer", y1, y2, N,
		       1e-12);

      for (int k = 0; k < N; k++)
	y1[k] = y2[k] = 100 + k;
#pragma omp parallel
      orphan_rows (1, &A, x, y1, n);
#pragma omp parallel
      orphan_rows (0, &A, x, y2, n);
      sf_test_compare (n == N ? "orphan, all" : "orphan, fewer", y1, y2, N,
		       1e-12);

      for (int k = 0; k < N; k++)
	y1[k] = y2[k] = 100 + k;
      omp_rows (1, &A, x, y1, n);
      omp_rows (0, &A, x, y2, n);
      sf_test_compare (n == N ? "omp, all" : "omp, fewer", y1, y2, N,
		       1e-12);
    }

  enum { K = 3, L = 2 };
  double C[M * K], D[K * L], z1[N * L], z2[N * L];
  sf_test_fill (C, M * K);
  sf_test_fill (D, K * L);
  for (int n = N; n >= N - 7; n -= 7)
    {
      for (int k = 0; k < N * L; k++)
	z1[k] = z2[k] = 100 + k;
      chain_ann (&A, K, L, C, D, z1, n);
      chain_ref (&A, K, L, C, D, z2, n);
      sf_test_compare (n == N ? "chain, all" : "chain, fewer", z1, z2, N * L,
		       1e-12);
    }

  padded_ann (&A, y1);
  padded_ref (&A, y2);
  sf_test_compare ("padded", y1, y2, N, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "replaced" 7 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "region \[0-9\]+ fused into region \[0-9\]+: T\\(i,k\\)" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "guard: n == the extent of i; the first and last coordinates of A inside their dims; else the original statement runs" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: nrows_now == the extent of i; the first and last coordinates of A inside their dims; else the original statement runs" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: n == the extent of i; the test of region \[0-9\]+; the first and last coordinates of A inside their dims; else" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: i: dim\\(A, 0\\) == ny; j: dim\\(A, 1\\) == nx; the first and last coordinates of A inside their dims; else" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: j: dim\\(A, 1\\) <= 64; the first and last coordinates of A inside their dims; else" "sparsefuse" } } */
