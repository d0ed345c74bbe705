/* Output blocks: SpMM,GEMM into a column-major output, written as a
   Fortran-minded code would (A is stored L x N, A[l][i] the element
   (i,l)).  The fused schedule's innermost loop runs over l, which is not
   A's contiguous index, so below the loop over i the nest adds into a
   block w_l laid out in the loop order and copies it into A's column
   afterwards.  Three forms: "=" (the copy stores, rows B leaves empty
   are zeroed first), "+=" (the copy adds), and a float output (the block
   in double).  Each agrees with its unannotated copy on every shape of
   random matrix and on the real matrices, under 1, 2 and 4 threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define BODY(OP)							\
  {									\
    for (int i = 0; i < B->n; i++)					\
      for (int l = 0; l < L; l++)					\
	{								\
	  double s = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    for (int k = 0; k < K; k++)					\
	      s += B->vals[p] * C[B->crd[p]][k] * D[k][l];		\
	  A[l][i] OP s;							\
	}								\
  }

#define ARGS(T) const struct csr *B, int N, int K, int L,		\
		double (*C)[K], double (*D)[L], T (*A)[N]
static void set_ann (ARGS (double))
{
#pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) colmajor(A) shape(A: N, L)
  BODY (=)
}
static void set_ref (ARGS (double)) BODY (=)

static void add_ann (ARGS (double))
{
#pragma tensor A(i,l) += B(i,j) * C(j,k) * D(k,l) colmajor(A) shape(A: N, L)
  BODY (+=)
}
static void add_ref (ARGS (double)) BODY (+=)

static void flt_ann (ARGS (float))
{
#pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) colmajor(A) shape(A: N, L)
  BODY (=)
}
static void flt_ref (ARGS (float)) BODY (=)

/* Run the three kernels on the matrix A_ with dense extents K, L.  */
static void
run (const char *what, const sf_coo *a_, int K, int L)
{
  struct csr B;
  GD_CSR_FROM_COO (&B, a_);
  int n = B.n, m = B.m;
  double *C = gd_dense ((int64_t) m * K + 1), *D = gd_dense ((int64_t) K * L + 1);
  double *A = gd_dense ((int64_t) L * n + 1), *R = GD_DUP (A, (int64_t) L * n + 1);
  set_ann (&B, n, K, L, (void *) C, (void *) D, (void *) A);
  set_ref (&B, n, K, L, (void *) C, (void *) D, (void *) R);
  gd_compare_norm (what, A, R, (int64_t) L * n);
  add_ann (&B, n, K, L, (void *) C, (void *) D, (void *) A);
  add_ref (&B, n, K, L, (void *) C, (void *) D, (void *) R);
  gd_compare_norm (what, A, R, (int64_t) L * n);
  float *Af = gd_dense_float ((int64_t) L * n + 1);
  float *Rf = GD_COPY (float, Af, (int64_t) L * n + 1, 0);
  flt_ann (&B, n, K, L, (void *) C, (void *) D, (void *) Af);
  flt_ref (&B, n, K, L, (void *) C, (void *) D, (void *) Rf);
  gd_compare_float (what, 0, Af, Rf, (int64_t) L * n);
  free (B.pos), free (B.crd), free (B.vals);
  free (C), free (D), free (A), free (R), free (Af), free (Rf);
}

int
main (void)
{
  static const int sizes[][4] = {
    { 13, 17, 5, 4 }, { 1, 1, 1, 1 }, { 20, 3, 9, 2 }, { 0, 6, 3, 3 },
    { 25, 25, 16, 11 }
  };
  for (int t = 1; t <= 4; t *= 2)
    {
      omp_set_num_threads (t);
      for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
	for (int shape = 0; shape < GD_NSHAPES; shape++)
	  {
	    sf_coo a;
	    gd_coo (&a, 2, (int64_t[]) { sizes[s][0], sizes[s][1] }, shape,
		    11 * s + shape + 1);
	    char what[64];
	    snprintf (what, sizeof what, "%dx%d %s, %d threads", sizes[s][0],
		      sizes[s][1], gd_shape_names[shape], t);
	    run (what, &a, sizes[s][2], sizes[s][3]);
	    sf_coo_free (&a);
	  }
#ifdef SF_DATA_DIR
      static const char *const matrices[] = {
	"matrices/bcsstk13.mtx", "matrices/LFAT5.mtx", "edge/empty.mtx"
      };
      for (unsigned i = 0; i < sizeof matrices / sizeof matrices[0]; i++)
	{
	  char path[1024];
	  snprintf (path, sizeof path, "%s/%s", SF_DATA_DIR, matrices[i]);
	  sf_coo a;
	  sf_error err;
	  if (sf_read_mtx (path, &a, &err) != 0)
	    continue;		/* the data folder is optional */
	  gd_check (sf_coo_sum_duplicates (&a, &err), &err);
	  run (matrices[i], &a, 16, 8);
	  sf_coo_free (&a);
	}
#endif
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "where w_k: rank 1, size \\|k\\|, \[a-z\]+, fused over i; block w_l: rank 1, size \\|l\\|, \[a-z\]+, fused over i \\| schedule fused" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
