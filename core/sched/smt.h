/* A small wrapper around Z3's C API for the cost comparisons of the
   auto-scheduler (pareto.c): symbols are reals s0..sN-1, the
   base constraints are cost facts (POLY op 0), and the one question asked
   is "is there a point where A > B?".

     sf_smt *z = sf_smt_new (space.nsyms, &opts);
     sf_smt_assert (z, &fact);                 N >= 1, nnz(B) <= I*J, ...
     sf_smt_exists_greater (z, t1, t2, w)      SF_YES (w: a witness point),
                                               SF_NO, or SF_UNKNOWN

   Every check has a timeout and a resource limit (options); the answer
   unknown, a Z3 error or a timeout is SF_UNKNOWN, never a guess.  Z3
   errors are recorded (sf_smt_error), never fatal: the handler does not
   exit or longjmp.  Real arithmetic, not integer: see docs/scheduling.md
   (nonlinear real arithmetic is decidable and Z3's nlsat decides it; the
   answers are sound for integer sizes in the direction that matters).  */

#ifndef SF_SMT_H
#define SF_SMT_H

#include "sched/cost.h"

typedef enum sf_tri
{
  SF_TRI_NO,
  SF_TRI_YES,
  SF_TRI_UNKNOWN
} sf_tri;

typedef struct sf_smt_options
{
  unsigned timeout_ms;		/* wall clock per check (0: none) */
  unsigned rlimit;		/* Z3 resource units per check (0: none);
				   deterministic, unlike the timeout */
} sf_smt_options;

typedef struct sf_smt sf_smt;

/* Return a new solver context over NSYMS symbols, or NULL when Z3 could
   not start.  */
sf_smt *sf_smt_new (int nsyms, const sf_smt_options *options);
void sf_smt_free (sf_smt *z);
/* Add FACT to the base constraints.  Returns 0, or -1 (see
   sf_smt_error).  */
int sf_smt_assert (sf_smt *z, const sf_cost_fact *fact);
/* Return whether the base constraints have a solution.  */
sf_tri sf_smt_satisfiable (sf_smt *z);
/* Return whether some point satisfying the base constraints has A > B;
   on SF_TRI_YES, store the point in WITNESS[0..NSYMS-1] when not NULL.  */
sf_tri sf_smt_exists_greater (sf_smt *z, const sf_poly *a, const sf_poly *b,
			      double *witness);
/* Return the Z3 context every solver of the process shares (the order
   model's too, order_model.c), made on first use; NULL when Z3 cannot
   start.  */
struct _Z3_context *sf_smt_shared_context (void);
/* Return the number of solver checks run so far.  */
int sf_smt_checks (const sf_smt *z);
/* Return the last Z3 error or reason for unknown, or NULL.  */
const char *sf_smt_error (const sf_smt *z);

#endif /* SF_SMT_H */
