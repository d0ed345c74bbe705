/* Regression (found by tools/fuzz, seed 2, case 566): a sparse output
   that shares its pattern with an input, under an expression that is not
   zero where the input is absent.  A(i,j) = B(i,j) * v(j) - 1 with A on
   B's pos/crd arrays and v a sparse vector: every entry of A gets
   B(i,j) * v(j) - 1.  The nest that reuses B's positions used to write
   only where both B and v have an entry; its lattice is now intersected
   with B, the output's pattern (core/lower/loop.c, lw_share_iter).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)
struct svec { int n; int *pos, *crd; double *vals; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)

static void
f (struct csr *A, const struct csr *B, struct svec v)
{
#pragma tensor A(i,j) = B(i,j) * v(j) - 1
  for (int i = 0; i < B->n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	int j = B->crd[p];
	double vj = 0;
	for (int q = v.pos[0]; q < v.pos[1]; q++)
	  if (v.crd[q] == j)
	    vj = v.vals[q];
	A->vals[p] = B->vals[p] * vj - 1;
      }
}

static void
f_ref (struct csr *A, const struct csr *B, struct svec v)
{
  for (int i = 0; i < B->n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	int j = B->crd[p];
	double vj = 0;
	for (int q = v.pos[0]; q < v.pos[1]; q++)
	  if (v.crd[q] == j)
	    vj = v.vals[q];
	A->vals[p] = B->vals[p] * vj - 1;
      }
}

int
main (void)
{
  /* B = [[1 2 0] [0 3 4]], v = (0, 5, 0).  */
  int bpos[3] = { 0, 2, 4 }, bcrd[4] = { 0, 1, 1, 2 };
  double bvals[4] = { 1, 2, 3, 4 }, got[4], want[4];
  int vpos[2] = { 0, 1 }, vcrd[1] = { 1 };
  double vvals[1] = { 5 };
  struct csr B = { 2, 3, bpos, bcrd, bvals };
  struct csr A = B, R = B;
  struct svec v = { 3, vpos, vcrd, vvals };
  A.vals = got;
  R.vals = want;
  f (&A, &B, v);
  f_ref (&R, &B, v);
  sf_test_compare ("shared pattern", got, want, 4, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "A positions: B's when A's pos/crd are B's" "sparsefuse" } } */
