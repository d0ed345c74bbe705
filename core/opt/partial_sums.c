/* Dense innermost reductions with several partial sums, so that GCC
   vectorizes them without -ffast-math (SPEC 4 allows the reassociation:
   results agree to rounding; integer sums are exact in any order, since
   the glue computes signed integer values in their unsigned type,
   passes/irgen.cc, so no order overflows where C would not wrap).

     double t = 0.0;                       double t = 0.0, t_2 = 0.0, ...;
     for (k = 0; k < K; k++)               int64_t k_hi = K;
       t = t + C[oC + k] * D[oD + k];      int64_t kb_end = k_hi / 8;
                                           for (kb = 0; kb < kb_end; kb++)
                                             {
                                               int64_t k_2 = kb * 8;
                                               t = t + C[oC + k_2] * ...;
                                               int64_t k_3 = k_2 + 1;
                                               t_2 = t_2 + C[oC + k_3] * ...;
                                               ... (8 lanes)
                                             }
                                           for (k = kb_end * 8; k < k_hi; k++)
                                             t = t + C[oC + k] * D[oD + k];
                                           t = ((t + t_2) + (t_3 + t_4))
                                               + ((t_5 + t_6) + (t_7 + t_8));

   Each lane is an in-order sum of its own, so GCC's vectorizer maps the
   lanes onto vector registers without reassociating anything itself.

   A sum over the stored entries of a row (SpMV's t = t + B_vals[p] *
   x[B_crd[p]]) does not vectorize, its gathers aside, but its additions
   depend on each other: LW_SPARSE_LANES partial sums let them overlap.
   SpMV on bcsstk13 (about 42 entries a row), one thread: 66 -> 38 us.

   Outline of rw_partial_sums:
     1. walk every statement list of the region, keeping the link to each
        statement so that one can be replaced by several;
     2. a FOR that the nest generated as a dense loop (ctx->dense_for), or
        over a level's positions (its end an element of a pos array, less
        one in a 1-based format),
        whose body is straight-line -- declarations, then one final
        "acc = acc + X" with acc a value variable (floating or integer) of the enclosing
        code that nothing else in the body reads -- is a reduction;
     3. it becomes the block loop of LW_LANES copies of the body, each
        with fresh variables and its own accumulator, the original loop
        over the remainder, and the pairwise sum of the lanes; a sum
        over stored entries does so only for rows of LW_SHORT_ROW
        entries or more, and runs one plain loop over shorter ones;
     4. when its bounds are a row of the loop around it, that loop is
        kept as it was too, and a test before it picks one of the two
        for the whole call: the loop as it was when the call's rows are
        short on average (LW_LONG_ROWS), the one with lanes otherwise.

       FOR i [lo, hi)              IF (pos[hi] - pos[lo] < 16 * (hi - lo))
         FOR p [pos[i], pos[i+1])    FOR i' [lo, hi)  (as it was)
           t = t + ...             ELSE
                                     FOR i [lo, hi)   (lanes, step 3)
     5. a sum over stored entries gathers (x[B_crd[p]]): none of its
        loops is vectorized, in the loop as it was either.  GCC
        vectorizes such a loop of floats with emulated gathers and an
        in-order sum, slower than the scalar code at the lengths rows
        have (float SpMV, one thread: bcsstk13 99 -> 54 us with the
        lanes; rows of 1 to 19 entries 3.79 -> 2.78 ms, the plain loop).  */

#include <string.h>
#include "opt/internal.h"

#define LW_LANES 8

/* Partial sums of a reduction over stored entries (a row of SpMV): its
   gathers do not vectorize, but separate sums break the chain of
   dependent additions; rows are short, so fewer lanes.  */
#define LW_SPARSE_LANES 4

/* Rows with fewer entries run one plain loop instead (LW_SPARSE_LANES
   partial sums cost their setup and final sum on every row).  */
#define LW_SHORT_ROW 8

/* The lanes pay only on a call whose rows are long on the whole: its
   rows hold on average at least LW_LONG_ROWS entries (twice the cut, so
   that most rows take the lanes and the test of a row's length goes one
   way).  Otherwise every row runs the plain loop, as the user's own loop
   does: with rows of random lengths around the cut, the per-row test
   mispredicts on a third of the rows and costs more than the lanes save
   (SpMV, rows of 1 to 19 entries: 0.82x the loop with the test, 1.03x
   without).  The choice is made once a call from the pos array, so the
   same input takes the same path on every run.  */
#define LW_LONG_ROWS (2 * LW_SHORT_ROW)

/* Return the variable E reads when it is one, else -1.  */
static int
rw_var_id (const sf_ir_expr *e)
{
  return e->op == SF_IR_VAR ? e->var : -1;
}

/* Return nonzero when expression E reads variable VAR.  */
int
rw_reads_var (const sf_ir_expr *e, int var)
{
  if (!e)
    return 0;
  if (e->op == SF_IR_VAR && e->var == var)
    return 1;
  return rw_reads_var (e->a, var) || rw_reads_var (e->b, var)
	 || rw_reads_var (e->c, var);
}

/* Return nonzero when the FOR statement S is one the nest generated as a
   dense loop.  */
int
rw_is_dense_for (const sf_pass_ctx *ctx, const sf_ir_stmt *s)
{
  for (int i = 0; i < ctx->ndense_for; i++)
    if (ctx->dense_for[i] == s)
      return 1;
  return 0;
}

/* Return nonzero when E is an element of a pos array, give or take a
   constant (a 1-based format's bound pos[i + 1] - 1) and conversions.  */
static int
rw_pos_element (const sf_ir_expr *e)
{
  while ((e->op == SF_IR_SUB || e->op == SF_IR_ADD) && e->b->op == SF_IR_INT)
    e = e->a;
  while (e->op == SF_IR_CONVERT)
    e = e->a;
  return e->op == SF_IR_LOAD;
}

/* The coefficient of a loop variable in an address: 0, 1, or other
   (a constant other than 1, or a run-time stride).  */
enum { LW_COEF_ZERO, LW_COEF_ONE, LW_COEF_OTHER };

/* Return the coefficient of variable VAR in index expression E.  */
static int
rw_coef (const sf_ir_expr *e, int var)
{
  if (!e || !rw_reads_var (e, var))
    return LW_COEF_ZERO;
  switch (e->op)
    {
    case SF_IR_VAR:
      return LW_COEF_ONE;
    case SF_IR_CONVERT:
      return rw_coef (e->a, var);
    case SF_IR_ADD:
      {
	int a = rw_coef (e->a, var), b = rw_coef (e->b, var);
	return a == LW_COEF_ZERO ? b : b == LW_COEF_ZERO ? a : LW_COEF_OTHER;
      }
    case SF_IR_SUB:
      return rw_coef (e->b, var) == LW_COEF_ZERO ? rw_coef (e->a, var)
	     : LW_COEF_OTHER;
    case SF_IR_MUL:
      if (e->a->op == SF_IR_INT && e->a->ival == 1)
	return rw_coef (e->b, var);
      if (e->b->op == SF_IR_INT && e->b->ival == 1)
	return rw_coef (e->a, var);
      return LW_COEF_OTHER;
    default:
      return LW_COEF_OTHER;
    }
}

/* Return nonzero when E loads an element whose address moves by other
   than one element as VAR counts up.  */
static int
rw_strided_load (const sf_ir_expr *e, int var)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_LOAD || e->op == SF_IR_ALOAD)
      && rw_coef (e->a, var) == LW_COEF_OTHER)
    return 1;
  return rw_strided_load (e->a, var) || rw_strided_load (e->b, var)
	 || rw_strided_load (e->c, var);
}

/* Step 2: return the accumulator of the reduction loop S, or -1 when S is
   not one.  A dense loop whose loads move by more than one element (a
   column-major operand read along its rows) keeps its one sum: the
   vectorizer has nothing to gain there, and several sums, each a load
   stream of its own cache lines, ran slower (the GNN layer over
   Fortran's C(N,KF), D(M,KF): 10.2 -> 12.4 ms).  */
static int
rw_reduction_acc (const sf_pass_ctx *ctx, const sf_ir_stmt *s)
{
  if (s->kind != SF_IR_FOR || s->parallel || s->setup || s->teardown
      || !s->body)
    return -1;
  /* A loop over stored entries ends at a pos array's element; others
     (a coo level's run, whose one pass opt/runs.c makes) keep their
     one sum.  */
  if (!rw_is_dense_for (ctx, s) && !rw_pos_element (s->b))
    return -1;
  const sf_ir_stmt *last = s->body;
  while (last->next)
    last = last->next;
  if (last->kind != SF_IR_ASSIGN || last->a->op != SF_IR_ADD
      || last->a->a->op != SF_IR_VAR || last->a->a->var != last->var)
    return -1;
  int acc = last->var;
  sf_ty ty = ctx->r->vars[acc].ty;
  if (!sf_ty_is_value (ty) || acc == s->var
      || rw_reads_var (last->a->b, acc) || rw_reads_var (s->a, acc)
      || rw_reads_var (s->b, acc))
    return -1;
  for (const sf_ir_stmt *b = s->body; b != last; b = b->next)
    if (b->kind != SF_IR_DECL || !b->a || b->var == acc
	|| rw_reads_var (b->a, acc))
      return -1;
  if (rw_is_dense_for (ctx, s))
    for (const sf_ir_stmt *b = s->body; b; b = b->next)
      if (rw_strided_load (b->a, s->var))
	return -1;
  return acc;
}

/* Return a copy of E with each variable v for which MAP[v] >= 0 replaced
   by variable MAP[v].  */
sf_ir_expr *
rw_rename (sf_pass_ctx *ctx, const sf_ir_expr *e, const int *map)
{
  if (!e)
    return NULL;
  sf_ir_expr *c = SF_NEW (ctx->arena, sf_ir_expr);
  *c = *e;
  if (c->op == SF_IR_VAR && map[c->var] >= 0)
    c->var = map[c->var];
  c->a = rw_rename (ctx, e->a, map);
  c->b = rw_rename (ctx, e->b, map);
  c->c = rw_rename (ctx, e->c, map);
  return c;
}

/* Return a copy of statement S alone (its bodies, not what follows it)
   with fresh variables for those it declares, MAP[v] >= 0 the variable
   that replaces v (the first NMAP of the region's; scratch).  */
static sf_ir_stmt *
rw_copy_mapped (sf_pass_ctx *ctx, const sf_ir_stmt *s, int *map, int nmap)
{
  if (!s)
    return NULL;
  sf_ir_stmt *c = SF_NEW (ctx->arena, sf_ir_stmt);
  *c = *s;
  c->next = NULL;
  c->a = rw_rename (ctx, s->a, map);
  c->b = rw_rename (ctx, s->b, map);
  c->par_if = rw_rename (ctx, s->par_if, map);
  if ((s->kind == SF_IR_DECL || s->kind == SF_IR_FOR) && s->var < nmap)
    {
      const sf_ir_var *v = &ctx->r->vars[s->var];
      map[s->var] = rw_new_var (ctx, v->name, v->ty);
    }
  int has_var = s->kind == SF_IR_DECL || s->kind == SF_IR_ASSIGN
		|| s->kind == SF_IR_FOR || s->kind == SF_IR_ASTORE
		|| s->kind == SF_IR_ALLOC || s->kind == SF_IR_FREE
		|| s->kind == SF_IR_SHOW_PICK;
  if (has_var && s->var >= 0 && s->var < nmap && map[s->var] >= 0)
    c->var = map[s->var];
  sf_ir_list lists[4] = { { 0 } };
  const sf_ir_stmt *from[4] = { s->body, s->else_body, s->setup,
				 s->teardown };
  for (int k = 0; k < 4; k++)
    for (const sf_ir_stmt *t = from[k]; t; t = t->next)
      sf_ir_append (&lists[k], rw_copy_mapped (ctx, t, map, nmap));
  c->body = lists[0].head;
  c->else_body = lists[1].head;
  c->setup = lists[2].head;
  c->teardown = lists[3].head;
  return c;
}

/* Return a copy of statement S alone, with fresh variables for those it
   declares (a declaration belongs to one statement list).  */
sf_ir_stmt *
rw_copy_stmt (sf_pass_ctx *ctx, const sf_ir_stmt *s)
{
  int nmap = ctx->r->nvars;
  int *map = sf_arena_alloc (ctx->arena, sizeof (int) * (size_t) nmap);
  for (int v = 0; v < nmap; v++)
    map[v] = -1;
  return rw_copy_mapped (ctx, s, map, nmap);
}

/* Append to LIST a lane of the body of reduction loop S (accumulator
   ACC, the lane's accumulator LACC): the lane's own loop index declared
   as INDEX, then the body over fresh variables.  MAP, with an entry for
   each of the NMAP variables that existed before S was rewritten, is
   scratch.  */
static void
rw_emit_lane (sf_pass_ctx *ctx, const sf_ir_stmt *s, int acc, int lacc,
	      sf_ir_expr *index, int *map, int nmap, sf_ir_list *list)
{
  sf_arena *A = ctx->arena;
  sf_region *r = ctx->r;
  for (int v = 0; v < nmap; v++)
    map[v] = -1;
  map[acc] = lacc;
  map[s->var] = rw_new_var (ctx, r->vars[s->var].name, SF_TY_INDEX);
  sf_ir_append (list, sf_ir_decl (A, map[s->var], index));
  for (const sf_ir_stmt *b = s->body; b; b = b->next)
    if (b->kind == SF_IR_DECL)
      {
	int v = rw_new_var (ctx, r->vars[b->var].name, r->vars[b->var].ty);
	sf_ir_append (list, sf_ir_decl (A, v, rw_rename (ctx, b->a, map)));
	map[b->var] = v;
      }
    else
      sf_ir_append (list, sf_ir_assign (A, lacc,
					rw_rename (ctx, b->a, map)));
}

/* Return the pairwise sum of the lane accumulators LANE[0..N).  */
static sf_ir_expr *
rw_lane_sum (sf_pass_ctx *ctx, const int *lane, int n)
{
  if (n == 1)
    return rw_var (ctx, lane[0]);
  return sf_ir_add (ctx->arena, rw_lane_sum (ctx, lane, n / 2),
		    rw_lane_sum (ctx, lane + n / 2, n - n / 2));
}

/* Return VALUE, or a new variable NAME declared in LIST holding it when
   it is not a constant, variable or parameter.  */
sf_ir_expr *
rw_once (sf_pass_ctx *ctx, sf_ir_list *list, const char *name,
	 sf_ir_expr *value)
{
  if (value->op == SF_IR_INT || value->op == SF_IR_VAR
      || value->op == SF_IR_PARAM)
    return value;
  int v = rw_new_var (ctx, name, SF_TY_INDEX);
  sf_ir_append (list, sf_ir_decl (ctx->arena, v, value));
  return rw_var (ctx, v);
}

/* Declare in OUT the bounds of loop S, each evaluated once (*LO, *HI),
   and the number of blocks of N iterations between them, rounded up
   when UP; return the variable holding it.  */
int
rw_loop_blocks (sf_pass_ctx *ctx, const sf_ir_stmt *s, int n, int up,
		sf_ir_list *out, sf_ir_expr **lo, sf_ir_expr **hi)
{
  sf_arena *A = ctx->arena;
  const char *name = ctx->r->vars[s->var].name;
  *lo = rw_once (ctx, out, sf_arena_printf (A, "%s_lo", name), s->a);
  *hi = rw_once (ctx, out, sf_arena_printf (A, "%s_hi", name), s->b);
  int blocks = rw_new_var (ctx, sf_arena_printf (A, "%s_blocks", name),
			   SF_TY_INDEX);
  sf_ir_expr *count = sf_ir_sub (A, sf_ir_clone (A, *hi),
				 sf_ir_clone (A, *lo));
  if (up)
    count = sf_ir_add (A, count, sf_ir_int (A, n - 1));
  sf_ir_append (out, sf_ir_decl (A, blocks, sf_ir_binary
				 (A, SF_IR_DIV, count, sf_ir_int (A, n))));
  return blocks;
}

/* Return a new variable B for the block loop over blocks of N rows of
   [LO, HI), named NAME_LOOP (NAME when LOOP is NULL), and append to
   LIST the declarations of *I0 and *I1 (NAME_first, NAME_end), the
   first row and the end of block B:
   I0 = LO + B * N, I1 = min (I0 + N, HI).  */
int
rw_block_bounds (sf_pass_ctx *ctx, sf_ir_list *list, const char *name,
		 const char *loop, int n, const sf_ir_expr *lo,
		 const sf_ir_expr *hi, int *first, int *end)
{
  sf_arena *A = ctx->arena;
  int b = rw_new_var (ctx, loop ? sf_arena_printf (A, "%s_%s", name, loop)
		      : name, SF_TY_INDEX);
  int i0 = *first = rw_new_var (ctx, sf_arena_printf (A, "%s_first", name),
				SF_TY_INDEX);
  int i1 = *end = rw_new_var (ctx, sf_arena_printf (A, "%s_end", name),
			      SF_TY_INDEX);
  sf_ir_append (list, sf_ir_decl
		(A, i0, sf_ir_add (A, sf_ir_clone (A, lo),
				   sf_ir_mul (A, rw_var (ctx, b),
					      sf_ir_int (A, n)))));
  sf_ir_append (list, sf_ir_decl
		(A, i1, sf_ir_binary (A, SF_IR_MIN,
				      sf_ir_add (A, rw_var (ctx, i0),
						 sf_ir_int (A, n)),
				      sf_ir_clone (A, hi))));
  return b;
}

/* Step 3: return the statements replacing reduction loop S (accumulator
   ACC) by LANES partial sums; S itself, its bounds changed, is the
   remainder loop among them.  */
static sf_ir_stmt *
rw_unroll_loop (sf_pass_ctx *ctx, sf_ir_stmt *s, int acc, int lanes)
{
  sf_arena *A = ctx->arena;
  const char *name = ctx->r->vars[s->var].name;
  sf_ty ty = ctx->r->vars[acc].ty;
  sf_ir_list out = { 0 }, block = { 0 };
  int lane[LW_LANES];
  lane[0] = acc;
  for (int u = 1; u < lanes; u++)
    {
      lane[u] = rw_new_var (ctx, ctx->r->vars[acc].name, ty);
      sf_ir_append (&out, sf_ir_decl (A, lane[u], sf_ir_float (A, 0.0, ty)));
    }
  sf_ir_expr *lo, *hi;
  int nblocks = rw_loop_blocks (ctx, s, lanes, 0, &out, &lo, &hi);
  int kb = rw_new_var (ctx, sf_arena_printf (A, "%s_block", name),
		       SF_TY_INDEX);
  int nmap = ctx->r->nvars;
  int *map = sf_arena_alloc (A, sizeof (int) * (size_t) nmap);
  sf_ir_expr *first = sf_ir_add (A, sf_ir_clone (A, lo),
				 sf_ir_mul (A, rw_var (ctx, kb),
					    sf_ir_int (A, lanes)));
  int base = -1;
  for (int u = 0; u < lanes; u++)
    {
      sf_ir_expr *index = u ? sf_ir_add (A, rw_var (ctx, base),
					 sf_ir_int (A, u)) : first;
      rw_emit_lane (ctx, s, acc, lane[u], index, map, nmap, &block);
      if (!u)
	base = map[s->var];
    }
  sf_ir_append (&out, sf_ir_for (A, kb, sf_ir_int (A, 0),
				 rw_var (ctx, nblocks), block.head));
  s->a = sf_ir_add (A, sf_ir_clone (A, lo),
		    sf_ir_mul (A, rw_var (ctx, nblocks),
			       sf_ir_int (A, lanes)));
  s->b = sf_ir_clone (A, hi);
  sf_ir_stmt *rest = s->next;
  s->next = NULL;
  sf_ir_append (&out, s);
  sf_ir_append (&out, sf_ir_assign (A, acc, rw_lane_sum (ctx, lane,
							 lanes)));
  if (lanes == LW_SPARSE_LANES)
    {
      /* A short row gains nothing from the lanes and pays their setup and
	 final sum: below LW_SHORT_ROW entries, one plain loop.  */
      sf_ir_list pre = { 0 }, plain = { 0 };
      /* The bounds' declarations go before the test.  */
      for (sf_ir_stmt **link = &out.head; *link;)
	{
	  sf_ir_stmt *d = *link;
	  if (d->kind == SF_IR_DECL && (d->var == rw_var_id (lo)
					|| d->var == rw_var_id (hi)))
	    {
	      *link = d->next;
	      d->next = NULL;
	      sf_ir_append (&pre, d);
	    }
	  else
	    link = &d->next;
	}
      int iv = rw_new_var (ctx, name, SF_TY_INDEX);
      rw_emit_lane (ctx, s, acc, acc, rw_var (ctx, iv), map, nmap, &plain);
      sf_ir_stmt *loop = sf_ir_for (A, iv, sf_ir_clone (A, lo),
				    sf_ir_clone (A, hi), plain.head);
      /* None of the loops over the entries is vectorized (step 5).  */
      loop->novector = 1;
      s->novector = 1;
      for (sf_ir_stmt *b = out.head; b; b = b->next)
	if (b->kind == SF_IR_FOR)
	  b->novector = 1;
      sf_ir_expr *len = sf_ir_sub (A, sf_ir_clone (A, hi),
				   sf_ir_clone (A, lo));
      sf_ir_append (&pre, sf_ir_if (A, sf_ir_binary (A, SF_IR_LT, len,
						      sf_ir_int (A,
								 LW_SHORT_ROW)),
				    loop, out.head));
      pre.tail->next = rest;
      return pre.head;
    }
  out.tail->next = rest;
  return out.head;
}

/* Return the number of statements of list S (bodies not counted).  */
static int
rw_list_length (const sf_ir_stmt *s)
{
  int n = 0;
  for (; s; s = s->next)
    n++;
  return n;
}

/* Put the list WITH in place of the statement at *LINK, its last
   statement followed by REST (what followed the statement); return the
   link of that last statement, where a walk of the list goes on.  */
sf_ir_stmt **
rw_splice (sf_ir_stmt **link, sf_ir_stmt *with, sf_ir_stmt *rest)
{
  *link = with;
  while ((*link)->next && (*link)->next != rest)
    link = &(*link)->next;
  (*link)->next = rest;
  return link;
}

/* Return nonzero when E reads a variable other than VAR.  */
int
rw_reads_other (const sf_ir_expr *e, int var)
{
  if (!e)
    return 0;
  if ((e->op == SF_IR_VAR || e->op == SF_IR_ALOAD) && e->var != var)
    return 1;
  return rw_reads_other (e->a, var) || rw_reads_other (e->b, var)
	 || rw_reads_other (e->c, var);
}

/* Return nonzero when E reads an array variable.  */
static int
rw_reads_array (const sf_ir_expr *e)
{
  if (!e)
    return 0;
  return e->op == SF_IR_ALOAD || rw_reads_array (e->a)
	 || rw_reads_array (e->b) || rw_reads_array (e->c);
}

/* Return a copy of E with variable VAR replaced by a copy of WITH.  */
sf_ir_expr *
rw_subst (sf_arena *A, const sf_ir_expr *e, int var, const sf_ir_expr *with)
{
  if (!e)
    return NULL;
  if (e->op == SF_IR_VAR && e->var == var)
    return sf_ir_clone (A, with);
  sf_ir_expr *c = SF_NEW (A, sf_ir_expr);
  *c = *e;
  c->a = rw_subst (A, e->a, var, with);
  c->b = rw_subst (A, e->b, var, with);
  c->c = rw_subst (A, e->c, var, with);
  return c;
}

/* Return nonzero when the bounds of loop S over stored entries are a
   row of the loop OUTER around it: they read OUTER's variable and no
   other.  */
static int
rw_row_of (const sf_ir_stmt *s, const sf_ir_stmt *outer)
{
  int i = outer->var;
  return rw_reads_var (s->a, i) && rw_reads_var (s->b, i)
	 && !rw_reads_other (s->a, i) && !rw_reads_other (s->b, i);
}

/* Return nonzero when statements S use an array variable (a workspace,
   which a copy could not have: the registry knows one variable each).  */
int
rw_uses_arrays (const sf_ir_stmt *s)
{
  for (; s; s = s->next)
    if (s->kind == SF_IR_ALLOC || s->kind == SF_IR_ASTORE
	|| s->kind == SF_IR_FREE || rw_reads_array (s->a)
	|| rw_reads_array (s->b) || rw_uses_arrays (s->body)
	|| rw_uses_arrays (s->else_body) || rw_uses_arrays (s->setup)
	|| rw_uses_arrays (s->teardown))
      return 1;
  return 0;
}

/* Step 4: when loop S holds, in its own body, a sum over the stored
   entries of its rows that step 3 will rewrite, return the test that
   the rows of S's range are short on average,
     s'.b[i := hi - 1] - s'.a[i := lo] < LW_LONG_ROWS * (hi - lo)
   (s' that sum's loop: the entries of all rows against their number);
   else NULL.  */
static sf_ir_expr *
rw_short_rows (sf_pass_ctx *ctx, const sf_ir_stmt *s)
{
  if (s->kind != SF_IR_FOR || s->setup || s->teardown
      || rw_uses_arrays (s->body))
    return NULL;
  const sf_ir_stmt *row = s->body;
  while (row && !(rw_reduction_acc (ctx, row) >= 0
		  && !rw_is_dense_for (ctx, row) && rw_row_of (row, s)))
    row = row->next;
  if (!row)
    return NULL;
  sf_arena *A = ctx->arena;
  int i = s->var;
  sf_ir_expr *last = sf_ir_sub (A, sf_ir_clone (A, s->b), sf_ir_int (A, 1));
  sf_ir_expr *entries = sf_ir_sub (A, rw_subst (A, row->b, i, last),
				   rw_subst (A, row->a, i, s->a));
  sf_ir_expr *rows = sf_ir_sub (A, sf_ir_clone (A, s->b),
				sf_ir_clone (A, s->a));
  return sf_ir_binary (A, SF_IR_LT, entries,
		       sf_ir_mul (A, sf_ir_int (A, LW_LONG_ROWS), rows));
}

/* Step 1: rewrite the reduction loops in the list starting at *LINK.  */
static void
rw_unroll_list (sf_pass_ctx *ctx, sf_ir_stmt **link)
{
  for (; *link; link = &(*link)->next)
    {
      sf_ir_stmt *s = *link;
      int acc = rw_reduction_acc (ctx, s);
      if (acc >= 0 && rw_list_length (s->body) < 64)
	{
	  sf_ir_stmt *rest = s->next;
	  link = rw_splice (link, rw_unroll_loop (ctx, s, acc,
						  rw_is_dense_for (ctx, s)
						  ? LW_LANES
						  : LW_SPARSE_LANES), rest);
	  ctx->rewrites++;
	  continue;
	}
      sf_ir_expr *short_rows = rw_short_rows (ctx, s);
      sf_ir_stmt *as_was = short_rows ? rw_copy_stmt (ctx, s) : NULL;
      if (as_was)
	for (sf_ir_stmt *b = as_was->body; b; b = b->next)
	  if (rw_reduction_acc (ctx, b) >= 0 && !rw_is_dense_for (ctx, b))
	    b->novector = 1;
      int before = ctx->rewrites;
      rw_unroll_list (ctx, &s->body);
      rw_unroll_list (ctx, &s->else_body);
      if (as_was)
	{
	  /* Step 4: one of the two loops for the whole call.  */
	  sf_ir_stmt *pick = sf_ir_if (ctx->arena, short_rows, as_was, s);
	  pick->pick = SF_IR_PICK_THEN;
	  pick->text = sf_arena_printf (ctx->arena, "rows of %d entries or "
					"more on average", LW_LONG_ROWS);
	  ctx->picked += ctx->rewrites - before;
	  pick->next = s->next;
	  s->next = NULL;
	  *link = pick;
	}
    }
}

/* Rewrite every dense innermost reduction of the statements at *BODY
   into LW_LANES partial sums; return nonzero when there was one.  */
int
rw_partial_sums (sf_ir_stmt **body, sf_pass_ctx *ctx)
{
  int before = ctx->rewrites;
  rw_unroll_list (ctx, body);
  return ctx->rewrites > before;
}
