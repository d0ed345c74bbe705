/* The corrected twins of verify-errors.c: each annotation now says what
   its loop computes, the checker agrees (the dump says "verified"), and
   the generated code matches the loop compiled without the annotation.
   A loop the checker cannot run (it calls a static function, not lowered
   yet) gets a note and is replaced as before; one that calls a helper
   lowered before it runs the helper's body.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct fort { int n; int *ia, *ja; double *a; };
#pragma tensor format struct fort dims(n, n) levels(dense, compressed(ia, ja)) values(a) base(1)
struct csf { int d0, d1, d2; int *pos0, *crd0, *pos1, *crd1, *pos2, *crd2; double *vals; };
#pragma tensor format struct csf dims(d0, d1, d2) levels(compressed(pos0, crd0), compressed(pos1, crd1), compressed(pos2, crd2)) values(vals)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

#define ROW(B, X)							\
  double s = 0;								\
  for (int p = (B)->rowptr[i]; p < (B)->rowptr[i + 1]; p++)		\
    s += (B)->vals[p] * X;

#define SPMV_PARAMS (struct csr *B, const double *x, double *y)

TWINS (x_of_j, SPMV_PARAMS, _Pragma ("tensor y(i) = B(i,j) * x(j)"),
       for (int i = 0; i < B->n; i++) { ROW (B, x[B->colidx[p]]) y[i] = s; })
TWINS (transposed, SPMV_PARAMS, _Pragma ("tensor y(j) += B(i,j) * x(i)"),
       for (int i = 0; i < B->n; i++)
	 for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	   y[B->colidx[p]] += B->vals[p] * x[i];)
TWINS (accumulates, SPMV_PARAMS, _Pragma ("tensor y(i) += B(i,j) * x(j)"),
       for (int i = 0; i < B->n; i++)
	 for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	   y[i] += B->vals[p] * x[B->colidx[p]];)
TWINS (subtracts, SPMV_PARAMS, _Pragma ("tensor y(i) += -B(i,j) * x(j)"),
       for (int i = 0; i < B->n; i++)
	 for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	   y[i] -= B->vals[p] * x[B->colidx[p]];)
TWINS (term, SPMV_PARAMS, _Pragma ("tensor y(i) = B(i,j) * x(j) + x(i)"),
       for (int i = 0; i < B->n; i++) { ROW (B, x[B->colidx[p]]) y[i] = s + x[i]; })
TWINS (scaled, (struct csr *B, double alpha, const double *x, double *y),
       _Pragma ("tensor y(i) = alpha * B(i,j) * x(j)"),
       for (int i = 0; i < B->n; i++) { ROW (B, x[B->colidx[p]]) y[i] = alpha * s; })
TWINS (base_one, (struct fort *B, const double *x, double *y),
       _Pragma ("tensor y(i) = B(i,j) * x(j)"),
       for (int i = 0; i < B->n; i++)
	 {
	   double s = 0;
	   for (int p = B->ia[i] - 1; p < B->ia[i + 1] - 1; p++)
	     s += B->a[p] * x[B->ja[p] - 1];
	   y[i] = s;
	 })
TWINS (mttkrp, (struct csf *B, int R, double (*C)[R], double (*D)[R],
		double (*A)[R]),
       _Pragma ("tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)"),
       {
	 for (int i = 0; i < B->d0; i++)
	   for (int r = 0; r < R; r++)
	     A[i][r] = 0;
	 for (int a = B->pos0[0]; a < B->pos0[1]; a++)
	   for (int b = B->pos1[a]; b < B->pos1[a + 1]; b++)
	     for (int e = B->pos2[b]; e < B->pos2[b + 1]; e++)
	       for (int r = 0; r < R; r++)
		 A[B->crd0[a]][r] += B->vals[e] * C[B->crd1[b]][r] * D[B->crd2[e]][r];
       })
TWINS (spmm, (struct csr *B, int K, double (*C)[K], double (*A)[K]),
       _Pragma ("tensor A(i,k) = B(i,j) * C(j,k)"),
       for (int i = 0; i < B->n; i++)
	 {
	   for (int k = 0; k < K; k++)
	     A[i][k] = 0;
	   for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	     for (int k = 0; k < K; k++)
	       A[i][k] += B->vals[p] * C[B->colidx[p]][k];
	 })

/* Block-scope tensors over arrays from 1 (SPEC 1.5).  */
static void
npb (int n, int *rowstr, int *colidx, double *a, double *p, double *w, int ann)
{
  int j, k;
  double sum;
#pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
#pragma tensor format P dims(n) levels(dense) values(p + 1)
#pragma tensor format W dims(n) levels(dense) values(w + 1)
  if (ann)
    {
#pragma tensor W(j) = A(j,k) * P(k)
      for (j = 1; j <= n; j++)
	{
	  sum = 0.0;
	  for (k = rowstr[j]; k < rowstr[j + 1]; k++)
	    sum = sum + a[k] * p[colidx[k]];
	  w[j] = sum;
	}
    }
  else
    for (j = 1; j <= n; j++)
      {
	sum = 0.0;
	for (k = rowstr[j]; k < rowstr[j + 1]; k++)
	  sum = sum + a[k] * p[colidx[k]];
	w[j] = sum;
      }
}

/* Inside OpenMP (SPEC 1.6).  */
static void
in_parallel (struct csr *B, const double *x, double *y, int ann)
{
#pragma omp parallel
  {
    if (ann)
      {
#pragma tensor y(i) = B(i,j) * x(j)
#pragma omp for
	for (int i = 0; i < B->n; i++)
	  {
	    ROW (B, x[B->colidx[p]])
	    y[i] = s;
	  }
      }
    else
#pragma omp for
      for (int i = 0; i < B->n; i++)
	{
	  ROW (B, x[B->colidx[p]])
	  y[i] = s;
	}
  }
}

TWINS (parallel_for, SPMV_PARAMS,
       _Pragma ("tensor y(i) = B(i,j) * x(j)") _Pragma ("omp parallel for"),
       for (int i = 0; i < B->n; i++) { ROW (B, x[B->colidx[p]]) y[i] = s; })

/* A call the checker cannot run: a note, and the region is replaced.  */
__attribute__ ((noinline, const)) static double
twice (double v)
{
  return 2 * v;
}
TWINS (calls, SPMV_PARAMS,
       _Pragma ("tensor y(i) = B(i,j) * x(j)"), /* { dg-message "annotation not verified: calls 'twice'" } */
       for (int i = 0; i < B->n; i++) { ROW (B, twice (x[B->colidx[p]])) y[i] = s / 2; })

/* A helper of the unit visible outside it, lowered before its caller:
   the checker runs its body in place of the call.  */
__attribute__ ((noinline, pure)) double
entry_at (const struct csr *B, int i, int j)
{
  for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
    if (B->colidx[p] == j)
      return B->vals[p];
  return 0;
}
TWINS (helper, SPMV_PARAMS, _Pragma ("tensor y(i) = B(i,j) * x(j)"),
       for (int i = 0; i < B->n; i++)
	 {
	   double s = 0;
	   for (int j = 0; j < B->m; j++)
	     s += entry_at (B, i, j) * x[j];
	   y[i] = s;
	 })

enum { N = 37, R = 5 };

/* The square N x N matrix of sf_test_pattern as int arrays.  */
static struct csr
matrix (void)
{
  long *rp, *ci;
  double *v;
  long nnz = sf_test_pattern (N, N, 0.2, &rp, &ci, &v);
  struct csr B = { N, N, malloc ((N + 1) * sizeof (int)),
		   malloc ((nnz + 1) * sizeof (int)), v };
  for (int i = 0; i <= N; i++)
    B.rowptr[i] = (int) rp[i];
  for (long e = 0; e < nnz; e++)
    B.colidx[e] = (int) ci[e];
  free (rp);
  free (ci);
  return B;
}

#define RUN(NAME, ...)							\
  do									\
    {									\
      memcpy (y1, y0, sizeof y0);					\
      memcpy (y2, y0, sizeof y0);					\
      NAME##_ann (__VA_ARGS__, y1);					\
      NAME##_ref (__VA_ARGS__, y2);					\
      sf_test_compare (#NAME, y1, y2, N, 1e-12);			\
    }									\
  while (0)

int
main (void)
{
  struct csr B = matrix ();
  static double x[N], y0[N], y1[N], y2[N];
  sf_test_fill (x, N);
  sf_test_fill (y0, N);
  RUN (x_of_j, &B, x);
  RUN (transposed, &B, x);
  RUN (accumulates, &B, x);
  RUN (subtracts, &B, x);
  RUN (term, &B, x);
  RUN (scaled, &B, 0.75, x);
  RUN (parallel_for, &B, x);
  RUN (calls, &B, x);
  RUN (helper, &B, x);
  in_parallel (&B, x, y1, 1);
  in_parallel (&B, x, y2, 0);
  sf_test_compare ("in_parallel", y1, y2, N, 1e-12);

  /* The same matrix from 1.  */
  int nnz = B.rowptr[N];
  struct fort F = { N, malloc ((N + 1) * sizeof (int)), malloc (nnz * sizeof (int)), B.vals };
  for (int i = 0; i <= N; i++)
    F.ia[i] = B.rowptr[i] + 1;
  for (int e = 0; e < nnz; e++)
    F.ja[e] = B.colidx[e] + 1;
  RUN (base_one, &F, x);
  int *rowstr = malloc ((N + 2) * sizeof (int)), *colidx = malloc ((nnz + 1) * sizeof (int));
  double *a = malloc ((nnz + 1) * sizeof (double)), p[N + 1], w1[N + 1], w2[N + 1];
  for (int i = 0; i <= N; i++)
    rowstr[i + 1] = F.ia[i];
  for (int e = 0; e < nnz; e++)
    colidx[e + 1] = F.ja[e], a[e + 1] = B.vals[e];
  sf_test_fill (p, N + 1);
  npb (N, rowstr, colidx, a, p, w1, 1);
  npb (N, rowstr, colidx, a, p, w2, 0);
  sf_test_compare ("npb", w1 + 1, w2 + 1, N, 1e-12);

  /* SpMM, and MTTKRP over a CSF of N x N x 3 made of the matrix's
     pattern with k = 0..2 under each entry.  */
  static double C[N][R], D[3][R], A1[N][R], A2[N][R];
  sf_test_fill (&C[0][0], N * R);
  sf_test_fill (&D[0][0], 3 * R);
  spmm_ann (&B, R, C, A1);
  spmm_ref (&B, R, C, A2);
  sf_test_compare ("spmm", &A1[0][0], &A2[0][0], N * R, 1e-12);
  int *pos0 = malloc (2 * sizeof (int)), *crd0 = malloc (N * sizeof (int));
  int *pos2 = malloc ((nnz + 1) * sizeof (int)), *crd2 = malloc (3 * nnz * sizeof (int));
  double *v3 = malloc (3 * nnz * sizeof (double));
  pos0[0] = 0, pos0[1] = N;
  for (int i = 0; i < N; i++)
    crd0[i] = i;
  for (int e = 0; e <= nnz; e++)
    pos2[e] = 3 * e;
  for (int e = 0; e < 3 * nnz; e++)
    crd2[e] = e % 3;
  sf_test_fill (v3, 3 * nnz);
  struct csf T = { N, N, 3, pos0, crd0, B.rowptr, B.colidx, pos2, crd2, v3 };
  mttkrp_ann (&T, R, C, D, A1);
  mttkrp_ref (&T, R, C, D, A2);
  sf_test_compare ("mttkrp", &A1[0][0], &A2[0][0], N * R, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 13 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: not verified: calls 'twice'" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 14 "sparsefuse" } } */
