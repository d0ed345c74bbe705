/* assume() changes what schedule(auto) generates (docs/scheduling.md).
   SpMM,GEMM, A(i,l) = B(i,j) * C(j,k) * D(k,l), in two functions:
     sparse_rows  assume(nnz(B) <= dim(B, 0)): at most one entry per row
                  on average; then the single nest, nnz(B)*K*L, is never
                  slower than the fused nnz(B)*K + I*K*L and needs no
                  workspace: the solver drops the fused schedule;
     many_rows    assume(nnz(B) >= 4 * dim(B, 0)): both stay on the
                  frontier (the fused one is faster when K and L are
                  large, the nest needs no memory) and the typical sizes
                  pick the fused one.
   Both agree with the unannotated loop, on rows as sparse or as full as
   the data makes them (the assumptions steer the choice; the code is
   right either way).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"

#include "spmm-gemm-body.h"

#define ARGS const struct csr *B, int K, int L, double (*C)[K],	\
	     double (*D)[L], double (*A)[L]
static void sparse_rows (ARGS)
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) assume(nnz(B) <= dim(B, 0))"))
static void many_rows (ARGS)
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) assume(nnz(B) >= 4 * dim(B, 0))"))
static void reference (ARGS) BODY ()

int
main (void)
{
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    for (int K = 1; K <= 9; K += 4)
      {
	sf_coo a;
	gd_coo (&a, 2, (int64_t[]) { 17, 11 }, shape, 40 + K);
	sf_csr r;
	sf_error err;
	gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	struct csr B = { (int) r.nrows, (int) r.ncols,
			 GD_COPY (int, r.pos, r.nrows + 1, 0),
			 GD_COPY (int, r.crd, a.nnz, 0), GD_DUP (r.vals, a.nnz) };
	int L = 6;
	double *C = gd_dense (11 * K), *D = gd_dense (K * L);
	double *A1 = gd_dense (17 * L), *A2 = GD_DUP (A1, 17 * L);
	double *R = GD_DUP (A1, 17 * L);
	sparse_rows (&B, K, L, (void *) C, (void *) D, (void *) A1);
	many_rows (&B, K, L, (void *) C, (void *) D, (void *) A2);
	reference (&B, K, L, (void *) C, (void *) D, (void *) R);
	gd_compare_norm ("sparse_rows", A1, R, 17 * L);
	gd_compare_norm ("many_rows", A2, R, 17 * L);
	free (B.pos), free (B.crd), free (B.vals);
	free (C), free (D), free (A1), free (A2), free (R);
	sf_csr_free (&r);
	sf_coo_free (&a);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| schedule naive \\(\[^)\]*\\) \\| time \[^\n\]*nnz\\(B\\)\\*L\\*K, memory 0 bytes \\| 1 of 2 on the Pareto frontier" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*where w_k: rank 1\[^\n\]*\\| schedule fused \\(\[^)\]*\\) \\| time \[^\n\]*, memory 8\\*K bytes \\| 2 of 2 on the Pareto frontier" 1 "sparsefuse" } } */
