/* SpTTM,SpTTM, A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m), B CSF: the sum
   over l of C*D reads dense factors only, so schedule(auto) also
   computes it once into a K x M matrix before the nest and reads it for
   every entry of B (docs/scheduling.md, "Dense sums first"): K*L*M +
   nnz(B)*M instead of the fused schedule's nnz(B_ij)*L*M.  The region
   picks at run time: with few k (K = 6) and full fibers the product
   computed once wins (pick 2); with one entry and K = 3000 it does not.
   Every pick, on every shape of data, under 1 and 2 threads, agrees with
   the unannotated loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-dispatch=all" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "csf-entries.h"
#include "pick-log.h"

#define ARGS const sf_csf3 *B, int64_t NI, int64_t NJ, int64_t NK,	\
	     int64_t NL, int64_t NM, const double (*C)[NL],		\
	     const double (*D)[NM], double (*A)[NJ][NM]
#define BODY								\
  {									\
    for (int64_t x = 0; x < NI * NJ * NM; x++)				\
      A[x / (NJ * NM)][x / NM % NJ][x % NM] = 0;			\
    FOR_ENTRIES (B, i, j, k, v)						\
      for (int64_t l = 0; l < NL; l++)					\
	for (int64_t m = 0; m < NM; m++)				\
	  A[i][j][m] += v * C[k][l] * D[l][m];				\
  }

static void
kernel (ARGS)
{
#pragma tensor A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m)
  BODY
}
static void reference (ARGS) BODY

/* Run one case; WANT the pick (-1: any, -2: any but 2).  */
static void
run (FILE *log, int shape, int64_t NK, int want, int threads)
{
  omp_set_num_threads (threads);
  int64_t NI = 7, NJ = 9, NL = 5, NM = 11;
  sf_csf B;
  make_csf (&B, NI, NJ, NK, shape, 31 + shape);
  double *C = gd_dense (NK * NL), *D = gd_dense (NL * NM);
  int64_t size = NI * NJ * NM;
  double *A = gd_dense (size), *W = GD_DUP (A, size);
  long before = ftell (log);
  kernel (&B, NI, NJ, NK, NL, NM, (void *) C, (void *) D, (void *) A);
  int got = pick_read (log, before);
  reference (&B, NI, NJ, NK, NL, NM, (void *) C, (void *) D, (void *) W);
  char what[96];
  snprintf (what, sizeof what, "SpTTM,SpTTM (%s, K %lld, %d threads)",
	    gd_shape_names[shape], (long long) NK, threads);
  gd_compare_norm (what, A, W, size);
  if ((want >= 0 && got != want) || (want == -2 && got == 2))
    {
      printf ("FAIL %s: picked %d\n", what, got);
      sf_test_failures++;
    }
  free (A), free (W), free (C), free (D);
  sf_csf_free (&B);
}

int
main (void)
{
  FILE *log = pick_log_open ();
  for (int t = 1; t <= 2; t++)
    {
      for (int shape = 0; shape < GD_NSHAPES; shape++)
	run (log, shape, 6, shape == GD_DENSE ? 2 : -1, t);
      run (log, GD_SINGLE, 3000, -2, t);
    }
  return sf_test_status ();
}

/* At the typical point the two cost alike (the product computed once
   pays for zeroing its K x M matrix): the fused schedule is the one
   shown, the product computed once an alternative.  */
/* { dg-final { scan-tree-dump-times "schedule: forall i \\(B compressed\\) forall j \\(B compressed\\) forall k \\(B compressed\\) forall l \\(dense\\) forall m \\(dense\\) \[^\n\]*where w_l: rank 1, size \\|l\\|, heap, fused over i j \\| schedule fused \[^\n\]*\\| run-time choice among 3 \\\[0 naive, 1 fused, 2 fused, dense sums first, C\\*D first\\\]" 1 "sparsefuse" } } */
/* The product's rows are written by different threads: no copy per
   thread, no critical section.  */
/* { dg-final { scan-tree-dump-not "w_km_priv" "sparsefuse" } } */
