/* Regression (found by tools/fuzz, seed 3, case 89): two summed indices
   whose sums share some terms but not all.  F(i) = H(u) * H(s) - (w(u) +
   y(s)) means sum_{u,s} H(u) H(s) - sum_u w(u) - sum_s y(s) (SPEC 1.2:
   in a sum only the terms that mention an index are summed over it); the
   reductions used to be inserted one index at a time, so w(u) was also
   summed over s.  The lowering now places every index's sum at once
   (core/lower/expr.c, lw_insert_terms).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */

#include "sf-test.h"

/* A sparse vector: entries crd[pos[0]..pos[1]-1].  */
struct svec { int n; int *pos, *crd; double *vals; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)

static void
f (int n, int nu, const double *H, const double *w, struct svec y, double *F)
{
#pragma tensor F(i) = H(u) * H(s) - (w(u) + y(s)) shape(F: n, H: nu, w: nu)
  for (int i = 0; i < n; i++)
    {
      double hu = 0, hs = 0, sw = 0, sy = 0;
      for (int u = 0; u < nu; u++)
	hu += H[u], sw += w[u];
      for (int s = 0; s < y.n; s++)
	hs += H[s];
      for (int p = y.pos[0]; p < y.pos[1]; p++)
	sy += y.vals[p];
      F[i] = hu * hs - sw - sy;
    }
}

static void
f_ref (int n, int nu, const double *H, const double *w, struct svec y,
       double *F)
{
  for (int i = 0; i < n; i++)
    {
      double hu = 0, hs = 0, sw = 0, sy = 0;
      for (int u = 0; u < nu; u++)
	hu += H[u], sw += w[u];
      for (int s = 0; s < y.n; s++)
	hs += H[s];
      for (int p = y.pos[0]; p < y.pos[1]; p++)
	sy += y.vals[p];
      F[i] = hu * hs - sw - sy;
    }
}

int
main (void)
{
  int pos[2] = { 0, 2 }, crd[2] = { 1, 3 };
  double vals[2] = { 0.5, -0.25 };
  struct svec y = { 4, pos, crd, vals };
  double H[4], w[4], F[3], R[3];
  sf_test_fill (H, 4);
  sf_test_fill (w, 4);
  f (3, 4, H, w, y, F);
  f_ref (3, 4, H, w, y, R);
  sf_test_compare ("sum order", F, R, 3, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced" "sparsefuse" } } */
