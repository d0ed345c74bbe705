/* The pruning stages of the auto-scheduler (SparseAuto's, with our
   semantics; docs/scheduling.md).  They see a schedule only as a
   candidate: its symbolic time and memory, its loop depth, memory depth
   and stride score; the enumerator keeps the mapping to schedules.

     stage 1   sf_prune_memory_depth   memory depth >= 3 out, unless
                                       nothing else remains
               sf_bucket               one representative per canonical
                                       (time, memory)
     stage 2   sf_prune_depths         Pareto on (loop depth, memory depth),
                                       but for a candidate with an exact
                                       time that is faster at a probe point
     stage 3   sf_pareto_frontier      Pareto on symbolic (time, memory)
                                       under facts and assume(), with Z3

   Stage 3 drops S only when some C is no worse than S in time and in
   memory at every point the constraints allow, and better in time or in
   memory at some point:

     NOT exists x: T_C(x) > T_S(x)  and  NOT exists x: M_C(x) > M_S(x)
     and (exists x: T_S(x) > T_C(x)  or  exists x: M_S(x) > M_C(x))

   Each "exists x: A > B" is answered, in order, by: equal canonical forms
   (no); a structural proof that A <= B for all symbols >= 1 (no) or A > B
   everywhere (yes); a witness point kept from earlier solver answers
   (yes); the memo of earlier questions; Z3 (yes, no or unknown, with a
   timeout).  An unknown answer never drops anything.  Deterministic: the
   candidates are visited in the order given, Z3 runs with a resource
   limit and fixed seeds, and the wall-clock budget only matters when a
   frontier would otherwise overrun it.  */

#ifndef SF_PARETO_H
#define SF_PARETO_H

#include "sched/smt.h"

typedef struct sf_candidate
{
  const sf_poly *time;		/* iterations of the innermost bodies */
  const sf_poly *memory;	/* auxiliary bytes */
  int loop_depth;		/* deepest loop nest */
  int mem_depth;		/* largest number of dimensions of a temporary */
  int stride;			/* run-time tie-break: lower is better */
  int inexact;			/* TIME undercounts some loop (a merge of
				   several operands, a search) */
} sf_candidate;

/* ---- stages 1 and 2: no solver ---- */

/* Store in OUT the candidates of IN[0..N-1] (indices into C) whose
   memory depth is below LIMIT, in order; when none is, all of IN.
   Returns the count.  */
int sf_prune_memory_depth (const sf_candidate *c, const int *in, int n,
			   int limit, int *out);
/* Group IN[0..N-1] by equal canonical (time, memory).  Store in REPS one
   representative per group, in order of first appearance: the member with
   the smallest (stride, loop depth, memory depth), earliest on ties; and
   in GROUP_OF[k] the position in REPS of IN[k]'s group.  Returns the
   number of groups.  */
int sf_bucket (const sf_candidate *c, const int *in, int n, int *reps,
	       int *group_of);
/* Store in OUT the candidates of IN that no other candidate beats on
   (loop depth, memory depth): S goes when some C has L(C) <= L(S) and
   M(C) <= M(S), one of them strictly, and, unless S's time is inexact,
   C's time is no more than S's at each of the NPROBE points PROBE
   (symbol values; none: the depths alone).  Returns the count.  */
int sf_prune_depths (const sf_candidate *c, const int *in, int n,
		     const double *const *probe, int nprobe, int *out);

/* ---- stage 3: symbolic Pareto frontier ---- */

typedef struct sf_pareto_options
{
  sf_smt_options smt;		/* per check */
  double budget_ms;		/* per frontier; later checks answer unknown
				   (0: no budget) */
  int no_struct, no_witness;	/* switch fast paths off (measurements) */
} sf_pareto_options;

/* The defaults: 200 ms and 2,000,000 resource units per check, 400 ms per
   frontier.  */
sf_pareto_options sf_pareto_default_options (void);

typedef struct sf_pareto_stats
{
  int questions;		/* "exists A > B" asked */
  int by_struct, by_witness, by_memo, by_smt;	/* who answered */
  int unknown;			/* answers SF_TRI_UNKNOWN */
  int smt_checks;		/* solver runs, including the first */
  double ms;			/* time spent in sf_pareto_* calls */
} sf_pareto_stats;

typedef enum sf_dominance
{
  SF_DOM_NONE,			/* incomparable, equal, or unknown */
  SF_DOM_FIRST,			/* the first candidate dominates */
  SF_DOM_SECOND			/* the second candidate dominates */
} sf_dominance;

typedef struct sf_pareto sf_pareto;

/* Return a new frontier context over the symbols of SPACE with its facts
   asserted (sf_cost_facts), or NULL when Z3 cannot start.  SPACE must
   outlive the context and gain no symbols.  */
sf_pareto *sf_pareto_new (const sf_cost_space *space,
			  const sf_pareto_options *options);
/* Build SPACE from COMP (sf_cost_space_from_comp), translate its assume()
   clauses and return a context with facts and assumptions asserted.  On
   a bad assume(), returns NULL with *ERROR and *ERROR_TOK set.  */
sf_pareto *sf_pareto_from_comp (sf_cost_space *space, sf_arena *arena,
				const sf_comp *comp, const sf_format *formats,
				const sf_pareto_options *options,
				const char **error, int *error_tok);
/* Add the constraint FACT (e.g. a translated assume()).  Returns 0 or
   -1.  */
int sf_pareto_assume (sf_pareto *p, const sf_cost_fact *fact);
/* Return whether some point allowed by the constraints has A > B.  */
sf_tri sf_pareto_exceeds (sf_pareto *p, const sf_poly *a, const sf_poly *b);
/* Return which of A and B dominates the other, if either.  */
sf_dominance sf_pareto_compare (sf_pareto *p, const sf_candidate *a,
				const sf_candidate *b);
/* Store in OUT the candidates of IN[0..N-1] (indices into C) that no
   other one is proven to dominate, in their order.  Returns the count.  */
int sf_pareto_frontier (sf_pareto *p, const sf_candidate *c, const int *in,
			int n, int *out);
const sf_pareto_stats *sf_pareto_get_stats (const sf_pareto *p);
/* Return the last solver error or reason for unknown, or NULL.  */
const char *sf_pareto_error (const sf_pareto *p);
void sf_pareto_free (sf_pareto *p);

#endif /* SF_PARETO_H */
