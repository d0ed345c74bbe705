/* Loops whose body is one dense loop accumulating into a row (a
   workspace or the output), unrolled by LW_JAM and jammed: each pass of
   the dense loop adds the contributions of LW_JAM iterations of the
   outer loop (stored entries, or a dense index such as the k of
   SpMM,GEMM's consumer A[i, l] += w_k[k] * D[k, l]), so the row is loaded
   and stored once for all of them.

     for (pB1 = lo; pB1 < hi; pB1++)       pB1_lo = lo; pB1_hi = hi;
       {                                   pB1_blocks = (pB1_hi - pB1_lo) / 2;
         j = B_crd[pB1];                   for (pB1_block = 0; ...; pB1_block++)
         t_B = B_vals[pB1];                  {
         for (k = 0; k < K; k++)               pB1_2 = pB1_lo + pB1_block * 2;
           w_k[k] += t_B * C[j * K + k];       j_2 = B_crd[pB1_2]; t_B_2 = ...;
       }                                       pB1_3 = pB1_2 + 1;
                                               j_3 = B_crd[pB1_3]; t_B_3 = ...;
                                               for (k_2 = 0; k_2 < K; k_2++)
                                                 {
                                                   w_k[k_2] += t_B_2 * C[..];
                                                   w_k[k_2] += t_B_3 * C[..];
                                                 }
                                             }
                                           if (pB1_lo + pB1_blocks * 2 < pB1_hi)
                                             {
                                               pB1 = pB1_lo + pB1_blocks * 2;
                                               (the original body)
                                             }

   The SpMM row update of SpMM, SpMM,GEMM's producer and consumer, MTTKRP
   and TTMc; GCC's own unroll-and-jam does the same to some of these
   loops, but its copies vectorize worse than one loop written this way.
   Before the dense loop an entry may also compute scalars by loops that
   only assign them (rank-1's sum of a row of B, GNN's dot product): each
   entry's copy runs in turn before the shared pass of the dense loop.

   It is exact: every element of the row receives its additions in the
   original order (entry p's before entry p+1's), since the address the
   dense loop writes is its counter plus an offset that does not depend
   on the entry (so distinct counters write distinct elements), nothing
   in the body reads the row it writes, and the entries' own
   declarations and sums read nothing the loop writes.  */

#include "opt/internal.h"

#define LW_JAM 2		/* the odd entry is one IF: keep it 2 */

/* Return nonzero when E reads what store S writes (its array variable
   or its parameter).  */
static int
rw_reads_target (const sf_ir_expr *e, const sf_ir_stmt *s)
{
  if (!e)
    return 0;
  if (s->kind == SF_IR_ASTORE && (e->op == SF_IR_ALOAD || e->op == SF_IR_VAR)
      && e->var == s->var)
    return 1;
  if (s->kind == SF_IR_STORE && (e->op == SF_IR_LOAD || e->op == SF_IR_PARAM)
      && e->param == s->param)
    return 1;
  return rw_reads_target (e->a, s) || rw_reads_target (e->b, s)
	 || rw_reads_target (e->c, s);
}

/* Return nonzero when E reads any variable marked in MARK.  */
static int
rw_reads_marked (const sf_ir_expr *e, const char *mark)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_VAR || e->op == SF_IR_ALOAD) && mark[e->var])
    return 1;
  return rw_reads_marked (e->a, mark) || rw_reads_marked (e->b, mark)
	 || rw_reads_marked (e->c, mark);
}

/* Return nonzero when ADDR is K or an offset plus K, the offset not
   reading K (distinct K, distinct addresses).  */
static int
rw_counter_address (const sf_ir_expr *addr, int k)
{
  if (addr->op == SF_IR_VAR)
    return addr->var == k;
  if (addr->op != SF_IR_ADD)
    return 0;
  if (addr->b->op == SF_IR_VAR && addr->b->var == k)
    return !rw_reads_var (addr->a, k);
  if (addr->a->op == SF_IR_VAR && addr->a->var == k)
    return !rw_reads_var (addr->b, k);
  return 0;
}

/* Return nonzero when every statement of list S is the declaration of a
   scalar with a value reading nothing STORE writes.  */
static int
rw_plain_decls (const sf_pass_ctx *ctx, const sf_ir_stmt *s,
		const sf_ir_stmt *end, const sf_ir_stmt *store)
{
  for (; s != end; s = s->next)
    if (s->kind != SF_IR_DECL || !s->a || ctx->r->vars[s->var].is_array
	|| rw_reads_target (s->a, store))
      return 0;
  return 1;
}

/* Return nonzero when loop S (serial, no setup or teardown) only
   declares scalars and assigns the scalars DECLARED marks (declared
   before it in the entry), reading nothing STORE writes: a sum such as
   rank-1's t = t + B_vals[pB1] over a row, which the jammed entries may
   each run in turn.  */
static int
rw_scalar_loop (const sf_pass_ctx *ctx, const sf_ir_stmt *s,
		const char *declared, const sf_ir_stmt *store)
{
  if (s->kind != SF_IR_FOR || s->parallel || s->setup || s->teardown
      || rw_reads_target (s->a, store) || rw_reads_target (s->b, store))
    return 0;
  for (const sf_ir_stmt *b = s->body; b; b = b->next)
    if (!b->a || ctx->r->vars[b->var].is_array || rw_reads_target (b->a, store)
	|| (b->kind != SF_IR_DECL
	    && (b->kind != SF_IR_ASSIGN || !declared[b->var])))
      return 0;
  return 1;
}

/* Return nonzero when the statements of S's body before INNER are
   declarations of scalars and scalar sum loops (rw_scalar_loop), none
   reading what STORE writes.  */
static int
rw_prefix_list (sf_pass_ctx *ctx, const sf_ir_stmt *d, const sf_ir_stmt *end,
		char *declared, const sf_ir_stmt *store)
{
  for (; d != end; d = d->next)
    if (d->kind == SF_IR_DECL || d->kind == SF_IR_ASSIGN)
      {
	if (!d->a || ctx->r->vars[d->var].is_array
	    || rw_reads_target (d->a, store)
	    || (d->kind == SF_IR_ASSIGN && !declared[d->var]))
	  return 0;
	declared[d->var] = 1;
      }
    else if (d->kind == SF_IR_IF)
      {
	/* A row's sum in plain or partial sums by its length
	   (opt/partial_sums.c): each branch such a prefix.  */
	if (rw_reads_target (d->a, store)
	    || !rw_prefix_list (ctx, d->body, NULL, declared, store)
	    || !rw_prefix_list (ctx, d->else_body, NULL, declared, store))
	  return 0;
      }
    else if (!rw_scalar_loop (ctx, d, declared, store))
      return 0;
  return 1;
}

static int
rw_entry_prefix (sf_pass_ctx *ctx, const sf_ir_stmt *s,
		 const sf_ir_stmt *inner, const sf_ir_stmt *store)
{
  char *declared = sf_arena_alloc (ctx->arena, (size_t) ctx->r->nvars);
  for (int v = 0; v < ctx->r->nvars; v++)
    declared[v] = 0;
  return rw_prefix_list (ctx, s->body, inner, declared, store);
}

/* Mark in MARK the variables statement list S declares or assigns
   (loop counters included).  */
static void
rw_mark_written (const sf_ir_stmt *s, char *mark)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_DECL || s->kind == SF_IR_ASSIGN
	  || s->kind == SF_IR_FOR)
	mark[s->var] = 1;
      rw_mark_written (s->body, mark);
      rw_mark_written (s->else_body, mark);
    }
}

/* Return the dense loop of loop S when S is a serial loop that may be
   jammed (see the top of the file), else NULL.  */
static sf_ir_stmt *
rw_jam_inner (sf_pass_ctx *ctx, sf_ir_stmt *s)
{
  if (s->kind != SF_IR_FOR || s->parallel || s->setup || s->teardown
      || !s->body)
    return NULL;
  sf_ir_stmt *inner = s->body;
  while (inner && inner->next)
    inner = inner->next;
  if (!inner || inner->kind != SF_IR_FOR || inner->parallel
      || inner->setup || inner->teardown || !inner->body
      || !rw_is_dense_for (ctx, inner))
    return NULL;
  sf_ir_stmt *store = inner->body;
  while (store->next)
    store = store->next;
  if ((store->kind != SF_IR_STORE && store->kind != SF_IR_ASTORE)
      || !store->accumulate
      || !rw_entry_prefix (ctx, s, inner, store)
      || !rw_plain_decls (ctx, inner->body, store, store)
      || rw_reads_target (store->b, store)
      || !rw_counter_address (store->a, inner->var))
    return NULL;
  /* The entry's variables: the position and the outer declarations.  */
  char *mark = sf_arena_alloc (ctx->arena, (size_t) ctx->r->nvars);
  for (int v = 0; v < ctx->r->nvars; v++)
    mark[v] = 0;
  mark[s->var] = 1;
  for (const sf_ir_stmt *d = s->body; d != inner; d = d->next)
    {
      if (d->kind != SF_IR_IF)
	mark[d->var] = 1;
      rw_mark_written (d->body, mark);
      rw_mark_written (d->else_body, mark);
    }
  if (rw_reads_marked (inner->a, mark) || rw_reads_marked (inner->b, mark)
      || rw_reads_marked (store->a, mark))
    return NULL;
  return inner;
}

/* Return a copy of the statements [S, END) of an entry's prefix
   (declarations, scalar sum loops and their assignments) over fresh
   variables, recorded in MAP.  */
static sf_ir_stmt *
rw_jam_copy (sf_pass_ctx *ctx, const sf_ir_stmt *s, const sf_ir_stmt *end,
	     int *map)
{
  sf_arena *A = ctx->arena;
  sf_region *r = ctx->r;
  sf_ir_list out = { 0 };
  for (; s != end; s = s->next)
    switch (s->kind)
      {
      case SF_IR_DECL:
	{
	  sf_ir_expr *value = rw_rename (ctx, s->a, map);
	  int v = rw_new_var (ctx, r->vars[s->var].name, r->vars[s->var].ty);
	  sf_ir_append (&out, sf_ir_decl (A, v, value));
	  map[s->var] = v;
	  break;
	}
      case SF_IR_ASSIGN:
	sf_ir_append (&out, sf_ir_assign (A, map[s->var] >= 0 ? map[s->var]
					  : s->var,
					  rw_rename (ctx, s->a, map)));
	break;
      case SF_IR_IF:
	/* A row's sum in plain or partial sums by its length: the jammed
	   entries take the partial sums whatever the length (both
	   branches in every entry made GCC take about 0.1 s longer on
	   rank-1's file).  */
	sf_ir_append (&out, rw_jam_copy (ctx, s->else_body, NULL, map));
	break;
      default:			/* SF_IR_FOR: rw_scalar_loop */
	{
	  sf_ir_expr *lo = rw_rename (ctx, s->a, map);
	  sf_ir_expr *hi = rw_rename (ctx, s->b, map);
	  int v = rw_new_var (ctx, r->vars[s->var].name, SF_TY_INDEX);
	  map[s->var] = v;
	  sf_ir_append (&out, sf_ir_for (A, v, lo, hi,
					 rw_jam_copy (ctx, s->body, NULL,
						      map)));
	  break;
	}
      }
  return out.head;
}

/* Return the statements replacing loop S (dense loop INNER): the jammed
   block loop, then S's body for the odd entry.  */
static sf_ir_stmt *
rw_jam_loop (sf_pass_ctx *ctx, sf_ir_stmt *s, sf_ir_stmt *inner)
{
  sf_arena *A = ctx->arena;
  sf_region *r = ctx->r;
  const char *name = r->vars[s->var].name;
  int nmap = r->nvars;
  int *map[LW_JAM];
  sf_ir_list out = { 0 }, block = { 0 }, body = { 0 };
  sf_ir_expr *lo, *hi;
  int nblocks = rw_loop_blocks (ctx, s, LW_JAM, 0, &out, &lo, &hi);
  int pb = rw_new_var (ctx, sf_arena_printf (A, "%s_block", name),
		       SF_TY_INDEX);
  int k = rw_new_var (ctx, r->vars[inner->var].name, SF_TY_INDEX);
  /* Each entry's position and declarations, over fresh variables.  */
  for (int u = 0; u < LW_JAM; u++)
    {
      map[u] = sf_arena_alloc (A, sizeof (int) * (size_t) nmap);
      for (int v = 0; v < nmap; v++)
	map[u][v] = -1;
      map[u][inner->var] = k;
      int p = rw_new_var (ctx, name, SF_TY_INDEX);
      sf_ir_expr *at = u ? sf_ir_add (A, rw_var (ctx, map[0][s->var]),
				      sf_ir_int (A, u))
		       : sf_ir_add (A, sf_ir_clone (A, lo),
				    sf_ir_mul (A, rw_var (ctx, pb),
					       sf_ir_int (A, LW_JAM)));
      sf_ir_append (&block, sf_ir_decl (A, p, at));
      map[u][s->var] = p;
      sf_ir_append (&block, rw_jam_copy (ctx, s->body, inner, map[u]));
    }
  /* The dense loop: each entry's body in turn, at the same counter.  */
  for (int u = 0; u < LW_JAM; u++)
    for (const sf_ir_stmt *b = inner->body; b; b = b->next)
      if (b->kind == SF_IR_DECL)
	{
	  int v = rw_new_var (ctx, r->vars[b->var].name, r->vars[b->var].ty);
	  sf_ir_append (&body, sf_ir_decl (A, v, rw_rename (ctx, b->a,
							     map[u])));
	  map[u][b->var] = v;
	}
      else
	{
	  sf_ir_stmt *st = SF_NEW (A, sf_ir_stmt);
	  *st = *b;
	  st->next = NULL;
	  st->a = rw_rename (ctx, b->a, map[u]);
	  st->b = rw_rename (ctx, b->b, map[u]);
	  sf_ir_append (&body, st);
	}
  sf_ir_append (&block, sf_ir_for (A, k, rw_rename (ctx, inner->a, map[0]),
				   rw_rename (ctx, inner->b, map[0]),
				   body.head));
  /* GCC's unroll-and-jam would jam the block loop again; the copies it
     makes of a loop jammed already vectorize worse (SpMM,GEMM on
     bcsstk13: 3.4 ms against 2.2 without), and a statement with side
     effects in the outer body is what keeps it from doing so.  */
  sf_ir_append (&block, sf_ir_barrier (A));
  sf_ir_append (&out, sf_ir_for (A, pb, sf_ir_int (A, 0),
				 rw_var (ctx, nblocks), block.head));
  /* The last entry when their number is odd: the original body, its
     position declared (an IF: GCC would unroll a loop it cannot see
     runs at most once).  */
  sf_ir_expr *last = sf_ir_add (A, sf_ir_clone (A, lo),
				sf_ir_mul (A, rw_var (ctx, nblocks),
					   sf_ir_int (A, LW_JAM)));
  sf_ir_stmt *rest = s->next;
  sf_ir_stmt *decl = sf_ir_decl (A, s->var, last);
  decl->next = s->body;
  sf_ir_append (&out, sf_ir_if (A, sf_ir_binary (A, SF_IR_LT,
						 sf_ir_clone (A, last),
						 sf_ir_clone (A, hi)),
				decl, NULL));
  out.tail->next = rest;
  return out.head;
}

/* Jam the loops of the list starting at *LINK.  */
static void
rw_jam_list (sf_pass_ctx *ctx, sf_ir_stmt **link)
{
  for (; *link; link = &(*link)->next)
    {
      sf_ir_stmt *s = *link;
      sf_ir_stmt *inner = rw_jam_inner (ctx, s);
      if (inner)
	{
	  sf_ir_stmt *rest = s->next;
	  link = rw_splice (link, rw_jam_loop (ctx, s, inner), rest);
	  ctx->rewrites++;
	  continue;
	}
      rw_jam_list (ctx, &s->setup);
      rw_jam_list (ctx, &s->body);
      rw_jam_list (ctx, &s->else_body);
      rw_jam_list (ctx, &s->teardown);
    }
}

/* Unroll and jam every serial loop of the statements at *BODY whose
   body is one dense loop accumulating into a row; return nonzero when
   there was one.  */
int
rw_jam (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int before = ctx->rewrites;
  rw_jam_list (ctx, body);
  return ctx->rewrites > before;
}
