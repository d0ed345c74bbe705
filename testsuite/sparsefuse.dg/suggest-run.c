/* The twins of suggest-*.c: each loop with the annotation suggestion
   mode found for it pasted above it, against the same loop without one;
   the checker verifies each region and the generated code gives what
   the plain loop gives.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct csc { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csc dims(n, m) levels(dense, compressed(pos, crd)) values(vals) modes(1, 0)
struct coo { int n, m, nnz; int *row, *col; double *vals; };
#pragma tensor format struct coo dims(n, m) levels(coo(nnz, row), singleton(col)) values(vals)
struct hb { int nrow, ncol; int *ia, *ja; double *a; };
#pragma tensor format struct hb dims(nrow, ncol) levels(dense, compressed(ia, ja)) values(a) base(1)
struct svec { int n; int *pos, *crd; double *vals; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)
struct csf { int d0, d1, d2; int *pos0, *crd0, *pos1, *crd1, *pos2, *crd2; double *vals; };
#pragma tensor format struct csf dims(d0, d1, d2) levels(compressed(pos0, crd0), compressed(pos1, crd1), compressed(pos2, crd2)) values(vals)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

#define ROW(A, X)							\
  double s = 0;								\
  for (int p = (A)->rowptr[i]; p < (A)->rowptr[i + 1]; p++)		\
    s += (A)->vals[p] * X;

/* SpMV: CSR, CSC, COO, from 1 (suggest-spmv-*.c).  */
TWINS (spmv_csr, (const struct csr *A, const double *x, double *y),
       _Pragma ("tensor y(i) = A(i,j) * x(j)"),
       for (int i = 0; i < A->n; i++) { ROW (A, x[A->colidx[p]]) y[i] = s; })
TWINS (spmv_csc, (const struct csc *A, const double *x, double *y),
       _Pragma ("tensor y(i) += A(i,j) * x(j)"),
       for (int j = 0; j < A->m; j++)
	 for (int p = A->pos[j]; p < A->pos[j + 1]; p++)
	   y[A->crd[p]] += A->vals[p] * x[j];)
TWINS (spmv_coo, (const struct coo *A, const double *x, double *y),
       _Pragma ("tensor y(i) += A(i,j) * x(j)"),
       for (int p = 0; p < A->nnz; p++)
	 y[A->row[p]] += A->vals[p] * x[A->col[p]];)
TWINS (spmv_hb, (const struct hb *A, const double *x, double *y),
       _Pragma ("tensor y(i) = A(i,j) * x(j)"),
       for (int i = 1; i <= A->nrow; i++)
	 {
	   double s = 0;
	   for (int p = A->ia[i - 1]; p < A->ia[i]; p++)
	     s += A->a[p - 1] * x[A->ja[p - 1] - 1];
	   y[i - 1] = s;
	 })

static void
npb (int n, int *rowstr, int *colidx, double *a, double *p, double *w,
     int ann)
{
#pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
#pragma tensor format P dims(n) levels(dense) values(p + 1)
#pragma tensor format W dims(n) levels(dense) values(w + 1)
#define NPB_LOOP							\
  for (int j = 1; j <= n; j++)						\
    {									\
      double sum = 0.0;							\
      for (int k = rowstr[j]; k < rowstr[j + 1]; k++)			\
	sum = sum + a[k] * p[colidx[k]];				\
      w[j] = sum;							\
    }
  if (ann)
    {
#pragma tensor W(i) = A(i,j) * P(j)
      NPB_LOOP
    }
  else
    NPB_LOOP
}

/* The same with the counters declared before the loop (suggest-flat.c).  */
static void
npb_flat (int n, int *rowstr, int *colidx, double *a, double *p, double *w,
	  int ann)
{
  int j, k;
  double sum;
#pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
#pragma tensor format P dims(n) levels(dense) values(p + 1)
#pragma tensor format W dims(n) levels(dense) values(w + 1)
#define NPB_FLAT_LOOP							\
  for (j = 1; j <= n; j++)						\
    {									\
      sum = 0.0;							\
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)			\
	sum = sum + a[k] * p[colidx[k]];				\
      w[j] = sum;							\
    }
  if (ann)
    {
#pragma tensor W(i) = A(i,j) * P(j)
      NPB_FLAT_LOOP
    }
  else
    NPB_FLAT_LOOP
}

/* SpMM, SDDMM, MTTKRP (suggest-spmm.c, -sddmm.c, -mttkrp.c).  */
TWINS (spmm, (const struct csr *A, int K, double (*B)[K], double (*C)[K]),
       _Pragma ("tensor C(i,j) = A(i,k) * B(k,j)"),
       for (int i = 0; i < A->n; i++)
	 {
	   for (int k = 0; k < K; k++)
	     C[i][k] = 0;
	   for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	     for (int k = 0; k < K; k++)
	       C[i][k] += A->vals[p] * B[A->colidx[p]][k];
	 })
TWINS (sddmm, (const struct csr *S, int K, double (*U)[K], double (*V)[K],
	       struct csr *O),
       _Pragma ("tensor O(i,j) = S(i,j) * U(i,k) * V(j,k)"),
       for (int i = 0; i < S->n; i++)
	 for (int p = S->rowptr[i]; p < S->rowptr[i + 1]; p++)
	   {
	     double d = 0;
	     int j = S->colidx[p];
	     for (int k = 0; k < K; k++)
	       d += U[i][k] * V[j][k];
	     O->vals[p] = S->vals[p] * d;
	   })
TWINS (mttkrp, (const struct csf *B, int R, double (*C)[R], double (*D)[R],
		double (*A)[R]),
       _Pragma ("tensor A(i,j) += B(i,k,l) * C(k,j) * D(l,j)"),
       for (int a = B->pos0[0]; a < B->pos0[1]; a++)
	 for (int b = B->pos1[a]; b < B->pos1[a + 1]; b++)
	   for (int e = B->pos2[b]; e < B->pos2[b + 1]; e++)
	     for (int r = 0; r < R; r++)
	       A[B->crd0[a]][r] += B->vals[e] * C[B->crd1[b]][r] * D[B->crd2[e]][r];)

/* The GNN layer, fused and per row (suggest-gnn.c).  */
#define GNN_PARAMS (const struct csr *A, int G, int F, double (*H)[G],	\
		    double (*W)[F], double (*H2)[F])
TWINS (gnn_fused, GNN_PARAMS,
       _Pragma ("tensor H2(i,j) = A(i,k) * H(k,l) * W(l,j)"),
       for (int i = 0; i < A->n; i++)
	 {
	   for (int f = 0; f < F; f++)
	     H2[i][f] = 0;
	   for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	     for (int g = 0; g < G; g++)
	       for (int f = 0; f < F; f++)
		 H2[i][f] += A->vals[p] * H[A->colidx[p]][g] * W[g][f];
	 })
TWINS (gnn_rows, GNN_PARAMS,
       _Pragma ("tensor H2(i,j) = A(i,k) * H(k,l) * W(l,j)"),
       for (int i = 0; i < A->n; i++)
	 {
	   double t[64];
	   for (int g = 0; g < G; g++)
	     t[g] = 0;
	   for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	     for (int g = 0; g < G; g++)
	       t[g] += A->vals[p] * H[A->colidx[p]][g];
	   for (int f = 0; f < F; f++)
	     {
	       double s = 0;
	       for (int g = 0; g < G; g++)
		 s += t[g] * W[g][f];
	       H2[i][f] = s;
	     }
	 })

/* Sums of two terms (suggest-sum.c).  */
TWINS (residual, (const struct csr *A, const double *b, const double *x,
		  double *r),
       _Pragma ("tensor r(i) = b(i) - A(i,j) * x(j)"),
       for (int i = 0; i < A->n; i++)
	 {
	   double s = b[i];
	   for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	     s -= A->vals[p] * x[A->colidx[p]];
	   r[i] = s;
	 })
TWINS (axpy_spmv, (const struct csr *A, double alpha, const double *x,
		   const double *y, double *z),
       _Pragma ("tensor z(i) = alpha * A(i,j) * x(j) + y(i)"),
       for (int i = 0; i < A->n; i++)
	 {
	   ROW (A, x[A->colidx[p]])
	   z[i] = y[i] + alpha * s;
	 })
TWINS (two_matrices, (const struct csr *A, const struct csr *B,
		      const double *x, double *y),
       _Pragma ("tensor y(i) = A(i,j) * x(j) + B(i,j) * x(j)"),
       for (int i = 0; i < A->n; i++)
	 {
	   double s = 0;
	   for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	     s += A->vals[p] * x[A->colidx[p]];
	   for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	     s += B->vals[p] * x[B->colidx[p]];
	   y[i] = s;
	 })

/* One operand twice (suggest-repeated.c).  */
TWINS (a_times_a, (const struct csr *A, int n, double (*C)[n]),
       _Pragma ("tensor C(i,j) += A(i,k) * A(k,j)"),
       for (int i = 0; i < A->n; i++)
	 for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	   {
	     int j = A->colidx[p];
	     for (int q = A->rowptr[j]; q < A->rowptr[j + 1]; q++)
	       C[i][A->colidx[q]] += A->vals[p] * A->vals[q];
	   })
TWINS (row_norms, (const struct csr *A, const double *w, double *r),
       _Pragma ("tensor r(i) = A(i,j) * A(i,j) * w(j)"),
       for (int i = 0; i < A->n; i++) { ROW (A, A->vals[p] * w[A->colidx[p]]) r[i] = s; })
TWINS (scaled_square, (const struct csr *A, const double *x, double *y),
       _Pragma ("tensor y(i) = A(i,j) * x(i) * x(i)"),
       for (int i = 0; i < A->n; i++)
	 {
	   ROW (A, 1.0)
	   y[i] = s * x[i] * x[i];
	 })

/* Scalar outputs (suggest-scalar.c).  */
static double
dot (const struct svec *v, const double *x, int ann)
{
  double s = 0;
  if (ann)
    {
#pragma tensor s += v(i) * x(i)
      for (int p = v->pos[0]; p < v->pos[1]; p++)
	s += v->vals[p] * x[v->crd[p]];
    }
  else
    for (int p = v->pos[0]; p < v->pos[1]; p++)
      s += v->vals[p] * x[v->crd[p]];
  return s;
}
static double
frobenius (const struct csr *A, int ann)
{
  double s = 0;
  if (ann)
    {
#pragma tensor s += A(i,j) * A(i,j)
      for (int i = 0; i < A->n; i++)
	for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	  s += A->vals[p] * A->vals[p];
    }
  else
    for (int i = 0; i < A->n; i++)
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * A->vals[p];
  return s;
}

enum { N = 37, K = 5, G = 6, F = 4 };

/* The square N x N matrix of sf_test_pattern as int arrays.  */
static struct csr
matrix (void)
{
  struct csr A = { N, N, NULL, NULL, NULL };
  sf_test_pattern_int (N, N, 0.2, &A.rowptr, &A.colidx, &A.vals);
  return A;
}

/* Run NAME's twins on the arguments after OUT, each into its copy of
   OUT (N0 doubles, starting as OUT), and compare.  */
#define RUN(NAME, OUT, N0, ...)						\
  do									\
    {									\
      double *o1 = malloc ((N0) * sizeof (double));			\
      double *o2 = malloc ((N0) * sizeof (double));			\
      memcpy (o1, OUT, (N0) * sizeof (double));				\
      memcpy (o2, OUT, (N0) * sizeof (double));				\
      NAME##_ann (__VA_ARGS__, (void *) o1);				\
      NAME##_ref (__VA_ARGS__, (void *) o2);				\
      sf_test_compare (#NAME, o1, o2, N0, 1e-12);			\
      free (o1);							\
      free (o2);							\
    }									\
  while (0)

int
main (void)
{
  struct csr A = matrix (), B = matrix ();
  int nnz = A.rowptr[N];
  static double x[N], y0[N], b[N], C0[N][N];
  static double U[N][K], V[N][K], H[N][G], W[G][F], H0[N][F];
  sf_test_fill (x, N);
  sf_test_fill (y0, N);
  sf_test_fill (b, N);
  sf_test_fill (&C0[0][0], N * N);
  sf_test_fill (&U[0][0], N * K);
  sf_test_fill (&V[0][0], N * K);
  sf_test_fill (&H[0][0], N * G);
  sf_test_fill (&W[0][0], G * F);
  sf_test_fill (&H0[0][0], N * F);

  RUN (spmv_csr, y0, N, &A, x);
  /* The same arrays read as CSC (the transpose) and as COO.  */
  struct csc At = { N, N, A.rowptr, A.colidx, A.vals };
  RUN (spmv_csc, y0, N, &At, x);
  int *row = malloc ((nnz + 1) * sizeof (int));
  for (int i = 0; i < N; i++)
    for (int p = A.rowptr[i]; p < A.rowptr[i + 1]; p++)
      row[p] = i;
  struct coo Ac = { N, N, nnz, row, A.colidx, A.vals };
  RUN (spmv_coo, y0, N, &Ac, x);
  struct hb Ah = { N, N, malloc ((N + 1) * sizeof (int)),
		   malloc ((nnz + 1) * sizeof (int)), A.vals };
  for (int i = 0; i <= N; i++)
    Ah.ia[i] = A.rowptr[i] + 1;
  for (int e = 0; e < nnz; e++)
    Ah.ja[e] = A.colidx[e] + 1;
  RUN (spmv_hb, y0, N, &Ah, x);
  int *rowstr = malloc ((N + 2) * sizeof (int));
  int *colidx = malloc ((nnz + 1) * sizeof (int));
  double *a = malloc ((nnz + 1) * sizeof (double)), p[N + 1];
  double w1[N + 1], w2[N + 1];
  for (int i = 0; i <= N; i++)
    rowstr[i + 1] = Ah.ia[i];
  for (int e = 0; e < nnz; e++)
    colidx[e + 1] = Ah.ja[e], a[e + 1] = A.vals[e];
  sf_test_fill (p, N + 1);
  npb (N, rowstr, colidx, a, p, w1, 1);
  npb (N, rowstr, colidx, a, p, w2, 0);
  sf_test_compare ("npb", w1 + 1, w2 + 1, N, 1e-12);
  npb_flat (N, rowstr, colidx, a, p, w1, 1);
  npb_flat (N, rowstr, colidx, a, p, w2, 0);
  sf_test_compare ("npb_flat", w1 + 1, w2 + 1, N, 1e-12);

  RUN (spmm, &C0[0][0], N * K, &A, K, U);
  /* SDDMM into the values of a matrix with A's pattern.  */
  double *o1 = calloc (nnz + 1, sizeof (double));
  double *o2 = calloc (nnz + 1, sizeof (double));
  struct csr O1 = { N, N, A.rowptr, A.colidx, o1 };
  struct csr O2 = { N, N, A.rowptr, A.colidx, o2 };
  sddmm_ann (&A, K, U, V, &O1);
  sddmm_ref (&A, K, U, V, &O2);
  sf_test_compare ("sddmm", o1, o2, nnz, 1e-12);
  /* MTTKRP over a CSF of N x N x 3: A's pattern, k = 0..2 under each
     entry.  */
  int *pos0 = malloc (2 * sizeof (int)), *crd0 = malloc (N * sizeof (int));
  int *pos2 = malloc ((nnz + 1) * sizeof (int));
  int *crd2 = malloc (3 * nnz * sizeof (int));
  double *v3 = malloc (3 * nnz * sizeof (double));
  pos0[0] = 0, pos0[1] = N;
  for (int i = 0; i < N; i++)
    crd0[i] = i;
  for (int e = 0; e <= nnz; e++)
    pos2[e] = 3 * e;
  for (int e = 0; e < 3 * nnz; e++)
    crd2[e] = e % 3;
  sf_test_fill (v3, 3 * nnz);
  struct csf T = { N, N, 3, pos0, crd0, A.rowptr, A.colidx, pos2, crd2, v3 };
  RUN (mttkrp, &C0[0][0], N * K, &T, K, U, V);

  RUN (gnn_fused, &H0[0][0], N * F, &A, G, F, H, W);
  RUN (gnn_rows, &H0[0][0], N * F, &A, G, F, H, W);

  RUN (residual, y0, N, &A, b, x);
  RUN (axpy_spmv, y0, N, &A, 0.75, x, b);
  RUN (two_matrices, y0, N, &A, &B, x);

  RUN (a_times_a, &C0[0][0], N * N, &A, N);
  RUN (row_norms, y0, N, &A, x);
  RUN (scaled_square, y0, N, &A, x);

  /* Row 3 of A as a sparse vector.  */
  int vpos[2] = { A.rowptr[3], A.rowptr[4] };
  struct svec v = { N, vpos, A.colidx, A.vals };
  double d1 = dot (&v, x, 1), d2 = dot (&v, x, 0);
  sf_test_compare ("dot", &d1, &d2, 1, 1e-12);
  d1 = frobenius (&A, 1), d2 = frobenius (&A, 0);
  sf_test_compare ("frobenius", &d1, &d2, 1, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 19 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 19 "sparsefuse" } } */
