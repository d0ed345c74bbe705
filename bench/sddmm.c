/* SDDMM side by side: A(i,j) = B(i,j) * C(i,k) * D(j,k), B CSR, A sharing
   B's pattern, C and D dense N x K.

   The binary holds the annotated kernel and an unannotated copy of the
   same loop.  Compiled with the plugin, the first is replaced and the
   second is what plain GCC makes of the loop, under the same flags.  Both
   run on the same data; the results must agree (relative 1e-12) before
   any time is printed: max |A - R| / max |R| <= 1e-12 (norm-wise: the
   generated code may associate the product differently, and single
   entries whose k-sum cancels amplify rounding element-wise).  Then: warm-up, REPS alternating runs, median,
   min and max of each, and the ratio of medians.

     bench/sddmm [MATRIX.mtx | rmat:SCALE] [K] [REPS]  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include "sparsefuse.h"

static void
sddmm_annotated (sf_csr *A, const sf_csr *B, int64_t K, double (*C)[K],
		 double (*D)[K])
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  for (int64_t i = 0; i < B->nrows; i++)
    for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	double s = 0;
	for (int64_t k = 0; k < K; k++)
	  s += C[i][k] * D[B->crd[p]][k];
	A->vals[p] = B->vals[p] * s;
      }
}

static void
sddmm_plain (sf_csr *A, const sf_csr *B, int64_t K, double (*C)[K],
	     double (*D)[K])
{
  for (int64_t i = 0; i < B->nrows; i++)
    for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	double s = 0;
	for (int64_t k = 0; k < K; k++)
	  s += C[i][k] * D[B->crd[p]][k];
	A->vals[p] = B->vals[p] * s;
      }
}

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Read the matrix named by SPEC (a .mtx path or rmat:SCALE) into B;
   return 0 or print the error and return 1.  */
static int
load (const char *spec, sf_csr *B)
{
  sf_coo coo;
  sf_error err;
  int rc = strncmp (spec, "rmat:", 5) == 0
	   ? sf_gen_rmat (atoi (spec + 5), 16.0, 0.57, 0.19, 0.19, 42, &coo, &err)
	   : sf_read_mtx (spec, &coo, &err);
  if (rc == 0)
    rc = sf_coo_to_csr (&coo, B, &err);
  if (rc == 0)
    rc = sf_check_csr (B, &err);
  if (rc)
    fprintf (stderr, "sddmm: %s\n", err.message);
  sf_coo_free (&coo);
  return rc != 0;
}

int
main (int argc, char **argv)
{
  const char *spec = argc > 1 ? argv[1] : "rmat:14";
  int64_t K = argc > 2 ? atol (argv[2]) : 64;
  int reps = argc > 3 ? atoi (argv[3]) : 7;
  sf_csr B;
  if (load (spec, &B) || K < 1 || reps < 1)
    return 1;
  int64_t nnz = sf_csr_nnz (&B), n = B.nrows, m = B.ncols;
  sf_csr A = B, R = B;
  A.vals = malloc ((nnz + 1) * sizeof (double));
  R.vals = malloc ((nnz + 1) * sizeof (double));
  double (*C)[K] = malloc ((n + 1) * K * sizeof (double));
  double (*D)[K] = malloc ((m + 1) * K * sizeof (double));
  sf_gen_dense (&C[0][0], (size_t) (n * K), 1);
  sf_gen_dense (&D[0][0], (size_t) (m * K), 2);
  sddmm_annotated (&A, &B, K, C, D);
  sddmm_plain (&R, &B, K, C, D);
  double diff = 0, scale = 0;
  for (int64_t p = 0; p < nnz; p++)
    {
      diff = fmax (diff, fabs (A.vals[p] - R.vals[p]));
      scale = fmax (scale, fabs (R.vals[p]));
    }
  double worst = scale > 0 ? diff / scale : diff;
  if (worst > 1e-12)
    {
      fprintf (stderr, "sddmm: results differ (max relative %.3g)\n", worst);
      return 1;
    }
  double *ta = malloc (reps * sizeof (double)), *tp = malloc (reps * sizeof (double));
  for (int r = 0; r < reps; r++)
    {
      double t0 = now ();
      sddmm_annotated (&A, &B, K, C, D);
      double t1 = now ();
      sddmm_plain (&R, &B, K, C, D);
      double t2 = now ();
      ta[r] = t1 - t0, tp[r] = t2 - t1;
    }
  qsort (ta, reps, sizeof (double), cmp_double);
  qsort (tp, reps, sizeof (double), cmp_double);
  printf ("sddmm %s: %lld x %lld, nnz %lld, K %lld, %d runs, results agree "
	  "(norm-wise rel diff %.2g)\n", spec, (long long) n, (long long) m,
	  (long long) nnz, (long long) K, reps, worst);
  printf ("  %-22s median %9.3f ms  min %9.3f  max %9.3f\n", "annotated",
	  1e3 * ta[reps / 2], 1e3 * ta[0], 1e3 * ta[reps - 1]);
  printf ("  %-22s median %9.3f ms  min %9.3f  max %9.3f\n", "unannotated copy",
	  1e3 * tp[reps / 2], 1e3 * tp[0], 1e3 * tp[reps - 1]);
  printf ("  speedup (median unannotated / median annotated): %.2fx\n",
	  tp[reps / 2] / ta[reps / 2]);
  free (ta), free (tp), free (A.vals), free (R.vals), free (C), free (D);
  sf_csr_free (&B);
  return 0;
}
