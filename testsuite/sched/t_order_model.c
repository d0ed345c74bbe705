/* The order model (core/order_model.c) on the tensor network of SPEC
   section 3, with and without dense copies, on a problem with no order,
   and against a brute force over every permutation of random problems:
   the least bound d, and every model a valid order of its bound, none
   twice, as many as exist up to the limits.

     network  R(i,j,k) = SUM{r}(SUM{q}(SUM{p}(A(i,p,q) * B(j,p,r)) *
              C(k,q,r)) * D(j,k,r)), every operand CSF
       X1 = SUM{p}(A*B): free i j q r      X2 = SUM{q}(X1*C): free i j k r
       least d = 2: i j p k q r and j i p k q r (W(q,r) per (i,j))  */

#include <stdlib.h>
#include <string.h>
#include "sched_test.h"
#include "sched/order_model.h"

#define BIT(v) (1u << (v))

enum { I, J, K, P, Q, R };

/* Add "U before V" to P.  */
static void
edge (sf_order_problem *p, int u, int v)
{
  p->before[v] |= BIT (u);
}

/* The network's problem; with COPIES, B and D are dense copies whose
   layouts the model chooses (no storage edges).  */
static void
network (sf_order_problem *p, int copies)
{
  memset (p, 0, sizeof *p);
  p->n = 6;
  edge (p, I, P), edge (p, P, Q);	/* A(i,p,q) */
  edge (p, K, Q), edge (p, Q, R);	/* C(k,q,r) */
  if (!copies)
    {
      edge (p, J, P), edge (p, P, R);	/* B(j,p,r) */
      edge (p, J, K), edge (p, K, R);	/* D(j,k,r) */
    }
  p->nx = 2;
  p->x_free[0] = BIT (I) | BIT (J) | BIT (Q) | BIT (R);
  p->x_sum[0] = BIT (P);
  p->x_free[1] = BIT (I) | BIT (J) | BIT (K) | BIT (R);
  p->x_sum[1] = BIT (Q);
  p->x_inner[1] = BIT (P);
  p->nt = 2;
  p->t_idx[0] = p->x_free[0];
  p->t_idx[1] = p->x_free[1];
  if (copies)
    {
      p->t_idx[p->nt++] = BIT (J) | BIT (P) | BIT (R);
      p->t_idx[p->nt++] = BIT (J) | BIT (K) | BIT (R);
    }
}

/* Return the least bound under which ORDER (positions of P's indices:
   pos[v]) satisfies P, -1 when it breaks a storage edge or makes a
   producer run again for a consumer's index.  Written apart from the
   solver's terms: the brute force's judge.  */
static int
order_bound (const sf_order_problem *p, const int *pos)
{
  for (int v = 0; v < p->n; v++)
    for (int u = 0; u < p->n; u++)
      if ((p->before[v] & BIT (u)) && pos[u] >= pos[v])
	return -1;
  int d = 0;
  for (int x = 0; x < p->nx; x++)
    {
      int start = p->n;
      for (int s = 0; s < p->n; s++)
	if ((p->x_sum[x] & BIT (s)) && pos[s] < start)
	  start = pos[s];
      int kept = 0;
      for (int v = 0; v < p->n; v++)
	{
	  unsigned in = p->x_free[x] | p->x_sum[x] | p->x_inner[x];
	  if (!(in & BIT (v)) && pos[v] <= start)
	    return -1;
	  kept += (p->x_free[x] & BIT (v)) && pos[v] > start;
	}
      if (kept > d)
	d = kept;
    }
  return d;
}

/* Return the bound of model K of M (order[k] lists indices).  */
static int
model_bound (const sf_order_problem *p, const sf_order_models *m, int k)
{
  int pos[SF_OM_MAX_IDX];
  for (int x = 0; x < p->n; x++)
    pos[m->order[k][x]] = x;
  return order_bound (p, pos);
}

/* Return nonzero when model K's layouts follow its loop order.  */
static int
layouts_follow (const sf_order_problem *p, const sf_order_models *m, int k)
{
  int pos[SF_OM_MAX_IDX];
  for (int x = 0; x < p->n; x++)
    pos[m->order[k][x]] = x;
  for (int t = 0; t < p->nt; t++)
    {
      int n = 0, last = -1;
      for (int v = 0; v < p->n; v++)
	n += !!(p->t_idx[t] & BIT (v));
      for (int j = 0; j < n; j++)
	{
	  int v = m->layout[k][t][j];
	  if (v < 0 || v >= p->n || !(p->t_idx[t] & BIT (v)) || pos[v] <= last)
	    return 0;
	  last = pos[v];
	}
    }
  return 1;
}

/* Return nonzero when M holds ORDER (N indices) at bound D.  */
static int
has_order (const sf_order_models *m, const int *order, int n, int d)
{
  for (int k = 0; k < m->count; k++)
    if (m->d[k] == d && !memcmp (m->order[k], order, sizeof (int) * (size_t) n))
      return 1;
  return 0;
}

static void
network_cases (void)
{
  sf_order_problem p;
  sf_order_models m;
  sf_smt_options o = sf_pareto_default_options ().smt;
  network (&p, 0);
  sf_order_solve (&p, &o, 6, &m);
  int ijp[] = { I, J, P, K, Q, R }, jip[] = { J, I, P, K, Q, R };
  check ("order-model/network", m.dmin == 2 && m.count == 2
	 && has_order (&m, ijp, 6, 2) && has_order (&m, jip, 6, 2)
	 && layouts_follow (&p, &m, 0) && layouts_follow (&p, &m, 1),
	 "dmin %d, %d models", m.dmin, m.count);

  network (&p, 1);
  sf_order_solve (&p, &o, 6, &m);
  int ok = m.dmin == 2 && m.count == 6, at2 = 0;
  for (int k = 0; k < m.count; k++)
    {
      ok &= model_bound (&p, &m, k) >= 0 && model_bound (&p, &m, k) <= m.d[k]
	    && layouts_follow (&p, &m, k);
      at2 += m.d[k] == 2;
    }
  check ("order-model/network-copies", ok && at2 == 2,
	 "dmin %d, %d models, %d of bound 2", m.dmin, m.count, at2);

  /* i before j before i: no order at all.  */
  memset (&p, 0, sizeof p);
  p.n = 3;
  edge (&p, I, J), edge (&p, J, K), edge (&p, K, I);
  p.nx = 1;
  p.x_free[0] = BIT (I);
  p.x_sum[0] = BIT (K);
  sf_order_solve (&p, &o, 6, &m);
  check ("order-model/no-order", m.count == 0 && m.dmin == -1,
	 "dmin %d, %d models", m.dmin, m.count);
}

/* Permutations of N: call back through the bound counts.  */
static void
permute (const sf_order_problem *p, int *pos, int k, unsigned used,
	 int *count)
{
  if (k == p->n)
    {
      int d = order_bound (p, pos);
      if (d >= 0)
	count[d]++;
      return;
    }
  for (int x = 0; x < p->n; x++)
    if (!(used & BIT (x)))
      {
	pos[k] = x;
	permute (p, pos, k + 1, used | BIT (x), count);
      }
}

/* Random problems of 3 to 6 indices against the brute force.  */
static void
random_cases (void)
{
  srand (20261126);
  int n_cases = sched_quick ? 15 : 300, bad = 0, with_models = 0;
  char why[200] = "";
  sf_smt_options o = sf_pareto_default_options ().smt;
  for (int c = 0; c < n_cases; c++)
    {
      sf_order_problem p;
      memset (&p, 0, sizeof p);
      p.n = 3 + rand () % 4;
      int perm[SF_OM_MAX_IDX];
      for (int v = 0; v < p.n; v++)
	perm[v] = v;
      for (int v = p.n - 1; v > 0; v--)
	{
	  int w = rand () % (v + 1), t = perm[v];
	  perm[v] = perm[w], perm[w] = t;
	}
      for (int a = 0; a < p.n; a++)
	for (int b = a + 1; b < p.n; b++)
	  if (rand () % 4 == 0)
	    edge (&p, perm[a], perm[b]);
      p.nx = 1 + rand () % 2;
      for (int x = 0; x < p.nx; x++)
	{
	  /* Each index: free, summed, inner-summed or the consumer's.  */
	  for (int v = 0; v < p.n; v++)
	    switch (rand () % 4)
	      {
	      case 0: p.x_free[x] |= BIT (v); break;
	      case 1: p.x_sum[x] |= BIT (v); break;
	      case 2: if (x) p.x_inner[x] |= BIT (v); break;
	      default: break;
	      }
	  if (!p.x_sum[x])
	    p.x_sum[x] = BIT (rand () % p.n) & ~p.x_free[x] & ~p.x_inner[x];
	  if (!p.x_sum[x] || !p.x_free[x])
	    {
	      p.x_free[x] = BIT (0);
	      p.x_sum[x] = BIT (1);
	      p.x_inner[x] = 0;
	    }
	  p.t_idx[p.nt++] = p.x_free[x];
	}
      int count[SF_OM_MAX_IDX + 1] = { 0 }, pos[SF_OM_MAX_IDX];
      permute (&p, pos, 0, 0, count);
      int dmin = -1;
      for (int d = 0; d <= p.n && dmin < 0; d++)
	if (count[d])
	  dmin = d;
      /* permute stored each order's least bound: those valid under
	 dmin + 1 are the orders of bound dmin and of bound dmin + 1.  */
      sf_order_models m;
      sf_order_solve (&p, &o, 8, &m);
      int ok = m.dmin == dmin && !m.unknown;
      int at_min = 0, at_next = 0;
      for (int k = 0; k < m.count && ok; k++)
	{
	  int b = model_bound (&p, &m, k);
	  ok &= b >= 0 && b <= m.d[k] && layouts_follow (&p, &m, k)
		&& (m.d[k] == dmin || m.d[k] == dmin + 1);
	  at_min += m.d[k] == dmin;
	  at_next += m.d[k] == dmin + 1;
	  for (int j = 0; j < k; j++)
	    ok &= !!memcmp (m.order[j], m.order[k], sizeof (int) * (size_t) p.n);
	}
      if (dmin >= 0)
	{
	  int want_min = count[dmin] < 4 ? count[dmin] : 4;
	  int more = dmin + 1 <= p.n ? count[dmin] - want_min + count[dmin + 1]
		     : 0;
	  int want_next = more < 8 - want_min ? more : 8 - want_min;
	  ok &= at_min == want_min && at_next == want_next;
	  with_models++;
	}
      else
	ok &= m.count == 0;
      if (!ok && !bad++)
	snprintf (why, sizeof why, "case %d: n %d, brute dmin %d (%d, %d "
		  "orders), solver dmin %d, %d models (%d, %d)", c, p.n, dmin,
		  dmin >= 0 ? count[dmin] : 0,
		  dmin >= 0 ? count[dmin + 1] : 0, m.dmin, m.count, at_min,
		  at_next);
    }
  check ("order-model/brute-force", !bad && with_models > n_cases / 4,
	 "%d of %d disagree (%d with models); first: %s", bad, n_cases,
	 with_models, why);
}

void
order_model_suite (void)
{
  network_cases ();
  random_cases ();
}
