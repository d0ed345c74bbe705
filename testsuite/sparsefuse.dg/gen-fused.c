/* The fused kernels of the evaluation set through the plugin, B CSR and
   dense row-major matrices, written as the naive loops a scientist would
   annotate:
     GNN              A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)
     SpMM,GEMM        A(i,l) = B(i,j) * C(j,k) * D(k,l)
     SpMMH,GEMM       A(i,l) = B(i,k) * C(k,j) * D(k,j) * E(j,l)
     SDDMM,SpMM,GEMM  A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m)
     ReACT compound   A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)  B, E CSR
   Each agrees with its unannotated copy on every shape of matrix.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define ZERO(X, N, M)							\
  for (int z1 = 0; z1 < (N); z1++)					\
    for (int z2 = 0; z2 < (M); z2++)					\
      X[z1][z2] = 0;

#define GNN_BODY							\
  {									\
    ZERO (A, B->n, L)							\
    for (int i = 0; i < B->n; i++)					\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	for (int k = 0; k < K; k++)					\
	  for (int l = 0; l < L; l++)					\
	    A[i][l] += B->vals[p] * C[i][k] * D[B->crd[p]][k]		\
		       * E[B->crd[p]][l];				\
  }
static void gnn_ann (const struct csr *B, int K, int L, double (*C)[K],
		     double (*D)[K], double (*E)[L], double (*A)[L])
{
#pragma tensor A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)
  GNN_BODY
}
static void gnn_ref (const struct csr *B, int K, int L, double (*C)[K],
		     double (*D)[K], double (*E)[L], double (*A)[L])
{ GNN_BODY }

#define SPMM_GEMM_BODY							\
  {									\
    ZERO (A, B->n, L)							\
    for (int i = 0; i < B->n; i++)					\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	for (int k = 0; k < K; k++)					\
	  for (int l = 0; l < L; l++)					\
	    A[i][l] += B->vals[p] * C[B->crd[p]][k] * D[k][l];		\
  }
static void spmm_gemm_ann (const struct csr *B, int K, int L, double (*C)[K],
			   double (*D)[L], double (*A)[L])
{
#pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)
  SPMM_GEMM_BODY
}
static void spmm_gemm_ref (const struct csr *B, int K, int L, double (*C)[K],
			   double (*D)[L], double (*A)[L])
{ SPMM_GEMM_BODY }

/* B is N x M (i x k); C, D are M x J; E is J x L.  */
#define SPMMH_BODY							\
  {									\
    ZERO (A, B->n, L)							\
    for (int i = 0; i < B->n; i++)					\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	for (int j = 0; j < J; j++)					\
	  for (int l = 0; l < L; l++)					\
	    A[i][l] += B->vals[p] * C[B->crd[p]][j] * D[B->crd[p]][j]	\
		       * E[j][l];					\
  }
static void spmmh_ann (const struct csr *B, int J, int L, double (*C)[J],
		       double (*D)[J], double (*E)[L], double (*A)[L])
{
#pragma tensor A(i,l) = B(i,k) * C(k,j) * D(k,j) * E(j,l)
  SPMMH_BODY
}
static void spmmh_ref (const struct csr *B, int J, int L, double (*C)[J],
		       double (*D)[J], double (*E)[L], double (*A)[L])
{ SPMMH_BODY }

#define TRIPLE_BODY							\
  {									\
    ZERO (A, B->n, M)							\
    for (int i = 0; i < B->n; i++)					\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	for (int k = 0; k < K; k++)					\
	  for (int l = 0; l < L; l++)					\
	    for (int m = 0; m < M; m++)					\
	      A[i][m] += B->vals[p] * C[i][k] * D[B->crd[p]][k]		\
			 * E[B->crd[p]][l] * F[l][m];			\
  }
static void triple_ann (const struct csr *B, int K, int L, int M,
			double (*C)[K], double (*D)[K], double (*E)[L],
			double (*F)[M], double (*A)[M])
{
#pragma tensor A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m)
  TRIPLE_BODY
}
static void triple_ref (const struct csr *B, int K, int L, int M,
			double (*C)[K], double (*D)[K], double (*E)[L],
			double (*F)[M], double (*A)[M])
{ TRIPLE_BODY }

/* B and E CSR of the same shape; the sum walks both rows.  */
#define REACT_BODY							\
  for (int i = 0; i < B.n; i++)						\
    for (int j = 0; j < B.m; j++)					\
      {									\
	double s = 0;							\
	for (int p = B.pos[i]; p < B.pos[i + 1]; p++)			\
	  if (B.crd[p] == j)						\
	    s += B.vals[p];						\
	for (int p = E.pos[i]; p < E.pos[i + 1]; p++)			\
	  if (E.crd[p] == j)						\
	    s += E.vals[p];						\
	double t = 0;							\
	for (int k = 0; k < K; k++)					\
	  t += C[i][k] * D[k][j];					\
	A[i][j] = s * t;						\
      }
static void react_ann (struct csr B, struct csr E, int K, double (*C)[K],
		       double (*D)[B.m], double (*A)[B.m])
{
#pragma tensor A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)
  REACT_BODY
}
static void react_ref (struct csr B, struct csr E, int K, double (*C)[K],
		       double (*D)[B.m], double (*A)[B.m])
{ REACT_BODY }

/* Set S to the CSR of COO A with int arrays.  */
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

static void
free_csr (struct csr *s)
{
  free (s->pos), free (s->crd), free (s->vals);
}

/* Run every kernel on an N x M matrix of SHAPE with dense extents K, L.  */
static void
run (int n, int m, int K, int L, int shape, uint64_t seed)
{
  sf_coo a, e;
  gd_coo (&a, 2, (int64_t[]) { n, m }, shape, seed);
  gd_coo (&e, 2, (int64_t[]) { n, m }, (shape + 1) % GD_NSHAPES, seed + 50);
  struct csr B, E;
  to_csr (&B, &a);
  to_csr (&E, &e);
  int big = n + m + K + L + 1;
  double *C = gd_dense (big * big), *D = gd_dense (big * big);
  double *Ed = gd_dense (big * big), *F = gd_dense (big * big);
  double *A = gd_dense (big * big), *R = GD_DUP (A, big * big);
  gnn_ann (&B, K, L, (void *) C, (void *) D, (void *) Ed, (void *) A);
  gnn_ref (&B, K, L, (void *) C, (void *) D, (void *) Ed, (void *) R);
  gd_compare ("gnn", shape, A, R, n * L);
  spmm_gemm_ann (&B, K, L, (void *) C, (void *) D, (void *) A);
  spmm_gemm_ref (&B, K, L, (void *) C, (void *) D, (void *) R);
  gd_compare ("spmm,gemm", shape, A, R, n * L);
  spmmh_ann (&B, K, L, (void *) C, (void *) D, (void *) Ed, (void *) A);
  spmmh_ref (&B, K, L, (void *) C, (void *) D, (void *) Ed, (void *) R);
  gd_compare ("spmmh,gemm", shape, A, R, n * L);
  triple_ann (&B, K, L, 3, (void *) C, (void *) D, (void *) Ed, (void *) F,
	      (void *) A);
  triple_ref (&B, K, L, 3, (void *) C, (void *) D, (void *) Ed, (void *) F,
	      (void *) R);
  gd_compare ("sddmm,spmm,gemm", shape, A, R, n * 3);
  react_ann (B, E, K, (void *) C, (void *) D, (void *) A);
  react_ref (B, E, K, (void *) C, (void *) D, (void *) R);
  gd_compare ("react", shape, A, R, n * m);
  free_csr (&B), free_csr (&E);
  free (C), free (D), free (Ed), free (F), free (A), free (R);
  sf_coo_free (&a), sf_coo_free (&e);
}

int
main (void)
{
  static const int sizes[][4] = {
    { 13, 17, 5, 4 }, { 1, 1, 1, 1 }, { 20, 3, 9, 2 }, { 0, 6, 3, 3 },
    { 25, 25, 16, 11 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      run (sizes[s][0], sizes[s][1], sizes[s][2], sizes[s][3], shape,
	   11 * s + shape + 1);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 5 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
