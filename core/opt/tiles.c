/* Register tiles, for products by a dense matrix: a row loop whose last
   statement adds a row's values h(l) times the rows of a dense D into
   the row's output,

     for q:                                for qb (groups of 16 rows):
       ... (w computed)                      for q in block:       (phase 1)
       for l:                                  ... (w computed)
         h = w[l]                              o_buf[q - q0] = o(q)
         for m:                                for l: h_buf[q - q0][l] = w[l]
           A[o(q) + m] += h * D[l*S + m]     for each 4 rows of the group:
                                               for m0 in steps of 8: (phase 2)
                                                 acc[4][8] = 0
                                                 for l:        (not vectorized)
                                                   acc[r][c] += h_buf[r][l]
                                                              * D[l*S + m0 + c]
                                                 A[o_r + m0 + c] += acc[r][c]

   is a dense matrix product of the group's rows of h with D.  One row at
   a time (the nest) loads and stores the output row once per l, two
   loads and a store per multiply-add; GCC vectorizes the m loop but
   keeps that traffic.  Four rows of eight doubles at a time keep 32
   sums in registers across the whole l loop (eight vector registers),
   each row of D read once for four rows: per l, two vector loads of D,
   four broadcasts and eight vector multiply-adds.  SpTTM,SpTTM on JF17K
   (L = 32, M = 64; the fibers' rows are these h) was 1.25 ms as a nest,
   0.66 ms written by hand this way; other shapes measured by hand: 2
   rows of 16, 0.83 ms; 3 rows of 16, 1.03; 6 rows of 8, 1.08; 4 rows of
   16, 1.64 (sums spilled).  The l loop is marked not to be vectorized
   (GCC otherwise vectorizes it as a reduction over l with strided loads
   of D, 4.8 ms); its straight-line body is then vectorized by GCC's
   basic-block vectorizer.

   The rows' values and output offsets go into per-thread buffers in a
   first phase (the row loop's body as it was, the product replaced by
   the copy into the buffer), so the rows' other work is unchanged.
   Groups of 16 rows: SDDMM,SpMM,GEMM (K = L = M = 64, bcsstk13), whose
   rows' first phase gathers rows of E, 1.80 ms with the tiles after
   every 4 rows, 1.69 after 16, 1.67 after 64 (2 threads 0.93, 0.88,
   0.86); SpMM,GEMM's C*D (K = 128), whose first phase copies rows of C
   into the buffer, 1.42, 1.45, 1.46 (the buffer of 64 rows past the
   first-level cache); SpTTM,SpTTM alike.
   When the row's body zeroes its output row first (a sparse output's
   fiber, SpTTM,SpTTM), the zeroing goes and the tile stores its sums:
   every element gets the same additions in the same order from zero,
   the results are the same bit for bit.  Otherwise each sum starts from
   its element and stores it back (the same additions in the same order
   again), for tiles whose 4 rows' output ranges do not overlap, tested
   when the tile runs (a tile ending in "+=" stays scalar: GCC's
   basic-block vectorizer cannot move row 1's loads of the output above
   row 0's stores, SpMM,GEMM's C*D 3.8 ms against 1.4); other rows run
   row by row.  A product into an accumulated row (lower/where.c: a
   block zeroed before the product, copied into the output's row after)
   goes into the output's row directly, the block, its zeroing and its
   copy gone: sums from zero stored, or, when the copy adds, added to
   the output's elements, every one of a tile read before any is stored
   (rows apart, tested as above).  SDDMM,SpMM,GEMM on bcsstk13 (K = L =
   M = 64), its fused schedule's product by F: 2.10 -> 1.78 ms.  The
   last rows of a group, fewer than 4, and rows narrower than 8 columns
   run the product row by row from the buffers; the columns past the
   last multiple of 8, a sum over l each, in a loop over the tile's rows
   (not one copy per row: GCC compiles a tile's code for every schedule
   of the run-time choice; the row by row loop for them instead, l
   outside, took 0.93 ms against 0.84 on SDDMM,SpMM,GEMM at M = 19).

   Conditions (lt_match): the row loop's last statement is a loop over l
   from 0 (its extent evaluable before the region: the buffer's size)
   whose body is declarations then a loop over m from 0 whose body is
   one accumulating store OUT[o + m] += h * D[d + m]; h one of those
   declarations, a floating value of OUT's and D's type; o not reading
   l, m or the declarations, and moving with the row; d reading only l,
   the row loop's surroundings and declarations computed from them; the
   rest of the row
   loop reads no OUT and stores to it only the zeroing above, and stores
   nothing into D; no allocation, critical section or parallel loop in
   the row loop; or the same with the product into an accumulated row
   and that row's copy last, its zeroing before.  Not under
   schedule(naive) or memory(...).  */

#include <string.h>
#include "opt/internal.h"

#define LT_ROWS 4		/* rows of a tile */
#ifndef LT_GROUP
#define LT_GROUP 16		/* rows whose first phase runs before their
				   tiles */
#endif
#define LT_BYTES 64		/* bytes of a tile's row: 8 doubles */

typedef struct lt_match
{
  sf_ir_stmt *prod;		/* its last statement, the loop over l */
  sf_ir_stmt *mloop;		/* the loop over m, prod's last statement */
  sf_ir_stmt *zero;		/* the zeroing of the output row, or NULL */
  /* An accumulated row (lower/where.c): the product adds into the
     block ROW_BLOCK, zeroed by ZERO_BLOCK first and copied by COPY into
     OUT's row after (COPY_ADD: added).  */
  int row_block;		/* its array variable, or -1 */
  sf_ir_stmt *zero_block, *copy;
  int copy_add;
  int h;			/* h's variable */
  int out_param, out_var;	/* OUT: a parameter or an array variable */
  int d_param;			/* D */
  const sf_ir_expr *o, *d;	/* the offsets of OUT's and D's rows */
  sf_ty ty;
  char *again;			/* prod's declarations computed again */
} lt_match;

/* Return nonzero when A and B are the same expression, variable VA of A
   standing for variable VB of B.  */
int
rw_same (const sf_ir_expr *a, const sf_ir_expr *b, int va, int vb)
{
  if (!a || !b)
    return a == b;
  if (a->op != b->op || a->ty != b->ty || a->param != b->param)
    return 0;
  switch (a->op)
    {
    case SF_IR_INT:
      return a->ival == b->ival;
    case SF_IR_FLOAT:
      return a->fval == b->fval;
    case SF_IR_VAR:
    case SF_IR_ALOAD:
      if (a->var != b->var && !(a->var == va && b->var == vb))
	return 0;
      break;
    default:
      break;
    }
  return rw_same (a->a, b->a, va, vb) && rw_same (a->b, b->b, va, vb)
	 && rw_same (a->c, b->c, va, vb);
}

/* Return the offset O when IDX is O + VAR or VAR + O, else NULL.  */
static const sf_ir_expr *
lt_offset (const sf_ir_expr *idx, int var)
{
  if (idx->op != SF_IR_ADD)
    return NULL;
  if (rw_is_var (idx->b, var) && !rw_reads_var (idx->a, var))
    return idx->a;
  if (rw_is_var (idx->a, var) && !rw_reads_var (idx->b, var))
    return idx->b;
  return NULL;
}

/* Return nonzero when E reads OUT (parameter OUTP or array OUTV) or
   the accumulated row BLOCK.  */
static int
lt_reads_out (const sf_ir_expr *e, int outp, int outv, int block)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_LOAD || e->op == SF_IR_PARAM) && outp >= 0
      && e->param == outp)
    return 1;
  if (e->op == SF_IR_ALOAD && ((outv >= 0 && e->var == outv)
			       || (block >= 0 && e->var == block)))
    return 1;
  return lt_reads_out (e->a, outp, outv, block)
	 || lt_reads_out (e->b, outp, outv, block)
	 || lt_reads_out (e->c, outp, outv, block);
}

/* Return nonzero when the statements S (the row loop's first phase) may
   be run for the rows of a block before the products of those rows: no
   allocation, critical section or parallel loop, no read of OUT, no
   store to D or to OUT except ZERO (at the top of the list).  */
static int
lt_phase_ok (const sf_ir_stmt *s, const lt_match *m, int top)
{
  for (; s; s = s->next)
    {
      if (top && (s == m->zero || s == m->zero_block || s == m->copy))
	continue;
      switch (s->kind)
	{
	case SF_IR_ALLOC:
	case SF_IR_FREE:
	case SF_IR_CRITICAL:
	case SF_IR_SHOW_PICK:
	  return 0;
	case SF_IR_FOR:
	  if (s->parallel || s->setup || s->teardown)
	    return 0;
	  break;
	case SF_IR_STORE:
	  if (s->param == m->out_param || s->param == m->d_param)
	    return 0;
	  break;
	case SF_IR_ASTORE:
	  if (s->var == m->out_var || s->var == m->row_block)
	    return 0;
	  break;
	default:
	  break;
	}
      if (lt_reads_out (s->a, m->out_param, m->out_var, m->row_block)
	  || lt_reads_out (s->b, m->out_param, m->out_var, m->row_block)
	  || !lt_phase_ok (s->body, m, 0) || !lt_phase_ok (s->else_body, m, 0))
	return 0;
    }
  return 1;
}

/* Return nonzero when S is a loop over z in [0, the extent of M's loop
   over m) whose body is one statement storing into parameter PARAM or
   array VAR (the other -1) at O + z (at z when O is NULL), its value
   VALUE (NULL: 0.0), accumulating when ADD.  */
static int
lt_is_row_loop (const sf_ir_stmt *s, const lt_match *m, int param, int var,
		const sf_ir_expr *o, const sf_ir_expr *value, int add)
{
  if (s->kind != SF_IR_FOR || !s->body || s->body->next
      || s->parallel || s->setup || s->teardown
      || !rw_same (s->a, m->mloop->a, -1, -1)
      || !rw_same (s->b, m->mloop->b, -1, -1))
    return 0;
  const sf_ir_stmt *z = s->body;
  if (z->accumulate != add || !z->b
      || !(z->kind == SF_IR_STORE ? z->param == param
	   : z->kind == SF_IR_ASTORE && z->var == var)
      || (value ? !rw_same (z->b, value, -1, -1)
	  : z->b->op != SF_IR_FLOAT || z->b->fval != 0.0))
    return 0;
  if (!o)
    return rw_is_var (z->a, s->var);
  const sf_ir_expr *zo = lt_offset (z->a, s->var);
  return zo && rw_same (zo, o, -1, -1);
}

/* Return nonzero when S is a loop zeroing OUT[o + z] for z in [0, the
   extent of M's loop over m).  */
static int
lt_is_zero (const sf_ir_stmt *s, const lt_match *m)
{
  return m->row_block < 0 && lt_is_row_loop (s, m, m->out_param, m->out_var,
					     m->o, NULL, 0);
}

/* Fill M for row loop S (ROOT marks the NROOT variables the whole
   schedule declares: the extent of l may read none of them); return
   nonzero when S qualifies.  */
static int
lt_match_loop (sf_pass_ctx *ctx, sf_ir_stmt *s, const char *root, int nroot,
	       lt_match *m)
{
  sf_region *r = ctx->r;
  int n = r->nvars;
  memset (m, 0, sizeof *m);
  m->out_param = m->out_var = m->d_param = m->row_block = -1;
  if (s->kind != SF_IR_FOR || s->setup || s->teardown || !s->body)
    return 0;
  sf_ir_stmt *prod = s->body, *before = NULL;
  while (prod->next)
    {
      before = prod;
      prod = prod->next;
    }
  /* An accumulated row's copy last: the product is the statement
     before it.  */
  const sf_ir_stmt *cp = prod->kind == SF_IR_FOR ? prod->body : NULL;
  if (cp && !cp->next && before && before != s->body
      && (cp->kind == SF_IR_STORE || cp->kind == SF_IR_ASTORE)
      && cp->b && cp->b->op == SF_IR_ALOAD && rw_is_var (cp->b->a, prod->var)
      && r->vars[cp->b->var].is_array)
    {
      m->copy = prod;
      m->copy_add = cp->accumulate;
      m->row_block = cp->b->var;
      prod = before;
    }
  if (prod == s->body || prod->kind != SF_IR_FOR || prod->parallel
      || prod->setup || prod->teardown || !prod->body
      || prod->a->op != SF_IR_INT || prod->a->ival != 0
      || rw_reads_any (prod->b, root, nroot))
    return 0;
  sf_ir_stmt *ml = prod->body;
  for (; ml->next; ml = ml->next)
    if (ml->kind != SF_IR_DECL || !ml->a || r->vars[ml->var].is_array)
      return 0;
  if (ml->kind != SF_IR_FOR || ml->parallel || ml->setup || ml->teardown
      || !ml->body || ml->body->next || ml->a->op != SF_IR_INT
      || ml->a->ival != 0)
    return 0;
  const sf_ir_stmt *st = ml->body;
  if (!st->accumulate || (st->kind != SF_IR_STORE && st->kind != SF_IR_ASTORE)
      || st->b->op != SF_IR_MUL)
    return 0;
  m->prod = prod;
  m->mloop = ml;
  if (m->copy)
    {
      /* The product adds into the block at m, the copy stores OUT[o +
	 z] = block[z] over the same extent, a loop before the product
	 zeroes the block.  */
      const sf_ir_stmt *cp = m->copy->body;
      if (st->kind != SF_IR_ASTORE || st->var != m->row_block
	  || !rw_is_var (st->a, ml->var))
	return 0;
      m->ty = r->vars[m->row_block].ty;
      if (cp->kind == SF_IR_STORE)
	m->out_param = cp->param;
      else
	m->out_var = cp->var;
      if ((cp->kind == SF_IR_STORE ? r->params[cp->param].ty
	   : r->vars[cp->var].ty) != m->ty || m->out_var == m->row_block)
	return 0;
      m->o = lt_offset (cp->a, m->copy->var);
      if (!m->o || !lt_is_row_loop (m->copy, m, m->out_param, m->out_var,
				    m->o, cp->b, m->copy_add))
	return 0;
      for (sf_ir_stmt *b = s->body; b != prod; b = b->next)
	if (!m->zero_block && lt_is_row_loop (b, m, -1, m->row_block, NULL,
					       NULL, 0))
	  m->zero_block = b;
      if (!m->zero_block)
	return 0;
    }
  else if (st->kind == SF_IR_STORE)
    {
      m->out_param = st->param;
      m->ty = r->params[st->param].ty;
    }
  else
    {
      m->out_var = st->var;
      m->ty = r->vars[st->var].ty;
    }
  if (m->ty != SF_TY_F64 && m->ty != SF_TY_F32)
    return 0;
  /* h * D[d + m], either way round.  */
  const sf_ir_expr *hv = st->b->a, *dl = st->b->b;
  if (hv->op != SF_IR_VAR)
    {
      const sf_ir_expr *t = hv;
      hv = dl;
      dl = t;
    }
  if (hv->op != SF_IR_VAR || dl->op != SF_IR_LOAD
      || r->params[dl->param].ty != m->ty || dl->param == m->out_param)
    return 0;
  m->h = hv->var;
  m->d_param = dl->param;
  m->d = lt_offset (dl->a, ml->var);
  if (!m->copy)
    m->o = lt_offset (st->a, ml->var);
  if (!m->d || !m->o)
    return 0;
  /* The declarations of prod's head: h among them; those computed
     again in the tile read only l, the row loop's surroundings and
     earlier ones computed again.  */
  char *inner = sf_arena_alloc (ctx->arena, (size_t) n);
  memset (inner, 0, (size_t) n);
  rw_mark_decls (s->body, inner);
  inner[s->var] = 1;
  m->again = sf_arena_alloc (ctx->arena, (size_t) n);
  memset (m->again, 0, (size_t) n);
  int hfound = 0;
  for (const sf_ir_stmt *d = prod->body; d != ml; d = d->next)
    {
      if (d->var == m->h)
	hfound = r->vars[d->var].ty == m->ty;
      int ok = 1;
      for (int v = 0; v < n && ok; v++)
	if (inner[v] && v != prod->var && !m->again[v]
	    && rw_reads_var (d->a, v))
	  ok = 0;
      m->again[d->var] = ok && d->var != m->h;
    }
  if (!hfound)
    return 0;
  /* o: not l, m or the head; d: l, the surroundings, the head computed
     again; the extent of m invariant in the row loop.  */
  for (const sf_ir_stmt *d = prod->body; d != ml; d = d->next)
    if (rw_reads_var (m->o, d->var))
      return 0;
  if (rw_reads_var (m->o, prod->var) || rw_reads_any (ml->b, inner, n)
      || rw_reads_var (m->d, m->h))
    return 0;
  /* o moves with the row (else every row adds into the same elements:
     the entries of a row of B into one row of A, which the tiles would
     only run row by row).  */
  if (!rw_reads_any (m->o, inner, n))
    return 0;
  for (int v = 0; v < n; v++)
    if (inner[v] && v != prod->var && !m->again[v] && rw_reads_var (m->d, v))
      return 0;
  /* The rest of the row loop.  */
  for (sf_ir_stmt *b = s->body; b != prod; b = b->next)
    if (!m->zero && lt_is_zero (b, m))
      m->zero = b;
  sf_ir_stmt *saved = prod;
  for (sf_ir_stmt *b = s->body; b; b = b->next)
    if (b->next == prod)
      b->next = NULL;
  int ok = lt_phase_ok (s->body, m, 1);
  for (sf_ir_stmt *b = s->body; b; b = b->next)
    if (!b->next)
      {
	b->next = saved;
	break;
      }
  /* prod's head reads no OUT and stores nothing.  */
  for (const sf_ir_stmt *d = prod->body; d != ml && ok; d = d->next)
    ok = !lt_reads_out (d->a, m->out_param, m->out_var, m->row_block);
  return ok && !lt_reads_out (m->d, m->out_param, m->out_var, m->row_block)
	 && !lt_reads_out (m->o, m->out_param, m->out_var, m->row_block);
}

/* Return a new per-thread buffer NAME of N elements of TY, registered
   as a workspace (the lowering allocates it in the setup of the
   parallel loop using it, else before the schedule).  */
static int
lt_buffer (sf_pass_ctx *ctx, const char *name, sf_ty ty, sf_ir_expr *n)
{
  sf_work *x = &ctx->work[ctx->nwork++];
  memset (x, 0, sizeof *x);
  x->var = sf_region_array (ctx->arena, ctx->r, name, ty);
  x->size = n;
  x->fused = 1;
  x->heap = 1;
  x->pos_acc = -1;
  x->alloc = sf_ir_alloc (ctx->arena, x->var, sf_ir_clone (ctx->arena, n), 1,
			  &x->release);
  return x->var;
}

/* Append to LIST prod's declarations computed again, over fresh
   variables, for a loop over l whose variable is L; MAP (N entries)
   records them, l included.  */
static void
lt_again (sf_pass_ctx *ctx, const lt_match *m, int l, int *map, int n,
	  sf_ir_list *list)
{
  for (int v = 0; v < n; v++)
    map[v] = -1;
  map[m->prod->var] = l;
  /* The head: the declarations before the loop over m (the copy into
     the buffer in its place now).  */
  for (const sf_ir_stmt *d = m->prod->body; d && d->kind == SF_IR_DECL;
       d = d->next)
    if (m->again[d->var])
      {
	int v = rw_new_var (ctx, ctx->r->vars[d->var].name,
			    ctx->r->vars[d->var].ty);
	sf_ir_append (list, sf_ir_decl (ctx->arena, v,
					rw_rename (ctx, d->a, map)));
	map[d->var] = v;
      }
}

/* Return OUT[OFF] = VALUE, or += when ADD.  */
static sf_ir_stmt *
lt_store (sf_pass_ctx *ctx, const lt_match *m, sf_ir_expr *off,
	  sf_ir_expr *value, int add)
{
  if (m->out_param >= 0)
    return sf_ir_store (ctx->arena, m->out_param, off, value, add);
  return sf_ir_astore (ctx->arena, m->out_var, off, value, add);
}

/* Return OUT[OFF].  */
static sf_ir_expr *
lt_load (sf_pass_ctx *ctx, const lt_match *m, sf_ir_expr *off)
{
  if (m->out_param >= 0)
    return sf_ir_load (ctx->arena, ctx->r, m->out_param, off);
  return sf_ir_aload (ctx->arena, ctx->r, m->out_var, off);
}

/* Return the value a tile's sum for OUT[OFF] starts from: zero when the
   row was zeroed (SET), else the element itself.  */
static sf_ir_expr *
lt_start (sf_pass_ctx *ctx, const lt_match *m, sf_ir_expr *off, int set)
{
  return set ? sf_ir_float (ctx->arena, 0.0, m->ty) : lt_load (ctx, m, off);
}

/* Return the index of column C of a tile starting at column M0 in the
   row at offset O: O + (M0 + C).  */
static sf_ir_expr *
lt_col (sf_pass_ctx *ctx, int o, int m0, int c)
{
  return sf_ir_add (ctx->arena, rw_var (ctx, o),
		    sf_ir_add (ctx->arena, rw_var (ctx, m0),
			       sf_ir_int (ctx->arena, c)));
}

/* Return the index of h(l) of the buffer's row R0 + I (rows of LEXT):
   (R0 + I) * LEXT + L.  */
static sf_ir_expr *
lt_h_at (sf_pass_ctx *ctx, int r0, int i, const sf_ir_expr *lext, int l)
{
  sf_arena *A = ctx->arena;
  return sf_ir_add (A, sf_ir_mul (A, sf_ir_add (A, rw_var (ctx, r0),
						sf_ir_int (A, i)),
				  sf_ir_clone (A, lext)),
		    rw_var (ctx, l));
}

/* Return the statements replacing row loop S when it qualifies, else
   NULL.  */
static sf_ir_stmt *
lt_loop (sf_pass_ctx *ctx, sf_ir_stmt *s, const char *root, int nroot)
{
  sf_arena *A = ctx->arena;
  sf_region *r = ctx->r;
  lt_match mm, *m = &mm;
  if (ctx->nwork + 2 > SF_MAX_WORK || !lt_match_loop (ctx, s, root, nroot, m))
    return NULL;
  int n = r->nvars;
  int *map = sf_arena_alloc (A, sizeof (int) * (size_t) n);
  sf_ir_expr *lext = m->prod->b, *mext = m->mloop->b;
  int cols = LT_BYTES / sf_ty_bytes (m->ty);
  /* The sums start from zero when the row was zeroed (its zeroing
     gone) or accumulated in a block; a block's copy that adds becomes
     an addition after the tile.  Otherwise they start from the output's
     elements.  */
  int set = m->zero != NULL || m->copy != NULL;
  int add_after = m->copy && m->copy_add;
  int disjoint = !set || add_after;	/* the tiles need rows apart */
  const char *qname = r->vars[s->var].name;

  sf_ir_list out = { 0 }, block = { 0 };
  sf_ir_expr *lo, *hi;
  int nblocks = rw_loop_blocks (ctx, s, LT_GROUP, 1, &out, &lo, &hi);
  int hbuf = lt_buffer (ctx, "h_tile", m->ty,
			sf_ir_mul (A, sf_ir_int (A, LT_GROUP),
				   sf_ir_clone (A, lext)));
  int obuf = lt_buffer (ctx, "o_tile", SF_TY_INDEX, sf_ir_int (A, LT_GROUP));
  int q0, q1;
  int b = rw_block_bounds (ctx, &block, qname, "tile", LT_GROUP, lo, hi,
			   &q0, &q1);

  /* Phase 1: the row loop itself over the block, its product replaced
     by the copy of h and the row's offset into the buffers.  */
  sf_ir_expr *rowi = sf_ir_sub (A, rw_var (ctx, s->var), rw_var (ctx, q0));
  sf_ir_stmt **link = &m->prod->body;
  while (*link != m->mloop)
    link = &(*link)->next;
  *link = sf_ir_astore (A, hbuf, sf_ir_add
			(A, sf_ir_mul (A, sf_ir_clone (A, rowi),
				       sf_ir_clone (A, lext)),
			 rw_var (ctx, m->prod->var)),
			rw_var (ctx, m->h), 0);
  sf_ir_stmt *ostore = sf_ir_astore (A, obuf, rowi,
				     sf_ir_clone (A, m->o), 0);
  sf_ir_list body1 = { 0 };
  for (sf_ir_stmt *d = s->body, *next; d; d = next)
    {
      next = d->next;
      if (d == m->zero || d == m->zero_block || d == m->copy)
	continue;
      d->next = NULL;
      if (d == m->prod)
	sf_ir_append (&body1, ostore);
      sf_ir_append (&body1, d);
    }
  s->next = NULL;
  s->a = rw_var (ctx, q0);
  s->b = rw_var (ctx, q1);
  s->body = body1.head;
  s->parallel = 0;
  s->chunk = 0;
  s->par_if = NULL;
  sf_ir_append (&block, s);

  /* Phase 2, over the group's rows 4 at a time (rows R0 to R1 of the
     buffers): a whole tile of rows, the tiles.  */
  sf_ir_list sub = { 0 }, tile = { 0 };
  int r0, r1;
  int sb = rw_block_bounds (ctx, &sub, "tile", NULL, LT_ROWS,
			    sf_ir_int (A, 0), sf_ir_sub (A, rw_var (ctx, q1),
							 rw_var (ctx, q0)),
			    &r0, &r1);
  int o[LT_ROWS];
  for (int i = 0; i < LT_ROWS; i++)
    {
      o[i] = rw_new_var (ctx, "o_row", SF_TY_INDEX);
      sf_ir_append (&sub, sf_ir_decl (A, o[i], sf_ir_aload
				      (A, r, obuf, sf_ir_add
				       (A, rw_var (ctx, r0),
					sf_ir_int (A, i)))));
    }
  int ncol = rw_new_var (ctx, "m_tiles", SF_TY_INDEX);
  sf_ir_append (&tile, sf_ir_decl (A, ncol, sf_ir_binary
				   (A, SF_IR_DIV, sf_ir_clone (A, mext),
				    sf_ir_int (A, cols))));
  {
    int mb = rw_new_var (ctx, "m_tile", SF_TY_INDEX);
    int m0 = rw_new_var (ctx, "m0", SF_TY_INDEX);
    sf_ir_list cb = { 0 }, lb = { 0 };
    sf_ir_append (&cb, sf_ir_decl (A, m0, sf_ir_mul (A, rw_var (ctx, mb),
						     sf_ir_int (A, cols))));
    int acc[LT_ROWS][LT_BYTES / 4];
    for (int i = 0; i < LT_ROWS; i++)
      for (int c = 0; c < cols; c++)
	{
	  acc[i][c] = rw_new_var (ctx, "acc", m->ty);
	  sf_ir_append (&cb, sf_ir_decl
			(A, acc[i][c], lt_start (ctx, m, lt_col (ctx, o[i], m0,
								 c), set)));
	}
    int l = rw_new_var (ctx, r->vars[m->prod->var].name, SF_TY_INDEX);
    lt_again (ctx, m, l, map, n, &lb);
    sf_ir_expr *doff = rw_rename (ctx, m->d, map);
    int hv[LT_ROWS], dv[LT_BYTES / 4];
    for (int i = 0; i < LT_ROWS; i++)
      {
	hv[i] = rw_new_var (ctx, r->vars[m->h].name, m->ty);
	sf_ir_append (&lb, sf_ir_decl
		      (A, hv[i], sf_ir_aload (A, r, hbuf,
					      lt_h_at (ctx, r0, i, lext, l))));
      }
    for (int c = 0; c < cols; c++)
      {
	dv[c] = rw_new_var (ctx, "d", m->ty);
	sf_ir_append (&lb, sf_ir_decl
		      (A, dv[c], sf_ir_load
		       (A, r, m->d_param, sf_ir_add
			(A, sf_ir_clone (A, doff),
			 sf_ir_add (A, rw_var (ctx, m0), sf_ir_int (A, c))))));
      }
    for (int i = 0; i < LT_ROWS; i++)
      for (int c = 0; c < cols; c++)
	sf_ir_append (&lb, sf_ir_assign
		      (A, acc[i][c], sf_ir_add
		       (A, rw_var (ctx, acc[i][c]),
			sf_ir_mul (A, rw_var (ctx, hv[i]),
				   rw_var (ctx, dv[c])))));
    sf_ir_stmt *lloop = sf_ir_for (A, l, sf_ir_int (A, 0),
				   sf_ir_clone (A, lext), lb.head);
    lloop->novector = 1;
    sf_ir_append (&cb, lloop);
    /* Adding after the tile: every element read before any is stored
       (rows apart, but GCC cannot know).  */
    int old[LT_ROWS][LT_BYTES / 4];
    for (int i = 0; i < LT_ROWS && add_after; i++)
      for (int c = 0; c < cols; c++)
	{
	  old[i][c] = rw_new_var (ctx, "was", m->ty);
	  sf_ir_append (&cb, sf_ir_decl
			(A, old[i][c], lt_load (ctx, m, lt_col (ctx, o[i], m0,
								c))));
	}
    for (int i = 0; i < LT_ROWS; i++)
      for (int c = 0; c < cols; c++)
	sf_ir_append (&cb, lt_store
		      (ctx, m, lt_col (ctx, o[i], m0, c),
		       add_after ? sf_ir_add (A, rw_var (ctx, old[i][c]),
					      rw_var (ctx, acc[i][c]))
		       : rw_var (ctx, acc[i][c]), 0));
    sf_ir_append (&tile, sf_ir_for (A, mb, sf_ir_int (A, 0),
				    rw_var (ctx, ncol), cb.head));
  }
  {
    /* The columns past the last whole tile, one at a time, for each
       of the tile's rows: a sum over l in a register.  */
    int i = rw_new_var (ctx, "tile_row", SF_TY_INDEX);
    int ov = rw_new_var (ctx, "o_row", SF_TY_INDEX);
    int mt = rw_new_var (ctx, r->vars[m->mloop->var].name, SF_TY_INDEX);
    sf_ir_list rb = { 0 }, cb = { 0 }, lb = { 0 };
    sf_ir_append (&rb, sf_ir_decl (A, ov, sf_ir_aload (A, r, obuf,
							rw_var (ctx, i))));
    int a = rw_new_var (ctx, "acc", m->ty);
    sf_ir_expr *at = sf_ir_add (A, rw_var (ctx, ov), rw_var (ctx, mt));
    sf_ir_append (&cb, sf_ir_decl (A, a, lt_start (ctx, m, at, set)));
    int l = rw_new_var (ctx, r->vars[m->prod->var].name, SF_TY_INDEX);
    lt_again (ctx, m, l, map, n, &lb);
    sf_ir_expr *hx = sf_ir_aload
      (A, r, hbuf, sf_ir_add (A, sf_ir_mul (A, rw_var (ctx, i),
					     sf_ir_clone (A, lext)),
			      rw_var (ctx, l)));
    sf_ir_expr *dx = sf_ir_load
      (A, r, m->d_param, sf_ir_add (A, rw_rename (ctx, m->d, map),
				    rw_var (ctx, mt)));
    sf_ir_append (&lb, sf_ir_assign
		  (A, a, sf_ir_add (A, rw_var (ctx, a), sf_ir_mul (A, hx, dx))));
    sf_ir_append (&cb, sf_ir_for (A, l, sf_ir_int (A, 0),
				  sf_ir_clone (A, lext), lb.head));
    sf_ir_append (&cb, lt_store
		  (ctx, m, sf_ir_clone (A, at), add_after
		   ? sf_ir_add (A, lt_load (ctx, m, sf_ir_clone (A, at)),
				rw_var (ctx, a))
		   : rw_var (ctx, a), 0));
    sf_ir_append (&rb, sf_ir_for
		  (A, mt, sf_ir_mul (A, rw_var (ctx, ncol),
				     sf_ir_int (A, cols)),
		   sf_ir_clone (A, mext), cb.head));
    sf_ir_append (&tile, sf_ir_for (A, i, rw_var (ctx, r0),
				    rw_var (ctx, r1), rb.head));
  }

  /* Phase 2 row by row, from the buffers: the rows past the last 4 of
     the group, rows narrower than a tile, rows that overlap.  */
  sf_ir_list rows = { 0 };
  {
    int i = rw_new_var (ctx, "tile_row", SF_TY_INDEX);
    int ov = rw_new_var (ctx, "o_row", SF_TY_INDEX);
    sf_ir_append (&rows, sf_ir_decl (A, ov, sf_ir_aload (A, r, obuf,
							  rw_var (ctx, i))));
    if (m->copy)
      {
	/* The block zeroed, the product into it, its copy.  */
	sf_ir_stmt *zb = sf_ir_for
	  (A, rw_new_var (ctx, r->vars[m->zero_block->var].name,
			  SF_TY_INDEX), sf_ir_int (A, 0), sf_ir_clone (A, mext),
	   NULL);
	zb->body = sf_ir_astore (A, m->row_block, rw_var (ctx, zb->var),
				 sf_ir_float (A, 0.0, m->ty), 0);
	sf_ir_append (&rows, zb);
      }
    else if (set)
      {
	int z = rw_new_var (ctx, r->vars[m->zero->var].name, SF_TY_INDEX);
	sf_ir_append (&rows, sf_ir_for
		      (A, z, sf_ir_int (A, 0), sf_ir_clone (A, mext),
		       lt_store (ctx, m, sf_ir_add (A, rw_var (ctx, ov),
						    rw_var (ctx, z)),
				 sf_ir_float (A, 0.0, m->ty), 0)));
      }
    sf_ir_list lb = { 0 };
    int l = rw_new_var (ctx, r->vars[m->prod->var].name, SF_TY_INDEX);
    lt_again (ctx, m, l, map, n, &lb);
    int h = rw_new_var (ctx, r->vars[m->h].name, m->ty);
    sf_ir_append (&lb, sf_ir_decl
		  (A, h, sf_ir_aload
		   (A, r, hbuf, sf_ir_add
		    (A, sf_ir_mul (A, rw_var (ctx, i), sf_ir_clone (A, lext)),
		     rw_var (ctx, l)))));
    int mv = rw_new_var (ctx, r->vars[m->mloop->var].name, SF_TY_INDEX);
    sf_ir_expr *dx = sf_ir_mul
      (A, rw_var (ctx, h), sf_ir_load
       (A, r, m->d_param, sf_ir_add (A, rw_rename (ctx, m->d, map),
				     rw_var (ctx, mv))));
    sf_ir_stmt *st = m->copy
      ? sf_ir_astore (A, m->row_block, rw_var (ctx, mv), dx, 1)
      : lt_store (ctx, m, sf_ir_add (A, rw_var (ctx, ov), rw_var (ctx, mv)),
		  dx, 1);
    sf_ir_append (&lb, sf_ir_for (A, mv, sf_ir_int (A, 0),
				  sf_ir_clone (A, mext), st));
    sf_ir_append (&rows, sf_ir_for (A, l, sf_ir_int (A, 0),
				    sf_ir_clone (A, lext), lb.head));
    if (m->copy)
      {
	int z = rw_new_var (ctx, r->vars[m->copy->var].name, SF_TY_INDEX);
	sf_ir_append (&rows, sf_ir_for
		      (A, z, sf_ir_int (A, 0), sf_ir_clone (A, mext),
		       lt_store (ctx, m, sf_ir_add (A, rw_var (ctx, ov),
						    rw_var (ctx, z)),
				 sf_ir_aload (A, r, m->row_block,
					      rw_var (ctx, z)),
				 m->copy_add)));
      }
    sf_ir_stmt *loop = sf_ir_for (A, i, rw_var (ctx, r0), rw_var (ctx, r1),
				  rows.head);
    rows.head = rows.tail = NULL;
    sf_ir_append (&rows, loop);
  }
  /* The tiles for 4 rows, and, when they add into the output,
     only for rows of it that do not overlap (each sum starts from its
     element and stores it: rows sharing elements, as the entries of one
     row of B adding into one row of A, take the row by row path).  */
  sf_ir_expr *whole = sf_ir_binary
    (A, SF_IR_AND, sf_ir_binary (A, SF_IR_EQ,
				 sf_ir_sub (A, rw_var (ctx, r1),
					    rw_var (ctx, r0)),
				 sf_ir_int (A, LT_ROWS)),
     /* A whole tile of columns at least: narrower rows are faster row
	by row (SDDMM,SpMM,GEMM at M = 3 on bcsstk13: 0.61 ms, 0.74 in
	the tiles' column loop).  */
     sf_ir_binary (A, SF_IR_LE, sf_ir_int (A, cols), sf_ir_clone (A, mext)));
  for (int i = 0; i < LT_ROWS && disjoint; i++)
    for (int j = i + 1; j < LT_ROWS; j++)
      whole = sf_ir_binary
	(A, SF_IR_AND, whole, sf_ir_binary
	 (A, SF_IR_OR,
	  sf_ir_binary (A, SF_IR_LE, sf_ir_add (A, rw_var (ctx, o[i]),
						sf_ir_clone (A, mext)),
			rw_var (ctx, o[j])),
	  sf_ir_binary (A, SF_IR_LE, sf_ir_add (A, rw_var (ctx, o[j]),
						sf_ir_clone (A, mext)),
			rw_var (ctx, o[i]))));
  int use = rw_new_var (ctx, "tile_use", SF_TY_INDEX);
  sf_ir_append (&sub, sf_ir_decl (A, use, sf_ir_select
				  (A, whole, sf_ir_int (A, 1),
				   sf_ir_int (A, 0))));
  sf_ir_append (&sub, sf_ir_if (A, sf_ir_binary (A, SF_IR_NE,
						 rw_var (ctx, use),
						 sf_ir_int (A, 0)),
				tile.head, rows.head));
  sf_ir_append (&block, sf_ir_for
		(A, sb, sf_ir_int (A, 0), sf_ir_binary
		 (A, SF_IR_DIV, sf_ir_add (A, sf_ir_sub (A, rw_var (ctx, q1),
							 rw_var (ctx, q0)),
					   sf_ir_int (A, LT_ROWS - 1)),
		  sf_ir_int (A, LT_ROWS)), sub.head));
  sf_ir_stmt *loop = sf_ir_for (A, b, sf_ir_int (A, 0),
				rw_var (ctx, nblocks), block.head);
  sf_ir_append (&out, loop);
  ctx->tiled++;
  ctx->rewrites++;
  return out.head;
}

/* Rewrite the qualifying row loops of the list at *LINK.  */
static void
lt_list (sf_pass_ctx *ctx, sf_ir_stmt **link, const char *root, int nroot)
{
  for (; *link; link = &(*link)->next)
    {
      sf_ir_stmt *s = *link, *next = s->next;
      int parallel = s->kind == SF_IR_FOR && s->parallel;
      int chunk = s->chunk;
      sf_ir_stmt *tiled = lt_loop (ctx, s, root, nroot);
      if (tiled)
	{
	  /* The block loop (the last statement) runs in parallel when
	     the row loop did, a quarter of its chunk.  */
	  sf_ir_stmt *t = tiled;
	  while (t->next)
	    t = t->next;
	  t->parallel = parallel;
	  t->chunk = !parallel ? 0 : chunk > LT_GROUP ? chunk / LT_GROUP : 1;
	  link = rw_splice (link, tiled, next);
	  continue;
	}
      lt_list (ctx, &s->body, root, nroot);
      lt_list (ctx, &s->else_body, root, nroot);
    }
}

/* Rewrite the qualifying products of rows by a dense matrix among the
   statements at *BODY into register tiles (see the top of the file);
   return nonzero when there was one.  */
int
rw_tiles (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  if (!ctx->tune || ctx->memory)
    return 0;
  int before = ctx->rewrites;
  char *root = sf_arena_alloc (ctx->arena, (size_t) ctx->r->nvars);
  memset (root, 0, (size_t) ctx->r->nvars);
  rw_mark_decls (*body, root);
  lt_list (ctx, body, root, ctx->r->nvars);
  return ctx->rewrites > before;
}
