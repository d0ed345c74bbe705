/* CoNST's layout and fusion model, solved by Z3 (order_model.h).

     d = 0:  base AND bound(0)                    unsat
     d = 1:  base AND bound(1)                    unsat
     d = 2:  base AND bound(2)                    sat: i j p k q r
             ... AND NOT (lp = that order)         sat: j i p k q r
             ...                                   unsat, or the limit
     d = 3:  base AND bound(3) AND NOT (found)     sat: i p k q r j ...

   Integer linear constraints over small ranges, on one incremental
   solver per call (each bound pushed and popped), with the options'
   timeout and resource limit; an unknown answer ends the search with
   what was found.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>
#include "sched/order_model.h"

#define BIT(v) (1u << (v))

/* The model's terms in one context.  */
typedef struct om
{
  Z3_context ctx;
  Z3_params params;
  const sf_order_problem *p;
  Z3_ast lp[SF_OM_MAX_IDX];
  Z3_ast dp[SF_OM_MAX_T][SF_OM_MAX_IDX];
  Z3_ast start[SF_OM_MAX_X];	/* m[X] */
  Z3_ast base[256];
  int nbase;
} om;

static Z3_ast
num (om *z, int v)
{
  return Z3_mk_int (z->ctx, v, Z3_mk_int_sort (z->ctx));
}

static void
add (om *z, Z3_ast f)
{
  if (z->nbase < (int) (sizeof z->base / sizeof *z->base))
    z->base[z->nbase++] = f;
}

/* Add X to be a permutation position among N: 0 <= X < N.  */
static void
add_range (om *z, Z3_ast x, int n)
{
  add (z, Z3_mk_ge (z->ctx, x, num (z, 0)));
  add (z, Z3_mk_lt (z->ctx, x, num (z, n)));
}

/* The constraints that hold for every bound.  */
static void
build_base (om *z)
{
  const sf_order_problem *p = z->p;
  Z3_context c = z->ctx;
  Z3_sort int_sort = Z3_mk_int_sort (c);
  char name[32];
  for (int v = 0; v < p->n; v++)
    {
      snprintf (name, sizeof name, "lp%d", v);
      z->lp[v] = Z3_mk_const (c, Z3_mk_string_symbol (c, name), int_sort);
      add_range (z, z->lp[v], p->n);
    }
  if (p->n > 1)
    add (z, Z3_mk_distinct (c, (unsigned) p->n, z->lp));
  for (int v = 0; v < p->n; v++)
    for (int u = 0; u < p->n; u++)
      if (p->before[v] & BIT (u))
	add (z, Z3_mk_lt (c, z->lp[u], z->lp[v]));
  for (int x = 0; x < p->nx; x++)
    {
      Z3_ast eq[SF_OM_MAX_IDX];
      int ne = 0;
      snprintf (name, sizeof name, "m%d", x);
      z->start[x] = Z3_mk_const (c, Z3_mk_string_symbol (c, name), int_sort);
      for (int s = 0; s < p->n; s++)
	if (p->x_sum[x] & BIT (s))
	  {
	    add (z, Z3_mk_le (c, z->start[x], z->lp[s]));
	    eq[ne++] = Z3_mk_eq (c, z->start[x], z->lp[s]);
	  }
      if (ne)
	add (z, Z3_mk_or (c, (unsigned) ne, eq));
      for (int v = 0; v < p->n; v++)
	if (!((p->x_free[x] | p->x_sum[x] | p->x_inner[x]) & BIT (v)))
	  add (z, Z3_mk_gt (c, z->lp[v], z->start[x]));
    }
  for (int t = 0; t < p->nt; t++)
    {
      Z3_ast ds[SF_OM_MAX_IDX];
      int nd = 0, size = __builtin_popcount (p->t_idx[t]);
      for (int k = 0; k < p->n; k++)
	if (p->t_idx[t] & BIT (k))
	  {
	    snprintf (name, sizeof name, "dp%d_%d", t, k);
	    z->dp[t][k] = Z3_mk_const (c, Z3_mk_string_symbol (c, name),
				       int_sort);
	    add_range (z, z->dp[t][k], size);
	    ds[nd++] = z->dp[t][k];
	  }
      if (nd > 1)
	add (z, Z3_mk_distinct (c, (unsigned) nd, ds));
      for (int k = 0; k < p->n; k++)
	for (int k2 = k + 1; k2 < p->n; k2++)
	  if ((p->t_idx[t] & BIT (k)) && (p->t_idx[t] & BIT (k2)))
	    add (z, Z3_mk_eq (c, Z3_mk_lt (c, z->dp[t][k], z->dp[t][k2]),
			      Z3_mk_lt (c, z->lp[k], z->lp[k2])));
    }
}

/* Return the term "every intermediate keeps at most D indices".  */
static Z3_ast
bound (om *z, int d)
{
  const sf_order_problem *p = z->p;
  Z3_context c = z->ctx;
  Z3_ast parts[SF_OM_MAX_X + 1];
  int n = 0;
  for (int x = 0; x < p->nx; x++)
    {
      Z3_ast kept[SF_OM_MAX_IDX];
      int nk = 0;
      for (int f = 0; f < p->n; f++)
	if (p->x_free[x] & BIT (f))
	  kept[nk++] = Z3_mk_ite (c, Z3_mk_gt (c, z->lp[f], z->start[x]),
				  num (z, 1), num (z, 0));
      if (nk > d)
	parts[n++] = Z3_mk_le (c, Z3_mk_add (c, (unsigned) nk, kept),
			       num (z, d));
    }
  if (!n)
    return Z3_mk_true (c);
  return Z3_mk_and (c, (unsigned) n, parts);
}

/* Return the term "the loop order is not ORDER".  */
static Z3_ast
not_order (om *z, const int *order)
{
  Z3_ast parts[SF_OM_MAX_IDX];
  for (int k = 0; k < z->p->n; k++)
    parts[k] = Z3_mk_eq (z->ctx, z->lp[order[k]], num (z, k));
  return Z3_mk_not (z->ctx, Z3_mk_and (z->ctx, (unsigned) z->p->n, parts));
}

/* Return the value of integer term X in model MD (-1 when absent).  */
static int
value (om *z, Z3_model md, Z3_ast x)
{
  Z3_ast v;
  int r = -1;
  if (Z3_model_eval (z->ctx, md, x, true, &v)
      && Z3_get_numeral_int (z->ctx, v, &r))
    return r;
  return -1;
}

/* Store model MD of the solver as M's next model (bound D).  Returns
   nonzero when it is a permutation (it always is, unless Z3 failed).  */
static int
read_model (om *z, Z3_model md, int d, sf_order_models *m)
{
  const sf_order_problem *p = z->p;
  int k = m->count, seen = 0;
  for (int v = 0; v < p->n; v++)
    {
      int pos = value (z, md, z->lp[v]);
      if (pos < 0 || pos >= p->n || (seen & (int) BIT (pos)))
	return 0;
      seen |= (int) BIT (pos);
      m->order[k][pos] = v;
    }
  for (int t = 0; t < p->nt; t++)
    for (int v = 0; v < p->n; v++)
      if (p->t_idx[t] & BIT (v))
	{
	  int pos = value (z, md, z->dp[t][v]);
	  if (pos < 0 || pos >= SF_OM_MAX_IDX)
	    return 0;
	  m->layout[k][t][pos] = v;
	}
  m->d[k] = d;
  m->count++;
  return 1;
}

/* Find up to MAX - M->count new models under bound D with solver S
   (holding the base constraints); return -1 after an unknown answer,
   else the number found.  */
static int
enumerate (om *z, Z3_solver s, int d, int max, sf_order_models *m)
{
  Z3_context c = z->ctx;
  Z3_solver_push (c, s);
  Z3_solver_assert (c, s, bound (z, d));
  for (int k = 0; k < m->count; k++)
    Z3_solver_assert (c, s, not_order (z, m->order[k]));
  int found = 0;
  while (m->count < max)
    {
      m->checks++;
      Z3_lbool r = Z3_solver_check (c, s);
      Z3_model md = r == Z3_L_TRUE ? Z3_solver_get_model (c, s) : NULL;
      if (Z3_get_error_code (c) != Z3_OK || r == Z3_L_UNDEF
	  || (r == Z3_L_TRUE && !md))
	{
	  m->unknown = 1;
	  found = -1;
	  break;
	}
      if (r == Z3_L_FALSE)
	break;
      Z3_model_inc_ref (c, md);
      int ok = read_model (z, md, d, m);
      Z3_model_dec_ref (c, md);
      if (!ok)
	{
	  m->unknown = 1;
	  found = -1;
	  break;
	}
      found++;
      Z3_solver_assert (c, s, not_order (z, m->order[m->count - 1]));
    }
  Z3_solver_pop (c, s, 1);
  return found;
}

int
sf_order_solve (const sf_order_problem *p, const sf_smt_options *options,
		int max, sf_order_models *m)
{
  memset (m, 0, sizeof *m);
  m->dmin = -1;
  if (max > SF_OM_MAX_MODELS)
    max = SF_OM_MAX_MODELS;
  if (p->n < 1 || p->n > SF_OM_MAX_IDX || p->nx > SF_OM_MAX_X
      || p->nt > SF_OM_MAX_T || max < 1)
    return 0;
  om z;
  memset (&z, 0, sizeof z);
  z.p = p;
  z.ctx = sf_smt_shared_context ();
  if (!z.ctx)
    return 0;
  Z3_context c = z.ctx;
  z.params = Z3_mk_params (c);
  Z3_params_inc_ref (c, z.params);
  if (options && options->timeout_ms)
    Z3_params_set_uint (c, z.params, Z3_mk_string_symbol (c, "timeout"),
			options->timeout_ms);
  if (options && options->rlimit)
    Z3_params_set_uint (c, z.params, Z3_mk_string_symbol (c, "rlimit"),
			options->rlimit);
  build_base (&z);
  Z3_solver s = Z3_mk_simple_solver (c);
  Z3_solver_inc_ref (c, s);
  Z3_solver_set_params (c, s, z.params);
  for (int i = 0; i < z.nbase; i++)
    Z3_solver_assert (c, s, z.base[i]);
  int dmax = 0;
  for (int x = 0; x < p->nx; x++)
    if (__builtin_popcount (p->x_free[x]) > dmax)
      dmax = __builtin_popcount (p->x_free[x]);
  for (int d = 0; d <= dmax + 1 && m->count < max; d++)
    {
      int before = m->count;
      /* Half the models for the least bound, the rest for the next.  */
      if (enumerate (&z, s, d, m->dmin >= 0 ? max : (max + 1) / 2, m) < 0)
	break;
      if (m->dmin < 0 && m->count > before)
	m->dmin = d;
      else if (m->dmin >= 0)
	break;			/* d = dmin + 1 done */
    }
  Z3_solver_dec_ref (c, s);
  Z3_params_dec_ref (c, z.params);
  return m->count;
}
