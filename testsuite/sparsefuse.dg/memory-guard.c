/* memory(N) holds where the run-time choice by time cannot be made:
   SpMM,GEMM, A(i,l) = B(i,j) * C(j,k) * D(k,l), with B in COO (the run
   count of a COO level is not known before a pass over it, so no time
   polynomial can be evaluated when the region starts).  The fused
   schedule (a K-vector per row) is emitted with the single nest, and the
   region picks by memory alone: fused when 8*K bytes fit in memory(cap)
   and half the last-level cache, else the single nest.  Both agree with
   the loop on every shape of data; SPARSEFUSE_SHOW_PICK says which ran.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"
#include "pick-log.h"

typedef struct { int n, m, nnz; int *row, *col; double *val; } coo_t;
#pragma tensor format coo_t dims(n, m) levels(coo(nnz, row), singleton(col)) values(val)

#define BODY								\
  {									\
    for (int i = 0; i < B->n; i++)					\
      for (int l = 0; l < L; l++)					\
	A[i][l] = 0;							\
    for (int p = 0; p < B->nnz; p++)					\
      for (int k = 0; k < K; k++)					\
	for (int l = 0; l < L; l++)					\
	  A[B->row[p]][l] += B->val[p] * C[B->col[p]][k] * D[k][l];	\
  }
#define ARGS const coo_t *B, int K, int L, double (*C)[K],		\
	     double (*D)[L], double (*A)[L], long cap
static void kernel (ARGS)
{
#pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) memory(cap)
  BODY
}
static void reference (ARGS) BODY

int
main (void)
{
  FILE *log = pick_log_open ();
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    for (int fits = 0; fits < 2; fits++)
      {
	const int n = 23, m = 19, K = 6, L = 5;
	sf_coo a;
	gd_coo (&a, 2, (int64_t[]) { n, m }, shape, 60 + shape);
	coo_t B = { n, m, (int) a.nnz, GD_COPY (int, a.crd[0], a.nnz, 0),
		    GD_COPY (int, a.crd[1], a.nnz, 0), GD_DUP (a.vals, a.nnz) };
	double *C = gd_dense (m * K), *D = gd_dense (K * L);
	double *A = gd_dense (n * L), *R = GD_DUP (A, n * L);
	long cap = fits ? 8 * K : 8 * K - 1;
	long before = ftell (log);
	kernel (&B, K, L, (void *) C, (void *) D, (void *) A, cap);
	int got = pick_read (log, before);
	reference (&B, K, L, (void *) C, (void *) D, (void *) R, cap);
	char what[64];
	snprintf (what, sizeof what, "coo spmm,gemm (%s, cap %ld)",
		  gd_shape_names[shape], cap);
	gd_compare_norm (what, A, R, n * L);
	if (got != fits)
	  {
	    printf ("FAIL %s: picked %d\n", what, got);
	    sf_test_failures++;
	  }
	free (B.row), free (B.col), free (B.val);
	free (C), free (D), free (A), free (R);
	sf_coo_free (&a);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| schedule fused \[^\n\]*\\| run-time choice among 2 \\\[0 naive, 1 fused\\\]: 1 when its workspaces fit in half the last-level cache and memory\\(\\.\\.\\.\\), else 0" 1 "sparsefuse" } } */
