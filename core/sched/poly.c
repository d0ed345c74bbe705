/* Symbolic cost polynomials (poly.h).

     (I + nnz(B)) * K  ->  terms {I*K, nnz(B)*K}, sorted, merged

   Every constructor builds its terms in a scratch array, then
   canonicalizes: sort the monomials, merge equal ones, drop zeros.  */

#include <stdlib.h>
#include <string.h>
#include "sched/poly.h"

/* ---- monomials ---- */

/* Return the total degree of M.  */
static int
mono_degree (const sf_mono *m)
{
  int d = 0;
  for (int i = 0; i < m->nf; i++)
    d += m->f[i].exp;
  return d;
}

/* Return <0, 0, >0 ordering monomials A and B by total degree, then by
   their factor lists (symbol, exponent) lexicographically; coefficients
   are ignored.  */
static int
mono_cmp (const sf_mono *a, const sf_mono *b)
{
  int da = mono_degree (a), db = mono_degree (b);
  if (da != db)
    return da < db ? -1 : 1;
  for (int i = 0; i < a->nf && i < b->nf; i++)
    {
      if (a->f[i].sym != b->f[i].sym)
	return a->f[i].sym < b->f[i].sym ? -1 : 1;
      if (a->f[i].exp != b->f[i].exp)
	return a->f[i].exp > b->f[i].exp ? -1 : 1;
    }
  return a->nf - b->nf;
}

static int
mono_qsort_cmp (const void *a, const void *b)
{
  return mono_cmp ((const sf_mono *) a, (const sf_mono *) b);
}

/* Return the exponent of SYM in M (0 when absent).  */
static int
mono_exp (const sf_mono *m, int sym)
{
  for (int i = 0; i < m->nf; i++)
    if (m->f[i].sym == sym)
      return m->f[i].exp;
  return 0;
}

/* Set *OUT to A * B.  Return 0, or -1 when the product has more than
   SF_POLY_MAX_FACTORS distinct symbols.  Factor lists are merged in
   symbol order, so the result is sorted when A and B are.  */
static int
mono_mul (const sf_mono *a, const sf_mono *b, sf_mono *out)
{
  int i = 0, j = 0, n = 0;
  out->coef = a->coef * b->coef;
  while (i < a->nf || j < b->nf)
    {
      sf_factor f;
      if (j == b->nf || (i < a->nf && a->f[i].sym < b->f[j].sym))
	f = a->f[i++];
      else if (i == a->nf || b->f[j].sym < a->f[i].sym)
	f = b->f[j++];
      else
	{
	  f = a->f[i++];
	  f.exp += b->f[j++].exp;
	}
      if (n == SF_POLY_MAX_FACTORS)
	return -1;
      out->f[n++] = f;
    }
  out->nf = n;
  return 0;
}

/* Return nonzero when monomial A divides monomial B (coefficients
   ignored).  */
static int
mono_divides (const sf_mono *a, const sf_mono *b)
{
  for (int i = 0; i < a->nf; i++)
    if (mono_exp (b, a->f[i].sym) < a->f[i].exp)
      return 0;
  return 1;
}

/* ---- canonical form ---- */

/* Sort TERMS[0..N-1] in place, merge equal monomials and drop zero
   coefficients; return the new count.  */
static int
canonicalize (sf_mono *terms, int n)
{
  int out = 0;
  qsort (terms, (size_t) n, sizeof *terms, mono_qsort_cmp);
  for (int i = 0; i < n; i++)
    {
      if (out > 0 && mono_cmp (&terms[out - 1], &terms[i]) == 0)
	terms[out - 1].coef += terms[i].coef;
      else
	terms[out++] = terms[i];
      if (terms[out - 1].coef == 0)
	out--;
    }
  return out;
}

/* Return a polynomial owned by ARENA holding a canonical copy of the N
   monomials TERMS (TERMS is reordered).  */
static const sf_poly *
finish (sf_arena *arena, sf_mono *terms, int n)
{
  sf_poly *p = SF_NEW (arena, sf_poly);
  n = canonicalize (terms, n);
  sf_mono *copy = SF_NEW_ARRAY (arena, sf_mono, n > 0 ? n : 1);
  if (n > 0)
    memcpy (copy, terms, sizeof *terms * (size_t) n);
  p->nterms = n;
  p->terms = copy;
  return p;
}

/* Sort the factors of M by symbol id (insertion sort: a handful).  */
static void
sort_factors (sf_mono *m)
{
  for (int i = 1; i < m->nf; i++)
    for (int j = i; j > 0 && m->f[j - 1].sym > m->f[j].sym; j--)
      {
	sf_factor t = m->f[j];
	m->f[j] = m->f[j - 1];
	m->f[j - 1] = t;
      }
}

const sf_poly *
sf_poly_from_terms (sf_arena *arena, const sf_mono *terms, int n)
{
  sf_mono *tmp = malloc (sizeof *tmp * (size_t) (n > 0 ? n : 1));
  if (!tmp)
    return NULL;
  for (int i = 0; i < n; i++)
    {
      tmp[i] = terms[i];
      sort_factors (&tmp[i]);
    }
  const sf_poly *p = finish (arena, tmp, n);
  free (tmp);
  return p;
}

/* ---- construction ---- */

const sf_poly *
sf_poly_const (sf_arena *arena, double c)
{
  sf_mono m = { .coef = c, .nf = 0 };
  return finish (arena, &m, 1);
}

const sf_poly *
sf_poly_sym (sf_arena *arena, int sym)
{
  sf_mono m = { .coef = 1, .nf = 1 };
  m.f[0].sym = (short) sym;
  m.f[0].exp = 1;
  return finish (arena, &m, 1);
}

/* Return A + FACTOR * B.  */
static const sf_poly *
add_scaled (sf_arena *arena, const sf_poly *a, const sf_poly *b,
	    double factor)
{
  if (!a || !b)
    return NULL;
  int n = a->nterms + b->nterms;
  sf_mono *tmp = malloc (sizeof *tmp * (size_t) (n > 0 ? n : 1));
  if (!tmp)
    return NULL;
  memcpy (tmp, a->terms, sizeof *tmp * (size_t) a->nterms);
  for (int i = 0; i < b->nterms; i++)
    {
      tmp[a->nterms + i] = b->terms[i];
      tmp[a->nterms + i].coef *= factor;
    }
  const sf_poly *p = finish (arena, tmp, n);
  free (tmp);
  return p;
}

const sf_poly *
sf_poly_add (sf_arena *arena, const sf_poly *a, const sf_poly *b)
{
  return add_scaled (arena, a, b, 1.0);
}

const sf_poly *
sf_poly_sub (sf_arena *arena, const sf_poly *a, const sf_poly *b)
{
  return add_scaled (arena, a, b, -1.0);
}

const sf_poly *
sf_poly_scale (sf_arena *arena, const sf_poly *a, double c)
{
  const sf_poly zero = { 0, NULL };
  return add_scaled (arena, &zero, a, c);
}

const sf_poly *
sf_poly_mul (sf_arena *arena, const sf_poly *a, const sf_poly *b)
{
  if (!a || !b)
    return NULL;
  int n = a->nterms * b->nterms;
  sf_mono *tmp = malloc (sizeof *tmp * (size_t) (n > 0 ? n : 1));
  if (!tmp)
    return NULL;
  for (int i = 0; i < a->nterms; i++)
    for (int j = 0; j < b->nterms; j++)
      if (mono_mul (&a->terms[i], &b->terms[j], &tmp[i * b->nterms + j]))
	{
	  free (tmp);
	  return NULL;
	}
  const sf_poly *p = finish (arena, tmp, n);
  free (tmp);
  return p;
}

/* ---- inspection ---- */

int
sf_poly_equal (const sf_poly *a, const sf_poly *b)
{
  return a && b && sf_poly_compare (a, b) == 0;
}

int
sf_poly_compare (const sf_poly *a, const sf_poly *b)
{
  if (!a || !b)
    return (a != NULL) - (b != NULL);
  for (int i = 0; i < a->nterms && i < b->nterms; i++)
    {
      int c = mono_cmp (&a->terms[i], &b->terms[i]);
      if (c)
	return c;
      if (a->terms[i].coef != b->terms[i].coef)
	return a->terms[i].coef < b->terms[i].coef ? -1 : 1;
    }
  return a->nterms - b->nterms;
}

int
sf_poly_nonnegative (const sf_poly *p)
{
  if (!p)
    return 0;
  for (int i = 0; i < p->nterms; i++)
    if (p->terms[i].coef < 0)
      return 0;
  return 1;
}

int
sf_poly_degree (const sf_poly *p)
{
  int d = 0;
  for (int i = 0; p && i < p->nterms; i++)
    if (mono_degree (&p->terms[i]) > d)
      d = mono_degree (&p->terms[i]);
  return d;
}

int
sf_poly_uses (const sf_poly *p, int sym)
{
  for (int i = 0; p && i < p->nterms; i++)
    if (mono_exp (&p->terms[i], sym))
      return 1;
  return 0;
}

double
sf_poly_eval (const sf_poly *p, const double *values)
{
  double sum = 0;
  for (int i = 0; p && i < p->nterms; i++)
    {
      double t = p->terms[i].coef;
      for (int k = 0; k < p->terms[i].nf; k++)
	for (int e = 0; e < p->terms[i].f[k].exp; e++)
	  t *= values[p->terms[i].f[k].sym];
      sum += t;
    }
  return sum;
}

/* Cover COEF of the monomial M from the budget LEFT[] of B's terms whose
   monomials M divides, equal monomial first.  Return the part of COEF
   that could not be covered.  */
static double
cover_term (const sf_mono *m, double coef, const sf_poly *b, double *left)
{
  for (int pass = 0; pass < 2 && coef > 0; pass++)
    for (int j = 0; j < b->nterms && coef > 0; j++)
      {
	int equal = mono_cmp (m, &b->terms[j]) == 0;
	if (pass == 0 ? !equal : equal || !mono_divides (m, &b->terms[j]))
	  continue;
	double used = left[j] < coef ? left[j] : coef;
	left[j] -= used;
	coef -= used;
      }
  return coef;
}

int
sf_poly_le_struct (const sf_poly *a, const sf_poly *b, int *strict)
{
  if (!sf_poly_nonnegative (a) || !sf_poly_nonnegative (b))
    return 0;
  double *left = malloc (sizeof *left * (size_t) (b->nterms + 1));
  if (!left)
    return 0;
  for (int j = 0; j < b->nterms; j++)
    left[j] = b->terms[j].coef;
  int ok = 1;
  /* Highest degree first: they have the fewest monomials to divide.  */
  for (int i = a->nterms - 1; i >= 0 && ok; i--)
    ok = cover_term (&a->terms[i], a->terms[i].coef, b, left) == 0;
  if (ok && strict)
    {
      *strict = 0;
      for (int j = 0; j < b->nterms; j++)
	if (left[j] > 0)
	  *strict = 1;
    }
  free (left);
  return ok;
}

/* ---- printing ---- */

/* Return the name of symbol SYM.  */
static const char *
sym_name (const sf_poly_names *names, int sym, char buf[16])
{
  if (names && names->names && names->names[sym])
    return names->names[sym];
  snprintf (buf, 16, "s%d", sym);
  return buf;
}

/* Print the factors of M in the order NAMES asks for, joined by '*',
   each preceded by '*' when LEAD.  */
static void
print_factors (FILE *out, const sf_mono *m, const sf_poly_names *names,
	       int lead)
{
  int idx[SF_POLY_MAX_FACTORS];
  for (int i = 0; i < m->nf; i++)
    idx[i] = i;
  for (int i = 1; names && names->order && i < m->nf; i++)
    for (int j = i; j > 0; j--)
      {
	int a = m->f[idx[j - 1]].sym, b = m->f[idx[j]].sym;
	if (names->order[a] < names->order[b]
	    || (names->order[a] == names->order[b] && a < b))
	  break;
	int t = idx[j];
	idx[j] = idx[j - 1];
	idx[j - 1] = t;
      }
  for (int i = 0; i < m->nf; i++)
    {
      char buf[16];
      const sf_factor *f = &m->f[idx[i]];
      fprintf (out, "%s%s", lead || i ? "*" : "", sym_name (names, f->sym, buf));
      if (f->exp > 1)
	fprintf (out, "^%d", f->exp);
    }
}

void
sf_poly_print (FILE *out, const sf_poly *p, const sf_poly_names *names)
{
  if (!p)
    {
      fputs ("?", out);
      return;
    }
  if (p->nterms == 0)
    fputs ("0", out);
  for (int i = 0; i < p->nterms; i++)
    {
      const sf_mono *m = &p->terms[i];
      double c = m->coef;
      if (i > 0)
	fputs (c < 0 ? " - " : " + ", out);
      else if (c < 0)
	fputs ("-", out);
      c = c < 0 ? -c : c;
      if (c != 1 || m->nf == 0)
	fprintf (out, "%.17g", c);
      print_factors (out, m, names, c != 1 && m->nf > 0);
    }
}

char *
sf_poly_str (sf_arena *arena, const sf_poly *p, const sf_poly_names *names)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  if (!f)
    return sf_arena_strdup (arena, "?");
  sf_poly_print (f, p, names);
  fclose (f);
  char *s = sf_arena_strdup (arena, buf);
  free (buf);
  return s;
}
