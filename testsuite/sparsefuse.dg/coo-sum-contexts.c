/* The one loop over the union of three COO operands (coo-sum-union.c)
   where real code puts its statement: under 'omp single' inside a
   parallel region, in a function each thread of a parallel region calls
   on its own output (orphaned, the region's threads running it at once),
   and over global and function-static data.  Each runs against its
   unannotated copy, with repeated entries in the operands.
   coo-sum-contexts-O0.c compiles it at -O0 -g.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <string.h>
#include <omp.h>
#include "gen-data.h"

#define NI 6
#define NJ 8
#define NT 3			/* outputs of the orphaned version */

#define SUM_BODY(W, A, B, C, nj)					\
  {									\
    for (int64_t z = 0; z < NI * (nj); z++)				\
      W[z] = 0;								\
    for (int64_t q = 0; q < (A)->nnz; q++)				\
      W[(A)->crd[0][q] * (nj) + (A)->crd[1][q]] += (A)->vals[q];	\
    for (int64_t q = 0; q < (B)->nnz; q++)				\
      W[(B)->crd[0][q] * (nj) + (B)->crd[1][q]] += (B)->vals[q];	\
    for (int64_t q = 0; q < (C)->nnz; q++)				\
      W[(C)->crd[0][q] * (nj) + (C)->crd[1][q]] += (C)->vals[q];	\
  }

/* 1. Under 'omp single' in a parallel region.  */
#define KERNEL_SINGLE(NAME, ANNOTATE)					\
  static void NAME (int64_t nj, double *restrict W, const sf_coo2 *A,	\
		    const sf_coo2 *B, const sf_coo2 *C)			\
  {									\
    _Pragma ("omp parallel num_threads(2)")				\
    {									\
      _Pragma ("omp single")						\
      {									\
	ANNOTATE							\
	SUM_BODY (W, A, B, C, nj)					\
      }									\
    }									\
  }
KERNEL_SINGLE (single_ann, _Pragma ("tensor W(i,j) = A(i,j) + B(i,j) + C(i,j) shape(W: NI, nj)"))
KERNEL_SINGLE (single_ref, )

/* 2. Orphaned: each thread of the caller's region computes its own
   output.  */
#define KERNEL_OWN(NAME, ANNOTATE)					\
  static void NAME (int64_t nj, double *restrict W, const sf_coo2 *A,	\
		    const sf_coo2 *B, const sf_coo2 *C)			\
  {									\
    ANNOTATE								\
    SUM_BODY (W, A, B, C, nj)						\
  }
KERNEL_OWN (own_ann, _Pragma ("tensor W(i,j) = A(i,j) + B(i,j) + C(i,j) shape(W: NI, nj)"))
KERNEL_OWN (own_ref, )

/* 3. Global operands, a function-static output.  */
static sf_coo2 ga, gb, gc;
static double gw[NI][NJ];
#define KERNEL_GLOBAL(NAME, ANNOTATE)					\
  static const double *NAME (void)					\
  {									\
    static double W[NI][NJ];						\
    ANNOTATE								\
    {									\
      for (int i = 0; i < NI; i++)					\
	for (int j = 0; j < NJ; j++)					\
	  W[i][j] = 0;							\
      for (int64_t q = 0; q < ga.nnz; q++)				\
	W[ga.crd[0][q]][ga.crd[1][q]] += ga.vals[q];			\
      for (int64_t q = 0; q < gb.nnz; q++)				\
	W[gb.crd[0][q]][gb.crd[1][q]] += gb.vals[q];			\
      for (int64_t q = 0; q < gc.nnz; q++)				\
	W[gc.crd[0][q]][gc.crd[1][q]] += gc.vals[q];			\
    }									\
    return &W[0][0];							\
  }
KERNEL_GLOBAL (global_ann, _Pragma ("tensor W(i,j) = ga(i,j) + gb(i,j) + gc(i,j)"))
KERNEL_GLOBAL (global_ref, )

/* A copy of A with every third entry repeated (another value).  */
static sf_coo
with_repeats (const sf_coo *a)
{
  sf_coo b;
  sf_error err;
  gd_check (sf_coo_alloc (a->order, a->dims, a->nnz + (a->nnz + 2) / 3, &b,
			  &err), &err);
  int64_t m = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    for (int r = 0; r < (k % 3 == 0 ? 2 : 1); r++, m++)
      {
	for (int d = 0; d < a->order; d++)
	  b.crd[d][m] = a->crd[d][k];
	b.vals[m] = r ? 0.25 - a->vals[k] : a->vals[k];
      }
  b.nnz = m;
  return b;
}

int
main (void)
{
  const int64_t dims[2] = { NI, NJ };
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    {
      sf_coo a0, b0, c0;
      gd_coo (&a0, 2, dims, shape, 11 + shape);
      gd_coo (&b0, 2, dims, (shape + 2) % GD_NSHAPES, 12 + shape);
      gd_coo (&c0, 2, dims, (shape + 4) % GD_NSHAPES, 13 + shape);
      sf_coo a = with_repeats (&a0), c = with_repeats (&c0);

      double got[NI * NJ], want[NI * NJ];
      single_ann (NJ, got, &a, &b0, &c);
      single_ref (NJ, want, &a, &b0, &c);
      gd_compare ("omp single", shape, got, want, NI * NJ);

      static double own_got[NT][NI * NJ], own_want[NT][NI * NJ];
#pragma omp parallel num_threads(NT)
      {
	int t = omp_get_thread_num ();
	own_ann (NJ, own_got[t], &a, &b0, &c);
	own_ref (NJ, own_want[t], &a, &b0, &c);
      }
      for (int t = 0; t < omp_get_max_threads () && t < NT; t++)
	gd_compare ("orphaned, a thread's own output", shape, own_got[t],
		    own_want[t], NI * NJ);

      ga = a, gb = b0, gc = c;
      memcpy (gw, global_ref (), sizeof gw);
      gd_compare ("global operands, static output", shape, global_ann (),
		  &gw[0][0], NI * NJ);

      sf_coo_free (&a), sf_coo_free (&c);
      sf_coo_free (&a0), sf_coo_free (&b0), sf_coo_free (&c0);
    }
  return sf_test_status ();
}

/* Every region replaced, each with one loop over the union at both
   levels.  */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: forall i \\(union of \[A-Za-z\]+ coo, \[A-Za-z\]+ coo, \[A-Za-z\]+ coo\\) forall j \\(union of \[A-Za-z\]+ singleton, \[A-Za-z\]+ singleton, \[A-Za-z\]+ singleton\\)" 3 "sparsefuse" } } */
