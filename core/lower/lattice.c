/* Merge lattices (TACO section 5): which iterators must have a value at a
   coordinate for an expression to be nonzero there.

     B(i,j) * C(i,j)     over j, B and C compressed   {BC}
     B(i,j) + C(i,j)                                  {BC, B, C}
     B(i,j) * x(j)       x dense (located)            {B}
     B(i,j) + x(j)                                    {B, -}
     (B(i,j) + c(i)) * D(i,j)                         {BD, D}

   A point is a mask over the loop's iterators; "-" (the empty mask) means
   every coordinate, which full iterators (dense levels, dense operands)
   and expressions not indexed by the loop's variable contribute.  A
   product intersects (pairwise union of points), a sum unites (the
   pairwise unions plus both sides).  Points are kept distinct and sorted
   by decreasing size, so the first point is the top and the sub-lattice
   of a point is the points below it in that order.  Every such lattice
   is closed under union: at a coordinate where exactly the iterators X
   have values, the case to run is the largest point inside X.  */

#include "lower/internal.h"

/* Return the number of bits of P.  */
static int
lw_popcount (unsigned p)
{
  int n = 0;
  for (; p; p &= p - 1)
    n++;
  return n;
}

/* Return nonzero when point Q is below point P (Q's iterators are P's).  */
int
lw_point_below (unsigned q, unsigned p)
{
  return (q & ~p) == 0;
}

/* Return nonzero when L has the point "every coordinate": the loop must
   visit all coordinates of its extent.  */
int
lw_lattice_has_full (const lw_lattice *l)
{
  for (int n = 0; n < l->n; n++)
    if (l->pt[n] == 0)
      return 1;
  return 0;
}

/* Add point P to L unless it is there; return nonzero on overflow.  */
static int
lw_lattice_add (lw_lattice *l, unsigned p)
{
  for (int n = 0; n < l->n; n++)
    if (l->pt[n] == p)
      return 0;
  if (l->n == LW_MAX_POINTS)
    return 1;
  l->pt[l->n++] = p;
  return 0;
}

/* Sort the points of L by decreasing size, keeping the order of points
   of equal size.  */
static void
lw_lattice_sort (lw_lattice *l)
{
  for (int i = 1; i < l->n; i++)
    {
      unsigned p = l->pt[i];
      int j = i;
      for (; j > 0 && lw_popcount (l->pt[j - 1]) < lw_popcount (p); j--)
	l->pt[j] = l->pt[j - 1];
      l->pt[j] = p;
    }
}

/* Set OUT to the intersection (conjunction) of A and B; return nonzero on
   overflow.  */
static int
lw_lattice_conj (const lw_lattice *a, const lw_lattice *b, lw_lattice *out)
{
  out->n = 0;
  for (int i = 0; i < a->n; i++)
    for (int j = 0; j < b->n; j++)
      if (lw_lattice_add (out, a->pt[i] | b->pt[j]))
	return 1;
  lw_lattice_sort (out);
  return 0;
}

/* Set OUT to the union (disjunction) of A and B; return nonzero on
   overflow.  */
static int
lw_lattice_disj (const lw_lattice *a, const lw_lattice *b, lw_lattice *out)
{
  if (lw_lattice_conj (a, b, out))
    return 1;
  for (int i = 0; i < a->n; i++)
    if (lw_lattice_add (out, a->pt[i]))
      return 1;
  for (int j = 0; j < b->n; j++)
    if (lw_lattice_add (out, b->pt[j]))
      return 1;
  lw_lattice_sort (out);
  return 0;
}

/* Unite L with the lattice of one point P; return nonzero on overflow
   (L unchanged then).  */
int
lw_lattice_unite (lw_lattice *l, unsigned p)
{
  lw_lattice one, out;
  one.n = 1;
  one.pt[0] = p;
  if (lw_lattice_disj (l, &one, &out))
    return 1;
  *l = out;
  return 0;
}

/* Restrict L to the coordinates where the iterator BIT has a value (a
   sparse output's own pattern, shared with that iterator's operand):
   every point gains BIT.  */
void
lw_lattice_require (lw_lattice *l, unsigned bit)
{
  lw_lattice out;
  out.n = 0;
  for (int n = 0; n < l->n; n++)
    lw_lattice_add (&out, l->pt[n] | bit);
  lw_lattice_sort (&out);
  *l = out;
}

/* Return the point of access ACC: its restricting iterator among
   IT[0..NIT), or the empty point.  */
static unsigned
lw_access_point (int acc, const lw_iter *it, int nit)
{
  for (int n = 0; n < nit; n++)
    if (it[n].acc == acc && !it[n].full)
      return 1u << n;
  return 0;
}

/* Set OUT to the merge lattice of E over the loop whose iterators are
   IT[0..NIT); return nonzero (after lw_fail) when it grows too large.  */
int
lw_lattice_build (lw_ctx *ctx, const lw_expr *e, const lw_iter *it, int nit,
		  lw_lattice *out)
{
  lw_lattice a, b;
  switch (e->kind)
    {
    case LW_ACC:
      out->n = 1;
      out->pt[0] = lw_access_point (e->acc, it, nit);
      return 0;
    case LW_NUM:
    case LW_TEMP:
    case LW_WORK:			/* dense: every coordinate */
      out->n = 1;
      out->pt[0] = 0;
      return 0;
    case LW_NEG:
    case LW_SUM:
      return lw_lattice_build (ctx, e->a, it, nit, out);
    default:
      break;
    }
  if (lw_lattice_build (ctx, e->a, it, nit, &a)
      || lw_lattice_build (ctx, e->b, it, nit, &b))
    return 1;
  int over = e->kind == LW_MUL ? lw_lattice_conj (&a, &b, out)
	     : lw_lattice_disj (&a, &b, out);
  if (over)
    lw_fail (ctx, "the merge lattice has more than %d points (a sum of too "
	     "many sparse operands); split the sum over several statements",
	     LW_MAX_POINTS);
  return over;
}
