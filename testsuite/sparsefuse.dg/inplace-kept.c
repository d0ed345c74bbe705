/* The output read at its own indices where the code made for it cannot
   be shown to read each old entry before writing it: the region is kept
   with a warning saying why, and the loop runs as written (each run
   compared with an unannotated copy).  A(i,j) = A(i,j) * S(i,j) with A
   sparse co-iterates A and S in a while loop, whose stores the proof
   cannot tell apart; y(i) = B(i,j) * x(j) + y(i) with B CSC is one nest
   per term, the second accumulating into y.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"

#define SCALE_BODY							\
  for (int64_t i = 0; i < S->nrows; i++)				\
    for (sf_pos_t p = S->pos[i]; p < S->pos[i + 1]; p++)		\
      A->vals[p] = A->vals[p] * S->vals[p];
static void scale_ann (sf_csr *A, const sf_csr *S)
{
#pragma tensor A(i,j) = A(i,j) * S(i,j) /* { dg-warning "computation not lowered, the original statement is kept: the output 'A' is read on the right-hand side and the code made for the schedule chosen may write A before it reads A's old entries \\(it stores the output inside a while loop \\(a co-iteration of sparse operands\\), whose stores the proof cannot tell apart\\); copy A to another array first and read that one" } */
  SCALE_BODY
}
static void scale_ref (sf_csr *A, const sf_csr *S)
{ SCALE_BODY }

#define CSC_BODY							\
  for (int64_t j = 0; j < B->ncols; j++)				\
    for (sf_pos_t p = B->pos[j]; p < B->pos[j + 1]; p++)		\
      y[B->crd[p]] = B->vals[p] * x[j] + y[B->crd[p]];
static void csc_ann (const sf_csc *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) + y(i) /* { dg-warning "the output 'y' is read on the right-hand side and the code made for the schedule chosen may write y before it reads y's old entries \\(it accumulates into the output's memory\\)" } */
  CSC_BODY
}
static void csc_ref (const sf_csc *B, const double *x, double *y)
{ CSC_BODY }

int
main (void)
{
  static const int64_t dims[][2] = { { 7, 9 }, { 40, 33 }, { 1, 1 },
				     { 0, 4 } };
  for (unsigned d = 0; d < sizeof dims / sizeof dims[0]; d++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	sf_coo a;
	sf_csr r;
	sf_csc c;
	sf_error err;
	gd_coo (&a, 2, dims[d], shape, 5 + d);
	gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	gd_check (sf_coo_to_csc (&a, &c, &err), &err);
	int64_t n = r.nrows, m = r.ncols, nnz = r.pos[n];
	sf_csr A = r, R = r;
	A.vals = gd_dense (nnz), R.vals = GD_DUP (A.vals, nnz);
	scale_ann (&A, &r), scale_ref (&R, &r);
	gd_compare ("scale", shape, A.vals, R.vals, nnz);
	double *x = gd_dense (m), *y = gd_dense (n), *w = GD_DUP (y, n + 1);
	csc_ann (&c, x, y), csc_ref (&c, x, w);
	gd_compare ("csc", shape, y, w, n);
	free (A.vals), free (R.vals), free (x), free (y), free (w);
	sf_csr_free (&r), sf_csc_free (&c), sf_coo_free (&a);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ replaced" "sparsefuse" } } */
