/* SDDMM, A(i,j) = B(i,j) * C(i,k) * D(j,k), with a sparse output through
   the plugin: A CSR sharing B's pos/crd arrays (the run-time test takes
   the fast path), A holding a copy of B's pattern (the search path), A's
   pattern a superset of B's (entries B lacks become 0), DCSR output and
   input, float values, and "+=".  Each annotated loop agrees with its
   unannotated copy on every shape of matrix.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

struct csrf { int n, m; int *pos, *crd; float *vals; };
#pragma tensor format struct csrf dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

/* Position of column J in row I of A, or -1 (pure: the safety check
   accepts calls to it inside the region).  */
static int __attribute__ ((pure))
find (const struct csr *A, int i, int j)
{
  for (int p = A->pos[i]; p < A->pos[i + 1]; p++)
    if (A->crd[p] == j)
      return p;
  return -1;
}

/* Written for A's own pattern: zero it, then one entry per entry of B.  */
#define CSR_BODY							\
  {									\
    for (int p = 0; p < A->pos[A->n]; p++)				\
      A->vals[p] = 0;							\
    for (int i = 0; i < B->n; i++)					\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	{								\
	  double s = 0;							\
	  for (int k = 0; k < K; k++)					\
	    s += C[i][k] * D[B->crd[p]][k];				\
	  int q = find (A, i, B->crd[p]);				\
	  if (q >= 0)							\
	    A->vals[q] = B->vals[p] * s;				\
	}								\
  }
static void csr_ann (struct csr *A, const struct csr *B, int K,
		     double (*C)[K], double (*D)[K])
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  CSR_BODY
}
static void csr_ref (struct csr *A, const struct csr *B, int K,
		     double (*C)[K], double (*D)[K])
{ CSR_BODY }

#define ACC_BODY							\
  for (int i = 0; i < B->n; i++)					\
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
      {									\
	int q = find (A, i, B->crd[p]);					\
	for (int k = 0; k < K; k++)					\
	  if (q >= 0)							\
	    A->vals[q] += B->vals[p] * C[i][k] * D[B->crd[p]][k];	\
      }
static void acc_ann (struct csr *A, const struct csr *B, int K,
		     double (*C)[K], double (*D)[K])
{
#pragma tensor A(i,j) += B(i,j) * C(i,k) * D(j,k)
  ACC_BODY
}
static void acc_ref (struct csr *A, const struct csr *B, int K,
		     double (*C)[K], double (*D)[K])
{ ACC_BODY }

/* The user's DCSR walk, A sharing B's pattern.  */
#define DCSR_BODY							\
  for (int64_t q = B->pos[0][0]; q < B->pos[0][1]; q++)			\
    for (int64_t p = B->pos[1][q]; p < B->pos[1][q + 1]; p++)		\
      {									\
	double s = 0;							\
	for (int64_t k = 0; k < K; k++)					\
	  s += C[B->crd[0][q]][k] * D[B->crd[1][p]][k];			\
	A->vals[p] = s * B->vals[p];					\
      }
static void dcsr_ann (sf_dcsr *A, const sf_dcsr *B, int64_t K,
		      double (*C)[K], double (*D)[K])
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  DCSR_BODY
}
static void dcsr_ref (sf_dcsr *A, const sf_dcsr *B, int64_t K,
		      double (*C)[K], double (*D)[K])
{ DCSR_BODY }

#define CSRF_BODY							\
  for (int i = 0; i < B.n; i++)						\
    for (int p = B.pos[i]; p < B.pos[i + 1]; p++)			\
      {									\
	float s = 0;							\
	for (int k = 0; k < 7; k++)					\
	  s += C[i][k] * D[B.crd[p]][k];				\
	A.vals[p] = B.vals[p] * s;					\
      }
static void csrf_ann (struct csrf A, struct csrf B, float (*C)[7],
		      float (*D)[7])
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  CSRF_BODY
}
static void csrf_ref (struct csrf A, struct csrf B, float (*C)[7],
		      float (*D)[7])
{ CSRF_BODY }

/* Set S to the CSR of COO A with int arrays (values copied).  */
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

/* Run the CSR kernels with output pattern MODE: 0 B's arrays, 1 a copy,
   2 a superset.  */
static void
run_csr (const sf_coo *a, int K, int mode, int shape)
{
  static const char *const names[] = { "shared", "copy", "superset" };
  int64_t n = a->dims[0], m = a->dims[1];
  struct csr B, A, R;
  to_csr (&B, a);
  if (mode == 2)
    {
      sf_coo s;
      gd_coo (&s, 2, a->dims, GD_DENSE, 99);
      for (int64_t q = 0; q < s.nnz; q++)	/* s's pattern holds a's */
	s.vals[q] = 1.0;
      sf_coo u;
      sf_error err;
      gd_check (sf_coo_alloc (2, a->dims, s.nnz + a->nnz, &u, &err), &err);
      for (int64_t q = 0; q < s.nnz + a->nnz; q++)
	for (int d = 0; d < 2; d++)
	  u.crd[d][q] = q < s.nnz ? s.crd[d][q] : a->crd[d][q - s.nnz];
      gd_check (sf_coo_sum_duplicates (&u, &err), &err);
      to_csr (&A, &u);
      sf_coo_free (&s), sf_coo_free (&u);
    }
  else if (mode == 1)
    to_csr (&A, a);
  else
    A = B, A.vals = GD_DUP (B.vals, a->nnz);
  int64_t annz = A.pos[A.n];
  R = A, R.vals = GD_DUP (A.vals, annz);
  double *C = gd_dense (n * K), *D = gd_dense (m * K);
  char what[64];
  snprintf (what, sizeof what, "csr %s K=%d", names[mode], K);
  csr_ann (&A, &B, K, (double (*)[K]) C, (double (*)[K]) D);
  csr_ref (&R, &B, K, (double (*)[K]) C, (double (*)[K]) D);
  gd_compare (what, shape, A.vals, R.vals, annz);
  acc_ann (&A, &B, K, (double (*)[K]) C, (double (*)[K]) D);
  acc_ref (&R, &B, K, (double (*)[K]) C, (double (*)[K]) D);
  gd_compare (what, shape, A.vals, R.vals, annz);
  if (mode)
    free (A.pos), free (A.crd);
  free (A.vals), free (R.vals), free (B.pos), free (B.crd), free (B.vals);
  free (C), free (D);
}

/* Run the DCSR and float kernels, output sharing B's pattern.  */
static void
run_other (const sf_coo *a, int K, int shape)
{
  int64_t n = a->dims[0], m = a->dims[1], nnz = a->nnz;
  sf_dcsr B, A, R;
  sf_error err;
  gd_check (sf_coo_to_dcsr (a, &B, &err), &err);
  A = B, A.vals = gd_dense (nnz);
  R = B, R.vals = GD_DUP (A.vals, nnz);
  double *C = gd_dense (n * K), *D = gd_dense (m * K);
  dcsr_ann (&A, &B, K, (double (*)[K]) C, (double (*)[K]) D);
  dcsr_ref (&R, &B, K, (double (*)[K]) C, (double (*)[K]) D);
  gd_compare ("dcsr shared", shape, A.vals, R.vals, nnz);
  struct csr b;
  to_csr (&b, a);
  struct csrf Bf = { b.n, b.m, b.pos, b.crd, GD_COPY (float, b.vals, nnz, 0) };
  struct csrf Af = Bf, Rf = Bf;
  Af.vals = gd_dense_float (nnz);
  Rf.vals = GD_COPY (float, Af.vals, nnz, 0);
  float *Cf = gd_dense_float (n * 7), *Df = gd_dense_float (m * 7);
  csrf_ann (Af, Bf, (float (*)[7]) Cf, (float (*)[7]) Df);
  csrf_ref (Rf, Bf, (float (*)[7]) Cf, (float (*)[7]) Df);
  gd_compare_float ("float csr shared", shape, Af.vals, Rf.vals, nnz);
  free (A.vals), free (R.vals), free (C), free (D), free (b.pos), free (b.crd);
  free (b.vals), free (Bf.vals), free (Af.vals), free (Rf.vals), free (Cf);
  free (Df);
  sf_dcsr_free (&B);
}

int
main (void)
{
  static const int sizes[][3] = {
    { 13, 17, 5 }, { 1, 1, 1 }, { 40, 3, 9 }, { 0, 6, 3 }, { 30, 30, 33 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	sf_coo a;
	gd_coo (&a, 2, (int64_t[]) { sizes[s][0], sizes[s][1] }, shape,
		7 * s + shape + 1);
	for (int mode = 0; mode < 3; mode++)
	  run_csr (&a, sizes[s][2], mode, shape);
	run_other (&a, sizes[s][2], shape);
	sf_coo_free (&a);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\\n\]*A positions: B's when A's pos/crd are B's \\(run-time test\\)" 4 "sparsefuse" } } */
