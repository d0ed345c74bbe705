/* The correct twins of verify-bounds.c: loops bounded by parameters the
   annotation does not bind, which the checker binds to the annotation's
   extents (the dump says "verified"), and whose generated code matches
   the loop compiled without the annotation.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

TWINS (spmv, (long n, struct csr *B, const double *x, double *y),
       _Pragma ("tensor y(i) = B(i,j) * x(j)"),
       for (long i = 0; i < n; i++)
	 {
	   double s = 0;
	   for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	     s += B->vals[p] * x[B->colidx[p]];
	   y[i] = s;
	 })
TWINS (spmm, (long n, long K, struct csr *B, double (*C)[K], double (*A)[K]),
       _Pragma ("tensor A(i,k) = B(i,j) * C(j,k)"),
       {
	 for (long i = 0; i < n; i++)
	   for (long k = 0; k < K; k++)
	     A[i][k] = 0;
	 for (long i = 0; i < n; i++)
	   for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	     for (long k = 0; k < K; k++)
	       A[i][k] += B->vals[p] * C[B->colidx[p]][k];
       })
TWINS (spmv_t, (long m, long n, struct csr *B, const double *x, double *y),
       _Pragma ("tensor y(j) = B(i,j) * x(i)"),
       {
	 for (long j = 0; j < m; j++)
	   y[j] = 0;
	 for (long i = 0; i < n; i++)
	   for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	     y[B->colidx[p]] += B->vals[p] * x[i];
       })
TWINS (scaled, (long n, struct csr *B, const double *x, const double *w,
		double *y),
       _Pragma ("tensor y(i) = w(i) * B(i,j) * x(j)"),
       for (long i = 0; i < n; i++)
	 {
	   double s = 0;
	   for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	     s += B->vals[p] * x[B->colidx[p]];
	   y[i] = w[i] * s;
	 })

enum { N = 23, M = 31, K = 4 };

int
main (void)
{
  long *rp, *ci;
  double *v;
  long nnz = sf_test_pattern (N, M, 0.2, &rp, &ci, &v);
  struct csr B = { N, M, malloc ((N + 1) * sizeof (int)),
		   malloc ((nnz + 1) * sizeof (int)), v };
  for (int i = 0; i <= N; i++)
    B.rowptr[i] = (int) rp[i];
  for (long e = 0; e < nnz; e++)
    B.colidx[e] = (int) ci[e];
  static double x[M], w[N], xt[N], y0[M], y1[M], y2[M];
  static double C[M][K], A0[N][K], A1[N][K], A2[N][K];
  sf_test_fill (x, M);
  sf_test_fill (w, N);
  sf_test_fill (xt, N);
  sf_test_fill (y0, M);
  sf_test_fill (&C[0][0], M * K);
  sf_test_fill (&A0[0][0], N * K);

#define RUN(NAME, LEN, ...)						\
  do									\
    {									\
      memcpy (y1, y0, sizeof y0);					\
      memcpy (y2, y0, sizeof y0);					\
      NAME##_ann (__VA_ARGS__, y1);					\
      NAME##_ref (__VA_ARGS__, y2);					\
      sf_test_compare (#NAME, y1, y2, LEN, 1e-12);			\
    }									\
  while (0)

  RUN (spmv, N, N, &B, x);
  RUN (spmv_t, M, M, N, &B, xt);
  RUN (scaled, N, N, &B, x, w);
  memcpy (A1, A0, sizeof A0);
  memcpy (A2, A0, sizeof A0);
  spmm_ann (N, K, &B, C, A1);
  spmm_ref (N, K, &B, C, A2);
  sf_test_compare ("spmm", &A1[0][0], &A2[0][0], N * K, 1e-12);
  free (rp);
  free (ci);
  free (v);
  free (B.rowptr);
  free (B.colidx);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
