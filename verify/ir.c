/* Building the checker's program: types, expressions, statements,
   variables, registers and labels (verify.h).

     REG 3 = LOAD i32 (PTRADD (LOAD ptr (PTRADD (ADDR B, 8)), 4 * i))
   is built as
     vf_load (p, i32, vf_binary (p, VF_PTRADD, ptr,
                                 vf_load (p, ptr, vf_binary (..., vf_addr (p, B), 8)), ...))
   Nodes live in the program's arena; statements and variables in arrays
   that grow (addressed by index, never by pointer across an append).  */

#include <stdlib.h>
#include <string.h>
#include "verify.h"

vf_ty
vf_int_ty (int bits, int uns)
{
  vf_ty t = { VF_T_INT, (unsigned char) bits, (unsigned char) !!uns };
  return t;
}

vf_ty
vf_flt_ty (int bits)
{
  vf_ty t = { VF_T_FLT, (unsigned char) bits, 0 };
  return t;
}

vf_ty
vf_ptr_ty (void)
{
  vf_ty t = { VF_T_PTR, 64, 1 };
  return t;
}

void
vf_prog_init (vf_prog *p, sf_arena *arena)
{
  memset (p, 0, sizeof *p);
  p->arena = arena;
}

/* Return room for N more elements of SIZE bytes in the array *V of *CAP
   (grown in ARENA: the old copy stays until the arena goes).  */
static void *
grow (sf_arena *arena, void *v, int n, int *cap, size_t size)
{
  if (n < *cap)
    return v;
  int ncap = *cap ? 2 * *cap : 16;
  void *nv = sf_arena_alloc (arena, size * (size_t) ncap);
  if (n)
    memcpy (nv, v, size * (size_t) n);
  *cap = ncap;
  return nv;
}

int
vf_prog_var (vf_prog *p, const char *name, const vf_ctype *type, int env)
{
  p->vars = grow (p->arena, p->vars, p->nvars, &p->vcap, sizeof (vf_var));
  vf_var *v = &p->vars[p->nvars++];
  v->name = name;
  v->type = type;
  v->env = env;
  v->format = 0;
  v->user = NULL;
  return p->nvars;		/* block 0 is the null block */
}

int
vf_prog_label (vf_prog *p)
{
  return p->nlabels++;
}

int
vf_prog_reg (vf_prog *p)
{
  return p->nregs++;
}

void
vf_emit (vf_prog *p, vf_stmt s)
{
  p->stmts = grow (p->arena, p->stmts, p->nstmts, &p->cap, sizeof (vf_stmt));
  p->stmts[p->nstmts++] = s;
}

void
vf_unsupported (vf_prog *p, const char *why)
{
  if (!p->unsupported)
    p->unsupported = sf_arena_strdup (p->arena, why);
}

/* Return a new node OP of type TY over A, B, C.  */
static vf_expr *
node (vf_prog *p, vf_op op, vf_ty ty, vf_expr *a, vf_expr *b, vf_expr *c)
{
  vf_expr *e = SF_NEW (p->arena, vf_expr);
  e->op = op;
  e->ty = ty;
  e->a = a, e->b = b, e->c = c;
  return e;
}

vf_expr *
vf_cst_int (vf_prog *p, vf_ty ty, long long v)
{
  vf_expr *e = node (p, VF_CST, ty, NULL, NULL, NULL);
  e->ival = v;
  e->fval = (double) v;
  return e;
}

vf_expr *
vf_cst_flt (vf_prog *p, vf_ty ty, double v)
{
  vf_expr *e = node (p, VF_CST, ty, NULL, NULL, NULL);
  e->fval = v;
  return e;
}

vf_expr *
vf_reg (vf_prog *p, vf_ty ty, int reg)
{
  vf_expr *e = node (p, VF_REG, ty, NULL, NULL, NULL);
  e->reg = reg;
  return e;
}

vf_expr *
vf_addr (vf_prog *p, int block)
{
  vf_expr *e = node (p, VF_ADDR, vf_ptr_ty (), NULL, NULL, NULL);
  e->block = block;
  return e;
}

vf_expr *
vf_load (vf_prog *p, vf_ty ty, vf_expr *addr)
{
  return node (p, VF_LOAD, ty, addr, NULL, NULL);
}

vf_expr *
vf_unary (vf_prog *p, vf_op op, vf_ty ty, vf_expr *a)
{
  return node (p, op, ty, a, NULL, NULL);
}

vf_expr *
vf_binary (vf_prog *p, vf_op op, vf_ty ty, vf_expr *a, vf_expr *b)
{
  return node (p, op, ty, a, b, NULL);
}

vf_expr *
vf_select (vf_prog *p, vf_ty ty, vf_expr *c, vf_expr *a, vf_expr *b)
{
  return node (p, VF_SELECT, ty, c, a, b);
}

vf_expr *
vf_call (vf_prog *p, vf_fn fn, vf_ty ty, vf_expr *a, vf_expr *b)
{
  vf_expr *e = node (p, VF_CALL, ty, a, b, NULL);
  e->fn = fn;
  return e;
}
