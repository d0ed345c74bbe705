/* The run-time dispatcher expression and the stride score (dispatch.h).

     pick = fit0 && (!fit1 || t0 <= t1) ? 0
          : fit1 && (!fit0 || t1 <  t0) ? 1
          : m0 <= m1 ? 0 : 1

   Candidate I is picked when it fits and beats every other J that fits:
   t_I < t_J, or t_I == t_J with (stride_I, I) < (stride_J, J) — the
   second part known at compile time, so the test is t_I <= t_J or
   t_I < t_J.  The fallback, when nothing fits, compares memories the
   same way.  Exactly one candidate wins (a strict total order), so the
   chain of SELECTs needs no final check.  */

#include "sched/dispatch.h"

/* ---- stride score ---- */

/* Return the position of INDEX in ORDER[0..N-1], or -1.  */
static int
position (const int *order, int n, int index)
{
  for (int i = 0; i < n; i++)
    if (order[i] == index)
      return i;
  return -1;
}

/* Return the stride score of access A at a leaf whose innermost loop
   index is INNERMOST, under the loop order ORDER[0..N-1].  */
static int
access_score (const sf_stride_access *a, int innermost, const int *order,
	      int n)
{
  int score = 0;
  if (a->nidx > 0 && a->idx[a->nidx - 1] != innermost
      && position (a->idx, a->nidx, innermost) >= 0)
    score += 1000;
  for (int x = 0; x < a->nidx; x++)
    for (int y = x + 1; y < a->nidx; y++)
      {
	int px = position (order, n, a->idx[x]);
	int py = position (order, n, a->idx[y]);
	score += px >= 0 && py >= 0 && py < px;
      }
  return score;
}

int
sf_stride_score (const int *loop_order, int nloops,
		 const sf_stride_leaf *leaves, int nleaves)
{
  int score = 0;
  for (int l = 0; l < nleaves; l++)
    for (int k = 0; k < leaves[l].naccess; k++)
      score += access_score (&leaves[l].access[k], leaves[l].innermost,
			     loop_order, nloops);
  return score;
}

/* ---- the rule, evaluated ---- */

/* Return nonzero when candidate I wins over J at equal cost: smaller
   (stride, index).  */
static int
wins_tie (const sf_candidate *c, int i, int j)
{
  if (c[i].stride != c[j].stride)
    return c[i].stride < c[j].stride;
  return i < j;
}

/* Return nonzero when I beats J with costs CI, CJ (time, or memory in the
   fallback).  */
static int
beats (const sf_candidate *c, int i, int j, double ci, double cj)
{
  return ci < cj || (ci == cj && wins_tie (c, i, j));
}

int
sf_dispatch_pick (const sf_candidate *c, int n, const double *values,
		  double cap)
{
  int best = -1, fallback = 0;
  for (int i = 0; i < n; i++)
    {
      double t = sf_poly_eval (c[i].time, values);
      double m = sf_poly_eval (c[i].memory, values);
      if (m <= cap && (best < 0
		       || beats (c, i, best, t, sf_poly_eval (c[best].time, values))))
	best = i;
      if (i > 0 && beats (c, i, fallback, m,
			  sf_poly_eval (c[fallback].memory, values)))
	fallback = i;
    }
  return best >= 0 ? best : fallback;
}

/* ---- the rule, as loop IR ---- */

sf_ir_expr *
sf_dispatch_poly (sf_arena *arena, const sf_poly *p,
		  sf_ir_expr *const *sym_value)
{
  if (!p)
    return NULL;
  sf_ir_expr *sum = sf_ir_float (arena, 0.0, SF_TY_F64);
  for (int i = 0; i < p->nterms; i++)
    {
      const sf_mono *m = &p->terms[i];
      sf_ir_expr *t = sf_ir_float (arena, m->coef, SF_TY_F64);
      for (int k = 0; k < m->nf; k++)
	for (int e = 0; e < m->f[k].exp; e++)
	  {
	    if (!sym_value[m->f[k].sym])
	      return NULL;
	    sf_ir_expr *v = sf_ir_clone (arena, sym_value[m->f[k].sym]);
	    t = sf_ir_mul (arena, t, sf_ir_convert (arena, v, SF_TY_F64));
	  }
      sum = i == 0 ? t : sf_ir_add (arena, sum, t);
    }
  return sum;
}

/* Return "I beats J" on the costs of the polynomials PI, PJ: PI <= PJ
   when I wins ties, else PI < PJ.  */
static sf_ir_expr *
beats_expr (sf_arena *arena, const sf_candidate *c, int i, int j,
	    const sf_poly *pi, const sf_poly *pj, sf_ir_expr *const *val)
{
  sf_ir_expr *a = sf_dispatch_poly (arena, pi, val);
  sf_ir_expr *b = sf_dispatch_poly (arena, pj, val);
  if (!a || !b)
    return NULL;
  return sf_ir_binary (arena, wins_tie (c, i, j) ? SF_IR_LE : SF_IR_LT, a, b);
}

/* Return "memory of I <= CAP".  */
static sf_ir_expr *
fits_expr (sf_arena *arena, const sf_candidate *c, int i,
	   sf_ir_expr *const *val, const sf_ir_expr *cap)
{
  sf_ir_expr *m = sf_dispatch_poly (arena, c[i].memory, val);
  if (!m)
    return NULL;
  sf_ir_expr *k = sf_ir_convert (arena, sf_ir_clone (arena, cap), SF_TY_F64);
  return sf_ir_binary (arena, SF_IR_LE, m, k);
}

/* Return the condition under which candidate I is picked: in the first
   round (FALLBACK 0) it fits and beats in time every J that fits; in the
   fallback it beats every J in memory.  NULL on a missing value.  */
static sf_ir_expr *
pick_cond (sf_arena *arena, const sf_candidate *c, int n, int i,
	   int fallback, sf_ir_expr *const *val, const sf_ir_expr *cap)
{
  sf_ir_expr *cond = fallback ? NULL : fits_expr (arena, c, i, val, cap);
  if (!fallback && !cond)
    return NULL;
  for (int j = 0; j < n; j++)
    {
      if (j == i)
	continue;
      sf_ir_expr *b = fallback
	? beats_expr (arena, c, i, j, c[i].memory, c[j].memory, val)
	: beats_expr (arena, c, i, j, c[i].time, c[j].time, val);
      if (!b)
	return NULL;
      if (!fallback)
	{
	  sf_ir_expr *fj = fits_expr (arena, c, j, val, cap);
	  if (!fj)
	    return NULL;
	  b = sf_ir_binary (arena, SF_IR_OR,
			    sf_ir_unary (arena, SF_IR_NOT, fj), b);
	}
      cond = cond ? sf_ir_binary (arena, SF_IR_AND, cond, b) : b;
    }
  return cond;
}

sf_ir_expr *
sf_dispatch_expr (sf_arena *arena, const sf_candidate *c, int n,
		  sf_ir_expr *const *sym_value, const sf_ir_expr *cap)
{
  if (n < 2 || n > SF_DISPATCH_MAX || !cap)
    return NULL;
  /* Build from the last alternative outward: the fallback chain ends in
     candidate N-1, the first-round chain falls into the fallback.  */
  sf_ir_expr *e = sf_ir_int (arena, n - 1);
  for (int round = 1; round >= 0; round--)
    for (int i = n - 1 - round; i >= 0; i--)
      {
	sf_ir_expr *cond = pick_cond (arena, c, n, i, round, sym_value, cap);
	if (!cond)
	  return NULL;
	e = sf_ir_select (arena, cond, sf_ir_int (arena, i), e);
      }
  return e;
}
