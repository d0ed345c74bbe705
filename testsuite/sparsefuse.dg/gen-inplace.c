/* The output read on the right-hand side at its own indices (SPEC 1.2:
   "=" with the output's old entries as an input): y = alpha*A*x + beta*y
   over sf_csr and over a struct of its own format, y(i) = A(i,j)*x(j) +
   y(i), SpMM C = B*D + beta*C with a dense C, the element-wise
   A(i,j) = A(i,j) * S(i,j) with A dense (inplace-kept.c has A sparse),
   y = B x + beta y over DCSR (rows without entries scaled too) and
   y = A x - y in float with unsigned and unsigned short indices (on the
   random matrices only: float sums over the real ones cancel).
   Each annotated loop agrees with its unannotated copy on random
   matrices (empty rows, no entry, one entry, dense) and on real ones
   (norm-wise there: the sums are reassociated); the output starts with
   random values, the same for both.  The
   inplace-*.c tests compile it at several levels, serially and with
   threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */

#include <unistd.h>
#include "gen-data.h"

struct mycsr { int nr, nc; int *rp, *ci; double *v; };
#pragma tensor format struct mycsr dims(nr, nc) levels(dense, compressed(rp, ci)) values(v)

/* ---- the kernels, each annotated and as a plain copy ---- */

#define GEMV_BODY							\
  for (int64_t i = 0; i < A->nrows; i++)				\
    {									\
      double s = 0;							\
      for (sf_pos_t p = A->pos[i]; p < A->pos[i + 1]; p++)		\
	s += A->vals[p] * x[A->crd[p]];					\
      y[i] = alpha * s + beta * y[i];					\
    }
static void gemv_ann (const sf_csr *A, const double *x, double *y,
		      double alpha, double beta)
{
#pragma tensor y(i) = alpha * A(i,j) * x(j) + beta * y(i)
  GEMV_BODY
}
static void gemv_ref (const sf_csr *A, const double *x, double *y,
		      double alpha, double beta)
{ GEMV_BODY }

#define ADD_BODY							\
  for (int i = 0; i < A.nr; i++)					\
    for (int p = A.rp[i]; p < A.rp[i + 1]; p++)				\
      y[i] = A.v[p] * x[A.ci[p]] + y[i];
static void add_ann (struct mycsr A, const double *x, double *y)
{
#pragma tensor y(i) = A(i,j) * x(j) + y(i)
  ADD_BODY
}
static void add_ref (struct mycsr A, const double *x, double *y)
{ ADD_BODY }

#define SPMM_BODY							\
  for (int64_t i = 0; i < B->nrows; i++)				\
    for (int64_t k = 0; k < K; k++)					\
      {									\
	double s = 0;							\
	for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	  s += B->vals[p] * D[B->crd[p]][k];				\
	C[i][k] = s + beta * C[i][k];					\
      }
static void spmm_ann (const sf_csr *B, int64_t K, double (*D)[K],
		      double (*C)[K], double beta)
{
#pragma tensor C(i,k) = B(i,j) * D(j,k) + beta * C(i,k)
  SPMM_BODY
}
static void spmm_ref (const sf_csr *B, int64_t K, double (*D)[K],
		      double (*C)[K], double beta)
{ SPMM_BODY }

#define DSCALE_BODY							\
  for (int64_t i = 0; i < S->nrows; i++)				\
    {									\
      for (int64_t j = 0; j < m; j++)					\
	{								\
	  double s = 0;							\
	  for (sf_pos_t p = S->pos[i]; p < S->pos[i + 1]; p++)		\
	    if (S->crd[p] == j)						\
	      s = S->vals[p];						\
	  A[i][j] = A[i][j] * s;					\
	}								\
    }
static void dscale_ann (const sf_csr *S, int64_t m, double (*A)[m])
{
#pragma tensor A(i,j) = A(i,j) * S(i,j)
  DSCALE_BODY
}
static void dscale_ref (const sf_csr *S, int64_t m, double (*A)[m])
{ DSCALE_BODY }

#define DCSR_BODY							\
  {									\
    for (int64_t i = 0; i < B->nrows; i++)				\
      y[i] = beta * y[i];						\
    for (sf_pos_t q = B->pos[0][0]; q < B->pos[0][1]; q++)		\
      {									\
	int64_t i = B->crd[0][q];					\
	double s = 0;							\
	for (sf_pos_t p = B->pos[1][q]; p < B->pos[1][q + 1]; p++)	\
	  s += B->vals[p] * x[B->crd[1][p]];				\
	y[i] += s;							\
      }									\
  }
static void dcsr_ann (const sf_dcsr *B, const double *x, double *y,
		      double beta)
{
#pragma tensor y(i) = B(i,j) * x(j) + beta * y(i)
  DCSR_BODY
}
static void dcsr_ref (const sf_dcsr *B, const double *x, double *y,
		      double beta)
{ DCSR_BODY }

struct csrf { unsigned n, m; unsigned *pos; unsigned short *crd; float *v; };
#pragma tensor format struct csrf dims(n, m) levels(dense, compressed(pos, crd)) values(v)

#define FLOAT_BODY							\
  for (unsigned i = 0; i < A.n; i++)					\
    {									\
      float s = 0;							\
      for (unsigned p = A.pos[i]; p < A.pos[i + 1]; p++)		\
	s += A.v[p] * x[A.crd[p]];					\
      y[i] = s - y[i];							\
    }
static void float_ann (struct csrf A, const float *x, float *y)
{
#pragma tensor y(i) = A(i,j) * x(j) - y(i)
  FLOAT_BODY
}
static void float_ref (struct csrf A, const float *x, float *y)
{ FLOAT_BODY }

/* ---- the runs ---- */

/* Compare the N results GOT with the copy's WANT: element-wise on the
   random matrices, norm-wise on the real ones (REAL).  */
static void
compare (const char *name, int shape, int real, const double *got,
	 const double *want, int64_t n)
{
  if (real)
    gd_compare_norm (name, got, want, n);
  else
    gd_compare (name, shape, got, want, n);
}

/* Run every kernel on the matrix R (CSR), its results named NAME, a real
   matrix when REAL.  */
static void
run_csr (const char *name, int shape, int real, const sf_csr *r)
{
  int64_t n = r->nrows, m = r->ncols, nnz = r->pos[n], K = 5;
  double *x = gd_dense (m), *y = gd_dense (n), *w = GD_DUP (y, n + 1);
  gemv_ann (r, x, y, 1.5, -0.75), gemv_ref (r, x, w, 1.5, -0.75);
  compare (name, shape, real, y, w, n);
  struct mycsr U = { (int) n, (int) m, GD_COPY (int, r->pos, n + 1, 0),
		     GD_COPY (int, r->crd, nnz, 0), GD_DUP (r->vals, nnz) };
  add_ann (U, x, y), add_ref (U, x, w);
  compare (name, shape, real, y, w, n);
  double *D = gd_dense (m * K), *C = gd_dense (n * K), *W = GD_DUP (C, n * K);
  spmm_ann (r, K, (void *) D, (void *) C, 0.5);
  spmm_ref (r, K, (void *) D, (void *) W, 0.5);
  compare (name, shape, real, C, W, n * K);
  if (n * m <= 1 << 20)
    {
      double *E = gd_dense (n * m), *F = GD_DUP (E, n * m);
      dscale_ann (r, m, (void *) E), dscale_ref (r, m, (void *) F);
      compare (name, shape, real, E, F, n * m);
      free (E), free (F);
    }
  if (!real)			/* float sums of real data cancel */
    {
      struct csrf F = { (unsigned) n, (unsigned) m,
			GD_COPY (unsigned, r->pos, n + 1, 0),
			GD_COPY (unsigned short, r->crd, nnz, 0),
			GD_COPY (float, r->vals, nnz, 0) };
      float *xf = gd_dense_float (m), *yf = gd_dense_float (n);
      float *wf = GD_COPY (float, yf, n + 1, 0);
      float_ann (F, xf, yf), float_ref (F, xf, wf);
      gd_compare_float (name, shape, yf, wf, n);
      free (F.pos), free (F.crd), free (F.v), free (xf), free (yf);
      free (wf);
    }
  free (x), free (y), free (w), free (U.rp), free (U.ci), free (U.v);
  free (D), free (C), free (W);
}

int
main (void)
{
  static const int64_t dims[][2] = { { 7, 9 }, { 40, 33 }, { 1, 1 },
				     { 0, 4 }, { 130, 70 } };
  for (unsigned d = 0; d < sizeof dims / sizeof dims[0]; d++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	sf_coo a;
	sf_csr r;
	sf_error err;
	gd_coo (&a, 2, dims[d], shape, 11 + d);
	gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	run_csr ("random", shape, 0, &r);
	sf_dcsr b;
	gd_check (sf_coo_to_dcsr (&a, &b, &err), &err);
	double *x = gd_dense (b.ncols), *y = gd_dense (b.nrows);
	double *w = GD_DUP (y, b.nrows + 1);
	dcsr_ann (&b, x, y, 0.25), dcsr_ref (&b, x, w, 0.25);
	gd_compare ("dcsr", shape, y, w, b.nrows);
	free (x), free (y), free (w), sf_dcsr_free (&b);
	sf_csr_free (&r), sf_coo_free (&a);
      }
  static const char *const matrices[] = {
    "matrices/bcsstk13.mtx", "matrices/LFAT5.mtx", "matrices/zenios.mtx",
    "edge/empty.mtx"
  };
  /* Without the data folder (a checkout alone) the random matrices above
     still run; with it, every matrix must read.  */
  int data = access (SF_DATA_DIR "/matrices", F_OK) == 0;
  if (!data)
    printf ("note: no %s/matrices: the real matrices are not run\n",
	    SF_DATA_DIR);
  for (unsigned i = 0; data && i < sizeof matrices / sizeof matrices[0]; i++)
    {
      char path[1024];
      sf_coo a;
      sf_csr r;
      sf_error err;
      snprintf (path, sizeof path, "%s/%s", SF_DATA_DIR, matrices[i]);
      gd_check (sf_read_mtx (path, &a, &err), &err);
      gd_check (sf_coo_sum_duplicates (&a, &err), &err);
      gd_check (sf_coo_to_csr (&a, &r, &err), &err);
      run_csr (strrchr (path, '/') + 1, GD_RANDOM, 1, &r);
      sf_csr_free (&r), sf_coo_free (&a);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
