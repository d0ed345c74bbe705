/* Time stage 3 (sf_pareto_frontier) on frontiers of N synthetic
   candidates over the symbols of TTMc with B in CSF (I J K L M N R,
   nnz(B_i), nnz(B_ij), nnz(B)): times are sums of 1 to 3 monomials
   with 2 to 4 factors, memories 0 or 8 times 1 or 2 extents, from a fixed
   seed.  Prints, per N, the median over 5 fresh contexts of the
   milliseconds, the solver checks and the size of the frontier, with and
   without the structural and witness fast paths.

     $ make sched-bench
     N=50  fast paths: 31.2 ms, 40 checks, 12 kept ...  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "sched/cost.h"
#include "sched/pareto.h"

static unsigned long long rng = 42;

/* Return a pseudo-random integer in [0, N).  */
static int
pick (int n)
{
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int) ((rng >> 33) % (unsigned long long) n);
}

/* Return a random monomial with 2 to 4 factors, at most one nnz term.  */
static const sf_poly *
random_mono (sf_arena *a, const sf_cost_space *s)
{
  const sf_poly *m = sf_poly_const (a, 1);
  int nf = 2 + pick (3);
  if (pick (2))
    {
      m = sf_poly_mul (a, m, sf_poly_sym (a, 7 + pick (3)));
      nf--;
    }
  for (int i = 0; i < nf; i++)
    m = sf_poly_mul (a, m, sf_poly_sym (a, s->index_sym[pick (6)]));
  return m;
}

/* Fill C[0..N-1] with random candidates.  */
static void
random_candidates (sf_arena *a, const sf_cost_space *s, sf_candidate *c, int n)
{
  for (int i = 0; i < n; i++)
    {
      const sf_poly *t = sf_poly_const (a, 0);
      for (int k = 1 + pick (3); k > 0; k--)
	t = sf_poly_add (a, t, random_mono (a, s));
      const sf_poly *m = sf_poly_const (a, pick (3) ? 8 : 0);
      for (int k = pick (3); k > 0; k--)
	m = sf_poly_mul (a, m, sf_poly_sym (a, s->index_sym[pick (6)]));
      c[i] = (sf_candidate) { t, m, 4, 1, 0 };
    }
}

static double
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Time one frontier of the N candidates C, 5 times; print the medians.  */
static void
run (const sf_cost_space *s, const sf_candidate *c, int n, int fast)
{
  double ms[5];
  int checks = 0, kept = 0, unknown = 0, questions = 0;
  int in[128], out[128];
  for (int i = 0; i < n; i++)
    in[i] = i;
  for (int r = 0; r < 5; r++)
    {
      sf_pareto_options o = sf_pareto_default_options ();
      o.no_struct = o.no_witness = !fast;
      o.budget_ms = 0;		/* measure the whole frontier */
      double t0 = now_ms ();
      sf_pareto *p = sf_pareto_new (s, &o);
      kept = sf_pareto_frontier (p, c, in, n, out);
      ms[r] = now_ms () - t0;
      const sf_pareto_stats *st = sf_pareto_get_stats (p);
      checks = st->smt_checks;
      unknown = st->unknown;
      questions = st->questions;
      sf_pareto_free (p);
    }
  qsort (ms, 5, sizeof *ms, cmp_double);
  printf ("N=%-3d %-14s %8.1f ms  %4d questions  %4d solver checks  "
	  "%.2f ms/check  %3d kept  %d unknown\n", n,
	  fast ? "fast paths:" : "solver only:", ms[2], questions, checks,
	  checks ? ms[2] / checks : 0, kept, unknown);
}

int
main (void)
{
  static const char *const names[] = { "I", "J", "K", "L", "M", "N", "R" };
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  sf_cost_space_init (&s, &a);
  for (int i = 0; i < 7; i++)
    sf_cost_extent (&s, i, names[i]);
  sf_level_kind csf[] = { SF_LEVEL_COMPRESSED, SF_LEVEL_COMPRESSED,
			  SF_LEVEL_COMPRESSED };
  const char *inames[] = { "i", "j", "k" };
  sf_cost_tensor_add (&s, 1, "B", 3, csf, (int[]) { 0, 1, 2 }, inames);
  static const int sizes[] = { 10, 25, 50, 80 };
  sf_candidate c[128];
  for (int k = 0; k < 4; k++)
    {
      rng = 42;
      random_candidates (&a, &s, c, sizes[k]);
      run (&s, c, sizes[k], 1);
      if (sizes[k] <= 25)
	run (&s, c, sizes[k], 0);
    }
  sf_arena_free (&a);
  return 0;
}
