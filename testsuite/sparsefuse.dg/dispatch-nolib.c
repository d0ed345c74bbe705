/* A region with a run-time choice in a program linked without the
   runtime library (-no-runtime: no -lsparsefuse): the references to
   sf_llc_bytes and sf_show_pick are weak, so it links, and the cap falls
   back to sysconf.  No runtime header either: the test compares by
   hand.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -no-runtime -fplugin-arg-sparsefuse-orders=1 -fplugin-arg-sparsefuse-dispatch=all" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */
/* { dg-require-effective-target openmp } */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "spmm-gemm-body.h"

#define ARGS const struct csr *B, int K, int L, double (*C)[K],	\
	     double (*D)[L], double (*A)[L]
static void kernel (ARGS)
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)"))
static void reference (ARGS) BODY ()

static unsigned long seed = 12345;
static double
rnd (void)
{
  seed = seed * 6364136223846793005UL + 1442695040888963407UL;
  return (double) (seed >> 11) / 9007199254740992.0 - 0.5;
}

int
main (void)
{
  enum { N = 50, K = 9, L = 7 };
  static int pos[N + 1], crd[N * N];
  static double vals[N * N], C[N][K], D[K][L], A[N][L], R[N][L];
  int nnz = 0;
  for (int i = 0; i < N; i++)
    {
      pos[i] = nnz;
      for (int j = 0; j < N; j++)
	if (rnd () < -0.3 || j == (i * 7) % N)
	  crd[nnz] = j, vals[nnz++] = rnd ();
    }
  pos[N] = nnz;
  for (int j = 0; j < N; j++)
    for (int k = 0; k < K; k++)
      C[j][k] = rnd ();
  for (int k = 0; k < K; k++)
    for (int l = 0; l < L; l++)
      D[k][l] = rnd ();
  struct csr B = { N, N, pos, crd, vals };
  kernel (&B, K, L, C, D, A);
  reference (&B, K, L, C, D, R);
  double err = 0, big = 0;
  for (int i = 0; i < N; i++)
    for (int l = 0; l < L; l++)
      {
	err = fmax (err, fabs (A[i][l] - R[i][l]));
	big = fmax (big, fabs (R[i][l]));
      }
  printf ("%d entries, max difference %g of %g\n", nnz, err, big);
  if (!(err <= 1e-12 * big) || big == 0)
    abort ();
  return 0;
}

/* { dg-final { scan-tree-dump-times "run-time choice among 2" 1 "sparsefuse" } } */
