/* The pruning stages of the auto-scheduler (pareto.h).

     candidates (time, memory):  naive  nnz(B)*K*L, 0
                                 fused  nnz(B)*K + nnz(B)*L, 0
     with assume (K >= 2, L >= 2):
       exists naive > fused?  yes (witness K = L = 3: 9*nnz vs 6*nnz)
       exists fused > naive?  no (Z3: unsat)
       -> fused dominates, naive goes
     without it, fused > naive at K = L = 1: a trade-off, both stay

   Outline of stage 3 (sf_pareto_frontier), steps repeated in the code:
     1. visit the candidates in the order given, keeping a frontier F;
     2. compare the next one S with each member C of F (sf_pareto_compare):
        if C dominates S, drop S; if S dominates C, drop C;
     3. add S to F unless dropped.
   Dominance is a strict partial order (transitive), so every dropped
   candidate is dominated by one that stays.  */

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sched/pareto.h"

#define MAX_WITNESSES 64
#define MEMO_SIZE 4096		/* power of two */

typedef struct memo_entry
{
  char *key;			/* "A > B" over symbol ids */
  sf_tri answer;
} memo_entry;

struct sf_pareto
{
  const sf_cost_space *space;
  sf_pareto_options options;
  sf_smt *smt;
  sf_tri base_sat;		/* the constraints have a solution */
  int base_checked;
  int nwitness;
  double *witness;		/* MAX_WITNESSES points of nsyms values */
  memo_entry memo[MEMO_SIZE];
  int nmemo;
  sf_pareto_stats stats;
  double frontier_start;	/* ms, for the budget */
  int in_frontier;
};

/* Return a monotonic clock in milliseconds.  */
static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* ---- stages 1 and 2 ---- */

int
sf_prune_memory_depth (const sf_candidate *c, const int *in, int n,
		       int limit, int *out)
{
  int m = 0;
  for (int k = 0; k < n; k++)
    if (c[in[k]].mem_depth < limit)
      out[m++] = in[k];
  if (m == 0)
    {
      memmove (out, in, sizeof *out * (size_t) n);
      m = n;
    }
  return m;
}

/* Return nonzero when candidate A is a better bucket representative than
   B: smaller (stride, loop depth, memory depth).  */
static int
better_rep (const sf_candidate *a, const sf_candidate *b)
{
  if (a->stride != b->stride)
    return a->stride < b->stride;
  if (a->loop_depth != b->loop_depth)
    return a->loop_depth < b->loop_depth;
  return a->mem_depth < b->mem_depth;
}

int
sf_bucket (const sf_candidate *c, const int *in, int n, int *reps,
	   int *group_of)
{
  int ngroups = 0;
  for (int k = 0; k < n; k++)
    {
      const sf_candidate *x = &c[in[k]];
      int g = 0;
      while (g < ngroups && !(sf_poly_equal (x->time, c[reps[g]].time)
			      && sf_poly_equal (x->memory, c[reps[g]].memory)))
	g++;
      if (g == ngroups)
	reps[ngroups++] = in[k];
      else if (better_rep (x, &c[reps[g]]))
	reps[g] = in[k];
      group_of[k] = g;
    }
  return ngroups;
}

/* Whether O's time is no more than S's at every one of the NPROBE
   points PROBE.  */
static int
no_slower_at (const sf_candidate *o, const sf_candidate *s,
	      const double *const *probe, int nprobe)
{
  for (int p = 0; p < nprobe; p++)
    if (sf_poly_eval (o->time, probe[p]) > sf_poly_eval (s->time, probe[p]))
      return 0;
  return 1;
}

int
sf_prune_depths (const sf_candidate *c, const int *in, int n,
		 const double *const *probe, int nprobe, int *out)
{
  int m = 0;
  for (int k = 0; k < n; k++)
    {
      const sf_candidate *s = &c[in[k]];
      int beaten = 0;
      for (int j = 0; j < n && !beaten; j++)
	{
	  const sf_candidate *o = &c[in[j]];
	  beaten = ((s->loop_depth > o->loop_depth
		     && s->mem_depth >= o->mem_depth)
		    || (s->loop_depth >= o->loop_depth
			&& s->mem_depth > o->mem_depth))
		   && (s->inexact || no_slower_at (o, s, probe, nprobe));
	}
      if (!beaten)
	out[m++] = in[k];
    }
  return m;
}

/* ---- the context ---- */

sf_pareto_options
sf_pareto_default_options (void)
{
  sf_pareto_options o = { { 200, 2000000 }, 400, 0, 0 };
  return o;
}

sf_pareto *
sf_pareto_new (const sf_cost_space *space, const sf_pareto_options *options)
{
  sf_pareto *p = calloc (1, sizeof *p);
  if (!p)
    return NULL;
  p->space = space;
  p->options = options ? *options : sf_pareto_default_options ();
  p->smt = sf_smt_new (space->nsyms, &p->options.smt);
  p->witness = malloc (sizeof *p->witness * MAX_WITNESSES
		       * (size_t) (space->nsyms > 0 ? space->nsyms : 1));
  if (!p->smt || !p->witness)
    {
      sf_pareto_free (p);
      return NULL;
    }
  sf_cost_fact facts[4 * SF_COST_MAX_SYMS];
  int n = sf_cost_facts (space, facts, (int) (sizeof facts / sizeof *facts));
  for (int i = 0; i < n; i++)
    sf_pareto_assume (p, &facts[i]);
  return p;
}

sf_pareto *
sf_pareto_from_comp (sf_cost_space *space, sf_arena *arena,
		     const sf_comp *comp, const sf_format *formats,
		     const sf_pareto_options *options, const char **error,
		     int *error_tok)
{
  sf_cost_fact *user = calloc ((size_t) comp->nassumes + 1, sizeof *user);
  if (!user || sf_cost_space_from_comp (space, arena, comp, formats))
    {
      free (user);
      *error = "the computation is too large for the cost model";
      *error_tok = -1;
      return NULL;
    }
  /* Translate first: assume() may add scalar symbols.  */
  for (int i = 0; i < comp->nassumes; i++)
    if (sf_cost_constraint (space, comp, formats, &comp->assumes[i],
			    &user[i], error, error_tok))
      {
	free (user);
	return NULL;
      }
  sf_pareto *p = sf_pareto_new (space, options);
  for (int i = 0; p && i < comp->nassumes; i++)
    sf_pareto_assume (p, &user[i]);
  free (user);
  if (!p)
    {
      *error = "the solver could not start";
      *error_tok = -1;
    }
  return p;
}

int
sf_pareto_assume (sf_pareto *p, const sf_cost_fact *fact)
{
  p->base_checked = 0;
  p->nwitness = 0;		/* old points may violate the new fact */
  for (int i = 0; i < MEMO_SIZE; i++)
    {
      free (p->memo[i].key);
      p->memo[i].key = NULL;
    }
  p->nmemo = 0;
  return sf_smt_assert (p->smt, fact);
}

void
sf_pareto_free (sf_pareto *p)
{
  if (!p)
    return;
  for (int i = 0; i < MEMO_SIZE; i++)
    free (p->memo[i].key);
  sf_smt_free (p->smt);
  free (p->witness);
  free (p);
}

const sf_pareto_stats *
sf_pareto_get_stats (const sf_pareto *p)
{
  return &p->stats;
}

const char *
sf_pareto_error (const sf_pareto *p)
{
  return sf_smt_error (p->smt);
}

/* ---- answering "exists A > B" ---- */

/* Return the memo slot of KEY (empty or matching).  */
static memo_entry *
memo_slot (sf_pareto *p, const char *key)
{
  unsigned long h = 5381;
  for (const char *c = key; *c; c++)
    h = h * 33 + (unsigned char) *c;
  for (unsigned long i = 0; i < MEMO_SIZE; i++)
    {
      memo_entry *e = &p->memo[(h + i) & (MEMO_SIZE - 1)];
      if (!e->key || !strcmp (e->key, key))
	return e;
    }
  return NULL;
}

/* Return the malloc'd memo key of "A > B".  */
static char *
memo_key (const sf_poly *a, const sf_poly *b)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  if (!f)
    return NULL;
  sf_poly_print (f, a, NULL);
  fputs (" > ", f);
  sf_poly_print (f, b, NULL);
  fclose (f);
  return buf;
}

/* Return nonzero when every symbol of P is an extent or an nnz term (all
   >= 1 by the facts), so that the structural comparison applies.  */
static int
only_positive_syms (const sf_pareto *p, const sf_poly *q)
{
  for (int i = 0; i < q->nterms; i++)
    for (int k = 0; k < q->terms[i].nf; k++)
      if (p->space->syms[q->terms[i].f[k].sym].kind == SF_SYM_SCALAR)
	return 0;
  return 1;
}

/* Return the answer of the structural comparison of A and B, or
   SF_TRI_UNKNOWN when it proves nothing.  */
static sf_tri
struct_answer (sf_pareto *p, const sf_poly *a, const sf_poly *b)
{
  int strict;
  if (sf_poly_equal (a, b))
    return SF_TRI_NO;
  if (p->options.no_struct || !only_positive_syms (p, a)
      || !only_positive_syms (p, b))
    return SF_TRI_UNKNOWN;
  if (sf_poly_le_struct (a, b, NULL))
    return SF_TRI_NO;
  if (sf_poly_le_struct (b, a, &strict) && strict)
    return p->base_sat == SF_TRI_YES ? SF_TRI_YES : SF_TRI_UNKNOWN;
  return SF_TRI_UNKNOWN;
}

/* Return nonzero when a kept witness point has A > B by more than
   rounding.  */
static int
witness_answer (const sf_pareto *p, const sf_poly *a, const sf_poly *b)
{
  for (int w = 0; w < p->nwitness && !p->options.no_witness; w++)
    {
      const double *x = &p->witness[w * p->space->nsyms];
      double va = sf_poly_eval (a, x), vb = sf_poly_eval (b, x);
      double scale = (va > vb ? va : vb) > 1 ? (va > vb ? va : vb) : 1;
      if (va - vb > 1e-9 * scale)
	return 1;
    }
  return 0;
}

/* Return nonzero when the frontier's wall-clock budget is spent.  */
static int
over_budget (const sf_pareto *p)
{
  return p->in_frontier && p->options.budget_ms > 0
	 && now_ms () - p->frontier_start > p->options.budget_ms;
}

/* Check once that the constraints have a solution ("1 > 0" under
   them), keeping its point as the first witness.  */
static void
check_base (sf_pareto *p)
{
  if (p->base_checked)
    return;
  const sf_mono one_term = { .coef = 1, .nf = 0 };
  const sf_poly one = { 1, &one_term }, zero = { 0, NULL };
  p->base_checked = 1;
  p->stats.smt_checks++;
  p->base_sat = sf_smt_exists_greater (p->smt, &one, &zero, p->witness);
  p->nwitness = p->base_sat == SF_TRI_YES;
}

/* Ask Z3 whether A > B somewhere; keep the witness of a yes.  */
static sf_tri
smt_answer (sf_pareto *p, const sf_poly *a, const sf_poly *b)
{
  if (over_budget (p))
    return SF_TRI_UNKNOWN;
  int slot = p->nwitness < MAX_WITNESSES ? p->nwitness : MAX_WITNESSES - 1;
  double *w = &p->witness[slot * p->space->nsyms];
  p->stats.smt_checks++;
  sf_tri t = sf_smt_exists_greater (p->smt, a, b, w);
  if (t == SF_TRI_YES && p->nwitness < MAX_WITNESSES)
    p->nwitness++;
  return t;
}

sf_tri
sf_pareto_exceeds (sf_pareto *p, const sf_poly *a, const sf_poly *b)
{
  double t0 = now_ms ();
  sf_tri t = SF_TRI_UNKNOWN;
  p->stats.questions++;
  check_base (p);
  if (!a || !b || p->base_sat != SF_TRI_YES)
    t = a && b && p->base_sat == SF_TRI_NO ? SF_TRI_NO : SF_TRI_UNKNOWN;
  else if ((t = struct_answer (p, a, b)) != SF_TRI_UNKNOWN)
    p->stats.by_struct++;
  else if (witness_answer (p, a, b))
    {
      t = SF_TRI_YES;
      p->stats.by_witness++;
    }
  else
    {
      char *key = memo_key (a, b);
      memo_entry *e = key ? memo_slot (p, key) : NULL;
      if (e && e->key)
	{
	  t = e->answer;
	  p->stats.by_memo++;
	  free (key);
	}
      else
	{
	  t = smt_answer (p, a, b);
	  p->stats.by_smt++;
	  /* Unknown answers are not kept: a later, less loaded frontier
	     may decide them.  */
	  if (e && t != SF_TRI_UNKNOWN && p->nmemo < MEMO_SIZE / 2)
	    {
	      e->key = key;
	      e->answer = t;
	      p->nmemo++;
	    }
	  else
	    free (key);
	}
    }
  if (t == SF_TRI_UNKNOWN)
    p->stats.unknown++;
  p->stats.ms += now_ms () - t0;
  return t;
}

/* ---- dominance ---- */

/* The four questions about candidates A and B: index 0, 1: A worse than B
   somewhere in time, memory; 2, 3: B worse than A in time, memory.  */
static sf_tri
question (sf_pareto *p, const sf_candidate *a, const sf_candidate *b, int q)
{
  switch (q)
    {
    case 0: return sf_pareto_exceeds (p, a->time, b->time);
    case 1: return sf_pareto_exceeds (p, a->memory, b->memory);
    case 2: return sf_pareto_exceeds (p, b->time, a->time);
    default: return sf_pareto_exceeds (p, b->memory, a->memory);
    }
}

sf_dominance
sf_pareto_compare (sf_pareto *p, const sf_candidate *a, const sf_candidate *b)
{
  /* Is A worse than B somewhere, in time or in memory?  */
  sf_tri t0 = question (p, a, b, 0);
  sf_tri t1 = t0 == SF_TRI_YES ? SF_TRI_YES : question (p, a, b, 1);
  int a_worse = t0 == SF_TRI_YES || t1 == SF_TRI_YES;
  int a_never_worse = t0 == SF_TRI_NO && t1 == SF_TRI_NO;
  /* Neither proven: no dominance either way can be proven.  */
  if (!a_worse && !a_never_worse)
    return SF_DOM_NONE;
  /* Is B worse than A somewhere?  */
  sf_tri t2 = question (p, a, b, 2);
  sf_tri t3 = t2 == SF_TRI_YES ? SF_TRI_YES : question (p, a, b, 3);
  int b_worse = t2 == SF_TRI_YES || t3 == SF_TRI_YES;
  int b_never_worse = t2 == SF_TRI_NO && t3 == SF_TRI_NO;
  if (a_never_worse && b_worse)
    return SF_DOM_FIRST;
  if (b_never_worse && a_worse)
    return SF_DOM_SECOND;
  return SF_DOM_NONE;		/* a trade-off, equal, or unknown */
}

int
sf_pareto_frontier (sf_pareto *p, const sf_candidate *c, const int *in,
		    int n, int *out)
{
  int m = 0;
  p->in_frontier = 1;
  p->frontier_start = now_ms ();
  /* 1. Visit the candidates in order, keeping the frontier OUT[0..M-1].  */
  for (int k = 0; k < n; k++)
    {
      int dropped = 0, kept = 0;
      /* 2. Compare with each member: drop it or the newcomer.  */
      for (int j = 0; j < m; j++)
	{
	  sf_dominance d = dropped ? SF_DOM_NONE
			   : sf_pareto_compare (p, &c[out[j]], &c[in[k]]);
	  if (d == SF_DOM_FIRST)
	    dropped = 1;
	  if (d != SF_DOM_SECOND)
	    out[kept++] = out[j];
	}
      m = kept;
      /* 3. Add the newcomer unless dominated.  */
      if (!dropped)
	out[m++] = in[k];
    }
  p->in_frontier = 0;
  return m;
}
