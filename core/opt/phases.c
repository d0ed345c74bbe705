/* Row phases, for locality: GNN's fused nest computes, for each stored entry of B's
   row, a dot product of a row of C with a row of D, then adds that value
   times a row of E into the row of A:

     for i:                                  for ib (blocks of 64 rows):
       for p in B(i,:):                        base = B_pos[i0]
         j = B_crd[p]                          for i in block:         (phase 1)
         t = sum_k C[i,k] * D[j,k]               for p in B(i,:):
         h = B_vals[p] * t                         j = B_crd[p]; t = ...; h = ...
         for l: r_l[l] += h * E[j,l]              w_ph[p - base] = h
                                               for i in block:         (phase 2)
                                                 for p in B(i,:):
                                                   j = B_crd[p]; h = w_ph[p - base]
                                                   for l: r_l[l] += h * E[j,l]

   One entry needs its row of D and its row of E at once: on bcsstk13 at
   K = L = 64, the rows one row of B reaches fill the first-level cache
   twice over (about 42 entries, 21 KB of D and 21 KB of E, with 48 KB of
   cache), so the rows the next row of B shares with it are gone.  The
   unfused schedule reads all of D first, then all of E, and was 15%
   faster.  In phases over blocks of rows each phase keeps its own
   operand's rows, and the value between them is one double per entry of
   the block (w_ph, one per thread, as long as the block with the most
   entries).  Measured by hand, 1 thread, medians (build/bench/driver
   -a): the fused nest 1.60 ms, phases over 16 rows 1.36, 64 rows 1.33,
   256 rows 1.31, unfused 1.35; at K = L = 32, where both fit, all alike
   (0.74-0.76 ms).  Phases within each row (all dot products of the row,
   then its updates) did not help (1.62): the rows of B next to each
   other share their columns.  Phases across columns (the nest over the
   first half of the columns, then over the second) did not either
   (1.68).

   Without shared columns there is nothing to keep: on R-MAT 2^17 the
   phases took 128.7-134.4 ms where the nest, its rows prefetched
   (opt/prefetch.c), takes 122.0.  So the code runs the phases only
   when a block spans few columns: the sum over blocks of |crd at its
   last entry - crd at its first| times the bytes of a row of D and one
   of E, at most LW_PHASE_SPAN per block on average (a pass over the
   blocks before the loop, two loads each), and when the rows one row of
   B reaches take LW_PHASE_ROW bytes or more on average (fewer stay in
   the first-level cache anyway: SDDMM,SpMM,GEMM at K = L = 32, M = 8 on
   bcsstk13 took 0.43 ms as a nest, 0.50 in phases); else the row loop
   as it was.  bcsstk13 at K = L = 64: about 130 columns a block, 130
   KB, and 42 rows of 1 KB a row of B: phases; R-MAT: most of the
   columns: the nest.  Side by side (K = L = 64, 1 and 2 threads):
   bcsstk13 1.59 -> 1.35 ms and 0.85 -> 0.72 ms (unfused 1.38, 0.80);
   R-MAT 2^17 121.3 -> 121.8 and 51.0 -> 50.6 ms.

   The rewrite (rw_row_phases, before the other loop rewrites): a row
   loop (parallel, or a dense loop) whose body is declarations, then
   other statements, with one loop P over positions pos[i] .. pos[i+1]
   of a pointer parameter pos; P's body a head that has a loop (the dot
   product) and ends with the declaration of a floating value h, then
   one dense loop (the tail) that reads h and, from the head, only
   declarations of integers it can compute again, and stores into the
   output, its accumulated row, or a where-statement's workspace of one
   index (SDDMM,SpMM,GEMM's w_l); opt/row_blocks.c then blocks the second
   phase's rows in turn (the block loop is in ctx->phase_loops, the
   second phase's row loop a dense loop): without that, phases undid the
   row blocks (SDDMM,SpMM,GEMM on bcsstk13 2.36 -> 2.62 ms); with it,
   2.38 -> 2.11 ms (unfused 2.14), 2 threads 1.44 -> 1.25 (unfused
   1.31).  The head stores
   nothing and reads no parameter or array that the row loop's body
   writes.  Every value then goes where it went, in the same order for
   each element: the results are the same bit for bit.  The phases are
   a copy over fresh variables and workspaces of their own (the row
   loop stays for the other branch).  */

#include <string.h>
#include "opt/internal.h"

#define LW_PHASE_ROWS 64
#define LW_PHASE_SPAN (1 << 20)	/* bytes of D and E rows a block may span */
#define LW_PHASE_ROW (1 << 15)	/* bytes of D and E rows a row of B reaches,
				   at least */

/* Return nonzero when E reads a parameter or an array variable that the
   statements S store into.  */
static int lph_reads_written (const sf_ir_expr *e, const sf_ir_stmt *s);

/* Return nonzero when the statements S store into parameter PARAM (>= 0)
   or array variable VAR (>= 0).  */
static int
lph_writes (const sf_ir_stmt *s, int param, int var)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_STORE && param >= 0 && s->param == param)
	return 1;
      if (s->kind == SF_IR_ASTORE && var >= 0 && s->var == var)
	return 1;
      if (lph_writes (s->body, param, var)
	  || lph_writes (s->else_body, param, var))
	return 1;
    }
  return 0;
}

/* Return nonzero when the statements S (their bodies too) read variable
   VAR.  */
static int
lph_list_reads (const sf_ir_stmt *s, int var)
{
  for (; s; s = s->next)
    if (rw_reads_var (s->a, var) || rw_reads_var (s->b, var)
	|| lph_list_reads (s->body, var) || lph_list_reads (s->else_body, var))
      return 1;
  return 0;
}

static int
lph_reads_written (const sf_ir_expr *e, const sf_ir_stmt *s)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_LOAD || e->op == SF_IR_PARAM)
      && lph_writes (s, e->param, -1))
    return 1;
  if (e->op == SF_IR_ALOAD && lph_writes (s, -1, e->var))
    return 1;
  return lph_reads_written (e->a, s) || lph_reads_written (e->b, s)
	 || lph_reads_written (e->c, s);
}

/* Return nonzero when the statements S (their bodies too) store
   nothing, and read nothing that BODY stores into.  */
static int
lph_pure_list (const sf_ir_stmt *s, const sf_ir_stmt *body)
{
  for (; s; s = s->next)
    {
      if (s->kind != SF_IR_DECL && s->kind != SF_IR_ASSIGN
	  && s->kind != SF_IR_FOR && s->kind != SF_IR_IF)
	return 0;
      if (s->kind == SF_IR_FOR && (s->parallel || s->setup || s->teardown))
	return 0;
      if (lph_reads_written (s->a, body) || lph_reads_written (s->b, body)
	  || !lph_pure_list (s->body, body)
	  || !lph_pure_list (s->else_body, body))
	return 0;
    }
  return 1;
}

/* Mark in MARK the variables the statements S declare (loop counters
   included).  */
void
rw_mark_decls (const sf_ir_stmt *s, char *mark)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_DECL || s->kind == SF_IR_FOR)
	mark[s->var] = 1;
      rw_mark_decls (s->body, mark);
      rw_mark_decls (s->else_body, mark);
    }
}

/* Return nonzero when E reads a variable MARK marks (N variables).  */
int
rw_reads_any (const sf_ir_expr *e, const char *mark, int n)
{
  for (int v = 0; v < n; v++)
    if (mark[v] && rw_reads_var (e, v))
      return 1;
  return 0;
}

/* Return nonzero when every store of the statements S goes to a
   parameter (the output) or to an accumulated row's block.  */
static int
lph_stores_out (const sf_pass_ctx *ctx, const sf_ir_stmt *s)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_ASTORE)
	{
	  int ok = 0;
	  for (int w = 0; w < ctx->nwork; w++)
	    if (ctx->work[w].var == s->var && rw_work_live (ctx, w))
	      ok = ctx->work[w].out_block == 2
		   || (ctx->work[w].fused & ctx->first_index
		       && __builtin_popcount (ctx->work[w].idx) == 1);
	  if (!ok)
	    return 0;
	}
      if (!lph_stores_out (ctx, s->body)
	  || !lph_stores_out (ctx, s->else_body))
	return 0;
    }
  return 1;
}

/* Return nonzero when E reads array VAR.  */
static int
lph_expr_uses (const sf_ir_expr *e, int var)
{
  if (!e)
    return 0;
  if (e->op == SF_IR_ALOAD && e->var == var)
    return 1;
  return lph_expr_uses (e->a, var) || lph_expr_uses (e->b, var)
	 || lph_expr_uses (e->c, var);
}

/* Return nonzero when the statements S read or store array VAR.  */
static int
lph_uses_array (const sf_ir_stmt *s, int var)
{
  for (; s; s = s->next)
    if ((s->kind == SF_IR_ASTORE && s->var == var)
	|| lph_expr_uses (s->a, var) || lph_expr_uses (s->b, var)
	|| lph_uses_array (s->body, var) || lph_uses_array (s->else_body, var))
      return 1;
  return 0;
}

/* Return nonzero when statement B comes before END in the list from
   FIRST.  */
static int
lph_before (const sf_ir_stmt *first, const sf_ir_stmt *b,
	    const sf_ir_stmt *end)
{
  for (const sf_ir_stmt *d = first; d != end; d = d->next)
    if (d == b)
      return 1;
  return 0;
}

/* Return nonzero when E is the variable VAR, perhaps converted.  */
int
rw_is_var (const sf_ir_expr *e, int var)
{
  while (e && e->op == SF_IR_CONVERT)
    e = e->a;
  return e && e->op == SF_IR_VAR && e->var == var;
}

/* Return nonzero when E is the integer 1.  */
static int
lph_is_one (const sf_ir_expr *e)
{
  return e->op == SF_IR_INT && e->ival == 1;
}

/* Return nonzero when loop P runs over POS[i] .. POS[i + 1] of one
   pointer parameter, i the variable I.  */
static int
lph_row_range (const sf_ir_stmt *p, int i)
{
  const sf_ir_expr *a = p->a, *b = p->b;
  while (a->op == SF_IR_CONVERT)
    a = a->a;
  while (b->op == SF_IR_CONVERT)
    b = b->a;
  if (a->op != SF_IR_LOAD || b->op != SF_IR_LOAD || a->param != b->param
      || !rw_is_var (a->a, i))
    return 0;
  const sf_ir_expr *n = b->a;
  while (n->op == SF_IR_CONVERT)
    n = n->a;
  return n->op == SF_IR_ADD
	 && ((rw_is_var (n->a, i) && lph_is_one (n->b))
	     || (rw_is_var (n->b, i) && lph_is_one (n->a)));
}

/* Return a copy of E with each variable and array v for which MAP[v]
   >= 0 replaced by MAP[v].  */
static sf_ir_expr *
lph_rename (sf_pass_ctx *ctx, const sf_ir_expr *e, const int *map)
{
  if (!e)
    return NULL;
  sf_ir_expr *c = SF_NEW (ctx->arena, sf_ir_expr);
  *c = *e;
  if ((c->op == SF_IR_VAR || c->op == SF_IR_ALOAD) && map[c->var] >= 0)
    c->var = map[c->var];
  c->a = lph_rename (ctx, e->a, map);
  c->b = lph_rename (ctx, e->b, map);
  c->c = lph_rename (ctx, e->c, map);
  return c;
}

/* Return a copy of the statements S with the variables and arrays MAP
   renames, everything they declare (loop counters included) over fresh
   variables, recorded in MAP: the copy and the original may both stay.  */
static sf_ir_stmt *
lph_copy (sf_pass_ctx *ctx, const sf_ir_stmt *s, int *map)
{
  sf_region *r = ctx->r;
  sf_ir_list out = { 0 };
  for (; s; s = s->next)
    {
      sf_ir_stmt *c = SF_NEW (ctx->arena, sf_ir_stmt);
      *c = *s;
      c->next = NULL;
      c->a = lph_rename (ctx, s->a, map);
      c->b = lph_rename (ctx, s->b, map);
      if (s->kind == SF_IR_DECL || s->kind == SF_IR_FOR)
	{
	  c->var = rw_new_var (ctx, r->vars[s->var].name,
			       r->vars[s->var].ty);
	  map[s->var] = c->var;
	}
      else if ((s->kind == SF_IR_ASSIGN || s->kind == SF_IR_ASTORE)
	       && map[s->var] >= 0)
	c->var = map[s->var];
      c->body = lph_copy (ctx, s->body, map);
      c->else_body = lph_copy (ctx, s->else_body, map);
      /* A dense loop's copy is one too (the partial sums and the jam
	 look for them).  */
      if (s->kind == SF_IR_FOR && rw_is_dense_for (ctx, s)
	  && ctx->ndense_for < ctx->max_dense_for)
	ctx->dense_for[ctx->ndense_for++] = c;
      sf_ir_append (&out, c);
    }
  return out.head;
}

/* Append to OUT the declarations of LIST (up to END) over fresh
   variables, recording them in MAP; only those KEEP marks when KEEP is
   not NULL.  */
static void
lph_decls (sf_pass_ctx *ctx, const sf_ir_stmt *list, const sf_ir_stmt *end,
	   const char *keep, int *map, sf_ir_list *out)
{
  for (const sf_ir_stmt *d = list; d != end; d = d->next)
    if (d->kind == SF_IR_DECL && (!keep || keep[d->var]))
      {
	int v = rw_new_var (ctx, ctx->r->vars[d->var].name,
			    ctx->r->vars[d->var].ty);
	sf_ir_append (out, sf_ir_decl (ctx->arena, v,
				       lph_rename (ctx, d->a, map)));
	map[d->var] = v;
      }
}

/* Return the phases replacing row loop S, or NULL when it does not
   qualify.  */
static sf_ir_stmt *
lph_loop (sf_pass_ctx *ctx, sf_ir_stmt *s)
{
  sf_arena *A = ctx->arena;
  sf_region *r = ctx->r;
  if (s->kind != SF_IR_FOR || s->setup || s->teardown || !s->body
      || !(s->parallel || rw_is_dense_for (ctx, s))
      || ctx->nwork == SF_MAX_WORK
      || ctx->nphase_loops == ctx->max_phase_loops)
    return NULL;
  /* The row loop's body: declarations first, the one loop P over
     positions, nothing else reading what P's head computes.  */
  sf_ir_stmt *p = NULL, *first = s->body;
  const sf_ir_stmt *decls_end = first;
  while (decls_end && decls_end->kind == SF_IR_DECL)
    decls_end = decls_end->next;
  for (sf_ir_stmt *b = first; b; b = b->next)
    if (b->kind == SF_IR_FOR && lph_row_range (b, s->var))
      {
	if (p)
	  return NULL;
	p = b;
      }
    else if (b->kind != SF_IR_DECL && b->kind != SF_IR_FOR)
      return NULL;
    else if (b->kind == SF_IR_DECL
	     && (r->vars[b->var].is_array || !lph_before (first, b, decls_end)))
      return NULL;
  if (!p || p->parallel || p->setup || p->teardown || !p->body)
    return NULL;
  /* P's body: the head, then the tail (its last statement, a dense
     loop); the head ends with the declaration of h.  */
  sf_ir_stmt *tail = p->body, *hdecl = NULL;
  int head_loops = 0;
  while (tail->next)
    {
      hdecl = tail;
      if (tail->kind == SF_IR_FOR)
	head_loops++;
      tail = tail->next;
    }
  if (!hdecl || hdecl->kind != SF_IR_DECL || !head_loops
      || tail->kind != SF_IR_FOR || !rw_is_dense_for (ctx, tail)
      || (r->vars[hdecl->var].ty != SF_TY_F64
	  && r->vars[hdecl->var].ty != SF_TY_F32)
      || r->vars[hdecl->var].is_array)
    return NULL;
  /* The tail adds into the output, its accumulated row or a
     where-statement's workspace of one index (see the top of the
     file).  */
  if (!lph_stores_out (ctx, tail->body))
    return NULL;
  /* The head computes values only, from what the row loop does not
     write; the row loop's own declarations are pure too.  */
  sf_ir_stmt *saved = tail;
  hdecl->next = NULL;
  int pure = lph_pure_list (p->body, s->body);
  hdecl->next = saved;
  if (!pure)
    return NULL;
  for (const sf_ir_stmt *d = first; d != decls_end; d = d->next)
    if (lph_reads_written (d->a, s->body))
      return NULL;
  /* What the tail reads of the head: h, and integer declarations that
     read no floating value of the head (computed again in phase 2).  */
  int n = r->nvars;
  char *again = sf_arena_alloc (A, (size_t) n);
  char *declared = sf_arena_alloc (A, (size_t) n);
  memset (again, 0, (size_t) n);
  memset (declared, 0, (size_t) n);
  for (const sf_ir_stmt *d = p->body; d != tail; d = d->next)
    {
      if (d->kind == SF_IR_FOR)
	declared[d->var] = 1;
      if (d->kind != SF_IR_DECL && d->kind != SF_IR_ASSIGN)
	continue;
      declared[d->var] = 1;
      if (d->kind == SF_IR_DECL && d != hdecl && d->a
	  && r->vars[d->var].ty != SF_TY_F64 && r->vars[d->var].ty != SF_TY_F32)
	{
	  int ok = 1;
	  for (int v = 0; v < n && ok; v++)
	    if (declared[v] && v != d->var && rw_reads_var (d->a, v))
	      ok = again[v];
	  again[d->var] = ok;
	}
    }
  for (int v = 0; v < n; v++)
    if (declared[v] && v != hdecl->var && !again[v]
	&& (rw_reads_var (tail->a, v) || rw_reads_var (tail->b, v)
	    || lph_list_reads (tail->body, v)))
      return NULL;
  for (const sf_ir_stmt *d = p->body; d != tail; d = d->next)
    if (d->kind == SF_IR_ASSIGN && again[d->var])
      return NULL;

  /* The locality test needs the coordinates (j = crd[p] in the head)
     and the extents of the head's loop and the tail, invariant in the
     row loop.  */
  int crd = -1;
  const sf_ir_expr *kext = NULL;
  for (const sf_ir_stmt *d = p->body; d != tail; d = d->next)
    {
      const sf_ir_expr *v = d->kind == SF_IR_DECL ? d->a : NULL;
      while (v && v->op == SF_IR_CONVERT)
	v = v->a;
      if (crd < 0 && v && v->op == SF_IR_LOAD && rw_is_var (v->a, p->var))
	crd = v->param;
      if (!kext && d->kind == SF_IR_FOR)
	kext = d->b;
    }
  char *inner = sf_arena_alloc (A, (size_t) n);
  memset (inner, 0, (size_t) n);
  rw_mark_decls (s->body, inner);
  inner[s->var] = 1;
  if (crd < 0 || !kext || rw_reads_any (kext, inner, n)
      || rw_reads_any (tail->b, inner, n))
    return NULL;

  int used = 0;
  for (int u = 0; u < ctx->nwork; u++)
    used += rw_work_live (ctx, u) && lph_uses_array (s->body,
						      ctx->work[u].var);
  if (ctx->nwork + used > SF_MAX_WORK)
    return NULL;

  /* Build.  The blocks, and the most entries one of them holds.  */
  sf_ir_list out = { 0 }, block = { 0 };
  sf_ir_expr *lo, *hi;
  int nblocks = rw_loop_blocks (ctx, s, LW_PHASE_ROWS, 1, &out, &lo, &hi);
  const char *iname = r->vars[s->var].name;
  int most = rw_new_var (ctx, "ph_most", SF_TY_INDEX);
  sf_ir_append (&out, sf_ir_decl (A, most, sf_ir_int (A, 1)));
  int span = rw_new_var (ctx, "ph_span", SF_TY_INDEX);
  sf_ir_append (&out, sf_ir_decl (A, span, sf_ir_int (A, 0)));
  int total = rw_new_var (ctx, "ph_entries", SF_TY_INDEX);
  sf_ir_append (&out, sf_ir_decl (A, total, sf_ir_int (A, 0)));
  int *map = sf_arena_alloc (A, sizeof (int) * (size_t) n);
  for (int v = 0; v < n; v++)
    map[v] = -1;
  {
    sf_ir_list body = { 0 };
    int e0, e1;
    int b = rw_block_bounds (ctx, &body, "ph", "block", LW_PHASE_ROWS, lo,
			     hi, &e0, &e1);
    /* Entries of rows [e0, e1): P's end at row e1 - 1, less its start
       at e0 (both rows of the loop).  */
    int last = rw_new_var (ctx, "ph_last", SF_TY_INDEX);
    sf_ir_append (&body, sf_ir_decl (A, last,
				     sf_ir_sub (A, rw_var (ctx, e1),
						sf_ir_int (A, 1))));
    map[s->var] = last;
    sf_ir_expr *end = lph_rename (ctx, p->b, map);
    map[s->var] = e0;
    sf_ir_expr *start = lph_rename (ctx, p->a, map);
    sf_ir_append (&body, sf_ir_assign
		  (A, most, sf_ir_binary (A, SF_IR_MAX, rw_var (ctx, most),
					  sf_ir_sub (A, sf_ir_clone (A, end),
						     sf_ir_clone (A, start)))));
    sf_ir_append (&body, sf_ir_assign
		  (A, total, sf_ir_add (A, rw_var (ctx, total),
					sf_ir_sub (A, sf_ir_clone (A, end),
						   sf_ir_clone (A, start)))));
    /* The columns the block spans, from its first entry's to its
       last's: a few rows of D and E for a banded matrix, most of them
       for a random one.  */
    int gap = rw_new_var (ctx, "ph_gap", SF_TY_INDEX);
    sf_ir_stmt *g = sf_ir_decl
      (A, gap, sf_ir_sub (A, sf_ir_convert (A, sf_ir_load
					     (A, r, crd, sf_ir_sub
					      (A, sf_ir_clone (A, end),
					       sf_ir_int (A, 1))),
					     SF_TY_INDEX),
			  sf_ir_convert (A, sf_ir_load (A, r, crd,
							sf_ir_clone (A, start)),
					 SF_TY_INDEX)));
    g->next = sf_ir_assign
      (A, span, sf_ir_add (A, rw_var (ctx, span),
			   sf_ir_binary (A, SF_IR_MAX, rw_var (ctx, gap),
					 sf_ir_unary (A, SF_IR_NEG,
						      rw_var (ctx, gap)))));
    sf_ir_append (&body, sf_ir_if (A, sf_ir_binary (A, SF_IR_LT, start, end),
				   g, NULL));
    sf_ir_append (&out, sf_ir_for (A, b, sf_ir_int (A, 0),
				   rw_var (ctx, nblocks), body.head));
  }
  /* The buffer: one value per entry of a block, per thread, allocated
     here (its size is known once the pass above has run, after the
     workspaces the lowering allocates before the region).  */
  sf_ty hty = r->vars[hdecl->var].ty;
  sf_work xbuf, *x = &xbuf;
  x->var = sf_region_array (A, r, "w_ph", hty);
  sf_ir_stmt *release;
  sf_ir_stmt *alloc = sf_ir_alloc (A, x->var, rw_var (ctx, most), 1,
				   &release);
  /* The row loop's workspaces (the accumulated row r_l) over arrays of
     their own: the row loop stays too, for the other branch.  */
  int wold[SF_MAX_WORK], wnew[SF_MAX_WORK], nw = 0;
  for (int u = 0, nwork = ctx->nwork; u < nwork; u++)
    if (rw_work_live (ctx, u)
	&& lph_uses_array (s->body, ctx->work[u].var)
	&& ctx->nwork < SF_MAX_WORK)
      {
	sf_work *y = &ctx->work[ctx->nwork++];
	*y = ctx->work[u];
	y->var = sf_region_array (A, r, r->vars[ctx->work[u].var].name,
				  r->vars[ctx->work[u].var].ty);
	y->alloc = sf_ir_alloc (A, y->var, sf_ir_clone (A, y->size), y->heap,
				&y->release);
	y->reset = NULL;
	wold[nw] = ctx->work[u].var;
	wnew[nw++] = y->var;
      }
  /* The block loop.  */
  int i0, i1;
  int b = rw_block_bounds (ctx, &block, iname, "block", LW_PHASE_ROWS, lo,
			   hi, &i0, &i1);
  int base = rw_new_var (ctx, "ph_base", SF_TY_INDEX);
  for (int v = 0; v < n; v++)
    map[v] = -1;
  map[s->var] = i0;		/* P's start at row i0 */
  sf_ir_append (&block, sf_ir_decl (A, base, lph_rename (ctx, p->a, map)));
  for (int half = 0; half < 2; half++)
    {
      for (int v = 0; v < n; v++)
	map[v] = -1;
      for (int k = 0; k < nw; k++)
	map[wold[k]] = wnew[k];
      int i = rw_new_var (ctx, iname, SF_TY_INDEX);
      map[s->var] = i;
      sf_ir_list row = { 0 }, inner = { 0 };
      lph_decls (ctx, first, decls_end, NULL, map, &row);
      int q = rw_new_var (ctx, r->vars[p->var].name, SF_TY_INDEX);
      map[p->var] = q;
      sf_ir_expr *at = sf_ir_sub (A, rw_var (ctx, q), rw_var (ctx, base));
      if (half == 0)
	{
	  /* The head as it was, then h into the buffer.  */
	  sf_ir_append (&inner, lph_copy (ctx, p->body, map));
	  /* Drop the copied tail (the last statement).  */
	  sf_ir_stmt *t = inner.head;
	  while (t->next && t->next->next)
	    t = t->next;
	  t->next = NULL;
	  inner.tail = t;
	  sf_ir_append (&inner, sf_ir_astore (A, x->var, at,
					      rw_var (ctx, map[hdecl->var]),
					      0));
	  sf_ir_append (&row, sf_ir_for (A, q, lph_rename (ctx, p->a, map),
					 lph_rename (ctx, p->b, map),
					 inner.head));
	}
      else
	{
	  /* The row loop's other statements around P, P's entries from
	     the integers computed again and h from the buffer.  */
	  lph_decls (ctx, p->body, tail, again, map, &inner);
	  int h = rw_new_var (ctx, r->vars[hdecl->var].name, hty);
	  sf_ir_append (&inner, sf_ir_decl (A, h, sf_ir_aload (A, r, x->var,
								at)));
	  map[hdecl->var] = h;
	  sf_ir_stmt *tl = lph_copy (ctx, tail, map);
	  tl->next = NULL;
	  sf_ir_append (&inner, tl);
	  for (const sf_ir_stmt *d = decls_end; d; d = d->next)
	    {
	      if (d == p)
		{
		  sf_ir_append (&row, sf_ir_for (A, q,
						 lph_rename (ctx, p->a, map),
						 lph_rename (ctx, p->b, map),
						 inner.head));
		  continue;
		}
	      sf_ir_stmt *c = lph_copy (ctx, d, map);
	      c->next = NULL;
	      sf_ir_append (&row, c);
	    }
	}
      sf_ir_stmt *rows = sf_ir_for (A, i, rw_var (ctx, i0),
				    rw_var (ctx, i1), row.head);
      /* The second phase is a row loop opt/row_blocks.c may block in turn
	 (a where-statement's workspace in the update).  */
      if (half == 1 && ctx->ndense_for < ctx->max_dense_for)
	ctx->dense_for[ctx->ndense_for++] = rows;
      sf_ir_append (&block, rows);
    }
  sf_ir_stmt *loop = sf_ir_for (A, b, sf_ir_int (A, 0),
				rw_var (ctx, nblocks), block.head);
  loop->parallel = s->parallel;
  loop->chunk = s->parallel ? 1 : 0;
  sf_ir_stmt *phases = loop;
  ctx->phase_loops[ctx->nphase_loops++] = loop;
  ctx->rewrites++;
  if (loop->parallel)
    loop->setup = alloc, loop->teardown = release;
  else
    {
      alloc->next = loop;
      loop->next = release;
      phases = alloc;
    }
  /* Phases when the rows of D and E a block spans, on average, fit in
     LW_PHASE_SPAN bytes, and the rows one row of B reaches, on average,
     take LW_PHASE_ROW bytes or more (fewer stay in the first-level
     cache anyway); else the row loop as it was.  */
  int use = rw_new_var (ctx, "ph_use", SF_TY_INDEX);
#define LPH_ROW_BYTES							\
  sf_ir_mul (A, sf_ir_convert (A, sf_ir_add (A, sf_ir_clone (A, kext),	\
					     sf_ir_clone (A, tail->b)),	\
			       SF_TY_F64),				\
	     sf_ir_float (A, (double) sf_ty_bytes (hty), SF_TY_F64))
  sf_ir_expr *bytes = sf_ir_mul
    (A, sf_ir_convert (A, rw_var (ctx, span), SF_TY_F64), LPH_ROW_BYTES);
  sf_ir_expr *room = sf_ir_mul
    (A, sf_ir_convert (A, rw_var (ctx, nblocks), SF_TY_F64),
     sf_ir_float (A, LW_PHASE_SPAN, SF_TY_F64));
  sf_ir_expr *reach = sf_ir_mul
    (A, sf_ir_convert (A, rw_var (ctx, total), SF_TY_F64), LPH_ROW_BYTES);
  sf_ir_expr *least = sf_ir_mul
    (A, sf_ir_convert (A, sf_ir_sub (A, sf_ir_clone (A, hi),
				     sf_ir_clone (A, lo)), SF_TY_F64),
     sf_ir_float (A, LW_PHASE_ROW, SF_TY_F64));
#undef LPH_ROW_BYTES
  sf_ir_append (&out, sf_ir_decl
		(A, use, sf_ir_select
		 (A, sf_ir_binary (A, SF_IR_AND,
				   sf_ir_binary (A, SF_IR_LE, bytes, room),
				   sf_ir_binary (A, SF_IR_LE, least, reach)),
		  sf_ir_int (A, 1), sf_ir_int (A, 0))));
  s->next = NULL;
  sf_ir_append (&out, sf_ir_if (A, sf_ir_binary (A, SF_IR_NE,
						 rw_var (ctx, use),
						 sf_ir_int (A, 0)),
				phases, s));
  return out.head;
}

/* Rewrite the qualifying row loops of the list at *LINK (outermost loops
   of each nest).  */
static void
lph_list (sf_pass_ctx *ctx, sf_ir_stmt **link)
{
  for (; *link; link = &(*link)->next)
    {
      sf_ir_stmt *s = *link, *next = s->next;
      sf_ir_stmt *phased = lph_loop (ctx, s);
      if (phased)
	{
	  link = rw_splice (link, phased, next);
	  continue;
	}
      if (s->kind == SF_IR_FOR)
	continue;
      lph_list (ctx, &s->body);
      lph_list (ctx, &s->else_body);
    }
}

/* Run the qualifying row loops of the statements at *BODY in two phases
   (see the top of the file); return nonzero when there was one.  */
int
rw_row_phases (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int before = ctx->rewrites;
  if (ctx->tune && !ctx->memory)
    lph_list (ctx, body);
  return ctx->rewrites > before;
}
