/* Internal interface of the loop-IR passes (the files of opt/): what
   they share.
   The passes see the lowering only through the pass context (opt.h).

     int v = opt_new_var (ctx, "kb", SF_TY_INDEX);    a fresh variable
     opt_loop_blocks (ctx, loop, 8, 0, &pre, &lo, &hi)  its blocks of 8
     link = opt_splice (link, rewritten, rest)        the new code in place  */

#ifndef SF_OPT_INTERNAL_H
#define SF_OPT_INTERNAL_H

#include "opt/opt.h"

#define BIT(v) (1u << (v))	/* the mask of index (or iterator) V */

/* Return the id of a new variable of type TY named NAME (a suffix when
   taken); past CTX->max_vars, set CTX->too_many_vars (the lowering then
   gives up on the region).  */
static inline int
opt_new_var (sf_pass_ctx *ctx, const char *name, sf_ty ty)
{
  if (ctx->r->nvars >= ctx->max_vars)
    ctx->too_many_vars = 1;
  return sf_region_var (ctx->arena, ctx->r, name, ty);
}

/* Return a reference to variable VAR.  */
static inline sf_ir_expr *
opt_var (sf_pass_ctx *ctx, int var)
{
  return sf_ir_var_ref (ctx->arena, ctx->r, var);
}

/* Return nonzero when workspace W is the last one made for its variable
   and still an array (ir/work.h).  */
static inline int
opt_work_live (const sf_pass_ctx *ctx, int w)
{
  return sf_work_live (ctx->r, ctx->work, ctx->nwork, w);
}

/* Return nonzero when workspace W is one BODY really has (ir/work.h).  */
static inline int
opt_work_in (const sf_pass_ctx *ctx, int w, const sf_ir_stmt *body)
{
  return sf_work_in (ctx->r, ctx->work, ctx->nwork, w, body);
}

/* ---- loops and expressions (partial_sums.c) ---- */

/* Return nonzero when expression E reads variable VAR.  */
int opt_reads_var (const sf_ir_expr *e, int var);
/* Return nonzero when S is one of the dense loops the nest generated
   (CTX->dense_for).  */
int opt_is_dense_for (const sf_pass_ctx *ctx, const sf_ir_stmt *s);
/* Replace *LINK (one statement) by the list WITH followed by REST;
   return the link after the last statement of WITH.  */
sf_ir_stmt **opt_splice (sf_ir_stmt **link, sf_ir_stmt *with,
			 sf_ir_stmt *rest);
/* Split FOR loop S into blocks of N iterations (UP: rounded up): the
   declarations go to OUT, the blocks' bounds to *LO and *HI; return
   nonzero when S cannot be split.  */
int opt_loop_blocks (sf_pass_ctx *ctx, const sf_ir_stmt *s, int n, int up,
		     sf_ir_list *out, sf_ir_expr **lo, sf_ir_expr **hi);
/* Declare in LIST the bounds *FIRST and *END of block NAME of N
   iterations of LOOP (NULL: unnamed) within [LO, HI); return the block
   variable.  */
int opt_block_bounds (sf_pass_ctx *ctx, sf_ir_list *list, const char *name,
		      const char *loop, int n, const sf_ir_expr *lo,
		      const sf_ir_expr *hi, int *first, int *end);
/* Return a copy of E with variable V read as MAP[V] where MAP[V] >= 0.  */
sf_ir_expr *opt_rename (sf_pass_ctx *ctx, const sf_ir_expr *e,
			const int *map);
/* Return VALUE as a variable named NAME declared in LIST, or VALUE
   itself when it is a constant or a variable.  */
sf_ir_expr *opt_once (sf_pass_ctx *ctx, sf_ir_list *list, const char *name,
		      sf_ir_expr *value);

/* ---- declarations and reads (phases.c) ---- */

/* Set MARK[v] for every variable declared in the statements S.  */
void opt_mark_decls (const sf_ir_stmt *s, char *mark);
/* Return nonzero when E reads a variable V < N with MARK[V] set.  */
int opt_reads_any (const sf_ir_expr *e, const char *mark, int n);
/* Return nonzero when E is a reference to variable VAR.  */
int opt_is_var (const sf_ir_expr *e, int var);

#endif /* SF_OPT_INTERNAL_H */
