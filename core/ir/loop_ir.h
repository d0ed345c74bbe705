/* The loop IR: what the core hands to the GCC glue (passes/) to be turned
   into GENERIC, and to the C printer.  Small on purpose: scalar variables,
   parameters (values the glue evaluates just before the region), loads,
   stores, counted for-loops, while-loops and ifs.

   For y(i) = B(i,j) * x(j) with B CSR the lowering produces

     params: p0 = B.n (INDEX)  p1 = B.pos (ptr INDEX)  p2 = B.crd (ptr INDEX)
             p3 = B.vals (ptr F64)  p4 = x (ptr F64)  p5 = y (ptr F64)
     for (i = 0; i < p0; i++)            parallel
       decl t : F64 = 0.0
       for (q = p1[i]; q < p1[i + 1]; q++)
         decl j : INDEX = p2[q]
         t = t + p3[q] * p4[j]
       store p5[i] = t

   A parallel loop of rows may be split by work instead (opt/balance.c):
   each thread computes its own block of rows first, by a binary search
   of the rows' positions, and runs it whole.

     FOR i [0, p0) parallel
       split:    DECL i_first, i_end: the block of thread SF_IR_THREAD
                 of SF_IR_NTHREADS holding about as many rows + entries
                 as the others
       body:     (over [i_first, i_end))

   A DECL declares its variable for the rest of its statement list (the
   glue makes each statement list a scope), so a variable declared inside a
   parallel loop body is private to each thread.  Variables are typed and
   identified by ids into sf_region.vars; parameters by ids into
   sf_region.params.

   Array temporaries (workspaces of fused schedules, docs/fusion.md) are
   variables with is_array set: an ALLOC gives them N elements of their
   type, ALOAD/ASTORE read and write them, a FREE in the same statement
   list ends their life.  They never alias a parameter.  A parallel FOR
   may carry SETUP and TEARDOWN lists, run by each thread once before and
   after its share of the iterations (serially: once around the loop):
   that is where thread-private workspaces are allocated and freed.

     FOR i [0, p0) parallel
       setup:    ALLOC T[K] (stack)
       body:     FOR k [0, K): ASTORE T[k] = 0.0 ...
       teardown: FREE T  */

#ifndef SF_LOOP_IR_H
#define SF_LOOP_IR_H

#include "front/ast.h"

/* ---- parameters: values computed before the region ---- */

typedef enum sf_param_kind
{
  SF_PARAM_FIELD,		/* struct member FIELD of sparse OPERAND */
  SF_PARAM_DATA,		/* data pointer of dense OPERAND (decayed) */
  SF_PARAM_TYPE_EXTENT,		/* extent of dim DIM of dense OPERAND's C type */
  SF_PARAM_SCALAR,		/* value of scalar OPERAND */
  SF_PARAM_CEXPR		/* value of a clause expression */
} sf_param_kind;

typedef struct sf_param
{
  sf_param_kind kind;
  int operand;
  sf_field_ref field;		/* FIELD */
  int dim;			/* TYPE_EXTENT */
  const sf_cexpr *cexpr;	/* CEXPR */
  int is_pointer;		/* the value is a pointer (loads go through it) */
  sf_ty ty;			/* value type, or element type if a pointer */
  const char *name;		/* for printing: "B_pos", "x", "K", ... */
} sf_param;

/* ---- expressions ---- */

typedef enum sf_ir_op
{
  SF_IR_INT,			/* ival */
  SF_IR_FLOAT,			/* fval */
  SF_IR_VAR,			/* var */
  SF_IR_PARAM,			/* param (a non-pointer parameter's value) */
  SF_IR_LOAD,			/* param[a]: element of a pointer parameter */
  SF_IR_ADD, SF_IR_SUB, SF_IR_MUL, SF_IR_DIV,	/* a op b */
  SF_IR_MIN, SF_IR_MAX,		/* a, b */
  SF_IR_NEG,			/* -a */
  SF_IR_LT, SF_IR_LE, SF_IR_EQ, SF_IR_NE,	/* a cmp b: BOOL; EQ/NE may
				   compare two SF_IR_PARAMs of pointer
				   parameters: their addresses (pointers to
				   different integer types allowed) */
  SF_IR_AND, SF_IR_OR,		/* short-circuit: BOOL */
  SF_IR_NOT,			/* !a */
  SF_IR_CONVERT,		/* a converted to ty */
  SF_IR_SELECT,			/* a ? b : c */
  SF_IR_ALOAD,			/* var[a]: element of array variable var */
  SF_IR_LLC_HALF,		/* half the last-level cache in bytes (INDEX),
				   read when the program runs: the cap of
				   the run-time choice (docs/scheduling.md) */
  SF_IR_THREAD,			/* the number of the thread running it in
				   its team (INDEX): omp_get_thread_num (),
				   0 serially; only in a FOR's split */
  SF_IR_NTHREADS,		/* the size of that team (INDEX):
				   omp_get_num_threads (), 1 serially; only
				   in a FOR's split */
  SF_IR_MAX_THREADS		/* the team a parallel region would start
				   (INDEX): omp_get_max_threads (), 1
				   without OpenMP; only in the gain test
				   (opt/gain.c), read at the entry */
} sf_ir_op;

typedef struct sf_ir_expr
{
  sf_ir_op op;
  sf_ty ty;
  long long ival;
  double fval;
  int var, param;
  struct sf_ir_expr *a, *b, *c;
} sf_ir_expr;

/* ---- statements: singly linked lists ---- */

typedef enum sf_ir_kind
{
  SF_IR_DECL,			/* declare var (= a, when a != NULL) */
  SF_IR_ASSIGN,			/* var = a */
  SF_IR_STORE,			/* param[a] = b, or += b when accumulate */
  SF_IR_FOR,			/* for (var = a; var < b; var++) body; the FOR
				   declares var for its body: no DECL */
  SF_IR_WHILE,			/* while (a) body */
  SF_IR_IF,			/* if (a) body else else_body */
  SF_IR_COMMENT,		/* text, for dumps and printed C only */
  SF_IR_ASTORE,			/* var[a] = b, or += b when accumulate */
  SF_IR_ALLOC,			/* array var gets a elements: on the heap
				   when heap, else on the stack */
  SF_IR_FREE,			/* end of the array var of an ALLOC earlier
				   in the same statement list */
  SF_IR_BARRIER,		/* an empty volatile asm: no code, and no
				   memory clobbered, but GCC's unroll-and-jam
				   leaves the loop holding it alone */
  SF_IR_PREFETCH,		/* prefetch param[a] for reading: a hint, no
				   effect on the values (opt/prefetch.c) */
  SF_IR_CRITICAL,		/* body, run by one thread at a time (OpenMP
				   critical; serially just body) */
  SF_IR_SHOW_PICK		/* var (INDEX) is the run-time choice among a
				   candidates (INT), text their names, b the
				   cap: with SPARSEFUSE_SHOW_PICK=1 in the
				   environment and the runtime library
				   linked, sf_show_pick prints it */
} sf_ir_kind;

/* sf_ir_stmt.pick: which branch of an IF is the code as scheduled.  */
enum { SF_IR_PICK_THEN = 1, SF_IR_PICK_ELSE = 2 };

typedef struct sf_ir_stmt
{
  sf_ir_kind kind;
  int var, param;
  sf_ir_expr *a, *b;
  struct sf_ir_stmt *body, *else_body;
  int accumulate;		/* STORE, ASTORE */
  int heap;			/* ALLOC */
  int untimed;			/* left out of the cost estimates (an
				   accumulated row's copy, lower/where.c) */
  int parallel;			/* FOR: OpenMP parallel for, dynamic schedule
				   (or split, below) */
  int novector;			/* FOR: GCC leaves the loop itself
				   unvectorized (its body may still be
				   vectorized as straight-line code: the
				   register tiles of opt/tiles.c) */
  int chunk;			/* FOR parallel: chunk size (0: default) */
  struct sf_ir_expr *par_if;	/* FOR parallel: threads only when this is
				   nonzero (OpenMP's if clause; NULL:
				   always) */
  const char *text;		/* COMMENT */
  struct sf_ir_stmt *setup, *teardown;	/* FOR parallel: per thread */
  /* FOR parallel: each thread's share of the iterations, one block
     [split_lo, split_hi) that SPLIT (run by each thread first, reading
     SF_IR_THREAD and SF_IR_NTHREADS) computes; the blocks of the team's
     threads are disjoint and cover [a, b).  NULL: the dynamic schedule.
     Serially SPLIT runs as one thread of a team of one.  */
  struct sf_ir_stmt *split;
  int split_lo, split_hi;
  /* FOR parallel: what runs instead of the loop when it runs on one
     thread (the loop before it was made parallel); NULL: the loop
     itself, serially.  */
  struct sf_ir_stmt *serial_alt;
  /* FOR parallel: its iterations split one range into as many parts as
     its bound B, a variable, says (part c of B covers [q0 + len * c / B,
     q0 + len * (c + 1) / B), moved to whole runs): on one thread it runs
     as one part of one, the whole range, with no part's bounds to
     compute (a coo level's runs, lower/loop.c).  */
  int parts;
  int ordered;			/* CRITICAL: the threads in turn, by their
				   numbers (the same order on every run) */
  int unlikely;			/* IF: the body runs on large inputs only
				   (data larger than the caches): GCC is
				   told the test is rarely true, and lays
				   out the other branch, the one a short
				   call takes, as the straight path */
  int pick;			/* IF: a choice the data make between the
				   code as the schedule has it and a loop
				   pass's rewrite of it (opt/gain.c):
				   SF_IR_PICK_THEN, the body is that code
				   (the test true), SF_IR_PICK_ELSE, the
				   else branch is; text then says what the
				   rewrite's side tests ("rows of 16 entries
				   or more on average"); 0: no such choice */
  struct sf_ir_stmt *next;
} sf_ir_stmt;

typedef struct sf_ir_var
{
  const char *name;
  sf_ty ty;			/* element type when is_array */
  int is_array;			/* a pointer to a workspace of its own */
  int threads_test;		/* it holds a threads test (threads_pay,
				   lower/lower.c: the input is large enough
				   for threads); under the loop's own
				   OpenMP directive the glue sets it to 1,
				   as the user's loop runs its team
				   whatever the size */
} sf_ir_var;

/* A lowered region: what replaces one annotated statement.  */
typedef struct sf_region
{
  int nparams, params_cap;
  sf_param *params;
  int nvars, vars_cap;
  sf_ir_var *vars;
  sf_ir_stmt *body;
  struct sf_name_index *names;	/* the names in use, for
				   sf_region_var's suffixes (ir.c) */
  const char *schedule_text;	/* one line, e.g. "forall i || forall j.." */
  const char *candidates_text;	/* schedule auto: one line per candidate
				   enumerated ("candidate 2: fused | time
				   ... | chosen"), NULL otherwise */
  sf_ir_expr *entry_test;	/* BOOL over the params, or NULL: the test
				   at the entry that the sparse operands'
				   coordinates fit (sf_region_entry_test);
				   the original statement runs when it
				   fails */
  const char *entry_text;	/* what it tests */
  sf_ir_expr *gain_test;	/* BOOL over the params, or NULL: the test
				   that the region's code does on this
				   input anything its schedule's plain
				   loops would not (threads, prefetches,
				   partial sums: opt/gain.c); when it
				   fails, the original statement runs */
  const char *gain_text;	/* what it tests */
  sf_ir_expr *gain_data;	/* the same without its threads tests, for
				   a region whose threads are the
				   program's; NULL: none */
  const char *gain_data_text;
} sf_region;

#endif /* SF_LOOP_IR_H */
