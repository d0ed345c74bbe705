/* Printer tests on trees built by hand (shapes the parser never makes):
   negative numbers, unary minus over them, clause expressions, formats
   with permuted or missing modes.

     NEG (NUMBER -2)  ->  "-(-2)"      MUL (x, NUMBER -2)  ->  "x(i) * -2"  */

#include <stdlib.h>
#include <string.h>
#include "core_test.h"

/* Return the malloc'd text printed by sf_print_expr for E in C.  */
static char *
print_expr_text (const sf_comp *c, const sf_expr *e)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  sf_print_expr (out, c, e);
  fclose (out);
  return text;
}

static char *
print_cexpr_text (const sf_cexpr *e)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  sf_print_cexpr (out, e);
  fclose (out);
  return text;
}

static void
print_expect (const char *name, char *got, const char *expected)
{
  if (strcmp (got, expected))
    test_fail (name, "printed \"%s\", expected \"%s\"", got, expected);
  else
    test_pass (name);
  free (got);
}

static sf_expr *
print_node (sf_arena *a, sf_expr_kind kind, sf_expr *x, sf_expr *y)
{
  sf_expr *e = SF_NEW (a, sf_expr);
  e->kind = kind;
  e->a = x;
  e->b = y;
  return e;
}

static sf_expr *
print_number (sf_arena *a, double v)
{
  sf_expr *e = print_node (a, SF_EXPR_NUMBER, NULL, NULL);
  e->number = v;
  return e;
}

static void
print_expr_cases (void)
{
  sf_arena a;
  sf_arena_init (&a);
  sf_comp *c = SF_NEW (&a, sf_comp);
  c->noperands = 1;
  c->operands[0].name = "x";
  c->nindices = 1;
  c->index_names[0] = "i";
  sf_expr *x = print_node (&a, SF_EXPR_ACCESS, NULL, NULL);
  x->nidx = 1;
  sf_expr *m2 = print_number (&a, -2);
  print_expect ("core/print/neg-number", print_expr_text
		(c, print_node (&a, SF_EXPR_NEG, m2, NULL)), "-(-2)");
  print_expect ("core/print/mul-neg-number", print_expr_text
		(c, print_node (&a, SF_EXPR_MUL, x, m2)), "x(i) * -2");
  print_expect ("core/print/neg-number-left", print_expr_text
		(c, print_node (&a, SF_EXPR_MUL, m2, x)), "-2 * x(i)");
  print_expect ("core/print/sub-neg-number", print_expr_text
		(c, print_node (&a, SF_EXPR_SUB, x, m2)), "x(i) - -2");
  print_expect ("core/print/numbers", print_expr_text
		(c, print_node (&a, SF_EXPR_ADD, print_number (&a, 0.1),
				print_number (&a, 1e300))), "0.1 + 1e+300");
  print_expect ("core/print/number-third", print_expr_text
		(c, print_number (&a, 1.0 / 3)), "0.3333333333333333");
  sf_arena_free (&a);
}

static sf_cexpr *
print_cnode (sf_arena *a, sf_cexpr_kind kind, sf_cexpr *x, sf_cexpr *y,
	     const char *name, long long v)
{
  sf_cexpr *e = SF_NEW (a, sf_cexpr);
  e->kind = kind;
  e->a = x;
  e->b = y;
  e->name = name;
  e->ival = v;
  return e;
}

static void
print_cexpr_cases (void)
{
  sf_arena a;
  sf_arena_init (&a);
  sf_cexpr *n = print_cnode (&a, SF_CEXPR_NAME, NULL, NULL, "n", 0);
  sf_cexpr *m1 = print_cnode (&a, SF_CEXPR_INT, NULL, NULL, NULL, -1);
  sf_cexpr *sum = print_cnode (&a, SF_CEXPR_ADD, n, m1, NULL, 0);
  print_expect ("core/print/cexpr-neg-int", print_cexpr_text (sum), "n + -1");
  print_expect ("core/print/cexpr-div", print_cexpr_text
		(print_cnode (&a, SF_CEXPR_DIV, n, sum, NULL, 0)),
		"n / (n + -1)");
  print_expect ("core/print/cexpr-neg-neg", print_cexpr_text
		(print_cnode (&a, SF_CEXPR_NEG, m1, NULL, NULL, 0)), "-(-1)");
  sf_cexpr *arrow = print_cnode (&a, SF_CEXPR_ARROW, n, NULL, "dims", 0);
  print_expect ("core/print/cexpr-members", print_cexpr_text
		(print_cnode (&a, SF_CEXPR_MEMBER, arrow, NULL, "x", 0)),
		"n->dims.x");
  print_expect ("core/print/cexpr-member-of-sum", print_cexpr_text
		(print_cnode (&a, SF_CEXPR_MEMBER, sum, NULL, "x", 0)),
		"(n + -1).x");
  sf_arena_free (&a);
}

static void
print_format_cases (void)
{
  test_pragma t;
  test_parse (&t, "format struct t dims(a, b) levels(dense, compressed(p, "
	      "c)) values(v) modes(0, 1) base(0)");
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  sf_print_format (out, &t.pragma.format);
  t.pragma.format.nmodes = 0;	/* inconsistent: no modes() printed */
  fputc ('|', out);
  sf_print_format (out, &t.pragma.format);
  fclose (out);
  print_expect ("core/print/format-defaults", text,
		"format struct t dims(a, b) levels(dense, compressed(p, c)) "
		"values(v)|format struct t dims(a, b) levels(dense, "
		"compressed(p, c)) values(v)");
  test_pragma_free (&t);
}

void
test_print_suite (void)
{
  print_expr_cases ();
  print_cexpr_cases ();
  print_format_cases ();
}
