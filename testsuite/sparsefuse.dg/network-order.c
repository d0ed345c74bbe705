/* The tensor network R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) *
   D(j,k,r), every operand CSF: schedule(auto) contracts A and B over p
   first (sched/candidates.c, candidate 3: p placed as early as A and B allow,
   order j i p k q r), into a workspace W(q,r) per (j,i) that the rest
   reads for every k.  The workspace keeps sparse indices, so it is as
   large as their extents: the region picks it at run time only when it
   fits in memory(...) and half the last-level cache, else the single
   nest.  Both picks, on every shape of data, under 1 and 2 threads,
   agree with the unannotated loop; SPARSEFUSE_SHOW_PICK's output says
   which ran.  The outer loop over j intersects B and D: it runs in
   parallel over B's j, each searched for in D (lw_emit_searched).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "csf-entries.h"
#include "pick-log.h"

#define ARGS const sf_csf3 *A, const sf_csf3 *B, const sf_csf3 *C,	\
	     const sf_csf3 *D, int64_t NI, int64_t NJ, int64_t NK,	\
	     double (*R)[NJ][NK], long cap
static void net (ARGS)
{
#pragma tensor R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r) memory(cap)
  NET_BODY
}
static void net_ref (ARGS) NET_BODY

int
main (void)
{
  FILE *log = pick_log_open ();
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    for (int t = 1; t <= 2; t++)
      for (int small = 0; small < 2; small++)
	{
	  omp_set_num_threads (t);
	  int64_t n = 9;
	  sf_csf A, B, C, D;
	  make_csf (&A, n, n + 1, n + 2, shape, 7 + shape);
	  make_csf (&B, n + 1, n + 1, n, GD_RANDOM, 8 + shape);
	  make_csf (&C, n + 2, n + 2, n, (shape + 3) % GD_NSHAPES, 9 + shape);
	  /* With empty rows, D lacks two thirds of B's j: the parallel
	     loop over B's j must not find them in D.  */
	  make_csf (&D, n + 1, n + 2, n,
		    shape == GD_EMPTY_ROWS ? GD_EMPTY_ROWS : GD_DENSE,
		    10 + shape);
	  int64_t NI = n, NJ = n + 1, NK = n + 2, size = NI * NJ * NK;
	  double *R = gd_dense (size), *W = GD_DUP (R, size);
	  /* W(q,r) holds (n + 2) * n doubles.  */
	  long cap = small ? 8 * (n + 2) * n - 1 : 1L << 20;
	  long before = ftell (log);
	  net (&A, &B, &C, &D, NI, NJ, NK, (void *) R, cap);
	  int got = pick_read (log, before);
	  net_ref (&A, &B, &C, &D, NI, NJ, NK, (void *) W, cap);
	  char what[64];
	  snprintf (what, sizeof what, "network (%s, %d threads, cap %ld)",
		    gd_shape_names[shape], t, cap);
	  gd_compare_norm (what, R, W, size);
	  pick_expect (what, got, !small);
	  free (R), free (W);
	  sf_csf_free (&A), sf_csf_free (&B), sf_csf_free (&C);
	  sf_csf_free (&D);
	}
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: forall j \\(first's positions, searched: B compressed, D compressed\\) forall i \\(A compressed\\) forall p \\(merge A compressed, B compressed\\) forall k \[^\n\]*\\| parallel j \\| where w_qr: rank 2, size \\|q\\|\\*\\|r\\|, heap, fused over j i \\| schedule fused \[^\n\]*\\| run-time choice among 2 \\\[0 naive, 1 fused, inner sums first\\\]: 1 when its workspaces fit in half the last-level cache and memory\\(\\.\\.\\.\\), else 0" 1 "sparsefuse" } } */
/* The order model (core/order_model.c) finds the two orders of least
   workspace order 2, the rules' order among them; their estimates tie
   and the rules' order stays.  */
/* { dg-final { scan-tree-dump-times "order model \\(Z3\\): least workspace order 2, 2 models \\(i j p k q r d 2 \[0-9.e+\]*; j i p k q r d 2 \[0-9.e+\]*; the rules' order j i p k q r \[0-9.e+\]* \\(model 2\\)\\), chosen the rules' order" 1 "sparsefuse" } } */
