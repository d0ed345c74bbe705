/* The cost of a lowered candidate, read off its loop IR, for the
   auto-scheduler (sched/candidates.c): symbolic (the symbols and the
   rule of prefix nnz terms are cost.h's), or the numeric estimate at the
   end of the file.

     for i < B_n                       dense over I            I
       for z < A_ext1: A[..] = 0       dense over L            I*L
       for pB1 in B_pos[i]..           positions of B level 1  nnz(B)
         for k < C_ext1: w_k[k] += ..  dense over K            nnz(B)*K
       for k_2 < C_ext1                                        I*K
         for l < D_ext1: A[..] += ..                           I*K*L
     workspace w_k over k              memory 8*K, depth 1

   time is the number of loop iterations, summed over every loop (so the
   workspace resets and output zeroing count), memory the bytes of the
   workspaces the lowering made (one thread's; in->work, sized by the
   extents of the indices they keep), the loop depth the deepest nest,
   the memory depth the largest number of indices a workspace keeps.

   A loop is recognized by its bounds:
     - a bound that reads a level's pos array (or a coo level's count)
       iterates over that level's positions;
     - an upper bound that is an index's extent, as the lowering
       builds it (a format dim field, a C type extent, a shape()
       expression), iterates over that extent;
     - a loop whose body starts by reading a level's crd array at its
       position (a coo level's runs, the singleton level under it, whose
       bounds are variables) iterates over that level's positions; a
       co-iteration WHILE reads several operands' crd arrays at their
       positions, and counts as a loop over the first of them (the
       others' positions are not added), but the loops inside it may
       hang under any of their levels: lc_count tries each in turn
       until the nest settles (the network with dense copies: r over
       C's last level inside the merge of A's and C's q);
     - a constant upper bound is that many iterations;
     - anything else (a search, a run of duplicates) counts once, as
       does a loop over the sparse output's positions (its zeroing,
       alike in every candidate).
   A loop over positions must sit inside loops over its parent levels
   (sf_cost_nest); when it does not, the candidate has no symbolic cost
   and the caller falls back to the numeric estimate.  */

#include <string.h>
#include "sched/ir_cost.h"

#define LC_MAX_DEPTH 64
#define LC_MAX_ALT 4

typedef struct lc_state
{
  const sf_ir_cost_input *in;
  const sf_cost_space *space;
  sf_cost_loop loops[LC_MAX_DEPTH];	/* the symbolic loops open */
  int nloops;
  /* A co-iteration's other operands: loop K may also be read as a loop
     over ALT[K][1..NALT[K]-1] (ALT[K][0] is LOOPS[K] as pushed).  */
  int nalt[LC_MAX_DEPTH];
  sf_cost_loop alt[LC_MAX_DEPTH][LC_MAX_ALT];
  double factor;		/* product of the constant trips open */
  int depth, max_depth;
  const sf_poly *time, *memory;
  int mem_depth;
  int inexact;			/* a loop counted short (lc_loop) */
  const char *error;
} lc_state;

/* Return nonzero when field references A and B name the same member.  */
static int
lc_same_field (const sf_field_ref *a, const sf_field_ref *b)
{
  return a->name && b->name && !strcmp (a->name, b->name)
	 && a->subscript == b->subscript;
}

/* Return the format of operand O of the computation, or NULL.  */
static const sf_format *
lc_format (const lc_state *st, int o)
{
  const sf_operand *op = &st->in->comp->operands[o];
  return op->kind == SF_OPERAND_SPARSE ? &st->in->formats[op->format]
	 : NULL;
}

/* Return nonzero when parameter P is the pos array (or coo count) of a
   level of a sparse operand, storing the operand and level.  */
static int
lc_pos_param (const lc_state *st, int p, int *operand, int *level)
{
  const sf_param *param = &st->in->r->params[p];
  if (param->kind != SF_PARAM_FIELD)
    return 0;
  const sf_format *f = lc_format (st, param->operand);
  for (int l = 0; f && l < f->nlevels; l++)
    if ((f->levels[l].kind == SF_LEVEL_COMPRESSED
	 || f->levels[l].kind == SF_LEVEL_COO)
	&& lc_same_field (&f->levels[l].pos, &param->field))
      {
	*operand = param->operand;
	*level = l;
	return 1;
      }
  return 0;
}

/* Return nonzero when E reads a pos array (LOAD) or a coo count (PARAM),
   storing its operand and level.  */
static int
lc_find_positions (const lc_state *st, const sf_ir_expr *e, int *operand,
		   int *level)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_LOAD || e->op == SF_IR_PARAM)
      && lc_pos_param (st, e->param, operand, level))
    return 1;
  return lc_find_positions (st, e->a, operand, level)
	 || lc_find_positions (st, e->b, operand, level)
	 || lc_find_positions (st, e->c, operand, level);
}

/* Return E without conversions.  */
static const sf_ir_expr *
lc_strip (const sf_ir_expr *e)
{
  while (e && e->op == SF_IR_CONVERT)
    e = e->a;
  return e;
}

/* Return nonzero when loop S reads a level's crd array at its own
   position in its body (x = crd[p]: a loop over the
   positions of that level, as a coo level's runs and the singleton level
   under it are lowered), storing the operand and level.  A FOR's
   position is its variable; a WHILE's is whatever the read uses, the
   read of a union's operand under its test of positions left.  */
static int
lc_find_crd_reads (const lc_state *st, const sf_ir_stmt *s,
		   sf_cost_loop *found, int max)
{
  int n = 0;
  for (const sf_ir_stmt *b = s->body; b && n < max; b = b->next)
    {
      if (b->kind != SF_IR_DECL && b->kind != SF_IR_ASSIGN)
	continue;
      const sf_ir_expr *e = lc_strip (b->a);
      /* A union's coordinate: valid ? crd[p] : MAX.  */
      if (e && e->op == SF_IR_SELECT && s->kind == SF_IR_WHILE)
	e = lc_strip (e->b);
      if (!e || e->op != SF_IR_LOAD)
	continue;
      const sf_ir_expr *at = lc_strip (e->a);
      if (!at || at->op != SF_IR_VAR
	  || (s->kind == SF_IR_FOR && at->var != s->var))
	continue;
      const sf_param *param = &st->in->r->params[e->param];
      if (param->kind != SF_PARAM_FIELD)
	continue;
      const sf_format *f = lc_format (st, param->operand);
      for (int l = 0; f && l < f->nlevels; l++)
	if (f->levels[l].kind != SF_LEVEL_DENSE
	    && lc_same_field (&f->levels[l].crd, &param->field))
	  {
	    found[n++] = (sf_cost_loop) { -1, param->operand, l };
	    break;
	  }
      /* A FOR reads its own level only.  */
      if (n && s->kind == SF_IR_FOR)
	break;
    }
  return n;
}

/* Return the index whose extent parameter P is (as comp->extent says the
   lowering builds it), or -1.  */
static int
lc_extent_index (const lc_state *st, int p)
{
  const sf_comp *comp = st->in->comp;
  const sf_param *param = &st->in->r->params[p];
  for (int x = 0; x < comp->nindices; x++)
    {
      const sf_extent *e = &comp->extent[x];
      if (param->kind == SF_PARAM_FIELD && e->kind == SF_EXTENT_FORMAT_DIM
	  && e->operand == param->operand)
	{
	  const sf_format *f = lc_format (st, e->operand);
	  if (f && e->dim >= 0 && e->dim < f->ndims
	      && lc_same_field (&f->dims[e->dim], &param->field))
	    return x;
	}
      if (param->kind == SF_PARAM_TYPE_EXTENT && e->kind == SF_EXTENT_TYPE
	  && e->operand == param->operand && e->dim == param->dim)
	return x;
      if (param->kind == SF_PARAM_CEXPR && e->kind == SF_EXTENT_SHAPE
	  && e->shape == param->cexpr)
	return x;
    }
  return -1;
}

static void lc_walk (lc_state *st, const sf_ir_stmt *s);

/* Return the number of factors of E when it is a product of extent
   parameters that fit in the open nest, each stored as a loop into
   OUT (when not NULL); else 0.  */
static int
lc_extent_product (const lc_state *st, const sf_ir_expr *e,
		   sf_cost_loop *out)
{
  e = lc_strip (e);
  if (e->op == SF_IR_PARAM)
    {
      int x = lc_extent_index (st, e->param);
      if (x < 0 || st->nloops >= LC_MAX_DEPTH)
	return 0;
      if (out)
	*out = (sf_cost_loop) { x, -1, -1 };
      return 1;
    }
  if (e->op != SF_IR_MUL)
    return 0;
  int a = lc_extent_product (st, e->a, out);
  if (!a)
    return 0;
  int b = lc_extent_product (st, e->b, out ? out + a : NULL);
  return b && st->nloops + a + b <= LC_MAX_DEPTH ? a + b : 0;
}

/* Add to the time the iterations of the loops open (the innermost one
   just pushed).  */
static void
lc_count (lc_state *st)
{
  const char *error = NULL;
  const sf_poly *n = sf_cost_nest (st->space, st->loops, st->nloops, &error);
  /* A co-iteration of several operands' levels binds each of them; the
     loops inside it may hang under any: try its operands in turn (the
     first open co-iteration varying fastest) until the nest settles.  */
  int combos = 1;
  for (int k = 0; k < st->nloops; k++)
    if (st->nalt[k] > 1 && combos <= 64)
      combos *= st->nalt[k];
  for (int c = 1; !n && c < combos && combos <= 64; c++)
    {
      sf_cost_loop loops[LC_MAX_DEPTH];
      memcpy (loops, st->loops, sizeof *loops * (size_t) st->nloops);
      int rest = c;
      for (int k = 0; k < st->nloops; k++)
	if (st->nalt[k] > 1)
	  {
	    loops[k] = st->alt[k][rest % st->nalt[k]];
	    rest /= st->nalt[k];
	  }
      n = sf_cost_nest (st->space, loops, st->nloops, &error);
    }
  if (!n)
    {
      st->error = error ? error : "a loop the cost model cannot count";
      return;
    }
  sf_arena *A = st->space->arena;
  st->time = sf_poly_add (A, st->time, sf_poly_scale (A, n, st->factor));
}

/* Walk loop S (FOR or WHILE): count it, then its body.  */
static void
lc_loop (lc_state *st, const sf_ir_stmt *s)
{
  int operand, level, pushed = 0;
  double factor = st->factor;
  const sf_ir_expr *hi = s->kind == SF_IR_FOR ? lc_strip (s->b) : NULL;
  const sf_ir_expr *lo = s->kind == SF_IR_FOR ? lc_strip (s->a) : NULL;
  if (st->nloops == LC_MAX_DEPTH)
    {
      st->error = "the nest is too deep for the cost model";
      return;
    }
  sf_cost_loop reads[LC_MAX_ALT];
  int nreads = 0;
  st->nalt[st->nloops] = 0;
  if (lc_find_positions (st, s->a, &operand, &level)
      || (s->kind == SF_IR_FOR
	  && lc_find_positions (st, s->b, &operand, &level)))
    {
      /* The sparse output's positions: its zeroing over every stored
	 value, the same in every candidate; it counts once.  */
      if (operand != st->in->out_operand)
	{
	  st->loops[st->nloops++] = (sf_cost_loop) { -1, operand, level };
	  pushed = 1;
	}
    }
  else if (hi && hi->op == SF_IR_PARAM && lc_extent_index (st, hi->param) >= 0)
    {
      int x = lc_extent_index (st, hi->param);
      st->loops[st->nloops++] = (sf_cost_loop) { x, -1, -1 };
      pushed = 1;
    }
  else if ((nreads = lc_find_crd_reads (st, s, reads, LC_MAX_ALT)) > 0)
    {
      /* A merge of several operands counts the first one's positions
	 alone.  */
      st->inexact |= nreads > 1;
      st->nalt[st->nloops] = nreads;
      memcpy (st->alt[st->nloops], reads, sizeof *reads * (size_t) nreads);
      st->loops[st->nloops++] = reads[0];
      pushed = 1;
    }
  else if (hi && hi->op == SF_IR_INT && lo && lo->op == SF_IR_INT)
    st->factor *= hi->ival > lo->ival ? (double) (hi->ival - lo->ival) : 0;
  else if (hi && lo && lo->op == SF_IR_INT && lo->ival == 0
	   && lc_extent_product (st, hi, NULL))
    /* A loop over a product of extents (a full temporary's zeroing,
       J*L for SpMM,GEMM's C*D first): one loop per factor.  */
    {
      pushed = lc_extent_product (st, hi, st->loops + st->nloops);
      for (int k = 0; k < pushed; k++)
	st->nalt[st->nloops + k] = 0;
      st->nloops += pushed;
    }
  else
    /* Anything else runs once per enclosing iteration.  */
    st->inexact = 1;
  lc_count (st);
  st->depth++;
  if (st->depth > st->max_depth)
    st->max_depth = st->depth;
  lc_walk (st, s->body);
  st->depth--;
  st->factor = factor;
  st->nloops -= pushed;
}

/* Walk the statement list S.  */
static void
lc_walk (lc_state *st, const sf_ir_stmt *s)
{
  for (; s && !st->error; s = s->next)
    switch (s->kind)
      {
      case SF_IR_FOR:
	if (s->untimed)
	  break;
	lc_walk (st, s->setup);
	lc_loop (st, s);
	lc_walk (st, s->teardown);
	break;
      case SF_IR_WHILE:
	lc_loop (st, s);
	break;
      case SF_IR_IF:
	lc_walk (st, s->body);
	lc_walk (st, s->else_body);
	break;
      default:
	break;
      }
}

const char *
sf_ir_symbolic_cost (const sf_ir_cost_input *in, const sf_ir_stmt *s,
		     const sf_cost_space *space, sf_candidate *out)
{
  lc_state st;
  memset (&st, 0, sizeof st);
  st.in = in;
  st.space = space;
  st.factor = 1;
  st.time = sf_poly_const (space->arena, 0);
  st.memory = sf_poly_const (space->arena, 0);
  lc_walk (&st, s);
  if (st.error)
    return st.error;
  /* The workspaces the lowering made (not yet placed: no ALLOC yet).  */
  for (int w = 0; w < in->nwork; w++)
    {
      const sf_work *x = &in->work[w];
      if (!sf_work_in (in->r, in->work, in->nwork, w, s) || x->out_block == 2)
	continue;
      double bytes = sf_ty_bytes (in->r->vars[x->var].ty);
      int n = 0;
      int indices[SF_MAX_INDICES];
      for (int v = 0; v < in->comp->nindices; v++)
	if (x->idx & (1u << v))
	  indices[n++] = v;
      const sf_poly *m = sf_cost_temp (space, indices, n, bytes);
      if (!m)
	return "a workspace the cost model cannot size";
      st.memory = sf_poly_add (space->arena, st.memory, m);
      if (n > st.mem_depth)
	st.mem_depth = n;
    }
  memset (out, 0, sizeof *out);
  out->time = st.time;
  out->memory = st.memory;
  out->loop_depth = st.max_depth;
  out->mem_depth = st.mem_depth;
  out->inexact = st.inexact;
  return NULL;
}

/* ---- the numeric estimate ---- */

#define SF_DENSE_TRIP 64.0
#define SF_SPARSE_TRIP 8.0

/* Return nonzero when E loads from a parameter (a sparse position).  */
static int
ic_has_load (const sf_ir_expr *e)
{
  if (!e)
    return 0;
  return e->op == SF_IR_LOAD || ic_has_load (e->a) || ic_has_load (e->b)
	 || ic_has_load (e->c);
}

/* Return the estimated trip count of FOR statement S.  */
static double
ic_trip (const sf_ir_stmt *s)
{
  if (s->a->op == SF_IR_INT && s->b->op == SF_IR_INT)
    return s->b->ival > s->a->ival ? (double) (s->b->ival - s->a->ival) : 0;
  return ic_has_load (s->a) || ic_has_load (s->b) ? SF_SPARSE_TRIP
	 : SF_DENSE_TRIP;
}

/* Return the estimated cost of statement S.  */
static double
ic_cost_stmt (const sf_ir_stmt *s)
{
  switch (s->kind)
    {
    case SF_IR_FOR:
      if (s->untimed)
	return 0;
      return ic_trip (s) * (1 + sf_ir_numeric_cost (s->body))
	     + sf_ir_numeric_cost (s->setup)
	     + sf_ir_numeric_cost (s->teardown);
    case SF_IR_WHILE:
      return SF_SPARSE_TRIP * (1 + sf_ir_numeric_cost (s->body));
    case SF_IR_IF:
      {
	double a = sf_ir_numeric_cost (s->body);
	double b = sf_ir_numeric_cost (s->else_body);
	return 1 + (a > b ? a : b);
      }
    case SF_IR_COMMENT:
    case SF_IR_BARRIER:
    case SF_IR_PREFETCH:
    case SF_IR_SHOW_PICK:
      return 0;
    case SF_IR_CRITICAL:
      return sf_ir_numeric_cost (s->body);
    default:
      return 1;
    }
}

double
sf_ir_numeric_cost (const sf_ir_stmt *s)
{
  double c = 0;
  for (; s; s = s->next)
    c += ic_cost_stmt (s);
  return c;
}
