/* Expressions of the lowering: the right-hand side with its reductions
   made explicit (SPEC 1.2: an index absent from the output is summed over
   the smallest subexpression holding all its occurrences; in a sum only
   the terms that mention it count).

     y(i) = B(i,j) * x(j) + z(i)        ->  SUM{j}(B*x) + z
     a(i) = B(i,j) + d(i) + C(i,j)      ->  SUM{j}(B + C) + d
     A(i) = (B(i,j) + C(i)) * D(i,j)    ->  SUM{j}((B + C) * D)
     A(i,r) = B(i,j,k)*C(j,r)*D(k,r)    ->  SUM{k}(SUM{j}(B*C)*D)
     F(i) = H(u)*H(s) - (w(u) + y(s))   ->  SUM{u,s}(H*H) - SUM{u}(w)
                                            - SUM{s}(y)

   Outline of lw_insert_sums, all summed indices at once, from the root:
     1. at a product, an index that one factor holds entirely goes down
        into it; the others are summed over the product;
     2. at a sum (flattened into signed terms), an index that one term
        holds entirely goes down into it; one several terms mention is
        summed over those terms only: each term is summed over the set of
        such indices it mentions, terms of the same set together;
     3. at an access, what is left is summed over it; directly nested
        sums merge.
   lw_factor_sums then moves factors out of the sums that do not depend
   on their indices.
   The other functions rewrite these trees while the nest is generated:
   restriction to a lattice point (absent iterators are zero), search and
   replacement of a sum by the temporary holding it, evaluation to IR.  */

#include <string.h>
#include "lower/internal.h"


/* ---- constructors ---- */

/* Return a new node of KIND over A and B, its mention and type derived
   from them.  */
lw_expr *
lw_node (lw_ctx *ctx, lw_kind kind, lw_expr *a, lw_expr *b)
{
  lw_expr *e = SF_NEW (ctx->arena, lw_expr);
  e->kind = kind;
  e->a = a;
  e->b = b;
  e->mention = (a ? a->mention : 0) | (b ? b->mention : 0);
  e->ty = sf_ty_wider (a ? a->ty : SF_TY_VOID, b ? b->ty : SF_TY_VOID);
  /* A floating constant meeting integers makes the operation floating,
     as in C (2.0 * n, -.5 * n are doubles); meeting floats it takes
     their type, as numbers always have here.  An untyped node (numbers
     only) keeps the type of its floating constants in LITERAL.  */
  sf_ty la = a && a->ty == SF_TY_VOID ? a->literal : SF_TY_VOID;
  sf_ty lb = b && b->ty == SF_TY_VOID ? b->literal : SF_TY_VOID;
  if (e->ty == SF_TY_VOID)
    e->literal = sf_ty_wider (la, lb);
  else if (sf_ty_is_int (e->ty))
    e->ty = sf_ty_wider (e->ty, sf_ty_wider (la, lb));
  if (sf_ty_is_int (e->ty))
    e->ty = sf_ty_wider (e->ty, e->ty);	/* C's integer promotions */
  return e;
}

lw_expr *
lw_num (lw_ctx *ctx, double v)
{
  lw_expr *e = lw_node (ctx, LW_NUM, NULL, NULL);
  e->num = v;
  return e;
}

lw_expr *
lw_temp (lw_ctx *ctx, int var)
{
  lw_expr *e = lw_node (ctx, LW_TEMP, NULL, NULL);
  e->var = var;
  e->ty = ctx->r->vars[var].ty;
  return e;
}

/* Return SUM over MASK of BODY; a sum directly inside merges into it, an
   empty MASK returns BODY.  */
lw_expr *
lw_sum (lw_ctx *ctx, unsigned mask, lw_expr *body)
{
  if (!mask)
    return body;
  if (body->kind == LW_SUM)
    {
      mask |= body->sum;
      body = body->a;
    }
  lw_expr *e = lw_node (ctx, LW_SUM, body, NULL);
  e->sum = mask;
  e->mention |= mask;
  /* The loop adds its terms into the output (y[i] += term), in the type
     C gives y[i] + term: an integer sum into a double or a wider output
     is a double or wider one (floating sums keep their type, as
     before: rounding is allowed there).  */
  if (sf_ty_is_int (e->ty))
    e->ty = sf_ty_wider (e->ty, ctx->out_ty);
  return e;
}

/* Return nonzero when E is the constant zero.  */
int
lw_is_zero (const lw_expr *e)
{
  return e->kind == LW_NUM && e->num == 0.0;
}

/* ---- from the AST ---- */

/* Return the value type an access to OPERAND contributes: its C type
   (float, double, an integer value type), as C's usual arithmetic
   conversions see it; VOID for scalars of other types (_Bool, an enum:
   they take the type of what they meet).  */
static sf_ty
lw_access_ty (const lw_ctx *ctx, int operand)
{
  sf_ty ty = lw_operand_vtype (ctx, operand);
  return sf_ty_is_value (ty) ? ty : SF_TY_VOID;
}

/* Register ACCESS (an SF_EXPR_ACCESS node) and return its id, or -1 after
   lw_fail.  */
int
lw_new_access (lw_ctx *ctx, const sf_expr *access)
{
  if (ctx->nacc == LW_MAX_ACCESS)
    return lw_fail (ctx, "too many tensor accesses"), -1;
  int id = ctx->nacc++;
  lw_access *a = &ctx->acc[id];
  a->operand = access->operand;
  a->op = &ctx->comp->operands[access->operand];
  a->format = a->op->kind == SF_OPERAND_SPARSE
	      ? &ctx->formats[a->op->format] : NULL;
  a->dense_of = NULL;
  a->laid = 0;
  a->values_work = -1;
  if (ctx->densify && a->format && a->op->relayout)
    {
      a->dense_of = a->format;
      a->format = NULL;
    }
  a->nidx = access->nidx;
  memcpy (a->idx, access->idx, sizeof a->idx);
  for (int v = 0; v < SF_MAX_INDICES; v++)
    a->slot[v] = -1;
  for (int d = 0; d < a->nidx; d++)
    {
      int level = d;
      if (a->format)
	for (int l = 0; l < a->format->nlevels; l++)
	  if (a->format->modes[l] == d)
	    level = l;
      if (a->slot[a->idx[d]] >= 0)
	return lw_fail (ctx, "'%s' uses an index twice", a->op->name), -1;
      a->slot[a->idx[d]] = level;
    }
  return id;
}

/* Return the lowering expression for AST expression E.  */
lw_expr *
lw_from_ast (lw_ctx *ctx, const sf_expr *e)
{
  switch (e->kind)
    {
    case SF_EXPR_NUMBER:
      {
	lw_expr *x = lw_num (ctx, e->number);
	x->literal = e->literal;
	return x;
      }
    case SF_EXPR_ACCESS:
      {
	int id = lw_new_access (ctx, e);
	lw_expr *x = lw_node (ctx, LW_ACC, NULL, NULL);
	x->acc = id < 0 ? 0 : id;
	for (int d = 0; d < e->nidx; d++)
	  x->mention |= BIT (e->idx[d]);
	x->ty = lw_access_ty (ctx, e->operand);
	return x;
      }
    case SF_EXPR_NEG:
      return lw_node (ctx, LW_NEG, lw_from_ast (ctx, e->a), NULL);
    default:
      {
	lw_kind k = e->kind == SF_EXPR_ADD ? LW_ADD
		    : e->kind == SF_EXPR_SUB ? LW_SUB : LW_MUL;
	lw_expr *a = lw_from_ast (ctx, e->a);	/* accesses in text order */
	lw_expr *b = lw_from_ast (ctx, e->b);
	return lw_node (ctx, k, a, b);
      }
    }
}

/* ---- reductions ---- */

/* Return nonzero when E is an ADD, SUB or NEG (part of a sum).  */
static int
lw_is_additive (const lw_expr *e)
{
  return e->kind == LW_ADD || e->kind == LW_SUB || e->kind == LW_NEG;
}

/* Append the terms of the sum E with sign NEG to TERMS (negated terms
   wrapped in NEG); return the new count, or -1 past MAX.  */
static int
lw_flatten (lw_ctx *ctx, lw_expr *e, int neg, lw_expr **terms, int n, int max)
{
  if (n < 0)
    return n;
  switch (e->kind)
    {
    case LW_ADD:
      n = lw_flatten (ctx, e->a, neg, terms, n, max);
      return lw_flatten (ctx, e->b, neg, terms, n, max);
    case LW_SUB:
      n = lw_flatten (ctx, e->a, neg, terms, n, max);
      return lw_flatten (ctx, e->b, !neg, terms, n, max);
    case LW_NEG:
      return lw_flatten (ctx, e->a, !neg, terms, n, max);
    default:
      if (n == max)
	return -1;
      terms[n] = neg ? lw_node (ctx, LW_NEG, e, NULL) : e;
      return n + 1;
    }
}

/* Return the sum of the N signed TERMS (N > 0).  */
static lw_expr *
lw_build_sum (lw_ctx *ctx, lw_expr **terms, int n)
{
  lw_expr *e = terms[0];
  for (int t = 1; t < n; t++)
    if (terms[t]->kind == LW_NEG)
      e = lw_node (ctx, LW_SUB, e, terms[t]->a);
    else
      e = lw_node (ctx, LW_ADD, e, terms[t]);
  return e;
}

static lw_expr *lw_insert (lw_ctx *ctx, lw_expr *e, unsigned r);

/* Return the term T (a term of lw_flatten, negated as NEG) with the
   reductions over the indices R inserted into it.  */
static lw_expr *
lw_insert_term (lw_ctx *ctx, lw_expr *t, unsigned r)
{
  if (t->kind == LW_NEG)
    return lw_node (ctx, LW_NEG, lw_insert (ctx, t->a, r), NULL);
  return lw_insert (ctx, t, r);
}

/* Steps 2 and 3 for the sum E: return it with the reductions over the
   indices R inserted.  An index that one term holds entirely goes down
   into it; an index several terms mention is summed over those terms:
   each term gets the sum over the set S of such indices it mentions, and
   the terms of one S share one SUM (in order of first occurrence, before
   the terms of no such sum).  */
static lw_expr *
lw_insert_terms (lw_ctx *ctx, lw_expr *e, unsigned r)
{
  lw_expr *terms[64], *out[64], *group[64];
  unsigned down[64] = { 0 }, here = 0, set[64];
  int n = lw_flatten (ctx, e, 0, terms, 0, 64), nout = 0;
  if (n < 0)
    return lw_fail (ctx, "expression too large"), e;
  for (int v = 0; v < SF_MAX_INDICES; v++)
    {
      int count = 0, last = 0;
      for (int k = 0; k < n && (r & BIT (v)); k++)
	if (terms[k]->mention & BIT (v))
	  count++, last = k;
      if (count == 1)
	down[last] |= BIT (v);
      else if (count > 1)
	here |= BIT (v);
    }
  for (int k = 0; k < n; k++)
    {
      set[k] = terms[k]->mention & here;
      terms[k] = lw_insert_term (ctx, terms[k], down[k]);
    }
  for (int k = 0; k < n; k++)	/* ~0u: already in a group */
    if (set[k] && set[k] != ~0u)
      {
	unsigned s = set[k];
	int ng = 0, neg = 1;
	for (int j = k; j < n; j++)
	  if (set[j] == s)
	    {
	      neg &= terms[j]->kind == LW_NEG;
	      group[ng++] = terms[j];
	      set[j] = ~0u;
	    }
	for (int j = 0; j < ng && neg; j++)	/* -x - y: -(x + y) */
	  group[j] = group[j]->a;
	lw_expr *sum = lw_sum (ctx, s, lw_build_sum (ctx, group, ng));
	out[nout++] = neg ? lw_node (ctx, LW_NEG, sum, NULL) : sum;
      }
  for (int k = 0; k < n; k++)
    if (!set[k])
      out[nout++] = terms[k];
  return lw_build_sum (ctx, out, nout);
}

/* Return E with a SUM node for each index of R, at the smallest
   subexpression holding all its occurrences (steps 1-3).  */
static lw_expr *
lw_insert (lw_ctx *ctx, lw_expr *e, unsigned r)
{
  if (!r)
    return e;
  if (lw_is_additive (e))
    return lw_insert_terms (ctx, e, r);
  if (e->kind != LW_MUL)
    return lw_sum (ctx, r, e);
  unsigned ra = 0, rb = 0, here = 0;
  for (int v = 0; v < SF_MAX_INDICES; v++)
    if (r & BIT (v))
      {
	int in_a = (e->a->mention & BIT (v)) != 0;
	int in_b = (e->b->mention & BIT (v)) != 0;
	if (in_a && in_b)
	  here |= BIT (v);
	else if (in_a)
	  ra |= BIT (v);
	else
	  rb |= BIT (v);
      }
  lw_expr *m = lw_node (ctx, LW_MUL, lw_insert (ctx, e->a, ra),
			lw_insert (ctx, e->b, rb));
  return lw_sum (ctx, here, m);
}

/* Return the right-hand side E with a SUM node for every index it
   mentions that the output does not.  */
lw_expr *
lw_insert_sums (lw_ctx *ctx, lw_expr *e)
{
  return lw_insert (ctx, e, e->mention & ~ctx->free_mask);
}

/* ---- invariant factors out of reductions ---- */

/* Append the factors of the product E to F (N so far, at most MAX);
   return the new count, or -1 past MAX.  */
static int
lw_factors (lw_expr *e, lw_expr **f, int n, int max)
{
  if (n < 0)
    return n;
  if (e->kind == LW_MUL)
    return lw_factors (e->b, f, lw_factors (e->a, f, n, max), max);
  if (n == max)
    return -1;
  f[n] = e;
  return n + 1;
}

/* Return the product of the N factors F (N > 0), left to right.  */
static lw_expr *
lw_product (lw_ctx *ctx, lw_expr **f, int n)
{
  lw_expr *e = f[0];
  for (int i = 1; i < n; i++)
    e = lw_node (ctx, LW_MUL, e, f[i]);
  return e;
}

/* Return the reduction S (a SUM node whose body is already factored) with
   the factors of its body that mention none of its indices multiplied
   outside: SUM{k}(B * C * D) with B free of k -> B * SUM{k}(C * D).  */
static lw_expr *
lw_factor_sum (lw_ctx *ctx, lw_expr *s)
{
  lw_expr *f[64], *in[64], *out[64];
  int n = lw_factors (s->a, f, 0, 64), nin = 0, nout = 0;
  if (n < 0)
    return s;
  for (int i = 0; i < n; i++)
    if (f[i]->mention & s->sum)
      in[nin++] = f[i];
    else
      out[nout++] = f[i];
  if (!nout || !nin)
    return s;
  out[nout++] = lw_sum (ctx, s->sum, lw_product (ctx, in, nin));
  return lw_product (ctx, out, nout);
}

/* Return E with every reduction's invariant factors moved out of it
   (TACO's hoisting of loop-invariant factors out of reductions: each is
   multiplied once per value of the sum instead of once per term).  The
   nest moves a sum back over such a factor when the factor's indices are
   bound only inside the sum's loop (lower/nest.c, lw_lift_sum).  */
lw_expr *
lw_factor_sums (lw_ctx *ctx, lw_expr *e)
{
  if (!e->a)
    return e;
  lw_expr *a = lw_factor_sums (ctx, e->a);
  lw_expr *b = e->b ? lw_factor_sums (ctx, e->b) : NULL;
  if (e->kind == LW_SUM)
    return lw_factor_sum (ctx, lw_sum (ctx, e->sum, a));
  if (a == e->a && b == e->b)
    return e;
  return lw_node (ctx, e->kind, a, b);
}

/* ---- operand permutations ---- */

/* Return E without its SUM nodes.  */
static lw_expr *
lw_strip_sums (lw_ctx *ctx, lw_expr *e)
{
  if (!e->a)
    return e;
  if (e->kind == LW_SUM)
    return lw_strip_sums (ctx, e->a);
  return lw_node (ctx, e->kind, lw_strip_sums (ctx, e->a),
		  e->b ? lw_strip_sums (ctx, e->b) : NULL);
}

/* Return nonzero when A and B are the same expression.  */
static int
lw_same (const lw_expr *a, const lw_expr *b)
{
  if (!a || !b)
    return a == b;
  if (a->kind != b->kind || a->mention != b->mention)
    return 0;
  switch (a->kind)
    {
    case LW_ACC:
      return a->acc == b->acc;
    case LW_NUM:
      return a->num == b->num;
    case LW_SUM:
      return a->sum == b->sum && lw_same (a->a, b->a);
    default:
      return lw_same (a->a, b->a) && lw_same (a->b, b->b);
    }
}

/* Return the name of factor F for a label: its operand's, or "(...)".  */
static const char *
lw_factor_name (const lw_ctx *ctx, const lw_expr *f)
{
  return f->kind == LW_ACC ? ctx->acc[f->acc].op->name : "(...)";
}

/* Add E (the product G[0..M-1], sums to insert) to OUT[0..*COUNT-1] with
   LABEL TEXT unless it is RHS or already there.  */
static void
lw_add_association (lw_ctx *ctx, lw_expr *rhs, lw_expr **g, int m,
		    lw_expr **out, const char **label, int *count,
		    const char *text)
{
  lw_expr *e = lw_factor_sums (ctx, lw_insert_sums (ctx,
						    lw_product (ctx, g, m)));
  int dup = lw_same (e, rhs);
  for (int k = 0; k < *count && !dup; k++)
    dup = lw_same (e, out[k]);
  if (dup)
    return;
  label[*count] = text;
  out[(*count)++] = e;
}

/* Store in OUT (at most MAX) the right-hand side RHS (sums inserted and
   factored) with its top-level product associated otherwise
   (SparseAuto's operand permutations; the sums then sit where the new
   association puts them: C(j,k) * D(k,l) * B(i,j) sums k over C*D, but
   (C * B) * D sums j over C*B first, the SpMM before the GEMM).  Two
   shapes: a chain, one pair of factors multiplied first and the others
   after it in their order; two producers, two disjoint pairs multiplied
   first, (A*B) * (C*D), then the others.  In LABEL[n] what is
   multiplied first ("C*B", "A*B, C*D").  Returns the number stored:
   those that differ from RHS and from each other.  */
int
lw_reassociations (lw_ctx *ctx, lw_expr *rhs, lw_expr **out,
		   const char **label, int max)
{
  lw_expr *bare = lw_strip_sums (ctx, rhs), *f[16], *g[16];
  if (bare->kind != LW_MUL)
    return 0;
  int n = lw_factors (bare, f, 0, 16), count = 0;
  if (n < 3)
    return 0;
  for (int a = 0; a < n && count < max; a++)
    for (int b = a + 1; b < n && count < max; b++)
      {
	int m = 0;
	g[m++] = lw_node (ctx, LW_MUL, f[a], f[b]);
	for (int k = 0; k < n; k++)
	  if (k != a && k != b)
	    g[m++] = f[k];
	lw_add_association (ctx, rhs, g, m, out, label, &count,
			    sf_arena_printf (ctx->arena, "%s*%s",
					     lw_factor_name (ctx, f[a]),
					     lw_factor_name (ctx, f[b])));
      }
  /* Two producers: pairs (a, b) and (c, d), a < c, all distinct.  */
  for (int a = 0; a < n && count < max; a++)
    for (int b = a + 1; b < n && count < max; b++)
      for (int c = a + 1; c < n && count < max; c++)
	for (int d = c + 1; d < n && count < max; d++)
	  {
	    if (c == b || d == b)
	      continue;
	    int m = 0;
	    g[m++] = lw_node (ctx, LW_MUL, lw_node (ctx, LW_MUL, f[a], f[b]),
			      lw_node (ctx, LW_MUL, f[c], f[d]));
	    for (int k = 0; k < n; k++)
	      if (k != a && k != b && k != c && k != d)
		g[m++] = f[k];
	    lw_add_association
	      (ctx, rhs, g, m, out, label, &count,
	       sf_arena_printf (ctx->arena, "%s*%s, %s*%s",
				lw_factor_name (ctx, f[a]),
				lw_factor_name (ctx, f[b]),
				lw_factor_name (ctx, f[c]),
				lw_factor_name (ctx, f[d])));
	  }
  return count;
}

/* Store in TERMS the signed terms of the top-level sum E (at most MAX);
   return their number, or -1 when there are more.  */
int
lw_additive_terms (lw_ctx *ctx, lw_expr *e, lw_expr **terms, int max)
{
  return lw_flatten (ctx, e, 0, terms, 0, max);
}

/* ---- rewriting along the nest ---- */

/* Return the SUM node of E that sums over V, or NULL.  */
lw_expr *
lw_find_sum (lw_expr *e, int v)
{
  if (!e || !(e->mention & BIT (v)))
    return NULL;
  if (e->kind == LW_SUM && (e->sum & BIT (v)))
    return e;
  lw_expr *s = lw_find_sum (e->a, v);
  return s ? s : lw_find_sum (e->b, v);
}

/* Return E with node OLD replaced by WITH.  */
lw_expr *
lw_replace (lw_ctx *ctx, lw_expr *e, const lw_expr *old, lw_expr *with)
{
  if (e == old)
    return with;
  if (!e->a)
    return e;
  lw_expr *a = lw_replace (ctx, e->a, old, with);
  lw_expr *b = e->b ? lw_replace (ctx, e->b, old, with) : NULL;
  if (a == e->a && b == e->b)
    return e;
  if (e->kind == LW_SUM)
    return lw_sum (ctx, e->sum, a);
  return lw_node (ctx, e->kind, a, b);
}

/* Return nonzero when access ACC has a restricting iterator among IT[0..
   NIT) that is not in PRESENT.  */
static int
lw_absent (int acc, const lw_iter *it, int nit, unsigned present)
{
  for (int n = 0; n < nit; n++)
    if (it[n].acc == acc && !it[n].full && !(present & BIT (n)))
      return 1;
  return 0;
}

/* Return E restricted to PRESENT, NULL when it is zero.  */
static lw_expr *
lw_restrict_1 (lw_ctx *ctx, lw_expr *e, const lw_iter *it, int nit,
	       unsigned present)
{
  if (e->kind == LW_ACC)
    return lw_absent (e->acc, it, nit, present) ? NULL : e;
  if (!e->a)
    return lw_is_zero (e) ? NULL : e;
  lw_expr *a = lw_restrict_1 (ctx, e->a, it, nit, present);
  lw_expr *b = e->b ? lw_restrict_1 (ctx, e->b, it, nit, present) : NULL;
  switch (e->kind)
    {
    case LW_MUL:
      return a && b ? lw_node (ctx, LW_MUL, a, b) : NULL;
    case LW_ADD:
      return !a ? b : !b ? a : lw_node (ctx, LW_ADD, a, b);
    case LW_SUB:
      if (!b)
	return a;
      return a ? lw_node (ctx, LW_SUB, a, b) : lw_node (ctx, LW_NEG, b, NULL);
    case LW_NEG:
      return a ? lw_node (ctx, LW_NEG, a, NULL) : NULL;
    case LW_SUM:
      return a ? lw_sum (ctx, e->sum, a) : NULL;
    default:
      return e;
    }
}

/* Return E at a point of a merge lattice: the accesses whose iterators
   among IT[0..NIT) are not in PRESENT are zero (TACO's sub-expression of
   a lattice point).  Returns the constant 0 when nothing is left.  */
lw_expr *
lw_restrict (lw_ctx *ctx, lw_expr *e, const lw_iter *it, int nit,
	     unsigned present)
{
  lw_expr *r = lw_restrict_1 (ctx, e, it, nit, present);
  return r ? r : lw_num (ctx, 0.0);
}

/* Return nonzero when E reads an operand.  */
int
lw_has_access (const lw_expr *e)
{
  if (!e)
    return 0;
  return e->kind == LW_ACC || e->kind == LW_WORK || lw_has_access (e->a)
	 || lw_has_access (e->b);
}

/* ---- value types ---- */

/* Return the first arithmetic node of E computed in an unsigned type of
   int's rank or more (unsigned, unsigned long: C wraps there) whose type
   differs from TY, or NULL.  */
static const lw_expr *
lw_unsigned_arith (const lw_expr *e, sf_ty ty)
{
  if (!e || !e->a)
    return NULL;
  if (e->kind != LW_SUM && sf_ty_is_unsigned (e->ty) && e->ty != ty)
    return e;
  const lw_expr *x = lw_unsigned_arith (e->a, ty);
  return x ? x : lw_unsigned_arith (e->b, ty);
}

/* Give the integer leaves of E under a floating node the type CONV of
   the nearest such node (VOID: none): where C converts them, or, below
   an integer product that then meets a double, at the leaves themselves,
   so that the lowering's regrouping (sums factored, products
   reassociated) never makes an integer product C did not compute.  The
   values agree to rounding (a signed product that meets a double is the
   same in double unless the loop's own overflows).  */
static void
lw_float_leaves (lw_expr *e, sf_ty conv)
{
  if (!e)
    return;
  if (!e->a)
    {
      if (sf_ty_is_float (conv) && sf_ty_is_int (e->ty))
	e->ty = conv;
      return;
    }
  sf_ty c = sf_ty_is_float (e->ty) ? e->ty : conv;
  lw_float_leaves (e->a, c);
  lw_float_leaves (e->b, c);
  if (sf_ty_is_float (c))
    e->ty = sf_ty_wider (e->a->ty, e->b ? e->b->ty : SF_TY_VOID);
}

/* Check the value types of RHS (from lw_from_ast) against C's usual
   arithmetic conversions as the loop performs them, and fix where
   integers convert to floating; return nonzero after lw_fail for a mix
   the lowering cannot compute as C does:
     - a floating expression into an integer output: the loop converts
       its running sum to the integer type at each store;
     - unsigned int (or long) arithmetic, which wraps, in a wider or
       floating result: wrapped products summed in the wider type are
       not what a regrouped sum gives.
   Integer results are exact in any order: the glue computes signed
   values in their unsigned type (passes/irgen.cc).  */
int
lw_value_types (lw_ctx *ctx, lw_expr *rhs)
{
  const sf_operand *out = &ctx->comp->operands[ctx->comp->lhs->operand];
  sf_ty ty = lw_value_ty (ctx, rhs);
  if (sf_ty_is_int (ctx->out_ty) && sf_ty_is_float (ty))
    return lw_fail (ctx, "the output '%s' holds integers but the expression "
		    "is %s: the loop converts to the integer type at each "
		    "store it makes, which the plugin cannot reproduce; make "
		    "'%s' float or double, or give the operands integer "
		    "values", out->name, ty == SF_TY_F32 ? "float" : "double",
		    out->name), 1;
  sf_ty result = sf_ty_wider (rhs->ty, ctx->out_ty);
  if (lw_unsigned_arith (rhs, result))
    return lw_fail (ctx, "unsigned integer arithmetic (which wraps) meets "
		    "a wider or floating type in this expression (the output "
		    "'%s' or an operand): the plugin regroups sums and "
		    "products and cannot keep where the loop wraps; give the "
		    "operands and the output the same unsigned type, or "
		    "signed or floating values", out->name), 1;
  lw_float_leaves (rhs, SF_TY_VOID);
  return 0;
}

/* ---- evaluation ---- */

/* Return the type E is computed in: its own, or for untyped expressions
   (numbers, integer scalars) the output's.  */
sf_ty
lw_value_ty (const lw_ctx *ctx, const lw_expr *e)
{
  if (e->ty != SF_TY_VOID)
    return e->ty;
  /* Numbers alone: a floating constant stays floating where the output
     is an integer (C converts only at the store).  */
  if (e->literal != SF_TY_VOID && !sf_ty_is_float (ctx->out_ty))
    return e->literal;
  return ctx->out_ty;
}

/* Return the IR value of E (every index it mentions bound in PATH),
   computed in lw_value_ty (E).  */
sf_ir_expr *
lw_eval (lw_ctx *ctx, const lw_path *path, const lw_expr *e)
{
  sf_ty ty = lw_value_ty (ctx, e);
  sf_arena *A = ctx->arena;
  switch (e->kind)
    {
    case LW_NUM:
      if (sf_ty_is_int (ty) && e->num != (double) (long long) e->num)
	{
	  /* In C the literal would be a double and the product a double:
	     the annotation's integer arithmetic cannot say so.  */
	  lw_fail (ctx, "the number %g meets integer values here, where C "
		   "computes in double; the plugin computes integer "
		   "expressions in integers: write the number as an integer, "
		   "or make the values or the output floating", e->num);
	  return sf_ir_float (A, 0.0, ty);
	}
      return sf_ir_float (A, e->num, ty);
    case LW_ACC:
      return sf_ir_convert (A, lw_access_value (ctx, path, e->acc), ty);
    case LW_TEMP:
      return sf_ir_convert (A, lw_var (ctx, e->var), ty);
    case LW_WORK:
      return sf_ir_convert (A, lw_work_value (ctx, path, e), ty);
    case LW_NEG:
      return sf_ir_unary (A, SF_IR_NEG,
			  sf_ir_convert (A, lw_eval (ctx, path, e->a), ty));
    case LW_SUM:
      {
	/* A sum the nest reached only after the loops over its indices
	   (a term summing indices the loop order placed earlier for
	   another term): a soft failure, so that the lowering tries the
	   output's indices first, then one nest per term.  */
	int w = 0;
	while (w < SF_MAX_INDICES - 1 && !(e->sum & (1u << w)))
	  w++;
	lw_fail (ctx, "the sum over '%s' cannot be placed in one loop nest "
		 "with the rest of the expression (its loop runs before the "
		 "term that needs it); compute it in a statement of its own "
		 "(into a temporary array) and use that",
		 lw_index_name (ctx, w));
	ctx->soft_fail = 1;
	return sf_ir_float (A, 0.0, ty);
      }
    default:
      {
	sf_ir_op op = e->kind == LW_ADD ? SF_IR_ADD
		      : e->kind == LW_SUB ? SF_IR_SUB : SF_IR_MUL;
	return sf_ir_binary (A, op,
			     sf_ir_convert (A, lw_eval (ctx, path, e->a), ty),
			     sf_ir_convert (A, lw_eval (ctx, path, e->b), ty));
      }
    }
}
