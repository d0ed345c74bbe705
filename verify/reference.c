/* The dense reference: the index notation evaluated on the synthetic
   inputs, element by element (SPEC 1.2's sums made explicit as in the
   lowering).

     y(i) = B(i,j) * x(j) + z(i)      ->  SUM{j}(B * x) + z
     a(i) = B(i,j) + d(i) + C(i,j)    ->  SUM{j}(B) + d + SUM{j}(C)
     A(i) = (B(i,j) + C(i)) * D(i,j)  ->  SUM{j}((B + C) * D)

   1. Each node gets the indices it mentions.
   2. From the root, the summed indices go down: at a product an index
      one factor holds entirely goes into it, the others are summed over
      the product; at a sum (its signed terms) an index one term holds
      goes into it, one several terms mention is summed over each of
      those terms; at an access the rest is summed over it.
   3. Evaluation returns the value and the magnitude of its terms (the
      same sums over absolute values), against which rounding is judged,
      and which terms (the operands of each sum or difference, at any
      depth, and the whole) had a nonzero magnitude, their factors' too:
      a term whose operands' patterns never meet on an input set is zero
      there on both sides, and tells nothing about the loop.  */

#include <math.h>
#include <string.h>
#include "verify_int.h"

typedef enum vf_rkind { VF_R_NUM, VF_R_ACC, VF_R_ADD, VF_R_SUB, VF_R_MUL,
			VF_R_NEG, VF_R_SUM } vf_rkind;

typedef struct vf_rnode
{
  vf_rkind kind;
  double num;
  const sf_expr *acc;
  unsigned mention, sum;
  int term;			/* a term: its number plus 1 (0: none) */
  struct vf_rnode *a, *b;
} vf_rnode;

struct vf_ref
{
  const sf_comp *comp;
  vf_rnode *root;
  int nterms;			/* the terms numbered, at most 32 */
};

/* Return a new node.  */
static vf_rnode *
rnode (sf_arena *arena, vf_rkind kind, vf_rnode *a, vf_rnode *b)
{
  vf_rnode *n = SF_NEW (arena, vf_rnode);
  n->kind = kind;
  n->a = a, n->b = b;
  n->mention = (a ? a->mention : 0) | (b ? b->mention : 0);
  return n;
}

/* Return the tree of E (step 1).  */
static vf_rnode *
from_ast (sf_arena *arena, const sf_expr *e)
{
  vf_rnode *n;
  switch (e->kind)
    {
    case SF_EXPR_NUMBER:
      n = rnode (arena, VF_R_NUM, NULL, NULL);
      n->num = e->number;
      return n;
    case SF_EXPR_ACCESS:
      n = rnode (arena, VF_R_ACC, NULL, NULL);
      n->acc = e;
      for (int d = 0; d < e->nidx; d++)
	n->mention |= 1u << e->idx[d];
      return n;
    case SF_EXPR_NEG:
      return rnode (arena, VF_R_NEG, from_ast (arena, e->a), NULL);
    default:
      return rnode (arena, e->kind == SF_EXPR_ADD ? VF_R_ADD
		    : e->kind == SF_EXPR_SUB ? VF_R_SUB : VF_R_MUL,
		    from_ast (arena, e->a), from_ast (arena, e->b));
    }
}

/* Return E summed over R (nothing when R is empty).  */
static vf_rnode *
sum_over (sf_arena *arena, unsigned r, vf_rnode *e)
{
  if (!r)
    return e;
  vf_rnode *s = rnode (arena, VF_R_SUM, e, NULL);
  s->sum = r;
  s->mention &= ~r;
  return s;
}

static vf_rnode *insert (sf_arena *arena, vf_rnode *e, unsigned r);

/* Append the signed terms of sum E to T (NEG[k]: negated); return the
   new count.  */
static int
terms_of (vf_rnode *e, int neg, vf_rnode **t, int *negs, int n)
{
  if (n >= 64)
    return n;
  if (e->kind == VF_R_ADD || e->kind == VF_R_SUB)
    {
      n = terms_of (e->a, neg, t, negs, n);
      return terms_of (e->b, e->kind == VF_R_SUB ? !neg : neg, t, negs, n);
    }
  if (e->kind == VF_R_NEG)
    return terms_of (e->a, !neg, t, negs, n);
  t[n] = e, negs[n] = neg;
  return n + 1;
}

/* Step 2 at a sum E.  */
static vf_rnode *
insert_terms (sf_arena *arena, vf_rnode *e, unsigned r)
{
  vf_rnode *t[64];
  int neg[64];
  int n = terms_of (e, 0, t, neg, 0);
  unsigned down[64] = { 0 }, here = 0;
  for (int v = 0; v < SF_MAX_INDICES; v++)
    {
      int count = 0, last = 0;
      for (int k = 0; k < n && (r & (1u << v)); k++)
	if (t[k]->mention & (1u << v))
	  count++, last = k;
      if (count == 1)
	down[last] |= 1u << v;
      else if (count > 1)
	here |= 1u << v;
    }
  vf_rnode *acc = NULL;
  for (int k = 0; k < n; k++)
    {
      vf_rnode *x = sum_over (arena, t[k]->mention & here,
			      insert (arena, t[k], down[k]));
      if (!acc)
	acc = neg[k] ? rnode (arena, VF_R_NEG, x, NULL) : x;
      else
	acc = rnode (arena, neg[k] ? VF_R_SUB : VF_R_ADD, acc, x);
    }
  return acc;
}

/* Return E with the sums over the indices R placed (step 2).  */
static vf_rnode *
insert (sf_arena *arena, vf_rnode *e, unsigned r)
{
  if (!r)
    return e;
  if (e->kind == VF_R_ADD || e->kind == VF_R_SUB || e->kind == VF_R_NEG)
    return insert_terms (arena, e, r);
  if (e->kind != VF_R_MUL)
    return sum_over (arena, r, e);
  unsigned ra = 0, rb = 0, here = 0;
  for (int v = 0; v < SF_MAX_INDICES; v++)
    if (r & (1u << v))
      {
	int in_a = (e->a->mention >> v) & 1, in_b = (e->b->mention >> v) & 1;
	if (in_a && in_b)
	  here |= 1u << v;
	else if (in_a)
	  ra |= 1u << v;
	else
	  rb |= 1u << v;
      }
  return sum_over (arena, here, rnode (arena, VF_R_MUL, insert (arena, e->a, ra),
				      insert (arena, e->b, rb)));
}

/* Number the terms at and below N in R: N itself when TERM, and each
   operand of a sum or difference that is not one itself, at any depth
   (the first 32).  */
static void
number_terms (vf_ref *r, vf_rnode *n, int term)
{
  if (!n)
    return;
  if (term && r->nterms < 32)
    n->term = ++r->nterms;
  int sum = n->kind == VF_R_ADD || n->kind == VF_R_SUB;
  for (int k = 0; k < 2; k++)
    {
      vf_rnode *c = k ? n->b : n->a;
      number_terms (r, c, sum && c && c->kind != VF_R_ADD
			  && c->kind != VF_R_SUB);
    }
}

vf_ref *
vf_ref_build (sf_arena *arena, const sf_comp *comp)
{
  vf_ref *r = SF_NEW (arena, vf_ref);
  r->comp = comp;
  unsigned free_mask = 0;
  for (int d = 0; d < comp->lhs->nidx; d++)
    free_mask |= 1u << comp->lhs->idx[d];
  vf_rnode *root = from_ast (arena, comp->rhs);
  r->root = insert (arena, root, root->mention & ~free_mask);
  number_terms (r, r->root, r->root->kind != VF_R_ADD
			    && r->root->kind != VF_R_SUB);
  return r;
}

/* Return the value of access A at ENV.  */
static double
access_value (const vf_inputs *in, const sf_expr *a, const long *env)
{
  const sf_operand *o = &in->comp->operands[a->operand];
  if (o->kind == SF_OPERAND_SCALAR)
    return in->scalar[a->operand];
  /* The output read at its own indices: its values before the loop,
     which the output's dense image keeps.  */
  const vf_tensor *t = &in->t[o->is_old ? o->old_of : a->operand];
  long off = 0;
  for (int d = 0; d < a->nidx; d++)
    off = off * t->dims[d] + env[a->idx[d]];
  return t->dense[off];
}

static double eval_node (const vf_rnode *n, const vf_inputs *in, long *env,
			 double *mag, unsigned *live);

/* Return the value of N at ENV; *MAG its magnitude.  Add to *LIVE the
   terms at and below N whose magnitude, times that of the factors
   around them within N, is not zero.  */
static double
eval (const vf_rnode *n, const vf_inputs *in, long *env, double *mag,
      unsigned *live)
{
  double v = eval_node (n, in, env, mag, live);
  if (n->term && *mag > 0)
    *live |= 1u << (n->term - 1);
  return v;
}

/* The value of N at ENV, as eval.  */
static double
eval_node (const vf_rnode *n, const vf_inputs *in, long *env, double *mag,
	   unsigned *live)
{
  double ma = 0, mb = 0, v;
  switch (n->kind)
    {
    case VF_R_NUM:
      *mag = fabs (n->num);
      return n->num;
    case VF_R_ACC:
      v = access_value (in, n->acc, env);
      *mag = fabs (v);
      return v;
    case VF_R_NEG:
      v = -eval (n->a, in, env, mag, live);
      return v;
    case VF_R_SUM:
      {
	int vs[SF_MAX_INDICES], nv = 0;
	for (int k = 0; k < SF_MAX_INDICES; k++)
	  if (n->sum & (1u << k))
	    vs[nv++] = k;
	double s = 0, m = 0;
	for (int k = 0; k < nv; k++)
	  env[vs[k]] = 0;
	for (;;)
	  {
	    int empty = 0;
	    for (int k = 0; k < nv; k++)
	      empty |= in->ext[vs[k]] <= 0;
	    if (empty)
	      break;
	    double mt;
	    s += eval (n->a, in, env, &mt, live);
	    m += mt;
	    int k = nv - 1;
	    while (k >= 0 && ++env[vs[k]] == in->ext[vs[k]])
	      env[vs[k--]] = 0;
	    if (k < 0)
	      break;
	  }
	*mag = m;
	return s;
      }
    default:
      {
	unsigned la = 0, lb = 0;
	double a = eval (n->a, in, env, &ma, &la);
	double b = eval (n->b, in, env, &mb, &lb);
	if (n->kind == VF_R_MUL)
	  {
	    /* a term times a zero factor is not seen */
	    *live |= (mb > 0 ? la : 0) | (ma > 0 ? lb : 0);
	    *mag = ma * mb;
	    return a * b;
	  }
	*live |= la | lb;
	*mag = ma + mb;
	return n->kind == VF_R_ADD ? a + b : a - b;
      }
    }
}

double
vf_ref_eval (const vf_ref *r, const vf_inputs *in, long *env, double *mag)
{
  unsigned live = 0;
  return eval (r->root, in, env, mag, &live);
}

double
vf_ref_eval_live (const vf_ref *r, const vf_inputs *in, long *env,
		  double *mag, unsigned *live)
{
  return eval (r->root, in, env, mag, live);
}

int
vf_ref_nterms (const vf_ref *r)
{
  return r->nterms;
}
