/* relayout(B, D) on the tensor network R(i,j,k) = A(i,p,q) * B(j,p,r) *
   C(k,q,r) * D(j,k,r), every operand CSF: the region is lowered a second
   time with B and D read from dense copies, laid out in the loop order
   that lowering chooses (B as p r j, D as k r j: j, which no remaining
   sparse operand stores, innermost), and the schedule is chosen anew
   around them (the inner sum over p into a workspace W(q,r,j) per i, as
   CoNST's schedule).  The copies are taken only when they and the
   workspaces fit in memory(...) and half the last-level cache; else the
   sparse lowering runs, itself choosing by memory.  Every pick, on every
   shape of data, under 1 and 2 threads, agrees with the unannotated
   loop; SPARSEFUSE_SHOW_PICK's first line says whether the copies were
   taken.  */
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
#pragma tensor R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r) memory(cap) relayout(B, D)
  NET_BODY
}
static void net_ref (ARGS) NET_BODY

int
main (void)
{
  FILE *log = pick_log_open ();
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    for (int t = 1; t <= 2; t++)
      for (int size_case = 0; size_case < 3; size_case++)
	{
	  omp_set_num_threads (t);
	  int64_t n = 9;
	  sf_csf A, B, C, D;
	  make_csf (&A, n, n + 1, n + 2, shape, 7 + shape);
	  make_csf (&B, n + 1, n + 1, n, GD_RANDOM, 8 + shape);
	  make_csf (&C, n + 2, n + 2, n, (shape + 3) % GD_NSHAPES, 9 + shape);
	  make_csf (&D, n + 1, n + 2, n,
		    shape == GD_EMPTY_ROWS ? GD_EMPTY_ROWS : GD_DENSE,
		    10 + shape);
	  int64_t NI = n, NJ = n + 1, NK = n + 2, size = NI * NJ * NK;
	  double *R = gd_dense (size), *W = GD_DUP (R, size);
	  /* The copies of B (J*P*R) and D (J*K*R) and W(q,r,j) take about
	     3,000 doubles; the sparse lowering's W(q,r) (n + 2) * n.  */
	  long caps[3] = { 1L << 24, 8 * (n + 2) * n, 8 };
	  long cap = caps[size_case];
	  /* The region prints two picks when the copies are made (theirs,
	     then the schedule's): read from the end of the log.  */
	  fflush (stderr);
	  fseek (log, 0, SEEK_END);
	  long before = ftell (log);
	  net (&A, &B, &C, &D, NI, NJ, NK, (void *) R, cap);
	  int got = pick_read (log, before);
	  net_ref (&A, &B, &C, &D, NI, NJ, NK, (void *) W, cap);
	  char what[64];
	  snprintf (what, sizeof what, "network (%s, %d threads, cap %ld)",
		    gd_shape_names[shape], t, cap);
	  gd_compare_norm (what, R, W, size);
	  if (got != (size_case == 0))
	    {
	      printf ("FAIL %s: dense copies picked %d\n", what, got);
	      sf_test_failures++;
	    }
	  free (R), free (W);
	  sf_csf_free (&A), sf_csf_free (&B), sf_csf_free (&C);
	  sf_csf_free (&D);
	}
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: forall i \\(A compressed\\) forall p \\(A compressed\\) forall k \\(C compressed\\) forall q \\(A compressed\\) forall r \\(dense\\) forall j \\(dense\\) \[^\n\]*where w_qrj: rank 3, size \\|q\\|\\*\\|r\\|\\*\\|j\\|, heap, fused over i; block w_kj: rank 2, size \\|k\\|\\*\\|j\\|, heap, fused over i \\| schedule fused \[^\n\]*\\| dense copies \\(B as p r j, D as k r j\\) when they and the workspaces fit in half the last-level cache and memory\\(\\.\\.\\.\\), else: forall j \\(first's positions, searched: B compressed, D compressed\\)" 1 "sparsefuse" } } */
/* With the copies, the schedules' choice by memory is decided already
   (the copies are taken only when every workspace fits): one schedule.  */
/* { dg-final { scan-tree-dump-not "run-time choice among 2 \[^\n\]*\\| dense copies" "sparsefuse" } } */
/* Around the copies the order model (core/order_model.c) finds orders
   of least workspace order 2 (W(q,r) per (i,j)), but an order of bound 3
   estimates cheaper: the choice among the models is by cost, not by the
   least bound or Z3's first answer.  Which orders of bound 3 Z3 lists
   may vary; the rules' order is i p k q r j.  */
/* { dg-final { scan-tree-dump-times "order model \\(Z3\\): least workspace order 2, 6 models \\(i j p k q r d 2 \[0-9.e+\]*; j i p k q r d 2 \[^)\]*d 3 \[^)\]*; the rules' order i p k q r j \[0-9.e+\]*( \\(model \[3-6\]\\))?\\), chosen the rules' order" 1 "sparsefuse" } } */
