/* Software prefetch of the arrays a row's entries stream through, when
   the data is larger than the caches.

   A loop over rows whose body walks the row's stored entries reads the
   entries' arrays (values, coordinates) front to back, a row at a time:

     for (i = lo; i < hi; i++)            decl streams = lo < hi
       {                                    && llc/2 < (pos[hi - 1 + 1] - pos[lo]) * 16
                                            ? 1 : 0;
         decl t = 0.0;                    for (i = lo; i < hi; i++)
         for (p = pos[i]; p < pos[i + 1]; p++)   {
           t = t + vals[p] * x[crd[p]];         decl t = 0.0;
         ...                                    if (streams)
       }                                          {
                                                    __builtin_prefetch (&vals[pos[i] + 256]);
                                                    __builtin_prefetch (&vals[pos[i] + 264]);
                                                    __builtin_prefetch (&crd[pos[i] + 256]);
                                                  }
                                                for (p = pos[i]; ...) (as before)

   The hardware prefetcher follows such streams, but on short rows it
   runs too little ahead of the loop to keep the memory busy: out of the
   caches one thread of a banded SpMV (6M rows of 15 entries, 1.2 GB a
   call) moved 17.6-20.6 GB/s with the loop alone and 20.9-24.0 GB/s
   with these prefetches, two threads 24.6-40.8 and 31.0-49.0 GB/s
   (STREAM triad 25 and 50 GB/s; a hand-written C copy of both loops, the
   medians of 15 calls, four runs, 2026-12-02).  In the caches the same
   prefetches cost up to 17% (a matrix of 1.2 MB, rows of 5 entries), so
   they run only when the arrays the loop streams are larger than half
   the last-level cache: a test once per run of the row loop, from the
   data (the entries of its rows at 16 bytes each, an upper bound of a
   value and a coordinate), never by timing; a prefetch changes no
   value.

   How far ahead: 256 entries, 2 KB of 8-byte values, about the bytes
   one core moves during a memory latency (20 GB/s times 100 ns).  Two
   lines of each array of 8-byte values a row, one of each other array
   (coordinates, whose width the loop IR does not know): a row
   of 15 entries holds 120 bytes of values and 60 of 4-byte coordinates.
   Which loops: a FOR whose body has a FOR over [pos[e], ...) with e
   reading the outer counter and nothing the outer body declares, both
   bounds loads of the same integer array, and whose body loads pointer
   parameters at the inner counter itself.  */

#include <string.h>
#include "opt/internal.h"

#define LS_AHEAD 256		/* entries ahead */
#define LS_MAX_STREAMS 4	/* arrays per loop at most */
#define LS_ENTRY_BYTES 16	/* bytes of an entry, at most, in the test */

/* Return E without conversions.  */
static const sf_ir_expr *
ls_strip (const sf_ir_expr *e)
{
  while (e && e->op == SF_IR_CONVERT)
    e = e->a;
  return e;
}

/* The arrays a loop over entries streams.  */
typedef struct ls_streams
{
  int n;
  int param[LS_MAX_STREAMS];
} ls_streams;

/* Add to S the pointer parameters E loads at exactly variable VAR.  */
static void
ls_expr (const sf_region *r, const sf_ir_expr *e, int var, ls_streams *s)
{
  if (!e)
    return;
  if (e->op == SF_IR_LOAD && r->params[e->param].is_pointer)
    {
      const sf_ir_expr *at = ls_strip (e->a);
      if (at && at->op == SF_IR_VAR && at->var == var)
	{
	  int seen = 0;
	  for (int k = 0; k < s->n; k++)
	    seen |= s->param[k] == e->param;
	  if (!seen && s->n < LS_MAX_STREAMS)
	    s->param[s->n++] = e->param;
	}
    }
  ls_expr (r, e->a, var, s);
  ls_expr (r, e->b, var, s);
  ls_expr (r, e->c, var, s);
}

/* Add to S what the statements of the list B load at VAR.  */
static void
ls_list (const sf_region *r, const sf_ir_stmt *b, int var, ls_streams *s)
{
  for (; b; b = b->next)
    {
      ls_expr (r, b->a, var, s);
      ls_expr (r, b->b, var, s);
      ls_list (r, b->body, var, s);
      ls_list (r, b->else_body, var, s);
    }
}

/* Return the pointer parameter integer load E (under conversions) reads,
   with *AT its index; -1 when E is no such load.  */
static int
ls_pos_load (const sf_region *r, const sf_ir_expr *e, const sf_ir_expr **at)
{
  e = ls_strip (e);
  if (!e || e->op != SF_IR_LOAD || !r->params[e->param].is_pointer
      || r->params[e->param].ty != SF_TY_INDEX)
    return -1;
  *at = e->a;
  return e->param;
}

/* Return the prefetches of loop E's streams S, a row ahead of E's first
   position.  */
static sf_ir_stmt *
ls_prefetches (sf_pass_ctx *ctx, const sf_ir_stmt *e, const ls_streams *s)
{
  sf_arena *A = ctx->arena;
  sf_ir_list out = { 0 };
  for (int k = 0; k < s->n; k++)
    {
      sf_ty ty = ctx->r->params[s->param[k]].ty;
      int lines = ty != SF_TY_INDEX && sf_ty_bytes (ty) == 8 ? 2 : 1;
      for (int l = 0; l < lines; l++)
	sf_ir_append (&out, sf_ir_prefetch
		      (A, s->param[k],
		       sf_ir_add (A, sf_ir_clone (A, e->a),
				  sf_ir_int (A, LS_AHEAD + 8 * l))));
    }
  return out.head;
}

/* Return the test that the entries of rows [R->a, R->b) of loop R are
   more than half the last-level cache: its inner loop runs over
   [POS[LO_AT], POS[HI_AT]), LO_AT and HI_AT reading R's counter.  */
static sf_ir_expr *
ls_test (sf_pass_ctx *ctx, const sf_ir_stmt *r, const sf_ir_expr *lo_at,
	 const sf_ir_expr *hi_at, int pos)
{
  sf_arena *A = ctx->arena;
  sf_region *rg = ctx->r;
  sf_ir_expr *last = sf_ir_binary (A, SF_IR_SUB, sf_ir_clone (A, r->b),
				   sf_ir_int (A, 1));
  sf_ir_expr *first = sf_ir_load (A, rg, pos, rw_subst (A, lo_at, r->var,
							r->a));
  sf_ir_expr *end = sf_ir_load (A, rg, pos, rw_subst (A, hi_at, r->var,
						      last));
  sf_ir_expr *bytes = sf_ir_mul (A, sf_ir_binary (A, SF_IR_SUB, end, first),
				 sf_ir_int (A, LS_ENTRY_BYTES));
  return sf_ir_binary (A, SF_IR_AND,
		       sf_ir_binary (A, SF_IR_LT, sf_ir_clone (A, r->a),
				     sf_ir_clone (A, r->b)),
		       sf_ir_binary (A, SF_IR_LT, sf_ir_llc_half (A), bytes));
}

/* Give the loops over entries directly in the body of loop R (or in
   the ifs there) their prefetches, under the test in variable *FLAG
   (made at the first, declared before R at *LINK).  */
static void
ls_rows (sf_pass_ctx *ctx, sf_ir_stmt **link, sf_ir_stmt *r,
	 sf_ir_stmt **body, const char *inner, int *flag)
{
  sf_region *rg = ctx->r;
  for (sf_ir_stmt **at = body; *at; at = &(*at)->next)
    {
      sf_ir_stmt *e = *at;
      if (e->kind == SF_IR_IF)
	{
	  ls_rows (ctx, link, r, &e->body, inner, flag);
	  ls_rows (ctx, link, r, &e->else_body, inner, flag);
	  continue;
	}
      if (e->kind != SF_IR_FOR || e->parallel || e->split)
	continue;
      const sf_ir_expr *lo_at, *hi_at;
      int pos = ls_pos_load (rg, e->a, &lo_at);
      if (pos < 0 || ls_pos_load (rg, e->b, &hi_at) != pos
	  || !rw_reads_var (lo_at, r->var)
	  || rw_reads_any (lo_at, inner, rg->nvars)
	  || rw_reads_any (hi_at, inner, rg->nvars))
	continue;
      ls_streams s = { 0 };
      ls_list (rg, e->body, e->var, &s);
      if (!s.n)
	continue;
      if (*flag < 0)
	{
	  *flag = rw_new_var (ctx, "streams", SF_TY_INDEX);
	  sf_ir_stmt *d = sf_ir_decl
	    (ctx->arena, *flag,
	     sf_ir_select (ctx->arena, ls_test (ctx, r, lo_at, hi_at, pos),
			   sf_ir_int (ctx->arena, 1), sf_ir_int (ctx->arena, 0)));
	  d->next = *link;
	  *link = d;
	}
      sf_ir_stmt *pf = sf_ir_if (ctx->arena,
				 sf_ir_binary (ctx->arena, SF_IR_NE,
					       rw_var (ctx, *flag),
					       sf_ir_int (ctx->arena, 0)),
				 ls_prefetches (ctx, e, &s), NULL);
      pf->unlikely = 1;		/* data larger than half the cache */
      pf->pick = SF_IR_PICK_ELSE;
      pf->text = "entries larger than half the last-level cache";
      ctx->picked++;
      pf->next = e;
      *at = pf;
      at = &pf->next;
      ctx->streamed++;
      ctx->rewrites++;
    }
}

/* Prefetch the streams of every row loop of the list at *LINK.  */
static void
ls_walk (sf_pass_ctx *ctx, sf_ir_stmt **link)
{
  for (; *link; link = &(*link)->next)
    {
      sf_ir_stmt *s = *link;
      ls_walk (ctx, &s->body);
      ls_walk (ctx, &s->else_body);
      if (s->kind != SF_IR_FOR)
	continue;
      char *inner = sf_arena_alloc (ctx->arena, (size_t) ctx->r->nvars);
      memset (inner, 0, (size_t) ctx->r->nvars);
      rw_mark_decls (s->body, inner);
      int flag = -1;
      ls_rows (ctx, link, s, &s->body, inner, &flag);
      if (flag >= 0)
	link = &(*link)->next;	/* past the test, to the loop */
    }
}

/* Prefetch the arrays the loops over stored entries among the statements
   at *BODY stream through, when they are larger than half the last-level
   cache (see the top of the file); return nonzero when a loop got
   prefetches.  */
int
rw_streams (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int before = ctx->rewrites;
  if (ctx->tune)
    ls_walk (ctx, body);
  return ctx->rewrites > before;
}
