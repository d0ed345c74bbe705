/* Privatized reductions: a serial outer loop that adds into every part of
   a dense output (TTMc's loop over i: each slice of B adds into all of
   A(l,m,n)) runs in parallel, each thread adding into a zeroed copy of
   the output, which it adds into the output at the end, one thread at a
   time.

     FOR q0 [lo, hi)                 FOR q0 [lo, hi) parallel chunk 4
       ...                             setup:    ALLOC A_priv[size]
       A[off] += v                               FOR z: A_priv[z] = 0
       ...                             body:     ... A_priv[off] += v ...
                                       teardown: CRITICAL
                                                   FOR z: A[z] += A_priv[z]
                                                 FREE A_priv

   The loop qualifies (rw_private_ok) when, in its whole body:
     - every store into the output adds (+=) and nothing reads the output
       (the copy holds partial sums only);
     - every scalar it assigns is declared inside it (no value flows from
       one iteration to the next);
     - every array it writes is a workspace fused inside the loops (which
       the lowering then allocates per thread), or allocated inside;
     - it stores into no other parameter and holds no parallel loop.
   The output's elements are contiguous (a dense output's strides are
   products of its extents), so the copy has their product.

   The sums of each element are split between threads and added in the
   order the threads finish (in the order of their numbers when the
   threads split the rows by work, opt/balance.c): the reordering SPEC 4
   allows with threads (1e-9).  On one thread (a run of one, or an input
   too small for threads) the loop runs as it was, into the output
   itself (serial_alt).  A copy per thread costs memory; the caller runs
   the threads only when the copy fits in half the last-level cache (else
   one thread runs the loop as it was, or with one copy when the loop has
   workspaces of its own).  */

#include "opt/internal.h"

typedef struct lp_scan
{
  const sf_pass_ctx *ctx;
  int out;			/* the output's data parameter, or -1 */
  int work;			/* or the workspace's array variable, -1 */
  unsigned char declared[4096];	/* variables declared inside the loop */
  int stores, bad;
} lp_scan;

/* Return nonzero when variable VAR is declared inside the loop.  */
static int
lp_declared (const lp_scan *sc, int var)
{
  return var >= 0 && var < (int) sizeof sc->declared && sc->declared[var];
}

/* Note the variables the statements S declare.  */
static void
lp_declare (lp_scan *sc, const sf_ir_stmt *s)
{
  for (; s; s = s->next)
    {
      if ((s->kind == SF_IR_DECL || s->kind == SF_IR_FOR
	   || s->kind == SF_IR_ALLOC)
	  && s->var >= 0 && s->var < (int) sizeof sc->declared)
	sc->declared[s->var] = 1;
      lp_declare (sc, s->body);
      lp_declare (sc, s->else_body);
      lp_declare (sc, s->setup);
    }
}

/* Return nonzero when E reads the output (the workspace).  */
static int
lp_reads_out (const lp_scan *sc, const sf_ir_expr *e)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_LOAD && sc->out >= 0 && e->param == sc->out)
      || (e->op == SF_IR_ALOAD && sc->work >= 0 && e->var == sc->work))
    return 1;
  return lp_reads_out (sc, e->a) || lp_reads_out (sc, e->b)
	 || lp_reads_out (sc, e->c);
}

/* Return the workspace entry of array variable VAR, or NULL.  */
static const sf_work *
lp_work (const sf_pass_ctx *ctx, int var)
{
  for (int w = ctx->nwork - 1; w >= 0; w--)
    if (ctx->work[w].var == var)
      return &ctx->work[w];
  return NULL;
}

/* Check the statements S against the conditions above.  */
static void
lp_check (lp_scan *sc, const sf_ir_stmt *s)
{
  for (; s && !sc->bad; s = s->next)
    {
      if (lp_reads_out (sc, s->a) || lp_reads_out (sc, s->b))
	sc->bad = 1;
      switch (s->kind)
	{
	case SF_IR_ASSIGN:
	  sc->bad |= !lp_declared (sc, s->var);
	  break;
	case SF_IR_STORE:
	  if (sc->out >= 0 && s->param == sc->out && s->accumulate)
	    sc->stores++;
	  else
	    sc->bad = 1;
	  break;
	case SF_IR_ASTORE:
	  if (sc->work >= 0 && s->var == sc->work)
	    {
	      sc->bad |= !s->accumulate;
	      sc->stores++;
	    }
	  else
	    {
	      const sf_work *x = lp_work (sc->ctx, s->var);
	      sc->bad |= !lp_declared (sc, s->var) && !(x && x->fused);
	    }
	  break;
	case SF_IR_FOR:
	  sc->bad |= s->parallel;
	  break;
	case SF_IR_SHOW_PICK:
	case SF_IR_CRITICAL:
	  sc->bad = 1;
	  break;
	default:
	  break;
	}
      lp_check (sc, s->body);
      lp_check (sc, s->else_body);
    }
}

/* Return nonzero when FOR loop L may run with a private copy of the
   output (data parameter OUT), or of the workspace whose array variable
   is WORK, per thread (the other -1).  */
static int
rw_private_ok (const sf_pass_ctx *ctx, const sf_ir_stmt *l, int out, int work)
{
  lp_scan *sc = SF_NEW (ctx->arena, lp_scan);
  sc->ctx = ctx;
  sc->out = out;
  sc->work = work;
  if (ctx->r->nvars > (int) sizeof sc->declared)
    return 0;
  sc->declared[l->var] = 1;
  lp_declare (sc, l->body);
  lp_check (sc, l->body);
  return !sc->bad && sc->stores > 0;
}

/* Turn the stores into the output (data parameter OUT) or the workspace
   (array variable WORK; the other -1) in S into additions into array
   PRIV.  */
static void
lp_redirect (sf_ir_stmt *s, int out, int work, int priv)
{
  for (; s; s = s->next)
    {
      if ((s->kind == SF_IR_STORE && out >= 0 && s->param == out)
	  || (s->kind == SF_IR_ASTORE && work >= 0 && s->var == work))
	{
	  s->kind = SF_IR_ASTORE;
	  s->var = priv;
	  s->param = 0;
	}
      lp_redirect (s->body, out, work, priv);
      lp_redirect (s->else_body, out, work, priv);
    }
}

/* Iterations per chunk of a loop privatized for a workspace: such a loop
   runs over the rows of a matrix (rank1's producer), tens of thousands
   of short iterations, where taking work from libgomp every few rows
   costs more than the rows (chunks of 4: 4.3 ms instead of 3.0 on R-MAT
   2^17, one thread); an output's privatized loop runs over a tensor's
   slices, few and long, and keeps chunks of 4.  */
#define LW_PRIVATE_ROWS 256

/* Make loop L parallel, each thread adding into a zeroed array of N
   elements of type TY named NAME instead of the output (data parameter
   OUT) or the workspace (array variable WORK; the other -1), which it
   adds into at the end, CHUNK iterations at a time; return L.  *FITS
   gets the test that the copies fit.  */
static sf_ir_stmt *
lp_make_private (sf_pass_ctx *ctx, sf_ir_stmt *l, int out, int work, sf_ty ty,
		 sf_ir_expr *n, const char *name, int chunk, sf_ir_expr **fits)
{
  sf_arena *A = ctx->arena;
  /* On one thread the loop as it was, adding into the target itself: a
     copy would cost its zeroing and its sum for nothing (A^T x over rows
     of 5 entries: a third of the call).  Not for a loop with workspaces
     of its own, which the lowering allocates where the loop is.  */
  sf_ir_stmt *as_was = rw_uses_arrays (l->body) || l->setup || l->teardown
		       ? NULL : rw_copy_stmt (ctx, l);
  int priv = sf_region_array (A, ctx->r, sf_arena_printf (A, "%s_priv",
							  name), ty);
  lp_redirect (l->body, out, work, priv);
  l->serial_alt = as_was;
  /* Setup: the copy, zeroed.  */
  sf_ir_stmt *release;
  sf_ir_stmt *alloc = sf_ir_alloc (A, priv, sf_ir_clone (A, n), 1, &release);
  int z = rw_new_var (ctx, "zp", SF_TY_INDEX);
  alloc->next = sf_ir_for (A, z, sf_ir_int (A, 0), sf_ir_clone (A, n),
			   sf_ir_astore (A, priv, rw_var (ctx, z),
					 sf_ir_float (A, 0.0, ty), 0));
  alloc->next->next = l->setup;
  l->setup = alloc;
  /* Teardown: added into the target one thread at a time.  */
  int z2 = rw_new_var (ctx, "zc", SF_TY_INDEX);
  sf_ir_expr *part = sf_ir_aload (A, ctx->r, priv, rw_var (ctx, z2));
  sf_ir_stmt *add = sf_ir_for
    (A, z2, sf_ir_int (A, 0), sf_ir_clone (A, n),
     out >= 0 ? sf_ir_store (A, out, rw_var (ctx, z2), part, 1)
     : sf_ir_astore (A, work, rw_var (ctx, z2), part, 1));
  sf_ir_stmt *crit = sf_ir_critical (A, add);
  crit->next = release;
  release->next = l->teardown;
  l->teardown = crit;
  l->parallel = 1;
  l->chunk = chunk;
  double bytes = sf_ty_bytes (ty);
  *fits = sf_ir_binary (A, SF_IR_LE,
			sf_ir_mul (A, sf_ir_convert (A, n, SF_TY_F64),
				   sf_ir_float (A, bytes, SF_TY_F64)),
			sf_ir_convert (A, sf_ir_llc_half (A), SF_TY_F64));
  ctx->privatized = l->var;
  ctx->rewrites++;
  ctx->picked += l->serial_alt != NULL;
  ctx->privatized_into = name;
  return l;
}

/* Return nonzero when FOR loop L runs once (a scalar output's loop):
   there is nothing to share among threads.  */
static int
lp_one_iteration (const sf_ir_stmt *l)
{
  return l->a->op == SF_IR_INT && l->b->op == SF_IR_INT
	 && l->b->ival - l->a->ival <= 1;
}

/* Privatize the first qualifying loop among the top-level statements
   at *BODY: one that adds into the dense output, else one that adds into
   a workspace allocated once for the region (rank1's w(l) = sum over the
   rows k of B of s(k) C(k,l), filled before the loops that read it).
   CTX->private_loop gets it (parallel now), CTX->private_fits the test
   that the copies fit (for the caller's if clause); return nonzero when
   there is one.  */
int
rw_privatize (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  if (!ctx->threads)
    return 0;
  sf_ir_stmt *done = NULL;
  if (ctx->out_param >= 0)
    {
      int out = ctx->out_param;
      for (sf_ir_stmt *l = *body; l && !done; l = l->next)
	if (l->kind == SF_IR_FOR && !l->parallel && !lp_one_iteration (l)
	    && rw_private_ok (ctx, l, out, -1))
	  done = lp_make_private (ctx, l, out, -1, ctx->out_ty,
				  ctx->out_elems, ctx->out_name, 4,
				  &ctx->private_fits);
      ctx->private_out = done != NULL;
    }
  for (int w = 0; w < ctx->nwork && !done; w++)
    {
      const sf_work *x = &ctx->work[w];
      if (x->fused || !rw_work_in (ctx, w, *body))
	continue;
      for (sf_ir_stmt *l = *body; l && !done; l = l->next)
	if (l->kind == SF_IR_FOR && !l->parallel
	    && rw_private_ok (ctx, l, -1, x->var))
	  done = lp_make_private (ctx, l, -1, x->var,
				  ctx->r->vars[x->var].ty,
				  sf_ir_clone (ctx->arena, x->size),
				  ctx->r->vars[x->var].name, LW_PRIVATE_ROWS,
				  &ctx->private_fits);
    }
  ctx->private_loop = done;
  return done != NULL;
}
