/* Two consecutive computations as one: the first's output substituted
   into the second.

     region 1   T(i,k) = B(i,j) * C(j,k)          T a local dense array
     region 2   A(i,l) = T(i,k) * D(k,l)
     fused      A(i,l) = (B(i,j) * C(j,k)) * D(k,l)

   The fused computation is then checked and lowered like any other, and
   its schedule fuses what the two statements computed apart (SpMM,GEMM
   with a K-vector workspace instead of the N x K matrix T).  Whether T is
   dead after region 2, and whether nothing runs between the two, is the
   GIMPLE pass's question (passes/pass.cc); here only the algebra.

   Substitution is exact under the einsum rule of SPEC 1.2 when
     - region 1 overwrites T (=, not +=) and does not read it;
     - every index of T's left-hand side appears in every top-level term
       of region 1's right-hand side: in `T(i,k) = B(i,k) + c(i)` the term
       c(i) broadcasts over k, and once substituted into a sum over k the
       sum would no longer reach c (TACO's convention sums only the terms
       that mention the index);
     - each access of T in region 2 names distinct indices;
     - region 1 does not read region 2's output (the fused code would read
       it while writing it).
   Indices of region 1 that are not on its left-hand side (its sums) get
   fresh ids for each access of T, so each substituted copy sums on its
   own; their names get a prime-like suffix when region 2 uses the name.

   Operands of the two computations with the same name are taken to be
   one operand (the glue checks that the names denote the same variable);
   T disappears.  Token numbers of region 1 are moved by TOK_OFFSET: the
   glue concatenates the two pragmas' token locations.  */

#include <stdio.h>
#include <string.h>
#include "sf_core.h"

/* The state of one fusion.  */
typedef struct sf_fuser
{
  sf_arena *arena;
  const sf_comp *a, *b;
  sf_comp *out;
  int tok_offset;
  int t;			/* T's operand id in A (its output) */
  int tb;			/* T's operand id in B */
  int *amap, *bmap;		/* operand ids in OUT, -1 for T */
  const char *why;
} sf_fuser;

/* Return the operand of COMP named NAME, or -1.  */
static int
sf_fuse_find_operand (const sf_comp *comp, const char *name)
{
  for (int i = 0; i < comp->noperands; i++)
    if (comp->operands[i].name && !strcmp (comp->operands[i].name, name))
      return i;
  return -1;
}

/* Return nonzero when E uses index X.  */
static int
sf_fuse_mentions (const sf_expr *e, int x)
{
  if (!e)
    return 0;
  if (e->kind == SF_EXPR_ACCESS)
    {
      for (int d = 0; d < e->nidx; d++)
	if (e->idx[d] == x)
	  return 1;
      return 0;
    }
  return sf_fuse_mentions (e->a, x) || sf_fuse_mentions (e->b, x);
}

/* Return nonzero when every top-level term of E (the operands of its
   outermost additions and subtractions) mentions index X.  */
static int
sf_fuse_every_term (const sf_expr *e, int x)
{
  if (e->kind == SF_EXPR_ADD || e->kind == SF_EXPR_SUB)
    return sf_fuse_every_term (e->a, x) && sf_fuse_every_term (e->b, x);
  if (e->kind == SF_EXPR_NEG)
    return sf_fuse_every_term (e->a, x);
  return sf_fuse_mentions (e, x);
}

/* Return the number of accesses of operand OP in E.  */
static int
sf_fuse_count (const sf_expr *e, int op)
{
  if (!e)
    return 0;
  if (e->kind == SF_EXPR_ACCESS)
    return e->operand == op;
  return sf_fuse_count (e->a, op) + sf_fuse_count (e->b, op);
}

/* Return a copy of constraint expression E with its tokens moved by
   OFFSET.  */
static sf_cexpr *
sf_fuse_copy_cexpr (sf_arena *arena, const sf_cexpr *e, int offset)
{
  if (!e)
    return NULL;
  sf_cexpr *c = SF_NEW (arena, sf_cexpr);
  *c = *e;
  c->tok = e->tok + offset;
  c->a = sf_fuse_copy_cexpr (arena, e->a, offset);
  c->b = sf_fuse_copy_cexpr (arena, e->b, offset);
  return c;
}

/* Return a copy of assume() expression E of B with its operands mapped
   through F->bmap; NULL when it names T.  */
static sf_cexpr *
sf_fuse_remap_cexpr (sf_fuser *f, const sf_cexpr *e, int *ok)
{
  if (!e)
    return NULL;
  sf_cexpr *c = SF_NEW (f->arena, sf_cexpr);
  *c = *e;
  if (e->kind == SF_CEXPR_NNZ || e->kind == SF_CEXPR_DIM)
    {
      c->operand = e->operand >= 0 ? f->bmap[e->operand] : -1;
      if (e->operand >= 0 && c->operand < 0)
	*ok = 0;
    }
  c->a = sf_fuse_remap_cexpr (f, e->a, ok);
  c->b = sf_fuse_remap_cexpr (f, e->b, ok);
  return c;
}

/* Map the operands of constraint C (a copy of one of B's) through
   F->bmap; return zero when it names T.  */
static int
sf_fuse_remap_constraint (sf_fuser *f, sf_constraint *c)
{
  int ok = 1;
  c->lhs = sf_fuse_remap_cexpr (f, c->lhs, &ok);
  c->rhs = sf_fuse_remap_cexpr (f, c->rhs, &ok);
  return ok;
}

/* Return a fresh index of F->out named after NAME; -1 when the table is
   full.  */
static int
sf_fuse_fresh_index (sf_fuser *f, const char *name, int tok)
{
  sf_comp *o = f->out;
  if (o->nindices >= SF_MAX_INDICES)
    return -1;
  const char *n = name;
  for (int k = 1;; k++)
    {
      int taken = 0;
      for (int x = 0; x < o->nindices && !taken; x++)
	taken = !strcmp (o->index_names[x], n);
      if (!taken)
	break;
      n = sf_arena_printf (f->arena, "%s%d", name, k);
    }
  int x = o->nindices++;
  o->index_names[x] = n;
  o->index_tok[x] = tok;
  return x;
}

/* Return a copy of A's right-hand side expression E for one access ACC of
   T in B: indices through IMAP (A's index -> OUT's index), operands
   through F->amap; NULL when the tables are full.  */
static sf_expr *
sf_fuse_copy_a (sf_fuser *f, const sf_expr *e, int *imap)
{
  if (!e)
    return NULL;
  sf_expr *c = SF_NEW (f->arena, sf_expr);
  *c = *e;
  c->tok = e->tok + f->tok_offset;
  if (e->kind == SF_EXPR_ACCESS)
    {
      c->operand = f->amap[e->operand];
      for (int d = 0; d < e->nidx; d++)
	{
	  int x = e->idx[d];
	  if (imap[x] < 0)
	    imap[x] = sf_fuse_fresh_index (f, f->a->index_names[x],
					   f->a->index_tok[x] + f->tok_offset);
	  if (imap[x] < 0)
	    return NULL;
	  c->idx[d] = imap[x];
	  c->idx_tok[d] = e->idx_tok[d] + f->tok_offset;
	}
      return c;
    }
  if (e->a && !(c->a = sf_fuse_copy_a (f, e->a, imap)))
    return NULL;
  if (e->b && !(c->b = sf_fuse_copy_a (f, e->b, imap)))
    return NULL;
  return c;
}

/* Return a copy of B's expression E with each access of T replaced by a
   copy of A's right-hand side; NULL (F->why set) on failure.  */
static sf_expr *
sf_fuse_copy_b (sf_fuser *f, const sf_expr *e)
{
  if (!e)
    return NULL;
  if (e->kind == SF_EXPR_ACCESS && e->operand == f->tb)
    {
      int imap[SF_MAX_INDICES];
      for (int x = 0; x < SF_MAX_INDICES; x++)
	imap[x] = -1;
      for (int d = 0; d < e->nidx; d++)
	for (int k = 0; k < d; k++)
	  if (e->idx[k] == e->idx[d])
	    {
	      f->why = "an access of the intermediate repeats an index";
	      return NULL;
	    }
      const sf_expr *lhs = f->a->lhs;
      for (int d = 0; d < lhs->nidx; d++)
	imap[lhs->idx[d]] = e->idx[d];
      sf_expr *c = sf_fuse_copy_a (f, f->a->rhs, imap);
      if (!c)
	f->why = "the two computations together use too many indices";
      return c;
    }
  sf_expr *c = SF_NEW (f->arena, sf_expr);
  *c = *e;
  if (e->kind == SF_EXPR_ACCESS)
    {
      c->operand = f->bmap[e->operand];
      return c;
    }
  if (e->a && !(c->a = sf_fuse_copy_b (f, e->a)))
    return NULL;
  if (e->b && !(c->b = sf_fuse_copy_b (f, e->b)))
    return NULL;
  return c;
}

/* Return the reason computation A (T's producer) cannot be substituted
   into B, or NULL when it can.  */
static const char *
sf_fuse_refuse (sf_fuser *f)
{
  const sf_comp *a = f->a, *b = f->b;
  const sf_operand *t = &a->operands[f->t];
  if (a->accumulate)
    return "the first computation accumulates (+=) into its output";
  if (t->kind != SF_OPERAND_DENSE)
    return "the intermediate is not a dense array";
  if (sf_fuse_count (a->rhs, f->t))
    return "the first computation reads its own output";
  if (f->tb < 0 || !sf_fuse_count (b->rhs, f->tb))
    return "the second computation does not read the intermediate";
  if (b->lhs->operand == f->tb)
    return "the second computation writes the intermediate";
  if (sf_fuse_find_operand (a, b->operands[b->lhs->operand].name) >= 0)
    return "the first computation reads the second one's output";
  if (a->check || b->check)
    return "a check clause runs the original statements";
  const sf_expr *lhs = a->lhs;
  for (int d = 0; d < lhs->nidx; d++)
    {
      for (int e = 0; e < d; e++)
	if (lhs->idx[e] == lhs->idx[d])
	  return "the intermediate's indices repeat";
      if (!sf_fuse_every_term (a->rhs, lhs->idx[d]))
	return "a term of the first computation broadcasts over an index "
	       "of the intermediate";
    }
  return NULL;
}

/* Fill F->out's operands: B's without T, then A's that B lacks, without
   T; fill F->amap and F->bmap.  Return the reason when it cannot.  */
static const char *
sf_fuse_operands (sf_fuser *f)
{
  sf_comp *o = f->out;
  o->noperands = 0;
  for (int i = 0; i < f->b->noperands; i++)
    {
      f->bmap[i] = -1;
      if (i == f->tb)
	continue;
      f->bmap[i] = o->noperands;
      o->operands[o->noperands++] = f->b->operands[i];
    }
  for (int i = 0; i < f->a->noperands; i++)
    {
      f->amap[i] = -1;
      if (i == f->t)
	continue;
      int same = sf_fuse_find_operand (o, f->a->operands[i].name);
      if (same >= 0)
	{
	  const sf_operand *x = &o->operands[same], *y = &f->a->operands[i];
	  if (x->kind != y->kind || x->rank != y->rank
	      || x->colmajor != y->colmajor)
	    return "an operand is used differently by the two computations";
	  if (y->relayout && !x->relayout)
	    {
	      o->operands[same].relayout = 1;
	      o->operands[same].relayout_tok = y->relayout_tok
						+ f->tok_offset;
	    }
	  f->amap[i] = same;
	  continue;
	}
      if (o->noperands >= SF_MAX_OPERANDS)
	return "the two computations together use too many operands";
      f->amap[i] = o->noperands;
      sf_operand *c = &o->operands[o->noperands++];
      *c = f->a->operands[i];
      c->tok += f->tok_offset;
      if (c->relayout)
	c->relayout_tok += f->tok_offset;
      for (int s = 0; s < c->nshape; s++)
	c->shape[s] = sf_fuse_copy_cexpr (f->arena, c->shape[s],
					  f->tok_offset);
    }
  return NULL;
}

/* Return computation B with A's output substituted by A's right-hand
   side, in ARENA, unchecked (extents are for sf_check_comp to fill);
   AMAP and BMAP (SF_MAX_OPERANDS each) receive the fused operand id of
   each operand of A and B (-1 for the intermediate).  Return NULL with
   *WHY set when the substitution would not be exact or does not apply.
   A's token numbers are moved by TOK_OFFSET.  */
sf_comp *
sf_fuse_comps (sf_arena *arena, const sf_comp *a, const sf_comp *b,
	       int tok_offset, int *amap, int *bmap, const char **why)
{
  sf_fuser f = { arena, a, b, NULL, tok_offset, a->lhs->operand, -1,
		 amap, bmap, NULL };
  f.tb = sf_fuse_find_operand (b, a->operands[f.t].name);
  *why = sf_fuse_refuse (&f);
  if (*why)
    return NULL;
  sf_comp *o = f.out = SF_NEW (arena, sf_comp);
  *o = *b;
  memset (o->extent, 0, sizeof o->extent);
  *why = sf_fuse_operands (&f);
  if (*why)
    return NULL;
  o->lhs = sf_fuse_copy_b (&f, b->lhs);
  o->rhs = sf_fuse_copy_b (&f, b->rhs);
  if (!o->lhs || !o->rhs)
    {
      *why = f.why ? f.why : "the substitution failed";
      return NULL;
    }
  /* assume() of the second computation names its operands by id.  */
  if (o->nassumes)
    {
      o->assumes = SF_NEW_ARRAY (arena, sf_constraint, o->nassumes);
      memcpy (o->assumes, b->assumes, sizeof *o->assumes * o->nassumes);
    }
  for (int k = 0; k < o->nassumes; k++)
    if (!sf_fuse_remap_constraint (&f, &o->assumes[k]))
      {
	*why = "an assume() clause names the intermediate";
	return NULL;
      }
  o->serial = a->serial || b->serial;
  return o;
}
