/* The pruning stages (core/pareto.c) on the costs of the SPEC section 3
   kernels' known schedules, written by hand:

     SDDMM,SpMM   naive   nnz(B)*K*L, 0        fused  nnz(B)*K + nnz(B)*L, 0
                  (fused is better only once K, L >= 2: an assume())
                  unfused nnz(B)*K + nnz(B)*L, 8*nnz(B)
     SpMM,GEMM    naive   nnz(B)*K*L, 0        row-fused nnz(B)*K + I*K*L, 8*K
     TTMc         naive   nnz(B)*L*M*N, 0      fused nnz(B)*N + nnz(B_ij)*L*M*N, 0  */

#include <string.h>
#include "sched_test.h"

static const sf_level_kind csr[] = { SF_LEVEL_DENSE, SF_LEVEL_COMPRESSED };
static const sf_level_kind csf[] = { SF_LEVEL_COMPRESSED, SF_LEVEL_COMPRESSED,
				     SF_LEVEL_COMPRESSED };

/* Return candidate (TIME, MEMORY) over S with depths LD, MD.  */
static sf_candidate
cand (sf_cost_space *s, const char *time, const char *memory, int ld, int md)
{
  return (sf_candidate) { poly_of (s, time), poly_of (s, memory), ld, md, 0 };
}

/* Return the frontier of C[0..N-1] (all candidates, in order) as a string
   of kept indices, e.g. "0 2".  */
static const char *
frontier (sf_pareto *p, sf_cost_space *s, const sf_candidate *c, int n)
{
  int in[64], out[64];
  char buf[256] = "";
  for (int i = 0; i < n; i++)
    in[i] = i;
  int m = sf_pareto_frontier (p, c, in, n, out);
  for (int i = 0; i < m; i++)
    snprintf (buf + strlen (buf), sizeof buf - strlen (buf), "%s%d",
	      i ? " " : "", out[i]);
  return sf_arena_strdup (s->arena, buf);
}

/* Stages 1 and 2: no solver.  */
static void
depth_cases (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 2, csr, (int[]) { IX_I, IX_J });
  sf_candidate c[] = {
    cand (&s, "nnz(B)*K*L", "0", 4, 0),
    cand (&s, "nnz(B)*K + nnz(B)*L", "0", 3, 0),
    cand (&s, "I*J*K", "8*I*J*K", 3, 3),
    cand (&s, "nnz(B)*K + nnz(B)*L", "0", 3, 0),
    cand (&s, "nnz(B)*K + I*K*L", "8*K", 3, 1),
  };
  c[3].stride = -1;		/* a better loop order of candidate 1 */
  int in[] = { 0, 1, 2, 3, 4 }, out[5], group[5], reps[5];
  int n = sf_prune_memory_depth (c, in, 5, 3, out);
  check ("pareto/memory-depth", n == 4 && out[2] == 3, "kept %d", n);
  int only3[] = { 2 };
  n = sf_prune_memory_depth (c, only3, 1, 3, out);
  check ("pareto/memory-depth-last-resort", n == 1 && out[0] == 2,
	 "the only candidate was dropped");
  n = sf_bucket (c, in, 5, reps, group);
  check ("pareto/bucket", n == 4 && group[1] == group[3] && reps[group[1]] == 3,
	 "%d buckets, groups %d %d, rep %d", n, group[1], group[3], reps[group[1]]);
  n = sf_prune_depths (c, in, 5, NULL, 0, out);
  /* (4,0) loses to (3,0); (3,3) and (3,1) lose to (3,0).  */
  check ("pareto/depths", n == 2 && out[0] == 1 && out[1] == 3,
	 "kept %d: %d %d", n, out[0], out[1]);
  sf_arena_free (&a);
}

/* Set POINT over S: every extent 64, level L of the sparse operand
   NNZ[L] positions in all.  */
static void
probe_point (const sf_cost_space *s, double *point, const double *nnz)
{
  for (int k = 0; k < s->nsyms; k++)
    point[k] = s->syms[k].kind == SF_SYM_NNZ ? nnz[s->syms[k].level] : 64;
}

/* Stage 2 with probe points: TTMc's "D*E first" (one workspace w(m,n)
   filled per entry of B) is a loop deeper than the nested sums
   (w(n) per entry, w(m,n) per fiber (i,j)) with the same memory depth,
   slower with 8 entries per fiber, faster with one: the depths alone
   drop it, the thin-fiber probe keeps it for the frontier.  */
static void
depth_probe_case (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 3, csf, (int[]) { IX_I, IX_J, IX_K });
  sf_candidate c[] = {
    cand (&s, "nnz(B_ij)*M + nnz(B_ij)*N + nnz(B)*N + nnz(B_ij)*M*N",
	  "8*N + 8*M*N", 4, 2),
    cand (&s, "nnz(B)*M + nnz(B)*M*N", "8*M*N", 5, 2),
  };
  double typical[SF_COST_MAX_SYMS], thin[SF_COST_MAX_SYMS];
  probe_point (&s, typical, (double[]) { 8, 64, 512 });
  probe_point (&s, thin, (double[]) { 8, 8, 8 });
  int in[] = { 0, 1 }, out[2];
  int n = sf_prune_depths (c, in, 2, NULL, 0, out);
  check ("pareto/depths-alone", n == 1 && out[0] == 0, "kept %d", n);
  const double *one[] = { typical };
  n = sf_prune_depths (c, in, 2, one, 1, out);
  check ("pareto/depths-typical", n == 1 && out[0] == 0, "kept %d", n);
  const double *two[] = { typical, thin };
  n = sf_prune_depths (c, in, 2, two, 2, out);
  check ("pareto/depths-thin-fibers", n == 2, "kept %d", n);
  sf_arena_free (&a);
}

/* SDDMM,SpMM: the fused schedule dominates the unfused sequence (same
   time, no temporary); against the naive nest it is a trade-off in the
   iteration count (K = L = 1: nnz(B) vs 2*nnz(B)) until K, L >= 2.  */
static void
sddmm_spmm_case (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 2, csr, (int[]) { IX_I, IX_J });
  sf_candidate c[] = {
    cand (&s, "nnz(B)*K*L", "0", 4, 0),
    cand (&s, "nnz(B)*K + nnz(B)*L", "8*nnz(B)", 3, 1),
    cand (&s, "nnz(B)*K + nnz(B)*L", "0", 3, 0),
  };
  sf_pareto *p = sf_pareto_new (&s, NULL);
  const char *f = frontier (p, &s, c, 3);
  check ("pareto/sddmm-spmm-unfused-dominated", !strcmp (f, "0 2"), "kept '%s'", f);
  sf_pareto_free (p);
  p = sf_pareto_new (&s, NULL);
  sf_cost_fact k2 = { sf_poly_sub (&a, poly_of (&s, "K"), poly_of (&s, "2")), SF_CMP_GE };
  sf_cost_fact l2 = { sf_poly_sub (&a, poly_of (&s, "L"), poly_of (&s, "2")), SF_CMP_GE };
  sf_pareto_assume (p, &k2);
  sf_pareto_assume (p, &l2);
  f = frontier (p, &s, c, 3);
  check ("pareto/sddmm-spmm-fused-dominates", !strcmp (f, "2"), "kept '%s'", f);
  check ("pareto/sddmm-spmm-compare",
	 sf_pareto_compare (p, &c[2], &c[0]) == SF_DOM_FIRST
	 && sf_pareto_compare (p, &c[0], &c[2]) == SF_DOM_SECOND,
	 "fused vs naive not a dominance");
  sf_pareto_free (p);
  sf_arena_free (&a);
}

/* SpMM,GEMM: the naive nest and the row-fused schedule trade time for
   memory: both stay.  */
static void
spmm_gemm_case (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 2, csr, (int[]) { IX_I, IX_J });
  sf_candidate c[] = {
    cand (&s, "nnz(B)*K*L", "0", 4, 0),
    cand (&s, "nnz(B)*K + I*K*L", "8*K", 3, 1),
    cand (&s, "nnz(B)*K*L + I*K*L", "8*K", 4, 1),	/* worse than both */
  };
  sf_pareto *p = sf_pareto_new (&s, NULL);
  const char *f = frontier (p, &s, c, 3);
  check ("pareto/spmm-gemm-tradeoff", !strcmp (f, "0 1"), "kept '%s'", f);
  check ("pareto/exceeds-yes",
	 sf_pareto_exceeds (p, c[0].time, c[1].time) == SF_TRI_YES,
	 "no point where naive is slower");
  check ("pareto/exceeds-no",
	 sf_pareto_exceeds (p, poly_of (&s, "nnz(B)"), poly_of (&s, "I*J")) == SF_TRI_NO,
	 "nnz(B) > I*J found despite the fact");
  sf_pareto_free (p);
  sf_arena_free (&a);
}

/* TTMc: the scalar-fused schedule is not always faster than the naive
   nest (k fibers of length 1); facts on the data make it dominate.  */
static void
ttmc_case (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 3, csf, (int[]) { IX_I, IX_J, IX_K });
  sf_candidate c[] = {
    cand (&s, "nnz(B)*L*M*N", "0", 6, 0),
    cand (&s, "nnz(B)*N + nnz(B_ij)*L*M*N", "0", 5, 0),
  };
  sf_pareto *p = sf_pareto_new (&s, NULL);
  const char *f = frontier (p, &s, c, 2);
  check ("pareto/ttmc-tradeoff", !strcmp (f, "0 1"), "kept '%s'", f);
  sf_pareto_free (p);
  p = sf_pareto_new (&s, NULL);
  sf_cost_fact fibers = { NULL, SF_CMP_GE };
  fibers.poly = sf_poly_sub (&a, poly_of (&s, "nnz(B)"), poly_of (&s, "2*nnz(B_ij)"));
  sf_cost_fact wide = { sf_poly_sub (&a, poly_of (&s, "L"), poly_of (&s, "2")),
			SF_CMP_GE };
  sf_pareto_assume (p, &fibers);
  sf_pareto_assume (p, &wide);
  f = frontier (p, &s, c, 2);
  check ("pareto/ttmc-assumed-fibers", !strcmp (f, "1"), "kept '%s'", f);
  sf_pareto_free (p);
  sf_arena_free (&a);
}

/* Two assumptions select two different schedules: rows-first (I*K) vs
   columns-first (L*K), equal memory.  */
static void
assume_choice_case (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 2, csr, (int[]) { IX_I, IX_J });
  sf_candidate c[] = { cand (&s, "I*K", "8*K", 2, 1), cand (&s, "L*K", "8*K", 2, 1) };
  const char *f[3];
  for (int v = 0; v < 3; v++)
    {
      sf_pareto *p = sf_pareto_new (&s, NULL);
      sf_cost_fact fact = { sf_poly_sub (&a, poly_of (&s, "I"), poly_of (&s, "L")),
			    v == 0 ? SF_CMP_LE : SF_CMP_GE };
      if (v < 2)
	sf_pareto_assume (p, &fact);
      f[v] = frontier (p, &s, c, 2);
      sf_pareto_free (p);
    }
  check ("pareto/assume-selects-first", !strcmp (f[0], "0"), "I <= L kept '%s'", f[0]);
  check ("pareto/assume-selects-second", !strcmp (f[1], "1"), "I >= L kept '%s'", f[1]);
  check ("pareto/no-assume-keeps-both", !strcmp (f[2], "0 1"), "kept '%s'", f[2]);
  /* Equal everywhere under I == L: neither is better somewhere.  */
  sf_pareto *p = sf_pareto_new (&s, NULL);
  sf_cost_fact eq = { sf_poly_sub (&a, poly_of (&s, "I"), poly_of (&s, "L")),
		      SF_CMP_EQ };
  sf_pareto_assume (p, &eq);
  const char *e = frontier (p, &s, c, 2);
  check ("pareto/equal-everywhere-keeps-both", !strcmp (e, "0 1"), "kept '%s'", e);
  sf_pareto_free (p);
  sf_arena_free (&a);
}

/* A solver with no resources answers unknown: nothing is dropped.  */
static void
unknown_case (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 3, csf, (int[]) { IX_I, IX_J, IX_K });
  sf_candidate c[] = {
    cand (&s, "nnz(B)*L*M*N", "0", 6, 0),
    cand (&s, "nnz(B)*N + nnz(B_ij)*L*M*N", "0", 5, 0),
    cand (&s, "nnz(B)*L*M*N + nnz(B_ij)*L*M*N", "8*nnz(B)", 6, 1),
  };
  sf_pareto_options o = sf_pareto_default_options ();
  o.smt.rlimit = 1;
  o.no_struct = o.no_witness = 1;
  sf_pareto *p = sf_pareto_new (&s, &o);
  const char *f = frontier (p, &s, c, 3);
  const sf_pareto_stats *st = sf_pareto_get_stats (p);
  check ("pareto/unknown-keeps-all", !strcmp (f, "0 1 2") && st->unknown > 0,
	 "kept '%s', %d unknown answers", f, st->unknown);
  sf_pareto_free (p);
  sf_arena_free (&a);
}

/* The same input gives the same frontier, and the decided frontier does
   not depend on the order of the candidates.  */
static void
determinism_case (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 3, csf, (int[]) { IX_I, IX_J, IX_K });
  static const char *const t[][2] = {
    { "nnz(B)*L*M*N", "0" },
    { "nnz(B)*N + nnz(B_ij)*L*M*N", "0" },
    { "nnz(B)*L*M + L*M*N*K", "8*K" },
    { "nnz(B)*L + L*M*K*J + L*M*K*N", "8*J*K" },
    { "nnz(B)*L + L*M*K*J + L*M*K*N + L*M*N", "8*J*K" },
    { "nnz(B)*L*M*N + I", "0" },
  };
  sf_candidate c[6], r[6];
  for (int i = 0; i < 6; i++)
    c[i] = cand (&s, t[i][0], t[i][1], 5, 1);
  for (int i = 0; i < 6; i++)
    r[i] = c[5 - i];
  sf_pareto *p1 = sf_pareto_new (&s, NULL), *p2 = sf_pareto_new (&s, NULL);
  sf_pareto *p3 = sf_pareto_new (&s, NULL);
  const char *f1 = frontier (p1, &s, c, 6), *f2 = frontier (p2, &s, c, 6);
  const char *f3 = frontier (p3, &s, r, 6);
  /* Reversed indices: i -> 5 - i.  Expect 0 1 2 3 kept (5 and 4 dominated
     by 0 and 3).  */
  check ("pareto/deterministic", !strcmp (f1, f2), "'%s' then '%s'", f1, f2);
  check ("pareto/ttmc-frontier", !strcmp (f1, "0 1 2 3"), "kept '%s'", f1);
  check ("pareto/order-independent", !strcmp (f3, "2 3 4 5"),
	 "reversed kept '%s'", f3);
  const sf_pareto_stats *st = sf_pareto_get_stats (p2);
  check ("pareto/stats", st->questions > 0
	 && st->questions == st->by_struct + st->by_witness + st->by_memo + st->by_smt,
	 "%d questions: %d struct, %d witness, %d memo, %d smt", st->questions,
	 st->by_struct, st->by_witness, st->by_memo, st->by_smt);
  sf_pareto_free (p1);
  sf_pareto_free (p2);
  sf_pareto_free (p3);
  sf_arena_free (&a);
}

void
pareto_suite (void)
{
  depth_cases ();
  depth_probe_case ();
  if (sched_quick)
    return;
  sddmm_spmm_case ();
  spmm_gemm_case ();
  ttmc_case ();
  assume_choice_case ();
  unknown_case ();
  determinism_case ();
}
