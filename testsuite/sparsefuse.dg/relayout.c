/* A dense matrix read down its columns by the innermost dot product,
   under a loop over stored entries, is read from a copy in the other
   layout made once per call (lw_choose_relayout): ReACT's kernel
   A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j) with D row-major, the same
   with D column-major (no copy: it is already contiguous in k), and
   SDDMM with D(k,j) into a dense output (no copy either: one sparse
   operand, so k goes outside j and D is read along its rows).  Each
   agrees with its unannotated copy on every shape, serial and on two
   threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

/* ReACT: A holds B's pattern here (A's arrays are B's: the fast path).  */
#include "react-body.h"

static void react_ann (struct csr *A, const struct csr *B,
		       const struct csr *E, int K, int N, double (*C)[K],
		       double (*D)[N])
REACT (_Pragma ("tensor A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)"),
       D[k][j])
static void react_ref (struct csr *A, const struct csr *B,
		       const struct csr *E, int K, int N, double (*C)[K],
		       double (*D)[N])
REACT (, D[k][j])
/* D column-major: D(k,j) at D[j][k].  */
static void reactcm_ann (struct csr *A, const struct csr *B,
			 const struct csr *E, int K, int N, double (*C)[K],
			 double (*D)[K])
REACT (_Pragma ("tensor A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j) colmajor(D)"),
       D[j][k])
static void reactcm_ref (struct csr *A, const struct csr *B,
			 const struct csr *E, int K, int N, double (*C)[K],
			 double (*D)[K])
REACT (, D[j][k])

/* SDDMM with D(k,j) into a dense output.  */
#define SDDMM(PRAGMA)							\
  {									\
    PRAGMA								\
    for (int i = 0; i < B->n; i++)					\
      for (int j = 0; j < N; j++)					\
	{								\
	  double s = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    if (B->crd[p] == j)						\
	      for (int k = 0; k < K; k++)				\
		s += B->vals[p] * C[i][k] * D[k][j];			\
	  O[i][j] = s;							\
	}								\
  }
static void sddmm_ann (const struct csr *B, int K, int N, double (*C)[K],
		       double (*D)[N], double (*O)[N])
SDDMM (_Pragma ("tensor O(i,j) = B(i,j) * C(i,k) * D(k,j)"))
static void sddmm_ref (const struct csr *B, int K, int N, double (*C)[K],
		       double (*D)[N], double (*O)[N])
SDDMM ()

static void
run (const char *what, int shape, struct csr *B, struct csr *E, int K)
{
  int n = B->n, m = B->m;
  double *C = gd_dense ((int64_t) n * K + 1);
  double *D = gd_dense ((int64_t) K * m + 1);
  double *O = gd_dense ((int64_t) n * m + 1);
  double *R = GD_DUP (O, (int64_t) n * m + 1);
  int nnz = B->pos[n];
  struct csr A = *B, AR = *B;
  A.vals = gd_dense (nnz + 1);
  AR.vals = GD_DUP (A.vals, nnz + 1);
  char name[200];
  snprintf (name, sizeof name, "react %s", what);
  react_ann (&A, B, E, K, m, (void *) C, (void *) D);
  react_ref (&AR, B, E, K, m, (void *) C, (void *) D);
  gd_compare_norm (name, A.vals, AR.vals, nnz);
  snprintf (name, sizeof name, "react colmajor %s", what);
  reactcm_ann (&A, B, E, K, m, (void *) C, (void *) D);
  reactcm_ref (&AR, B, E, K, m, (void *) C, (void *) D);
  gd_compare_norm (name, A.vals, AR.vals, nnz);
  snprintf (name, sizeof name, "sddmm %s", what);
  sddmm_ann (B, K, m, (void *) C, (void *) D, (void *) O);
  sddmm_ref (B, K, m, (void *) C, (void *) D, (void *) R);
  gd_compare_norm (name, O, R, (int64_t) n * m);
  (void) shape;
  free (C), free (D), free (O), free (R), free (A.vals), free (AR.vals);
}


int
main (void)
{
  static const int sizes[][3] = { { 1, 1, 1 }, { 9, 13, 5 }, { 30, 31, 17 },
				  { 40, 7, 64 } };
  for (int threads = 1; threads <= 2; threads++)
    {
      omp_set_num_threads (threads);
      for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
	for (int shape = 0; shape < GD_NSHAPES; shape++)
	  {
	    struct csr B, E;
	    GD_MAKE_CSR (&B, sizes[s][0], sizes[s][1], shape, 800 + s);
	    GD_MAKE_CSR (&E, sizes[s][0], sizes[s][1], (shape + 1) % GD_NSHAPES,
		      900 + s);
	    char what[120];
	    snprintf (what, sizeof what, "%dx%d K=%d %s, %d threads",
		      sizes[s][0], sizes[s][1], sizes[s][2],
		      gd_shape_names[shape], threads);
	    run (what, shape, &B, &E, sizes[s][2]);
	    free (B.pos), free (B.crd), free (B.vals);
	    free (E.pos), free (E.crd), free (E.vals);
	  }
    }
  return sf_test_status ();
}

/* Only the row-major D of ReACT's kernel is copied.  */
/* { dg-final { scan-tree-dump-times "D read from a copy in the other layout" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "forall i \\(dense\\) forall k \\(dense\\) forall j \\(B compressed\\)" 1 "sparsefuse" } } */
