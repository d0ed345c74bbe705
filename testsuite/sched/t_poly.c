/* Polynomials: canonical forms, arithmetic, evaluation, structural
   comparison (core/poly.c), over the symbols of a CSR space.

     "K*I + I*K"  ->  "2*I*K"        "(I + J)*(I + J)"  ->  "I^2 + 2*I*J + J^2"  */

#include <string.h>
#include "sched_test.h"

/* Expect TEXT to print as WANT once canonical.  */
static void
canon_case (sf_cost_space *s, const char *name, const char *text,
	    const char *want)
{
  const char *got = str_of (s, poly_of (s, text));
  check (name, !strcmp (got, want), "'%s' printed '%s', expected '%s'", text,
	 got, want);
}

void
poly_suite (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 2, (sf_level_kind[]) { SF_LEVEL_DENSE,
		SF_LEVEL_COMPRESSED }, (int[]) { IX_I, IX_J });

  canon_case (&s, "poly/canonical-merge", "K*I + I*K", "2*I*K");
  canon_case (&s, "poly/canonical-order", "nnz(B)*K*L + I*K", "I*K + nnz(B)*K*L");
  canon_case (&s, "poly/canonical-nnz-first", "L*K*nnz(B)", "nnz(B)*K*L");
  canon_case (&s, "poly/powers", "I*I*J + J*I^2", "2*I^2*J");
  canon_case (&s, "poly/zero", "0", "0");
  canon_case (&s, "poly/constant", "3 + 4", "7");

  const sf_poly *ij = poly_of (&s, "I + J");
  const sf_poly *sq = sf_poly_mul (&a, ij, ij);
  const char *got = str_of (&s, sq);
  check ("poly/mul", !strcmp (got, "I^2 + 2*I*J + J^2"), "got '%s'", got);

  const sf_poly *fused = poly_of (&s, "nnz(B)*K + nnz(B)*L");
  const sf_poly *factored = sf_poly_mul (&a, poly_of (&s, "nnz(B)"),
					 poly_of (&s, "K + L"));
  check ("poly/equal-after-expansion", sf_poly_equal (fused, factored),
	 "nnz(B)*(K + L) printed '%s'", str_of (&s, factored));
  check ("poly/not-equal", !sf_poly_equal (fused, poly_of (&s, "nnz(B)*K*L")),
	 "fused and naive compare equal");
  const sf_poly *diff = sf_poly_sub (&a, fused, factored);
  check ("poly/sub-cancels", diff && diff->nterms == 0, "left '%s'",
	 str_of (&s, diff));
  got = str_of (&s, sf_poly_sub (&a, poly_of (&s, "I"), poly_of (&s, "2*J")));
  check ("poly/negative", !strcmp (got, "I - 2*J"), "got '%s'", got);

  /* Values: I=10 J=20 K=3 L=4 M..R=1, nnz(B)=50 (symbol 7).  */
  double v[16] = { 10, 20, 3, 4, 1, 1, 1, 50 };
  double e = sf_poly_eval (fused, v);
  check ("poly/eval", e == 50 * 3 + 50 * 4, "got %g", e);
  e = sf_poly_eval (sq, v);
  check ("poly/eval-square", e == 900, "got %g", e);

  int strict = -1;
  check ("poly/le-struct-fused-naive",
	 !sf_poly_le_struct (fused, poly_of (&s, "nnz(B)*K*L"), NULL),
	 "nnz(B)*(K + L) <= nnz(B)*K*L is false at K = L = 1");
  check ("poly/le-struct-divides",
	 sf_poly_le_struct (poly_of (&s, "I + J"), poly_of (&s, "2*I*J"), &strict)
	 && strict == 0, "I + J <= 2*I*J not proven (strict %d)", strict);
  check ("poly/le-struct-strict",
	 sf_poly_le_struct (poly_of (&s, "I*K"), poly_of (&s, "I*K + nnz(B)"),
			    &strict) && strict == 1, "strict %d", strict);
  check ("poly/le-struct-incomplete",
	 !sf_poly_le_struct (poly_of (&s, "2*I"), poly_of (&s, "I^2 + 1"), NULL),
	 "the greedy cover is documented as incomplete here");
  check ("poly/degree", sf_poly_degree (poly_of (&s, "nnz(B)*K*L + I")) == 3,
	 "degree %d", sf_poly_degree (poly_of (&s, "nnz(B)*K*L + I")));

  /* 17 distinct symbols in one monomial do not fit.  */
  const sf_poly *big = sf_poly_const (&a, 1);
  for (int i = 0; i < 17; i++)
    big = sf_poly_mul (&a, big, sf_poly_sym (&a, i));
  check ("poly/too-many-factors", big == NULL, "a 17-symbol monomial was built");
  check ("poly/null-propagates", sf_poly_add (&a, big, ij) == NULL,
	 "NULL + p is not NULL");
  sf_arena_free (&a);
}
