/* Row blocks for fused workspaces: the outer loop of a fused schedule
   runs over blocks of LW_ROWS rows, the producer of each row's
   workspace for the whole block first, then the consumer, the workspace
   holding one row per row of the block.

     for (i = 0; i < n; i++)               for (ib = 0; ib < blocks; ib++)
       {                                     {
         A[i, :] = 0;                          i0 = ib * 16; i1 = min (i0 + 16, n);
         w_k[:] = 0;                           for (i_2 = i0; i_2 < i1; i_2++)
         for (pB1 ...)                           {
           w_k[k] += B * C[j, k];                  w_k[(i_2 - i0) * K + :] = 0;
         for (k ...)                               for (pB1 ...) w_k[(i_2 - i0) * K + k] += ..
           A[i, l] += w_k[k] * D[k, l];          }
       }                                       for (i_3 = i0; i_3 < i1; i_3++)
                                                 {
                                                   A[i_3, :] = 0;
                                                   for (k ...) A[i_3, l] += w_k[(i_3 - i0) * K + k] * ..
                                                 }
                                             }

   Interleaving the two halves row by row makes each evict the other's
   operands from the first-level cache (SpMM,GEMM: the rows of C the
   producer gathers, the K x L matrix D the consumer streams); a block
   of rows reads D once per block and keeps C's rows of neighbouring
   rows close.

   Statements of the row loop's body are of three kinds: declarations of
   scalars (copied to both halves), producers (they write a crossing
   workspace: one the consumers read, fused over the row index, rank 1)
   and consumers (everything else).  The distribution is legal when the
   producers store nothing but workspaces, read no parameter and no
   workspace the consumers write, no consumer writes a crossing
   workspace, and no consumer reading one comes before a producer; the
   declarations must read no parameter the body stores.  Anything else
   (an assignment to an outer variable, a workspace of two indices)
   leaves the loop as it is.  */

#include <string.h>
#include "opt/internal.h"

#define LW_ROWS 16

/* Blocking context: the crossing workspaces and what the body writes.  */
typedef struct lb_info
{
  unsigned char cross[SF_MAX_WORK];	/* ctx->work entries crossing */
  int ncross;
} lb_info;

/* Return the ctx->work entry of array variable VAR, or -1.  */
static int
lb_work_of (const sf_pass_ctx *ctx, int var)
{
  for (int w = ctx->nwork - 1; w >= 0; w--)
    if (ctx->work[w].var == var)
      return w;
  return -1;
}

/* Return nonzero when expression E reads array VAR (ALOAD) or loads
   parameter PARAM (when >= 0).  */
static int
lb_expr_reads (const sf_ir_expr *e, int var, int param)
{
  if (!e)
    return 0;
  if (e->op == SF_IR_ALOAD && e->var == var)
    return 1;
  if (param >= 0 && (e->op == SF_IR_LOAD || e->op == SF_IR_PARAM)
      && e->param == param)
    return 1;
  return lb_expr_reads (e->a, var, param) || lb_expr_reads (e->b, var, param)
	 || lb_expr_reads (e->c, var, param);
}

/* Return nonzero when the statements from S (only S when ONE), their
   bodies included, read array VAR or parameter PARAM.  */
static int
lb_reads (const sf_ir_stmt *s, int var, int param, int one)
{
  for (; s; s = one ? NULL : s->next)
    if (lb_expr_reads (s->a, var, param) || lb_expr_reads (s->b, var, param)
	|| lb_reads (s->body, var, param, 0)
	|| lb_reads (s->else_body, var, param, 0)
	|| lb_reads (s->setup, var, param, 0)
	|| lb_reads (s->teardown, var, param, 0))
      return 1;
  return 0;
}

/* Return nonzero when the statements from S (only S when ONE), their
   bodies included, write array VAR (ASTORE) or store to parameter PARAM
   (when >= 0).  */
static int
lb_writes (const sf_ir_stmt *s, int var, int param, int one)
{
  for (; s; s = one ? NULL : s->next)
    if ((s->kind == SF_IR_ASTORE && s->var == var)
	|| (param >= 0 && s->kind == SF_IR_STORE && s->param == param)
	|| lb_writes (s->body, var, param, 0)
	|| lb_writes (s->else_body, var, param, 0)
	|| lb_writes (s->setup, var, param, 0)
	|| lb_writes (s->teardown, var, param, 0))
      return 1;
  return 0;
}

/* Return nonzero when the statements from S (only S when ONE) store to
   a parameter, assign a variable they do not declare, or allocate.
   DECLARED marks the variables declared so far inside them (scratch,
   sized nvars).  */
static int
lb_impure (const sf_ir_stmt *s, char *declared, int one)
{
  for (; s; s = one ? NULL : s->next)
    {
      if (s->kind == SF_IR_STORE || s->kind == SF_IR_ALLOC
	  || s->kind == SF_IR_FREE
	  || (s->kind == SF_IR_ASSIGN && !declared[s->var])
	  || (s->kind == SF_IR_FOR && s->parallel))
	return 1;
      if (s->kind == SF_IR_DECL || s->kind == SF_IR_FOR)
	declared[s->var] = 1;
      if (lb_impure (s->body, declared, 0)
	  || lb_impure (s->else_body, declared, 0))
	return 1;
    }
  return 0;
}

/* The renaming of one half: MAP for variables, the crossing arrays get
   OFFSET added to their addresses.  */
typedef struct lb_half
{
  sf_pass_ctx *ctx;
  const int *map;
  const lb_info *info;
  sf_ir_expr *offset;
} lb_half;

/* Return nonzero when array VAR is a crossing workspace.  */
static int
lb_is_cross (const lb_half *h, int var)
{
  int w = lb_work_of (h->ctx, var);
  return w >= 0 && h->info->cross[w];
}

/* Add H's offset to the address of every crossing array access in E
   (already a copy).  */
static void
lb_offset_expr (const lb_half *h, sf_ir_expr *e)
{
  if (!e)
    return;
  if (e->op == SF_IR_ALOAD && lb_is_cross (h, e->var))
    e->a = sf_ir_add (h->ctx->arena, sf_ir_clone (h->ctx->arena, h->offset),
		      e->a);
  lb_offset_expr (h, e->a);
  lb_offset_expr (h, e->b);
  lb_offset_expr (h, e->c);
}

/* Return a copy for half H of the statements from S (only S when ONE).  */
static sf_ir_stmt *
lb_stmts (const lb_half *h, const sf_ir_stmt *s, int one)
{
  sf_ir_list out = { 0 };
  for (; s; s = one ? NULL : s->next)
    {
      sf_ir_stmt *c = SF_NEW (h->ctx->arena, sf_ir_stmt);
      *c = *s;
      c->next = NULL;
      /* An assignment to a declaration of the row loop's body targets
	 this half's copy of it (an accumulator t = t + ..., then a store
	 of t).  */
      if (s->kind == SF_IR_ASSIGN && h->map[s->var] >= 0)
	c->var = h->map[s->var];
      c->a = rw_rename (h->ctx, s->a, h->map);
      c->b = rw_rename (h->ctx, s->b, h->map);
      lb_offset_expr (h, c->a);
      lb_offset_expr (h, c->b);
      if (s->kind == SF_IR_ASTORE && lb_is_cross (h, s->var))
	c->a = sf_ir_add (h->ctx->arena, sf_ir_clone (h->ctx->arena, h->offset),
			  c->a);
      c->body = lb_stmts (h, s->body, 0);
      c->else_body = lb_stmts (h, s->else_body, 0);
      c->setup = lb_stmts (h, s->setup, 0);
      c->teardown = lb_stmts (h, s->teardown, 0);
      sf_ir_append (&out, c);
    }
  return out.head;
}

/* Return the loop over the rows [I0, I1) of one half: the declarations
   DECLS of the row loop S, then the statements of S's body marked in
   TAKE (by position), over fresh variables.  */
static sf_ir_stmt *
lb_half_loop (sf_pass_ctx *ctx, const sf_ir_stmt *s, const lb_info *info,
	      const unsigned char *take, int i0, int i1, int nmap)
{
  sf_arena *A = ctx->arena;
  sf_region *r = ctx->r;
  int *map = sf_arena_alloc (A, sizeof (int) * (size_t) nmap);
  for (int v = 0; v < nmap; v++)
    map[v] = -1;
  int i = rw_new_var (ctx, r->vars[s->var].name, SF_TY_INDEX);
  map[s->var] = i;
  lb_half h = { ctx, map, info, NULL };
  sf_ir_expr *size = NULL;
  for (int w = 0; w < ctx->nwork; w++)
    if (info->cross[w])
      size = ctx->work[w].size;
  h.offset = sf_ir_mul (A, sf_ir_sub (A, rw_var (ctx, i), rw_var (ctx, i0)),
			sf_ir_clone (A, size));
  sf_ir_list body = { 0 };
  int n = 0;
  for (const sf_ir_stmt *b = s->body; b; b = b->next, n++)
    if (b->kind == SF_IR_DECL)
      {
	int v = rw_new_var (ctx, r->vars[b->var].name, r->vars[b->var].ty);
	sf_ir_append (&body, sf_ir_decl (A, v, rw_rename (ctx, b->a, map)));
	map[b->var] = v;
      }
    else if (take[n])
      {
	sf_ir_append (&body, lb_stmts (&h, b, 1));
      }
  return sf_ir_for (A, i, rw_var (ctx, i0), rw_var (ctx, i1), body.head);
}

/* Return the blocked replacement of row loop S, or NULL when S does not
   qualify (see the top of the file).  */
static sf_ir_stmt *
lb_block (sf_pass_ctx *ctx, sf_ir_stmt *s)
{
  sf_arena *A = ctx->arena;
  if (s->kind != SF_IR_FOR || s->setup || s->teardown || !s->body
      || !(s->parallel || rw_is_dense_for (ctx, s)))
    return NULL;
  lb_info info;
  memset (&info, 0, sizeof info);
  int nstmt = 0;
  for (const sf_ir_stmt *b = s->body; b; b = b->next)
    nstmt++;
  unsigned char *producer = sf_arena_alloc (A, (size_t) nstmt + 1);
  unsigned char *consumer = sf_arena_alloc (A, (size_t) nstmt + 1);
  memset (producer, 0, (size_t) nstmt + 1);
  memset (consumer, 0, (size_t) nstmt + 1);
  /* The crossing workspaces: written by one statement of the body, read
     by a later one.  */
  for (int w = 0; w < ctx->nwork; w++)
    {
      const sf_work *x = &ctx->work[w];
      if (!(x->fused & ctx->first_index) || x->out_block
	  || __builtin_popcount (x->idx) != 1
	  || lb_work_of (ctx, x->var) != w
	  || x->var >= ctx->r->nvars || !ctx->r->vars[x->var].is_array
	  || !lb_writes (s->body, x->var, -1, 0))
	continue;
      int n = 0, written = 0;
      for (sf_ir_stmt *b = s->body; b; b = b->next, n++)
	{
	  if (lb_writes (b, x->var, -1, 1))
	    written = 1;
	  else if (written && lb_reads (b, x->var, -1, 1))
	    info.cross[w] = 1;
	}
      info.ncross += info.cross[w];
    }
  if (info.ncross != 1)
    return NULL;
  /* Classify the statements.  */
  char *declared = sf_arena_alloc (A, (size_t) ctx->r->nvars);
  int n = 0, seen_reader = 0;
  for (sf_ir_stmt *b = s->body; b; b = b->next, n++)
    {
      if (b->kind == SF_IR_DECL)
	{
	  if (!b->a || ctx->r->vars[b->var].is_array)
	    return NULL;
	  continue;
	}
      int writes = 0, reads = 0;
      for (int w = 0; w < ctx->nwork; w++)
	if (info.cross[w])
	  {
	    writes |= lb_writes (b, ctx->work[w].var, -1, 1);
	    reads |= lb_reads (b, ctx->work[w].var, -1, 1);
	  }
      memset (declared, 0, (size_t) ctx->r->nvars);
      int impure = lb_impure (b, declared, 1);
      if (writes)
	{
	  if (impure || seen_reader)
	    return NULL;
	  producer[n] = 1;
	}
      else
	{
	  if (b->kind == SF_IR_ASSIGN)
	    return NULL;
	  seen_reader |= reads;
	  consumer[n] = 1;
	}
    }
  /* Producers read nothing the consumers write; declarations read no
     parameter the body stores.  */
  n = 0;
  for (sf_ir_stmt *b = s->body; b; b = b->next, n++)
    {
      if (!producer[n] && b->kind != SF_IR_DECL)
	continue;
      int bad = 0;
      for (int p = 0; p < ctx->r->nparams && !bad; p++)
	bad = lb_reads (b, -1, p, 1) && lb_writes (s->body, -1, p, 0);
      for (int w = 0; w < ctx->nwork && !bad; w++)
	if (!info.cross[w] && lb_reads (b, ctx->work[w].var, -1, 1))
	  {
	    int m = 0;
	    for (sf_ir_stmt *c = s->body; c; c = c->next, m++)
	      bad |= consumer[m] && lb_writes (c, ctx->work[w].var, -1, 1);
	  }
      if (bad)
	return NULL;
    }
  /* Build: the block loop over [lo, hi) in blocks of LW_ROWS.  */
  int nmap = ctx->r->nvars;
  const char *name = ctx->r->vars[s->var].name;
  sf_ir_list out = { 0 }, block = { 0 };
  sf_ir_expr *lo, *hi;
  int nblocks = rw_loop_blocks (ctx, s, LW_ROWS, 1, &out, &lo, &hi);
  int i0, i1;
  int ib = rw_block_bounds (ctx, &block, name, "block", LW_ROWS, lo, hi,
			    &i0, &i1);
  sf_ir_append (&block, lb_half_loop (ctx, s, &info, producer, i0, i1,
				      nmap));
  sf_ir_append (&block, lb_half_loop (ctx, s, &info, consumer, i0, i1,
				      nmap));
  sf_ir_stmt *loop = sf_ir_for (A, ib, sf_ir_int (A, 0),
				rw_var (ctx, nblocks), block.head);
  loop->parallel = s->parallel;
  loop->chunk = s->chunk > LW_ROWS ? s->chunk / LW_ROWS : s->chunk ? 1 : 0;
  sf_ir_append (&out, loop);
  /* The crossing workspace holds a row per row of the block.  */
  for (int w = 0; w < ctx->nwork; w++)
    if (info.cross[w])
      {
	sf_work *x = &ctx->work[w];
	x->size = sf_ir_mul (A, x->size, sf_ir_int (A, LW_ROWS));
	x->alloc->a = sf_ir_clone (A, x->size);
	if (!x->heap && (x->size->op != SF_IR_INT
			 || x->size->ival * 8 > 32768))
	  x->heap = x->alloc->heap = x->release->heap = 1;
	ctx->blocked_rows = LW_ROWS;
      }
  return out.head;
}

/* Block the row loops of the list at *LINK (the outermost qualifying
   loop of each nest).  */
static void
lb_list (sf_pass_ctx *ctx, sf_ir_stmt **link)
{
  for (; *link; link = &(*link)->next)
    {
      sf_ir_stmt *s = *link;
      sf_ir_stmt *blocked = lb_block (ctx, s);
      if (blocked)
	{
	  link = rw_splice (link, blocked, s->next);
	  ctx->rewrites++;
	  continue;
	}
      int phase = 0;
      for (int k = 0; k < ctx->nphase_loops; k++)
	phase |= ctx->phase_loops[k] == s;
      if (phase)
	lb_list (ctx, &s->body);	/* a phase's row loop (opt/phases.c) */
      if (s->kind == SF_IR_FOR)
	continue;		/* only the outermost loop of a nest */
      lb_list (ctx, &s->body);
      lb_list (ctx, &s->else_body);
    }
}

/* Run the row loops of fused schedules over blocks of rows (see the top
   of the file).  Not under memory(N): a block's workspace holds LW_ROWS
   rows, which the run-time test of the cap, made from the workspaces'
   sizes before blocking, does not count.  Return nonzero when a loop
   was blocked.  */
int
rw_row_blocks (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  if (ctx->memory)
    return 0;
  int before = ctx->rewrites;
  lb_list (ctx, body);
  return ctx->rewrites > before;
}
