/* The run-time choice keeps only alternatives worth their code: one is
   emitted beside the pick of the typical sizes only when, for some of
   the sizes sampled (extents 8, 64, 512; 1, 8, 64 positions per parent
   at each stored level), it is predicted at least 1.5x faster than every
   other one kept (docs/scheduling.md, "The run-time choice").
   SpMM,GEMM's single nest is on the Pareto frontier but at most about
   1.2x faster anywhere: the fused schedule is emitted alone, the dump
   says why, and it agrees with the loop on every shape.  dispatch-pick.c
   and ttmc-picks.c keep every alternative (dispatch=all).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-orders=1" } */

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

/* { dg-final { scan-tree-dump-times "region 0 candidate 1: naive \\| time \[^\n\]* \\| on the Pareto frontier, at most 1\\.\[0-4\]\[0-9\]x faster than the alternatives kept over the sizes sampled\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 0 candidate 2: fused \\| time \[^\n\]* \\| chosen\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "run-time choice" "sparsefuse" } } */
