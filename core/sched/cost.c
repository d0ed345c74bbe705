/* The symbols of the cost model, the costs of loop nests and temporaries,
   the facts that always hold and the translation of assume() (cost.h).

     B CSF (i,j,k), loops i, j, k over B's positions, then l dense:
       nnz(B_i)/1 * nnz(B_ij)/nnz(B_i) * nnz(B)/nnz(B_ij) * L = nnz(B)*L

   A nest's count is built as one monomial with signed exponents: a
   position loop multiplies by its level's prefix term and divides by its
   parent's, which the enclosing loops must have put there; a negative
   exponent left after a loop means the parent level was not iterated.  */

#include <ctype.h>
#include <string.h>
#include "sched/cost.h"

/* ---- symbols ---- */

void
sf_cost_space_init (sf_cost_space *s, sf_arena *arena)
{
  memset (s, 0, sizeof *s);
  s->arena = arena;
  for (int i = 0; i < SF_MAX_INDICES; i++)
    s->index_sym[i] = -1;
}

/* Return a new symbol of KIND named NAME, or -1 when S is full.  */
static int
new_sym (sf_cost_space *s, sf_sym_kind kind, const char *name)
{
  if (s->nsyms == SF_COST_MAX_SYMS)
    return -1;
  int id = s->nsyms++;
  s->syms[id] = (sf_sym) { kind, sf_arena_strdup (s->arena, name), -1, -1, -1 };
  s->names[id] = s->syms[id].name;
  s->order[id] = (int) kind;
  return id;
}

int
sf_cost_extent (sf_cost_space *s, int index, const char *name)
{
  if (index >= 0 && index < SF_MAX_INDICES && s->index_sym[index] >= 0)
    return s->index_sym[index];
  int id = new_sym (s, SF_SYM_EXTENT, name);
  if (id >= 0 && index >= 0 && index < SF_MAX_INDICES)
    {
      s->syms[id].index = index;
      s->index_sym[index] = id;
    }
  return id;
}

int
sf_cost_scalar (sf_cost_space *s, const char *name)
{
  for (int i = 0; i < s->nsyms; i++)
    if (s->syms[i].kind == SF_SYM_SCALAR && !strcmp (s->syms[i].name, name))
      return i;
  return new_sym (s, SF_SYM_SCALAR, name);
}

sf_poly_names
sf_cost_names (const sf_cost_space *s)
{
  return (sf_poly_names) { s->names, s->order };
}

/* Return the printed name of the nnz symbol of level L of X named NAME:
   "nnz(B)" for the last counted level, else "nnz(B_ij)" (index names
   joined by ',' when one is longer than a letter).  */
static const char *
nnz_name (sf_arena *arena, const char *name, int l, int last,
	  const char *const *index_names)
{
  if (l == last)
    return sf_arena_printf (arena, "nnz(%s)", name);
  int short_names = 1;
  for (int k = 0; k <= l; k++)
    short_names &= index_names && index_names[k] && strlen (index_names[k]) == 1;
  char buf[256];
  size_t n = (size_t) snprintf (buf, sizeof buf, "nnz(%s_", name);
  for (int k = 0; k <= l && n < sizeof buf - 8; k++)
    {
      const char *iname = index_names && index_names[k] ? index_names[k] : "?";
      n += (size_t) snprintf (buf + n, sizeof buf - n, "%s%s",
			      k > 0 && !short_names ? "," : "", iname);
    }
  snprintf (buf + n, sizeof buf - n, ")");
  return sf_arena_strdup (arena, buf);
}

/* Return nonzero when level L counts positions of its own: a compressed
   or coo level, or the singleton level right after a coo level (a coo
   level is iterated as runs of equal coordinates, so its positions are
   the runs; the entries are the next level's).  */
static int
counts_own (const sf_level_kind *kinds, int l)
{
  return kinds[l] == SF_LEVEL_COMPRESSED || kinds[l] == SF_LEVEL_COO
	 || (l > 0 && kinds[l] == SF_LEVEL_SINGLETON
	     && kinds[l - 1] == SF_LEVEL_COO);
}

/* Return the last level of T that counts positions of its own (the one
   whose positions are the values: later levels are singletons).  */
static int
last_counted_level (int nlevels, const sf_level_kind *kinds)
{
  int last = nlevels - 1;
  while (last > 0 && !counts_own (kinds, last))
    last--;
  return last;
}

/* Fill T->prefix[L] from the level kinds (see cost.h).  */
static void
build_prefix (sf_cost_space *s, sf_cost_tensor *t, int l)
{
  const sf_poly *parent = l > 0 ? t->prefix[l - 1] : sf_poly_const (s->arena, 1);
  if (t->nnz_sym[l] >= 0)
    t->prefix[l] = sf_poly_sym (s->arena, t->nnz_sym[l]);
  else if (t->kind[l] == SF_LEVEL_DENSE)
    t->prefix[l] = sf_poly_mul (s->arena, parent,
				sf_poly_sym (s->arena, t->extent_sym[l]));
  else
    t->prefix[l] = parent;
}

int
sf_cost_tensor_add (sf_cost_space *s, int operand, const char *name,
		    int nlevels, const sf_level_kind *kinds,
		    const int *extent_syms, const char *const *index_names)
{
  if (s->ntensors == SF_MAX_OPERANDS || nlevels > SF_MAX_ORDER)
    return -1;
  sf_cost_tensor *t = &s->tensors[s->ntensors++];
  int last = last_counted_level (nlevels, kinds);
  t->operand = operand;
  t->nlevels = nlevels;
  for (int l = 0; l < nlevels; l++)
    {
      t->kind[l] = kinds[l];
      t->extent_sym[l] = extent_syms[l];
      t->nnz_sym[l] = -1;
      if (counts_own (kinds, l))
	{
	  int id = new_sym (s, SF_SYM_NNZ,
			    nnz_name (s->arena, name, l, last, index_names));
	  if (id < 0)
	    return -1;
	  s->syms[id].operand = operand;
	  s->syms[id].level = l;
	  t->nnz_sym[l] = id;
	}
      build_prefix (s, t, l);
    }
  return 0;
}

/* Return the first access to OPERAND in E (NULL: none).  */
static const sf_expr *
first_access (const sf_expr *e, int operand)
{
  if (!e)
    return NULL;
  if (e->kind == SF_EXPR_ACCESS)
    return e->operand == operand ? e : NULL;
  const sf_expr *a = first_access (e->a, operand);
  return a ? a : first_access (e->b, operand);
}

/* Return the first access to OPERAND in COMP, right-hand side first.  */
static const sf_expr *
comp_access (const sf_comp *comp, int operand)
{
  const sf_expr *a = first_access (comp->rhs, operand);
  return a ? a : first_access (comp->lhs, operand);
}

/* Describe sparse operand OP of COMP in S.  Returns 0 or -1.  */
static int
add_comp_tensor (sf_cost_space *s, const sf_comp *comp,
		 const sf_format *formats, int op)
{
  const sf_operand *o = &comp->operands[op];
  const sf_format *f = &formats[o->format];
  const sf_expr *acc = comp_access (comp, op);
  int ext[SF_MAX_ORDER];
  const char *names[SF_MAX_ORDER];
  if (!acc || f->nlevels > SF_MAX_ORDER)
    return 0;
  for (int l = 0; l < f->nlevels; l++)
    {
      int mode = f->modes[l];
      int idx = mode < acc->nidx ? acc->idx[mode] : -1;
      if (idx < 0)
	return 0;
      ext[l] = s->index_sym[idx];
      names[l] = comp->index_names[idx];
    }
  sf_level_kind kinds[SF_MAX_ORDER];
  for (int l = 0; l < f->nlevels; l++)
    kinds[l] = f->levels[l].kind;
  return sf_cost_tensor_add (s, op, o->name, f->nlevels, kinds, ext, names);
}

int
sf_cost_space_from_comp (sf_cost_space *s, sf_arena *arena,
			 const sf_comp *comp, const sf_format *formats)
{
  sf_cost_space_init (s, arena);
  for (int i = 0; i < comp->nindices; i++)
    {
      char *name = sf_arena_strdup (arena, comp->index_names[i]);
      for (char *c = name; *c; c++)
	*c = (char) toupper ((unsigned char) *c);
      if (sf_cost_extent (s, i, name) < 0)
	return -1;
    }
  for (int op = 0; op < comp->noperands; op++)
    if (comp->operands[op].kind == SF_OPERAND_SPARSE
	&& add_comp_tensor (s, comp, formats, op))
      return -1;
  return 0;
}

/* ---- costs ---- */

/* Return the description of OPERAND in S, or NULL.  */
static const sf_cost_tensor *
find_tensor (const sf_cost_space *s, int operand)
{
  for (int i = 0; i < s->ntensors; i++)
    if (s->tensors[i].operand == operand)
      return &s->tensors[i];
  return NULL;
}

const sf_poly *
sf_cost_nnz (const sf_cost_space *s, int operand, int level)
{
  const sf_cost_tensor *t = find_tensor (s, operand);
  if (!t || level >= t->nlevels)
    return NULL;
  return level < 0 ? sf_poly_const (s->arena, 1) : t->prefix[level];
}

/* Multiply the signed monomial M by the monomial of P (a one-term
   polynomial) raised to SIGN (+1 or -1).  Returns 0, or -1 when P is not
   a single term or M has no room.  */
static int
mono_apply (sf_mono *m, const sf_poly *p, int sign)
{
  if (!p || p->nterms != 1)
    return -1;
  const sf_mono *q = &p->terms[0];
  m->coef *= sign > 0 ? q->coef : 1 / q->coef;
  for (int i = 0; i < q->nf; i++)
    {
      int k = 0;
      while (k < m->nf && m->f[k].sym != q->f[i].sym)
	k++;
      if (k == m->nf)
	{
	  if (m->nf == SF_POLY_MAX_FACTORS)
	    return -1;
	  m->f[m->nf++] = (sf_factor) { q->f[i].sym, 0 };
	}
      m->f[k].exp = (short) (m->f[k].exp + sign * q->f[i].exp);
    }
  return 0;
}

/* Return nonzero when every exponent of M is >= 0; drop zero ones.  */
static int
mono_settle (sf_mono *m)
{
  int n = 0, ok = 1;
  for (int i = 0; i < m->nf; i++)
    {
      ok &= m->f[i].exp >= 0;
      if (m->f[i].exp != 0)
	m->f[n++] = m->f[i];
    }
  m->nf = n;
  return ok;
}

const sf_poly *
sf_cost_nest (const sf_cost_space *s, const sf_cost_loop *loops, int n,
	      const char **error)
{
  sf_mono m = { .coef = 1, .nf = 0 };
  for (int i = 0; i < n; i++)
    {
      const sf_cost_loop *lp = &loops[i];
      int ok;
      if (lp->operand < 0)
	{
	  int sym = lp->index >= 0 && lp->index < SF_MAX_INDICES
		    ? s->index_sym[lp->index] : -1;
	  ok = sym >= 0 && !mono_apply (&m, sf_poly_sym (s->arena, sym), 1);
	}
      else
	ok = !mono_apply (&m, sf_cost_nnz (s, lp->operand, lp->level), 1)
	     && !mono_apply (&m, sf_cost_nnz (s, lp->operand, lp->level - 1), -1);
      if (!ok)
	{
	  *error = "a loop of the nest has no extent or no such level";
	  return NULL;
	}
      if (!mono_settle (&m))
	{
	  *error = "a loop over a level is not inside loops over its parent levels";
	  return NULL;
	}
    }
  return sf_poly_from_terms (s->arena, &m, 1);
}

const sf_poly *
sf_cost_temp (const sf_cost_space *s, const int *indices, int n,
	      double elem_bytes)
{
  if (n == 0)
    return sf_poly_const (s->arena, 0);
  const sf_poly *p = sf_poly_const (s->arena, elem_bytes);
  for (int i = 0; i < n; i++)
    {
      int sym = indices[i] >= 0 && indices[i] < SF_MAX_INDICES
		? s->index_sym[indices[i]] : -1;
      if (sym < 0)
	return NULL;
      p = sf_poly_mul (s->arena, p, sf_poly_sym (s->arena, sym));
    }
  return p;
}

/* ---- facts ---- */

/* Append LHS - RHS OP 0 to FACTS[*N] when there is room.  Returns 0 or -1.  */
static int
push_fact (const sf_cost_space *s, sf_cost_fact *facts, int max, int *n,
	   const sf_poly *lhs, sf_cmp op, const sf_poly *rhs)
{
  if (*n == max)
    return -1;
  facts[(*n)++] = (sf_cost_fact) { sf_poly_sub (s->arena, lhs, rhs), op };
  return 0;
}

/* Append the facts of level L of T (which has an nnz symbol).  */
static int
level_facts (const sf_cost_space *s, const sf_cost_tensor *t, int l,
	     sf_cost_fact *facts, int max, int *n)
{
  sf_arena *a = s->arena;
  const sf_poly *nnz = t->prefix[l];
  const sf_poly *parent = l > 0 ? t->prefix[l - 1] : sf_poly_const (a, 1);
  const sf_poly *fan = sf_poly_const (a, 1), *all = sf_poly_const (a, 1);
  for (int k = l; k < t->nlevels && (k == l || t->kind[k] == SF_LEVEL_SINGLETON); k++)
    fan = sf_poly_mul (a, fan, sf_poly_sym (a, t->extent_sym[k]));
  for (int k = 0; k <= l; k++)
    all = sf_poly_mul (a, all, sf_poly_sym (a, t->extent_sym[k]));
  int bad = push_fact (s, facts, max, n, nnz, SF_CMP_GE, sf_poly_const (a, 1))
	    || push_fact (s, facts, max, n, nnz, SF_CMP_LE,
			  sf_poly_mul (a, parent, fan))
	    || (!sf_poly_equal (all, sf_poly_mul (a, parent, fan))
		&& push_fact (s, facts, max, n, nnz, SF_CMP_LE, all));
  if (!bad && l > 0 && t->kind[l - 1] != SF_LEVEL_DENSE)
    bad = push_fact (s, facts, max, n, parent, SF_CMP_LE, nnz);
  return bad ? -1 : 0;
}

int
sf_cost_facts (const sf_cost_space *s, sf_cost_fact *facts, int max)
{
  int n = 0;
  for (int i = 0; i < s->nsyms; i++)
    if (s->syms[i].kind == SF_SYM_EXTENT
	&& push_fact (s, facts, max, &n, sf_poly_sym (s->arena, i), SF_CMP_GE,
		      sf_poly_const (s->arena, 1)))
      return -1;
  for (int i = 0; i < s->ntensors; i++)
    for (int l = 0; l < s->tensors[i].nlevels; l++)
      if (s->tensors[i].nnz_sym[l] >= 0
	  && level_facts (s, &s->tensors[i], l, facts, max, &n))
	return -1;
  return n;
}

/* ---- assume() ---- */

typedef struct tr_ctx
{
  sf_cost_space *s;
  const sf_comp *comp;
  const sf_format *formats;
  const char *error;
  int error_tok;
} tr_ctx;

/* Return NULL after recording ERROR at token TOK in CX.  */
static const sf_poly *
tr_fail (tr_ctx *cx, const char *error, int tok)
{
  if (!cx->error)
    {
      cx->error = error;
      cx->error_tok = tok;
    }
  return NULL;
}

/* Return the extent of the index at mode MODE of OPERAND's first access,
   or NULL.  */
static const sf_poly *
mode_extent (tr_ctx *cx, int operand, long long mode)
{
  const sf_expr *acc = comp_access (cx->comp, operand);
  if (!acc || mode < 0 || mode >= acc->nidx)
    return NULL;
  int sym = cx->s->index_sym[acc->idx[mode]];
  return sym >= 0 ? sf_poly_sym (cx->s->arena, sym) : NULL;
}

/* Return nnz(X) of OPERAND: its last prefix term, or for a dense operand
   the product of its extents.  */
static const sf_poly *
operand_nnz (tr_ctx *cx, int operand, int tok)
{
  const sf_cost_tensor *t = find_tensor (cx->s, operand);
  if (t)
    return t->prefix[t->nlevels - 1];
  const sf_expr *acc = comp_access (cx->comp, operand);
  if (!acc)
    return tr_fail (cx, "nnz() of an operand the expression does not use", tok);
  const sf_poly *p = sf_poly_const (cx->s->arena, 1);
  for (int d = 0; d < acc->nidx; d++)
    p = sf_poly_mul (cx->s->arena, p, mode_extent (cx, operand, d));
  return p;
}

/* Return the polynomial of the name E (NAME, MEMBER or ARROW).  */
static const sf_poly *
tr_name (tr_ctx *cx, const sf_cexpr *e)
{
  const sf_comp *comp = cx->comp;
  if (e->kind == SF_CEXPR_NAME)
    for (int i = 0; i < comp->nindices; i++)
      {
	const sf_extent *x = &comp->extent[i];
	if (x->kind == SF_EXTENT_SHAPE && x->shape
	    && x->shape->kind == SF_CEXPR_NAME && !strcmp (x->shape->name, e->name))
	  return sf_poly_sym (cx->s->arena, cx->s->index_sym[i]);
      }
  if (e->kind != SF_CEXPR_NAME && e->a && e->a->kind == SF_CEXPR_NAME)
    for (int op = 0; op < comp->noperands; op++)
      {
	const sf_operand *o = &comp->operands[op];
	if (o->kind != SF_OPERAND_SPARSE || strcmp (o->name, e->a->name))
	  continue;
	const sf_format *f = &cx->formats[o->format];
	for (int d = 0; d < f->ndims; d++)
	  if (f->dims[d].name && !strcmp (f->dims[d].name, e->name))
	    return mode_extent (cx, op, d);
      }
  const char *text = e->kind == SF_CEXPR_NAME ? e->name
    : sf_arena_printf (cx->s->arena, "%s%s%s", e->a && e->a->name ? e->a->name : "?",
		       e->kind == SF_CEXPR_ARROW ? "->" : ".", e->name);
  int sym = sf_cost_scalar (cx->s, text);
  return sym < 0 ? tr_fail (cx, "too many names in assume()", e->tok)
		 : sf_poly_sym (cx->s->arena, sym);
}

/* Return the polynomial of the clause expression E.  */
static const sf_poly *
tr_cexpr (tr_ctx *cx, const sf_cexpr *e)
{
  sf_arena *a = cx->s->arena;
  switch (e->kind)
    {
    case SF_CEXPR_INT:
      return sf_poly_const (a, (double) e->ival);
    case SF_CEXPR_NAME: case SF_CEXPR_MEMBER: case SF_CEXPR_ARROW:
      return tr_name (cx, e);
    case SF_CEXPR_ADD:
      return sf_poly_add (a, tr_cexpr (cx, e->a), tr_cexpr (cx, e->b));
    case SF_CEXPR_SUB:
      return sf_poly_sub (a, tr_cexpr (cx, e->a), tr_cexpr (cx, e->b));
    case SF_CEXPR_MUL:
      return sf_poly_mul (a, tr_cexpr (cx, e->a), tr_cexpr (cx, e->b));
    case SF_CEXPR_NEG:
      return sf_poly_scale (a, tr_cexpr (cx, e->a), -1);
    case SF_CEXPR_NNZ:
      return operand_nnz (cx, e->operand, e->tok);
    case SF_CEXPR_DIM:
      {
	const sf_poly *p = mode_extent (cx, e->operand, e->ival);
	return p ? p : tr_fail (cx, "dim() names a mode the operand does not have",
				e->tok);
      }
    case SF_CEXPR_DIV:
      return tr_fail (cx, "division is not allowed in assume()", e->tok);
    case SF_CEXPR_ADDR: case SF_CEXPR_DEREF: case SF_CEXPR_INDEX:
      break;
    }
  return tr_fail (cx, "unsupported expression in assume()", e->tok);
}

int
sf_cost_constraint (sf_cost_space *s, const sf_comp *comp,
		    const sf_format *formats, const sf_constraint *c,
		    sf_cost_fact *out, const char **error, int *error_tok)
{
  tr_ctx cx = { s, comp, formats, NULL, c->tok };
  const sf_poly *l = tr_cexpr (&cx, c->lhs), *r = tr_cexpr (&cx, c->rhs);
  const sf_poly *d = sf_poly_sub (s->arena, l, r);
  if (!d)
    {
      *error = cx.error ? cx.error : "assume() is too large to reason about";
      *error_tok = cx.error ? cx.error_tok : c->tok;
      return -1;
    }
  out->op = c->op;
  /* Integer-valued sides: a < b is a - b + 1 <= 0, a > b is a - b - 1 >= 0.  */
  if (c->op == SF_CMP_LT || c->op == SF_CMP_GT)
    {
      double one = c->op == SF_CMP_LT ? 1 : -1;
      d = sf_poly_add (s->arena, d, sf_poly_const (s->arena, one));
      out->op = c->op == SF_CMP_LT ? SF_CMP_LE : SF_CMP_GE;
    }
  out->poly = d;
  return 0;
}
