/* Constructors for the loop IR (loop_ir.h), used by the lowering.

     sf_region *r = sf_region_new (arena);
     int p = sf_region_param (arena, r, &(sf_param) { SF_PARAM_DATA, ... });
     int i = sf_region_var (arena, r, "i", SF_TY_INDEX);
     sf_ir_expr *x = sf_ir_load (arena, r, p, sf_ir_var_ref (arena, r, i));
     sf_ir_list body = { 0 };
     sf_ir_append (&body, sf_ir_store (arena, p, idx, x, 1));

   Expressions are trees: a constructor never shares its operands with
   another node the caller already placed, as long as each operand is
   used once; sf_ir_clone copies a tree that must appear twice.  Integer
   (INDEX) arithmetic on constants is folded (i + 0 -> i, 2 * 3 -> 6).
   Variables and parameters are ids into the region's arrays; their names
   are unique within the region, parameters are deduplicated.  */

#ifndef SF_IR_H
#define SF_IR_H

#include "ir/arena.h"
#include "ir/loop_ir.h"

/* A statement list under construction.  */
typedef struct sf_ir_list
{
  sf_ir_stmt *head, *tail;
} sf_ir_list;

/* ---- regions, variables, parameters ---- */

/* Return a new empty region owned by ARENA.  */
sf_region *sf_region_new (sf_arena *arena);
/* Return the id of a new variable of type TY named BASE (with a numeric
   suffix when BASE is already taken).  */
int sf_region_var (sf_arena *arena, sf_region *r, const char *base, sf_ty ty);
/* Return the id of a new array variable (a workspace) of elements of
   type TY named BASE; it needs an ALLOC before use.  */
int sf_region_array (sf_arena *arena, sf_region *r, const char *base,
		     sf_ty ty);
/* Return the id of parameter P in R, adding it when no equal parameter
   (same kind, operand, field, dim, expression) exists.  P->name is the
   wanted name; it is made unique.  */
int sf_region_param (sf_arena *arena, sf_region *r, const sf_param *p);

/* ---- expressions ---- */

/* The team a parallel region would start (SF_IR_MAX_THREADS).  */
sf_ir_expr *sf_ir_max_threads (sf_arena *arena);

sf_ir_expr *sf_ir_int (sf_arena *arena, long long value);
/* Return half the last-level cache in bytes, read when the program runs
   (SF_IR_LLC_HALF).  */
sf_ir_expr *sf_ir_llc_half (sf_arena *arena);
/* Return the number of the thread running it in its team, or when
   TEAM_SIZE the team's size (SF_IR_THREAD, SF_IR_NTHREADS: only in a
   FOR's split).  */
sf_ir_expr *sf_ir_thread (sf_arena *arena, int team_size);
/* Return the constant VALUE of floating type TY.  */
sf_ir_expr *sf_ir_float (sf_arena *arena, double value, sf_ty ty);
sf_ir_expr *sf_ir_var_ref (sf_arena *arena, const sf_region *r, int var);
/* Return the value of parameter PARAM (a pointer parameter's address, for
   SF_IR_EQ/NE only).  */
sf_ir_expr *sf_ir_param_ref (sf_arena *arena, const sf_region *r, int param);
/* Return PARAM[INDEX], of the parameter's element type.  */
sf_ir_expr *sf_ir_load (sf_arena *arena, const sf_region *r, int param,
			sf_ir_expr *index);
/* Return VAR[INDEX], an element of array variable VAR.  */
sf_ir_expr *sf_ir_aload (sf_arena *arena, const sf_region *r, int var,
			 sf_ir_expr *index);
/* Return A OP B.  Comparisons and AND/OR are BOOL; arithmetic has the
   wider type of A and B (the narrower operand is converted).  */
sf_ir_expr *sf_ir_binary (sf_arena *arena, sf_ir_op op, sf_ir_expr *a,
			  sf_ir_expr *b);
/* Return OP A (NEG or NOT).  */
sf_ir_expr *sf_ir_unary (sf_arena *arena, sf_ir_op op, sf_ir_expr *a);
/* Return A converted to TY (A itself when it has type TY).  */
sf_ir_expr *sf_ir_convert (sf_arena *arena, sf_ir_expr *a, sf_ty ty);
/* Return COND ? A : B.  */
sf_ir_expr *sf_ir_select (sf_arena *arena, sf_ir_expr *cond, sf_ir_expr *a,
			  sf_ir_expr *b);
/* Return a deep copy of E (NULL for NULL).  */
sf_ir_expr *sf_ir_clone (sf_arena *arena, const sf_ir_expr *e);

#define sf_ir_add(A, X, Y) sf_ir_binary ((A), SF_IR_ADD, (X), (Y))
#define sf_ir_sub(A, X, Y) sf_ir_binary ((A), SF_IR_SUB, (X), (Y))
#define sf_ir_mul(A, X, Y) sf_ir_binary ((A), SF_IR_MUL, (X), (Y))

/* ---- statements ---- */

sf_ir_stmt *sf_ir_decl (sf_arena *arena, int var, sf_ir_expr *init);
sf_ir_stmt *sf_ir_assign (sf_arena *arena, int var, sf_ir_expr *value);
sf_ir_stmt *sf_ir_store (sf_arena *arena, int param, sf_ir_expr *index,
			 sf_ir_expr *value, int accumulate);
sf_ir_stmt *sf_ir_astore (sf_arena *arena, int var, sf_ir_expr *index,
			  sf_ir_expr *value, int accumulate);
/* Return the allocation of N elements for array variable VAR (on the heap
   when HEAP) and, in *FREE, the statement that ends it.  */
sf_ir_stmt *sf_ir_alloc (sf_arena *arena, int var, sf_ir_expr *n, int heap,
			 sf_ir_stmt **free_stmt);
sf_ir_stmt *sf_ir_for (sf_arena *arena, int var, sf_ir_expr *lo,
		       sf_ir_expr *hi, sf_ir_stmt *body);
sf_ir_stmt *sf_ir_while (sf_arena *arena, sf_ir_expr *cond, sf_ir_stmt *body);
sf_ir_stmt *sf_ir_if (sf_arena *arena, sf_ir_expr *cond, sf_ir_stmt *then_body,
		      sf_ir_stmt *else_body);
sf_ir_stmt *sf_ir_comment (sf_arena *arena, const char *text);
sf_ir_stmt *sf_ir_barrier (sf_arena *arena);
/* Return the prefetch of element INDEX of pointer parameter PARAM.  */
sf_ir_stmt *sf_ir_prefetch (sf_arena *arena, int param, sf_ir_expr *index);
/* Return BODY run by one thread at a time.  */
sf_ir_stmt *sf_ir_critical (sf_arena *arena, sf_ir_stmt *body);
/* Return the statement showing the run-time pick VAR among N candidates
   named NAMES (one text, e.g. "0 naive, 1 fused"), CAP the bytes they
   were allowed.  */
sf_ir_stmt *sf_ir_show_pick (sf_arena *arena, int var, int n,
			     const char *names, sf_ir_expr *cap);

/* Append statement S (and the statements chained after it) to LIST.  */
void sf_ir_append (sf_ir_list *list, sf_ir_stmt *s);

/* sf_ty_wider, the type of a binary operation, is front/ast.h's.  */

#endif /* SF_IR_H */
