/* The scheduler's driver: sf_lower, the core's entry to lowering
   (sf_core.h).  The lowering (lower/lower.h) makes each candidate's loop
   IR, the scheduler (sched/candidates.c) chooses among them; here the
   chosen schedules are finished and put together.

     #pragma tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)   B CSR
     sf_lower ->  cap = min (half the LLC, memory(N));
                  pick = <least time that fits>;  show (pick);
                  if (pick == 0) <naive, finished> else <fused, finished>

   Outline of sf_lower:
     1. a lowering of the computation (sf_lowering_new): refused, a
        warning saying why, and the glue keeps the original statement;
     2. the choice (sd_schedule): one schedule, or the alternatives of a
        run-time choice;
     3. each finished (sf_lowering_finish: the loop-IR passes, the
        workspaces allocated), its parallel loops under the threads
        test (sd_parallel_worth), the alternatives in a chain on the
        dispatcher's pick (sd_dispatch_chain);
     4. with relayout() operands, a second lowering of the same region
        reading them from dense copies, chosen anew, and the run-time
        test between the two (sd_lower_densified);
     5. when the computation reads its output's old values (y(i) = ... +
        beta * y(i)), the proof on the whole region, every alternative
        and serial copy (sf_region_reads_old_first): when it fails, a
        warning saying why, and the glue keeps the original statement.
   The lowering never calls back: the threads test is an expression
   made here from the cost model and handed to sf_lowering_finish.  */

#include <stdio.h>
#include <string.h>
#include "sched/internal.h"
#include "opt/opt.h"

/* Return a new scheduler's side of a lowering of COMP (FORMATS,
   OPTIONS) in ARENA; R and DENSIFY as sf_lowering_new takes them.  */
static sd_ctx *
sd_ctx_new (sf_arena *arena, const sf_comp *comp, const sf_format *formats,
	    const sf_lower_options *options, sf_region *r, int densify)
{
  sd_ctx *ctx = SF_NEW (arena, sd_ctx);
  ctx->lw = sf_lowering_new (arena, comp, formats, options, r, densify);
  sf_lowering_info li;
  sf_lowering_info_get (ctx->lw, &li);
  ctx->arena = arena;
  ctx->comp = comp;
  ctx->formats = formats;
  ctx->options = options;
  ctx->r = li.r;
  return ctx;
}

/* Return why CTX's lowering gave no schedule S (or a failed one).  */
static const char *
sd_why (sd_ctx *ctx, const sf_ir_stmt *s)
{
  sf_lowering_info li;
  sf_lowering_info_get (ctx->lw, &li);
  if (li.why)
    return li.why;
  return !s && ctx->why ? ctx->why : "unsupported";
}

/* Return the one-line description of CTX's schedule.  */
static const char *
sd_text (sd_ctx *ctx)
{
  sf_choice_text c;
  c.schedule_name = ctx->schedule_name;
  c.cost_chosen = ctx->cost_chosen;
  c.cost_naive = ctx->cost_naive;
  c.cost_text = ctx->cost_text;
  c.nalt = ctx->nalt;
  c.alt_by_memory = ctx->alt_by_memory;
  c.alt_names = ctx->alt_names;
  return sf_lowering_text (ctx->lw, &c);
}

/* ---- the threads test ---- */

/* Return a BOOL expression, true when the statements S (one schedule,
   before the loop rewrites) are worth threads: their symbolic time,
   evaluated when the region runs, is at least the options' parallel_min.
   NULL when that is 0 or the time cannot be read or evaluated.  */
static sf_ir_expr *
sd_parallel_worth (sd_ctx *ctx, const sf_ir_stmt *s)
{
  sf_cost_space sp;
  sf_candidate c;
  sf_ir_expr *value[SF_COST_MAX_SYMS];
  if (!ctx->options || ctx->options->parallel_min <= 0
      || sf_cost_space_from_comp (&sp, ctx->arena, ctx->comp, ctx->formats)
      || sd_symbolic_cost (ctx, s, &sp, &c))
    return NULL;
  /* An upper bound serves: a coo level's runs count as its entries.  */
  sd_sym_values (ctx, &sp, value, 1);
  sf_ir_expr *t = sf_dispatch_poly (ctx->arena, c.time, value);
  if (!t)
    return NULL;
  return sf_ir_binary (ctx->arena, SF_IR_LE,
		       sf_ir_float (ctx->arena,
				    (double) ctx->options->parallel_min,
				    SF_TY_F64), t);
}

/* Return the time of the statements S (loop iterations, as the symbolic
   cost counts them) as an expression the program evaluates when it
   runs, or NULL when it has no symbolic cost or a symbol no run-time
   value.  */
static sf_ir_expr *
sd_time_value (sd_ctx *ctx, const sf_ir_stmt *s)
{
  sf_cost_space sp;
  sf_candidate c;
  sf_ir_expr *value[SF_COST_MAX_SYMS];
  if (sf_cost_space_from_comp (&sp, ctx->arena, ctx->comp, ctx->formats)
      || sd_symbolic_cost (ctx, s, &sp, &c))
    return NULL;
  sd_sym_values (ctx, &sp, value, 1);
  return sf_dispatch_poly (ctx->arena, c.time, value);
}

/* Step 3: return BODY, one schedule, finished, its parallel loops
   under the threads test when OpenMP is wanted.  */
static sf_ir_stmt *
sd_finish (sd_ctx *ctx, sf_ir_stmt *body)
{
  int threads = ctx->options && ctx->options->openmp && !ctx->comp->serial;
  sf_ir_expr *worth = threads ? sd_parallel_worth (ctx, body) : NULL;
  return sf_lowering_finish (ctx->lw, body, worth);
}

/* ---- the gain test ---- */

/* Set CTX's region's gain test (opt/gain.c) for BODY, its one schedule
   finished, when the schedule is the single nest without workspaces
   and every rewrite of the loop passes is one a test of the data picks:
   when the test fails, the code is the plain nest, the statement's own
   loops, and the glue runs the statement instead.  */
static void
sd_gain (sd_ctx *ctx, const sf_ir_stmt *body)
{
  sf_lowering_info li;
  sf_lowering_info_get (ctx->lw, &li);
  if (!ctx->schedule_name || strcmp (ctx->schedule_name, "naive") != 0
      || li.nwork || li.rewrites != li.picked)
    return;
  ctx->r->gain_test = sf_gain_test (ctx->arena, ctx->r, body,
				    &ctx->r->gain_text, &ctx->r->gain_data,
				    &ctx->r->gain_data_text);
}

/* ---- the run-time choices ---- */

/* Return the run-time choice among the ctx->nalt schedules
   (sched/candidates.c), each finished on its own so that its workspaces
   are allocated only when it runs:
     cap = min (half the last-level cache, memory(N));
     pick = <dispatcher over cap>;  show (pick);
     if (pick == 0) <schedule 0> else if (pick == 1) <schedule 1> ...  */
static sf_ir_stmt *
sd_dispatch_chain (sd_ctx *ctx)
{
  sf_arena *A = ctx->arena;
  for (int k = 0; k < ctx->nalt; k++)
    ctx->alt[k] = sd_finish (ctx, ctx->alt[k]);
  int pick = sf_lowering_new_var (ctx->lw, "pick", SF_TY_INDEX);
  sf_ir_stmt *chain = ctx->alt[ctx->nalt - 1];
  for (int k = ctx->nalt - 2; k >= 0; k--)
    chain = sf_ir_if (A, sf_ir_binary (A, SF_IR_EQ, sf_ir_var_ref (A, ctx->r,
								   pick),
				       sf_ir_int (A, k)),
		      ctx->alt[k], chain);
  sf_ir_list all = { 0 };
  sf_ir_append (&all, sf_ir_decl (A, ctx->cap_var, ctx->cap));
  sf_ir_append (&all, sf_ir_decl (A, pick, ctx->pick));
  sf_ir_append (&all, sf_ir_show_pick (A, pick, ctx->nalt, ctx->alt_names,
				       sf_ir_var_ref (A, ctx->r,
						      ctx->cap_var)));
  sf_ir_append (&all, chain);
  return all.head;
}

/* A dense copy is taken when the schedule around it takes at most this
   many times the loop iterations of the sparse one: an iteration over a
   dense copy is a load at a computed offset, against a merge step's
   compare and branches (the tensor network's dense schedule runs twice
   as many iterations per microsecond as its sparse one).  */
#define SD_DENSE_GAIN 2.0

/* Return nonzero when COMP has relayout() operands.  */
static int
sd_has_relayout (const sf_comp *comp)
{
  for (int o = 0; o < comp->noperands; o++)
    if (comp->operands[o].relayout)
      return 1;
  return 0;
}

/* The relayout() clause: lower COMP a second time in SPARSE's region,
   with its relayout() operands read from dense copies (the lowering
   lays them out in the loop order that lowering chooses, and
   the schedules are chosen anew around them; OPTIONS its options), and
   return
     dense_cap = min (half the last-level cache, memory(N));
     dense_pick = bytes of the copies and workspaces <= dense_cap
                  && time (dense) <= SD_DENSE_GAIN * time (sparse);
     show (dense_pick);  if (dense_pick == 1) <dense> else <BODY>
   so that a tensor too large to copy keeps its sparse storage (the time
   test only when both schedules have a symbolic time); BODY, the
   finished lowering of SPARSE, when the second lowering fails (*WHY
   says why).  *DENSE receives the second lowering's context.  */
static sf_ir_stmt *
sd_lower_densified (sd_ctx *sparse, const sf_lower_options *options,
		    sf_ir_stmt *body, sf_ir_expr *sparse_time, sd_ctx **dense,
		    const char **why)
{
  sf_arena *A = sparse->arena;
  sd_ctx *ctx = sd_ctx_new (A, sparse->comp, sparse->formats, options,
			    sparse->r, 1);
  *dense = NULL;
  sf_lowering_info li;
  sf_lowering_info_get (ctx->lw, &li);
  sf_ir_stmt *d = li.rhs ? sd_schedule (ctx) : NULL;
  sf_lowering_info_get (ctx->lw, &li);
  if (!d || li.failed)
    {
      *why = sd_why (ctx, d);
      return body;
    }
  /* A choice among schedules by memory alone: the copies are taken only
     when the workspaces of every schedule fit (BYTES below), so the one
     with the most, the last, would always run: emit it alone.  */
  if (ctx->nalt && ctx->alt_by_memory)
    {
      d = ctx->alt[ctx->nalt - 1];
      ctx->nalt = 0;
    }
  sf_ir_expr *bytes = sf_ir_float (A, 0.0, SF_TY_F64);
  sf_lowering_info_get (ctx->lw, &li);
  for (int w = 0; w < li.nwork; w++)
    if ((ctx->nalt ? sf_work_live (li.r, li.work, li.nwork, w)
	 : sf_work_in (li.r, li.work, li.nwork, w, d))
	&& li.work[w].out_block != 2)
      {
	sf_ty ty = li.r->vars[li.work[w].var].ty;
	sf_ir_expr *n = sf_ir_convert (A, sf_ir_clone (A, li.work[w].size),
				       SF_TY_F64);
	bytes = sf_ir_add (A, bytes,
			   sf_ir_mul (A, n, sf_ir_float (A, (double) sf_ty_bytes (ty),
							 SF_TY_F64)));
      }
  /* The copies must also pay: the time of the schedule chosen around
     them (their filling included) at most SD_DENSE_GAIN times the
     sparse lowering's, on the actual sizes and nnz.  */
  sf_ir_expr *dense_time = sd_time_value (ctx, ctx->nalt
					  ? ctx->alt[ctx->nalt - 1] : d);
  sf_ir_expr *pays = NULL;
  if (dense_time && sparse_time)
    pays = sf_ir_binary (A, SF_IR_LE, dense_time,
			 sf_ir_mul (A, sf_ir_float (A, SD_DENSE_GAIN,
						    SF_TY_F64),
				    sparse_time));
  int cap = sf_lowering_new_var (ctx->lw, "dense_cap", SF_TY_INDEX);
  int pick = sf_lowering_new_var (ctx->lw, "dense_pick", SF_TY_INDEX);
  sf_ir_expr *cap_value = sd_dispatch_cap (ctx);
  d = ctx->nalt ? sd_dispatch_chain (ctx) : sd_finish (ctx, d);
  const char *names = "0 sparse storage, 1 dense copies of";
  for (int o = 0; o < ctx->comp->noperands; o++)
    if (ctx->comp->operands[o].relayout)
      names = sf_arena_printf (A, "%s%s %s", names, names[strlen (names) - 1]
			       == 'f' ? "" : ",", ctx->comp->operands[o].name);
  sf_ir_list all = { 0 };
  sf_ir_append (&all, sf_ir_decl (A, cap, cap_value));
  sf_ir_expr *fits = sf_ir_binary (A, SF_IR_LE, bytes,
				    sf_ir_convert (A, sf_ir_var_ref (A, ctx->r,
								     cap),
						   SF_TY_F64));
  sf_ir_append (&all, sf_ir_decl
		(A, pick, sf_ir_select (A, pays ? sf_ir_binary (A, SF_IR_AND,
								 fits, pays)
					: fits, sf_ir_int (A, 1),
					sf_ir_int (A, 0))));
  ctx->dense_by_time = pays != NULL;
  sf_ir_append (&all, sf_ir_show_pick (A, pick, 2, names,
				       sf_ir_var_ref (A, ctx->r, cap)));
  sf_ir_append (&all, sf_ir_if (A, sf_ir_binary (A, SF_IR_EQ,
						 sf_ir_var_ref (A, ctx->r,
								pick),
						 sf_ir_int (A, 1)),
				d, body));
  *dense = ctx;
  return all.head;
}

sf_region *
sf_lower (sf_arena *arena, const sf_comp *comp, const sf_format *formats,
	  const sf_lower_options *options, sf_diags *diags)
{
  /* With relayout(), candidate=N names a candidate of the lowering with
     dense copies (whose candidates the dump lists); the sparse one,
     kept for when the copies do not fit, is chosen as usual.  */
  const sf_lower_options *sparse_options = options;
  if (options && options->candidate && sd_has_relayout (comp))
    {
      sf_lower_options *o = SF_NEW (arena, sf_lower_options);
      *o = *options;
      o->candidate = 0;
      sparse_options = o;
    }
  /* Steps 1-2.  */
  sd_ctx *ctx = sd_ctx_new (arena, comp, formats, sparse_options, NULL, 0);
  sf_ir_stmt *body = NULL;
  sf_lowering_info li;
  sf_lowering_info_get (ctx->lw, &li);
  if (li.rhs)
    body = sd_schedule (ctx);
  if (!body)
    {
      sf_diag_warning (diags, comp->lhs ? comp->lhs->tok : -1,
		       "computation not lowered, the original statement is "
		       "kept: %s", sd_why (ctx, body));
      return NULL;
    }
  sf_ir_expr *sparse_time = NULL;
  if (sd_has_relayout (comp))
    sparse_time = sd_time_value (ctx, ctx->nalt ? ctx->alt[ctx->nalt - 1]
				 : body);
  /* Step 3.  */
  if (!ctx->nalt)
    body = sd_finish (ctx, body);
  else
    body = sd_dispatch_chain (ctx);
  ctx->r->schedule_text = sd_text (ctx);
  ctx->r->candidates_text = ctx->cand_text;
  ctx->r->gain_test = ctx->r->gain_data = NULL;
  if (!ctx->nalt && !sd_has_relayout (comp))
    sd_gain (ctx, body);
  /* Step 4.  */
  sd_ctx *dense = NULL;
  const char *why = NULL;
  if (sd_has_relayout (comp))
    body = sd_lower_densified (ctx, options, body, sparse_time, &dense,
			       &why);
  if (dense)
    {
      const char *layouts = sf_lowering_copies_text (dense->lw);
      ctx->r->schedule_text
	= sf_arena_printf (arena, "%s | dense copies (%s) when they and the "
			   "workspaces fit in half the last-level cache%s%s, "
			   "else: %s", sd_text (dense), layouts,
			   comp->memory ? " and memory(...)" : "",
			   dense->dense_by_time ? " and its time is at most "
			   "twice the sparse schedule's" : "",
			   ctx->r->schedule_text);
      ctx->r->candidates_text = dense->cand_text;
    }
  else if (why)
    ctx->r->schedule_text
      = sf_arena_printf (arena, "%s | relayout(): no dense copies (%s)",
			 ctx->r->schedule_text, why);
  ctx->r->body = body;
  /* Step 5.  */
  const char *old = sf_region_reads_old_first (ctx->r, comp, formats);
  if (old)
    {
      const char *out = comp->operands[comp->lhs->operand].name;
      sf_diag_warning (diags, comp->lhs->tok, "computation not lowered, "
		       "the original statement is kept: the output '%s' is "
		       "read on the right-hand side and the code made for "
		       "the schedule chosen may write %s before it reads "
		       "%s's old entries (it %s); copy %s to another array "
		       "first and read that one", out, out, out, old, out);
      return NULL;
    }
  return ctx->r;
}
