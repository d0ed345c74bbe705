/* The gain test: when does a region's code do anything on an input that
   the plain loops of its schedule would not?

   The loop-IR passes add to a schedule's loops what the loop a user
   writes does not have: threads, prefetches of the streams out of the
   caches, partial sums over long rows.  Some of them apply only where a
   test of the data picks them, once a call:

     decl threads_pay = 32768 <= I + nnz(B);     parallel loop, its
     decl streams = llc/2 < 16 nnz(B);           serial run the loop
     FOR i parallel if (threads_pay) ...          as it was
       IF (nnz(B) < 16 I)    (pick: then)        partial sums
         FOR i ...  (as it was)
       ELSE
         FOR i ...  (lanes)
           IF (streams) prefetch ...  (pick: else)

   When every rewrite of the region is of that kind (sf_pass_ctx.picked)
   and the schedule is the single nest, the code an input with all those
   tests false runs is the schedule's plain nest, what the statement the
   user wrote does by itself: that statement, compiled by GCC as it is,
   is then at least as fast (it pays none of the region's run-time tests
   or set-up).  sf_gain_test returns the disjunction of the tests, over
   the region's parameters only, for the glue to test at the region's
   entry: the original statement runs when it is false.  It is made once
   a call from the data, so a given input always takes the same code.
   The same without the threads tests is the data test, for a region
   whose threads are the program's (under the loop's own directive,
   work-shared, inside a construct): it runs the statement, with its own
   OpenMP, when the code would add nothing but the threads the statement
   has too.

   Outline of sf_gain_test:
     1. count the definitions of every variable (DECL, ASSIGN, FOR);
     2. walk the statements: a variable defined once by a DECL or ASSIGN
        whose value reads only parameters and such variables is known
        (its value substituted); a loop's counter is not;
     3. an IF marked pick adds its rewrite side's test, and the walk goes
        on into its plain side only; a parallel FOR adds its threads test
        (none: the loop always runs threads, the test fails) and goes on
        into what runs on one thread; every other statement is walked
        whole;
     4. a test reading an unknown variable, or loading an array the
        region stores into, fails the whole: NULL (the region's code runs
        always, as before).

   sf_gain_bound weakens a gain test into one that does not ask the
   system for the size of the last-level cache, nor (NO_CALLS) libgomp
   for the size of the team, for the glue to make before it calls the
   region's code (an outlined function, which asks the system when the
   program has not yet, and tests the whole test again when its
   statement is a function too): the statement then runs without a call
   of those questions on its way, and the function around it saves no
   register for them.  With NO_CALLS (the callee tests the whole test
   again) the bound is also as cheap as the shortest calls need:
     1. weaken: the team's size true, half the cache the half of the
	smallest one it assumes (GB_LLC_HALF_FLOOR);
     2. merge: the size tests "K < S" with K of GB_MERGE_LEAST or more,
	alone or part of a conjunction, into one "least K < sum of S";
	the rest (the rows' length test) as it is.
   "32768 <= I + nnz || 16 I <= nnz || (0 < I && llc/2 < 16 nnz)" so
   becomes "16 I <= nnz || 32767 < I + nnz + 16 nnz": two compares, no
   load of the cache's static, no division.  */

#include <string.h>
#include "opt/opt.h"

/* The walk's state.  */
typedef struct gn_ctx
{
  sf_arena *arena;
  const sf_region *r;
  int *defs;			/* definitions of each variable */
  sf_ir_expr **value;		/* each known variable's value */
  unsigned char *stored;	/* the parameters the region stores into */
  sf_ir_expr *test;		/* the disjunction so far */
  const char *text;		/* what it tests */
  sf_ir_expr *data;		/* the same without the threads tests */
  const char *data_text;
  int failed;
} gn_ctx;

/* Step 1: count the definitions among statements S into CTX->defs, and
   mark the parameters they store into.  */
static void
gn_count (gn_ctx *ctx, const sf_ir_stmt *s)
{
  for (; s; s = s->next)
    {
      if ((s->kind == SF_IR_DECL || s->kind == SF_IR_ASSIGN
	   || s->kind == SF_IR_FOR) && s->var >= 0 && s->var < ctx->r->nvars)
	ctx->defs[s->var]++;
      if (s->kind == SF_IR_STORE && s->param >= 0
	  && s->param < ctx->r->nparams)
	ctx->stored[s->param] = 1;
      gn_count (ctx, s->body);
      gn_count (ctx, s->else_body);
      gn_count (ctx, s->setup);
      gn_count (ctx, s->teardown);
      gn_count (ctx, s->split);
      gn_count (ctx, s->serial_alt);
    }
}

/* Return E with every known variable replaced by its value, or NULL
   (CTX->failed set) when E reads anything else the entry cannot
   evaluate.  */
static sf_ir_expr *
gn_subst (gn_ctx *ctx, const sf_ir_expr *e)
{
  if (!e || ctx->failed)
    return NULL;
  switch (e->op)
    {
    case SF_IR_VAR:
      if (e->var < 0 || e->var >= ctx->r->nvars || !ctx->value[e->var])
	{
	  ctx->failed = 1;
	  return NULL;
	}
      return sf_ir_clone (ctx->arena, ctx->value[e->var]);
    case SF_IR_ALOAD:
    case SF_IR_THREAD:
    case SF_IR_NTHREADS:
      ctx->failed = 1;
      return NULL;
    case SF_IR_LOAD:
      if (ctx->stored[e->param])
	{
	  ctx->failed = 1;
	  return NULL;
	}
      break;
    default:
      break;
    }
  sf_ir_expr *c = SF_NEW (ctx->arena, sf_ir_expr);
  *c = *e;
  c->a = e->a ? gn_subst (ctx, e->a) : NULL;
  c->b = e->b ? gn_subst (ctx, e->b) : NULL;
  c->c = e->c ? gn_subst (ctx, e->c) : NULL;
  return ctx->failed ? NULL : c;
}

/* Return nonzero when E, an integer expression, is a sum of values
   read from the program (no product: it cannot overflow 64 bits when
   each term is a size or a position of an array in memory).  */
static int
gn_int_sum_p (const sf_ir_expr *e)
{
  if (!e || !(e->ty == SF_TY_INDEX || sf_ty_is_int (e->ty)))
    return 0;
  switch (e->op)
    {
    case SF_IR_ADD:
    case SF_IR_SUB:
      return gn_int_sum_p (e->a) && gn_int_sum_p (e->b);
    case SF_IR_CONVERT:
      return gn_int_sum_p (e->a);
    case SF_IR_PARAM:
    case SF_IR_LOAD:
    case SF_IR_INT:
      return 1;
    default:
      return 0;
    }
}

/* Return the sum E (of conversions of integers to a floating type)
   as an integer expression, or NULL when it is not one (gn_int_sum_p).  */
static sf_ir_expr *
gn_int_of (sf_arena *A, sf_ir_expr *e)
{
  if (e->op == SF_IR_CONVERT && gn_int_sum_p (e->a))
    return sf_ir_convert (A, e->a, SF_TY_INDEX);
  /* A coefficient of the cost polynomial: a small whole number.  */
  if (e->op == SF_IR_MUL && e->a->op == SF_IR_FLOAT && e->a->fval >= 0
      && e->a->fval <= 1024 && e->a->fval == (double) (long long) e->a->fval)
    {
      sf_ir_expr *b = gn_int_of (A, e->b);
      if (!b)
	return NULL;
      return e->a->fval == 1 ? b
	     : sf_ir_mul (A, sf_ir_int (A, (long long) e->a->fval), b);
    }
  if (e->op == SF_IR_ADD && sf_ty_is_float (e->ty))
    {
      sf_ir_expr *a = gn_int_of (A, e->a), *b = a ? gn_int_of (A, e->b)
						  : NULL;
      return b ? sf_ir_add (A, a, b) : NULL;
    }
  return NULL;
}

/* Return test T made cheaper to evaluate: a flag's 0/1 select as its
   condition, and the threads test's floating comparison of a constant
   with a sum of sizes (sched/driver.c, a double so that products of
   dims cannot overflow) in integers when the sum has no product.  A
   test at every call of a short region is a few nanoseconds of it.  */
static sf_ir_expr *
gn_cheap (sf_arena *A, sf_ir_expr *t)
{
  if (t->op == SF_IR_NE && t->b->op == SF_IR_INT && t->b->ival == 0
      && t->a->op == SF_IR_SELECT && t->a->b->op == SF_IR_INT
      && t->a->b->ival == 1 && t->a->c->op == SF_IR_INT
      && t->a->c->ival == 0)
    t = t->a;
  if (t->op == SF_IR_SELECT && t->b->op == SF_IR_INT && t->b->ival == 1
      && t->c->op == SF_IR_INT && t->c->ival == 0)
    t = t->a;
  if (t->op == SF_IR_LE && t->a->op == SF_IR_FLOAT && t->a->fval >= 0
      && t->a->fval < 4e18)
    {
      sf_ir_expr *sum = gn_int_of (A, t->b);
      if (sum)
	{
	  long long c = (long long) t->a->fval;
	  if ((double) c < t->a->fval)
	    c++;
	  return sf_ir_binary (A, SF_IR_LE, sf_ir_int (A, c), sum);
	}
    }
  if (t->op == SF_IR_AND || t->op == SF_IR_OR)
    {
      t->a = gn_cheap (A, t->a);
      t->b = gn_cheap (A, t->b);
    }
  return t;
}

/* Add V (what it tests: TEXT) to the disjunction *TEST (*TTEXT).  */
static void
gn_or (sf_arena *A, sf_ir_expr **test, const char **ttext, sf_ir_expr *v,
       const char *text)
{
  *test = *test ? sf_ir_binary (A, SF_IR_OR, *test, v) : v;
  if (!*ttext)
    *ttext = text;
  else if (!strstr (*ttext, text))
    *ttext = sf_arena_printf (A, "%s, or %s", *ttext, text);
}

/* Add test T (what it tests: TEXT; a threads test when THREADS) to the
   disjunctions.  */
static void
gn_add (gn_ctx *ctx, const sf_ir_expr *t, const char *text, int threads)
{
  sf_ir_expr *v = gn_subst (ctx, t);
  if (!v)
    return;
  v = gn_cheap (ctx->arena, v);
  gn_or (ctx->arena, &ctx->test, &ctx->text, v, text);
  if (!threads)
    gn_or (ctx->arena, &ctx->data, &ctx->data_text,
	   sf_ir_clone (ctx->arena, v), text);
}

static void gn_walk (gn_ctx *ctx, const sf_ir_stmt *s);

/* Steps 2 and 3 for statement S.  */
static void
gn_stmt (gn_ctx *ctx, const sf_ir_stmt *s)
{
  switch (s->kind)
    {
    case SF_IR_DECL:
    case SF_IR_ASSIGN:
      if (s->a && s->var >= 0 && ctx->defs[s->var] == 1)
	{
	  /* Not known is no failure until a test reads it.  */
	  gn_ctx probe = *ctx;
	  sf_ir_expr *v = gn_subst (&probe, s->a);
	  ctx->value[s->var] = probe.failed ? NULL : v;
	}
      return;
    case SF_IR_IF:
      if (s->pick == SF_IR_PICK_THEN || s->pick == SF_IR_PICK_ELSE)
	{
	  sf_ir_expr *t = s->pick == SF_IR_PICK_THEN
			  ? sf_ir_unary (ctx->arena, SF_IR_NOT,
					 sf_ir_clone (ctx->arena, s->a))
			  : s->a;
	  gn_add (ctx, t, s->text ? s->text : "a test of the data", 0);
	  gn_walk (ctx, s->pick == SF_IR_PICK_THEN ? s->body : s->else_body);
	  return;
	}
      break;
    case SF_IR_FOR:
      if (s->parallel)
	{
	  if (!s->par_if)
	    {
	      ctx->failed = 1;
	      return;
	    }
	  /* Threads pay only with more than one: a libgomp call, made
	     after the size said yes (SF_IR_AND short-circuits).  */
	  gn_add (ctx, sf_ir_binary (ctx->arena, SF_IR_AND,
				     sf_ir_clone (ctx->arena, s->par_if),
				     sf_ir_binary (ctx->arena, SF_IR_LT,
						   sf_ir_int (ctx->arena, 1),
						   sf_ir_max_threads
						   (ctx->arena))),
		  "large enough for threads, and more than one", 1);
	  if (s->serial_alt)
	    {
	      gn_walk (ctx, s->serial_alt);
	      return;
	    }
	}
      break;
    default:
      break;
    }
  gn_walk (ctx, s->setup);
  gn_walk (ctx, s->split);
  gn_walk (ctx, s->body);
  gn_walk (ctx, s->else_body);
  gn_walk (ctx, s->teardown);
}

/* Walk the statements S.  */
static void
gn_walk (gn_ctx *ctx, const sf_ir_stmt *s)
{
  for (; s && !ctx->failed; s = s->next)
    gn_stmt (ctx, s);
}

sf_ir_expr *
sf_gain_test (sf_arena *arena, const sf_region *r, const sf_ir_stmt *body,
	      const char **text, sf_ir_expr **data, const char **data_text)
{
  gn_ctx ctx;
  memset (&ctx, 0, sizeof ctx);
  ctx.arena = arena;
  ctx.r = r;
  int nv = r->nvars > 0 ? r->nvars : 1, np = r->nparams > 0 ? r->nparams : 1;
  ctx.defs = sf_arena_alloc (arena, sizeof (int) * (size_t) nv);
  memset (ctx.defs, 0, sizeof (int) * (size_t) nv);
  ctx.value = sf_arena_alloc (arena, sizeof (sf_ir_expr *) * (size_t) nv);
  memset (ctx.value, 0, sizeof (sf_ir_expr *) * (size_t) nv);
  ctx.stored = sf_arena_alloc (arena, (size_t) np);
  memset (ctx.stored, 0, (size_t) np);
  gn_count (&ctx, body);
  gn_walk (&ctx, body);
  if (data)
    *data = ctx.failed ? NULL : ctx.data;
  if (data_text)
    *data_text = ctx.data_text;
  if (ctx.failed || !ctx.test)
    return NULL;
  if (text)
    *text = ctx.text;
  return ctx.test;
}

/* Half the smallest last-level cache a caller's bound assumes
   (sf_gain_bound, NO_CALLS): on a machine with less, an input between
   half its cache and this half runs the statement where the code would
   have prefetched its streams, a gain missed, the result the same.  */
#define GB_LLC_HALF_FLOOR (128 * 1024)

/* The least size a caller's bound merges the tests of (gb_size_in): an
   input that passes the merged test and none of its parts runs both the
   bound and the whole test, a few nanoseconds, and one of this size
   takes microseconds.  Smaller sizes keep their own tests.  */
#define GB_MERGE_LEAST 4096

/* Return nonzero when E reads half the last-level cache.  */
static int
gb_reads_llc_p (const sf_ir_expr *e)
{
  if (!e)
    return 0;
  if (e->op == SF_IR_LLC_HALF)
    return 1;
  return gb_reads_llc_p (e->a) || gb_reads_llc_p (e->b)
	 || gb_reads_llc_p (e->c);
}

/* Return nonzero when E is half the last-level cache (converted).  */
static int
gb_llc_p (const sf_ir_expr *e)
{
  while (e && e->op == SF_IR_CONVERT)
    e = e->a;
  return e && e->op == SF_IR_LLC_HALF;
}

/* Return nonzero when E is the constant true of gb_bound.  */
static int
gb_true_p (const sf_ir_expr *e)
{
  return e->op == SF_IR_INT && e->ival == 1;
}

/* Return nonzero when E asks libgomp for the team's size.  */
static int
gb_calls_p (const sf_ir_expr *e)
{
  if (!e)
    return 0;
  if (e->op == SF_IR_MAX_THREADS)
    return 1;
  return gb_calls_p (e->a) || gb_calls_p (e->b) || gb_calls_p (e->c);
}

/* sf_gain_bound of T, which holds in positive position (under AND and
   OR only).  */
static sf_ir_expr *
gb_bound (sf_arena *A, const sf_ir_expr *t, int no_calls, int *exact)
{
  if (t->op == SF_IR_AND || t->op == SF_IR_OR)
    {
      sf_ir_expr *a = gb_bound (A, t->a, no_calls, exact);
      sf_ir_expr *b = gb_bound (A, t->b, no_calls, exact);
      if (t->op == SF_IR_AND)
	return gb_true_p (a) ? b : gb_true_p (b) ? a
	       : sf_ir_binary (A, SF_IR_AND, a, b);
      return gb_true_p (a) ? a : gb_true_p (b) ? b
	     : sf_ir_binary (A, SF_IR_OR, a, b);
    }
  if (no_calls && gb_calls_p (t))
    {
      *exact = 0;
      return sf_ir_int (A, 1);
    }
  if (!gb_reads_llc_p (t))
    return sf_ir_clone (A, t);
  *exact = 0;
  /* "half the cache < X": the half the program has found, 0 before it
     first asks, is never more; with NO_CALLS, the half of the smallest
     cache the bound assumes.  */
  if ((t->op == SF_IR_LT || t->op == SF_IR_LE) && gb_llc_p (t->a)
      && !gb_reads_llc_p (t->b))
    {
      sf_ir_expr *c = sf_ir_clone (A, t);
      if (no_calls)
	c->a = sf_ir_int (A, GB_LLC_HALF_FLOOR);
      return c;
    }
  return sf_ir_int (A, 1);
}

/* Return nonzero when E is a sum of integers (gn_int_sum_p), or of
   products of them by constants that are not negative.  */
static int
gb_int_size_p (const sf_ir_expr *e)
{
  if (e->op == SF_IR_MUL && (e->ty == SF_TY_INDEX || sf_ty_is_int (e->ty)))
    {
      const sf_ir_expr *k = e->a->op == SF_IR_INT ? e->a : e->b;
      const sf_ir_expr *x = k == e->a ? e->b : e->a;
      return k->op == SF_IR_INT && k->ival >= 0 && gb_int_size_p (x);
    }
  if (e->op == SF_IR_ADD || e->op == SF_IR_SUB)
    return gb_int_size_p (e->a) && gb_int_size_p (e->b);
  return gn_int_sum_p (e);
}

/* Return the size test of E, "K < S" or "K <= S" for a constant K of
   at least GB_MERGE_LEAST and a sum S of integers that reads neither
   the cache nor the team, or the part of a conjunction E (which holds
   only when each part does) that is one, of the greatest K; NULL when
   there is none.  */
static sf_ir_expr *
gb_size_in (sf_ir_expr *e)
{
  if (e->op == SF_IR_AND)
    {
      sf_ir_expr *a = gb_size_in (e->a), *b = gb_size_in (e->b);
      return !a ? b : !b ? a : a->a->ival >= b->a->ival ? a : b;
    }
  if ((e->op == SF_IR_LT || e->op == SF_IR_LE) && e->a->op == SF_IR_INT
      && e->a->ival >= GB_MERGE_LEAST && gb_int_size_p (e->b))
    return e;
  return NULL;
}

/* The size tests of a bound, merged (gb_split).  */
typedef struct gb_sizes
{
  sf_ir_expr *rest;		/* the other parts, or NULL */
  long long least;		/* the least K (of "K < S") */
  sf_ir_expr *sum;		/* the sum of the S, or NULL */
  int n;			/* how many */
  int weakened;			/* one was part of a conjunction */
} gb_sizes;

/* Split disjunction T into its size tests (gb_size_in), merged in *G,
   and the rest.  */
static void
gb_split (sf_arena *A, sf_ir_expr *t, gb_sizes *g)
{
  if (t->op == SF_IR_OR)
    {
      gb_split (A, t->a, g);
      gb_split (A, t->b, g);
      return;
    }
  sf_ir_expr *s = gb_size_in (t);
  if (!s)
    {
      g->rest = g->rest ? sf_ir_binary (A, SF_IR_OR, g->rest, t) : t;
      return;
    }
  long long k = s->a->ival - (s->op == SF_IR_LE);
  sf_ir_expr *sum = sf_ir_clone (A, s->b);
  if (sum->ty != SF_TY_INDEX)
    sum = sf_ir_convert (A, sum, SF_TY_INDEX);
  g->least = g->n == 0 || k < g->least ? k : g->least;
  g->sum = g->sum ? sf_ir_add (A, g->sum, sum) : sum;
  g->n++;
  g->weakened |= s != t;
}

sf_ir_expr *
sf_gain_bound (sf_arena *arena, const sf_ir_expr *test, int no_calls,
	       int *exact)
{
  *exact = 1;
  sf_ir_expr *b = gb_bound (arena, test, no_calls, exact);
  if (gb_true_p (b))
    return NULL;
  if (no_calls)
    {
      /* Step 2: the size tests merged, when there is more than one or
	 one inside a conjunction.  */
      gb_sizes g = { NULL, 0, NULL, 0, 0 };
      gb_split (arena, b, &g);
      if (g.n > 1 || g.weakened)
	{
	  sf_ir_expr *size = sf_ir_binary (arena, SF_IR_LT,
					   sf_ir_int (arena, g.least), g.sum);
	  b = g.rest ? sf_ir_binary (arena, SF_IR_OR, g.rest, size) : size;
	  *exact = 0;
	}
    }
  return b;
}
