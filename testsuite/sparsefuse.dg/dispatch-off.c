/* -fplugin-arg-sparsefuse-dispatch=no: schedule(auto) emits the schedule
   the typical sizes pick and no run-time choice (compare dispatch-pick.c,
   where the same region keeps two).  The dump says how long the
   lowering and the choice took.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-dispatch=no -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */

#include "gen-data.h"

#include "spmm-gemm-body.h"

#define ARGS const struct csr *B, int K, int L, double (*C)[K],	\
	     double (*D)[L], double (*A)[L]
static void kernel (ARGS)
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)"))
static void reference (ARGS) BODY ()

int
main (void)
{
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    {
      struct csr B;
      GD_MAKE_CSR (&B, 23, 19, shape, 7 + shape);
      int K = 5, L = 7;
      double *C = gd_dense (19 * K), *D = gd_dense (K * L);
      double *A = gd_dense (23 * L), *R = GD_DUP (A, 23 * L);
      kernel (&B, K, L, (void *) C, (void *) D, (void *) A);
      reference (&B, K, L, (void *) C, (void *) D, (void *) R);
      gd_compare_norm (gd_shape_names[shape], A, R, 23 * L);
      free (B.pos), free (B.crd), free (B.vals);
      free (C), free (D), free (A), free (R);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| schedule fused \[^\n\]*\\| 2 of 2 on the Pareto frontier" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "run-time choice" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region 0 scheduled in \[0-9.\]+ ms" 1 "sparsefuse" } } */
