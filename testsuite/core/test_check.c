/* Tests of sf_check_format and sf_check_comp.

   Formats: text -> no error, or one error (caret token, message).
   Computations: text + operand descriptions (what the glue would fill)
   -> extents and uses, or one error:

     "A(i,k) = B(i,j) * C(j,k)"   "A:D2t1 B:S0 C:D2t1"
       -> "i=fmt(B,0) k=type(C,1) j=fmt(B,1) | uses A0 B1 C1"

   Operand descriptions, NAME:SPEC separated by blanks:
     S<f>        sparse, format <f> of the table below (rank = its ndims)
     D<r>        dense of rank <r>; then t<dims> (the C type gives these
                 dims, e.g. t01) and c<dim>=<value> (constant extent)
     P           plain pointer (rank 1, flat)
     s           arithmetic scalar
     ?           unresolved  */

#include <stdlib.h>
#include <string.h>
#include "core_test.h"

/* ==== formats ==== */

static const struct format_case
{
  const char *name, *text, *caret, *message;	/* MESSAGE NULL: valid */
} format_cases[] = {
  { "csr", "format struct csr dims(n, m) levels(dense, compressed(p, c)) "
    "values(v)", NULL, NULL },
  { "csc", "format struct csc dims(n, m) levels(dense, compressed(p, c)) "
    "values(v) modes(1, 0)", NULL, NULL },
  { "dcsr", "format struct dcsr dims(n, m) levels(compressed(p0, c0), "
    "compressed(p1, c1)) values(v)", NULL, NULL },
  { "coo", "format struct coo dims(n, m) levels(coo(nnz, r), singleton(c)) "
    "values(v)", NULL, NULL },
  { "coo3", "format struct coo3 dims(a, b, c) levels(coo(nnz, r), "
    "singleton(c1), singleton(c2)) values(v) base(1)", NULL, NULL },
  { "csf4", "format struct csf4 dims(d[0], d[1], d[2], d[3]) "
    "levels(compressed(p[0], c[0]), compressed(p[1], c[1]), "
    "compressed(p[2], c[2]), compressed(p[3], c[3])) values(v) "
    "modes(3, 1, 0, 2)", NULL, NULL },
  { "dense", "format struct m dims(n, m) levels(dense, dense) values(v)",
    NULL, NULL },
  { "compressed-singleton", "format struct t dims(a, b, c) levels(dense, "
    "compressed(p, c1), singleton(c2)) values(v)", NULL, NULL },
  { "levels-vs-dims", "format struct t dims(n, m) levels(dense) values(v)",
    "dense", "format 'struct t' needs one level per dimension: dims() lists 2, "
    "levels() 1" },
  { "modes-count", "format struct t dims(n, m) levels(dense, dense) "
    "values(v) modes(0)", "modes", "modes() needs one mode per level: it "
    "lists 1, levels() 2" },
  { "modes-repeated", "format struct t dims(n, m) levels(dense, dense) "
    "values(v) modes(0, 0)", "modes", "modes() must be a permutation of 0..1" },
  { "modes-range", "format struct t dims(n, m) levels(dense, dense) "
    "values(v) modes(0, 2)", "modes", "modes() must be a permutation of 0..1" },
  { "coo-not-first", "format struct t dims(n, m) levels(dense, coo(z, c)) "
    "values(v)", "coo", "a 'coo' level may only be the first level" },
  { "coo-then-compressed", "format struct t dims(n, m) levels(coo(z, r), "
    "compressed(p, c)) values(v)", "compressed", "a 'coo' level may only be "
    "followed by 'singleton' levels" },
  { "coo-then-dense", "format struct t dims(n, m) levels(coo(z, r), dense) "
    "values(v)", "dense", "a 'coo' level may only be followed by "
    "'singleton' levels" },
  { "singleton-first", "format struct t dims(n, m) levels(singleton(c), "
    "dense) values(v)", "singleton", "a 'singleton' level must follow a "
    "'compressed', 'coo' or 'singleton' level" },
  { "singleton-after-dense", "format struct t dims(n, m) levels(dense, "
    "singleton(c)) values(v)", "singleton", "a 'singleton' level must "
    "follow" },
  { "base", "format struct t dims(n) levels(dense) values(v) base(2)", "2",
    "base must be 0 or 1, not 2" },
};

/* Formats built by hand, as a glue could: each breaks one rule of a CSR
   parsed from text.  */
static void
format_check_built (void)
{
  static const char csr[] = "format struct csr dims(n, m) levels(dense, "
    "compressed(p, c)) values(v)";
  static const char *const names[] = {
    "core/check-format/built-no-values", "core/check-format/built-no-pos",
    "core/check-format/built-no-crd", "core/check-format/built-no-dims"
  };
  static const char *const messages[] = {
    "format 'struct csr' has no 'values' field",
    "'compressed' level needs POS and CRD fields",
    "'compressed' level needs POS and CRD fields",
    "format 'struct csr' has no dimensions"
  };
  for (int k = 0; k < 4; k++)
    {
      test_pragma t;
      test_parse (&t, csr);
      sf_format *f = &t.pragma.format;
      if (k == 0)
	f->values.name = NULL;
      else if (k == 1)
	f->levels[1].pos.name = NULL;
      else if (k == 2)
	f->levels[1].crd.name = NULL;
      else
	f->ndims = f->nlevels = f->nmodes = 0;
      sf_check_format (f, &t.diags);
      test_report (names[k], test_expect_error (&t, k == 0 || k == 3
						? "struct" : "compressed",
						messages[k]));
      test_pragma_free (&t);
    }
}

void
test_format_check_suite (void)
{
  for (size_t i = 0; i < sizeof format_cases / sizeof format_cases[0]; i++)
    {
      const struct format_case *c = &format_cases[i];
      test_pragma t;
      char *name = test_format ("core/check-format/%s", c->name);
      test_parse (&t, c->text);
      char *why = NULL;
      if (t.status)
	why = test_format ("does not parse");
      int status = why ? 0 : sf_check_format (&t.pragma.format, &t.diags);
      if (!why && c->message)
	why = test_expect_error (&t, c->caret, c->message);
      else if (!why && (status || t.diags.n))
	why = test_describe_diags (&t.diags, t.toks, t.ntoks);
      if (!why && !status != !c->message)
	why = test_format ("returned %d", status);
      test_report (name, why);
      test_pragma_free (&t);
      free (name);
    }
  format_check_built ();
}

/* ==== computations ==== */

/* The format table that "S<f>" indexes.  */
static const char *const comp_format_texts[] = {
  /* 0 CSR */
  "format struct csr dims(n, m) levels(dense, compressed(p, c)) values(v)",
  /* 1 CSF, order 3 */
  "format struct csf dims(d[0], d[1], d[2]) levels(compressed(p[0], c[0]), "
  "compressed(p[1], c[1]), compressed(p[2], c[2])) values(v)",
  /* 2 CSC */
  "format struct csc dims(n, m) levels(dense, compressed(p, c)) values(v) "
  "modes(1, 0)",
  /* 3 CSF, order 3, modes stored as 2, 0, 1 */
  "format struct csf201 dims(d0, d1, d2) levels(dense, compressed(p1, c1), "
  "compressed(p2, c2)) values(v) modes(2, 0, 1)",
};
#define COMP_NFORMATS 4

static const struct comp_case
{
  const char *name, *text, *operands;
  const char *expected;		/* extents and uses, or NULL */
  const char *caret, *message;	/* the error, when EXPECTED is NULL */
} comp_cases[] = {
  /* Kernels of SPEC section 3.  */
  { "spmv-csr", "y(i) = B(i,j) * x(j)", "y:P B:S0 x:P",
    "i=fmt(B,0) j=fmt(B,1) | uses y0 B1 x1", NULL, NULL },
  { "spmv-csc", "y(i) = B(i,j) * x(j)", "y:P B:S2 x:P",
    "i=fmt(B,0) j=fmt(B,1) | uses y0 B1 x1", NULL, NULL },
  { "spmm", "A(i,k) = B(i,j) * C(j,k)", "A:D2t1 B:S0 C:D2t1",
    "i=fmt(B,0) k=type(C,1) j=fmt(B,1) | uses A0 B1 C1", NULL, NULL },
  { "sddmm-sparse-output", "A(i,j) = B(i,j) * C(i,k) * D(j,k)",
    "A:S0 B:S0 C:D2t1 D:D2t1",
    "i=fmt(B,0) j=fmt(B,1) k=type(C,1) | uses A0 B1 C1 D1", NULL, NULL },
  { "gnn", "A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)",
    "A:D2t1 B:S0 C:D2t1 D:D2t1 E:D2t1",
    "i=fmt(B,0) l=type(E,1) j=fmt(B,1) k=type(C,1) | uses A0 B1 C1 D1 E1",
    NULL, NULL },
  { "mttkrp-csf-permuted", "A(i,r) = B(i,j,k) * C(j,r) * D(k,r)",
    "A:D2t1 B:S3 C:D2t1 D:D2t1",
    "i=fmt(B,0) r=type(C,1) j=fmt(B,1) k=fmt(B,2) | uses A0 B1 C1 D1",
    NULL, NULL },
  { "ttmc", "A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)",
    "A:D3t12 B:S1 C:D2t1 D:D2t1 E:D2t1",
    "l=type(C,1) m=type(D,1) n=type(E,1) i=fmt(B,0) j=fmt(B,1) k=fmt(B,2) "
    "| uses A0 B1 C1 D1 E1", NULL, NULL },
  { "tensor-network", "R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * "
    "D(j,k,r)", "R:S1 A:S1 B:S1 C:S1 D:S1",
    "i=fmt(A,0) j=fmt(B,0) k=fmt(C,0) p=fmt(A,1) q=fmt(A,2) r=fmt(B,2) "
    "| uses R0 A1 B1 C1 D1", NULL, NULL },
  { "sum-mixed", "A(i,j) = B(i,j) + C(i,j) + D(i,j)", "A:D2t1 B:S0 C:D2t1 "
    "D:S2", "i=fmt(B,0) j=fmt(B,1) | uses A0 B1 C1 D1", NULL, NULL },
  { "scalar-output", "s = x(i) * y(i)", "s:s x:D1t0 y:P",
    "i=type(x,0) | uses s0 x1 y1", NULL, NULL },
  { "scalar-operand", "y(i) = alpha * B(i,j) * x(j)", "y:P alpha:s B:S0 x:P",
    "i=fmt(B,0) j=fmt(B,1) | uses y0 alpha1 B1 x1", NULL, NULL },
  { "repeated-operand", "y(i) = B(i,j) * x(j) + B(i,j)", "y:P B:S0 x:P",
    "i=fmt(B,0) j=fmt(B,1) | uses y0 B2 x1", NULL, NULL },
  /* Sources of extents and their order of preference.  */
  { "const", "A(i,k) = B(i,j) * C(j,k)", "A:D2c1=64 B:S0 C:D2c1=64",
    "i=fmt(B,0) k=const(64) j=fmt(B,1) | uses A0 B1 C1", NULL, NULL },
  { "const-beats-type", "A(i,k) = B(i,j) * C(j,k)", "A:D2c1=64 B:S0 C:D2t1",
    "i=fmt(B,0) k=const(64) j=fmt(B,1) | uses A0 B1 C1", NULL, NULL },
  { "format-beats-const", "y(i) = B(i,j) * x(j)", "y:D1c0=100 B:S0 x:P",
    "i=fmt(B,0) j=fmt(B,1) | uses y0 B1 x1", NULL, NULL },
  { "type-beats-shape", "A(i,k) = B(i,j) * C(j,k) shape(A: N, K)",
    "A:P B:S0 C:D2t1", "i=fmt(B,0) k=type(C,1) j=fmt(B,1) | uses A0 B1 C1",
    NULL, NULL },
  { "shape", "y(i) = x(i) * z(i) shape(x: N)", "y:P x:P z:P",
    "i=shape(x,0) | uses y0 x1 z1", NULL, NULL },
  { "shape-constant", "y(i) = x(i) * z(i) shape(z: 25 * 4)", "y:P x:P z:P",
    "i=const(100) | uses y0 x1 z1", NULL, NULL },
  { "flat-pointer-shape", "A(i,k) = B(i,j) * C(j,k) shape(C: M, K)",
    "A:D2t1 B:S0 C:P", "i=fmt(B,0) k=type(A,1) j=fmt(B,1) | uses A0 B1 C1",
    NULL, NULL },
  { "flat-pointer-shape-only", "A(i,k) = B(i,j) * C(j,k) shape(C: M, K, "
    "A: N, K)", "A:P B:S0 C:P",
    "i=fmt(B,0) k=shape(C,1) j=fmt(B,1) | uses A0 B1 C1", NULL, NULL },
  { "colmajor", "A(i,k) = B(i,j) * C(j,k) colmajor(C)", "A:D2t1 B:S0 C:D2t0",
    "i=fmt(B,0) k=type(C,0) j=fmt(B,1) | uses A0 B1 C1", NULL, NULL },
  { "colmajor-const", "A(i,k) = B(i,j) * C(j,k) colmajor(C)",
    "A:D2t1 B:S0 C:D2c1=7", "i=fmt(B,0) k=type(A,1) j=fmt(B,1) | uses A0 B1 "
    "C1", NULL, NULL },
  { "broadcast-shape", "A(i,j) = x(i) shape(A: N, M)", "A:P x:P",
    "i=shape(A,0) j=shape(A,1) | uses A0 x1", NULL, NULL },
  { "broadcast-type", "A(i,j) = x(i)", "A:D2t1 x:D1t0",
    "i=type(x,0) j=type(A,1) | uses A0 x1", NULL, NULL },
  { "constant-rhs", "A(i,j) = 0", "A:D2c0=3c1=4",
    "i=const(3) j=const(4) | uses A0", NULL, NULL },
  { "assume", "y(i) = B(i,j) * x(j) assume(K <= 256, nnz(B) >= 16 * "
    "dim(B, 0), dim(x, 0) > 1)", "y:P B:S0 x:P",
    "i=fmt(B,0) j=fmt(B,1) | uses y0 B1 x1", NULL, NULL },
  /* Errors.  */
  { "unresolved", "y(i) = q(i)", "y:P q:?", NULL, "q",
    "'q' is not a tensor operand" },
  { "scalar-with-indices", "y(i) = alpha(i)", "y:P alpha:s", NULL, "alpha",
    "'alpha' is a scalar but is used with indices" },
  { "tensor-without-indices", "y(i) = B * x(i)", "y:P B:S0 x:P", NULL, "B",
    "'B' is a tensor but is used without indices" },
  { "output-without-indices", "y = x(i)", "y:P x:D1t0", NULL, "y",
    "'y' is a tensor but is used without indices" },
  { "sparse-rank", "y(i) = B(i,j,k) * x(j)", "y:P B:S0 x:P", NULL, "B",
    "'B' has rank 2 but is used with 3 indices" },
  { "dense-rank", "y(i) = C(i)", "y:P C:D2t01", NULL, "C",
    "'C' has rank 2 but is used with 1 index" },
  { "flat-pointer-no-shape", "A(i,k) = B(i,j) * C(j,k)", "A:D2t1 B:S0 C:P",
    NULL, "C", "'C' is a plain pointer used with 2 indices; give their "
    "extents with shape(C: ...)" },
  { "shape-arity", "y(i) = x(i) shape(x: N, M)", "y:P x:D1", NULL, "N",
    "shape() gives 2 extents for 'x', which is used with 1 index" },
  { "diagonal", "y(i) = B(i,i)", "y:P B:S0", NULL, "i",
    "index 'i' appears twice in an access of 'B'; diagonal access is not "
    "supported" },
  { "diagonal-output", "A(i,i) = x(i)", "A:D2t01 x:P", NULL, "i",
    "index 'i' appears twice in an access of 'A'" },
  { "output-as-input", "y(i) = B(i,j) * y(j)", "y:P B:S0", NULL, "y",
    "the output 'y' is also used as an input at other indices; the "
    "generated loops may overwrite its entries before reading them: the "
    "output may be read only at its own indices, in the same order, as in "
    "'y(i) = ... + y(i)'; copy it to another array first" },
  { "output-as-input-transposed", "A(i,j) = A(j,i) * B(i,j)", "A:D2t1 B:S0",
    NULL, "A", "the output 'A' is also used as an input at other indices" },
  { "output-as-input-accumulate", "A(i,j) += A(i,j) * B(i,j)",
    "A:D2t1 B:S0", NULL, "A", "the output 'A' is also used as an input of "
    "'+='; write '=' and read it at its own indices, as in "
    "'A(i,j) = ... + A(i,j)', or copy it to another array first" },
  /* The output at its own indices with "=": its old values, an input
     operand of their own (the last), read twice here.  */
  { "output-old-value", "y(i) = alpha * B(i,j) * x(j) + beta * y(i)",
    "y:P B:S0 x:P alpha:s beta:s",
    "i=fmt(B,0) j=fmt(B,1) | uses y0 alpha1 B1 x1 beta1 y1", NULL, NULL },
  { "output-old-value-twice", "A(i,j) = A(i,j) * S(i,j) + A(i,j)",
    "A:D2t1 S:S0", "i=fmt(S,0) j=fmt(S,1) | uses A0 S1 A2", NULL, NULL },
  { "output-old-value-sparse", "A(i,j) = A(i,j) * S(i,j)", "A:S0 S:S0",
    "i=fmt(A,0) j=fmt(A,1) | uses A0 S1 A1", NULL, NULL },
  { "const-conflict", "A(i,k) = B(i,j) * C(j,k)", "A:D2c1=32 B:S0 C:D2c1=64",
    NULL, "k", "index 'k' has extent 64 in 'C' but 32 in 'A'" },
  { "const-conflict-shape", "y(i) = x(i) shape(x: 100)", "y:D1c0=50 x:P",
    NULL, "i", "index 'i' has extent 100 in 'x' but 50 in 'y'" },
  { "no-extent-broadcast", "A(i,j) = x(i)", "A:D2 x:D1t0", NULL, "j",
    "cannot determine the extent of index 'j'; add shape(A: ...)" },
  { "no-extent", "s = x(i) * z(i)", "s:s x:P z:P", NULL, "i",
    "cannot determine the extent of index 'i'; add shape(x: ...)" },
  { "shape-on-sparse", "y(i) = B(i,j) * x(j) shape(B: n, m)",
    "y:P B:S0 x:P", NULL, "n", "shape() applies to dense arrays and "
    "pointers; 'B' is a sparse tensor" },
  { "colmajor-on-scalar", "y(i) = alpha * x(i) colmajor(alpha)",
    "y:P alpha:s x:D1t0", NULL, "alpha", "colmajor() applies to dense "
    "arrays and pointers; 'alpha' is a scalar" },
  { "relayout-on-dense", "y(i) = B(i,j) * x(j) relayout(x)",
    "y:P B:S0 x:P", NULL, "x", "relayout() applies to sparse tensors; "
    "'x' is a dense array" },
  { "relayout-on-output", "A(i,j) = B(i,j) * C(i,j) relayout(A)",
    "A:S0 B:S0 C:D2t0", NULL, "A", "relayout() applies to the tensors the "
    "computation reads; 'A' is its output" },
  { "assume-nnz-unknown", "y(i) = B(i,j) * x(j) assume(nnz(Q) > 1)",
    "y:P B:S0 x:P", NULL, "nnz",
    "'Q' in nnz() is not an operand of the expression" },
  { "assume-nnz-dense", "y(i) = B(i,j) * x(j) assume(nnz(x) > 1)",
    "y:P B:S0 x:P", NULL, "nnz", "nnz() needs a sparse operand; 'x' is not "
    "one" },
  { "assume-dim-range", "y(i) = B(i,j) * x(j) assume(1 < dim(B, 2))",
    "y:P B:S0 x:P", NULL, "dim", "dim(B, 2) is out of range: 'B' has 2 "
    "dimensions" },
  { "assume-dim-scalar", "y(i) = a * x(i) assume(dim(a, 0) > 1)",
    "y:P a:s x:D1t0", NULL, "dim", "dim() needs a tensor; 'a' is a scalar" },
  { "assume-dim-unknown", "y(i) = x(i) assume(dim(Q, 0) > 1)",
    "y:P x:D1t0", NULL, "dim", "'Q' in dim() is not an operand of the "
    "expression" },
};

/* Fill operand O from SPEC (see the file comment); return 0 if SPEC is
   malformed.  */
static int
comp_fill_operand (sf_operand *o, const char *spec,
		   const sf_format *formats)
{
  char *end;
  switch (*spec)
    {
    case 'S':
      o->kind = SF_OPERAND_SPARSE;
      o->format = (int) strtol (spec + 1, &end, 10);
      o->rank = formats[o->format].ndims;
      o->vtype = SF_TY_F64;
      return o->format >= 0 && o->format < COMP_NFORMATS;
    case 'P':
      o->kind = SF_OPERAND_DENSE;
      o->rank = o->flat_pointer = 1;
      o->vtype = SF_TY_F64;
      return 1;
    case 's':
      o->kind = SF_OPERAND_SCALAR;
      o->vtype = SF_TY_F64;
      return 1;
    case '?':
      return 1;
    case 'D':
      break;
    default:
      return 0;
    }
  o->kind = SF_OPERAND_DENSE;
  o->vtype = SF_TY_F64;
  o->rank = (int) strtol (spec + 1, &end, 10);
  while (*end == 't' || *end == 'c')
    {
      if (*end++ == 't')
	{
	  while (*end >= '0' && *end <= '9')
	    o->type_extent |= 1u << (*end++ - '0');
	  continue;
	}
      int d = (int) strtol (end, &end, 10);
      if (*end++ != '=')
	return 0;
      o->const_extent[d] = strtoll (end, &end, 10);
      o->type_extent |= 1u << d;
    }
  return *end == '\0';
}

/* Fill the operands of COMP from DESCRIPTIONS; return 0 when one is
   missing or malformed.  */
static int
comp_fill_operands (sf_comp *comp, const char *descriptions,
		    const sf_format *formats)
{
  for (int i = 0; i < comp->noperands; i++)
    {
      sf_operand *o = &comp->operands[i];
      size_t len = strlen (o->name);
      const char *d = descriptions;
      while ((d = strstr (d, o->name)) != NULL
	     && ((d != descriptions && d[-1] != ' ') || d[len] != ':'))
	d++;
      if (!d)
	return 0;
      char spec[32];
      size_t n = strcspn (d + len + 1, " ");
      if (n >= sizeof spec)
	return 0;
      memcpy (spec, d + len + 1, n);
      spec[n] = '\0';
      if (!comp_fill_operand (o, spec, formats))
	return 0;
    }
  return 1;
}

/* Return "i=fmt(B,0) k=type(C,1) ... | uses A0 B1 C1" for checked COMP.  */
static char *
comp_render (const sf_comp *comp)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  for (int x = 0; x < comp->nindices; x++)
    {
      const sf_extent *e = &comp->extent[x];
      const char *op = e->operand >= 0 ? comp->operands[e->operand].name : "?";
      fprintf (out, "%s=", comp->index_names[x]);
      switch (e->kind)
	{
	case SF_EXTENT_FORMAT_DIM: fprintf (out, "fmt(%s,%d)", op, e->dim); break;
	case SF_EXTENT_TYPE: fprintf (out, "type(%s,%d)", op, e->dim); break;
	case SF_EXTENT_SHAPE: fprintf (out, "shape(%s,%d)", op, e->dim); break;
	case SF_EXTENT_CONST: fprintf (out, "const(%lld)", e->value); break;
	default: fputs ("unknown", out); break;
	}
      fputc (' ', out);
    }
  fputs ("| uses", out);
  for (int i = 0; i < comp->noperands; i++)
    fprintf (out, " %s%d", comp->operands[i].name, comp->operands[i].nuses);
  fclose (out);
  return text;
}

/* Return NULL when case C checks as expected, else why not.  */
static char *
comp_run_case (const struct comp_case *c, const sf_format *formats)
{
  test_pragma t;
  char *why = NULL;
  test_parse (&t, c->text);
  sf_comp *comp = &t.pragma.comp;
  if (t.status || t.pragma.kind != SF_PRAGMA_COMP)
    why = test_format ("does not parse");
  else if (!comp_fill_operands (comp, c->operands, formats))
    why = test_format ("bad operand descriptions");
  int status = why ? 0 : sf_check_comp (comp, formats, &t.diags);
  if (!why && !c->expected)
    why = test_expect_error (&t, c->caret, c->message);
  else if (!why && (status || t.diags.n))
    why = test_describe_diags (&t.diags, t.toks, t.ntoks);
  else if (!why)
    {
      char *got = comp_render (comp);
      if (strcmp (got, c->expected))
	why = test_format ("got \"%s\", expected \"%s\"", got, c->expected);
      free (got);
    }
  if (!why && !status != !!c->expected)
    why = test_format ("returned %d", status);
  test_pragma_free (&t);
  return why;
}

/* Two unresolved operands: both reported, nothing else.  */
static void
comp_check_independent_errors (const sf_format *formats)
{
  test_pragma t;
  test_parse (&t, "y(i) = p(i) * q(i)");
  comp_fill_operands (&t.pragma.comp, "y:P p:? q:?", formats);
  int status = sf_check_comp (&t.pragma.comp, formats, &t.diags);
  char *why = NULL;
  if (!status || t.diags.n != 2 || t.diags.v[0].tok != 5
      || t.diags.v[1].tok != 10)
    why = test_describe_diags (&t.diags, t.toks, t.ntoks);
  test_report ("core/check-comp/independent-errors", why);
  test_pragma_free (&t);
}

/* Checking twice gives the same result (uses are recounted).  */
static void
comp_check_twice (const sf_format *formats)
{
  test_pragma t;
  test_parse (&t, "y(i) = B(i,j) * x(j) + B(i,j)");
  comp_fill_operands (&t.pragma.comp, "y:P B:S0 x:P", formats);
  sf_check_comp (&t.pragma.comp, formats, &t.diags);
  sf_check_comp (&t.pragma.comp, formats, &t.diags);
  char *got = comp_render (&t.pragma.comp);
  char *why = NULL;
  if (t.diags.n || strcmp (got, "i=fmt(B,0) j=fmt(B,1) | uses y0 B2 x1"))
    why = test_format ("got \"%s\"", got);
  free (got);
  test_report ("core/check-comp/twice", why);
  test_pragma_free (&t);
  /* The output's old values: one operand however often it is checked.  */
  test_parse (&t, "y(i) = B(i,j) * x(j) + y(i)");
  comp_fill_operands (&t.pragma.comp, "y:P B:S0 x:P", formats);
  sf_check_comp (&t.pragma.comp, formats, &t.diags);
  sf_check_comp (&t.pragma.comp, formats, &t.diags);
  got = comp_render (&t.pragma.comp);
  why = NULL;
  const sf_operand *old = &t.pragma.comp.operands[3];
  if (t.diags.n || strcmp (got, "i=fmt(B,0) j=fmt(B,1) | uses y0 B1 x1 y1")
      || !old->is_old || old->old_of != 0)
    why = test_format ("got \"%s\"", got);
  free (got);
  test_report ("core/check-comp/twice-old-value", why);
  test_pragma_free (&t);
}

/* Every source of each index's extent, once: "j: fmt(B,1) shape(x,0)".  */
static char *
sources_render (const sf_comp *comp)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  for (int x = 0; x < comp->nindices; x++)
    {
      sf_extent src[16];
      int n = sf_extent_sources (comp, x, src, 16);
      fprintf (out, "%s%s:", x ? "; " : "", comp->index_names[x]);
      for (int k = 0; k < n; k++)
	{
	  const char *op = comp->operands[src[k].operand].name;
	  switch (src[k].kind)
	    {
	    case SF_EXTENT_FORMAT_DIM:
	      fprintf (out, " fmt(%s,%d)", op, src[k].dim);
	      break;
	    case SF_EXTENT_TYPE:
	      fprintf (out, " type(%s,%d)", op, src[k].dim);
	      break;
	    case SF_EXTENT_SHAPE:
	      fprintf (out, " shape(%s,%d)", op, src[k].dim);
	      break;
	    default:
	      fprintf (out, " const(%s,%d,%lld%s)", op, src[k].dim,
		       src[k].value, src[k].shape ? ",shape" : "");
	    }
	}
    }
  fclose (out);
  return text;
}

/* The sources of the extents the annotation equates (what the region's
   entry compares): each operand dimension and kind once, inputs first,
   a constant from a C type told from one from a shape clause.  */
static void
comp_check_sources (const sf_format *formats)
{
  static const struct { const char *text, *operands, *expected; } cases[] = {
    { "y(i) = B(i,j) * x(j) + B(i,j) shape(x: n) shape(y: m)",
      "y:P B:S0 x:P", "i: fmt(B,0) shape(y,0); j: fmt(B,1) shape(x,0)" },
    { "y(i) = B(i,j) * x(j) shape(x: 64)",
      "y:P B:S0 x:D1c0=64", "i: fmt(B,0); j: fmt(B,1) const(x,0,64) "
      "const(x,0,64,shape)" },
    { "A(i,k) = C(i,k) * D(k,i)", "A:D2t01 C:D2t01 D:D2c0=4c1=5",
      "i: type(C,0) const(D,1,5) type(A,0); k: type(C,1) const(D,0,4) "
      "type(A,1)" },
  };
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++)
    {
      test_pragma t;
      test_parse (&t, cases[c].text);
      char *why = NULL;
      if (!comp_fill_operands (&t.pragma.comp, cases[c].operands, formats))
	why = test_format ("bad operand descriptions");
      else
	{
	  sf_check_comp (&t.pragma.comp, formats, &t.diags);
	  char *got = sources_render (&t.pragma.comp);
	  if (strcmp (got, cases[c].expected))
	    why = test_format ("case %u: got \"%s\", expected \"%s\"", c, got,
			       cases[c].expected);
	  free (got);
	}
      test_report ("core/check-comp/extent-sources", why);
      test_pragma_free (&t);
    }
}

void
test_comp_check_suite (void)
{
  test_pragma formats_parsed[COMP_NFORMATS];
  sf_format formats[COMP_NFORMATS];
  for (int f = 0; f < COMP_NFORMATS; f++)
    {
      test_parse (&formats_parsed[f], comp_format_texts[f]);
      formats[f] = formats_parsed[f].pragma.format;
    }
  for (size_t i = 0; i < sizeof comp_cases / sizeof comp_cases[0]; i++)
    {
      char *name = test_format ("core/check-comp/%s", comp_cases[i].name);
      test_report (name, comp_run_case (&comp_cases[i], formats));
      free (name);
    }
  comp_check_independent_errors (formats);
  comp_check_twice (formats);
  comp_check_sources (formats);
  for (int f = 0; f < COMP_NFORMATS; f++)
    test_pragma_free (&formats_parsed[f]);
}
