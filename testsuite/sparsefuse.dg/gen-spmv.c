/* SpMV, y(i) = B(i,j) * x(j), through the plugin in every matrix format:
   CSR (long sizes and positions, int coordinates, by pointer), CSC, COO
   (coo + singleton levels), DCSR (the runtime's sf_dcsr), a 1-based
   legacy struct, float values, unsigned short coordinates with size_t
   sizes; also "+=", scalars (double and int), and the transposed product
   y(j) = B(i,j) * x(i).  Each annotated loop agrees with its unannotated
   copy on matrices with empty rows, no entry, a single entry, dense ones
   and zero rows.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"

struct csr { long n, m; long *pos; int *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

struct csc { int nrows, ncols; int *colptr, *rowidx; double *v; };
#pragma tensor format struct csc dims(nrows, ncols) levels(dense, compressed(colptr, rowidx)) values(v) modes(1, 0)

typedef struct { int n, m, nnz; int *row, *col; double *val; } coo_t;
#pragma tensor format coo_t dims(n, m) levels(coo(nnz, row), singleton(col)) values(val)

struct hb { int nrow, ncol; int *ia, *ja; double *a; };
#pragma tensor format struct hb dims(nrow, ncol) levels(dense, compressed(ia, ja)) values(a) base(1)

struct csrf { int n, m; int *pos, *crd; float *vals; };
#pragma tensor format struct csrf dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

struct csr16 { size_t n, m; unsigned *pos; unsigned short *crd; double *vals; };
#pragma tensor format struct csr16 dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

/* ---- the kernels, each annotated and as a plain copy ---- */

#define CSR_BODY							\
  for (long i = 0; i < B->n; i++)					\
    {									\
      double s = 0;							\
      for (long p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	s += B->vals[p] * x[B->crd[p]];					\
      y[i] = s;								\
    }
static void csr_ann (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  CSR_BODY
}
static void csr_ref (const struct csr *B, const double *x, double *y)
{ CSR_BODY }

#define CSC_BODY							\
  {									\
    for (int i = 0; i < B.nrows; i++)					\
      y[i] = 0;								\
    for (int j = 0; j < B.ncols; j++)					\
      for (int p = B.colptr[j]; p < B.colptr[j + 1]; p++)		\
	y[B.rowidx[p]] += B.v[p] * x[j];				\
  }
static void csc_ann (struct csc B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  CSC_BODY
}
static void csc_ref (struct csc B, const double *x, double *y)
{ CSC_BODY }

#define COO_BODY							\
  {									\
    for (int i = 0; i < B->n; i++)					\
      y[i] = 0;								\
    for (int p = 0; p < B->nnz; p++)					\
      y[B->row[p]] += B->val[p] * x[B->col[p]];				\
  }
static void coo_ann (const coo_t *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  COO_BODY
}
static void coo_ref (const coo_t *B, const double *x, double *y)
{ COO_BODY }

#define DCSR_BODY							\
  {									\
    for (int64_t i = 0; i < B->nrows; i++)				\
      y[i] = 0;								\
    for (int64_t q = B->pos[0][0]; q < B->pos[0][1]; q++)		\
      for (int64_t p = B->pos[1][q]; p < B->pos[1][q + 1]; p++)	\
	y[B->crd[0][q]] += B->vals[p] * x[B->crd[1][p]];		\
  }
static void dcsr_ann (const sf_dcsr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  DCSR_BODY
}
static void dcsr_ref (const sf_dcsr *B, const double *x, double *y)
{ DCSR_BODY }

/* The Fortran habit: 1-based ia/ja, loops over 1-based positions.  */
#define HB_BODY								\
  for (int i = 1; i <= B.nrow; i++)					\
    {									\
      y[i - 1] = 0;							\
      for (int p = B.ia[i - 1]; p < B.ia[i]; p++)			\
	y[i - 1] += B.a[p - 1] * x[B.ja[p - 1] - 1];			\
    }
static void hb_ann (struct hb B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  HB_BODY
}
static void hb_ref (struct hb B, const double *x, double *y)
{ HB_BODY }

#define CSRF_BODY							\
  for (int i = 0; i < B->n; i++)					\
    {									\
      float s = 0;							\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	s += B->vals[p] * x[B->crd[p]];					\
      y[i] = s;								\
    }
static void csrf_ann (const struct csrf *B, const float *x, float *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  CSRF_BODY
}
static void csrf_ref (const struct csrf *B, const float *x, float *y)
{ CSRF_BODY }

#define CSR16_BODY							\
  for (size_t i = 0; i < B->n; i++)					\
    for (unsigned p = B->pos[i]; p < B->pos[i + 1]; p++)		\
      y[i] += B->vals[p] * x[B->crd[p]];
static void csr16_ann (const struct csr16 *B, const double *x, double *y)
{
#pragma tensor y(i) += B(i,j) * x(j)
  CSR16_BODY
}
static void csr16_ref (const struct csr16 *B, const double *x, double *y)
{ CSR16_BODY }

#define AXPBY_BODY							\
  for (long i = 0; i < B->n; i++)					\
    {									\
      double s = 0;							\
      for (long p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	s += B->vals[p] * x[B->crd[p]];					\
      y[i] = alpha * s - beta * z[i];					\
    }
static void axpby_ann (const struct csr *B, double alpha, int beta,
		       const double *x, const double *z, double *y)
{
#pragma tensor y(i) = alpha * B(i,j) * x(j) - beta * z(i)
  AXPBY_BODY
}
static void axpby_ref (const struct csr *B, double alpha, int beta,
		       const double *x, const double *z, double *y)
{ AXPBY_BODY }

#define TRANS_BODY							\
  {									\
    for (long j = 0; j < B->m; j++)					\
      y[j] = 0;								\
    for (long i = 0; i < B->n; i++)					\
      for (long p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	y[B->crd[p]] += B->vals[p] * x[i];				\
  }
static void trans_ann (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(j) = B(i,j) * x(i)
  TRANS_BODY
}
static void trans_ref (const struct csr *B, const double *x, double *y)
{ TRANS_BODY }

/* ---- one matrix, every format ---- */

/* Run every kernel on the N x M matrix of shape SHAPE.  */
static void
run (int64_t n, int64_t m, int shape, uint64_t seed)
{
  sf_coo a;
  sf_csr r;
  sf_csc c;
  sf_dcsr d;
  sf_error err;
  gd_coo (&a, 2, (int64_t[]) { n, m }, shape, seed);
  gd_check (sf_coo_to_csr (&a, &r, &err), &err);
  gd_check (sf_coo_to_csc (&a, &c, &err), &err);
  gd_check (sf_coo_to_dcsr (&a, &d, &err), &err);
  int64_t nnz = a.nnz, len = n > m ? n : m;
  double *x = gd_dense (len), *z = gd_dense (len);
  double *y = gd_dense (len), *want = GD_DUP (y, len + 1);
  char what[64];
  snprintf (what, sizeof what, "%ldx%ld", (long) n, (long) m);

  struct csr B = { n, m, GD_COPY (long, r.pos, n + 1, 0),
		   GD_COPY (int, r.crd, nnz, 0), GD_DUP (r.vals, nnz) };
  csr_ann (&B, x, y), csr_ref (&B, x, want);
  gd_compare ("csr", shape, y, want, n);
  axpby_ann (&B, 0.5, 3, x, z, y), axpby_ref (&B, 0.5, 3, x, z, want);
  gd_compare ("alpha * csr - beta", shape, y, want, n);
  trans_ann (&B, x, y), trans_ref (&B, x, want);
  gd_compare ("transposed csr", shape, y, want, m);

  struct csc C = { (int) n, (int) m, GD_COPY (int, c.pos, m + 1, 0),
		   GD_COPY (int, c.crd, nnz, 0), GD_DUP (c.vals, nnz) };
  csc_ann (C, x, y), csc_ref (C, x, want);
  gd_compare ("csc", shape, y, want, n);

  coo_t O = { (int) n, (int) m, (int) nnz, GD_COPY (int, a.crd[0], nnz, 0),
	      GD_COPY (int, a.crd[1], nnz, 0), GD_DUP (a.vals, nnz) };
  coo_ann (&O, x, y), coo_ref (&O, x, want);
  gd_compare ("coo", shape, y, want, n);

  dcsr_ann (&d, x, y), dcsr_ref (&d, x, want);
  gd_compare ("dcsr", shape, y, want, n);

  struct hb H = { (int) n, (int) m, GD_COPY (int, r.pos, n + 1, 1),
		  GD_COPY (int, r.crd, nnz, 1), GD_DUP (r.vals, nnz) };
  hb_ann (H, x, y), hb_ref (H, x, want);
  gd_compare ("1-based csr", shape, y, want, n);

  struct csr16 S = { (size_t) n, (size_t) m,
		     GD_COPY (unsigned, r.pos, n + 1, 0),
		     GD_COPY (unsigned short, r.crd, nnz, 0),
		     GD_DUP (r.vals, nnz) };
  memcpy (want, y, (size_t) (len + 1) * sizeof (double));
  csr16_ann (&S, x, y), csr16_ref (&S, x, want);
  gd_compare ("csr16 +=", shape, y, want, n);

  struct csrf F = { (int) n, (int) m, GD_COPY (int, r.pos, n + 1, 0),
		    GD_COPY (int, r.crd, nnz, 0),
		    GD_COPY (float, r.vals, nnz, 0) };
  float *xf = gd_dense_float (len), *yf = gd_dense_float (len);
  float *wf = GD_COPY (float, yf, len + 1, 0);
  csrf_ann (&F, xf, yf), csrf_ref (&F, xf, wf);
  gd_compare_float ("float csr", shape, yf, wf, n);

  free (B.pos), free (B.crd), free (B.vals), free (C.colptr), free (C.rowidx);
  free (C.v), free (O.row), free (O.col), free (O.val), free (H.ia);
  free (H.ja), free (H.a), free (S.pos), free (S.crd), free (S.vals);
  free (F.pos), free (F.crd), free (F.vals), free (xf), free (yf), free (wf);
  free (x), free (z), free (y), free (want);
  sf_coo_free (&a), sf_csr_free (&r), sf_csc_free (&c), sf_dcsr_free (&d);
}

int
main (void)
{
  static const int64_t sizes[][2] = {
    { 13, 17 }, { 1, 1 }, { 40, 3 }, { 3, 40 }, { 0, 5 }, { 70, 90 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      run (sizes[s][0], sizes[s][1], shape, 17 * s + shape + 1);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 9 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
