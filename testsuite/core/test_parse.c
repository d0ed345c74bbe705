/* Parser tests: pragma text -> canonical text printed back (NULL: the
   input itself), and for the computations the operands and indices in
   first-occurrence order.

     "A(i,l)+=(B(i,j))*C(i,k)"  ->  "A(i,l) += B(i,j) * C(i,k)"
                                    "ops A B C; idx i l j k"  */

#include <stdlib.h>
#include <string.h>
#include "core_test.h"

static const struct parse_case
{
  const char *name, *text, *expected, *names;
} parse_cases[] = {
  /* The kernels of SPEC section 3.  */
  { "kernel/spmv", "y(i) = B(i,j) * x(j)", NULL, "ops y B x; idx i j" },
  { "kernel/spmm", "A(i,k) = B(i,j) * C(j,k)", NULL, "ops A B C; idx i k j" },
  { "kernel/sddmm", "A(i,j) = B(i,j) * C(i,k) * D(j,k)", NULL,
    "ops A B C D; idx i j k" },
  { "kernel/gnn", "A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)", NULL,
    "ops A B C D E; idx i l j k" },
  { "kernel/gnn-accumulate", "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)",
    NULL, NULL },
  { "kernel/spmm-gemm", "A(i,l) = B(i,j) * C(j,k) * D(k,l)", NULL,
    "ops A B C D; idx i l j k" },
  { "kernel/spmmh-gemm", "A(i,l) = B(i,k) * C(k,j) * D(k,j) * E(j,l)", NULL,
    "ops A B C D E; idx i l k j" },
  { "kernel/sddmm-spmm-gemm",
    "A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m)", NULL,
    "ops A B C D E F; idx i m j k l" },
  { "kernel/mttkrp", "A(i,r) = B(i,j,k) * C(j,r) * D(k,r)", NULL,
    "ops A B C D; idx i r j k" },
  { "kernel/mttkrp-gemm", "A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m)",
    NULL, "ops A B C D E; idx i m k l j" },
  { "kernel/ttmc", "A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)", NULL,
    "ops A B C D E; idx l m n i j k" },
  { "kernel/spttm-spttm", "A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m)", NULL,
    "ops A B C D; idx i j m k l" },
  { "kernel/react", "A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)", NULL,
    "ops A B E C D; idx i j k" },
  { "kernel/sum3", "A(i,j) = B(i,j) + C(i,j) + D(i,j)", NULL, NULL },
  { "kernel/sum-product", "a(i) = (b(i) + c(i)) * d(i)", NULL, NULL },
  { "kernel/tensor-network",
    "R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r)", NULL,
    "ops R A B C D; idx i j k p q r" },
  /* The examples of SPEC 1.2.  */
  { "spec/spmv-plus", "y(i) = A(i,j) * x(j) + z(i)", NULL, NULL },
  { "spec/row-sums", "a(i) = B(i,j) + C(i,j) + d(i)", NULL, NULL },
  { "spec/sum-times", "A(i) = (B(i,j) + C(i)) * D(i,j)", NULL, NULL },
  { "spec/scalar-output", "s = x(i) * y(i)", NULL, "ops s x y; idx i" },
  { "spec/scalar-operand", "y(i) = alpha * B(i,j) * x(j)", NULL,
    "ops y alpha B x; idx i j" },
  { "spec/broadcast", "A(i,j) = x(i)", NULL, NULL },
  { "spec/constant-rhs", "A(i,j) = 0", NULL, NULL },
  /* Spelling, parentheses, numbers.  */
  { "syntax/spacing", "A(i,l)+=(B(i,j))*C(i,k)*D( j , k )*E(j,l)",
    "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)", NULL },
  { "syntax/redundant-parens", "y(i) = ((B(i,j) * x(j)))",
    "y(i) = B(i,j) * x(j)", NULL },
  { "syntax/left-assoc-sub", "a(i) = (b(i) - c(i)) - d(i)",
    "a(i) = b(i) - c(i) - d(i)", NULL },
  { "syntax/right-sub", "a(i) = b(i) - (c(i) - d(i))", NULL, NULL },
  { "syntax/right-add", "a(i) = b(i) + (c(i) + d(i))", NULL, NULL },
  { "syntax/right-mul", "a(i) = b(i) * (c(i) * d(i))", NULL, NULL },
  { "syntax/sum-of-products", "a(i) = (b(i) * c(i)) + (d(i) * e(i))",
    "a(i) = b(i) * c(i) + d(i) * e(i)", NULL },
  { "syntax/neg", "a(i) = -b(i) * c(i)", NULL, NULL },
  { "syntax/neg-product", "a(i) = -(b(i) * c(i))", NULL, NULL },
  { "syntax/neg-neg", "a(i) = - - b(i)", "a(i) = -(-b(i))", NULL },
  { "syntax/neg-after-op", "a(i) = b(i) - -c(i) * -d(i)", NULL, NULL },
  { "syntax/neg-sum", "A(i) = -(b(i) - (c(i) - d(i))) * 2.5", NULL, NULL },
  { "syntax/number-int", "y(i) = 2 * x(i)", NULL, NULL },
  { "syntax/number-float", "y(i) = 2.0 * x(i) + 0.1", "y(i) = 2 * x(i) + 0.1",
    NULL },
  { "syntax/number-exp", "y(i) = 1e-3 * x(i) * 2.5E2",
    "y(i) = 0.001 * x(i) * 250", NULL },
  { "syntax/number-suffix", "y(i) = 1.0f * x(i) + 3u",
    "y(i) = 1 * x(i) + 3", NULL },
  { "syntax/output-named-format", "format(i) = x(i)", NULL,
    "ops format x; idx i" },
  { "syntax/repeated-operand", "y(i) = B(i,j) * x(j) + B(i,j)", NULL,
    "ops y B x; idx i j" },
  /* Every clause.  */
  { "clause/shape", "y(i) = B(i,j) * x(j) shape(x: K)", NULL, NULL },
  { "clause/shape-several",
    "A(i,k) = B(i,j) * C(j,k) shape(C: M, K, A: B.n, K)",
    "A(i,k) = B(i,j) * C(j,k) shape(A: B.n, K, C: M, K)", NULL },
  { "clause/shape-repeated",
    "A(i,k) = B(i,j) * C(j,k) shape(A: N, K) shape(C: M, K)",
    "A(i,k) = B(i,j) * C(j,k) shape(A: N, K, C: M, K)", NULL },
  { "clause/shape-cexpr",
    "y(i) = B(i,j) * x(j) shape(x: B->m + 1, y: (n - 1) * 2 / k)",
    "y(i) = B(i,j) * x(j) shape(y: (n - 1) * 2 / k, x: B->m + 1)", NULL },
  { "clause/shape-members", "y(i) = x(i) shape(y: -(-p->q), x: s.a.b)",
    NULL, NULL },
  { "clause/colmajor", "A(i,k) = B(i,j) * C(j,k) colmajor(C)", NULL, NULL },
  { "clause/colmajor-several",
    "A(i,k) = B(i,j) * C(j,k) colmajor(C) colmajor(A, C)",
    "A(i,k) = B(i,j) * C(j,k) colmajor(A, C)", NULL },
  { "clause/schedule-naive", "y(i) = B(i,j) * x(j) schedule(naive)", NULL,
    NULL },
  { "clause/schedule-unfused", "y(i) = B(i,j) * x(j) schedule(unfused)",
    NULL, NULL },
  { "clause/schedule-auto", "y(i) = B(i,j) * x(j) schedule(auto)",
    "y(i) = B(i,j) * x(j)", NULL },
  { "clause/schedule-repeated",
    "y(i) = B(i,j) * x(j) schedule(naive) schedule(naive)",
    "y(i) = B(i,j) * x(j) schedule(naive)", NULL },
  { "clause/assume",
    "A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l) "
    "assume(K <= 256, nnz(B) >= 16 * dim(B, 0))", NULL, NULL },
  { "clause/assume-repeated",
    "y(i) = B(i,j) * x(j) assume(dim(B, 0) > 10 * K) "
    "assume(nnz(B) >= 1000000)",
    "y(i) = B(i,j) * x(j) assume(dim(B, 0) > 10 * K, nnz(B) >= 1000000)",
    NULL },
  { "clause/assume-comparisons",
    "y(i) = x(i) assume(K < 3, K <= 3, K > 3, K >= 3, K == 3)", NULL, NULL },
  { "clause/assume-arith",
    "y(i) = x(i) assume((K + 1) * 2 - -L >= nnz(x) - 1)", NULL, NULL },
  { "clause/memory", "y(i) = B(i,j) * x(j) memory(1048576)", NULL, NULL },
  { "clause/memory-cexpr", "y(i) = B(i,j) * x(j) memory(64 * K * (L + 1))",
    NULL, NULL },
  { "clause/serial", "y(i) = B(i,j) * x(j) serial", NULL, NULL },
  { "clause/threads", "y(i) = B(i,j) * x(j) threads(4)", NULL, NULL },
  { "clause/threads-cexpr", "y(i) = B(i,j) * x(j) threads(nthreads / 2)",
    NULL, NULL },
  { "clause/threads-repeated", "y(i) = x(i) threads(4) threads(4)",
    "y(i) = x(i) threads(4)", NULL },
  { "clause/check", "y(i) = B(i,j) * x(j) check", NULL, NULL },
  { "clause/all-any-order",
    "A(i,k) = B(i,j) * C(j,k) check threads(T) serial memory(M) "
    "assume(K <= 64) schedule(unfused) colmajor(C) shape(C: M, K) serial",
    "A(i,k) = B(i,j) * C(j,k) shape(C: M, K) colmajor(C) schedule(unfused) "
    "assume(K <= 64) memory(M) serial threads(T) check", NULL },
  { "clause/hex-constants", "y(i) = x(i) memory(0x100000) threads(010)",
    "y(i) = x(i) memory(1048576) threads(8)", NULL },
  /* Format declarations (SPEC 1.1).  */
  { "format/csr",
    "format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) "
    "values(vals)", NULL, NULL },
  { "format/csc",
    "format struct csc dims(n, m) levels(dense, compressed(colptr, rowidx)) "
    "values(vals) modes(1, 0)", NULL, NULL },
  { "format/dcsr",
    "format struct dcsr dims(n, m) levels(compressed(pos[0], crd[0]), "
    "compressed(pos[1], crd[1])) values(vals)", NULL, NULL },
  { "format/coo",
    "format struct coo dims(n, m) levels(coo(nnz, row), singleton(col)) "
    "values(val)", NULL, NULL },
  { "format/csf3",
    "format struct csf3 dims(dims[0], dims[1], dims[2]) "
    "levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), "
    "compressed(pos[2], crd[2])) values(vals)", NULL, NULL },
  { "format/csf3-mode-order",
    "format csf3_t dims(d0, d1, d2) levels(dense, compressed(p1, c1), "
    "compressed(p2, c2)) values(v) modes(2, 0, 1)", NULL, NULL },
  { "format/csf4",
    "format struct csf4 dims(d[0], d[1], d[2], d[3]) levels(compressed(p[0], "
    "c[0]), compressed(p[1], c[1]), compressed(p[2], c[2]), compressed(p[3], "
    "c[3])) values(v) modes(3, 1, 0, 2)", NULL, NULL },
  { "format/csr-1-based",
    "format struct fcsr dims(nrows, ncols) levels(dense, compressed(ia, ja)) "
    "values(a) base(1)", NULL, NULL },
  { "format/typedef", "format csr_t dims(n, m) levels(dense, "
    "compressed(rowptr, colidx)) values(vals)", NULL, NULL },
  { "format/dense", "format struct mat dims(rows, cols) levels(dense, dense) "
    "values(data)", NULL, NULL },
  { "format/any-order-defaults",
    "format struct csr base(0) values(vals) modes(0, 1) "
    "levels(dense, compressed(rowptr, colidx)) dims(n, m)",
    "format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) "
    "values(vals)", NULL },
  { "format/singleton-after-compressed",
    "format struct t dims(a, b, c) levels(dense, compressed(p, c1), "
    "singleton(c2)) values(v)", NULL, NULL },
};

/* Return "ops A B; idx i j" for computation C.  */
static char *
parse_render_names (const sf_comp *c)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  fputs ("ops", out);
  for (int i = 0; i < c->noperands; i++)
    fprintf (out, " %s", c->operands[i].name);
  fputs ("; idx", out);
  for (int i = 0; i < c->nindices; i++)
    fprintf (out, " %s", c->index_names[i]);
  fclose (out);
  return text;
}

/* Return NULL when case C parses and prints as expected, else why not.  */
static char *
parse_run_case (const struct parse_case *c)
{
  test_pragma t;
  char *why = NULL;
  const char *expected = c->expected ? c->expected : c->text;
  test_parse (&t, c->text);
  if (t.status || t.diags.n)
    {
      char *diags = test_describe_diags (&t.diags, t.toks, t.ntoks);
      why = test_format ("status %d, %s", t.status, diags);
      free (diags);
    }
  char *printed = why ? NULL : test_print_pragma (&t);
  char *names = printed && c->names
		? parse_render_names (&t.pragma.comp) : NULL;
  if (printed && strcmp (printed, expected))
    why = test_format ("printed \"%s\", expected \"%s\"", printed, expected);
  else if (names && strcmp (names, c->names))
    why = test_format ("got \"%s\", expected \"%s\"", names, c->names);
  free (printed);
  free (names);
  test_pragma_free (&t);
  return why;
}

/* Return NULL when the canonical text of case C parses back to itself.  */
static char *
parse_run_round_trip (const struct parse_case *c)
{
  test_pragma t;
  const char *expected = c->expected ? c->expected : c->text;
  test_parse (&t, expected);
  char *printed = t.status ? NULL : test_print_pragma (&t);
  char *why = NULL;
  if (!printed || strcmp (printed, expected))
    why = test_format ("reprinted \"%s\"", printed ? printed : "(error)");
  free (printed);
  test_pragma_free (&t);
  return why;
}

/* Checks of fields the printer does not show.  */
static void
parse_check_fields (void)
{
  test_pragma t;
  test_parse (&t, "A(i,k) += B(i,j) * C(j,k) schedule(naive)");
  const sf_comp *c = &t.pragma.comp;
  char *why = NULL;
  if (t.status || t.pragma.kind != SF_PRAGMA_COMP)
    why = test_format ("did not parse");
  else if (!c->accumulate || c->assign_tok != 6 || c->schedule_tok != 22
	   || c->lhs->operand != 0 || c->operands[1].tok != 7
	   || c->index_tok[2] != 11 || c->rhs->kind != SF_EXPR_MUL
	   || c->rhs->tok != 13 || c->rhs->a->idx_tok[1] != 11)
    why = test_format ("wrong token indices or fields");
  test_report ("core/parse/fields-comp", why);
  test_pragma_free (&t);

  test_parse (&t, "format struct csc dims(n, m) levels(dense, "
	      "compressed(p[1], c)) values(v) modes(1, 0) base(1)");
  const sf_format *f = &t.pragma.format;
  why = NULL;
  if (t.status || t.pragma.kind != SF_PRAGMA_FORMAT)
    why = test_format ("did not parse");
  else if (f->tok != 1 || f->ndims != 2 || f->nlevels != 2 || f->nmodes != 2
	   || !f->has_modes || f->modes[0] != 1 || f->base != 1
	   || f->levels[1].kind != SF_LEVEL_COMPRESSED
	   || f->levels[1].pos.subscript != 1 || f->levels[1].crd.subscript != -1
	   || strcmp (f->levels[1].crd.name, "c") || f->dims[1].tok != 7
	   || f->levels[0].pos.name || f->values.subscript != -1)
    why = test_format ("wrong fields");
  test_report ("core/parse/fields-format", why);
  test_pragma_free (&t);
}

void
test_parse_suite (void)
{
  for (size_t i = 0; i < sizeof parse_cases / sizeof parse_cases[0]; i++)
    {
      const struct parse_case *c = &parse_cases[i];
      char *name = test_format ("core/parse/%s", c->name);
      test_report (name, parse_run_case (c));
      free (name);
      if (c->expected)
	{
	  name = test_format ("core/parse/%s/round-trip", c->name);
	  test_report (name, parse_run_round_trip (c));
	  free (name);
	}
    }
  parse_check_fields ();
}
