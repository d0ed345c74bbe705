/* SpMM, A(i,k) = B(i,j) * C(j,k), through the plugin: B CSR with a VLA
   right-hand side (int K), B COO and DCSR, column-major C and A given as
   flat pointers with shape() and colmajor(), float values, and "+=".
   Each annotated loop agrees with its unannotated copy on every shape of
   matrix.  Compiled without -fopenmp: the serial code paths.  */
/* { dg-do run } */
/* { dg-options "-O3 -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-data.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

struct coo { long dim[2]; long nnz; int *idx[2]; double *vals; };
#pragma tensor format struct coo dims(dim[0], dim[1]) levels(coo(nnz, idx[0]), singleton(idx[1])) values(vals)

struct csrf { int n, m; int *rowptr, *colidx; float *vals; };
#pragma tensor format struct csrf dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define CSR_BODY							\
  for (int i = 0; i < B.n; i++)						\
    {									\
      for (int k = 0; k < K; k++)					\
	A[i][k] = 0;							\
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	for (int k = 0; k < K; k++)					\
	  A[i][k] += B.vals[p] * C[B.colidx[p]][k];			\
    }
static void csr_ann (struct csr B, int K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  CSR_BODY
}
static void csr_ref (struct csr B, int K, double (*C)[K], double (*A)[K])
{ CSR_BODY }

#define ACC_BODY							\
  for (int i = 0; i < B->n; i++)					\
    for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)		\
      for (int k = 0; k < K; k++)					\
	A[i][k] += B->vals[p] * C[B->colidx[p]][k];
static void acc_ann (struct csr *B, int K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) += B(i,j) * C(j,k)
  ACC_BODY
}
static void acc_ref (struct csr *B, int K, double (*C)[K], double (*A)[K])
{ ACC_BODY }

#define COO_BODY							\
  {									\
    for (long x = 0; x < B->dim[0] * K; x++)				\
      A[x] = 0;								\
    for (long p = 0; p < B->nnz; p++)					\
      for (long k = 0; k < K; k++)					\
	A[B->idx[0][p] + k * B->dim[0]]					\
	  += B->vals[p] * C[B->idx[1][p] + k * B->dim[1]];		\
  }
static void coo_ann (const struct coo *B, long K, const double *C, double *A)
{
  long rows = B->dim[0], cols = B->dim[1];
#pragma tensor A(i,k) = B(i,j) * C(j,k) shape(A: rows, K) shape(C: cols, K) colmajor(A, C)
  COO_BODY
}
static void coo_ref (const struct coo *B, long K, const double *C, double *A)
{ COO_BODY }

#define DCSR_BODY							\
  {									\
    for (int64_t x = 0; x < B.nrows * K; x++)				\
      A[x / K][x % K] = 0;						\
    for (int64_t q = B.pos[0][0]; q < B.pos[0][1]; q++)			\
      for (int64_t p = B.pos[1][q]; p < B.pos[1][q + 1]; p++)		\
	for (int64_t k = 0; k < K; k++)					\
	  A[B.crd[0][q]][k] += B.vals[p] * C[B.crd[1][p]][k];		\
  }
static void dcsr_ann (sf_dcsr B, int64_t K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  DCSR_BODY
}
static void dcsr_ref (sf_dcsr B, int64_t K, double (*C)[K], double (*A)[K])
{ DCSR_BODY }

#define CSRF_BODY							\
  for (int i = 0; i < B->n; i++)					\
    for (int k = 0; k < 6; k++)						\
      {									\
	float s = 0;							\
	for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)		\
	  s += B->vals[p] * C[B->colidx[p]][k];				\
	A[i][k] = s;							\
      }
static void csrf_ann (const struct csrf *B, float (*C)[6], float (*A)[6])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  CSRF_BODY
}
static void csrf_ref (const struct csrf *B, float (*C)[6], float (*A)[6])
{ CSRF_BODY }

/* Run every kernel on the N x M matrix of shape SHAPE, K columns.  */
static void
run (int64_t n, int64_t m, int K, int shape, uint64_t seed)
{
  sf_coo a;
  sf_csr r;
  sf_dcsr d;
  sf_error err;
  gd_coo (&a, 2, (int64_t[]) { n, m }, shape, seed);
  gd_check (sf_coo_to_csr (&a, &r, &err), &err);
  gd_check (sf_coo_to_dcsr (&a, &d, &err), &err);
  int64_t nnz = a.nnz;
  double *C = gd_dense (m * K), *A = gd_dense (n * K);
  double *R = GD_DUP (A, n * K + 1);
  struct csr B = { (int) n, (int) m, GD_COPY (int, r.pos, n + 1, 0),
		   GD_COPY (int, r.crd, nnz, 0), GD_DUP (r.vals, nnz) };
  csr_ann (B, K, (double (*)[K]) C, (double (*)[K]) A);
  csr_ref (B, K, (double (*)[K]) C, (double (*)[K]) R);
  gd_compare ("csr", shape, A, R, n * K);
  acc_ann (&B, K, (double (*)[K]) C, (double (*)[K]) A);
  acc_ref (&B, K, (double (*)[K]) C, (double (*)[K]) R);
  gd_compare ("csr +=", shape, A, R, n * K);
  dcsr_ann (d, K, (double (*)[K]) C, (double (*)[K]) A);
  dcsr_ref (d, K, (double (*)[K]) C, (double (*)[K]) R);
  gd_compare ("dcsr", shape, A, R, n * K);

  struct coo O = { { n, m }, nnz, { GD_COPY (int, a.crd[0], nnz, 0),
				   GD_COPY (int, a.crd[1], nnz, 0) },
		   GD_DUP (a.vals, nnz) };
  coo_ann (&O, K, C, A), coo_ref (&O, K, C, R);
  gd_compare ("coo colmajor", shape, A, R, n * K);

  struct csrf F = { (int) n, (int) m, B.rowptr, B.colidx,
		    GD_COPY (float, r.vals, nnz, 0) };
  float *Cf = gd_dense_float (m * 6), *Af = gd_dense_float (n * 6);
  float *Rf = GD_COPY (float, Af, n * 6 + 1, 0);
  csrf_ann (&F, (float (*)[6]) Cf, (float (*)[6]) Af);
  csrf_ref (&F, (float (*)[6]) Cf, (float (*)[6]) Rf);
  gd_compare_float ("float csr", shape, Af, Rf, n * 6);

  free (B.rowptr), free (B.colidx), free (B.vals), free (O.idx[0]);
  free (O.idx[1]), free (O.vals), free (F.vals), free (Cf), free (Af);
  free (Rf), free (C), free (A), free (R);
  sf_coo_free (&a), sf_csr_free (&r), sf_dcsr_free (&d);
}

int
main (void)
{
  static const int sizes[][3] = {
    { 13, 17, 5 }, { 1, 1, 1 }, { 40, 3, 9 }, { 0, 6, 3 }, { 30, 30, 16 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      run (sizes[s][0], sizes[s][1], sizes[s][2], shape, 31 * s + shape + 1);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 5 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
