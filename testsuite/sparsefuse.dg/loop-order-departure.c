/* A(i,j) = x(i) * B(k,l) * C(k,j), B in CSR: the preferred loop order
   puts the output's i first, so every schedule in it sums over B once
   per i (time nnz(B)*I + I*J*K).  schedule(auto) also tries loop orders
   that depart from the preferred one (lower/order.c,
   lw_order_variants); in k l i j the sum over k and l becomes a
   workspace w(j) filled once, and the output reads it: time nnz(B) +
   J*K + I*J.  The region carries both schedules and picks at run time by
   time among those whose workspaces fit in memory(...) and half the
   last-level cache.  The loop filling w runs in parallel, each thread
   adding its rows of B into its own copy of w (opt/privatize.c).  Both
   picks, on random and real matrices, under 1, 2 and 4 threads, agree
   with the unannotated loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"
#include "pick-log.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define ARGS const struct csr *B, int I, int J, const double *x,	\
	     const double (*C)[J], double (*A)[J], long cap
#define BODY(PRAGMA)							\
  {									\
    PRAGMA								\
    for (int i = 0; i < I; i++)						\
      for (int j = 0; j < J; j++)					\
	{								\
	  double s = 0;							\
	  for (int k = 0; k < B->n; k++)				\
	    for (int p = B->pos[k]; p < B->pos[k + 1]; p++)		\
	      s += B->vals[p] * C[k][j];				\
	  A[i][j] = x[i] * s;						\
	}								\
  }
static void ann (ARGS)
BODY (_Pragma ("tensor A(i,j) = x(i) * B(k,l) * C(k,j) shape(A: I, J) shape(C: B->n, J) shape(x: I) memory(cap)"))
static void ref (ARGS)
BODY ()

static FILE *log_;

/* Run both picks on B with I rows of output and J columns; NAME says
   which matrix.  */
static void
run (const struct csr *B, int I, int J, const char *name)
{
  double *x = gd_dense (I + 1), *C = gd_dense ((int64_t) B->n * J + 1);
  for (int small = 0; small < 2; small++)
    {
      /* The workspace w(j) holds J doubles.  */
      long cap = small ? 8L * J - 1 : 1L << 20;
      double *A = gd_dense ((int64_t) I * J + 1);
      double *R = GD_DUP (A, (int64_t) I * J + 1);
      long before = ftell (log_);
      ann (B, I, J, x, (void *) C, (void *) A, cap);
      int got = pick_read (log_, before);
      ref (B, I, J, x, (void *) C, (void *) R, cap);
      char what[160];
      snprintf (what, sizeof what, "%s, I=%d J=%d, %d threads, cap %ld",
		name, I, J, omp_get_max_threads (), cap);
      gd_compare_norm (what, A, R, (int64_t) I * J);
      if (got != !small)
	{
	  printf ("FAIL %s: picked %d\n", what, got);
	  sf_test_failures++;
	}
      free (A), free (R);
    }
  free (x), free (C);
}

int
main (void)
{
  log_ = pick_log_open ();
  for (int t = 1; t <= 4; t *= 2)
    {
      omp_set_num_threads (t);
      for (int shape = 0; shape < GD_NSHAPES; shape++)
	{
	  struct csr B;
	  GD_MAKE_CSR (&B, 30, 17, shape, 40 + shape);
	  run (&B, 25, 9, gd_shape_names[shape]);
	  free (B.pos), free (B.crd), free (B.vals);
	}
      char path[1024];
      snprintf (path, sizeof path, "%s/matrices/LFAT5.mtx", SF_DATA_DIR);
      struct csr B;
      if (GD_READ_CSR (&B, path))
	{
	  run (&B, 12, 20, "LFAT5");
	  free (B.pos), free (B.crd), free (B.vals);
	}
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: forall k \\(dense\\) forall l \\(B compressed\\) forall i \\(dense\\) forall j \\(dense\\) \[^\n\]*where w_j: rank 1, size \\|j\\|\[^\n\]*\\| schedule fused, order k l i j \\(\[^)\]*\\) \\| time I \\+ J \\+ K \\+ nnz\\(B\\) \\+ I\\*J \\+ J\\*K, memory 8\\*J bytes \[^\n\]*run-time choice among 2 \\\[0 naive, 1 fused, order k l i j\\\]" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| the loop over k\[_0-9a-z\]* adds into w_j in parallel, a copy of w_j per thread" 1 "sparsefuse" } } */
