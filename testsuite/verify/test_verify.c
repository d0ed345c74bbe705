/* Unit tests of the annotation checker (verify/), without GCC: the memory
   model, the interpreter's C arithmetic, and whole checks of hand-built
   programs (the SpMV loop as passes/verify.cc would translate it) against
   parsed annotations.  One line per test:
     PASS: verify/spmv/right
     FAIL: verify/spmv/wrong-index: status 0, message '...'
   The binary exits 0 whatever the results (the summary counts FAIL lines),
   so that valgrind's exit code speaks only of memory errors.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verify_int.h"

static void
report (const char *name, int ok, const char *detail)
{
  if (ok)
    printf ("PASS: verify/%s\n", name);
  else
    printf ("FAIL: verify/%s: %s\n", name, detail ? detail : "");
}

/* ---- C types ---- */

static vf_ctype t_int = { VF_C_SCALAR, 4, { VF_T_INT, 32, 0 }, NULL, 0, NULL, 0, NULL };
static vf_ctype t_double = { VF_C_SCALAR, 8, { VF_T_FLT, 64, 0 }, NULL, 0, NULL, 0, NULL };
static vf_ctype t_pint = { VF_C_POINTER, 8, { VF_T_PTR, 64, 1 }, &t_int, 0, NULL, 0, NULL };
static vf_ctype t_pdouble = { VF_C_POINTER, 8, { VF_T_PTR, 64, 1 }, &t_double, 0, NULL, 0, NULL };
static vf_cfield csr_fields[] = {
  { "n", 0, &t_int }, { "m", 4, &t_int }, { "rowptr", 8, &t_pint },
  { "colidx", 16, &t_pint }, { "vals", 24, &t_pdouble } };
static vf_ctype t_csr = { VF_C_STRUCT, 32, { 0, 0, 0 }, NULL, 0, NULL, 5, csr_fields };

/* ---- the annotation ---- */

typedef struct annot
{
  sf_arena arena;
  sf_format formats[1];
  sf_comp *comp;
} annot;

/* Parse pragma TEXT into P; return nonzero on an error.  */
static int
parse (sf_arena *arena, const char *text, sf_pragma *p)
{
  sf_token *toks;
  int *offs, ntoks;
  sf_diags d;
  sf_diags_init (&d);
  sf_lex (arena, text, &toks, &offs, &ntoks);
  int st = sf_parse_pragma (arena, toks, ntoks, p, &d);
  sf_diags_free (&d);
  return st;
}

/* Set up A: struct csr's format and the computation TEXT over y (dense
   vector), B (struct csr by value) and x (dense vector).  */
static int
annot_init (annot *a, const char *text)
{
  sf_arena_init (&a->arena);
  sf_pragma *f = SF_NEW (&a->arena, sf_pragma), *c = SF_NEW (&a->arena, sf_pragma);
  if (parse (&a->arena, "format struct csr dims(n, m) levels(dense, "
	     "compressed(rowptr, colidx)) values(vals)", f)
      || parse (&a->arena, text, c))
    return 1;
  a->formats[0] = f->format;
  a->formats[0].vtype = SF_TY_F64;
  a->comp = &c->comp;
  for (int k = 0; k < a->comp->noperands; k++)
    {
      sf_operand *o = &a->comp->operands[k];
      o->vtype = SF_TY_F64;
      if (!strcmp (o->name, "B"))
	o->kind = SF_OPERAND_SPARSE, o->format = 0, o->rank = 2;
      else
	{
	  o->kind = SF_OPERAND_DENSE, o->rank = 1, o->flat_pointer = 1;
	  o->const_extent[0] = -1;
	}
    }
  sf_diags d;
  sf_diags_init (&d);
  int st = sf_check_comp (a->comp, a->formats, &d);
  sf_diags_free (&d);
  return st;
}

/* ---- building programs ---- */

typedef struct spmv
{
  vf_prog p;
  int B, x, y, i, q, s;
  int n;			/* BOUND_N: the outer loop's bound */
} spmv;

static vf_ty i32 (void) { return vf_int_ty (32, 0); }
static vf_ty i64 (void) { return vf_int_ty (64, 0); }
static vf_ty f64 (void) { return vf_flt_ty (64); }

static vf_expr *
var (vf_prog *p, int blk, vf_ty ty)
{
  return vf_load (p, ty, vf_addr (p, blk));
}

/* Return the pointer member at OFF of struct block BLK.  */
static vf_expr *
member_ptr (vf_prog *p, int blk, long off)
{
  return vf_load (p, vf_ptr_ty (), vf_binary (p, VF_PTRADD, vf_ptr_ty (),
					       vf_addr (p, blk),
					       vf_cst_int (p, i64 (), off)));
}

/* Return the address of element IDX (of SIZE bytes) of pointer BASE.  */
static vf_expr *
elem (vf_prog *p, vf_expr *base, vf_expr *idx, int size)
{
  vf_expr *off = vf_binary (p, VF_MUL, i64 (), vf_unary (p, VF_CONV, i64 (), idx),
			    vf_cst_int (p, i64 (), size));
  return vf_binary (p, VF_PTRADD, vf_ptr_ty (), base, off);
}

static void
store (vf_prog *p, vf_ty ty, vf_expr *addr, vf_expr *val)
{
  vf_stmt s = { VF_S_STORE, 0, ty, addr, val, 0, 0 };
  vf_emit (p, s);
}

static void
jump (vf_prog *p, vf_stmt_kind kind, int label)
{
  vf_stmt s = { kind, 0, { 0, 0, 0 }, NULL, NULL, label, 0 };
  vf_emit (p, s);
}

static void
branch (vf_prog *p, vf_expr *cond, int lt, int lf)
{
  vf_stmt s = { VF_S_IF, 0, { 0, 0, 0 }, NULL, cond, lt, lf };
  vf_emit (p, s);
}

/* The loop variants.  */
enum { RIGHT, X_OF_I, NO_ZERO, PAST_END, FOREVER, CALLS, BOUND_N, FLAG };

/* Build in S the SpMV loop over struct csr B (by value), in VARIANT:
     for (i = 0; i < B.n; i++)
       { s = 0; for (q = B.rowptr[i]; q < B.rowptr[i+1]; q++)
           s += B.vals[q] * x[B.colidx[q]];  y[i] = s; }  */
static void
build_spmv (spmv *s, sf_arena *arena, int variant)
{
  vf_prog *p = &s->p;
  vf_prog_init (p, arena);
  s->B = vf_prog_var (p, "B", &t_csr, 1);
  s->x = vf_prog_var (p, "x", &t_pdouble, 1);
  s->y = vf_prog_var (p, "y", &t_pdouble, 1);
  s->i = vf_prog_var (p, "i", &t_int, 0);
  s->q = vf_prog_var (p, "q", &t_int, 0);
  s->s = vf_prog_var (p, "s", &t_double, 0);
  s->n = variant == BOUND_N || variant == FLAG
	 ? vf_prog_var (p, variant == FLAG ? "neg" : "n", &t_int, 1) : 0;
  int bi = vf_prog_label (p), ci = vf_prog_label (p), ei = vf_prog_label (p);
  int bq = vf_prog_label (p), cq = vf_prog_label (p), eq = vf_prog_label (p);
  vf_expr *i = var (p, s->i, i32 ()), *q = var (p, s->q, i32 ());
  store (p, i32 (), vf_addr (p, s->i), vf_cst_int (p, i32 (), 0));
  jump (p, VF_S_GOTO, ci);
  jump (p, VF_S_LABEL, bi);
  if (variant != NO_ZERO)
    store (p, f64 (), vf_addr (p, s->s), vf_cst_flt (p, f64 (), 0));
  else
    store (p, f64 (), vf_addr (p, s->s),
	   vf_load (p, f64 (), elem (p, var (p, s->y, vf_ptr_ty ()), i, 8)));
  store (p, i32 (), vf_addr (p, s->q),
	 vf_load (p, i32 (), elem (p, member_ptr (p, s->B, 8), i, 4)));
  jump (p, VF_S_GOTO, cq);
  jump (p, VF_S_LABEL, bq);
  vf_expr *col = vf_load (p, i32 (), elem (p, member_ptr (p, s->B, 16),
					  variant == PAST_END
					  ? vf_binary (p, VF_ADD, i32 (), q,
						       vf_cst_int (p, i32 (), 1))
					  : q, 4));
  vf_expr *xv = vf_load (p, f64 (), elem (p, var (p, s->x, vf_ptr_ty ()),
					 variant == X_OF_I ? i : col, 8));
  vf_expr *prod = vf_binary (p, VF_MUL, f64 (),
			     vf_load (p, f64 (), elem (p, member_ptr (p, s->B, 24),
						      q, 8)), xv);
  if (variant == CALLS)
    vf_unsupported (p, "calls 'foo'");
  store (p, f64 (), vf_addr (p, s->s),
	 vf_binary (p, VF_ADD, f64 (), var (p, s->s, f64 ()), prod));
  store (p, i32 (), vf_addr (p, s->q),
	 vf_binary (p, VF_ADD, i32 (), q, vf_cst_int (p, i32 (),
						     variant != FOREVER)));
  jump (p, VF_S_LABEL, cq);
  vf_expr *end = vf_load (p, i32 (), elem (p, member_ptr (p, s->B, 8),
					  vf_binary (p, VF_ADD, i32 (), i,
						     vf_cst_int (p, i32 (), 1)), 4));
  branch (p, vf_binary (p, VF_LT, vf_int_ty (1, 1), q, end), bq, eq);
  jump (p, VF_S_LABEL, eq);
  if (variant == FLAG)
    {
      /* if (neg) s = 0 - s; */
      int ln = vf_prog_label (p), ls = vf_prog_label (p);
      branch (p, vf_binary (p, VF_NE, vf_int_ty (1, 1), var (p, s->n, i32 ()),
			    vf_cst_int (p, i32 (), 0)), ln, ls);
      jump (p, VF_S_LABEL, ln);
      store (p, f64 (), vf_addr (p, s->s),
	     vf_binary (p, VF_SUB, f64 (), vf_cst_flt (p, f64 (), 0),
			var (p, s->s, f64 ())));
      jump (p, VF_S_LABEL, ls);
    }
  store (p, f64 (), elem (p, var (p, s->y, vf_ptr_ty ()), i, 8),
	 var (p, s->s, f64 ()));
  store (p, i32 (), vf_addr (p, s->i),
	 vf_binary (p, VF_ADD, i32 (), i, vf_cst_int (p, i32 (), 1)));
  jump (p, VF_S_LABEL, ci);
  vf_expr *n = vf_load (p, i32 (), vf_addr (p, variant == BOUND_N ? s->n
					     : s->B));
  branch (p, vf_binary (p, VF_LT, vf_int_ty (1, 1), i, n), bi, ei);
  jump (p, VF_S_LABEL, ei);
}

/* Check the SpMV loop VARIANT against annotation TEXT; report NAME as
   passed when the status is WANT and the message starts with PREFIX.  */
static void
check_spmv (const char *name, const char *text, int variant, vf_status want,
	    const char *prefix)
{
  annot a;
  if (annot_init (&a, text))
    {
      report (name, 0, "the annotation does not parse or check");
      sf_arena_free (&a.arena);
      return;
    }
  spmv s;
  build_spmv (&s, &a.arena, variant);
  vf_options opt = { 7, 0, 20000, 1 };
  vf_result r;
  vf_check (&s.p, a.comp, a.formats, &opt, &r);
  int ok = r.status == want
	   && (!prefix || (r.message && !strncmp (r.message, prefix, strlen (prefix))));
  char buf[600];
  snprintf (buf, sizeof buf, "status %d, message '%s'", (int) r.status,
	    r.message ? r.message : "");
  report (name, ok, buf);
  sf_arena_free (&a.arena);
}

/* The SpMV loop against annotations that do not name B, a variable of
   the declared format csr (vf_var.format, as the glue marks it), with
   its dims given by shape clauses (B.n) or not: B is given a tensor of
   its format, and the error names it, on every seed.  */
static void
test_undescribed (void)
{
  static const char *const texts[] = {
    "y(i) = x(i) shape(x: B.n) shape(y: B.n)",
    "y(i) = x(i) shape(x: B.m) shape(y: B.n)",
    "y(i) = 2 * x(i) shape(x: B.n)",
  };
  static const char *const names[] = {
    "undescribed/shape-n", "undescribed/shape-n-m", "undescribed/scaled",
  };
  const char *want = "the loop does not compute what the annotation says: "
    "it reads the tensor 'B' (format csr), which the annotation does not "
    "use: a factor or a term is missing";
  for (int t = 0; t < 3; t++)
    {
      int hits = 0;
      char buf[700] = "";
      for (unsigned seed = 1; seed <= 10; seed++)
	{
	  annot a;
	  if (annot_init (&a, texts[t]))
	    {
	      snprintf (buf, sizeof buf, "the annotation does not parse");
	      sf_arena_free (&a.arena);
	      break;
	    }
	  spmv s;
	  build_spmv (&s, &a.arena, RIGHT);
	  s.p.vars[s.B - 1].format = 1;
	  vf_options opt = { seed, 0, 0, 1 };
	  vf_result r;
	  vf_check (&s.p, a.comp, a.formats, &opt, &r);
	  if (r.status == VF_MISMATCH && r.message
	      && !strcmp (r.message, want))
	    hits++;
	  else
	    snprintf (buf, sizeof buf, "seed %u: status %d, message '%s'",
		      seed, (int) r.status, r.message ? r.message : "");
	  sf_arena_free (&a.arena);
	}
      report (names[t], hits == 10, buf);
    }
}

/* Check the SpMV loop VARIANT against TEXT with seeds 1..N; return how
   many of them ended with status WANT.  */
static int
count_status (const char *text, int variant, vf_status want, int n)
{
  int hits = 0;
  for (int seed = 1; seed <= n; seed++)
    {
      annot a;
      if (annot_init (&a, text))
	{
	  sf_arena_free (&a.arena);
	  return -1;
	}
      spmv s;
      build_spmv (&s, &a.arena, variant);
      vf_options opt = { (unsigned) seed, 0, 0, 1 };
      vf_result r;
      hits += vf_check (&s.p, a.comp, a.formats, &opt, &r) == want;
      sf_arena_free (&a.arena);
    }
  return hits;
}

static void
test_seeds (void)
{
  char buf[80];
  int n = count_status ("y(i) = B(i,j) * x(j)", RIGHT, VF_OK, 40);
  snprintf (buf, sizeof buf, "%d of 40 seeds", n);
  report ("seeds/right-always-verified", n == 40, buf);
  n = count_status ("y(i) = B(i,j) * x(j)", X_OF_I, VF_MISMATCH, 40);
  snprintf (buf, sizeof buf, "%d of 40 seeds", n);
  report ("seeds/x-of-i-always-found", n == 40, buf);
  n = count_status ("y(i) = B(i,j) * x(j)", NO_ZERO, VF_MISMATCH, 40);
  snprintf (buf, sizeof buf, "%d of 40 seeds", n);
  report ("seeds/no-zero-always-found", n == 40, buf);
}

static void
test_spmv (void)
{
  const char *spmv = "y(i) = B(i,j) * x(j)";
  check_spmv ("spmv/right", spmv, RIGHT, VF_OK, NULL);
  check_spmv ("spmv/x-of-i", spmv, X_OF_I, VF_MISMATCH,
	      "the loop does not compute what the annotation says: at y[");
  check_spmv ("spmv/annotation-x-of-i", "y(i) = B(i,j) * x(i)", RIGHT,
	      VF_MISMATCH, "the loop does not compute what the annotation says");
  check_spmv ("spmv/no-zero", spmv, NO_ZERO, VF_MISMATCH,
	      "the loop does not compute");
  check_spmv ("spmv/accumulating", "y(i) += B(i,j) * x(j)", NO_ZERO, VF_OK,
	      NULL);
  check_spmv ("spmv/scaled", "y(i) = 2 * B(i,j) * x(j)", RIGHT, VF_MISMATCH,
	      "the loop does not compute");
  check_spmv ("spmv/past-end", spmv, PAST_END, VF_OUT_OF_BOUNDS,
	      "the loop reads B.colidx[");
  check_spmv ("spmv/budget", spmv, FOREVER, VF_UNVERIFIED,
	      "the step budget (20000 statements) ran out");
  check_spmv ("spmv/calls", spmv, CALLS, VF_UNVERIFIED, "calls 'foo'");
}

/* The outer loop bounded by an integer n the annotation does not bind:
   verified, and the binding reported for the test at run time (n equal
   to the extent of i, every other value differing or going outside).  */
static void
test_bound (void)
{
  annot a;
  if (annot_init (&a, "y(i) = B(i,j) * x(j)"))
    {
      report ("bound/reported", 0, "the annotation does not parse or check");
      sf_arena_free (&a.arena);
      return;
    }
  spmv s;
  build_spmv (&s, &a.arena, BOUND_N);
  vf_options opt = { 1, 0, 0, 1 };
  vf_result r;
  vf_check (&s.p, a.comp, a.formats, &opt, &r);
  const char *index = r.nbound ? a.comp->index_names[r.bound_idx[0]] : "";
  int ok = r.status == VF_OK && r.nbound == 1 && r.bound_blk[0] == s.n
	   && r.bound_off[0] == 0 && r.bound_how[0] == VF_BOUND_EQ
	   && !strcmp (index, "i") && r.bound_delta[0] == 0
	   && r.bound_alt[0] == 0 && !strcmp (r.bound_name[0], "n");
  char buf[300];
  snprintf (buf, sizeof buf, "status %d, %d bound, block %d (n is %d), "
	    "how %d, index '%s', alternatives %#x", (int) r.status, r.nbound,
	    r.nbound ? r.bound_blk[0] : -1, s.n,
	    r.nbound ? r.bound_how[0] : -1, index,
	    r.nbound ? r.bound_alt[0] : 0);
  report ("bound/reported", ok, buf);
  sf_arena_free (&a.arena);
}

/* y[i] = neg ? -s : s: verified with neg held at 0 (vf_result.held), the
   only bound, for the test at run time.  */
static void
test_held (void)
{
  annot a;
  if (annot_init (&a, "y(i) = B(i,j) * x(j)"))
    {
      report ("bound/held", 0, "the annotation does not parse or check");
      sf_arena_free (&a.arena);
      return;
    }
  spmv s;
  build_spmv (&s, &a.arena, FLAG);
  vf_options opt = { 1, 0, 0, 1 };
  vf_result r;
  vf_check (&s.p, a.comp, a.formats, &opt, &r);
  int ok = r.status == VF_OK && r.held && r.nbound == 1
	   && r.bound_blk[0] == s.n && r.bound_off[0] == 0
	   && r.bound_nderef[0] == 0 && r.bound_idx[0] == -1
	   && r.bound_delta[0] == 0 && r.bound_how[0] == VF_BOUND_EQ;
  char buf[300];
  snprintf (buf, sizeof buf, "status %d, held %d, %d bound, block %d (neg "
	    "is %d), index %d, value %ld, how %d", (int) r.status, r.held,
	    r.nbound, r.nbound ? r.bound_blk[0] : -1, s.n,
	    r.nbound ? r.bound_idx[0] : -9, r.nbound ? r.bound_delta[0] : -9,
	    r.nbound ? r.bound_how[0] : -1);
  report ("bound/held", ok, buf);
  sf_arena_free (&a.arena);
}

/* ---- the probe of the annotation search (probe.c) ---- */

/* Probe the SpMV loop VARIANT with the shape y(i) = B(i,j) * x(j) and
   report NAME: the operands that change what it stores (y 1, B 2, x 4)
   must be WANT_MASK, and candidate TEXT must agree when WANT_AGREE.  */
static void
check_probe (const char *name, int variant, unsigned want_mask,
	     const char *text, int want_agree)
{
  annot a, c;
  if (annot_init (&a, "y(i) = B(i,j) * x(j)") || annot_init (&c, text))
    {
      report (name, 0, "the annotations do not parse or check");
      sf_arena_free (&a.arena);
      sf_arena_free (&c.arena);
      return;
    }
  spmv s;
  build_spmv (&s, &a.arena, variant);
  vf_probe *p = vf_probe_new (&s.p, a.comp, a.formats, 1, 1);
  char buf[200] = "no probe";
  int ok = p != NULL;
  if (p)
    {
      int other, stores;
      unsigned mask = vf_probe_influence (p, &other, &stores);
      int agrees = vf_probe_agrees (p, c.comp);
      ok = mask == want_mask && !other && stores && !agrees == !want_agree;
      snprintf (buf, sizeof buf, "mask %x, other %d, stores %d, agrees %d",
		mask, other, stores, agrees);
    }
  report (name, ok, buf);
  vf_probe_free (p);
  sf_arena_free (&a.arena);
  sf_arena_free (&c.arena);
}

static void
test_probe (void)
{
  check_probe ("probe/right", RIGHT, 6, "y(i) = B(i,j) * x(j)", 1);
  check_probe ("probe/x-of-i", RIGHT, 6, "y(i) = B(i,j) * x(i)", 0);
  check_probe ("probe/reads-output", NO_ZERO, 7, "y(i) += B(i,j) * x(j)", 1);
  check_probe ("probe/reads-output-not-set", NO_ZERO, 7,
	       "y(i) = B(i,j) * x(j)", 0);
}

/* ---- the interpreter's arithmetic and the memory model ---- */

/* Run a program storing VAL (of type TY) into an 8-byte block and return
   what the block holds, read back as TY.  */
static vf_val
run_value (vf_prog *p, int out, vf_ty ty, vf_expr *val, vf_status *st)
{
  store (p, ty, vf_addr (p, out), val);
  vf_mem m;
  vf_mem_init (&m);
  for (int k = 0; k < p->nvars; k++)
    vf_mem_new (&m, p->vars[k].name, p->vars[k].type->size, 0);
  long steps = 0;
  const char *msg;
  *st = vf_run (p, &m, 100, &steps, &msg);
  vf_val v;
  vf_mem_read (&m, out, 0, ty, &v);
  vf_mem_free (&m);
  return v;
}

static void
test_arith (void)
{
  sf_arena arena;
  sf_arena_init (&arena);
  vf_status st;
  struct { const char *name; vf_ty ty; long long a, b; vf_op op; long long want; } cases[] = {
    { "arith/int32-wraps", { VF_T_INT, 32, 0 }, 2147483647, 1, VF_ADD, -2147483648LL },
    { "arith/uint8-wraps", { VF_T_INT, 8, 1 }, 255, 1, VF_ADD, 0 },
    { "arith/uint32-sub", { VF_T_INT, 32, 1 }, 0, 1, VF_SUB, 4294967295LL },
    { "arith/div-truncates", { VF_T_INT, 32, 0 }, -7, 2, VF_DIV, -3 },
    { "arith/mod-sign", { VF_T_INT, 32, 0 }, -7, 2, VF_MOD, -1 },
    { "arith/unsigned-div", { VF_T_INT, 64, 1 }, -2, 2, VF_DIV, 0x7fffffffffffffffLL },
    { "arith/shift-signed", { VF_T_INT, 32, 0 }, -8, 1, VF_SHR, -4 },
  };
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++)
    {
      vf_prog p;
      vf_prog_init (&p, &arena);
      int out = vf_prog_var (&p, "out", &t_pdouble, 0);
      vf_ty ty = cases[k].ty;
      vf_val v = run_value (&p, out, ty,
			    vf_binary (&p, cases[k].op, ty,
				       vf_cst_int (&p, ty, cases[k].a),
				       vf_cst_int (&p, ty, cases[k].b)), &st);
      char buf[100];
      snprintf (buf, sizeof buf, "got %lld", v.i);
      report (cases[k].name, st == VF_OK && v.i == cases[k].want, buf);
    }
  /* float: 2^24 + 1 rounds back to 2^24; double keeps it */
  for (int bits = 32; bits <= 64; bits += 32)
    {
      vf_prog p;
      vf_prog_init (&p, &arena);
      int out = vf_prog_var (&p, "out", &t_pdouble, 0);
      vf_ty ty = vf_flt_ty (bits);
      vf_val v = run_value (&p, out, ty, vf_binary (&p, VF_ADD, ty,
						    vf_cst_flt (&p, ty, 16777216.0),
						    vf_cst_flt (&p, ty, 1.0)), &st);
      report (bits == 32 ? "arith/float-rounds" : "arith/double-exact",
	      st == VF_OK && v.f == (bits == 32 ? 16777216.0 : 16777217.0), NULL);
    }
  /* conversions: double -> int truncates; int -> unsigned char */
  {
    vf_prog p;
    vf_prog_init (&p, &arena);
    int out = vf_prog_var (&p, "out", &t_pdouble, 0);
    vf_val v = run_value (&p, out, i32 (),
			  vf_unary (&p, VF_CONV, i32 (),
				    vf_cst_flt (&p, f64 (), -2.75)), &st);
    report ("arith/fix-trunc", st == VF_OK && v.i == -2, NULL);
  }
  {
    vf_prog p;
    vf_prog_init (&p, &arena);
    int out = vf_prog_var (&p, "out", &t_pdouble, 0);
    run_value (&p, out, i32 (), vf_binary (&p, VF_DIV, i32 (),
					   vf_cst_int (&p, i32 (), 1),
					   vf_cst_int (&p, i32 (), 0)), &st);
    report ("arith/div-by-zero-unverified", st == VF_UNVERIFIED, NULL);
  }
  sf_arena_free (&arena);
}

static void
test_memory (void)
{
  vf_mem m;
  vf_mem_init (&m);
  int a = vf_mem_new (&m, "a", 16, 4), s = vf_mem_new (&m, "s", 16, 0);
  vf_val p = { 4, 0, a }, back;
  vf_mem_write (&m, s, 8, vf_ptr_ty (), p);
  vf_mem_read (&m, s, 8, vf_ptr_ty (), &back);
  report ("memory/pointer-keeps-block", back.blk == a && back.i == 4, NULL);
  vf_val i = { 7, 0, 0 };
  vf_mem_write (&m, s, 8, i64 (), i);
  vf_mem_read (&m, s, 8, vf_ptr_ty (), &back);
  report ("memory/integer-over-pointer", back.blk == 0 && back.i == 7, NULL);
  report ("memory/write-past-end", vf_mem_write (&m, a, 16, i32 (), i) != 0, NULL);
  report ("memory/read-before-start", vf_mem_read (&m, a, -4, i32 (), &back) != 0,
	  NULL);
  vf_val neg = { -1, 0, 0 };
  vf_mem_write (&m, a, 0, vf_int_ty (16, 0), neg);
  vf_mem_read (&m, a, 0, vf_int_ty (16, 1), &back);
  report ("memory/short-unsigned", back.i == 65535, NULL);
  vf_mem_free (&m);

  /* reads through an unbound pointer, of a declared array past its end,
     of a local past its end */
  const char *want[] = { "the loop reads 'perm', which the annotation does not describe",
			 "the loop reads crd[4] outside the declared array (4 entries)",
			 "the loop reads outside 'tmp'" };
  for (int k = 0; k < 3; k++)
    {
      sf_arena arena;
      sf_arena_init (&arena);
      vf_prog pr;
      vf_prog_init (&pr, &arena);
      int v = vf_prog_var (&pr, "v", &t_pint, 1);
      store (&pr, i32 (), vf_binary (&pr, VF_PTRADD, vf_ptr_ty (),
				     var (&pr, v, vf_ptr_ty ()),
				     vf_cst_int (&pr, i64 (), 16)),
	     vf_cst_int (&pr, i32 (), 1));
      pr.stmts[0].kind = VF_S_SET;	/* a read: REG 0 = *(v + 16) */
      pr.stmts[0].val = vf_load (&pr, i32 (), pr.stmts[0].addr);
      pr.nregs = 1;
      vf_mem mm;
      vf_mem_init (&mm);
      vf_mem_new (&mm, "v", 8, 0);
      int tgt = vf_mem_new (&mm, k == 0 ? "perm" : k == 1 ? "crd" : "tmp", 16, k == 2 ? 0 : 4);
      mm.b[tgt].unbound = k == 0;
      mm.b[tgt].declared = k == 1;
      vf_val pv = { 0, 0, tgt };
      vf_mem_write (&mm, 1, 0, vf_ptr_ty (), pv);
      long steps = 0;
      const char *msg = NULL;
      vf_status st = vf_run (&pr, &mm, 10, &steps, &msg);
      vf_status want_st = k == 1 ? VF_OUT_OF_BOUNDS : VF_UNVERIFIED;
      const char *names[] = { "memory/unbound-pointer", "memory/declared-past-end",
			      "memory/local-past-end" };
      report (names[k], st == want_st && msg && !strncmp (msg, want[k], strlen (want[k])),
	      msg);
      vf_mem_free (&mm);
      sf_arena_free (&arena);
    }
}

/* ---- the dense reference: where the sums go (SPEC 1.2) ---- */

/* Evaluate TEXT (every operand dense, of rank 1 or 2, all extents 2, the
   values of operand k at (c0, c1) being 10 * (k + 1) + 2 * c0 + c1) at
   output coordinate i = 1 and compare with WANT.  */
static void
check_reference (const char *name, const char *text, double want)
{
  sf_arena arena;
  sf_arena_init (&arena);
  sf_pragma *pr = SF_NEW (&arena, sf_pragma);
  vf_inputs *in = SF_NEW (&arena, vf_inputs);
  if (parse (&arena, text, pr))
    {
      report (name, 0, "does not parse");
      sf_arena_free (&arena);
      return;
    }
  sf_comp *c = &pr->comp;
  in->comp = c;
  for (int v = 0; v < c->nindices; v++)
    in->ext[v] = 2;
  for (int k = 0; k < c->noperands; k++)
    {
      vf_tensor *t = &in->t[k];
      t->ndims = 2;
      t->dims[0] = t->dims[1] = 2;
      t->dense = SF_NEW_ARRAY (&arena, double, 4);
      for (int e = 0; e < 4; e++)
	t->dense[e] = 10 * (k + 1) + 2 * (e / 2) + e % 2;
    }
  vf_ref *r = vf_ref_build (&arena, c);
  long env[SF_MAX_INDICES] = { 0 };
  env[c->lhs->idx[0]] = 1;
  double mag, got = vf_ref_eval (r, in, env, &mag);
  char buf[100];
  snprintf (buf, sizeof buf, "got %g, want %g", got, want);
  report (name, got == want, buf);
  sf_arena_free (&arena);
}

static void
test_reference (void)
{
  /* operand k (in order of appearance, output first) at (c0, c1):
     10(k+1) + 2 c0 + c1; a rank-1 access reads (c0) as offset c0.  */
  /* a(i) = B(i,j) + d(i) + C(i,j): B = op 1, d = op 2, C = op 3; i = 1:
     sum_j B(1,j) = 22 + 23, d(1) = 31, sum_j C(1,j) = 42 + 43 */
  check_reference ("reference/sum-terms-apart", "a(i) = B(i,j) + d(i) + C(i,j)",
		   45 + 31 + 85);
  /* A(i) = (B(i,j) + C(i)) * D(i,j): sum_j (B(1,j) + C(1)) * D(1,j),
     B = op 1 (22, 23), C = op 2 (31), D = op 3 (42, 43) */
  check_reference ("reference/sum-over-product", "A(i) = (B(i,j) + C(i)) * D(i,j)",
		   (22 + 31) * 42 + (23 + 31) * 43);
  /* y(i) = B(i,j) * x(j) + z(i): B = op 1 (22, 23), x = op 2 (30, 31: x(j)
     reads offset j), z = op 3 (41) */
  check_reference ("reference/product-then-term", "y(i) = B(i,j) * x(j) + z(i)",
		   22 * 30 + 23 * 31 + 41);
  /* y(i) = -B(i,j) * x(j) */
  check_reference ("reference/negated", "y(i) = -B(i,j) * x(j)",
		   -(22 * 30 + 23 * 31));
}

int
main (void)
{
  test_reference ();
  test_arith ();
  test_memory ();
  test_spmv ();
  test_bound ();
  test_held ();
  test_seeds ();
  test_undescribed ();
  test_probe ();
  return 0;
}
