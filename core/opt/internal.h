/* Internal interface of the loop-IR passes (the files of opt/): what
   they share.  Their functions are named rw_ (rewrite); the passes see
   the lowering only through the pass context (opt.h).

     int v = rw_new_var (ctx, "kb", SF_TY_INDEX);      a fresh variable
     int nb = rw_loop_blocks (ctx, loop, 8, 0, &pre, &lo, &hi);
                                                      blocks of 8
     link = rw_splice (link, rewritten, rest);        the new code in place  */

#ifndef SF_OPT_INTERNAL_H
#define SF_OPT_INTERNAL_H

#include "opt/opt.h"

#define BIT(v) (1u << (v))	/* the mask of index (or iterator) V */

/* Return the id of a new variable of type TY named NAME (a suffix when
   taken); past CTX->max_vars, set CTX->too_many_vars (the lowering then
   gives up on the region).  */
static inline int
rw_new_var (sf_pass_ctx *ctx, const char *name, sf_ty ty)
{
  if (ctx->r->nvars >= ctx->max_vars)
    ctx->too_many_vars = 1;
  return sf_region_var (ctx->arena, ctx->r, name, ty);
}

/* Return a reference to variable VAR.  */
static inline sf_ir_expr *
rw_var (sf_pass_ctx *ctx, int var)
{
  return sf_ir_var_ref (ctx->arena, ctx->r, var);
}

/* Return nonzero when workspace W is the last one made for its variable
   and still an array (ir/work.h).  */
static inline int
rw_work_live (const sf_pass_ctx *ctx, int w)
{
  return sf_work_live (ctx->r, ctx->work, ctx->nwork, w);
}

/* Return nonzero when workspace W is one BODY really has (ir/work.h).  */
static inline int
rw_work_in (const sf_pass_ctx *ctx, int w, const sf_ir_stmt *body)
{
  return sf_work_in (ctx->r, ctx->work, ctx->nwork, w, body);
}

/* ---- loops and expressions (partial_sums.c) ---- */

/* Return nonzero when expression E reads variable VAR.  */
int rw_reads_var (const sf_ir_expr *e, int var);
/* Return nonzero when S is one of the dense loops the nest generated
   (CTX->dense_for).  */
int rw_is_dense_for (const sf_pass_ctx *ctx, const sf_ir_stmt *s);
/* Put the list WITH in place of the statement at *LINK, its last
   statement followed by REST; return the link of that last statement,
   where a walk of the list goes on.  */
sf_ir_stmt **rw_splice (sf_ir_stmt **link, sf_ir_stmt *with,
			sf_ir_stmt *rest);
/* Declare in OUT the bounds of loop S, each evaluated once (*LO, *HI),
   and the number of blocks of N iterations between them, rounded up
   when UP; return the variable holding it.  */
int rw_loop_blocks (sf_pass_ctx *ctx, const sf_ir_stmt *s, int n, int up,
		    sf_ir_list *out, sf_ir_expr **lo, sf_ir_expr **hi);
/* Return a new variable B for the loop over blocks of N rows of
   [LO, HI), named NAME_LOOP (NAME when LOOP is NULL), and append to LIST
   the declarations of *FIRST = LO + B * N and *END = min (*FIRST + N,
   HI).  */
int rw_block_bounds (sf_pass_ctx *ctx, sf_ir_list *list, const char *name,
		     const char *loop, int n, const sf_ir_expr *lo,
		     const sf_ir_expr *hi, int *first, int *end);
/* Return nonzero when statements S use an array variable.  */
int rw_uses_arrays (const sf_ir_stmt *s);
/* Return nonzero when E reads a variable other than VAR.  */
int rw_reads_other (const sf_ir_expr *e, int var);
/* Return a copy of E with variable VAR replaced by a copy of WITH.  */
sf_ir_expr *rw_subst (sf_arena *A, const sf_ir_expr *e, int var,
		      const sf_ir_expr *with);
/* Return a copy of statement S alone (its bodies, not what follows it),
   with fresh variables for those it declares.  */
sf_ir_stmt *rw_copy_stmt (sf_pass_ctx *ctx, const sf_ir_stmt *s);
/* Return a copy of E with each variable v for which MAP[v] >= 0 replaced
   by variable MAP[v].  */
sf_ir_expr *rw_rename (sf_pass_ctx *ctx, const sf_ir_expr *e,
		       const int *map);
/* Return VALUE, or a new variable NAME declared in LIST holding it when
   it is not a constant, variable or parameter.  */
sf_ir_expr *rw_once (sf_pass_ctx *ctx, sf_ir_list *list, const char *name,
		     sf_ir_expr *value);

/* ---- declarations and reads (phases.c) ---- */

/* Mark in MARK the variables the statements S declare (loop counters
   included).  */
void rw_mark_decls (const sf_ir_stmt *s, char *mark);
/* Return nonzero when E reads a variable MARK marks (N variables).  */
int rw_reads_any (const sf_ir_expr *e, const char *mark, int n);
/* Mark in MARK the variables the statements S assign (prefetch.c).  */
void rw_mark_assigned (const sf_ir_stmt *s, char *mark);
/* Return nonzero when A and B are the same expression, variable VA of A
   standing for variable VB of B (-1, -1: none; tiles.c).  */
int rw_same (const sf_ir_expr *a, const sf_ir_expr *b, int va, int vb);
/* Return nonzero when E is the variable VAR, perhaps converted.  */
int rw_is_var (const sf_ir_expr *e, int var);

#endif /* SF_OPT_INTERNAL_H */
