/* The output read on the right-hand side at its own indices: a proof, on
   a region's final loop IR (after the loop-IR passes, every run-time
   alternative and serial copy included), that each old entry is read
   before that entry is written.

     #pragma tensor y(i) = alpha * A(i,j) * x(j) + beta * y(i)
   is lowered with the read y(i) as an input operand of its own (the
   output's old values, sf_operand.is_old, core/front/check.c), whose data
   parameter "y" is the same memory as the output's "y_2":
     for (i = 0; i < A_nrows; i++)             parallel
       decl h = beta * y[i]                    load of the old entry i
       decl t = 0.0
       for (p = A_pos[i]; p < A_pos[i + 1]; p++) t = t + ...
       store y_2[i] = alpha * t + h            the one store of entry i
   which is right; a schedule that zeroes y first, accumulates into it or
   stores it from a workspace later is not, and the region is kept.

   Outline of sf_region_reads_old_first:
     1. each entry of the output is stored at most once: the statements
        that store the output are plain stores ("=") of its values, at
        most one in any statement list (two in a row: the output zeroed
        or accumulated first), none inside a while loop; a store's index
        is computed from loop variables and parameters (the output's
        layout, no coordinate loaded: a scatter), and every for loop
        around it has its variable in the index, where a loop over a
        position range (p from P[x] to P[x + 1]) hands the check of the
        loops around it to x (the positions of distinct parents are
        distinct); exclusive branches (an if's two, a parallel loop and
        its serial copy) inside a loop store at the same index;
     2. each load of an old value is followed, in the statement list
        holding it or one around it (the same loop iteration), by the
        store at the same index (or is in that store's value), with no
        variable of the index assigned in between.
   With 1, an entry's one store is the first; with 2 the load of that
   entry runs before it, so it reads the value from before the region.  */

#include <stdio.h>
#include <string.h>
#include "lower/lower.h"

/* What the proof works with: the region, the output's and the old
   values' parameters, the reason it failed.  */
typedef struct ip_ctx
{
  const sf_region *r;
  const sf_comp *comp;
  const sf_format *formats;
  int out, old;			/* operand ids */
  const char *why;
  int in_while;			/* step 1: inside a while loop */
  /* Each variable declared once with a value and never assigned, whose
     value depends only on loop variables, parameters and inputs: its
     value (NULL otherwise), which stands for it in the comparisons.  */
  const sf_ir_expr **def;
  int *ndefs;
} ip_ctx;

/* Record the first reason of failure, WHY.  */
static void
ip_fail (ip_ctx *c, const char *why)
{
  if (!c->why)
    c->why = why;
}

/* Return nonzero when parameter P holds the values of operand OP: its
   data, or the values field of its format.  */
static int
ip_values_param (const ip_ctx *c, int p, int op)
{
  const sf_param *x = &c->r->params[p];
  if (x->operand != op || !x->is_pointer)
    return 0;
  if (x->kind == SF_PARAM_DATA)
    return 1;
  const sf_operand *o = &c->comp->operands[op];
  if (x->kind != SF_PARAM_FIELD || o->kind != SF_OPERAND_SPARSE
      || !x->field.name)
    return 0;
  const sf_field_ref *v = &c->formats[o->format].values;
  return v->name && !strcmp (x->field.name, v->name)
	 && x->field.subscript == v->subscript;
}

/* Return nonzero when parameter P belongs to the output (any field).  */
static int
ip_out_param (const ip_ctx *c, int p)
{
  return p >= 0 && p < c->r->nparams && c->r->params[p].operand == c->out
	 && c->r->params[p].kind != SF_PARAM_CEXPR;
}

/* Return parameter P, or when it is one of the old values' other than
   their data (an extent, a pattern array: the output's own, the same
   variable), the output's parameter of that kind.  */
static int
ip_canon_param (const ip_ctx *c, int p)
{
  if (p < 0 || p >= c->r->nparams || c->r->params[p].operand != c->old
      || ip_values_param (c, p, c->old))
    return p;
  const sf_param *x = &c->r->params[p];
  for (int q = 0; q < c->r->nparams; q++)
    {
      const sf_param *y = &c->r->params[q];
      if (y->operand == c->out && y->kind == x->kind && y->dim == x->dim
	  && y->is_pointer == x->is_pointer
	  && y->field.subscript == x->field.subscript
	  && (y->field.name == x->field.name
	      || (y->field.name && x->field.name
		  && !strcmp (y->field.name, x->field.name))))
	return q;
    }
  return p;
}

/* Return E with a variable of a known value replaced by that value.  */
static const sf_ir_expr *
ip_expand (const ip_ctx *c, const sf_ir_expr *e)
{
  for (int n = 0; e && e->op == SF_IR_VAR && e->var >= 0
       && e->var < c->r->nvars && c->def[e->var] && n < 64; n++)
    e = c->def[e->var];
  return e;
}

/* Return nonzero when A and B are the same expression (variables of a
   known value compared by their values).  */
static int
ip_same (const ip_ctx *c, const sf_ir_expr *a, const sf_ir_expr *b)
{
  a = ip_expand (c, a), b = ip_expand (c, b);
  if (!a || !b)
    return a == b;
  return a->op == b->op && a->ty == b->ty && a->ival == b->ival
	 && (a->op != SF_IR_FLOAT || a->fval == b->fval)
	 && a->var == b->var
	 && ip_canon_param (c, a->param) == ip_canon_param (c, b->param)
	 && ip_same (c, a->a, b->a) && ip_same (c, a->b, b->b)
	 && ip_same (c, a->c, b->c);
}

/* Return nonzero when E reads variable V, directly or through a
   variable of a known value (DEPTH: how deep in those).  */
static int
ip_mentions_1 (const ip_ctx *c, const sf_ir_expr *e, int v, int depth)
{
  if (!e || depth > 64)
    return 0;
  if ((e->op == SF_IR_VAR || e->op == SF_IR_ALOAD) && e->var == v)
    return 1;
  if (e->op == SF_IR_VAR && e->var >= 0 && e->var < c->r->nvars
      && c->def[e->var] && ip_mentions_1 (c, c->def[e->var], v, depth + 1))
    return 1;
  return ip_mentions_1 (c, e->a, v, depth)
	 || ip_mentions_1 (c, e->b, v, depth)
	 || ip_mentions_1 (c, e->c, v, depth);
}

static int
ip_mentions (const ip_ctx *c, const sf_ir_expr *e, int v)
{
  return ip_mentions_1 (c, e, v, 0);
}

/* ---- the variables of a known value ---- */

/* Count in C->ndefs the definitions of each variable in the statement
   list S (a DECL with a value counts 1, an assignment or a DECL without
   one 2: never known), and note the DECLs' values.  */
static void
ip_count_defs (ip_ctx *c, const sf_ir_stmt *s)
{
  for (; s; s = s->next)
    {
      if ((s->kind == SF_IR_DECL || s->kind == SF_IR_ASSIGN)
	  && s->var >= 0 && s->var < c->r->nvars)
	{
	  c->ndefs[s->var] += s->kind == SF_IR_DECL && s->a ? 1 : 2;
	  c->def[s->var] = s->a;
	}
      const sf_ir_stmt *lists[] = { s->body, s->else_body, s->setup,
				    s->teardown, s->split, s->serial_alt };
      for (unsigned k = 0; k < sizeof lists / sizeof *lists; k++)
	ip_count_defs (c, lists[k]);
    }
}

/* Return nonzero when E's value depends only on constants, parameters,
   loads of inputs other than the output and variables defined once
   (their own values checked when they are used).  */
static int
ip_stable (const ip_ctx *c, const sf_ir_expr *e)
{
  if (!e)
    return 1;
  switch (e->op)
    {
    case SF_IR_ALOAD: case SF_IR_LLC_HALF: case SF_IR_THREAD:
    case SF_IR_NTHREADS: case SF_IR_MAX_THREADS:
      return 0;
    case SF_IR_LOAD:
      if (e->param < 0 || e->param >= c->r->nparams
	  || ip_values_param (c, e->param, c->out)
	  || ip_values_param (c, e->param, c->old))
	return 0;
      break;
    case SF_IR_VAR:
      if (e->var < 0 || e->var >= c->r->nvars || c->r->vars[e->var].is_array
	  || c->ndefs[e->var] > 1)
	return 0;
      break;
    default:
      break;
    }
  return ip_stable (c, e->a) && ip_stable (c, e->b) && ip_stable (c, e->c);
}

/* Fill C->def: the values of the variables defined once in the region.
   A variable that is neither declared nor assigned is a loop's.  */
static void
ip_find_defs (ip_ctx *c, sf_arena *arena)
{
  int n = c->r->nvars;
  c->def = SF_NEW_ARRAY (arena, const sf_ir_expr *, n + 1);
  c->ndefs = SF_NEW_ARRAY (arena, int, n + 1);
  memset (c->def, 0, (size_t) (n + 1) * sizeof *c->def);
  memset (c->ndefs, 0, (size_t) (n + 1) * sizeof *c->ndefs);
  ip_count_defs (c, c->r->body);
  for (int v = 0; v < n; v++)
    if (c->ndefs[v] != 1)
      c->def[v] = NULL;
  /* A value that is not stable makes its variable unknown; repeat until
     nothing changes (a variable defined from an unknown one).  */
  for (int changed = 1; changed;)
    {
      changed = 0;
      for (int v = 0; v < n; v++)
	if (c->def[v] && !ip_stable (c, c->def[v]))
	  c->def[v] = NULL, c->ndefs[v] = 2, changed = 1;
    }
}

/* ---- step 1: one store per entry ---- */

/* The for loops around a statement, innermost last.  */
typedef struct ip_loops
{
  int n;
  const sf_ir_stmt *loop[64];
} ip_loops;

/* Return nonzero when FOR loop S runs over a position range: from P[X]
   to P[X + 1] for one pointer parameter P.  */
static int
ip_position_range (const ip_ctx *c, const sf_ir_stmt *s)
{
  const sf_ir_expr *a = s->a, *b = s->b;
  if (!a || !b || a->op != SF_IR_LOAD || b->op != SF_IR_LOAD
      || a->param != b->param || !b->a || b->a->op != SF_IR_ADD)
    return 0;
  const sf_ir_expr *one = b->a->b;
  return one && one->op == SF_IR_INT && one->ival == 1
	 && ip_same (c, a->a, b->a->a);
}

/* Return nonzero when index E is computed from loop variables,
   parameters and constants alone (through variables of a known value):
   the output's own layout over the loops' variables, no coordinate read
   from memory (a scatter may repeat an entry).  */
static int
ip_affine (const ip_ctx *c, const sf_ir_expr *e, int depth)
{
  if (!e)
    return 1;
  if (depth > 64)
    return 0;
  switch (e->op)
    {
    case SF_IR_INT: case SF_IR_PARAM:
      return 1;
    case SF_IR_VAR:
      if (e->var < 0 || e->var >= c->r->nvars || c->r->vars[e->var].is_array)
	return 0;
      if (c->def[e->var])
	return ip_affine (c, c->def[e->var], depth + 1);
      return c->ndefs[e->var] == 0;	/* a loop's */
    case SF_IR_ADD: case SF_IR_SUB: case SF_IR_MUL: case SF_IR_CONVERT:
      return ip_affine (c, e->a, depth) && ip_affine (c, e->b, depth);
    default:
      return 0;
    }
}

/* Check that index E of a store inside LOOPS tells apart the iterations
   of every loop around it (step 1): E is the output's layout over loop
   variables, and mentions each loop's variable; a loop over a position
   range P[X] .. P[X + 1] tells its parents apart by X (the ranges of
   distinct parents are disjoint), which must then tell apart the loops
   around it.  */
static void
ip_check_index (ip_ctx *c, const sf_ir_expr *e, const ip_loops *loops)
{
  for (int k = loops->n - 1; k >= 0; k--)
    {
      const sf_ir_stmt *l = loops->loop[k];
      if (!ip_affine (c, e, 0))
	{
	  ip_fail (c, "stores the output at an index read from memory");
	  return;
	}
      if (!ip_mentions (c, e, l->var))
	{
	  ip_fail (c, "stores an entry of the output in more than one "
		   "iteration of a loop");
	  return;
	}
      if (ip_position_range (c, l))
	e = l->a->a;		/* the parent's position or coordinate */
    }
}

static const sf_ir_expr *ip_list_stores (ip_ctx *c, const sf_ir_stmt *s,
					 ip_loops *loops, int *any);

/* Combine the stores of two exclusive branches, A and B (ANY_A, ANY_B:
   whether each stores), inside LOOPS; return the index, *ANY set.  */
static const sf_ir_expr *
ip_exclusive (ip_ctx *c, const sf_ir_expr *a, int any_a, const sf_ir_expr *b,
	      int any_b, const ip_loops *loops, int *any)
{
  *any = any_a || any_b;
  if (any_a && any_b && loops->n && !ip_same (c, a, b))
    ip_fail (c, "stores the output at different indices in two branches "
	     "inside a loop");
  return any_a ? a : b;
}

/* Return the index of the store of the output in statement S (inside
   LOOPS), *ANY set when there is one; record a failure of step 1.  */
static const sf_ir_expr *
ip_stmt_stores (ip_ctx *c, const sf_ir_stmt *s, ip_loops *loops, int *any)
{
  int a = 0, b = 0, x = 0;
  const sf_ir_expr *ea, *eb;
  *any = 0;
  switch (s->kind)
    {
    case SF_IR_STORE:
      if (!ip_out_param (c, s->param))
	return NULL;
      *any = 1;
      if (c->in_while)
	ip_fail (c, "stores the output inside a while loop (a co-iteration "
		 "of sparse operands), whose stores the proof cannot tell "
		 "apart");
      else if (s->accumulate)
	ip_fail (c, "accumulates into the output's memory");
      else if (!ip_values_param (c, s->param, c->out))
	ip_fail (c, "writes the output's pattern");
      else
	ip_check_index (c, s->a, loops);
      return s->a;
    case SF_IR_FOR:
      ip_list_stores (c, s->split, loops, &x);
      ip_list_stores (c, s->setup, loops, &a);
      ip_list_stores (c, s->teardown, loops, &b);
      if (x || a || b)
	ip_fail (c, "stores the output once per thread");
      eb = s->serial_alt ? ip_list_stores (c, s->serial_alt, loops, &b)
	   : NULL;
      if (loops->n == 64)
	{
	  ip_fail (c, "has loops nested too deep for the proof");
	  return NULL;
	}
      loops->loop[loops->n++] = s;
      ea = ip_list_stores (c, s->body, loops, &a);
      loops->n--;
      return ip_exclusive (c, ea, a, eb, s->serial_alt ? b : 0, loops, any);
    case SF_IR_WHILE:
      c->in_while++;
      ip_list_stores (c, s->body, loops, any);
      c->in_while--;
      return NULL;
    case SF_IR_IF:
      ea = ip_list_stores (c, s->body, loops, &a);
      eb = ip_list_stores (c, s->else_body, loops, &b);
      return ip_exclusive (c, ea, a, eb, b, loops, any);
    case SF_IR_CRITICAL:
      return ip_list_stores (c, s->body, loops, any);
    default:
      return NULL;
    }
}

/* Return the index of the store of the output in the statement list S,
   *ANY set when there is one; two stores in one list fail.  */
static const sf_ir_expr *
ip_list_stores (ip_ctx *c, const sf_ir_stmt *s, ip_loops *loops, int *any)
{
  const sf_ir_expr *e = NULL;
  *any = 0;
  for (; s; s = s->next)
    {
      int one;
      const sf_ir_expr *x = ip_stmt_stores (c, s, loops, &one);
      if (one && *any)
	ip_fail (c, "stores the output's entries more than once (zeroed "
		 "or accumulated first)");
      if (one)
	e = x, *any = 1;
    }
  return e;
}

/* ---- step 2: each old value loaded before its entry is stored ---- */

/* The statement lists around a load: each frame is the statement of its
   list that holds the load, innermost first.  */
typedef struct ip_frame
{
  const sf_ir_stmt *stmt;
  const struct ip_frame *up;
} ip_frame;

/* Return the index of the store of the output that statement S itself
   is, or holds in its branches (not in loops), or NULL.  */
static const sf_ir_expr *
ip_site (const ip_ctx *c, const sf_ir_stmt *s)
{
  if (s->kind == SF_IR_STORE && ip_out_param (c, s->param))
    return s->a;
  if (s->kind != SF_IR_IF && s->kind != SF_IR_CRITICAL)
    return NULL;
  for (int br = 0; br < 2; br++)
    for (const sf_ir_stmt *t = br ? s->else_body : s->body; t; t = t->next)
      {
	const sf_ir_expr *e = ip_site (c, t);
	if (e)
	  return e;
      }
  return NULL;
}

/* Return nonzero when statement S, or one inside it, assigns a variable
   that E reads (a for loop assigns its own).  */
static int
ip_assigns (const ip_ctx *c, const sf_ir_stmt *s, const sf_ir_expr *e)
{
  if (!s)
    return 0;
  if ((s->kind == SF_IR_DECL || s->kind == SF_IR_ASSIGN
       || s->kind == SF_IR_FOR || s->kind == SF_IR_ASTORE)
      && ip_mentions (c, e, s->var))
    return 1;
  const sf_ir_stmt *lists[] = { s->body, s->else_body, s->setup,
				s->teardown, s->split, s->serial_alt };
  for (unsigned k = 0; k < sizeof lists / sizeof *lists; k++)
    for (const sf_ir_stmt *t = lists[k]; t; t = t->next)
      if (ip_assigns (c, t, e))
	return 1;
  return 0;
}

/* Check one load of the old value at index E, in the statements of
   frames F (innermost first); IN_STORE: the load is in the value of the
   statement F->stmt, a store.  */
static void
ip_check_load (ip_ctx *c, const sf_ir_expr *e, const ip_frame *f,
	       int in_store)
{
  if (in_store)
    {
      if (!ip_same (c, f->stmt->a, e))
	ip_fail (c, "reads an old entry of the output other than the one "
		 "it stores");
      return;
    }
  for (; f; f = f->up)
    for (const sf_ir_stmt *s = f->stmt; s; s = s->next)
      {
	const sf_ir_expr *site = s == f->stmt ? NULL : ip_site (c, s);
	if (site)
	  {
	    if (!ip_same (c, site, e))
	      ip_fail (c, "reads an old entry of the output other than the "
		       "one it stores next");
	    return;
	  }
	if (ip_assigns (c, s, e))
	  {
	    ip_fail (c, "changes the index of an old entry between its read "
		     "and the store");
	    return;
	  }
      }
  /* No store follows: the entry is not written in this iteration, and
     step 1 says in no other.  */
}

static void ip_loads_list (ip_ctx *c, const sf_ir_stmt *s,
			   const ip_frame *up);

/* Check the loads of old values in E, an expression of the statement of
   frame F (IN_STORE: the value of that store).  */
static void
ip_loads_expr (ip_ctx *c, const sf_ir_expr *e, const ip_frame *f,
	       int in_store)
{
  if (!e)
    return;
  if (e->op == SF_IR_LOAD && e->param >= 0
      && c->r->params[e->param].operand == c->old
      && ip_values_param (c, e->param, c->old))
    ip_check_load (c, e->a, f, in_store);
  ip_loads_expr (c, e->a, f, in_store);
  ip_loads_expr (c, e->b, f, in_store);
  ip_loads_expr (c, e->c, f, in_store);
}

/* Check the loads of old values in the statement list S, inside the
   frames UP.  */
static void
ip_loads_list (ip_ctx *c, const sf_ir_stmt *s, const ip_frame *up)
{
  for (; s; s = s->next)
    {
      ip_frame f = { s, up };
      int store = s->kind == SF_IR_STORE && ip_out_param (c, s->param);
      ip_loads_expr (c, s->a, &f, 0);
      ip_loads_expr (c, s->b, &f, store);
      ip_loads_expr (c, s->par_if, &f, 0);
      const sf_ir_stmt *lists[] = { s->body, s->else_body, s->setup,
				    s->teardown, s->split, s->serial_alt };
      for (unsigned k = 0; k < sizeof lists / sizeof *lists; k++)
	ip_loads_list (c, lists[k], &f);
    }
}

/* ---- the entry point ---- */

const char *
sf_region_reads_old_first (const sf_region *r, const sf_comp *comp,
			   const sf_format *formats)
{
  ip_ctx c = { r, comp, formats, comp->lhs->operand, -1, NULL, 0, NULL, NULL };
  for (int o = 0; o < comp->noperands; o++)
    if (comp->operands[o].is_old && comp->operands[o].old_of == c.out)
      c.old = o;
  if (c.old < 0)
    return NULL;
  sf_arena arena;
  sf_arena_init (&arena);
  ip_find_defs (&c, &arena);
  ip_loops loops = { 0, { NULL } };
  int any;
  ip_list_stores (&c, r->body, &loops, &any);
  ip_loads_list (&c, r->body, NULL);
  sf_arena_free (&arena);
  return c.why;
}
