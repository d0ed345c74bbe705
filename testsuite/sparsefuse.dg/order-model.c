/* A network of a CSF tensor and three CSR matrices,
     T(q,j,i) = A(p,l,q) * B(i,q) * C(l,j) * D(i,q),
   whose tensor-network candidate takes its loop order from the order
   model (core/order_model.c: CoNST's loop-position and layout variables
   solved by Z3 for the least workspace order d, here 2) rather than from
   the ordering rules: the rules give p l j i q, one of the three models
   of d = 2; the model p l i q j has the lowest estimate, and the region
   runs it when its workspaces fit (else the single nest).  Both picks,
   on every shape of data, under 1 and 2 threads, agree with the
   unannotated loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "csf-entries.h"
#include "pick-log.h"

#define ARGS const sf_csf3 *A, const sf_csr *B, const sf_csr *C,	\
	     const sf_csr *D, int64_t NQ, int64_t NJ, int64_t NI,	\
	     double (*T)[NJ][NI], long cap
#define BODY								\
  {									\
    for (int64_t x = 0; x < NQ * NJ * NI; x++)				\
      T[x / (NJ * NI)][x / NI % NJ][x % NI] = 0;			\
    FOR_ENTRIES (A, p, l, q, va)					\
      for (int64_t i = 0; i < B->nrows; i++)				\
	for (int64_t b = B->pos[i]; b < B->pos[i + 1]; b++)		\
	  if (B->crd[b] == q)						\
	    for (int64_t c = C->pos[l]; c < C->pos[l + 1]; c++)		\
	      for (int64_t d = D->pos[i]; d < D->pos[i + 1]; d++)	\
		if (D->crd[d] == q)					\
		  T[q][C->crd[c]][i] += va * B->vals[b] * C->vals[c]	\
					* D->vals[d];			\
  }

static void
kernel (ARGS)
{
#pragma tensor T(q,j,i) = A(p,l,q) * B(i,q) * C(l,j) * D(i,q) memory(cap)
  BODY
}
static void reference (ARGS) BODY

/* Fill *S with a random N x M CSR matrix of SHAPE from SEED.  */
static void
make_csr (sf_csr *s, int64_t n, int64_t m, int shape, uint64_t seed)
{
  sf_coo a;
  sf_error err;
  gd_coo (&a, 2, (int64_t[]) { n, m }, shape, seed);
  gd_check (sf_coo_to_csr (&a, s, &err), &err);
  sf_coo_free (&a);
}

int
main (void)
{
  FILE *log = pick_log_open ();
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    for (int t = 1; t <= 2; t++)
      for (int small = 0; small < 2; small++)
	{
	  omp_set_num_threads (t);
	  int64_t NP = 7, NL = 8, NQ = 9, NI = 10, NJ = 11;
	  sf_csf A;
	  sf_csr B, C, D;
	  make_csf (&A, NP, NL, NQ, shape, 21 + shape);
	  make_csr (&B, NI, NQ, GD_RANDOM, 22 + shape);
	  make_csr (&C, NL, NJ, (shape + 2) % GD_NSHAPES, 23 + shape);
	  make_csr (&D, NI, NQ, shape == GD_EMPTY ? GD_EMPTY : GD_DENSE,
		    24 + shape);
	  int64_t size = NQ * NJ * NI;
	  double *T = gd_dense (size), *W = GD_DUP (T, size);
	  /* The workspaces w_lq and w_qj hold NL * NQ and NQ * NJ
	     doubles, the block another NQ * NJ.  */
	  long cap = small ? 8 * NL * NQ - 1 : 1L << 20;
	  long before = ftell (log);
	  kernel (&A, &B, &C, &D, NQ, NJ, NI, (void *) T, cap);
	  int got = pick_read (log, before);
	  reference (&A, &B, &C, &D, NQ, NJ, NI, (void *) W, cap);
	  char what[80];
	  snprintf (what, sizeof what, "order model (%s, %d threads, cap %ld)",
		    gd_shape_names[shape], t, cap);
	  gd_compare_norm (what, T, W, size);
	  pick_expect (what, got, !small);
	  free (T), free (W);
	  sf_csf_free (&A);
	  sf_csr_free (&B), sf_csr_free (&C), sf_csr_free (&D);
	}
  return sf_test_status ();
}

/* The model chosen, with the rules' order among the models.  */
/* { dg-final { scan-tree-dump-times "schedule: forall p \\(A compressed\\) forall l \\(A compressed\\) forall i \\(dense\\) forall q \\(A compressed\\) forall j \\(C compressed\\) \[^\n\]*where w_lq: rank 2\[^\n\]*\\| order model \\(Z3\\): least workspace order 2, 3 models \\(p l j i q d 2 \[0-9.e+\]*; p l i q j d 2 \[0-9.e+\]*; p l i j q d 2 \[0-9.e+\]*; the rules' order p l j i q \[0-9.e+\]* \\(model 1\\)\\), chosen model 2 \[^\n\]*run-time choice among 2 \\\[0 naive, 1 fused, inner sums first\\\]" 1 "sparsefuse" } } */
