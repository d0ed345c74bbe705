/* Table-driven unit tests of the lowering's algebra: where reductions go
   (SPEC 1.2) and the merge lattice of an index (TACO section 5).

     "a(i) = B(i,j) + d(i) + C(i,j)"   ->  "sum{j}(B + C) + d"
     "A(i,j) = B(i,j) + C(i,j)" at j   ->  "{BC, B, C}"

   Lattice points print as the names of their operands' iterators, "-"
   for the point "every coordinate".  */

#include <stdlib.h>
#include <string.h>
#include "lower_tests.h"
#include "lower/internal.h"

/* The scheduler's limits on what it asks for (sched/internal.h,
   SD_MAX_ASSOC and SD_MAX_DEPART).  */
#define LT_MAX_ASSOC 14
#define LT_MAX_DEPART 4

typedef struct lt_sum_test
{
  const char *pragma, *operands, *expect;
} lt_sum_test;

static const lt_sum_test lt_sum_tests[] = {
  { "y(i) = B(i,j) * x(j) + z(i)", "y=d B=csr x=d z=d", "sum{j}(B*x) + z" },
  { "a(i) = B(i,j) + d(i) + C(i,j)", "a=d B=csr C=csr d=d",
    "sum{j}(B + C) + d" },
  { "A(i) = (B(i,j) + C(i)) * D(i,j)", "A=d B=csr C=d D=csr",
    "sum{j}((B + C)*D)" },
  { "A(i,r) = B(i,j,k) * C(j,r) * D(k,r)", "A=d B=csf3 C=d D=d",
    "sum{k}(sum{j}(B*C)*D)" },
  { "a(i) = -(B(i,j) + d(i))", "a=d B=csr d=d", "-sum{j}(B) - d" },
  { "F(i) = H(u) * H(s) - (w(u) + y(s)) shape(F: 4, H: 5, w: 5)",
    "F=p H=p w=p y=vec", "sum{u,s}(H*H) - sum{u}(w) - sum{s}(y)" },
  { "a(i) = B(i,j) * x(j) - C(i,j) * x(j) + B(i,k) * z(k)",
    "a=d B=csr C=csr x=d z=d", "sum{j}(B*x - C*x) + sum{k}(B*z)" },
  { "a(i) = B(i,j) * (x(j) + C(i,k) * z(k))", "a=d B=csr C=csr x=d z=d",
    "sum{j}(B*(x + sum{k}(C*z)))" },
  { "y(i) = B(i,j) * x(j) - C(i,j) * x(j)", "y=d B=csr C=csr x=d",
    "sum{j}(B*x - C*x)" },
  { "a(i) = B(i,j) - d(i) + C(i,k)", "a=d B=csr C=csr d=d",
    "sum{j}(B) - d + sum{k}(C)" },
  { "A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)", "A=d B=csr C=d D=d E=d",
    "sum{j}(B*sum{k}(C*D)*E)" },
  { "y(i) = 2 * B(i,j) * x(j)", "y=d B=csr x=d", "2*sum{j}(B*x)" },
  { "A(i,j) = B(i,j) * C(i,k) * D(j,k)", "A=csr B=csr C=d D=d",
    "B*sum{k}(C*D)" },
  { "y(i) = B(i,j) * alpha * x(j) * z(i)", "y=d B=csr x=d z=d alpha=s",
    "alpha*sum{j}(B*x)*z" },
  { "A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m)", "A=d B=csf3 C=d D=d E=d",
    "sum{j}(sum{k}(sum{l}(B*C)*D)*E)" },
};

typedef struct lt_lattice_test
{
  const char *pragma, *operands, *index, *expect;
} lt_lattice_test;

static const lt_lattice_test lt_lattice_tests[] = {
  { "A(i,j) = B(i,j) * C(i,j)", "A=d B=csr C=csr", "j", "{BC}" },
  { "A(i,j) = B(i,j) + C(i,j)", "A=d B=csr C=csr", "j", "{BC, B, C}" },
  { "A(i,j) = B(i,j) - C(i,j)", "A=d B=csr C=csr", "j", "{BC, B, C}" },
  { "y(i) = B(i,j) * x(j)", "y=d B=csr x=d", "j", "{B}" },
  { "y(i) = B(i,j) * x(j)", "y=d B=csr x=d", "i", "{-}" },
  { "A(i,j) = B(i,j) + D(i,j)", "A=d B=csr D=d", "j", "{B, -}" },
  { "A(i) = (B(i,j) + C(i)) * D(i,j)", "A=d B=csr C=d D=csr", "j",
    "{BD, D}" },
  { "A(i,j) = B(i,j) + C(i,j) + D(i,j)", "A=d B=csr C=csr D=csr", "j",
    "{BCD, BD, CD, BC, B, C, D}" },
  { "y(i) = B(i,j) * x(j) + z(i)", "y=d B=dcsr x=d z=d", "i", "{B, -}" },
  { "a(i) = (b(i) + c(i)) * d(i)", "a=d b=vec c=d d=vec", "i", "{bd, d}" },
  { "A(i,r) = B(i,j,k) * C(j,r) * D(k,r)", "A=d B=csf3 C=d D=d", "k",
    "{B}" },
  { "A(i,j) = (B(i,j) + E(i,j)) * C(i,j)", "A=d B=csr E=csr C=csr", "j",
    "{BEC, BC, EC}" },
  { "y(i) = b(i) * c(i) + 1.5", "y=d b=vec c=vec", "i", "{bc, -}" },
  { "A(i,j) = B(i,j) * C(i,j)", "A=d B=coo C=csr", "i", "{B}" },
};

/* Append S to BUF (SIZE bytes).  */
static void
lt_put (char *buf, size_t size, const char *s)
{
  strncat (buf, s, size - strlen (buf) - 1);
}

/* Return nonzero when E prints as a sum (needs parentheses as a factor
   or a subtrahend).  */
static int
lt_is_sum (const lw_expr *e)
{
  return e->kind == LW_ADD || e->kind == LW_SUB;
}

/* Append E to BUF (SIZE bytes), parenthesized when PAREN.  */
static void
lt_print_lw (const lw_ctx *ctx, const lw_expr *e, int paren, char *buf,
	     size_t size)
{
  char num[32];
  if (paren)
    lt_put (buf, size, "(");
  switch (e->kind)
    {
    case LW_NUM:
      snprintf (num, sizeof num, "%g", e->num);
      lt_put (buf, size, num);
      break;
    case LW_ACC:
      lt_put (buf, size, ctx->acc[e->acc].op->name);
      break;
    case LW_TEMP:
      lt_put (buf, size, "t");
      break;
    case LW_SUM:
      lt_put (buf, size, "sum{");
      for (int v = 0, first = 1; v < SF_MAX_INDICES; v++)
	if (e->sum & (1u << v))
	  {
	    lt_put (buf, size, first ? "" : ",");
	    lt_put (buf, size, ctx->comp->index_names[v]);
	    first = 0;
	  }
      lt_put (buf, size, "}");
      lt_print_lw (ctx, e->a, 1, buf, size);
      break;
    case LW_NEG:
      lt_put (buf, size, "-");
      lt_print_lw (ctx, e->a, e->a->a != NULL && e->a->kind != LW_SUM, buf,
		   size);
      break;
    default:
      lt_print_lw (ctx, e->a, e->kind == LW_MUL && lt_is_sum (e->a), buf,
		   size);
      lt_put (buf, size, e->kind == LW_MUL ? "*" : e->kind == LW_ADD ? " + "
	      : " - ");
      lt_print_lw (ctx, e->b, e->kind != LW_ADD && lt_is_sum (e->b), buf,
		   size);
      break;
    }
  if (paren)
    lt_put (buf, size, ")");
}

/* Parse PRAGMA over OPERANDS into L and prepare its lowering context;
   return the context with the prepared expression in *E, or NULL after
   printing a FAIL line for test NAME.  */
static lw_ctx *
lt_unit_ctx (lt_lowered *l, const char *name, const char *pragma,
	     const char *operands, lw_expr **e)
{
  static const sf_lower_options opt = { 0, SF_SCHEDULE_NAIVE, 0, 0, 0, 0, 0 };
  lt_kernel *k = calloc (1, sizeof *k);
  k->name = name;
  k->pragma = pragma;
  k->operands = operands;
  char *why;
  if (lt_prepare (l, k, 0, &why))
    {
      printf ("FAIL: %s: %s\n", name, why ? why : "does not parse");
      free (why);
      return NULL;
    }
  lw_ctx *ctx = lw_ctx_new (&l->arena, l->comp, lt_parsed_formats, &opt);
  *e = lw_prepare (ctx);
  if (!*e)
    printf ("FAIL: %s: %s\n", name, ctx->why ? ctx->why : "not prepared");
  return *e ? ctx : NULL;
}

/* Print the PASS or FAIL line of test NAME of PRAGMA: GOT against
   EXPECT.  */
static void
lt_report (const char *name, const char *pragma, const char *got,
	   const char *expect)
{
  if (strcmp (got, expect) == 0)
    printf ("PASS: %s\n", name);
  else
    printf ("FAIL: %s: %s gave '%s', expected '%s'\n", name, pragma, got,
	    expect);
}

/* Run one reduction-placement test.  */
static void
lt_sum_unit (const lt_sum_test *t, int n)
{
  char name[64], got[512] = "";
  snprintf (name, sizeof name, "lower/sums/%d", n);
  lt_lowered l = { 0 };
  lw_expr *e;
  lw_ctx *ctx = lt_unit_ctx (&l, name, t->pragma, t->operands, &e);
  if (ctx)
    {
      lt_print_lw (ctx, e, 0, got, sizeof got);
      lt_report (name, t->pragma, got, t->expect);
    }
  free ((void *) l.k);
  sf_arena_free (&l.arena);
}

/* Print lattice LAT over iterators IT into BUF.  */
static void
lt_print_lattice (const lw_ctx *ctx, const lw_lattice *lat, const lw_iter *it,
		  int nit, char *buf, size_t size)
{
  strncat (buf, "{", size - 1);
  for (int p = 0; p < lat->n; p++)
    {
      if (p)
	strncat (buf, ", ", size - strlen (buf) - 1);
      if (!lat->pt[p])
	strncat (buf, "-", size - strlen (buf) - 1);
      for (int n = 0; n < nit; n++)
	if (lat->pt[p] & (1u << n))
	  strncat (buf, ctx->acc[it[n].acc].op->name, size - strlen (buf) - 1);
    }
  strncat (buf, "}", size - strlen (buf) - 1);
}

/* Return the lattice of T's expression at its index, printed into GOT.  */
static void
lt_lattice_of (lw_ctx *ctx, lw_expr *e, const char *index, char *got,
	       size_t size)
{
  int v = 0;
  while (v < ctx->comp->nindices
	 && strcmp (ctx->comp->index_names[v], index) != 0)
    v++;
  lw_path *path = SF_NEW (ctx->arena, lw_path);
  for (int a = 0; a < ctx->nacc; a++)
    path->st[a].nbound = ctx->acc[a].format && ctx->acc[a].slot[v] > 0
			 ? ctx->acc[a].slot[v] : 0;
  lw_iter it[LW_MAX_ITERS];
  lw_lattice lat;
  int nit = lw_collect_iters (ctx, path, e, v, it);
  if (nit < 0 || lw_lattice_build (ctx, e, it, nit, &lat))
    snprintf (got, size, "failed: %s", ctx->why ? ctx->why : "?");
  else
    lt_print_lattice (ctx, &lat, it, nit, got, size);
}

/* Run one merge-lattice test.  */
static void
lt_lattice_unit (const lt_lattice_test *t, int n)
{
  char name[64], got[512] = "";
  snprintf (name, sizeof name, "lower/lattice/%d", n);
  lt_lowered l = { 0 };
  lw_expr *e;
  lw_ctx *ctx = lt_unit_ctx (&l, name, t->pragma, t->operands, &e);
  if (ctx)
    {
      lt_lattice_of (ctx, e, t->index, got, sizeof got);
      if (strcmp (got, t->expect) == 0)
	printf ("PASS: %s\n", name);
      else
	printf ("FAIL: %s: %s at %s gave '%s', expected '%s'\n", name,
		t->pragma, t->index, got, t->expect);
    }
  free ((void *) l.k);
  sf_arena_free (&l.arena);
}

/* The other associations of a product (lw_reassociations) and the loop
   orders departing from the preferred one (lw_order_variants).  */
typedef struct lt_enum_test
{
  const char *pragma, *operands, *expect;
} lt_enum_test;			/* EXPECT: the results, " | " between */

static const lt_enum_test lt_assoc_tests[] = {
  /* SpMM,GEMM written out of order: C*B first is SpMM,GEMM's fused
     association; D*B shares no index, its sums stay at the top.  */
  { "A(i,l) = C(j,k) * D(k,l) * B(i,j)", "A=d B=csr C=d D=d",
    "sum{k}(sum{j}(C*B)*D) | sum{j,k}(D*B*C)" },
  /* Written in order: B*D shares no index; C*D first is the GEMM
     before the SpMM.  */
  { "A(i,l) = B(i,j) * C(j,k) * D(k,l)", "A=d B=csr C=d D=d",
    "sum{j,k}(B*D*C) | sum{j}(sum{k}(C*D)*B)" },
  /* Two factors: nothing to associate.  */
  { "A(i,k) = B(i,j) * C(j,k)", "A=d B=csr C=d", "" },
  /* Four factors: the five chains but the written one (B*D, B*E, C*D,
     C*E, D*E first), then the three pairs of producers: (B*C)*(D*E),
     the sum over k between them; (B*D)*(C*E); (B*E)*(C*D).  */
  { "A(i,m) = B(i,j) * C(j,k) * D(k,l) * E(l,m)", "A=d B=csr C=d D=d E=d",
    "sum{l}(sum{j,k}(B*D*C)*E) | sum{k,l}(E*sum{j}(B*C)*D) | "
    "sum{l}(sum{j}(sum{k}(C*D)*B)*E) | sum{k,l}(E*sum{j}(C*B)*D) | "
    "sum{j,k}(sum{l}(D*E)*B*C) | sum{k}(sum{j}(B*C)*sum{l}(D*E)) | "
    "sum{j,k,l}(B*D*C*E) | sum{j,l}(B*E*sum{k}(C*D))" },
};

static const lt_enum_test lt_order_tests[] = {
  /* SpMM: B's storage order puts i before j; k is free.  */
  { "A(i,k) = B(i,j) * C(j,k)", "A=d B=csr C=d", "i j k | k i j | i k j" },
  /* rank1: the departure k l i j sums over B once; B keeps k before l
     in every order.  */
  { "A(i,j) = x(i) * B(k,l) * C(k,j) shape(x: 4, A: 4, 5)",
    "A=d B=csr C=d x=d", "i k l j | k l i j | j i k l | i j k l | i k j l" },
  /* SpMV in CSC: j before i, one order.  */
  { "y(i) = B(i,j) * x(j)", "y=d B=csc x=d", "j i" },
};

/* Run the enumeration test T, number N, of KIND ("assoc" or "orders").  */
static void
lt_enum_unit (const lt_enum_test *t, int n, const char *kind)
{
  char name[64], got[1024] = "";
  snprintf (name, sizeof name, "lower/%s/%d", kind, n);
  lt_lowered l = { 0 };
  lw_expr *e;
  lw_ctx *ctx = lt_unit_ctx (&l, name, t->pragma, t->operands, &e);
  if (ctx && kind[0] == 'a')
    {
      lw_expr *alt[LT_MAX_ASSOC];
      const char *label[LT_MAX_ASSOC];
      int m = lw_reassociations (ctx, e, alt, label, LT_MAX_ASSOC);
      for (int k = 0; k < m; k++)
	{
	  if (k)
	    lt_put (got, sizeof got, " | ");
	  lt_print_lw (ctx, alt[k], 0, got, sizeof got);
	}
    }
  else if (ctx)
    {
      int orders[LT_MAX_DEPART + 1][SF_MAX_INDICES], len = 0;
      int m = lw_order_variants (ctx, e, e->mention | ctx->free_mask, orders,
				 LT_MAX_DEPART + 1, &len);
      for (int k = 0; k < m; k++)
	for (int x = 0; x < len; x++)
	  {
	    lt_put (got, sizeof got, k && !x ? " | " : x ? " " : "");
	    lt_put (got, sizeof got, lw_index_name (ctx, orders[k][x]));
	  }
    }
  if (ctx)
    lt_report (name, t->pragma, got, t->expect);
  free ((void *) l.k);
  sf_arena_free (&l.arena);
}

/* ---- value types ---- */

/* The types the lowering computes each node in (lw_value_types, the
   integer promotions of lw_node, a sum in the type the loop adds into
   the output), or the reason it refuses a mix: "!" and the start of
   the message.  */
static const lt_sum_test lt_type_tests[] = {
  { "y(i) = B(i,j) * x(j)", "y=di32 B=csri32 x=di32",
    "sum{j}((B:i32*x:i32):i32):i32" },
  /* int products, summed in the int64 output's type.  */
  { "y(i) = B(i,j) * x(j)", "y=di64 B=csri32 x=di32",
    "sum{j}((B:i32*x:i32):i32):i64" },
  /* unsigned char products are int (C's promotions).  */
  { "y(i) = B(i,j) * x(j)", "y=du8 B=csru8 x=du8",
    "sum{j}((B:u8*x:u8):i32):i32" },
  /* int products summed into a double output: in double.  */
  { "y(i) = B(i,j) * x(j)", "y=d B=csri32 x=di32",
    "sum{j}((B:i32*x:i32):i32):f64" },
  /* int values meet double x: converted where C converts them.  */
  { "y(i) = B(i,j) * x(j)", "y=d B=csri32 x=d",
    "sum{j}((B:f64*x:f64):f64):f64" },
  /* an int factor out of a sum that stays in double.  */
  { "y(i) = alpha * B(i,j) * x(j)", "y=d B=csri32 x=di32 alpha=si32",
    "(alpha:i32*sum{j}((B:i32*x:i32):i32):f64):f64" },
  /* a double factor: every integer leaf in double, so that factoring it
     out makes no int product C does not compute.  */
  { "y(i) = alpha * B(i,j) * x(j)", "y=d B=csri32 x=di32 alpha=s",
    "(alpha:f64*sum{j}((B:f64*x:f64):f64):f64):f64" },
  /* float products meet a double output: float, as before.  */
  { "y(i) = B(i,j) * x(j)", "y=d B=csrf x=f",
    "sum{j}((B:f32*x:f32):f32):f32" },
  /* unsigned arithmetic in its own type wraps as C's does.  */
  { "y(i) = B(i,j) * x(j)", "y=du32 B=csru32 x=du32",
    "sum{j}((B:u32*x:u32):u32):u32" },
  { "y(i) = B(i,j) * x(j)", "y=du64 B=csru32 x=du32",
    "!unsigned integer arithmetic (which wraps) meets a wider" },
  { "y(i) = B(i,j) - C(i,j)", "y=d B=csru32 C=csru32",
    "!unsigned integer arithmetic (which wraps) meets a wider" },
  { "y(i) = B(i,j) * x(j)", "y=di32 B=csr x=di32",
    "!the output 'y' holds integers but the expression is double" },
  { "y(i) = B(i,j) * x(j)", "y=di32 B=csri32 x=f",
    "!the output 'y' holds integers but the expression is float" },
  /* an integer constant is an int; a floating one a double, as in C.  */
  { "y(i) = 2 * B(i,j) * x(j)", "y=di32 B=csri32 x=di32",
    "(2:-*sum{j}((B:i32*x:i32):i32):i32):i32" },
  { "y(i) = 2.0 * B(i,j) * x(j)", "y=d B=csri32 x=di32",
    "(2:-*sum{j}((B:f64*x:f64):f64):f64):f64" },
  { "y(i) = 2.0 * B(i,j) * x(j)", "y=di32 B=csri32 x=di32",
    "!the output 'y' holds integers but the expression is double" },
  /* a negated one too (found by the fuzzer: -.5 * x computed as 0).  */
  { "y(i) = -.5 * B(i,j)", "y=di32 B=csri32",
    "!the output 'y' holds integers but the expression is double" },
  { "y(i) = -.5 * B(i,j)", "y=d B=csri32",
    "(-(0.5:-):-*sum{j}(B:f64):f64):f64" },
};

/* Return the short name of TY ("i32", "f64"; "-" for VOID).  */
static const char *
lt_ty_name (sf_ty ty)
{
  static const char *const names[] = { "-", "b", "ix", "f32", "f64", "i8",
				       "u8", "i16", "u16", "i32", "u32",
				       "i64", "u64" };
  return (unsigned) ty < sizeof names / sizeof names[0] ? names[ty] : "?";
}

/* Append E to BUF (SIZE bytes) with the type of each node:
   "(B:i32*x:i32):i32", "sum{j}(...):i64", "-(...):i32".  */
static void
lt_print_typed (const lw_ctx *ctx, const lw_expr *e, char *buf, size_t size)
{
  char num[32];
  switch (e->kind)
    {
    case LW_ACC:
      lt_put (buf, size, ctx->acc[e->acc].op->name);
      break;
    case LW_NUM:
      snprintf (num, sizeof num, "%g", e->num);
      lt_put (buf, size, num);
      break;
    case LW_SUM:
      lt_put (buf, size, "sum{");
      for (int v = 0, first = 1; v < SF_MAX_INDICES; v++)
	if (e->sum & (1u << v))
	  {
	    lt_put (buf, size, first ? "" : ",");
	    lt_put (buf, size, ctx->comp->index_names[v]);
	    first = 0;
	  }
      lt_put (buf, size, "}(");
      lt_print_typed (ctx, e->a, buf, size);
      lt_put (buf, size, ")");
      break;
    case LW_NEG:
      lt_put (buf, size, "-(");
      lt_print_typed (ctx, e->a, buf, size);
      lt_put (buf, size, ")");
      break;
    default:
      if (!e->a || !e->b)
	{
	  lt_put (buf, size, "?");
	  break;
	}
      lt_put (buf, size, "(");
      lt_print_typed (ctx, e->a, buf, size);
      lt_put (buf, size, e->kind == LW_MUL ? "*" : e->kind == LW_ADD ? "+"
	      : "-");
      lt_print_typed (ctx, e->b, buf, size);
      lt_put (buf, size, ")");
      break;
    }
  lt_put (buf, size, ":");
  lt_put (buf, size, lt_ty_name (e->ty));
}

/* Run one value-type test.  */
static void
lt_type_unit (const lt_sum_test *t, int n)
{
  char name[64], got[512] = "";
  snprintf (name, sizeof name, "lower/types/%d", n);
  lt_lowered l = { 0 };
  lt_kernel *k = calloc (1, sizeof *k);
  k->name = name;
  k->pragma = t->pragma;
  k->operands = t->operands;
  char *why;
  if (lt_prepare (&l, k, 0, &why))
    {
      printf ("FAIL: %s: %s\n", name, why ? why : "does not parse");
      free (why);
    }
  else
    {
      static const sf_lower_options opt = { 0, SF_SCHEDULE_NAIVE, 0, 0, 0,
					    0, 0 };
      lw_ctx *ctx = lw_ctx_new (&l.arena, l.comp, lt_parsed_formats, &opt);
      lw_expr *e = lw_prepare (ctx);
      if (e)
	lt_print_typed (ctx, e, got, sizeof got);
      else
	snprintf (got, sizeof got, "!%s", ctx->why ? ctx->why : "?");
      if (t->expect[0] == '!' && got[0] == '!')
	got[strlen (t->expect) < strlen (got) ? strlen (t->expect) : 0] = 0;
      lt_report (name, t->pragma, got, t->expect);
    }
  free ((void *) l.k);
  sf_arena_free (&l.arena);
}

void
lt_unit_tests (void)
{
  for (size_t i = 0; i < sizeof lt_type_tests / sizeof lt_type_tests[0]; i++)
    lt_type_unit (&lt_type_tests[i], (int) i);
  for (size_t i = 0; i < sizeof lt_assoc_tests / sizeof lt_assoc_tests[0];
       i++)
    lt_enum_unit (&lt_assoc_tests[i], (int) i, "assoc");
  for (size_t i = 0; i < sizeof lt_order_tests / sizeof lt_order_tests[0];
       i++)
    lt_enum_unit (&lt_order_tests[i], (int) i, "orders");
  for (size_t i = 0; i < sizeof lt_sum_tests / sizeof lt_sum_tests[0]; i++)
    lt_sum_unit (&lt_sum_tests[i], (int) i);
  for (size_t i = 0; i < sizeof lt_lattice_tests / sizeof lt_lattice_tests[0];
       i++)
    lt_lattice_unit (&lt_lattice_tests[i], (int) i);
}
