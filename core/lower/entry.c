/* The test at a region's entry that the sparse operands' coordinates
   fit the extents their formats name.

   The generated code indexes dense workspaces and operands by the
   coordinates it reads; a format declaration that does not describe the
   program's data (a base of 1 over coordinates from 0, a mode order
   reversed) makes it read and write outside them, where the loop, which
   may never use a coordinate as an index (a sum of every value), did
   not.  Testing every coordinate would cost as much as the kernel; the
   first and the last entry of each level with coordinates cost a few
   loads each and catch such a declaration on real data (its first
   coordinate is 0 with base 1, its last one the larger extent when two
   modes swap):

     B: dense, compressed     p0 = B.pos[0] - base, p1 = B.pos[B.n] - base
       p1 <= p0 || (0 <= B.crd[p0] - base < B.m
                    && 0 <= B.crd[p1 - 1] - base < B.m)

   A failing test runs the original statement (passes/pass.cc).  */

#include <stdio.h>
#include <string.h>
#include "ir/ir.h"
#include "sf_core.h"

/* Return the parameter of field F of OPERAND in R (POINTER: an array of
   integers), named after them.  */
static int
field_param (sf_arena *A, sf_region *r, const sf_comp *comp, int operand,
	     const sf_field_ref *f, int pointer)
{
  sf_param p;
  memset (&p, 0, sizeof p);
  p.kind = SF_PARAM_FIELD;
  p.operand = operand;
  p.field = *f;
  p.is_pointer = pointer;
  p.ty = SF_TY_INDEX;
  const char *op = comp->operands[operand].name;
  p.name = f->subscript >= 0
	   ? sf_arena_printf (A, "%s_%s_%d", op, f->name, f->subscript)
	   : sf_arena_printf (A, "%s_%s", op, f->name);
  return sf_region_param (A, r, &p);
}

/* Return 0 <= CRD[AT] - BASE < DIM.  */
static sf_ir_expr *
fits (sf_arena *A, sf_region *r, int crd, sf_ir_expr *at, int base,
      sf_ir_expr *dim)
{
  sf_ir_expr *c = sf_ir_sub (A, sf_ir_load (A, r, crd, at),
			     sf_ir_int (A, base));
  sf_ir_expr *low = sf_ir_binary (A, SF_IR_LE, sf_ir_int (A, 0), c);
  sf_ir_expr *high = sf_ir_binary (A, SF_IR_LT, sf_ir_clone (A, c), dim);
  return sf_ir_binary (A, SF_IR_AND, low, high);
}

/* Return the test of levels L and below of operand O of format F, whose
   parent level holds the positions [LO, HI) (the whole of it), or NULL
   when none of them has coordinates.  A dense level of extent D holds
   [LO * D, HI * D), a compressed one [pos[LO] - base, pos[HI] - base),
   read only below a parent with positions (an empty matrix's pos may be
   NULL, as the loop never reads it), a coo level [0, nnz), a singleton
   its parent's.  A level with coordinates tests its first and last one
   when it has any, and only then the levels below it: each level's
   bounds appear a fixed number of times, so the test grows with the
   square of the levels, not exponentially.  */
static sf_ir_expr *
level_test (sf_arena *A, sf_region *r, const sf_comp *comp, int o,
	    const sf_format *f, int l, sf_ir_expr *lo, sf_ir_expr *hi)
{
  if (l == f->nlevels)
    return NULL;
  const sf_level *lv = &f->levels[l];
  sf_ir_expr *dim = sf_ir_param_ref
    (A, r, field_param (A, r, comp, o, &f->dims[f->modes[l]], 0));
  if (lv->kind == SF_LEVEL_DENSE)
    return level_test (A, r, comp, o, f, l + 1, sf_ir_mul (A, lo, dim),
		       sf_ir_mul (A, hi, sf_ir_clone (A, dim)));
  sf_ir_expr *none = NULL;	/* the parent has no position */
  if (lv->kind == SF_LEVEL_COMPRESSED)
    {
      int pos = field_param (A, r, comp, o, &lv->pos, 1);
      none = sf_ir_binary (A, SF_IR_LE, sf_ir_clone (A, hi),
			   sf_ir_clone (A, lo));
      lo = sf_ir_sub (A, sf_ir_load (A, r, pos, lo), sf_ir_int (A, f->base));
      hi = sf_ir_sub (A, sf_ir_load (A, r, pos, hi), sf_ir_int (A, f->base));
    }
  else if (lv->kind == SF_LEVEL_COO)
    {
      lo = sf_ir_int (A, 0);
      hi = sf_ir_param_ref (A, r, field_param (A, r, comp, o, &lv->pos, 0));
    }
  int crd = field_param (A, r, comp, o, &lv->crd, 1);
  sf_ir_expr *inside = sf_ir_binary
    (A, SF_IR_AND,
     fits (A, r, crd, sf_ir_clone (A, lo), f->base, dim),
     fits (A, r, crd, sf_ir_sub (A, sf_ir_clone (A, hi), sf_ir_int (A, 1)),
	   f->base, sf_ir_clone (A, dim)));
  sf_ir_expr *empty = sf_ir_binary (A, SF_IR_LE, sf_ir_clone (A, hi),
				    sf_ir_clone (A, lo));
  sf_ir_expr *below = level_test (A, r, comp, o, f, l + 1, lo, hi);
  if (below)
    inside = sf_ir_binary (A, SF_IR_AND, inside, below);
  sf_ir_expr *t = sf_ir_binary (A, SF_IR_OR, empty, inside);
  return none ? sf_ir_binary (A, SF_IR_OR, none, t) : t;
}

/* Return the test for operand O of format F, or NULL when it has no
   level with coordinates.  */
static sf_ir_expr *
operand_test (sf_arena *A, sf_region *r, const sf_comp *comp, int o,
	      const sf_format *f)
{
  return level_test (A, r, comp, o, f, 0, sf_ir_int (A, 0), sf_ir_int (A, 1));
}

sf_ir_expr *
sf_region_entry_test (sf_arena *arena, sf_region *r, const sf_comp *comp,
		      const sf_format *formats, const char **text)
{
  sf_ir_expr *test = NULL;
  char buf[300];
  int n = 0;
  buf[0] = 0;
  for (int o = 0; o < comp->noperands; o++)
    {
      const sf_operand *op = &comp->operands[o];
      if (op->kind != SF_OPERAND_SPARSE || op->is_old)	/* the output's */
	continue;
      sf_ir_expr *t = operand_test (arena, r, comp, o,
				    &formats[op->format]);
      if (!t)
	continue;
      test = test ? sf_ir_binary (arena, SF_IR_AND, test, t) : t;
      if (n < (int) sizeof buf - 1)
	n += snprintf (buf + n, sizeof buf - (size_t) n, "%s%s",
		       n ? ", " : "", op->name);
    }
  *text = test ? sf_arena_printf (arena, "the first and last coordinates "
				  "of %s inside their dims", buf) : NULL;
  return test;
}
