/* The correct twins of verify-vacuous.c: products of sparse vectors
   whose random patterns never meet on the checker's first input sets.
   The sets with full patterns agree too (the dump says "verified"), and
   the generated code matches the loop compiled without the annotation.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "sf-test.h"

struct svec { int n; int *pos, *crd; double *vals; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)

#define FIND(V, K, P)							\
  int P = (V)->pos[0];							\
  while (P < (V)->pos[1] && (V)->crd[P] != (K))				\
    P++;								\
  if (P == (V)->pos[1])							\
    continue;

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static double NAME##_ann PARAMS					\
  { double s; PRAGMA { s = 0; BODY } return s; }			\
  static double NAME##_ref PARAMS { double s = 0; BODY return s; }

TWINS (dot4, (const struct svec *u, const struct svec *v,
	      const struct svec *w, const struct svec *z),
       _Pragma ("tensor s = u(k) * v(k) * w(k) * z(k)"),
       for (int p = u->pos[0]; p < u->pos[1]; p++)
	 {
	   int k = u->crd[p];
	   FIND (v, k, q)
	   FIND (w, k, r)
	   FIND (z, k, t)
	   s += u->vals[p] * v->vals[q] * w->vals[r] * z->vals[t];
	 })

TWINS (dot5, (const struct svec *u, const struct svec *v,
	      const struct svec *w, const struct svec *z,
	      const struct svec *a),
       _Pragma ("tensor s = u(k) * v(k) * w(k) * z(k) * a(k)"),
       for (int p = u->pos[0]; p < u->pos[1]; p++)
	 {
	   int k = u->crd[p];
	   FIND (v, k, q)
	   FIND (w, k, r)
	   FIND (z, k, t)
	   FIND (a, k, b)
	   s += u->vals[p] * v->vals[q] * w->vals[r] * z->vals[t] * a->vals[b];
	 })

#define AT(V, K, X)							\
  double X = 0;								\
  for (int p_ = (V)->pos[0]; p_ < (V)->pos[1]; p_++)			\
    if ((V)->crd[p_] == (K))						\
      X = (V)->vals[p_];

TWINS (nested, (const double *x, const double *d, const struct svec *u,
		const struct svec *v, const struct svec *w,
		const struct svec *z),
       _Pragma ("tensor s = x(k) * (d(k) + u(k) * v(k) * w(k) * z(k)) shape(x: u->n) shape(d: u->n)"),
       for (int k = 0; k < u->n; k++)
	 {
	   AT (u, k, a)
	   AT (v, k, b)
	   AT (w, k, c)
	   AT (z, k, e)
	   s += x[k] * (d[k] + a * b * c * e);
	 })

enum { N = 64 };

/* Return a sparse vector of N entries: every coordinate but the
   multiples of SKIP, random values.  */
static struct svec
vector (int skip)
{
  struct svec x = { N, malloc (2 * sizeof (int)), malloc (N * sizeof (int)),
		    malloc (N * sizeof (double)) };
  int nnz = 0;
  for (int k = 0; k < N; k++)
    if (k % skip)
      {
	x.crd[nnz] = k;
	x.vals[nnz++] = sf_test_value ();
      }
  x.pos[0] = 0, x.pos[1] = nnz;
  return x;
}

int
main (void)
{
  struct svec u = vector (2), v = vector (3), w = vector (5);
  struct svec z = vector (7), a = vector (11);
  double got[3], want[3], x[N], d[N];
  sf_test_fill (x, N);
  sf_test_fill (d, N);
  got[0] = dot4_ann (&u, &v, &w, &z);
  want[0] = dot4_ref (&u, &v, &w, &z);
  got[1] = dot5_ann (&u, &v, &w, &z, &a);
  want[1] = dot5_ref (&u, &v, &w, &z, &a);
  got[2] = nested_ann (x, d, &u, &v, &w, &z);
  want[2] = nested_ref (x, d, &u, &v, &w, &z);
  sf_test_compare ("dot", got, want, 3, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 3 "sparsefuse" } } */
