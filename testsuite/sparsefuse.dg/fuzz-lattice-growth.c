/* Found by the fuzzer (seed 20261220, case 303): a sum of terms over a
   compressed vector, a dense matrix, a COO matrix read through a dense
   copy and a COO matrix passed by value, followed by a statement that
   reads its result.  Lowered together (the first fused into the
   second), each level's merge lattice repeated in every point of the
   level above, the COO operands' runs of duplicates in each: the plugin
   made code for minutes (a 7.5 MB dump, then GCC compiling it), and a
   variable's name took a scan of every name per suffix tried.  A
   candidate stops at 4000 variables and is no schedule of the region,
   and names take a hash lookup.  Then the lattice itself: three sparse
   operands at a level (7 points, 19 cases in TACO's loops) now make one
   loop over their union, the COO runs found under each operand's
   presence test, so the two regions are lowered together in a few
   hundred variables, and the result agrees with the unannotated loop.  */
/* { dg-do run } */
/* { dg-options "-O1 -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-data.h"

struct cvec { unsigned *pos; int64_t dims[1]; double *vals; short *crd; };
#pragma tensor format struct cvec dims(dims[0]) levels(compressed(pos, crd)) values(vals)

#define EXT1 5
#define EXT0 4

#define BODY								\
  {									\
    for (long i = 0; i < ext0; i++)					\
      Wq[i] = 0;							\
    for (long p = T0->pos[0]; p < (long) T0->pos[1]; p++)		\
      for (long i = 0; i < ext0; i++)					\
	Wq[i] += (double) S_[T0->crd[p]][i] * T0->vals[p];		\
    for (long p = T0->pos[0]; p < (long) T0->pos[1]; p++)		\
      for (long i = 0; i < ext0; i++)					\
	Wq[i] += (double) F[T0->crd[p] * ext0 + i] * T0->vals[p];	\
    for (long q = 0; q < (long) B->nnz; q++)				\
      Wq[B->crd[1][q]] += B->vals[q];					\
    for (long i = 0; i < ext0; i++)					\
      for (long p = 0; p < ext1; p++)					\
	{								\
	  long q = 0;							\
	  while (q < (long) E.nnz					\
		 && !(E.crd[0][q] == p && E.crd[1][q] == i))		\
	    q++;							\
	  if (q < (long) E.nnz)						\
	    Wq[i] += E.vals[q];						\
	}								\
  }

static void
annot (long ext0, long ext1, float *out, double S_[EXT1][EXT0],
       float *restrict F, const struct cvec *T0, const sf_coo2 *B,
       sf_coo2 E)
{
  float Wq[EXT0];
  float X[EXT0];
#pragma tensor Wq(jj) = (S_(p,jj) + F(p,jj)) * T0(p) + (B(p,jj) + E(p,jj)) shape(F: 5, ext0) relayout(B)
  BODY
#pragma tensor X(q0) = Wq(q0) * Wq(q0)
  for (long q0 = 0; q0 < EXT0; q0++)
    X[q0] = Wq[q0] * Wq[q0];
  for (long q0 = 0; q0 < EXT0; q0++)
    out[q0] = X[q0];
}

static void
ref (long ext0, long ext1, float *out, double S_[EXT1][EXT0],
     float *restrict F, const struct cvec *T0, const sf_coo2 *B, sf_coo2 E)
{
  float Wq[EXT0];
  BODY
  for (long q0 = 0; q0 < EXT0; q0++)
    out[q0] = Wq[q0] * Wq[q0];
}

int
main (void)
{
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    {
      sf_coo b, e, t;
      gd_coo (&b, 2, (int64_t[]) { EXT1, EXT0 }, shape, 10 + shape);
      gd_coo (&e, 2, (int64_t[]) { EXT1, EXT0 }, shape, 20 + shape);
      gd_coo (&t, 1, (int64_t[]) { EXT1 }, shape, 30 + shape);
      unsigned pos[2] = { 0, (unsigned) t.nnz };
      short crd[EXT1];
      for (int64_t q = 0; q < t.nnz; q++)
	crd[q] = (short) t.crd[0][q];
      struct cvec T0 = { pos, { EXT1 }, t.vals, crd };
      double S_[EXT1][EXT0];
      float F[EXT1 * EXT0];
      double *d = gd_dense (2 * EXT1 * EXT0);
      for (int k = 0; k < EXT1 * EXT0; k++)
	{
	  S_[k / EXT0][k % EXT0] = d[k];
	  F[k] = (float) d[EXT1 * EXT0 + k];
	}
      float got[EXT0], want[EXT0];
      annot (EXT0, EXT1, got, S_, F, &T0, &b, e);
      ref (EXT0, EXT1, want, S_, F, &T0, &b, e);
      gd_compare_float ("X", shape, got, want, EXT0);
      free (d);
      sf_coo_free (&b), sf_coo_free (&e), sf_coo_free (&t);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "region 0 fused into region 1" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "forall p \\(union of T0 compressed, B coo, E coo\\) forall p1 \\(union of T0 compressed, B coo, E coo\\)" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "its code would grow past" "sparsefuse" } } */
