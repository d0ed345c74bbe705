/* A workspace whose size is known when compiling (K = 16 from the C
   types) lives on the stack, allocated once per thread and call between a
   stack save and restore: 40000 calls in a row (two kilobytes each: 80
   MB if the stack were not restored, ten times the usual 8 MB limit) must
   not exhaust the stack, and every call agrees with the unannotated loop.
   (Each call is a parallel region; on a loaded machine a join can cost a
   scheduler slice, so the count is no larger than the test needs.)  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"

#define KK 16
#define LL 8

#define BODY								\
  for (int64_t i = 0; i < B->nrows; i++)				\
    for (int l = 0; l < LL; l++)					\
      {									\
	double s = 0;							\
	for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	  for (int k = 0; k < KK; k++)					\
	    s += B->vals[p] * C[B->crd[p]][k] * D[k][l];		\
	A[i][l] = s;							\
      }

static void
ann (const sf_csr *B, double (*C)[KK], double (*D)[LL], double (*A)[LL])
{
#pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)
  BODY
}

static void
ref (const sf_csr *B, double (*C)[KK], double (*D)[LL], double (*A)[LL])
{
  BODY
}

int
main (void)
{
  sf_coo a;
  sf_csr B;
  sf_error err;
  gd_coo (&a, 2, (int64_t[]) { 3, 5 }, GD_RANDOM, 7);
  gd_check (sf_coo_to_csr (&a, &B, &err), &err);
  double *C = gd_dense (5 * KK), *D = gd_dense (KK * LL);
  double *A = gd_dense (3 * LL), *R = GD_DUP (A, 3 * LL);
  ref (&B, (void *) C, (void *) D, (void *) R);
  for (int t = 1; t <= 2; t++)
    {
      omp_set_num_threads (t);
      for (int n = 0; n < 20000; n++)
	ann (&B, (void *) C, (void *) D, (void *) A);
      gd_compare ("spmm,gemm", GD_RANDOM, A, R, 3 * LL);
    }
  free (C), free (D), free (A), free (R);
  sf_csr_free (&B), sf_coo_free (&a);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "where w_k: rank 1, size \\|k\\|, stack, fused over i" "sparsefuse" } } */
/* One row of the workspace per thread; the product by D in register
   tiles (opt/tiles.c).  */
/* { dg-final { scan-tree-dump "double w_k\\\[16\\\];" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "register tiles of 4 rows" "sparsefuse" } } */
