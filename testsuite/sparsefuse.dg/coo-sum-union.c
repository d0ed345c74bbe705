/* Sums of three sparse operands, COO among them, into a dense output.
   The merge lattice of three sparse iterators has 7 points, and TACO's
   loops give each its own while loop with a case per point below it (19
   cases at one level, repeated at every case of the level above).  The
   lowering emits one loop over the union instead, an absent operand read
   as 0 and its levels below empty; a COO level's run of repeated
   coordinates is found and summed under its presence test.  Checked
   against the loops on every shape, with repeated entries in the COO
   operands (they add up).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-data.h"

#define NI 7
#define NJ 9
#define NK 4

/* Return a copy of A, sorted, with every third entry repeated (with
   another value): COO may hold a coordinate more than once.  */
static sf_coo
with_repeats (const sf_coo *a)
{
  sf_coo b;
  sf_error err;
  int64_t n = a->nnz + (a->nnz + 2) / 3;
  gd_check (sf_coo_alloc (a->order, a->dims, n, &b, &err), &err);
  int64_t m = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    for (int r = 0; r < (k % 3 == 0 ? 2 : 1); r++, m++)
      {
	for (int d = 0; d < a->order; d++)
	  b.crd[d][m] = a->crd[d][k];
	b.vals[m] = r ? 0.5 - a->vals[k] : a->vals[k];
      }
  b.nnz = m;
  return b;
}

static void
sum2 (int64_t ni, int64_t nj, double *restrict W, const sf_coo2 *A,
      const sf_coo2 *B, const sf_csr *C)
{
#pragma tensor W(i,j) = A(i,j) + B(i,j) + C(i,j) shape(W: ni, nj)
  {
    for (int64_t z = 0; z < ni * nj; z++)
      W[z] = 0;
    for (int64_t q = 0; q < A->nnz; q++)
      W[A->crd[0][q] * nj + A->crd[1][q]] += A->vals[q];
    for (int64_t q = 0; q < B->nnz; q++)
      W[B->crd[0][q] * nj + B->crd[1][q]] += B->vals[q];
    for (int64_t i = 0; i < C->nrows; i++)
      for (int64_t p = C->pos[i]; p < C->pos[i + 1]; p++)
	W[i * nj + C->crd[p]] += C->vals[p];
  }
}

static void
sum3 (int64_t ni, int64_t nj, int64_t nk, double *restrict W,
      const sf_coo3 *X, const sf_coo3 *Y, const sf_coo3 *Z, double s)
{
#pragma tensor W(i,j,k) = X(i,j,k) + s * Y(i,j,k) + Z(i,j,k) shape(W: ni, nj, nk)
  {
    for (int64_t z = 0; z < ni * nj * nk; z++)
      W[z] = 0;
    for (int64_t q = 0; q < X->nnz; q++)
      W[(X->crd[0][q] * nj + X->crd[1][q]) * nk + X->crd[2][q]]
	+= X->vals[q];
    for (int64_t q = 0; q < Y->nnz; q++)
      W[(Y->crd[0][q] * nj + Y->crd[1][q]) * nk + Y->crd[2][q]]
	+= s * Y->vals[q];
    for (int64_t q = 0; q < Z->nnz; q++)
      W[(Z->crd[0][q] * nj + Z->crd[1][q]) * nk + Z->crd[2][q]]
	+= Z->vals[q];
  }
}

/* The same loops, not annotated.  */
static void
sum2_ref (double *restrict W, const sf_coo2 *A, const sf_coo2 *B,
	  const sf_csr *C)
{
  for (int64_t z = 0; z < NI * NJ; z++)
    W[z] = 0;
  for (int64_t q = 0; q < A->nnz; q++)
    W[A->crd[0][q] * NJ + A->crd[1][q]] += A->vals[q];
  for (int64_t q = 0; q < B->nnz; q++)
    W[B->crd[0][q] * NJ + B->crd[1][q]] += B->vals[q];
  for (int64_t i = 0; i < C->nrows; i++)
    for (int64_t p = C->pos[i]; p < C->pos[i + 1]; p++)
      W[i * NJ + C->crd[p]] += C->vals[p];
}

static void
sum3_ref (double *restrict W, const sf_coo3 *X, const sf_coo3 *Y,
	  const sf_coo3 *Z, double s)
{
  for (int64_t z = 0; z < NI * NJ * NK; z++)
    W[z] = 0;
  for (int64_t q = 0; q < X->nnz; q++)
    W[(X->crd[0][q] * NJ + X->crd[1][q]) * NK + X->crd[2][q]] += X->vals[q];
  for (int64_t q = 0; q < Y->nnz; q++)
    W[(Y->crd[0][q] * NJ + Y->crd[1][q]) * NK + Y->crd[2][q]]
      += s * Y->vals[q];
  for (int64_t q = 0; q < Z->nnz; q++)
    W[(Z->crd[0][q] * NJ + Z->crd[1][q]) * NK + Z->crd[2][q]] += Z->vals[q];
}

int
main (void)
{
  sf_error err;
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    for (int repeats = 0; repeats < 2; repeats++)
      {
	/* Each operand of another shape, so that one runs out first.  */
	sf_coo a0, b0, c0, x0, y0, z0;
	gd_coo (&a0, 2, (int64_t[]) { NI, NJ }, shape, 1 + shape);
	gd_coo (&b0, 2, (int64_t[]) { NI, NJ }, (shape + 1) % GD_NSHAPES,
		2 + shape);
	gd_coo (&c0, 2, (int64_t[]) { NI, NJ }, (shape + 3) % GD_NSHAPES,
		3 + shape);
	gd_coo (&x0, 3, (int64_t[]) { NI, NJ, NK }, shape, 4 + shape);
	gd_coo (&y0, 3, (int64_t[]) { NI, NJ, NK }, (shape + 2) % GD_NSHAPES,
		5 + shape);
	gd_coo (&z0, 3, (int64_t[]) { NI, NJ, NK }, (shape + 4) % GD_NSHAPES,
		6 + shape);
	sf_coo a = repeats ? with_repeats (&a0) : a0;
	sf_coo b = repeats ? with_repeats (&b0) : b0;
	sf_coo x = repeats ? with_repeats (&x0) : x0;
	sf_coo z = repeats ? with_repeats (&z0) : z0;
	sf_csr c;
	gd_check (sf_coo_to_csr (&c0, &c, &err), &err);

	double got[NI * NJ * NK], want[NI * NJ * NK];
	for (int k = 0; k < NI * NJ * NK; k++)
	  got[k] = want[k] = 1e300;
	sum2 (NI, NJ, got, &a, &b, &c);
	sum2_ref (want, &a, &b, &c);
	gd_compare ("W = A + B + C", shape, got, want, NI * NJ);
	sum3 (NI, NJ, NK, got, &x, &y0, &z, -1.5);
	sum3_ref (want, &x, &y0, &z, -1.5);
	gd_compare ("W = X + s Y + Z", shape, got, want, NI * NJ * NK);

	if (repeats)
	  sf_coo_free (&a), sf_coo_free (&b), sf_coo_free (&x),
	    sf_coo_free (&z);
	sf_coo_free (&a0), sf_coo_free (&b0), sf_coo_free (&c0);
	sf_coo_free (&x0), sf_coo_free (&y0), sf_coo_free (&z0);
	sf_csr_free (&c);
      }
  return sf_test_status ();
}

/* One loop over the union of the sparse operands at every level (the
   rows of the CSR operand are dense).  */
/* { dg-final { scan-tree-dump-times "forall i \\(dense, merge A coo, B coo\\) forall j \\(union of A singleton, B singleton, C compressed\\)" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "forall i \\(union of X coo, Y coo, Z coo\\) forall j \\(union of X singleton, Y singleton, Z singleton\\) forall k \\(union of X singleton, Y singleton, Z singleton\\)" 3 "sparsefuse" } } */
