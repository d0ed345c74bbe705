/* Unit tests of the loop-IR passes (core/opt/) on loop IR built by hand,
   without the lowering: each test builds a region, fills the pass
   context as the lowering would, runs one pass of the table by name and
   compares the region printed as C.

     FOR j [0, n)  t = t + x[j]      (a dense loop of the nest)
   run through "partial_sums" prints 8 partial sums of t.

   Every test prints one line, PASS: opt/NAME or FAIL: opt/NAME: why;
   the binary exits 0 whatever the results.  */

#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sf_core.h"
#include "ir/ir.h"
#include "opt/opt.h"

static int failures;

static void
report (const char *name, const char *why)
{
  if (why)
    {
      printf ("FAIL: opt/%s: %s\n", name, why);
      failures++;
    }
  else
    printf ("PASS: opt/%s\n", name);
}

/* A region over parameters n (an extent) and x (a vector of doubles)
   with the variables t and j; the sum of x into t, its loop in *LOOP.  */
typedef struct sum_region
{
  sf_region *r;
  int n, x, t, j;
  sf_ir_stmt *body, *loop;
} sum_region;

static void
make_sum (sf_arena *A, sum_region *s)
{
  s->r = sf_region_new (A);
  sf_param pn = { 0 }, px = { 0 };
  pn.kind = SF_PARAM_SCALAR;
  pn.operand = 0;
  pn.ty = SF_TY_INDEX;
  pn.name = "n";
  px.kind = SF_PARAM_DATA;
  px.operand = 1;
  px.is_pointer = 1;
  px.ty = SF_TY_F64;
  px.name = "x";
  s->n = sf_region_param (A, s->r, &pn);
  s->x = sf_region_param (A, s->r, &px);
  s->t = sf_region_var (A, s->r, "t", SF_TY_F64);
  s->j = sf_region_var (A, s->r, "j", SF_TY_INDEX);
  sf_ir_list body = { 0 };
  sf_ir_append (&body, sf_ir_decl (A, s->t, sf_ir_float (A, 0.0, SF_TY_F64)));
  sf_ir_expr *xj = sf_ir_load (A, s->r, s->x, sf_ir_var_ref (A, s->r, s->j));
  s->loop = sf_ir_for (A, s->j, sf_ir_int (A, 0),
		       sf_ir_param_ref (A, s->r, s->n),
		       sf_ir_assign (A, s->t,
				     sf_ir_add (A, sf_ir_var_ref (A, s->r, s->t),
						xj)));
  sf_ir_append (&body, s->loop);
  s->body = body.head;
}

/* Fill CTX as the lowering does for region R, its dense loops DENSE.  */
static void
make_ctx (sf_pass_ctx *ctx, sf_arena *A, sf_region *r, sf_ir_stmt **dense,
	  int ndense, int max_dense)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->arena = A;
  ctx->r = r;
  ctx->tune = 1;
  ctx->max_vars = 4000;
  ctx->out_param = -1;
  ctx->privatized = -1;
  ctx->dense_for = dense;
  ctx->ndense_for = ndense;
  ctx->max_dense_for = max_dense;
}

/* Return the malloc'd C of region R's statements BODY.  */
static char *
print_c (sf_region *r, sf_ir_stmt *body)
{
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream (&text, &len);
  r->body = body;
  sf_print_region_c (out, r, 0);
  fclose (out);
  return text;
}

/* partial_sums on a dense loop of the nest: eight lanes in blocks of
   eight, added up after them, then the remainder loop.  */
static void
test_partial_sums (void)
{
  sf_arena A;
  sf_arena_init (&A);
  sum_region s;
  make_sum (&A, &s);
  sf_ir_stmt *dense[4] = { s.loop };
  sf_pass_ctx ctx;
  make_ctx (&ctx, &A, s.r, dense, 1, 4);
  int changed = sf_run_pass ("partial_sums", &s.body, &ctx);
  char *c = print_c (s.r, s.body);
  static const char want[] =
    "double t = 0.0;\n"
    "double t_2 = 0.0;\n"
    "double t_3 = 0.0;\n"
    "double t_4 = 0.0;\n"
    "double t_5 = 0.0;\n"
    "double t_6 = 0.0;\n"
    "double t_7 = 0.0;\n"
    "double t_8 = 0.0;\n"
    "int64_t j_blocks = n / 8;\n"
    "for (int64_t j_block = 0; j_block < j_blocks; j_block++)\n"
    "  {\n"
    "    int64_t j_2 = j_block * 8;\n"
    "    t = t + x[j_2];\n"
    "    int64_t j_3 = j_2 + 1;\n"
    "    t_2 = t_2 + x[j_3];\n"
    "    int64_t j_4 = j_2 + 2;\n"
    "    t_3 = t_3 + x[j_4];\n"
    "    int64_t j_5 = j_2 + 3;\n"
    "    t_4 = t_4 + x[j_5];\n"
    "    int64_t j_6 = j_2 + 4;\n"
    "    t_5 = t_5 + x[j_6];\n"
    "    int64_t j_7 = j_2 + 5;\n"
    "    t_6 = t_6 + x[j_7];\n"
    "    int64_t j_8 = j_2 + 6;\n"
    "    t_7 = t_7 + x[j_8];\n"
    "    int64_t j_9 = j_2 + 7;\n"
    "    t_8 = t_8 + x[j_9];\n"
    "  }\n"
    "for (int64_t j = j_blocks * 8; j < n; j++)\n"
    "  {\n"
    "    t = t + x[j];\n"
    "  }\n"
    "t = t + t_2 + (t_3 + t_4) + (t_5 + t_6 + (t_7 + t_8));\n";
  if (changed != 1)
    report ("partial_sums/dense", "the pass says it changed nothing");
  else if (strcmp (c, want) != 0)
    {
      fprintf (stderr, "partial_sums printed:\n%s", c);
      report ("partial_sums/dense", "not the eight lanes and the "
	      "remainder loop expected (the C printed above)");
    }
  else
    report ("partial_sums/dense", NULL);
  free (c);
  sf_arena_free (&A);
}

/* partial_sums on a loop that is neither a dense loop of the nest nor a
   loop over stored entries: no rewrite, the IR unchanged.  */
static void
test_partial_sums_not (void)
{
  sf_arena A;
  sf_arena_init (&A);
  sum_region s;
  make_sum (&A, &s);
  char *before = print_c (s.r, s.body);
  sf_pass_ctx ctx;
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  int changed = sf_run_pass ("partial_sums", &s.body, &ctx);
  char *after = print_c (s.r, s.body);
  report ("partial_sums/not-a-nest-loop",
	  changed != 0 ? "the pass says it changed something"
	  : strcmp (before, after) ? "the IR changed" : NULL);
  free (before);
  free (after);
  sf_arena_free (&A);
}

/* A region of SpMV over CSR parameters n, pos, crd, vals, x, y: the row
   loop over i (parallel when PARALLEL) holding the sum over the row's
   entries, its loop in *ROW.  */
typedef struct spmv_region
{
  sf_region *r;
  sf_ir_stmt *body, *rows, *row;
} spmv_region;

static int
add_param (sf_arena *A, sf_region *r, sf_param_kind kind, int pointer,
	   sf_ty ty, const char *name, int operand)
{
  sf_param p = { 0 };
  p.kind = kind;
  p.operand = operand;
  p.is_pointer = pointer;
  p.ty = ty;
  p.name = name;
  return sf_region_param (A, r, &p);
}

static void
make_spmv (sf_arena *A, spmv_region *s, int parallel)
{
  sf_region *r = s->r = sf_region_new (A);
  int n = add_param (A, r, SF_PARAM_SCALAR, 0, SF_TY_INDEX, "n", 0);
  int pos = add_param (A, r, SF_PARAM_DATA, 1, SF_TY_INDEX, "pos", 1);
  int crd = add_param (A, r, SF_PARAM_DATA, 1, SF_TY_INDEX, "crd", 2);
  int vals = add_param (A, r, SF_PARAM_DATA, 1, SF_TY_F64, "vals", 3);
  int x = add_param (A, r, SF_PARAM_DATA, 1, SF_TY_F64, "x", 4);
  int y = add_param (A, r, SF_PARAM_DATA, 1, SF_TY_F64, "y", 5);
  int i = sf_region_var (A, r, "i", SF_TY_INDEX);
  int p = sf_region_var (A, r, "p", SF_TY_INDEX);
  int j = sf_region_var (A, r, "j", SF_TY_INDEX);
  int t = sf_region_var (A, r, "t", SF_TY_F64);
#define V(v) sf_ir_var_ref (A, r, (v))
  sf_ir_list row = { 0 }, each = { 0 };
  sf_ir_append (&each, sf_ir_decl (A, j, sf_ir_load (A, r, crd, V (p))));
  sf_ir_append (&each, sf_ir_assign
		(A, t, sf_ir_add (A, V (t),
				  sf_ir_mul (A, sf_ir_load (A, r, vals, V (p)),
					     sf_ir_load (A, r, x, V (j))))));
  sf_ir_append (&row, sf_ir_decl (A, t, sf_ir_float (A, 0.0, SF_TY_F64)));
  s->row = sf_ir_for (A, p, sf_ir_load (A, r, pos, V (i)),
		      sf_ir_load (A, r, pos, sf_ir_add (A, V (i),
							 sf_ir_int (A, 1))),
		      each.head);
  sf_ir_append (&row, s->row);
  sf_ir_append (&row, sf_ir_store (A, y, V (i), V (t), 0));
  s->rows = sf_ir_for (A, i, sf_ir_int (A, 0), sf_ir_param_ref (A, r, n),
		       row.head);
  s->rows->parallel = parallel;
  s->body = s->rows;
#undef V
}

/* Return nonzero when C holds every string of the NULL-ended WANT, in
   that order; *MISSING gets the first that is not.  */
static int
holds_in_order (const char *c, const char *const *want, const char **missing)
{
  for (; *want; want++)
    {
      const char *at = strstr (c, *want);
      if (!at)
	{
	  *missing = *want;
	  return 0;
	}
      c = at + strlen (*want);
    }
  return 1;
}

/* Report test NAME: a failure when the pass did not change anything
   (CHANGED zero), with WHY when not NULL, or when region R's statements
   BODY printed as C lack a string of WANT in order (the C then goes to
   stderr).  */
static void
report_printed (const char *name, int changed, const char *why, sf_region *r,
		sf_ir_stmt *body, const char *const *want)
{
  char *c = print_c (r, body);
  const char *missing = NULL;
  report (name, !changed ? "no change" : why ? why
	  : !holds_in_order (c, want, &missing)
	  ? (fprintf (stderr, "%s", c), missing) : NULL);
  free (c);
}

/* partial_sums on a sum over a row's stored entries inside the row
   loop: the row loop as it was for a call whose rows are short on
   average, the lanes otherwise; no loop over the entries vectorized.  */
static void
test_partial_sums_rows (void)
{
  sf_arena A;
  sf_arena_init (&A);
  spmv_region s;
  make_spmv (&A, &s, 0);
  sf_pass_ctx ctx;
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  int changed = sf_run_pass ("partial_sums", &s.body, &ctx);
  static const char *const want[] = {
    "if (pos[n - 1 + 1] - pos[0] < 16 * n)",
    "for (int64_t i_2 = 0; i_2 < n; i_2++)",
    "/* novector", "for (int64_t p_2 = pos[i_2]; p_2 < pos[i_2 + 1]; p_2++)",
    "else", "for (int64_t i = 0; i < n; i++)",
    "if (p_hi - p_lo < 8)", "/* novector", "/* novector",
    "t = t + t_", NULL
  };
  report_printed ("partial_sums/rows", changed, NULL, s.r, s.body, want);
  sf_arena_free (&A);
}

/* balance on a parallel SpMV row loop: each thread's block of rows by
   two binary searches of pos, then the loop over its block; not on a
   loop whose entries iterate a range of their own (a further level).  */
static void
test_balance (void)
{
  sf_arena A;
  sf_arena_init (&A);
  spmv_region s;
  make_spmv (&A, &s, 1);
  sf_pass_ctx ctx;
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  ctx.threads = 1;
  int changed = sf_run_pass ("balance", &s.body, &ctx);
  static const char *const want[] = {
    "#pragma omp parallel\n", "int64_t part_base = pos[i_lo];",
    "int64_t part_work = pos[i_hi] - part_base + (i_hi - i_lo);",
    "__builtin_omp_get_thread_num ()", "__builtin_omp_get_num_threads ()",
    "if (0 < part)", "while (part_l < part_h)",
    "if (pos[part_m] - part_base + (part_m - i_lo) < part_want)",
    "if (part + 1 < parts)", "for (int64_t i = i_first; i < i_end; i++)",
    NULL
  };
  report_printed ("balance/spmv", changed, NULL, s.r, s.body, want);

  /* Under each entry a loop over [crd[p], crd[p] + 2): the work of a row
     is not its entries.  */
  make_spmv (&A, &s, 1);
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  ctx.threads = 1;
  int q = sf_region_var (&A, s.r, "q", SF_TY_INDEX);
  sf_ir_expr *at = sf_ir_load (&A, s.r, 2, sf_ir_var_ref (&A, s.r,
							  s.row->var));
  s.row->body->next->next
    = sf_ir_for (&A, q, at, sf_ir_add (&A, sf_ir_clone (&A, at),
				       sf_ir_int (&A, 2)), NULL);
  report ("balance/nested-range",
	  sf_run_pass ("balance", &s.body, &ctx) ? "split" : NULL);
  /* Without threads, nothing.  */
  make_spmv (&A, &s, 1);
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  report ("balance/serial",
	  sf_run_pass ("balance", &s.body, &ctx) ? "split" : NULL);
  sf_arena_free (&A);
}

/* streams on a SpMV row loop: the test of the data's size before the
   loop, the prefetches of the values (two lines) and the coordinates
   (one) at the row's start; not under schedule(naive) (no tune), nor
   where the inner loop's bounds read what the row declares.  */
static void
test_streams (void)
{
  sf_arena A;
  sf_arena_init (&A);
  spmv_region s;
  make_spmv (&A, &s, 1);
  sf_pass_ctx ctx;
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  int changed = sf_run_pass ("streams", &s.body, &ctx);
  static const char *const want[] = {
    "int64_t streams = 0 < n && ",
    "< (pos[n - 1 + 1] - pos[0]) * 16 ? 1 : 0;",
    "for (int64_t i = 0; i < n; i++)", "double t = 0.0;",
    "if (streams != 0)", "__builtin_prefetch (&crd[pos[i] + 256]);",
    "__builtin_prefetch (&vals[pos[i] + 256]);",
    "__builtin_prefetch (&vals[pos[i] + 264]);",
    "for (int64_t p = pos[i]; p < pos[i + 1]; p++)", NULL
  };
  report_printed ("streams/spmv", changed,
		  ctx.streamed != 1 ? "not counted" : NULL, s.r, s.body, want);
  make_spmv (&A, &s, 0);
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  ctx.tune = 0;
  report ("streams/naive",
	  sf_run_pass ("streams", &s.body, &ctx) ? "prefetched" : NULL);
  /* The row's start at pos[i + q], q a variable the row declares: no
     test before the loop can read it.  */
  make_spmv (&A, &s, 0);
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  int q = sf_region_var (&A, s.r, "q", SF_TY_INDEX);
  sf_ir_stmt *d = sf_ir_decl (&A, q, sf_ir_int (&A, 0));
  s.row->a = sf_ir_load (&A, s.r, 1,
			 sf_ir_add (&A, sf_ir_var_ref (&A, s.r, s.rows->var),
				    sf_ir_var_ref (&A, s.r, q)));
  d->next = s.rows->body;
  s.rows->body = d;
  report ("streams/row-local",
	  sf_run_pass ("streams", &s.body, &ctx) ? "prefetched" : NULL);
  sf_arena_free (&A);
}

/* Return how many times NEEDLE occurs in HAY.  */
static int
occurrences (const char *hay, const char *needle)
{
  int n = 0;
  for (const char *at = strstr (hay, needle); at;
       at = strstr (at + 1, needle))
    n++;
  return n;
}

/* unswitch after streams on a serial SpMV row loop: the test of the
   flag once, before two copies of the loop, the prefetches in the first
   only; on a parallel one, the parallel loop as it was and its serial
   alternative unswitched (none with a per-thread setup or a workspace);
   nothing for a test of a value the loop assigns, or of a load.  */
static void
test_unswitch (void)
{
  sf_arena A;
  sf_arena_init (&A);
  spmv_region s;
  make_spmv (&A, &s, 0);
  sf_pass_ctx ctx;
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  sf_run_pass ("streams", &s.body, &ctx);
  int changed = sf_run_pass ("unswitch", &s.body, &ctx);
  static const char *const want[] = {
    "int64_t streams = 0 < n && ", "if (streams != 0)",
    "for (int64_t i_2 = 0; i_2 < n; i_2++)",
    "__builtin_prefetch (&crd[pos[i_2] + 256]);",
    "for (int64_t p_2 = pos[i_2]; p_2 < pos[i_2 + 1]; p_2++)",
    "y[i_2] = t_2;", "else", "for (int64_t i = 0; i < n; i++)",
    "for (int64_t p = pos[i]; p < pos[i + 1]; p++)", "y[i] = t;", NULL
  };
  char *c = print_c (s.r, s.body);
  const char *after = strstr (c, "else");
  const char *why = occurrences (c, "if (streams") != 1 ? "tested twice"
		    : occurrences (c, "__builtin_prefetch") != 3
		    ? "prefetches not in one copy"
		    : after && strstr (after, "__builtin_prefetch")
		    ? "prefetches in the copy without" : NULL;
  free (c);
  report_printed ("unswitch/serial", changed, why, s.r, s.body, want);

  /* Parallel: the loop keeps its test, its serial alternative has it
     once, outside.  */
  make_spmv (&A, &s, 1);
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  ctx.threads = 1;
  sf_run_pass ("streams", &s.body, &ctx);
  changed = sf_run_pass ("unswitch", &s.body, &ctx);
  static const char *const want_par[] = {
    "int64_t streams = ", "#pragma omp parallel for",
    "for (int64_t i = 0; i < n; i++)", "if (streams != 0)",
    "__builtin_prefetch (&crd[pos[i] + 256]);", "else",
    "if (streams != 0)", "for (int64_t i_", "__builtin_prefetch", "else",
    "for (int64_t i_", NULL
  };
  c = print_c (s.r, s.body);
  why = !s.rows->serial_alt ? "no serial alternative"
	: occurrences (c, "if (streams") != 2 ? "not one test each" : NULL;
  free (c);
  report_printed ("unswitch/parallel", changed, why, s.r, s.body, want_par);

  /* A per-thread setup: no serial copy.  */
  make_spmv (&A, &s, 1);
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  ctx.threads = 1;
  sf_run_pass ("streams", &s.body, &ctx);
  s.rows->setup = sf_ir_comment (&A, "setup");
  report ("unswitch/parallel-setup",
	  sf_run_pass ("unswitch", &s.body, &ctx) || s.rows->serial_alt
	  ? "unswitched" : NULL);

  /* A workspace in the loop (allocated after the passes, where the loop
     is): no copy, serial or parallel.  */
  for (int par = 0; par < 2; par++)
    {
      make_spmv (&A, &s, par);
      make_ctx (&ctx, &A, s.r, NULL, 0, 0);
      ctx.threads = par;
      sf_run_pass ("streams", &s.body, &ctx);
      int w = sf_region_array (&A, s.r, "w", SF_TY_F64);
      sf_ir_stmt *st = sf_ir_astore (&A, w, sf_ir_int (&A, 0),
				     sf_ir_float (&A, 1.0, SF_TY_F64), 0);
      st->next = s.rows->body;
      s.rows->body = st;
      report (par ? "unswitch/workspace-parallel" : "unswitch/workspace",
	      sf_run_pass ("unswitch", &s.body, &ctx) || s.rows->serial_alt
	      ? "copied" : NULL);
    }

  /* A test of a variable the row loop assigns, and one of a load.  */
  for (int k = 0; k < 2; k++)
    {
      make_spmv (&A, &s, 0);
      make_ctx (&ctx, &A, s.r, NULL, 0, 0);
      int f = sf_region_var (&A, s.r, "f", SF_TY_INDEX);
      sf_ir_expr *test = k == 0
	? sf_ir_binary (&A, SF_IR_NE, sf_ir_var_ref (&A, s.r, f),
			sf_ir_int (&A, 0))
	: sf_ir_binary (&A, SF_IR_LT, sf_ir_load (&A, s.r, 1,
						  sf_ir_int (&A, 0)),
			sf_ir_int (&A, 5));
      sf_ir_stmt *pf = sf_ir_if (&A, test,
				 sf_ir_prefetch (&A, 3, sf_ir_var_ref
						 (&A, s.r, s.rows->var)),
				 NULL);
      sf_ir_stmt *set = sf_ir_assign (&A, f, sf_ir_var_ref (&A, s.r,
							    s.rows->var));
      set->next = pf;
      pf->next = s.rows->body;
      s.rows->body = k == 0 ? set : pf;
      sf_ir_stmt *d = sf_ir_decl (&A, f, sf_ir_int (&A, 1));
      d->next = s.body;
      s.body = d;
      report (k == 0 ? "unswitch/assigned" : "unswitch/load",
	      sf_run_pass ("unswitch", &s.body, &ctx) ? "unswitched" : NULL);
    }
  sf_arena_free (&A);
}

/* The table: its order, and an unknown name.  */
static void
test_table (void)
{
  static const char *const want[] = {
    "row_phases", "tiles", "partial_sums", "jam", "row_blocks", "runs",
    "prefetch", "streams", "privatize", "balance", "unswitch", NULL
  };
  int k = 0;
  while (want[k] && sf_pass_name (k)
	 && strcmp (want[k], sf_pass_name (k)) == 0)
    k++;
  report ("table/order", want[k] || sf_pass_name (k)
	  ? "the passes are not row_phases, tiles, partial_sums, jam, "
	    "row_blocks, runs, prefetch, streams, privatize, balance, "
	    "unswitch"
	  : NULL);
  report ("table/unknown",
	  sf_run_pass ("no-such-pass", NULL, NULL) != -1
	  ? "an unknown pass ran" : NULL);
}

/* Return the gain test of region R's BODY printed as C (as the
   condition of an IF), or NULL when there is none.  */
static char *
gain_c (sf_arena *A, sf_region *r, sf_ir_stmt *body)
{
  const char *text = NULL;
  sf_ir_expr *t = sf_gain_test (A, r, body, &text, NULL, NULL);
  if (!t)
    return NULL;
  return print_c (r, sf_ir_if (A, t, sf_ir_comment (A, text), NULL));
}

/* Put every parallel loop among statements S under a test of variable
   PAY (-1: none), as the lowering does after the passes.  */
static void
set_par_if (sf_arena *A, sf_region *r, sf_ir_stmt *s, int pay)
{
  for (; s; s = s->next)
    {
      if (s->kind == SF_IR_FOR && s->parallel)
	s->par_if = pay < 0 ? NULL : sf_ir_var_ref (A, r, pay);
      set_par_if (A, r, s->body, pay);
      set_par_if (A, r, s->else_body, pay);
      set_par_if (A, r, s->serial_alt, pay);
    }
}

/* Build the serial SpMV S in arena A with context CTX, and run on it
   the passes whose rewrites a data test picks (the gain test's
   parts).  */
static void
serial_picks (sf_arena *A, spmv_region *s, sf_pass_ctx *ctx)
{
  make_spmv (A, s, 0);
  make_ctx (ctx, A, s->r, NULL, 0, 0);
  sf_run_pass ("partial_sums", &s->body, ctx);
  sf_run_pass ("streams", &s->body, ctx);
  sf_run_pass ("unswitch", &s->body, ctx);
}

/* The gain test (core/opt/gain.c) after partial_sums, streams and
   unswitch on a serial SpMV: long rows or data out of the caches, every
   rewrite picked by a test; on a parallel one under a threads test, the
   threads test too, in integers; none for a parallel loop without a
   threads test, a test reading what the region stores, or a loop's
   counter.  */
static void
test_gain (void)
{
  sf_arena A;
  sf_arena_init (&A);
  spmv_region s;
  sf_pass_ctx ctx;
  serial_picks (&A, &s, &ctx);
  static const char *const want[] = {
    "if (!(pos[n - 1 + 1] - pos[0] < 16 * n) || (0 < n && ",
    "< (pos[n - 1 + 1] - pos[0]) * 16))",
    "rows of 16 entries or more on average, or entries larger than half "
    "the last-level cache", NULL
  };
  char *c = gain_c (&A, s.r, s.body);
  const char *missing = NULL;
  report ("gain/serial", !c ? "no test"
	  : ctx.picked != ctx.rewrites ? "a rewrite not picked"
	  : !holds_in_order (c, want, &missing)
	  ? (fprintf (stderr, "%s", c), missing) : NULL);
  free (c);

  /* Parallel under the threads test the lowering places: a flag set
     from 32768 <= 1.0 * n + 1.0 * pos[n] in doubles.  */
  make_spmv (&A, &s, 1);
  make_ctx (&ctx, &A, s.r, NULL, 0, 0);
  ctx.threads = 1;
  sf_run_pass ("partial_sums", &s.body, &ctx);
  sf_run_pass ("balance", &s.body, &ctx);
  sf_region *r = s.r;
  int pay = sf_region_var (&A, r, "threads_pay", SF_TY_INDEX);
  sf_ir_expr *work = sf_ir_add
    (&A, sf_ir_mul (&A, sf_ir_float (&A, 1.0, SF_TY_F64),
		    sf_ir_convert (&A, sf_ir_param_ref (&A, r, 0),
				   SF_TY_F64)),
     sf_ir_mul (&A, sf_ir_float (&A, 1.0, SF_TY_F64),
		sf_ir_convert (&A, sf_ir_load (&A, r, 1,
					       sf_ir_param_ref (&A, r, 0)),
			       SF_TY_F64)));
  sf_ir_expr *worth = sf_ir_binary (&A, SF_IR_LE,
				    sf_ir_float (&A, 32768.0, SF_TY_F64),
				    work);
  sf_ir_stmt *d = sf_ir_decl (&A, pay, sf_ir_select (&A, worth,
						     sf_ir_int (&A, 1),
						     sf_ir_int (&A, 0)));
  d->next = s.body;
  s.body = d;
  set_par_if (&A, r, s.body, pay);
  c = gain_c (&A, r, s.body);
  report ("gain/parallel", !c ? "no test"
	  : ctx.picked != ctx.rewrites ? "a rewrite not picked"
	  : !strstr (c, "32768 <= n + pos[n]") || strstr (c, "double")
	  ? (fprintf (stderr, "%s", c), "not the threads test in integers")
	  : NULL);
  free (c);
  set_par_if (&A, r, s.body, -1);
  c = gain_c (&A, r, s.body);
  report ("gain/always-threads", c ? "a test" : NULL);
  free (c);

  /* A pick whose test reads the output, or the loop's counter.  */
  for (int k = 0; k < 2; k++)
    {
      make_spmv (&A, &s, 0);
      sf_ir_expr *t = k == 0
		      ? sf_ir_binary (&A, SF_IR_LT, sf_ir_float (&A, 0.0,
								 SF_TY_F64),
				      sf_ir_load (&A, s.r, 5,
						  sf_ir_int (&A, 0)))
		      : sf_ir_binary (&A, SF_IR_LT, sf_ir_int (&A, 3),
				      sf_ir_var_ref (&A, s.r, s.rows->var));
      sf_ir_stmt *pick = sf_ir_if (&A, t, sf_ir_comment (&A, "rewrite"),
				   NULL);
      pick->pick = SF_IR_PICK_ELSE;
      pick->next = s.rows->body;
      s.rows->body = pick;
      c = gain_c (&A, s.r, s.body);
      report (k == 0 ? "gain/reads-output" : "gain/reads-counter",
	      c ? "a test" : NULL);
      free (c);
    }
  sf_arena_free (&A);
}

/* Return test T of region R printed as C (the condition of an IF), or
   NULL for none.  */
static char *
test_c (sf_arena *A, sf_region *r, sf_ir_expr *t)
{
  if (!t)
    return NULL;
  return print_c (r, sf_ir_if (A, t, sf_ir_comment (A, "test"), NULL));
}

/* sf_gain_bound (core/opt/gain.c): the serial SpMV's gain test keeps
   its form, half the cache read as found so far (not exact); a test
   without the cache is itself (exact), the team's size kept (without
   calls, true: the size test alone, not exact); the cache
   on the side where a smaller value would make a part false makes that
   part true: dropped from an AND, the whole true (none) in an OR.  */
static void
test_gain_bound (void)
{
  sf_arena A;
  sf_arena_init (&A);
  spmv_region s;
  sf_pass_ctx ctx;
  serial_picks (&A, &s, &ctx);
  const char *text = NULL;
  sf_ir_expr *t = sf_gain_test (&A, s.r, s.body, &text, NULL, NULL);
  int exact = 1;
  char *want = test_c (&A, s.r, t);
  char *c = test_c (&A, s.r, t ? sf_gain_bound (&A, t, 0, &exact) : NULL);
  report ("gain-bound/serial", !t ? "no gain test"
	  : !c || strcmp (c, want) ? (fprintf (stderr, "%s%s", want,
					       c ? c : "(none)\n"),
				      "not the same test")
	  : exact ? "exact with the cache in it" : NULL);
  free (c);
  free (want);

  sf_region *r = s.r;
  sf_ir_expr *size = sf_ir_binary (&A, SF_IR_LE, sf_ir_int (&A, 32768),
				   sf_ir_param_ref (&A, r, 0));
  sf_ir_expr *team = sf_ir_binary (&A, SF_IR_AND, size,
				   sf_ir_binary (&A, SF_IR_LT,
						 sf_ir_int (&A, 1),
						 sf_ir_max_threads (&A)));
  want = test_c (&A, r, team);
  c = test_c (&A, r, sf_gain_bound (&A, team, 0, &exact));
  report ("gain-bound/threads", !c || strcmp (c, want)
	  ? (fprintf (stderr, "%s%s", want, c ? c : "(none)\n"),
	     "not the same test")
	  : !exact ? "not exact" : NULL);
  free (c);
  free (want);
  /* Without calls: the team's size true, the size test alone.  */
  want = test_c (&A, r, size);
  c = test_c (&A, r, sf_gain_bound (&A, team, 1, &exact));
  report ("gain-bound/threads-no-calls", !c || strcmp (c, want)
	  ? (fprintf (stderr, "%s%s", want, c ? c : "(none)\n"),
	     "the team's size still asked")
	  : exact ? "exact" : NULL);
  free (c);
  free (want);

  /* n < half the cache: a smaller half makes it false.  */
  sf_ir_expr *wrong = sf_ir_binary (&A, SF_IR_LT, sf_ir_param_ref (&A, r, 0),
				    sf_ir_llc_half (&A));
  sf_ir_expr *and_t = sf_ir_binary (&A, SF_IR_AND, sf_ir_clone (&A, size),
				    sf_ir_clone (&A, wrong));
  want = test_c (&A, r, size);
  c = test_c (&A, r, sf_gain_bound (&A, and_t, 0, &exact));
  report ("gain-bound/and", !c || strcmp (c, want)
	  ? (fprintf (stderr, "%s%s", want, c ? c : "(none)\n"),
	     "the part with the cache not dropped")
	  : exact ? "exact" : NULL);
  free (c);
  free (want);
  sf_ir_expr *or_t = sf_ir_binary (&A, SF_IR_OR, sf_ir_clone (&A, size),
				   sf_ir_clone (&A, wrong));
  report ("gain-bound/or", sf_gain_bound (&A, or_t, 0, &exact)
	  ? "a test where only true would do" : NULL);

  /* Without calls, the size tests of 4096 or more merged into one: the
     serial SpMV's "more than one row and half the cache < its entries'
     bytes" is its bytes against the smallest cache's half, beside the
     long rows' test as it was.  */
  sf_ir_expr *streams = t->b;
  want = test_c (&A, s.r, sf_ir_binary (&A, SF_IR_OR, t->a,
					sf_ir_binary (&A, SF_IR_LT,
						      sf_ir_int (&A, 131072),
						      streams->b->b)));
  c = test_c (&A, s.r, sf_gain_bound (&A, t, 1, &exact));
  report ("gain-bound/merge-weakened", streams->op != SF_IR_AND
	  ? "not the streams test"
	  : !c || strcmp (c, want) ? (fprintf (stderr, "%s%s", want,
					       c ? c : "(none)\n"),
				      "not merged")
	  : exact ? "exact" : NULL);
  free (c);
  free (want);
  /* Two of them: the least bound, the sum of the sizes; one under 4096
     keeps its own test.  */
  sf_ir_expr *p0 = sf_ir_param_ref (&A, r, 0);
  sf_ir_expr *big = sf_ir_binary (&A, SF_IR_OR,
				  sf_ir_binary (&A, SF_IR_LE,
						sf_ir_int (&A, 32768), p0),
				  sf_ir_binary (&A, SF_IR_LT,
						sf_ir_int (&A, 8192),
						sf_ir_mul (&A, sf_ir_int (&A,
									  16),
							   sf_ir_clone (&A,
									p0))));
  sf_ir_expr *three = sf_ir_binary (&A, SF_IR_OR,
				    sf_ir_binary (&A, SF_IR_LT,
						  sf_ir_int (&A, 100),
						  sf_ir_clone (&A, p0)), big);
  want = test_c (&A, r, sf_ir_binary (&A, SF_IR_OR, three->a,
				      sf_ir_binary (&A, SF_IR_LT,
						    sf_ir_int (&A, 8192),
						    sf_ir_add (&A, big->a->b,
							       big->b->b))));
  c = test_c (&A, r, sf_gain_bound (&A, three, 1, &exact));
  report ("gain-bound/merge-two", !c || strcmp (c, want)
	  ? (fprintf (stderr, "%s%s", want, c ? c : "(none)\n"),
	     "not merged") : exact ? "exact" : NULL);
  free (c);
  free (want);
  c = test_c (&A, r, sf_gain_bound (&A, three, 0, &exact));
  want = test_c (&A, r, three);
  report ("gain-bound/merge-calls", !c || strcmp (c, want) || !exact
	  ? "merged with calls allowed" : NULL);
  free (c);
  free (want);
  sf_arena_free (&A);
}

int
main (void)
{
  test_table ();
  test_partial_sums ();
  test_partial_sums_not ();
  test_partial_sums_rows ();
  test_balance ();
  test_streams ();
  test_unswitch ();
  test_gain ();
  test_gain_bound ();
  return 0;
}
