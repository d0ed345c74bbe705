/* Internal interface of the scheduler's driver (sched/candidates.c,
   sched/driver.c): the choice among the candidate schedules of one
   lowering, which the lowering (lower/lower.h) makes one at a time.

     sd_ctx  lw        the lowering handle (sf_lowering_new)
             choice    schedule_name "fused", cost_chosen 4.2e5, ...
             nalt 2    alt[0] naive, alt[1] fused; pick, cap: the
                       run-time choice between them  */

#ifndef SF_SCHED_INT_H
#define SF_SCHED_INT_H

#include "sf_core.h"
#include "ir/ir.h"
#include "lower/lower.h"
#include "sched/cost.h"
#include "sched/dispatch.h"
#include "sched/ir_cost.h"

#define SD_MAX_DEPART 4		/* loop orders departing from the
				   preferred one that the schedule tries */
#define SD_MAX_ASSOC 14		/* other associations of a product it
				   tries (pairs of 6 factors but one) */
#define SD_MAX_ORDERS (3 + SD_MAX_DEPART + SD_MAX_ASSOC)
#define SD_NBASE 4		/* candidates in the preferred order */
#define BIT(v) (1u << (v))	/* the mask of index V */
#define SD_MAX_CAND (SD_NBASE + 3 * SD_MAX_DEPART + 3 * SD_MAX_ASSOC + 4)

/* The scheduler's side of one lowering.  */
typedef struct sd_ctx
{
  sf_lowering *lw;
  sf_arena *arena;
  const sf_comp *comp;
  const sf_format *formats;
  const sf_lower_options *options;
  sf_region *r;
  /* The choice (sched/candidates.c).  */
  const char *schedule_name;	/* naive or fused... */
  double cost[SD_MAX_CAND], cost_naive, cost_chosen;	/* estimates */
  const char *cost_text;	/* the symbolic choice, for the schedule */
  const char *cand_text;	/* every candidate enumerated, one line each
				   (sf_region.candidates_text) */
  const char *model_text;	/* the tensor network's order model
				   (sd_network_models), or NULL */
  const char *why;		/* the first candidate's reason, for when
				   the chosen one gives none */
  /* The run-time choice: NALT candidates emitted, ALT[k] run when PICK
     evaluates to k; 0 when one schedule is emitted.  */
  int nalt;
  sf_ir_stmt *alt[SF_DISPATCH_MAX];
  sf_ir_expr *pick, *cap;	/* the choice, the cap (bytes) */
  int cap_var;			/* holds the cap, read by PICK */
  int alt_by_memory;		/* PICK compares memory only */
  const char *alt_names;	/* "0 naive, 1 fused" */
  int dense_by_time;		/* the dense copies' test reads times too
				   (sched/driver.c) */
} sd_ctx;

/* sched/candidates.c */
/* Return the statements computing the lowering's right-hand side in the
   cheapest schedule the options allow (NULL when it failed: see the
   lowering's why, else ctx->why); ctx->schedule_name says which.  */
sf_ir_stmt *sd_schedule (sd_ctx *ctx);
/* Store in VALUE[s] the run-time value of each symbol s of SP (UPPER:
   a coo level's runs bounded by its entries); return nonzero when the
   lowering has failed.  */
int sd_sym_values (sd_ctx *ctx, const sf_cost_space *sp, sf_ir_expr **value,
		   int upper);
/* Fill *OUT with the symbolic cost of the statements S lowered in CTX,
   over the symbols of SPACE; return NULL, or why there is none.  */
const char *sd_symbolic_cost (sd_ctx *ctx, const sf_ir_stmt *s,
			      const sf_cost_space *space, sf_candidate *out);
/* Return the bytes the candidates' workspaces may take when the program
   runs: half the last-level cache, or memory(N) when less.  */
sf_ir_expr *sd_dispatch_cap (sd_ctx *ctx);

#endif /* SF_SCHED_INT_H */
