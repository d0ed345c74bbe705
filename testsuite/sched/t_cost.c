/* The cost model (core/cost.c): prefix nnz terms per format, the time of
   loop nests, temporaries, facts, assume() translation.

     CSF B(i,j,k), loops i j k over B's levels then l dense  ->  nnz(B)*L  */

#include <string.h>
#include "sched_test.h"
#include "front/lex.h"
#include "sf_core.h"

static const sf_level_kind csr[] = { SF_LEVEL_DENSE, SF_LEVEL_COMPRESSED };
static const sf_level_kind dcsr[] = { SF_LEVEL_COMPRESSED, SF_LEVEL_COMPRESSED };
static const sf_level_kind csf[] = { SF_LEVEL_COMPRESSED, SF_LEVEL_COMPRESSED,
				     SF_LEVEL_COMPRESSED };
static const sf_level_kind coo[] = { SF_LEVEL_COO, SF_LEVEL_SINGLETON };

/* Expect the time of the nest LOOPS to print as WANT ("error" for a
   rejected nest).  */
static void
nest_case (sf_cost_space *s, const char *name, const sf_cost_loop *loops,
	   int n, const char *want)
{
  const char *err = NULL;
  const sf_poly *p = sf_cost_nest (s, loops, n, &err);
  const char *got = p ? str_of (s, p) : "error";
  check (name, !strcmp (got, want), "nest costs '%s', expected '%s' (%s)", got,
	 want, err ? err : "");
}

/* The prefix terms of each format.  */
static void
prefix_cases (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 2, csr, (int[]) { IX_I, IX_J });
  check ("cost/csr-prefix", !strcmp (str_of (&s, sf_cost_nnz (&s, 1, 0)), "I")
	 && !strcmp (str_of (&s, sf_cost_nnz (&s, 1, 1)), "nnz(B)"),
	 "CSR prefixes '%s', '%s'", str_of (&s, sf_cost_nnz (&s, 1, 0)),
	 str_of (&s, sf_cost_nnz (&s, 1, 1)));
  kernel_space (&s, &a, 3, csf, (int[]) { IX_I, IX_J, IX_K });
  const char *p0 = str_of (&s, sf_cost_nnz (&s, 1, 0));
  const char *p1 = str_of (&s, sf_cost_nnz (&s, 1, 1));
  const char *p2 = str_of (&s, sf_cost_nnz (&s, 1, 2));
  check ("cost/csf-prefix", !strcmp (p0, "nnz(B_i)") && !strcmp (p1, "nnz(B_ij)")
	 && !strcmp (p2, "nnz(B)"), "CSF prefixes '%s', '%s', '%s'", p0, p1, p2);
  kernel_space (&s, &a, 2, coo, (int[]) { IX_I, IX_J });
  p0 = str_of (&s, sf_cost_nnz (&s, 1, 0));
  p1 = str_of (&s, sf_cost_nnz (&s, 1, 1));
  check ("cost/coo-prefix", !strcmp (p0, "nnz(B_i)") && !strcmp (p1, "nnz(B)"),
	 "COO prefixes '%s', '%s'", p0, p1);
  sf_arena_free (&a);
}

/* Loop nests of the SPEC kernels.  */
static void
nest_cases (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 2, csr, (int[]) { IX_I, IX_J });
  /* SDDMM,SpMM naive: i, B's j positions, k, l.  */
  nest_case (&s, "cost/nest-sddmm-spmm-naive", (sf_cost_loop[]) {
	       { IX_I, -1, 0 }, { IX_J, 1, 1 }, { IX_K, -1, 0 }, { IX_L, -1, 0 } },
	     4, "nnz(B)*K*L");
  nest_case (&s, "cost/nest-spmv", (sf_cost_loop[]) {
	       { IX_I, -1, 0 }, { IX_J, 1, 1 } }, 2, "nnz(B)");
  /* A dense loop between the parent and the position loop.  */
  nest_case (&s, "cost/nest-csr-interleaved", (sf_cost_loop[]) {
	       { IX_I, -1, 0 }, { IX_K, -1, 0 }, { IX_J, 1, 1 } }, 3, "nnz(B)*K");
  nest_case (&s, "cost/nest-orphan-level", (sf_cost_loop[]) {
	       { IX_K, -1, 0 }, { IX_J, 1, 1 } }, 2, "error");
  kernel_space (&s, &a, 2, dcsr, (int[]) { IX_I, IX_J });
  nest_case (&s, "cost/nest-dcsr", (sf_cost_loop[]) {
	       { IX_I, 1, 0 }, { IX_J, 1, 1 }, { IX_K, -1, 0 } }, 3, "nnz(B)*K");
  kernel_space (&s, &a, 3, csf, (int[]) { IX_I, IX_J, IX_K });
  /* TTMc's fused producer and consumer (the SparseAuto introduction).  */
  nest_case (&s, "cost/nest-ttmc-producer", (sf_cost_loop[]) {
	       { IX_N, -1, 0 }, { IX_I, 1, 0 }, { IX_J, 1, 1 }, { IX_K, 1, 2 } },
	     4, "nnz(B)*N");
  nest_case (&s, "cost/nest-ttmc-consumer", (sf_cost_loop[]) {
	       { IX_N, -1, 0 }, { IX_I, 1, 0 }, { IX_J, 1, 1 }, { IX_L, -1, 0 },
	       { IX_M, -1, 0 } }, 5, "nnz(B_ij)*L*M*N");
  nest_case (&s, "cost/nest-csf-skips-level", (sf_cost_loop[]) {
	       { IX_I, 1, 0 }, { IX_K, 1, 2 } }, 2, "error");
  const sf_poly *t = sf_cost_temp (&s, (int[]) { IX_J, IX_K }, 2, 8);
  check ("cost/temp-2d", !strcmp (str_of (&s, t), "8*J*K"), "got '%s'",
	 str_of (&s, t));
  t = sf_cost_temp (&s, NULL, 0, 8);
  check ("cost/temp-scalar", t && t->nterms == 0, "a scalar costs '%s'",
	 str_of (&s, t));
  sf_arena_free (&a);
}

/* Return the number of facts of S.  */
static int
n_facts (sf_cost_space *s)
{
  sf_cost_fact f[64];
  return sf_cost_facts (s, f, 64);
}

/* Return the printed facts of S, "; "-separated.  */
static const char *
facts_text (sf_cost_space *s)
{
  sf_cost_fact f[64];
  int n = sf_cost_facts (s, f, 64);
  char buf[2048] = "";
  for (int i = 0; i < n; i++)
    {
      static const char *const ops[] = { "<", "<=", ">", ">=", "==" };
      size_t len = strlen (buf);
      snprintf (buf + len, sizeof buf - len, "%s%s %s 0", i ? "; " : "",
		str_of (s, f[i].poly), ops[f[i].op]);
    }
  return sf_arena_strdup (s->arena, buf);
}

static void
fact_cases (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 3, csf, (int[]) { IX_I, IX_J, IX_K });
  const char *f = facts_text (&s);
  check ("cost/facts-csf",
	 strstr (f, "-1 + nnz(B_i) >= 0") && strstr (f, "-I + nnz(B_i) <= 0")
	 && strstr (f, "nnz(B_i) - nnz(B_ij) <= 0")
	 && strstr (f, "nnz(B_ij) - nnz(B) <= 0")
	 && strstr (f, "nnz(B_ij) - I*J <= 0")
	 && strstr (f, "nnz(B_ij) - nnz(B_i)*J <= 0")
	 && strstr (f, "nnz(B) - nnz(B_ij)*K <= 0")
	 && strstr (f, "-1 + K >= 0") && n_facts (&s) == 17,
	 "facts: %s", f);
  kernel_space (&s, &a, 2, csr, (int[]) { IX_I, IX_J });
  f = facts_text (&s);
  /* CSR rows may be empty: no nnz(B) >= I.  */
  check ("cost/facts-csr", strstr (f, "nnz(B) - I*J <= 0")
	 && !strstr (f, "I - nnz(B) <= 0"), "facts: %s", f);
  sf_arena_free (&a);
}

/* assume() translation, on a parsed and checked computation.  */
static void
assume_cases (void)
{
  static const char fmt_text[] = "format struct csr dims(n, m) "
    "levels(dense, compressed(p, c)) values(v)";
  static const char comp_text[] = "A(i,l) = B(i,j) * C(j,k) * D(k,l) "
    "assume(nnz(B) >= 16 * dim(B, 0), B.m < K * 2, dim(D, 1) <= 256, "
    "alpha - 3 > 0)";
  sf_arena a;
  sf_diags d;
  sf_token *toks;
  int *offs, ntoks;
  sf_pragma fp, cp;
  sf_arena_init (&a);
  sf_diags_init (&d);
  sf_lex (&a, fmt_text, &toks, &offs, &ntoks);
  sf_parse_pragma (&a, toks, ntoks, &fp, &d);
  sf_lex (&a, comp_text, &toks, &offs, &ntoks);
  sf_parse_pragma (&a, toks, ntoks, &cp, &d);
  sf_comp *c = &cp.comp;
  for (int i = 0; i < c->noperands; i++)
    {
      sf_operand *o = &c->operands[i];
      o->vtype = SF_TY_F64;
      o->kind = !strcmp (o->name, "B") ? SF_OPERAND_SPARSE : SF_OPERAND_DENSE;
      o->rank = 2;
      o->type_extent = 3;
      o->format = 0;
    }
  fp.format.vtype = SF_TY_F64;
  int bad = sf_check_comp (c, &fp.format, &d);
  sf_cost_space s;
  sf_cost_space_from_comp (&s, &a, c, &fp.format);
  char got[512] = "";
  for (int i = 0; !bad && i < c->nassumes; i++)
    {
      sf_cost_fact f;
      const char *err;
      int tok;
      size_t len = strlen (got);
      if (sf_cost_constraint (&s, c, &fp.format, &c->assumes[i], &f, &err, &tok))
	snprintf (got + len, sizeof got - len, "[%s] ", err);
      else
	snprintf (got + len, sizeof got - len, "[%s %s 0] ", str_of (&s, f.poly),
		  f.op == SF_CMP_LE ? "<=" : f.op == SF_CMP_GE ? ">=" : "?");
    }
  const char *want = "[-16*I + nnz(B) >= 0] [1 + J - 2*K <= 0] "
    "[-256 + L <= 0] [-4 + alpha >= 0] ";
  check ("cost/assume-translation", !bad && !strcmp (got, want),
	 "got '%s' (check %d), expected '%s'", got, bad, want);
  sf_diags_free (&d);
  sf_arena_free (&a);
}

void
cost_suite (void)
{
  prefix_cases ();
  nest_cases ();
  fact_cases ();
  assume_cases ();
}
