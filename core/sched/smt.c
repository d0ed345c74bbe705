/* Z3 for cost comparisons (smt.h).

     base:   s0 >= 1, s1 >= 1, s2 - s0*s1 <= 0, ...      (asserted once)
     query:  base AND (nnz*K*L - nnz*K - nnz*L > 0)  ->  sat, witness

   Each query runs on a fresh QF_NRA solver (Z3's nlsat: complete for
   nonlinear real arithmetic) holding the base constraints and the one
   question; an incremental solver with push/pop would fall back to the
   incomplete nonlinear core and answer unknown far more often.  Every
   sf_smt uses the process's one context (sf_smt_shared_context), whose
   terms live as long as it (Z3_mk_context does not count their
   references); solvers, models and parameters are counted by hand.  */

#include <stdlib.h>
#include <string.h>
#include <z3.h>
#include "sched/smt.h"

struct sf_smt
{
  Z3_context ctx;
  int nsyms;
  Z3_ast *syms;			/* the real constants s0.. */
  Z3_ast *base;			/* asserted facts */
  int nbase, base_cap;
  Z3_params params;
  int checks;
  char error[256];
};

/* Record instead of exiting: the caller reads Z3_get_error_code.  */
static void
ignore_error (Z3_context ctx, Z3_error_code code)
{
  (void) ctx;
  (void) code;
}

/* Return nonzero (and record the message) when the last call on Z's
   context failed.  */
static int
failed (sf_smt *z)
{
  Z3_error_code code = Z3_get_error_code (z->ctx);
  if (code == Z3_OK)
    return 0;
  snprintf (z->error, sizeof z->error, "Z3: %s", Z3_get_error_msg (z->ctx, code));
  return 1;
}

/* Return the solver parameters of OPTIONS.  */
static Z3_params
make_params (Z3_context ctx, const sf_smt_options *options)
{
  Z3_params p = Z3_mk_params (ctx);
  Z3_params_inc_ref (ctx, p);
  if (options->timeout_ms)
    Z3_params_set_uint (ctx, p, Z3_mk_string_symbol (ctx, "timeout"),
			options->timeout_ms);
  if (options->rlimit)
    Z3_params_set_uint (ctx, p, Z3_mk_string_symbol (ctx, "rlimit"),
			options->rlimit);
  return p;
}

/* The context every solver of the process shares: making one costs
   several milliseconds (more than a region's questions), and a
   compilation asks from many regions.  Its terms stay until the process
   ends: a few hundred per region.  */
static Z3_context shared_ctx;

Z3_context
sf_smt_shared_context (void)
{
  if (shared_ctx)
    return shared_ctx;
  Z3_config cfg = Z3_mk_config ();
  if (!cfg)
    return NULL;
  Z3_set_param_value (cfg, "model", "true");
  shared_ctx = Z3_mk_context (cfg);
  Z3_del_config (cfg);
  if (shared_ctx)
    Z3_set_error_handler (shared_ctx, ignore_error);
  return shared_ctx;
}

sf_smt *
sf_smt_new (int nsyms, const sf_smt_options *options)
{
  sf_smt *z = calloc (1, sizeof *z);
  if (!z)
    return NULL;
  z->ctx = sf_smt_shared_context ();
  if (!z->ctx)
    {
      free (z);
      return NULL;
    }
  z->nsyms = nsyms;
  z->syms = calloc ((size_t) (nsyms > 0 ? nsyms : 1), sizeof *z->syms);
  Z3_sort real = Z3_mk_real_sort (z->ctx);
  for (int i = 0; i < nsyms; i++)
    z->syms[i] = Z3_mk_const (z->ctx, Z3_mk_int_symbol (z->ctx, i), real);
  z->params = make_params (z->ctx, options);
  return z;
}

void
sf_smt_free (sf_smt *z)
{
  if (!z)
    return;
  Z3_params_dec_ref (z->ctx, z->params);
  free (z->syms);
  free (z->base);
  free (z);
}

/* Return the real constant C, exactly: a binary64 value is M / 2^K for
   integers M and K, which Z3 reads as the rational "M/2^K".  */
static Z3_ast
mk_coef (Z3_context ctx, double c)
{
  char buf[96];
  long long den = 1;
  if (c >= 9e18 || c <= -9e18)	/* an integer too large for long long */
    {
      snprintf (buf, sizeof buf, "%.0f", c);
      return Z3_mk_numeral (ctx, buf, Z3_mk_real_sort (ctx));
    }
  while (c != (double) (long long) c && den < (1LL << 52))
    {
      c *= 2;
      den *= 2;
    }
  if (den == 1)
    snprintf (buf, sizeof buf, "%lld", (long long) c);
  else
    snprintf (buf, sizeof buf, "%lld/%lld", (long long) c, den);
  return Z3_mk_numeral (ctx, buf, Z3_mk_real_sort (ctx));
}

/* Return the term of monomial M.  */
static Z3_ast
mk_mono (sf_smt *z, const sf_mono *m)
{
  Z3_ast args[1 + SF_POLY_MAX_FACTORS * 8];
  int n = 0;
  args[n++] = mk_coef (z->ctx, m->coef);
  for (int i = 0; i < m->nf; i++)
    for (int e = 0; e < m->f[i].exp && n < (int) (sizeof args / sizeof *args); e++)
      args[n++] = z->syms[m->f[i].sym];
  return n == 1 ? args[0] : Z3_mk_mul (z->ctx, (unsigned) n, args);
}

/* Return the term of P (0 for the zero polynomial).  */
static Z3_ast
mk_poly (sf_smt *z, const sf_poly *p)
{
  if (p->nterms == 0)
    return mk_coef (z->ctx, 0);
  Z3_ast *args = malloc (sizeof *args * (size_t) p->nterms);
  for (int i = 0; i < p->nterms; i++)
    args[i] = mk_mono (z, &p->terms[i]);
  Z3_ast sum = p->nterms == 1 ? args[0]
	       : Z3_mk_add (z->ctx, (unsigned) p->nterms, args);
  free (args);
  return sum;
}

/* Return nonzero when every symbol of P is one of Z's.  */
static int
poly_in_range (const sf_smt *z, const sf_poly *p)
{
  for (int i = 0; i < p->nterms; i++)
    for (int k = 0; k < p->terms[i].nf; k++)
      if (p->terms[i].f[k].sym >= z->nsyms)
	return 0;
  return 1;
}

int
sf_smt_assert (sf_smt *z, const sf_cost_fact *fact)
{
  if (!fact->poly || !poly_in_range (z, fact->poly))
    {
      snprintf (z->error, sizeof z->error, "a constraint uses an unknown symbol");
      return -1;
    }
  Z3_ast lhs = mk_poly (z, fact->poly), zero = mk_coef (z->ctx, 0), f;
  switch (fact->op)
    {
    case SF_CMP_LT: f = Z3_mk_lt (z->ctx, lhs, zero); break;
    case SF_CMP_LE: f = Z3_mk_le (z->ctx, lhs, zero); break;
    case SF_CMP_GT: f = Z3_mk_gt (z->ctx, lhs, zero); break;
    case SF_CMP_GE: f = Z3_mk_ge (z->ctx, lhs, zero); break;
    default: f = Z3_mk_eq (z->ctx, lhs, zero); break;
    }
  if (failed (z))
    return -1;
  if (z->nbase == z->base_cap)
    {
      z->base_cap = z->base_cap ? 2 * z->base_cap : 16;
      z->base = realloc (z->base, sizeof *z->base * (size_t) z->base_cap);
    }
  z->base[z->nbase++] = f;
  return 0;
}

/* Return the value of X in model M as a double (algebraic numbers by a
   rational lower bound).  */
static double
model_value (Z3_context ctx, Z3_model m, Z3_ast x)
{
  Z3_ast v;
  if (!Z3_model_eval (ctx, m, x, true, &v))
    return 1;
  if (Z3_is_algebraic_number (ctx, v))
    v = Z3_get_algebraic_number_lower (ctx, v, 12);
  return Z3_get_numeral_double (ctx, v);
}

/* Store the values of Z's symbols in model M into WITNESS.  */
static void
read_model (sf_smt *z, Z3_solver s, double *witness)
{
  Z3_model m = Z3_solver_get_model (z->ctx, s);
  if (!m)
    return;
  Z3_model_inc_ref (z->ctx, m);
  for (int i = 0; i < z->nsyms; i++)
    witness[i] = model_value (z->ctx, m, z->syms[i]);
  Z3_model_dec_ref (z->ctx, m);
}

/* Return whether the base constraints and EXTRA (NULL: none) hold
   together; on SAT, fill WITNESS when not NULL.  */
static sf_tri
check (sf_smt *z, Z3_ast extra, double *witness)
{
  Z3_solver s = Z3_mk_solver_for_logic (z->ctx, Z3_mk_string_symbol (z->ctx, "QF_NRA"));
  Z3_solver_inc_ref (z->ctx, s);
  Z3_solver_set_params (z->ctx, s, z->params);
  for (int i = 0; i < z->nbase; i++)
    Z3_solver_assert (z->ctx, s, z->base[i]);
  if (extra)
    Z3_solver_assert (z->ctx, s, extra);
  z->checks++;
  Z3_lbool r = Z3_solver_check (z->ctx, s);
  sf_tri t = SF_TRI_UNKNOWN;
  if (failed (z))
    t = SF_TRI_UNKNOWN;
  else if (r == Z3_L_TRUE)
    {
      t = SF_TRI_YES;
      if (witness)
	read_model (z, s, witness);
    }
  else if (r == Z3_L_FALSE)
    t = SF_TRI_NO;
  else
    snprintf (z->error, sizeof z->error, "Z3: unknown (%s)",
	      Z3_solver_get_reason_unknown (z->ctx, s));
  Z3_solver_dec_ref (z->ctx, s);
  return t;
}

sf_tri
sf_smt_satisfiable (sf_smt *z)
{
  return check (z, NULL, NULL);
}

sf_tri
sf_smt_exists_greater (sf_smt *z, const sf_poly *a, const sf_poly *b,
		       double *witness)
{
  if (!a || !b || !poly_in_range (z, a) || !poly_in_range (z, b))
    return SF_TRI_UNKNOWN;
  Z3_ast q = Z3_mk_gt (z->ctx, mk_poly (z, a), mk_poly (z, b));
  if (failed (z))
    return SF_TRI_UNKNOWN;
  return check (z, q, witness);
}

int
sf_smt_checks (const sf_smt *z)
{
  return z->checks;
}

const char *
sf_smt_error (const sf_smt *z)
{
  return z->error[0] ? z->error : NULL;
}
