/* Symbolic cost polynomials: sums of monomials over numbered symbols
   (dense extents, prefix nnz terms of sparse operands, user scalars; the
   symbols themselves live in cost.h).

     SDDMM,SpMM, naive:   nnz(B)*K*L          = 1 term
     SDDMM,SpMM, fused:   nnz(B)*K + nnz(B)*L = 2 terms
     sf_poly_mul (a, sf_poly_add (b, c))  ->  canonical sum of products

   A polynomial is immutable and lives in an arena; every operation returns
   a new one in canonical form: monomials sorted (by total degree, then by
   their factors), equal monomials merged, zero terms dropped, factors of a
   monomial sorted by symbol id.  Two polynomials are equal as functions
   of unconstrained symbols exactly when their canonical forms are equal,
   so sf_poly_equal is a structural comparison.

   Coefficients are doubles.  Costs are built by adding and multiplying
   small nonnegative integers (a loop counted twice, 8 bytes per element),
   which binary64 represents exactly up to 2^53, so canonical forms compare
   exactly; evaluation on run-time sizes needs floating point anyway
   (I*J*K*L overflows 64-bit integers on real inputs).  Coefficients may
   be negative in constraint polynomials (assume (K - 2*J >= 0)); costs
   are nonnegative.

   A NULL polynomial means "not representable" (a monomial with more than
   SF_POLY_MAX_FACTORS distinct symbols): every operation returns NULL when
   given NULL, so a failure surfaces once, at the end.  */

#ifndef SF_POLY_H
#define SF_POLY_H

#include <stdio.h>
#include "ir/arena.h"

#define SF_POLY_MAX_FACTORS 16

/* SYM raised to EXP (EXP >= 1 in a canonical polynomial).  */
typedef struct sf_factor
{
  short sym, exp;
} sf_factor;

/* COEF * product of F[0..NF-1], factors sorted by symbol id.  */
typedef struct sf_mono
{
  double coef;
  int nf;
  sf_factor f[SF_POLY_MAX_FACTORS];
} sf_mono;

typedef struct sf_poly
{
  int nterms;
  const sf_mono *terms;
} sf_poly;

/* Return the symbol names used by the printers: NAMES[sym], or "s<sym>"
   when NAMES is NULL.  ORDER, when not NULL, gives each symbol's rank in
   printed monomials (lower first); otherwise factors print by id.  */
typedef struct sf_poly_names
{
  const char *const *names;
  const int *order;
} sf_poly_names;

/* ---- construction (results in ARENA, canonical) ---- */

/* Return the constant C (the zero polynomial when C == 0).  */
const sf_poly *sf_poly_const (sf_arena *arena, double c);
/* Return symbol SYM to the power 1.  */
const sf_poly *sf_poly_sym (sf_arena *arena, int sym);
/* Return A + B, A - B, A * B, C * A.  */
const sf_poly *sf_poly_add (sf_arena *arena, const sf_poly *a,
			    const sf_poly *b);
const sf_poly *sf_poly_sub (sf_arena *arena, const sf_poly *a,
			    const sf_poly *b);
const sf_poly *sf_poly_mul (sf_arena *arena, const sf_poly *a,
			    const sf_poly *b);
const sf_poly *sf_poly_scale (sf_arena *arena, const sf_poly *a, double c);
/* Return the canonical form of the N monomials TERMS (in any order, with
   repeated factors or exponents <= 0 not allowed).  */
const sf_poly *sf_poly_from_terms (sf_arena *arena, const sf_mono *terms,
				   int n);

/* ---- inspection ---- */

/* Return nonzero when A and B have the same canonical form.  */
int sf_poly_equal (const sf_poly *a, const sf_poly *b);
/* Return <0, 0 or >0: a total order on canonical forms (for sorting and
   bucketing; not a comparison of values).  */
int sf_poly_compare (const sf_poly *a, const sf_poly *b);
/* Return nonzero when every coefficient of P is >= 0.  */
int sf_poly_nonnegative (const sf_poly *p);
/* Return the largest total degree of a term of P (0 for constants).  */
int sf_poly_degree (const sf_poly *p);
/* Return nonzero when symbol SYM occurs in P.  */
int sf_poly_uses (const sf_poly *p, int sym);
/* Return P evaluated with symbol s equal to VALUES[s].  */
double sf_poly_eval (const sf_poly *p, const double *values);

/* Return nonzero when A <= B for every value of the symbols >= 1, proven
   term by term: each term of A is covered by the coefficients of terms of
   B whose monomial it divides (equal monomials first): I + J <= 2*I*J is
   found, 2*I <= I*I + 1 is true but not found.  Both must be nonnegative;
   returns 0 otherwise.  When it
   returns nonzero, *STRICT (if not NULL) is set when some coefficient of
   B is left over, so that A < B for every value of the symbols >= 1.  */
int sf_poly_le_struct (const sf_poly *a, const sf_poly *b, int *strict);

/* ---- printing ---- */

/* Print P, e.g. "I*K + 2*nnz(B)*K^2"; "0" for the zero polynomial,
   "?" for NULL.  */
void sf_poly_print (FILE *out, const sf_poly *p, const sf_poly_names *names);
/* Return the printed form of P, owned by ARENA.  */
char *sf_poly_str (sf_arena *arena, const sf_poly *p,
		   const sf_poly_names *names);

#endif /* SF_POLY_H */
