/* The loop-IR passes and the order they run in: the one table below.

     lowered nest -> row_phases -> tiles -> partial_sums -> jam
                  -> row_blocks -> runs -> prefetch -> streams -> privatize
                  -> balance -> unswitch

   Each entry names a pass (opt.h: int pass (sf_ir_stmt **body,
   sf_pass_ctx *ctx)) and says why it runs where it does.  A new pass is
   its own file, a line in this table (with its declaration just above)
   and a test (testsuite/opt/).  The lowering runs the table on each
   schedule's statements before it allocates the workspaces
   (lower/lower.c, sf_lowering_finish); dumps and tests see the result.  */

#include <string.h>
#include "opt/internal.h"

int rw_row_phases (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_tiles (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_partial_sums (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_jam (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_row_blocks (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_runs (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_prefetch (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_streams (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_privatize (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_balance (sf_ir_stmt **body, sf_pass_ctx *ctx);
int rw_unswitch (sf_ir_stmt **body, sf_pass_ctx *ctx);

static const struct
{
  const char *name;
  sf_pass_fn run;
} sf_passes[] = {
  /* Two-phase rows first (phases.c): it matches a row loop as the nest
     made it (each entry computes a value, then adds it times a gathered
     row), before any pass below splits or unrolls the loops it reads; it
     records its block loops (ctx->phase_loops) for row_blocks, and the
     dense loops it makes (ctx->dense_for) for the passes below that
     rewrite only the nest's dense loops (partial_sums, jam, row_blocks).  */
  { "row_phases", rw_row_phases },
  /* Register tiles (tiles.c): on the plain loops over l and m of a
     product of rows by a dense matrix, as the nest or row_phases left
     them; the partial sums and the jam below would change that shape.  */
  { "tiles", rw_tiles },
  /* Partial sums of the innermost dense reductions (partial_sums.c): on
     the loops the nest generated (ctx->dense_for) and over stored
     entries, before the jam pairs the positions around them.  */
  { "partial_sums", rw_partial_sums },
  /* Unroll-and-jam of loops over stored entries (jam.c): after the
     partial sums, whose branches (plain or partial sums by the row's
     length) it takes as the prefix of each position.  */
  { "jam", rw_jam },
  /* Row blocks of fused schedules (row_blocks.c): on the outermost row
     loops once their bodies are final (phases, tiles, sums, jam), so a
     block holds the rewritten bodies; it grows the workspaces crossing
     the block and may block the second phase of row_phases.  */
  { "row_blocks", rw_row_blocks },
  /* One pass over each run of a coo level (runs.c): after the jam, so a
     run's loop the jam paired keeps its pairs (worth more than the
     second read of the coordinates).  */
  { "runs", rw_runs },
  /* Prefetches of gathered rows (prefetch.c): on the final loops over
     stored entries, one iteration ahead of what their bodies read.  */
  { "prefetch", rw_prefetch },
  /* Prefetches of the arrays rows' entries stream through (streams.c):
     on the final loops over stored entries, as prefetch; before
     privatize and balance, which copy the row loops and split their
     ranges (the test reads the range as the loop has it here).  */
  { "streams", rw_streams },
  /* A copy of the output or of a workspace per thread (privatize.c):
     last, on the top-level loops as they will run; it makes a serial
     loop parallel, and the caller then guards it with the test that the
     copies fit (ctx->private_fits).  Only with threads.  */
  { "privatize", rw_privatize },
  /* Parallel row loops split by work (balance.c): after privatize, which
     makes loops parallel, so that its loops are split too (and their
     copies added in turn); on the loops as they will run.  Only with
     threads.  */
  { "balance", rw_balance },
  /* Tests of flags taken out of the serial loops that make them
     (unswitch.c): last, on the loops as they will run, with the serial
     alternatives privatize made and the splits of balance (a parallel
     loop keeps its test; its serial alternative is unswitched).  */
  { "unswitch", rw_unswitch },
};

#define SF_NPASSES ((int) (sizeof sf_passes / sizeof *sf_passes))

int
sf_run_passes (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int changed = 0;
  for (int k = 0; k < SF_NPASSES; k++)
    changed += sf_passes[k].run (body, ctx) != 0;
  return changed;
}

int
sf_run_pass (const char *name, sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  for (int k = 0; k < SF_NPASSES; k++)
    if (strcmp (sf_passes[k].name, name) == 0)
      return sf_passes[k].run (body, ctx);
  return -1;
}

const char *
sf_pass_name (int k)
{
  return k >= 0 && k < SF_NPASSES ? sf_passes[k].name : NULL;
}
