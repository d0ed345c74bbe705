/* Scratch arrays of the statement (issue: everyday robustness): a row
   accumulator the loop fills, stores from and leaves behind, declared
     - before the pragma with a fixed size, nothing after the region
       reading it (the region's own, no clause);
     - before the pragma as a VLA of the row's width;
     - as a VLA inside the annotated block;
     - before a time-step loop holding the region (the next step's
       region mentions it), named in scratch(acc);
     - in the body of the program's own '#pragma omp parallel', over the
       annotated loop's 'omp for' (each thread's array);
   each SpMM A(i,k) = B(i,j) * C(j,k) against its unannotated copy, at
   one and two threads.  Included by scratch-arrays.c (-O2),
   scratch-arrays-O0.c and scratch-arrays-O3.c.  */

#ifdef _OPENMP
#include <omp.h>
#else
#define omp_set_num_threads(n) ((void) (n))
#endif
#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define KMAX 16

/* The loop over rows, accumulating row i in ACC, then storing it.  */
#define ROWS(B, K, C, A, acc)						\
  for (int i = 0; i < (B)->n; i++)					\
    {									\
      for (int k = 0; k < (K); k++)					\
	(acc)[k] = 0;							\
      for (int p = (B)->rowptr[i]; p < (B)->rowptr[i + 1]; p++)		\
	for (int k = 0; k < (K); k++)					\
	  (acc)[k] += (B)->vals[p] * (C)[(B)->colidx[p]][k];		\
      for (int k = 0; k < (K); k++)					\
	(A)[i][k] = (acc)[k];						\
    }

static void
fixed_before (const struct csr *B, int K, double (*C)[K], double (*A)[K])
{
  double acc[KMAX];
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  ROWS (B, K, C, A, acc)
}

static void
vla_before (const struct csr *B, int K, double (*C)[K], double (*A)[K])
{
  double acc[K];
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  ROWS (B, K, C, A, acc)
}

static void
vla_inside (const struct csr *B, int K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  for (int i = 0; i < B->n; i++)
    {
      double acc[K];
      for (int k = 0; k < K; k++)
	acc[k] = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	for (int k = 0; k < K; k++)
	  acc[k] += B->vals[p] * C[B->colidx[p]][k];
      for (int k = 0; k < K; k++)
	A[i][k] = acc[k];
    }
}

static void
in_parallel (const struct csr *B, int K, double (*C)[K], double (*A)[K])
{
#pragma omp parallel
  {
    double acc[KMAX];
#pragma tensor A(i,k) = B(i,j) * C(j,k)
#pragma omp for
    ROWS (B, K, C, A, acc)
  }
}

/* STEPS products, each of the previous result (B square).  */
static void
steps_named (const struct csr *B, int K, int steps, double (*C)[K],
	     double (*A)[K])
{
  double acc[KMAX];
  for (int s = 0; s < steps; s++)
    {
#pragma tensor A(i,k) = B(i,j) * C(j,k) scratch(acc)
      ROWS (B, K, C, A, acc)
      for (int i = 0; i < B->n; i++)
	for (int k = 0; k < K; k++)
	  C[i][k] = A[i][k] / 4;
    }
}

static void
rows_ref (const struct csr *B, int K, double (*C)[K], double (*A)[K])
{
  double acc[KMAX];
  ROWS (B, K, C, A, acc)
}

static void
check (int n, double density, int K, int threads)
{
  struct csr B;
  B.n = B.m = n;
  sf_test_pattern_int (n, n, density, &B.rowptr, &B.colidx, &B.vals);
  double (*C)[K] = malloc ((n + 1) * K * sizeof (double));
  double (*C2)[K] = malloc ((n + 1) * K * sizeof (double));
  double (*A)[K] = malloc ((n + 1) * K * sizeof (double));
  double (*W)[K] = malloc ((n + 1) * K * sizeof (double));
  long len = (long) n * K;
  char what[96];
  omp_set_num_threads (threads);
  sf_test_fill (&C[0][0], len);
  rows_ref (&B, K, C, W);
  void (*const fns[]) (const struct csr *, int, double (*)[K],
		       double (*)[K]) = { fixed_before, vla_before,
					  vla_inside, in_parallel };
  const char *const names[] = { "fixed before", "VLA before", "VLA inside",
				"in omp parallel" };
  for (int f = 0; f < 4; f++)
    {
      sf_test_fill (&A[0][0], len);
      fns[f] (&B, K, C, A);
      snprintf (what, sizeof what, "%s n=%d K=%d, %d threads", names[f], n,
		K, threads);
      sf_test_compare (what, &A[0][0], &W[0][0], len, 1e-12);
    }
  memcpy (C2, C, len * sizeof (double));
  steps_named (&B, K, 3, C, A);
  for (int s = 0; s < 3; s++)
    {
      rows_ref (&B, K, C2, W);
      for (int i = 0; i < n; i++)
	for (int k = 0; k < K; k++)
	  C2[i][k] = W[i][k] / 4;
    }
  snprintf (what, sizeof what, "scratch(acc) in steps n=%d K=%d, %d threads",
	    n, K, threads);
  sf_test_compare (what, &A[0][0], &W[0][0], len, 1e-12);
  free (B.rowptr), free (B.colidx), free (B.vals);
  free (C), free (C2), free (A), free (W);
}

int
main (void)
{
  for (int threads = 1; threads <= 2; threads++)
    {
      check (1, 1.0, 1, threads);
      check (30, 0.2, 5, threads);
      check (300, 0.03, 16, threads);
    }
  return sf_test_status ();
}
