/* The real data of the data folder through the plugin: every matrix
   (and the empty one of edge/) in user structs -- a 1-based legacy CSR,
   an int CSC, an int COO -- for SpMV; SDDMM into the matrix's own
   pattern and GNN over its CSR; the FROSTT tensors (repeated coordinates
   kept in the COO, summed in the CSF) for MTTKRP in two CSF mode orders
   and as a COO, and the order-4 MTTKRP.  Each annotated loop agrees with
   its unannotated copy.  */
/* { dg-do run } */
/* { dg-require-effective-target data } */
/* { dg-require-effective-target openmp } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-data.h"

struct hb { int nrow, ncol; int *ia, *ja; double *a; };
#pragma tensor format struct hb dims(nrow, ncol) levels(dense, compressed(ia, ja)) values(a) base(1)

struct csc { int n, m; int *colptr, *rowidx; double *vals; };
#pragma tensor format struct csc dims(n, m) levels(dense, compressed(colptr, rowidx)) values(vals) modes(1, 0)

struct coo { int n, m, nnz; int *row, *col; double *vals; };
#pragma tensor format struct coo dims(n, m) levels(coo(nnz, row), singleton(col)) values(vals)

#define HB_BODY								\
  for (int i = 0; i < B.nrow; i++)					\
    {									\
      double s = 0;							\
      for (int p = B.ia[i] - 1; p < B.ia[i + 1] - 1; p++)		\
	s += B.a[p] * x[B.ja[p] - 1];					\
      y[i] = s;								\
    }
static void hb_ann (struct hb B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  HB_BODY
}
static void hb_ref (struct hb B, const double *x, double *y)
{ HB_BODY }

#define CSC_BODY							\
  {									\
    for (int i = 0; i < B->n; i++)					\
      y[i] = 0;								\
    for (int j = 0; j < B->m; j++)					\
      for (int p = B->colptr[j]; p < B->colptr[j + 1]; p++)		\
	y[B->rowidx[p]] += B->vals[p] * x[j];				\
  }
static void csc_ann (const struct csc *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  CSC_BODY
}
static void csc_ref (const struct csc *B, const double *x, double *y)
{ CSC_BODY }

#define COO_BODY							\
  {									\
    for (int i = 0; i < B->n; i++)					\
      y[i] = 0;								\
    for (int p = 0; p < B->nnz; p++)					\
      y[B->row[p]] += B->vals[p] * x[B->col[p]];			\
  }
static void coo_ann (const struct coo *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  COO_BODY
}
static void coo_ref (const struct coo *B, const double *x, double *y)
{ COO_BODY }

#define SDDMM_BODY							\
  for (int64_t i = 0; i < B->nrows; i++)				\
    for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)			\
      {									\
	double s = 0;							\
	for (int64_t k = 0; k < K; k++)					\
	  s += C[i][k] * D[B->crd[p]][k];				\
	A->vals[p] = B->vals[p] * s;					\
      }
static void sddmm_ann (sf_csr *A, const sf_csr *B, int64_t K, double (*C)[K],
		       double (*D)[K])
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  SDDMM_BODY
}
static void sddmm_ref (sf_csr *A, const sf_csr *B, int64_t K, double (*C)[K],
		       double (*D)[K])
{ SDDMM_BODY }

#define GNN_BODY							\
  for (int64_t i = 0; i < B->nrows; i++)				\
    {									\
      for (int64_t l = 0; l < L; l++)					\
	A[i][l] = 0;							\
      for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	for (int64_t k = 0; k < K; k++)					\
	  for (int64_t l = 0; l < L; l++)				\
	    A[i][l] += B->vals[p] * C[i][k] * D[B->crd[p]][k]		\
		       * E[B->crd[p]][l];				\
    }
static void gnn_ann (const sf_csr *B, int64_t K, int64_t L, double (*C)[K],
		     double (*D)[K], double (*E)[L], double (*A)[L])
{
#pragma tensor A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)
  GNN_BODY
}
static void gnn_ref (const sf_csr *B, int64_t K, int64_t L, double (*C)[K],
		     double (*D)[K], double (*E)[L], double (*A)[L])
{ GNN_BODY }

#define CSF_BODY							\
  {									\
    for (int64_t i = 0; i < B->dims[0] * R; i++)			\
      A[i / R][i % R] = 0;						\
    for (int64_t a = B->pos[0][0]; a < B->pos[0][1]; a++)		\
      for (int64_t b = B->pos[1][a]; b < B->pos[1][a + 1]; b++)		\
	for (int64_t e = B->pos[2][b]; e < B->pos[2][b + 1]; e++)	\
	  {								\
	    int64_t c[3];						\
	    c[B->mode_order[0]] = B->crd[0][a];				\
	    c[B->mode_order[1]] = B->crd[1][b];				\
	    c[B->mode_order[2]] = B->crd[2][e];				\
	    for (int64_t r = 0; r < R; r++)				\
	      A[c[0]][r] += B->vals[e] * C[c[1]][r] * D[c[2]][r];	\
	  }								\
  }
static void csf_012_ann (const sf_csf3 *B, int64_t R, double (*C)[R],
			 double (*D)[R], double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)
  CSF_BODY
}
static void csf_201_ann (const sf_csf3_201 *B, int64_t R, double (*C)[R],
			 double (*D)[R], double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)
  CSF_BODY
}
static void csf_ref (const sf_csf *B, int64_t R, double (*C)[R],
		     double (*D)[R], double (*A)[R])
CSF_BODY

#define COO3_BODY							\
  {									\
    for (int64_t i = 0; i < B->dims[0] * R; i++)			\
      A[i / R][i % R] = 0;						\
    for (int64_t p = 0; p < B->nnz; p++)				\
      for (int64_t r = 0; r < R; r++)					\
	A[B->crd[0][p]][r] += B->vals[p] * C[B->crd[1][p]][r]		\
			      * D[B->crd[2][p]][r];			\
  }
static void coo3_ann (const sf_coo3 *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)
  COO3_BODY
}
static void coo3_ref (const sf_coo *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*A)[R])
COO3_BODY

#define CSF4_BODY							\
  {									\
    for (int64_t i = 0; i < B->dims[0] * R; i++)			\
      A[i / R][i % R] = 0;						\
    for (int64_t a = B->pos[0][0]; a < B->pos[0][1]; a++)		\
      for (int64_t b = B->pos[1][a]; b < B->pos[1][a + 1]; b++)		\
	for (int64_t e = B->pos[2][b]; e < B->pos[2][b + 1]; e++)	\
	  for (int64_t f = B->pos[3][e]; f < B->pos[3][e + 1]; f++)	\
	    for (int64_t r = 0; r < R; r++)				\
	      A[B->crd[0][a]][r] += B->vals[f] * C[B->crd[1][b]][r]	\
				    * D[B->crd[2][e]][r]		\
				    * E[B->crd[3][f]][r];		\
  }
static void csf4_ann (const sf_csf4 *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*E)[R], double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k,l) * C(j,r) * D(k,r) * E(l,r)
  CSF4_BODY
}
static void csf4_ref (const sf_csf *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*E)[R], double (*A)[R])
CSF4_BODY

/* Run the matrix kernels on the Matrix Market file PATH.  */
static void
run_matrix (const char *path)
{
  sf_coo a;
  sf_csr r;
  sf_csc c;
  sf_error err;
  gd_check (sf_read_mtx (path, &a, &err), &err);
  gd_check (sf_coo_sum_duplicates (&a, &err), &err);
  gd_check (sf_coo_to_csr (&a, &r, &err), &err);
  gd_check (sf_coo_to_csc (&a, &c, &err), &err);
  int n = (int) a.dims[0], m = (int) a.dims[1];
  int64_t nnz = a.nnz, K = 16, L = 8;
  const char *name = strrchr (path, '/') + 1;
  double *x = gd_dense (m), *y = gd_dense (n), *w = GD_DUP (y, n + 1);
  struct hb H = { n, m, GD_COPY (int, r.pos, n + 1, 1),
		  GD_COPY (int, r.crd, nnz, 1), GD_DUP (r.vals, nnz) };
  hb_ann (H, x, y), hb_ref (H, x, w);
  gd_compare (name, GD_RANDOM, y, w, n);
  struct csc C = { n, m, GD_COPY (int, c.pos, m + 1, 0),
		   GD_COPY (int, c.crd, nnz, 0), GD_DUP (c.vals, nnz) };
  csc_ann (&C, x, y), csc_ref (&C, x, w);
  gd_compare (name, GD_RANDOM, y, w, n);
  struct coo O = { n, m, (int) nnz, GD_COPY (int, a.crd[0], nnz, 0),
		   GD_COPY (int, a.crd[1], nnz, 0), GD_DUP (a.vals, nnz) };
  coo_ann (&O, x, y), coo_ref (&O, x, w);
  gd_compare (name, GD_RANDOM, y, w, n);
  double *Cd = gd_dense (n * K), *Dd = gd_dense (m * K), *Ed = gd_dense (m * L);
  sf_csr A = r, R = r;
  A.vals = gd_dense (nnz), R.vals = GD_DUP (A.vals, nnz);
  sddmm_ann (&A, &r, K, (void *) Cd, (void *) Dd);
  sddmm_ref (&R, &r, K, (void *) Cd, (void *) Dd);
  gd_compare_norm (name, A.vals, R.vals, nnz);
  double *G = gd_dense (n * L), *W = GD_DUP (G, n * L);
  gnn_ann (&r, K, L, (void *) Cd, (void *) Dd, (void *) Ed, (void *) G);
  gnn_ref (&r, K, L, (void *) Cd, (void *) Dd, (void *) Ed, (void *) W);
  gd_compare_norm (name, G, W, n * L);
  free (H.ia), free (H.ja), free (H.a), free (C.colptr), free (C.rowidx);
  free (C.vals), free (O.row), free (O.col), free (O.vals), free (x);
  free (y), free (w), free (Cd), free (Dd), free (Ed), free (A.vals);
  free (R.vals), free (G), free (W);
  sf_coo_free (&a), sf_csr_free (&r), sf_csc_free (&c);
}

/* Run the tensor kernels on the FROSTT file PATH (order 3 or 4).  */
static void
run_tensor (const char *path)
{
  sf_coo a;
  sf_error err;
  gd_check (sf_read_tns (path, &a, &err), &err);
  gd_check (sf_coo_sort (&a, &err), &err);
  const char *name = strrchr (path, '/') + 1;
  int64_t R = 8, big = 0;
  for (int d = 0; d < a.order; d++)
    big = a.dims[d] > big ? a.dims[d] : big;
  double *C = gd_dense (big * R), *D = gd_dense (big * R);
  double *E = gd_dense (big * R), *A = gd_dense (big * R);
  double *W = GD_DUP (A, big * R);
  sf_csf B;
  if (a.order == 3)
    {
      gd_check (sf_coo_to_csf (&a, NULL, &B, &err), &err);
      csf_012_ann (&B, R, (void *) C, (void *) D, (void *) A);
      csf_ref (&B, R, (void *) C, (void *) D, (void *) W);
      gd_compare (name, GD_RANDOM, A, W, a.dims[0] * R);
      sf_csf_free (&B);
      gd_check (sf_coo_to_csf (&a, (int[]) { 2, 0, 1 }, &B, &err), &err);
      csf_201_ann (&B, R, (void *) C, (void *) D, (void *) A);
      csf_ref (&B, R, (void *) C, (void *) D, (void *) W);
      gd_compare (name, GD_RANDOM, A, W, a.dims[0] * R);
      coo3_ann (&a, R, (void *) C, (void *) D, (void *) A);
      coo3_ref (&a, R, (void *) C, (void *) D, (void *) W);
      gd_compare (name, GD_RANDOM, A, W, a.dims[0] * R);
    }
  else
    {
      gd_check (sf_coo_to_csf (&a, NULL, &B, &err), &err);
      csf4_ann (&B, R, (void *) C, (void *) D, (void *) E, (void *) A);
      csf4_ref (&B, R, (void *) C, (void *) D, (void *) E, (void *) W);
      gd_compare (name, GD_RANDOM, A, W, a.dims[0] * R);
    }
  sf_csf_free (&B);
  free (C), free (D), free (E), free (A), free (W);
  sf_coo_free (&a);
}

int
main (void)
{
  static const char *const matrices[] = {
    "matrices/bcsstk13.mtx", "matrices/pushpull.mtx", "matrices/cryg2500.mtx",
    "matrices/zenios.mtx", "matrices/olm1000.mtx", "matrices/jagmesh7.mtx",
    "matrices/LFAT5.mtx", "matrices/lp_afiro_structure.mtx", "edge/empty.mtx"
  };
  static const char *const tensors[] = {
    "tensors/KG_JF17K_3_ids_1based.tns", "tensors/KG_JF17K_4_ids_1based.tns"
  };
  char path[1024];
  for (unsigned i = 0; i < sizeof matrices / sizeof matrices[0]; i++)
    {
      snprintf (path, sizeof path, "%s/%s", SF_DATA_DIR, matrices[i]);
      run_matrix (path);
    }
  for (unsigned i = 0; i < sizeof tensors / sizeof tensors[0]; i++)
    {
      snprintf (path, sizeof path, "%s/%s", SF_DATA_DIR, tensors[i]);
      run_tensor (path);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 9 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
