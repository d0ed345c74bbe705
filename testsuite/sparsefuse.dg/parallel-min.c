/* Threads only when they pay (docs/fusion.md, "Parallel code"): with the
   default bound (parallel-min=32768, given here because the harness
   passes 0), each parallel loop carries the if clause on the region's
   estimated iterations; SpMV and SpMM on a tiny matrix and a large one,
   under 2 threads, agree with the loop either way.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-parallel-min=32768" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define SPMV_BODY							\
  for (int i = 0; i < B->n; i++)					\
    {									\
      y[i] = 0;								\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	y[i] += B->vals[p] * x[B->crd[p]];				\
    }
#define SPMM_BODY							\
  for (int i = 0; i < B->n; i++)					\
    for (int k = 0; k < K; k++)						\
      {									\
	A[i][k] = 0;							\
	for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	  A[i][k] += B->vals[p] * C[B->crd[p]][k];			\
      }

static void spmv (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  SPMV_BODY
}
static void spmv_ref (const struct csr *B, const double *x, double *y)
{
  SPMV_BODY
}
static void spmm (const struct csr *B, int K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  SPMM_BODY
}
static void spmm_ref (const struct csr *B, int K, double (*C)[K],
		      double (*A)[K])
{
  SPMM_BODY
}

int
main (void)
{
  omp_set_num_threads (2);
  static const int rows[] = { 7, 3000 };
  for (int r = 0; r < 2; r++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	int n = rows[r], K = 16;
	struct csr B;
	GD_MAKE_CSR (&B, n, n, shape, 91 + shape);
	double *x = gd_dense (n), *y = gd_dense (n), *w = GD_DUP (y, n);
	spmv (&B, x, y);
	spmv_ref (&B, x, w);
	gd_compare ("spmv", shape, y, w, n);
	double *C = gd_dense ((int64_t) n * K), *A = gd_dense ((int64_t) n * K);
	double *R = GD_DUP (A, (int64_t) n * K);
	spmm (&B, K, (void *) C, (void *) A);
	spmm_ref (&B, K, (void *) C, (void *) R);
	gd_compare ("spmm", shape, A, R, (int64_t) n * K);
	free (B.pos), free (B.crd), free (B.vals);
	free (x), free (y), free (w), free (C), free (A), free (R);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "int64_t threads_pay\[_0-9\]* = 32768\\.0 <= " 2 "sparsefuse" } } */
/* Each parallel loop is a parallel region whose threads split the rows
   by work (SpMM's also allocates its row of A once per thread); SpMV has
   two, the loop as it was and the one with partial sums, one of which
   runs a call.  The threads test is the region's if clause, or, for a
   loop with a serial alternative (the loop as it was, its streams test
   taken out of it by opt/unswitch.c), the test before it.  */
/* { dg-final { scan-tree-dump-times "#pragma omp parallel (for schedule\\(dynamic, 16\\) )?if \\(threads_pay\[_0-9\]*\\)|if \\(threads_pay\[_0-9\]*\\)\n *\\\{\n *#pragma omp parallel\n" 3 "sparsefuse" } } */
