/* Software prefetch of the rows a loop over stored entries gathers.

   GNN's fused loop reads, for each entry of B's row, a row of D (the dot
   product) and a row of E (the update), both at the entry's column: rows
   at random addresses, which the hardware prefetcher cannot guess.  Out
   of the second-level cache (R-MAT with 2^17 rows, 64 MB each) every row
   starts with a miss of its own; the loop then waits on memory between
   entries.  So each iteration first asks for the rows of a later one:

     for (b = 0; b < blocks; b++)          for (b = 0; b < blocks; b++)
       {                                     {
         p = lo + b * 2;                       b_ahead = min (b + 1, blocks - 1);
         j = B_crd[p];                         p_2 = lo + b_ahead * 2;
         oD = j * D_stride0;                   j_2 = B_crd[p_2];
         ... D[oD + k] ...                     oD_2 = j_2 * D_stride0;
                                               for (c = 0; c < min ((D_stride0 + 7) / 8, 16); c++)
                                                 __builtin_prefetch (&D[oD_2 + c * 8]);
                                               p = lo + b * 2;  ...  (as before)

   The iteration ahead is clamped to the last one, so its positions are
   positions of the loop (the coordinates it loads exist); a prefetch
   changes no value.  Which rows: a declaration of the body
   "o = j * S", S invariant in the loop and j read (through declarations
   of the body) from a pointer parameter at an index that depends on the
   loop's counter, such that the body loads X[o + ...] from a pointer
   parameter X: the row X[o .. o + S).  At most LW_PF_LINES lines of it
   (the hardware prefetcher follows a long row once it is started).

   Only loops that gather rows of two operands or more: there the
   prefetches hide among the work of an entry.  Medians of side-by-side
   runs (build/bench/driver -a, K = L = 64), without -> with: GNN (rows
   of D and E) on R-MAT 2^17 132.8 -> 121.6 ms, on bcsstk13 1.67 -> 1.62
   ms; SpMM (rows of C alone) on bcsstk13 0.41 -> 0.50 ms, on R-MAT
   2^17 60.7 -> 61.6 ms at one thread and 26.4 -> 25.4 at two.  Two
   lines a row instead of the whole row cost SpMM less on bcsstk13 (0.44
   ms) but gained GNN less on R-MAT (126.0 ms).

   And only rows of LW_PF_MIN_LINES lines or more, tested when the loop
   runs: with rows of 4 lines (K = L = 32) the prefetches cost more than
   they hide, in cache or not: SDDMM,SpMM,GEMM (M = 8) on bcsstk13 0.43
   -> 0.52 ms, on R-MAT 2^15 3.58 -> 4.02 ms; GNN on bcsstk13 0.79 ->
   0.87 ms.  */

#include <string.h>
#include "opt/internal.h"

#define LW_PF_AHEAD 1		/* iterations ahead */
#define LW_PF_LINES 16		/* lines of one row at most */
#define LW_PF_MAX_ROWS 8	/* rows per loop at most */
#define LW_PF_MIN_LINES 8	/* lines of a row at least */

/* Return E without conversions.  */
static const sf_ir_expr *
lf_strip (const sf_ir_expr *e)
{
  while (e && e->op == SF_IR_CONVERT)
    e = e->a;
  return e;
}

/* Return nonzero when E reads only numbers, loop-invariant variables
   (not marked in INNER), variables marked in PURE, the counter VAR and
   elements of pointer parameters at such indices; set *VARIES when it
   reads VAR or a variable of VARIES_MARK, *GATHERS when it loads.  */
static int
lf_pure (const sf_ir_expr *e, const char *inner, const char *pure,
	 const char *varies_mark, int var, int *varies, int *gathers)
{
  if (!e)
    return 1;
  switch (e->op)
    {
    case SF_IR_INT:
    case SF_IR_FLOAT:
    case SF_IR_PARAM:
      return 1;
    case SF_IR_VAR:
      if (e->var == var || varies_mark[e->var])
	*varies = 1;
      return e->var == var || !inner[e->var] || pure[e->var];
    case SF_IR_LOAD:
      *gathers = 1;
      return lf_pure (e->a, inner, pure, varies_mark, var, varies, gathers);
    case SF_IR_ADD: case SF_IR_SUB: case SF_IR_MUL: case SF_IR_DIV:
    case SF_IR_MIN: case SF_IR_MAX: case SF_IR_NEG: case SF_IR_CONVERT:
      return lf_pure (e->a, inner, pure, varies_mark, var, varies, gathers)
	     && lf_pure (e->b, inner, pure, varies_mark, var, varies,
			 gathers);
    default:
      return 0;
    }
}

/* Mark in MARK the variables the statements S declare or assign, loop
   counters included.  */
static void
lf_mark_written (const sf_ir_stmt *s, char *mark)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_DECL || s->kind == SF_IR_ASSIGN
	  || s->kind == SF_IR_FOR || s->kind == SF_IR_ALLOC)
	mark[s->var] = 1;
      lf_mark_written (s->body, mark);
      lf_mark_written (s->else_body, mark);
      lf_mark_written (s->setup, mark);
      lf_mark_written (s->teardown, mark);
    }
}

/* Mark in MARK the variables the statements S assign (not declare).  */
void
rw_mark_assigned (const sf_ir_stmt *s, char *mark)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_ASSIGN)
	mark[s->var] = 1;
      rw_mark_assigned (s->body, mark);
      rw_mark_assigned (s->else_body, mark);
    }
}

/* Return the pointer parameter E loads as param[o + ...] (o the variable
   O), or -1.  */
static int
lf_row_load (const sf_ir_expr *e, int o)
{
  if (!e)
    return -1;
  if (e->op == SF_IR_LOAD)
    {
      const sf_ir_expr *i = lf_strip (e->a);
      if (i->op == SF_IR_VAR && i->var == o)
	return e->param;
      if (i->op == SF_IR_ADD)
	{
	  const sf_ir_expr *a = lf_strip (i->a), *b = lf_strip (i->b);
	  if ((a->op == SF_IR_VAR && a->var == o)
	      || (b->op == SF_IR_VAR && b->var == o))
	    return e->param;
	}
    }
  int p = lf_row_load (e->a, o);
  if (p < 0)
    p = lf_row_load (e->b, o);
  if (p < 0)
    p = lf_row_load (e->c, o);
  return p;
}

/* Return the pointer parameter the statements S load as param[o + ...],
   or -1.  */
static int
lf_row_load_list (const sf_ir_stmt *s, int o)
{
  for (; s; s = s->next)
    {
      int p = lf_row_load (s->a, o);
      if (p < 0)
	p = lf_row_load (s->b, o);
      if (p < 0)
	p = lf_row_load_list (s->body, o);
      if (p < 0)
	p = lf_row_load_list (s->else_body, o);
      if (p >= 0)
	return p;
    }
  return -1;
}

/* The rows loop S gathers: declarations ROW[k] ("o = j * S") of its
   body, loading parameter PARAM[k], S being STRIDE[k].  */
typedef struct lf_rows
{
  int n;
  const sf_ir_stmt *row[LW_PF_MAX_ROWS];
  int param[LW_PF_MAX_ROWS];
  const sf_ir_expr *stride[LW_PF_MAX_ROWS];
} lf_rows;

/* Return the statements prefetching the rows of R for the iteration
   AHEAD of loop S, whose body's declarations PURE marks.  */
static sf_ir_stmt *
lf_emit (sf_pass_ctx *ctx, const sf_ir_stmt *s, const lf_rows *rows,
	 const char *pure)
{
  sf_arena *A = ctx->arena;
  sf_region *r = ctx->r;
  int nmap = r->nvars;
  int *map = sf_arena_alloc (A, sizeof (int) * (size_t) nmap);
  for (int v = 0; v < nmap; v++)
    map[v] = -1;
  sf_ir_list out = { 0 };
  int ahead = rw_new_var (ctx, sf_arena_printf (A, "%s_ahead",
						 r->vars[s->var].name),
			  SF_TY_INDEX);
  sf_ir_append (&out, sf_ir_decl
		(A, ahead, sf_ir_binary
		 (A, SF_IR_MIN, sf_ir_add (A, rw_var (ctx, s->var),
					  sf_ir_int (A, LW_PF_AHEAD)),
		  sf_ir_sub (A, sf_ir_clone (A, s->b), sf_ir_int (A, 1)))));
  map[s->var] = ahead;
  /* The declarations up to the last row, in order, over fresh
     variables (those the rows do not need are dead: GCC drops them).  */
  const sf_ir_stmt *last = rows->row[rows->n - 1];
  for (const sf_ir_stmt *d = s->body; d; d = d->next)
    {
      if (d->kind == SF_IR_DECL && pure[d->var])
	{
	  int v = rw_new_var (ctx, r->vars[d->var].name, r->vars[d->var].ty);
	  sf_ir_append (&out, sf_ir_decl (A, v, rw_rename (ctx, d->a, map)));
	  map[d->var] = v;
	}
      if (d == last)
	break;
    }
  for (int k = 0; k < rows->n; k++)
    {
      int c = rw_new_var (ctx, "c", SF_TY_INDEX);
      int line = 64 / sf_ty_bytes (ctx->r->params[rows->param[k]].ty);
      sf_ir_expr *lines = sf_ir_binary
	(A, SF_IR_MIN,
	 sf_ir_binary (A, SF_IR_DIV,
		       sf_ir_add (A, sf_ir_clone (A, rows->stride[k]),
				  sf_ir_int (A, line - 1)),
		       sf_ir_int (A, line)),
	 sf_ir_int (A, LW_PF_LINES));
      sf_ir_expr *at = sf_ir_add (A, rw_var (ctx, map[rows->row[k]->var]),
				  sf_ir_mul (A, rw_var (ctx, c),
					     sf_ir_int (A, line)));
      sf_ir_append (&out, sf_ir_for (A, c, sf_ir_int (A, 0), lines,
				     sf_ir_prefetch (A, rows->param[k], at)));
    }
  return out.head;
}

/* Prefetch the rows loop S gathers, when it is a serial loop that
   gathers some (see the top of the file).  */
static void
lf_loop (sf_pass_ctx *ctx, sf_ir_stmt *s)
{
  if (s->kind != SF_IR_FOR || s->parallel || s->setup || s->teardown
      || !s->body)
    return;
  sf_region *r = ctx->r;
  int n = r->nvars;
  char *inner = sf_arena_alloc (ctx->arena, (size_t) n);
  char *pure = sf_arena_alloc (ctx->arena, (size_t) n);
  char *varies = sf_arena_alloc (ctx->arena, (size_t) n);
  char *gathered = sf_arena_alloc (ctx->arena, (size_t) n);
  memset (inner, 0, (size_t) n);
  memset (pure, 0, (size_t) n);
  memset (varies, 0, (size_t) n);
  memset (gathered, 0, (size_t) n);
  char *assigned = sf_arena_alloc (ctx->arena, (size_t) n);
  char *none = sf_arena_alloc (ctx->arena, (size_t) n);
  memset (assigned, 0, (size_t) n);
  memset (none, 0, (size_t) n);
  rw_mark_assigned (s->body, assigned);
  lf_mark_written (s->body, inner);
  inner[s->var] = 1;
  if (rw_reads_var (s->b, s->var))
    return;
  for (int v = 0; v < n; v++)
    if (inner[v] && v != s->var && rw_reads_var (s->b, v))
      return;
  lf_rows rows;
  rows.n = 0;
  for (const sf_ir_stmt *d = s->body; d; d = d->next)
    {
      if (d->kind != SF_IR_DECL || !d->a || r->vars[d->var].is_array)
	continue;
      int vary = 0, gathers = 0;
      if (!lf_pure (d->a, inner, pure, varies, s->var, &vary, &gathers))
	continue;
      if (assigned[d->var])	/* a sum, not a value of the entry */
	continue;
      pure[d->var] = 1;
      varies[d->var] = vary;
      int g = gathers;
      for (int v = 0; v < n && !g; v++)
	g = gathered[v] && rw_reads_var (d->a, v);
      gathered[d->var] = g && vary;
      /* A row: o = j * S with j gathered, S invariant.  */
      const sf_ir_expr *m = lf_strip (d->a);
      if (m->op != SF_IR_MUL || rows.n == LW_PF_MAX_ROWS)
	continue;
      const sf_ir_expr *j = lf_strip (m->a), *st = m->b;
      if (!(j->op == SF_IR_VAR && gathered[j->var]))
	j = lf_strip (m->b), st = m->a;
      if (!(j->op == SF_IR_VAR && gathered[j->var]))
	continue;
      int sv = 0, sg = 0;
      if (!lf_pure (st, inner, none, varies, s->var, &sv, &sg) || sv || sg)
	continue;
      int param = lf_row_load_list (d->next, d->var);
      if (param < 0 || !sf_ty_is_value (r->params[param].ty))
	continue;
      rows.row[rows.n] = d;
      rows.param[rows.n] = param;
      rows.stride[rows.n] = st;
      rows.n++;
    }
  /* Rows of two operands at least: one is not worth its prefetches.  */
  int distinct = 0;
  for (int k = 0; k < rows.n; k++)
    {
      int seen = 0;
      for (int m = 0; m < k; m++)
	seen |= rows.param[m] == rows.param[k];
      distinct += !seen;
    }
  if (!rows.n || distinct < 2)
    return;
  /* Only rows of LW_PF_MIN_LINES lines or more (a test the branch
     predictor settles once per loop).  */
  sf_arena *A = ctx->arena;
  sf_ir_expr *wide = NULL;
  for (int k = 0; k < rows.n; k++)
    {
      int line = 64 / sf_ty_bytes (r->params[rows.param[k]].ty);
      sf_ir_expr *c = sf_ir_binary (A, SF_IR_LE,
				    sf_ir_int (A, LW_PF_MIN_LINES * line),
				    sf_ir_clone (A, rows.stride[k]));
      wide = wide ? sf_ir_binary (A, SF_IR_AND, wide, c) : c;
    }
  sf_ir_stmt *pf = sf_ir_if (A, wide, lf_emit (ctx, s, &rows, pure), NULL);
  pf->next = s->body;
  s->body = pf;
  ctx->prefetched++;
  ctx->rewrites++;
}

/* Prefetch in every loop of the list S, innermost loops first (the
   declarations a loop adds read nothing the loops inside it declare).  */
static void
lf_list (sf_pass_ctx *ctx, sf_ir_stmt *s)
{
  for (; s; s = s->next)
    {
      lf_list (ctx, s->body);
      lf_list (ctx, s->else_body);
      lf_list (ctx, s->setup);
      lf_list (ctx, s->teardown);
      lf_loop (ctx, s);
    }
}

/* Prefetch the rows the loops over stored entries among the statements
   at *BODY gather, one iteration ahead (see the top of the file); return
   nonzero when a loop got prefetches.  */
int
rw_prefetch (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int before = ctx->rewrites;
  if (ctx->tune)
    lf_list (ctx, *body);
  return ctx->rewrites > before;
}
