/* Wrong annotations over products of sparse vectors whose random
   patterns never meet on the checker's input sets: the product is zero
   on both sides, and only the sets with full patterns, which the checker
   runs when some term stayed zero, show the mistake (the correct twins
   are verify-vacuous-run.c).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct svec { int n; int *pos, *crd; double *vals; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)

/* Set P to the position of coordinate K in V, or go to the next
   iteration when V holds none.  */
#define FIND(V, K, P)							\
  int P = (V)->pos[0];							\
  while (P < (V)->pos[1] && (V)->crd[P] != (K))				\
    P++;								\
  if (P == (V)->pos[1])							\
    continue;

/* A factor the loop does not apply.  */
double
dot4 (const struct svec *u, const struct svec *v, const struct svec *w,
      const struct svec *z)
{
  double s;
#pragma tensor s = 2 * u(k) * v(k) * w(k) * z(k) /* { dg-error "does not compute what the annotation says" } */
  {
    s = 0;
    for (int p = u->pos[0]; p < u->pos[1]; p++)
      {
	int k = u->crd[p];
	FIND (v, k, q)
	FIND (w, k, r)
	FIND (z, k, t)
	s += u->vals[p] * v->vals[q] * w->vals[r] * z->vals[t];
      }
  }
  return s;
}

/* The sign of the whole right-hand side.  */
double
dot5 (const struct svec *u, const struct svec *v, const struct svec *w,
      const struct svec *z, const struct svec *a)
{
  double s;
#pragma tensor s = -u(k) * v(k) * w(k) * z(k) * a(k) /* { dg-error "does not compute what the annotation says" } */
  {
    s = 0;
    for (int p = u->pos[0]; p < u->pos[1]; p++)
      {
	int k = u->crd[p];
	FIND (v, k, q)
	FIND (w, k, r)
	FIND (z, k, t)
	FIND (a, k, b)
	s += u->vals[p] * v->vals[q] * w->vals[r] * z->vals[t] * a->vals[b];
      }
  }
  return s;
}

/* A factor inside a term of a sum that the dense term around it keeps
   nonzero: the product of the sparse vectors alone is zero everywhere.  */
#define AT(V, K, X)							\
  double X = 0;								\
  for (int p_ = (V)->pos[0]; p_ < (V)->pos[1]; p_++)			\
    if ((V)->crd[p_] == (K))						\
      X = (V)->vals[p_];

double
nested (const double *x, const double *d, const struct svec *u,
	const struct svec *v, const struct svec *w, const struct svec *z)
{
  double s;
#pragma tensor s = x(k) * (d(k) + 2 * u(k) * v(k) * w(k) * z(k)) shape(x: u->n) shape(d: u->n) /* { dg-error "does not compute what the annotation says" } */
  {
    s = 0;
    for (int k = 0; k < u->n; k++)
      {
	AT (u, k, a)
	AT (v, k, b)
	AT (w, k, c)
	AT (z, k, e)
	s += x[k] * (d[k] + a * b * c * e);
      }
  }
  return s;
}

/* { dg-prune-output "on the inputs" } */
