/* Shared helpers of the auto-scheduler unit tests.  Every test prints one
   line, "PASS: sched/poly/canonical" or "FAIL: sched/...: why", and the
   binary exits 0 whatever the results, so that valgrind's exit code speaks
   only of memory errors.  With --quick the slow solver tests are left
   out (the valgrind run).  */

#ifndef SF_SCHED_TEST_H
#define SF_SCHED_TEST_H

#include "sched/cost.h"
#include "sched/pareto.h"
#include "sched/dispatch.h"

extern int sched_quick;

/* Report NAME as passed when OK, else failed with FMT.  Returns OK.  */
int check (const char *name, int ok, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));

/* A cost space for the SPEC kernels: indices i j k l m n r (ids 0..6,
   extents I..R), and sparse operand 1 "B" over indices IDX[0..NLEVELS-1]
   with level kinds KINDS.  */
void kernel_space (sf_cost_space *s, sf_arena *a, int nlevels,
		   const sf_level_kind *kinds, const int *idx);
/* Return the polynomial parsed from TEXT over S's symbol names: terms
   joined by " + ", factors by "*", each factor a name, a name^N or an
   integer ("nnz(B)*K + 2*I*J^2").  NULL when a name is unknown.  */
const sf_poly *poly_of (sf_cost_space *s, const char *text);
/* Return the printed form of P over S (in S's arena).  */
const char *str_of (sf_cost_space *s, const sf_poly *p);

enum { IX_I, IX_J, IX_K, IX_L, IX_M, IX_N, IX_R };

void poly_suite (void);
void cost_suite (void);
void pareto_suite (void);
void dispatch_suite (void);
void sysinfo_suite (void);
void order_model_suite (void);

#endif /* SF_SCHED_TEST_H */
