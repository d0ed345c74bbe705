/* Synthetic inputs: the operands' data built from their formats and bound
   to the variables the region reads.

     #pragma tensor format struct csr dims(n, m) levels(dense,
             compressed(rowptr, colidx)) values(vals)
     #pragma tensor y(i) = B(i,j) * x(j)
   on set 1 (extents 2): B.n = 2, B.m = 2, B.rowptr -> {0, 2, 2} (a full
   row, an empty one), B.colidx -> {0, 1}, B.vals -> {0.5, -1.25}; x -> 2
   random values; y -> 2 random values (the loop must overwrite them).

   1. Extents: indices that must be equal (one tensor's modes, the same
      C variable or member as extent: dims(n, n), a VLA's [K]) form a
      class; a class with a constant gets it, the others the set's size.
   2. Each operand's data: a random pattern level by level (dense: every
      coordinate; compressed: empty, full or random fibers; singleton: one
      coordinate; coo: sorted tuples, first coordinates repeated), random
      values; a sparse output shares the pattern of an input of the same
      format and indices (as the caller prepares it).  A binding may ask
      for full patterns (every fiber full, every coo tuple): the check
      does when the random ones never made a term of the annotation
      nonzero.
   3. Binding: arrays into blocks of their element type, pointed to by
      the members or variables the format names (rowstr + 1: a block one
      element longer); extents and scalars written where they are read.
   4. Every other variable the region reads: small positive integers,
      random floats, pointers to nothing the checker may read.  */

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verify_int.h"

#define VF_MAX_POSITIONS 4096

/* Record why the inputs cannot be bound (the first reason).  */
static void
fail (vf_inputs *in, const char *fmt, const char *arg)
{
  if (in->why)
    return;
  in->why = sf_arena_printf (in->prog->arena, fmt, arg);
}

/* Return a random value: a multiple of 1/8 in [-2, 2], never 0.  */
static double
random_value (vf_inputs *in)
{
  int k = (int) vf_rand (&in->rng, 33) - 16;
  return k ? k / 8.0 : 1.5;
}

/* Return the checker's type for value type TY of an operand: float or
   double, or the integer of its width and signedness.  */
vf_ty
vf_value_ty (sf_ty ty)
{
  if (sf_ty_is_int (ty))
    return vf_int_ty (8 * sf_ty_bytes (ty), sf_ty_is_unsigned (ty));
  return vf_flt_ty (ty == SF_TY_F32 ? 32 : 64);
}

/* Return a random value of type TY: random_value's for floats; a small
   integer not zero for integers (-3..5 signed, 1..6 unsigned), so that
   sums of a few products stay exact and far from any overflow.  */
static double
random_value_of (vf_inputs *in, vf_ty ty)
{
  if (ty.kind != VF_T_INT)
    return random_value (in);
  if (ty.uns)
    return 1 + (double) vf_rand (&in->rng, 6);
  int k = (int) vf_rand (&in->rng, 8) - 3;
  return k >= 0 ? k + 1 : k;
}

/* Return the text of clause expression E, in the set's arena.  */
static const char *
cexpr_text (vf_inputs *in, const sf_cexpr *e)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  if (!f)
    return "?";
  sf_print_cexpr (f, e);
  fclose (f);
  const char *s = sf_arena_strdup (&in->arena, buf);
  free (buf);
  return s;
}

const sf_format *
vf_operand_format (const sf_comp *comp, const sf_format *formats, int op)
{
  const sf_operand *o = &comp->operands[op];
  if (o->kind == SF_OPERAND_SPARSE)
    return &formats[o->format];
  return NULL;
}

/* Return the tensor format declared in a function named NAME (the last
   one), or NULL.  */
static const sf_format *
tensor_format (const sf_format *formats, int nformats, const char *name)
{
  const sf_format *found = NULL;
  for (int k = 0; formats && k < nformats; k++)
    if (formats[k].is_tensor && !strcmp (formats[k].type_name, name))
      found = &formats[k];
  return found;
}

/* Return the variable block named NAME among PROG's environment, or 0.  */
static int
env_block (const vf_prog *prog, const char *name)
{
  for (int k = 0; k < prog->nvars; k++)
    if (prog->vars[k].env && prog->vars[k].name
	&& !strcmp (prog->vars[k].name, name))
      return k + 1;
  return 0;
}

/* ---- 1. extents ---- */

typedef struct vf_keys
{
  const char *key[SF_MAX_OPERANDS * SF_MAX_ORDER];
  int idx[SF_MAX_OPERANDS * SF_MAX_ORDER];
  int n;
  int parent[SF_MAX_INDICES];
  long cst[SF_MAX_INDICES];
} vf_keys;

/* Return the representative of index V's class in K.  */
static int
find (vf_keys *k, int v)
{
  while (k->parent[v] != v)
    v = k->parent[v] = k->parent[k->parent[v]];
  return v;
}

/* Record that index V has the extent named KEY.  */
static void
add_key (vf_keys *k, const char *key, int v)
{
  for (int j = 0; j < k->n; j++)
    if (!strcmp (k->key[j], key))
      {
	k->parent[find (k, v)] = find (k, k->idx[j]);
	return;
      }
  if (k->n < SF_MAX_OPERANDS * SF_MAX_ORDER)
    k->key[k->n] = key, k->idx[k->n++] = v;
}

/* Return the C type of dense operand OP's variable at depth D (its
   array or pointer levels), or NULL.  */
static const vf_ctype *
dense_level (const vf_inputs *in, int op, int d)
{
  int blk = env_block (in->prog, in->comp->operands[op].name);
  const vf_ctype *t = blk ? in->prog->vars[blk - 1].type : NULL;
  for (int k = 0; t && k < d; k++)
    t = t->elem;
  return t;
}

/* Return the key naming the extent of mode D of operand OP.  */
static const char *
extent_key (vf_inputs *in, int op, int d)
{
  const sf_operand *o = &in->comp->operands[op];
  const sf_format *f = vf_operand_format (in->comp, in->formats, op);
  if (f && f->is_tensor)
    return cexpr_text (in, f->dims[d].expr);
  if (f)
    return sf_arena_printf (&in->arena, "%s.%s[%d]", o->name,
			    f->dims[d].name, f->dims[d].subscript);
  if (o->kind == SF_OPERAND_DENSE && d < o->nshape && o->shape[d])
    return cexpr_text (in, o->shape[d]);
  const vf_ctype *t = dense_level (in, op, o->colmajor ? o->rank - 1 - d : d);
  if (t && t->kind == VF_C_ARRAY && t->nelem_var)
    return t->nelem_var;
  return sf_arena_printf (&in->arena, "%s#%d", o->name, d);
}

/* Visit the accesses of E, adding their keys and constants to K: a
   dense operand's constant C dimensions, the constants of its shape
   clause and the declared first dimension of a parameter (the loop may
   run to them, whatever a sparse operand's dims field says).  */
static void
keys_of (vf_inputs *in, vf_keys *k, const sf_expr *e)
{
  if (!e)
    return;
  keys_of (in, k, e->a);
  keys_of (in, k, e->b);
  if (e->kind != SF_EXPR_ACCESS)
    return;
  const sf_operand *o = &in->comp->operands[e->operand];
  for (int d = 0; d < e->nidx; d++)
    {
      add_key (k, extent_key (in, e->operand, d), e->idx[d]);
      int cd = o->colmajor ? e->nidx - 1 - d : d;	/* its C dimension */
      long long v;
      if (o->kind == SF_OPERAND_DENSE && o->const_extent[cd] > 0)
	k->cst[e->idx[d]] = o->const_extent[cd];
      else if (o->kind == SF_OPERAND_DENSE && d < o->nshape && o->shape[d]
	       && sf_cexpr_constant (o->shape[d], &v) && v > 0 && v <= LONG_MAX)
	k->cst[e->idx[d]] = (long) v;
      else if (o->kind == SF_OPERAND_DENSE && cd == 0 && o->param_extent0 > 0
	       && o->param_extent0 <= LONG_MAX)
	k->cst[e->idx[d]] = (long) o->param_extent0;
    }
}

/* Give the classes of K without a constant extent (CLS[r] < 0) distinct
   extents, from 1 or 2 up in a random order, skipping the constants.  */
static void
distinct_extents (vf_inputs *in, vf_keys *k, long *cls)
{
  const sf_comp *c = in->comp;
  int reps[SF_MAX_INDICES], n = 0;
  for (int v = 0; v < c->nindices; v++)
    if (find (k, v) == v && cls[v] < 0 && strcmp (c->index_names[v], "scalar_"))
      reps[n++] = v;
  long next = 1 + (long) vf_rand (&in->rng, 2);
  long vals[SF_MAX_INDICES];
  for (int j = 0; j < n; j++, next++)
    {
      for (int again = 1; again;)
	{
	  again = 0;
	  for (int v = 0; v < c->nindices; v++)
	    if (cls[find (k, v)] == next)
	      again = 1;
	  next += again;
	}
      vals[j] = next;
    }
  for (int j = n - 1; j > 0; j--)
    {
      int o = (int) vf_rand (&in->rng, (unsigned) j + 1);
      long tmp = vals[j];
      vals[j] = vals[o], vals[o] = tmp;
    }
  for (int j = 0; j < n; j++)
    cls[reps[j]] = vals[j];
}

/* Fill IN->ext for input set SET (DISTINCT: every class of indices its
   own extent).  */
static void
choose_extents (vf_inputs *in, int set, int distinct)
{
  static const int sizes[] = { 1, 2, 3, 0 };
  const sf_comp *c = in->comp;
  vf_keys *k = SF_NEW (&in->arena, vf_keys);
  for (int v = 0; v < SF_MAX_INDICES; v++)
    k->parent[v] = v, k->cst[v] = -1;
  keys_of (in, k, c->lhs);
  keys_of (in, k, c->rhs);
  for (int v = 0; v < c->nindices; v++)
    if (c->extent[v].kind == SF_EXTENT_CONST
	|| (c->extent[v].kind == SF_EXTENT_TYPE && c->extent[v].value > 0))
      k->cst[v] = c->extent[v].value;
  long cls[SF_MAX_INDICES];
  for (int v = 0; v < SF_MAX_INDICES; v++)
    cls[v] = -1;
  for (int v = 0; v < c->nindices; v++)
    if (k->cst[v] >= 0)
      cls[find (k, v)] = k->cst[v];
  if (distinct)
    distinct_extents (in, k, cls);
  for (int v = 0; v < c->nindices; v++)
    {
      int r = find (k, v);
      if (cls[r] < 0)
	cls[r] = set < 4 ? sizes[set] : 1 + (long) vf_rand (&in->rng, 4);
      in->ext[v] = cls[r];
      in->cls[v] = r;
    }
  double work = 1;
  in->uniform = -2;
  for (int v = 0; v < c->nindices; v++)
    {
      work *= in->ext[v] > 0 ? (double) in->ext[v] : 1;
      if (!strcmp (c->index_names[v], "scalar_"))
	continue;
      if (in->uniform == -2)
	in->uniform = in->ext[v];
      else if (in->ext[v] != in->uniform)
	in->uniform = -1;
    }
  if (in->uniform == -2)
    in->uniform = set < 4 ? sizes[set] : -1;
  if (work > 4e6)
    fail (in, "its extents are too large to run (%s)", "constant sizes");
}

/* ---- 2. patterns ---- */

/* Return a new array of N longs in the set's arena.  */
static long *
longs (vf_inputs *in, long n)
{
  return SF_NEW_ARRAY (&in->arena, long, n + 1);
}

/* Append the sorted distinct tuples of a coo level and its singleton
   followers (levels L0 .. L1-1) to T; return their count.  TUP gets
   them, NMODES coordinates each in level order.  */
static long
coo_tuples (vf_inputs *in, vf_tensor *t, const sf_format *f, int l0, int l1,
	    long **tup)
{
  long space = 1;
  for (int l = l0; l < l1; l++)
    space *= t->dims[f->modes[l]];
  int w = l1 - l0;
  long want = space ? (long) vf_rand (&in->rng, (unsigned) (space + 2)) : 0;
  if (in->full)
    want = space;
  if (want > VF_MAX_POSITIONS)
    want = VF_MAX_POSITIONS;
  long *v = longs (in, want * w);
  long n = 0;
  if (in->full)
    {
      /* every tuple, in order: the first coordinates repeat */
      for (; n < want; n++)
	for (long r = n, l = w - 1; l >= 0; l--)
	  {
	    long ext = t->dims[f->modes[l0 + l]];
	    v[n * w + l] = r % ext;
	    r /= ext;
	  }
      *tup = v;
      return n;
    }
  for (long q = 0; q < want; q++)
    {
      long *x = v + n * w;
      for (int l = 0; l < w; l++)
	x[l] = (long) vf_rand (&in->rng, (unsigned) t->dims[f->modes[l0 + l]]);
      /* insertion into the sorted list, dropping repeats */
      long at;
      for (at = 0; at < n; at++)
	{
	  int cmp = 0;
	  for (int l = 0; l < w && !cmp; l++)
	    cmp = (v[at * w + l] > x[l]) - (v[at * w + l] < x[l]);
	  if (cmp >= 0)
	    {
	      if (cmp == 0)
		at = -1;
	      break;
	    }
	}
      if (at < 0)
	continue;
      long tmp[SF_MAX_ORDER];
      memcpy (tmp, x, sizeof (long) * (size_t) w);
      memmove (v + (at + 1) * w, v + at * w, sizeof (long) * (size_t) ((n - at) * w));
      memcpy (v + at * w, tmp, sizeof (long) * (size_t) w);
      n++;
    }
  *tup = v;
  return n;
}

/* Build the pattern of sparse tensor T of format F from level L0 on (the
   levels before it are set, shared with an input): its levels' arrays,
   and for each value position its coordinates.  */
static void
make_pattern (vf_inputs *in, vf_tensor *t, const sf_format *f, int l0)
{
  long npar = l0 ? t->nlev[l0 - 1] : 1;
  long **up = t->up, **cl = t->cl;
  for (int l = l0; l < f->nlevels && !in->why; l++)
    {
      long n = t->dims[f->modes[l]];
      sf_level_kind kind = f->levels[l].kind;
      long cap = kind == SF_LEVEL_DENSE ? npar * n
		 : kind == SF_LEVEL_SINGLETON ? npar : npar * n + 1;
      if (kind == SF_LEVEL_COO)
	{
	  int l1 = l + 1;
	  while (l1 < f->nlevels && f->levels[l1].kind == SF_LEVEL_SINGLETON)
	    l1++;
	  long *tup;
	  long nt = coo_tuples (in, t, f, l, l1, &tup);
	  for (int k = l; k < l1; k++)
	    {
	      up[k] = longs (in, nt), cl[k] = longs (in, nt);
	      t->crd[k] = longs (in, nt);
	      t->ncrd[k] = nt;
	      t->nlev[k] = nt;
	      for (long q = 0; q < nt; q++)
		{
		  up[k][q] = k == l ? 0 : q;
		  cl[k][q] = t->crd[k][q] = tup[q * (l1 - l) + (k - l)];
		}
	    }
	  t->nnz = nt;
	  npar = nt;
	  l = l1 - 1;
	  continue;
	}
      if (cap > VF_MAX_POSITIONS)
	{
	  fail (in, "its synthetic inputs would be too large (%s)", "positions");
	  return;
	}
      up[l] = longs (in, cap), cl[l] = longs (in, cap);
      long m = 0;
      if (kind == SF_LEVEL_COMPRESSED)
	{
	  t->pos[l] = longs (in, npar + 1);
	  t->npos[l] = npar + 1;
	  t->crd[l] = longs (in, cap);
	}
      if (kind == SF_LEVEL_SINGLETON)
	t->crd[l] = longs (in, npar);
      for (long p = 0; p < npar; p++)
	{
	  if (kind == SF_LEVEL_DENSE)
	    for (long c = 0; c < n; c++)
	      up[l][m] = p, cl[l][m++] = c;
	  else if (kind == SF_LEVEL_SINGLETON)
	    {
	      long c = n ? (long) vf_rand (&in->rng, (unsigned) n) : 0;
	      up[l][m] = p, cl[l][m] = c, t->crd[l][m++] = c;
	    }
	  else
	    {
	      unsigned style = in->full ? 1 : vf_rand (&in->rng, 5);
	      /* style 0: empty, 1: full, else random */
	      t->pos[l][p] = m;
	      for (long c = 0; c < n; c++)
		if (style == 1 || (style > 1 && vf_rand (&in->rng, 2)))
		  up[l][m] = p, cl[l][m] = c, t->crd[l][m++] = c;
	      t->pos[l][p + 1] = m;
	    }
	}
      if (kind == SF_LEVEL_SINGLETON && n == 0)
	m = 0;
      t->ncrd[l] = m;
      t->nlev[l] = m;
      npar = m;
    }
  if (in->why)
    return;
  t->nvals = npar;
  t->coord = longs (in, npar * t->ndims);
  for (long q = 0; q < npar; q++)
    {
      long p = q;
      for (int l = f->nlevels - 1; l >= 0; l--)
	{
	  t->coord[q * t->ndims + f->modes[l]] = cl[l][p];
	  p = up[l][p];
	}
    }
}

/* Return the row-major offset of coordinates X in T.  */
static long
dense_offset (const vf_tensor *t, const long *x)
{
  long off = 0;
  for (int d = 0; d < t->ndims; d++)
    off = off * t->dims[d] + x[d];
  return off;
}

/* Fill T's values with random values and its dense image with their sums
   at each coordinate.  */
static void
make_values (vf_inputs *in, vf_tensor *t)
{
  long total = 1;
  for (int d = 0; d < t->ndims; d++)
    total *= t->dims[d];
  t->dense = SF_NEW_ARRAY (&in->arena, double, total + 1);
  t->vals = SF_NEW_ARRAY (&in->arena, double, t->nvals + 1);
  t->before = SF_NEW_ARRAY (&in->arena, double, t->nvals + 1);
  t->vblk = SF_NEW_ARRAY (&in->arena, int, t->nvals + 1);
  t->voff = longs (in, t->nvals);
  for (long q = 0; q < t->nvals; q++)
    {
      t->vals[q] = random_value_of (in, t->vty);
      if (t->vty.kind == VF_T_FLT && t->vty.bits == 32)
	t->vals[q] = (float) t->vals[q];
      t->before[q] = t->vals[q];
      t->dense[dense_offset (t, t->coord + q * t->ndims)] += t->vals[q];
    }
}

/* Make T a dense tensor: every coordinate a value position, row-major.  */
static void
make_dense (vf_inputs *in, vf_tensor *t)
{
  long total = 1;
  for (int d = 0; d < t->ndims; d++)
    total *= t->dims[d];
  t->nvals = total;
  t->coord = longs (in, total * t->ndims);
  for (long q = 0; q < total; q++)
    for (long r = q, d = t->ndims - 1; d >= 0; d--)
      {
	t->coord[q * t->ndims + d] = r % t->dims[d];
	r /= t->dims[d];
      }
}

/* Return the number of leading levels sparse output OP (format FO,
   access OUT) can share with access E of an input (format FE): same
   kinds, same modes, same indices there, and a whole coo chain.  */
static int
shared_levels (const sf_format *fo, const sf_expr *out, const sf_format *fe,
	       const sf_expr *e)
{
  int l = 0;
  while (l < fo->nlevels && l < fe->nlevels
	 && fo->levels[l].kind == fe->levels[l].kind
	 && out->idx[fo->modes[l]] == e->idx[fe->modes[l]])
    l++;
  if (l < fo->nlevels && fo->levels[l].kind == SF_LEVEL_SINGLETON)
    return 0;
  for (int k = 0; k < l; k++)
    if (fo->levels[k].kind != SF_LEVEL_DENSE)
      return l;
  return 0;		/* only dense levels: nothing worth sharing */
}

/* Return the input whose pattern sparse output OP shares the most
   leading levels of (*LEVELS of them), or -1.  */
static int
shared_pattern (const vf_inputs *in, const sf_expr *e, int op, int *levels)
{
  if (!e)
    return -1;
  int la = 0, lb = 0;
  int a = shared_pattern (in, e->a, op, &la);
  int b = shared_pattern (in, e->b, op, &lb);
  int best = la >= lb ? a : b;
  *levels = la >= lb ? la : lb;
  const sf_comp *c = in->comp;
  if (e->kind != SF_EXPR_ACCESS || e->operand == op
      || c->operands[e->operand].is_old)
    return best;
  const sf_format *fo = vf_operand_format (c, in->formats, op);
  const sf_format *fe = vf_operand_format (c, in->formats, e->operand);
  if (!fo || !fe)
    return best;
  int l = shared_levels (fo, c->lhs, fe, e);
  if (l > *levels)
    {
      *levels = l;
      return e->operand;
    }
  return best;
}

/* Return the access of operand OP in E, or NULL.  */
static const sf_expr *access_of (const sf_expr *e, int op);

/* Return an input before OP whose whole pattern input OP (of format F)
   takes, with *LEVELS its levels: when both have the output's format
   and indices, the output's pattern (the first one's) must hold them
   both, as the caller of a loop that walks the output's pattern
   prepares it.  -1 otherwise.  */
static int
twin_input (const vf_inputs *in, int op, const sf_format *f, int *levels)
{
  const sf_comp *c = in->comp;
  const sf_format *fo = vf_operand_format (c, in->formats, c->lhs->operand);
  const sf_expr *a = access_of (c->rhs, op);
  if (!fo || !a || shared_levels (fo, c->lhs, f, a) != fo->nlevels
      || f->nlevels != fo->nlevels)
    return -1;
  for (int e = 0; e < op; e++)
    {
      const sf_format *fe = vf_operand_format (c, in->formats, e);
      const sf_expr *b = access_of (c->rhs, e);
      if (e != c->lhs->operand && fe && b && fe->nlevels == f->nlevels
	  && shared_levels (fo, c->lhs, fe, b) == fo->nlevels)
	{
	  *levels = f->nlevels;
	  return e;
	}
    }
  return -1;
}

static const sf_expr *
access_of (const sf_expr *e, int op)
{
  if (!e)
    return NULL;
  if (e->kind == SF_EXPR_ACCESS && e->operand == op)
    return e;
  const sf_expr *r = access_of (e->a, op);
  return r ? r : access_of (e->b, op);
}

/* Build the data of operand OP (not a scalar).  */
static void
make_tensor (vf_inputs *in, int op)
{
  const sf_comp *c = in->comp;
  const sf_operand *o = &c->operands[op];
  const sf_expr *acc = op == c->lhs->operand ? c->lhs : access_of (c->rhs, op);
  vf_tensor *t = &in->t[op];
  t->ndims = acc->nidx;
  for (int d = 0; d < acc->nidx; d++)
    t->dims[d] = in->ext[acc->idx[d]];
  t->vty = vf_value_ty (o->vtype);
  in->has_float |= o->vtype == SF_TY_F32;
  const sf_format *f = vf_operand_format (c, in->formats, op);
  if (!f)
    make_dense (in, t);
  else
    {
      int levels = 0;
      int share = op == c->lhs->operand
		  ? shared_pattern (in, c->rhs, op, &levels)
		  : twin_input (in, op, f, &levels);
      if (share >= 0)
	{
	  const vf_tensor *s = &in->t[share];
	  for (int l = 0; l < levels; l++)
	    {
	      t->pos[l] = s->pos[l], t->npos[l] = s->npos[l];
	      t->crd[l] = s->crd[l], t->ncrd[l] = s->ncrd[l];
	      t->up[l] = s->up[l], t->cl[l] = s->cl[l];
	      t->nlev[l] = s->nlev[l];
	    }
	  t->nnz = s->nnz;
	}
      make_pattern (in, t, f, share >= 0 ? levels : 0);
    }
  if (!in->why)
    make_values (in, t);
}

/* ---- 3. binding ---- */

/* A place to write: BYTES at OFF of block BLK, of C type TYPE.  */
typedef struct vf_slot
{
  int blk;
  long off;
  const vf_ctype *type;
  const char *name;		/* for block names: "B.rowptr", "rowstr" */
} vf_slot;

static void fill_unbound (vf_inputs *in, int blk, long off,
			  const vf_ctype *t, const char *name);

/* Return the block a struct pointer in SLOT points to, made when it
   points nowhere yet; -1 when SLOT is not such a pointer.  */
static int
struct_target (vf_inputs *in, vf_slot slot)
{
  vf_val v;
  if (!slot.type || slot.type->kind != VF_C_POINTER || !slot.type->elem
      || slot.type->elem->kind != VF_C_STRUCT
      || vf_mem_read (&in->mem, slot.blk, slot.off, vf_ptr_ty (), &v))
    return -1;
  if (v.blk > 0 && !in->mem.b[v.blk].unbound)
    return v.blk;
  int b = vf_mem_new (&in->mem, slot.name, slot.type->elem->size, 0);
  in->mem.b[b].from_blk = slot.blk, in->mem.b[b].from_off = slot.off;
  fill_unbound (in, b, 0, slot.type->elem, slot.name);
  v.blk = b, v.i = 0;
  vf_mem_write (&in->mem, slot.blk, slot.off, vf_ptr_ty (), v);
  in->bound = realloc (in->bound, (size_t) in->mem.n);
  in->bound[b] = 1;
  in->bound[slot.blk] = 1;
  return b;
}

/* Return member NAME[SUB] (SUB < 0: none) of the struct at SLOT (or that
   SLOT points to) as a slot; blk 0 when there is none.  */
static vf_slot
member_slot (vf_inputs *in, vf_slot slot, const char *name, int sub)
{
  vf_slot r = { 0, 0, NULL, NULL };
  const vf_ctype *st = slot.type;
  const char *sep = ".";
  if (st && st->kind == VF_C_POINTER)
    {
      int b = struct_target (in, slot);
      if (b < 0)
	return r;
      slot.blk = b, slot.off = 0, st = st->elem, sep = "->";
    }
  if (!st || st->kind != VF_C_STRUCT)
    return r;
  for (int k = 0; k < st->nfields; k++)
    if (!strcmp (st->fields[k].name, name))
      {
	r.blk = slot.blk;
	r.off = slot.off + st->fields[k].offset;
	r.type = st->fields[k].type;
	r.name = sf_arena_printf (in->prog->arena, "%s%s%s", slot.name, sep,
				  name);
	if (sub >= 0)
	  {
	    if (r.type->kind != VF_C_ARRAY || !r.type->elem)
	      return (vf_slot) { 0, 0, NULL, NULL };
	    r.off += sub * r.type->elem->size;
	    r.type = r.type->elem;
	    r.name = sf_arena_printf (in->prog->arena, "%s[%d]", r.name, sub);
	  }
	return r;
      }
  return r;
}

/* Return the slot of variable NAME, blk 0 when the region does not read
   it.  */
static vf_slot
var_slot (vf_inputs *in, const char *name)
{
  int b = env_block (in->prog, name);
  vf_slot r = { b, 0, b ? in->prog->vars[b - 1].type : NULL, name };
  return r;
}

/* Write integer or floating VALUE into the scalar SLOT.  */
static void
put_scalar (vf_inputs *in, vf_slot slot, double value)
{
  if (!slot.blk)
    return;
  if (!slot.type || slot.type->kind != VF_C_SCALAR)
    {
      fail (in, "'%s' is not a number", slot.name);
      return;
    }
  vf_ty ty = slot.type->scalar;
  for (int k = 0; k < in->nscalars; k++)
    if (in->scalars[k].blk == slot.blk && in->scalars[k].off == slot.off
	&& in->scalars[k].v != value)
      fail (in, "'%s' would need two values", slot.name);
  if (in->nscalars < 64)
    {
      in->scalars[in->nscalars].blk = slot.blk;
      in->scalars[in->nscalars].off = slot.off;
      in->scalars[in->nscalars++].v = value;
    }
  vf_mem_write_number (&in->mem, slot.blk, slot.off, ty, value);
  in->bound[slot.blk] = 2;
}

/* Write the N values DATA (doubles) as an array starting LEAD elements
   into what SLOT points to (a pointer: a new block) or is (an array).
   VBLK/VOFF, when not NULL, get where each value went.  */
static void
put_array (vf_inputs *in, vf_slot slot, long lead, const double *data,
	   long n, int *vblk, long *voff)
{
  if (!slot.blk)
    return;
  const vf_ctype *t = slot.type;
  if (!t || (t->kind != VF_C_POINTER && t->kind != VF_C_ARRAY) || !t->elem
      || t->elem->kind != VF_C_SCALAR || lead < 0)
    {
      fail (in, "'%s' is not an array of numbers the checker can fill",
	    slot.name);
      return;
    }
  vf_ty ety = t->elem->scalar;
  long es = t->elem->size, blk, base;
  if (t->kind == VF_C_POINTER)
    {
      vf_val p;
      vf_mem_read (&in->mem, slot.blk, slot.off, vf_ptr_ty (), &p);
      if (p.blk > 0 && !in->mem.b[p.blk].unbound && !in->mem.b[p.blk].fake)
	blk = p.blk;	/* bound before: the same array again */
      else
	{
	  blk = vf_mem_new (&in->mem, slot.name, (lead + n) * es, (int) es);
	  in->mem.b[blk].from_blk = slot.blk;
	  in->mem.b[blk].from_off = slot.off;
	  p.blk = (int) blk, p.i = 0;
	  vf_mem_write (&in->mem, slot.blk, slot.off, vf_ptr_ty (), p);
	  in->bound = realloc (in->bound, (size_t) in->mem.n);
	  in->bound[blk] = 0;
	}
      base = 0;
    }
  else if (slot.off == 0 && slot.blk <= in->prog->nvars
	   && in->prog->vars[slot.blk - 1].type == t)
    {
      blk = slot.blk, base = 0;
      in->mem.b[blk].unbound = 0;
      in->mem.b[blk].size = 0;
      vf_mem_resize (&in->mem, (int) blk, (lead + n) * es);
      in->mem.b[blk].size = (lead + n) * es;
      in->mem.b[blk].elem = (int) es;
    }
  else
    {
      if (t->nelem >= 0 && lead + n > t->nelem)
	fail (in, "member '%s' is too small for the inputs", slot.name);
      blk = slot.blk, base = slot.off;
    }
  if (in->why)
    return;
  vf_block *b = &in->mem.b[blk];
  if (b->declared && base == 0 && b->size < (lead + n) * es)
    {
      fail (in, "'%s' would need two arrays", slot.name);
      return;
    }
  if (base == 0)
    b->declared = 1;
  for (long k = 0; k < n; k++)
    {
      long off = base + (lead + k) * es;
      if (vf_mem_write_number (&in->mem, (int) blk, off, ety, data[k]))
	{
	  fail (in, "'%s' is too small for the inputs", slot.name);
	  return;
	}
      if (vblk)
	vblk[k] = (int) blk, voff[k] = off;
    }
  in->bound[slot.blk] = in->bound[slot.blk] ? in->bound[slot.blk] : 1;
  in->bound[blk] = 1;
}

/* Return the slot a field expression E of a tensor declared in a function
   designates, with *LEAD the elements before the data (rowstr + 1: 1).  */
static vf_slot
expr_slot (vf_inputs *in, const sf_cexpr *e, long *lead)
{
  vf_slot none = { 0, 0, NULL, NULL };
  switch (e->kind)
    {
    case SF_CEXPR_NAME:
      return var_slot (in, e->name);
    case SF_CEXPR_MEMBER:
    case SF_CEXPR_ARROW:
      if (e->a->kind != SF_CEXPR_NAME)
	break;
      return member_slot (in, var_slot (in, e->a->name), e->name, -1);
    case SF_CEXPR_ADD:
    case SF_CEXPR_SUB:
      if (e->b->kind != SF_CEXPR_INT)
	break;
      *lead += e->kind == SF_CEXPR_ADD ? e->b->ival : -e->b->ival;
      return expr_slot (in, e->a, lead);
    case SF_CEXPR_ADDR:
      if (e->a->kind != SF_CEXPR_INDEX || e->a->b->kind != SF_CEXPR_INT)
	break;
      *lead += e->a->b->ival;
      return expr_slot (in, e->a->a, lead);
    default:
      break;
    }
  fail (in, "the checker cannot bind '%s'", cexpr_text (in, e));
  return none;
}

/* Set *V to the value of E if every variable in it is bound already;
   return nonzero when it is not.  */
static int
bound_value (vf_inputs *in, const sf_cexpr *e, long long *v)
{
  long long a, b;
  switch (e->kind)
    {
    case SF_CEXPR_INT:
      *v = e->ival;
      return 0;
    case SF_CEXPR_NAME:
    case SF_CEXPR_MEMBER:
    case SF_CEXPR_ARROW:
      {
	const char *saved = in->why;
	long lead = 0;
	vf_slot s = expr_slot (in, e, &lead);
	in->why = saved;
	for (int k = 0; s.blk && k < in->nscalars; k++)
	  if (in->scalars[k].blk == s.blk && in->scalars[k].off == s.off)
	    {
	      *v = (long long) in->scalars[k].v;
	      return 0;
	    }
	return 1;
      }
    case SF_CEXPR_NEG:
      if (bound_value (in, e->a, &a))
	return 1;
      *v = -a;
      return 0;
    case SF_CEXPR_ADD: case SF_CEXPR_SUB: case SF_CEXPR_MUL:
      if (bound_value (in, e->a, &a) || bound_value (in, e->b, &b))
	return 1;
      *v = e->kind == SF_CEXPR_ADD ? a + b : e->kind == SF_CEXPR_SUB ? a - b
	   : a * b;
      return 0;
    default:
      return 1;
    }
}

/* Bind the variables of the integer expression E so that it has the value
   TARGET: the one not bound yet is solved for (lastrow - firstrow + 1 =
   4 with neither bound: firstrow = 1, lastrow = 4); nonzero when E is
   not such an expression.  */
static int
solve (vf_inputs *in, const sf_cexpr *e, long long target)
{
  long long v;
  switch (e->kind)
    {
    case SF_CEXPR_INT:
      return e->ival != target;
    case SF_CEXPR_NAME:
    case SF_CEXPR_MEMBER:
    case SF_CEXPR_ARROW:
      {
	long lead = 0;
	vf_slot s = expr_slot (in, e, &lead);
	if (s.blk)
	  put_scalar (in, s, (double) target);
	return in->why != NULL;
      }
    case SF_CEXPR_NEG:
      return solve (in, e->a, -target);
    case SF_CEXPR_ADD:
      if (!bound_value (in, e->b, &v))
	return solve (in, e->a, target - v);
      if (!bound_value (in, e->a, &v))
	return solve (in, e->b, target - v);
      return solve (in, e->b, 1) || solve (in, e->a, target - 1);
    case SF_CEXPR_SUB:
      if (!bound_value (in, e->b, &v))
	return solve (in, e->a, target + v);
      if (!bound_value (in, e->a, &v))
	return solve (in, e->b, v - target);
      return solve (in, e->b, 1) || solve (in, e->a, target + 1);
    case SF_CEXPR_MUL:
      if (!bound_value (in, e->b, &v) && v && target % v == 0)
	return solve (in, e->a, target / v);
      if (!bound_value (in, e->a, &v) && v && target % v == 0)
	return solve (in, e->b, target / v);
      return 1;
    default:
      return 1;
    }
}

/* Bind extent expression E (of a tensor declared in a function, or a
   shape clause) to VALUE.  */
static void
bind_extent (vf_inputs *in, const sf_cexpr *e, long value)
{
  if (solve (in, e, value) && !in->why)
    fail (in, "the checker cannot bind '%s'", cexpr_text (in, e));
}

/* Bind field F (of format FMT, operand OBJ) to the N values DATA: an
   extent when N < 0 (the value DATA[0]), else an array.  */
static void
bind_field (vf_inputs *in, const sf_format *fmt, vf_slot obj,
	    const sf_field_ref *f, const double *data, long n, int *vblk,
	    long *voff)
{
  long lead = 0;
  vf_slot s;
  if (fmt->is_tensor && n < 0)
    {
      bind_extent (in, f->expr, (long) data[0]);
      return;
    }
  if (fmt->is_tensor)
    s = expr_slot (in, f->expr, &lead);
  else
    {
      if (!obj.blk)
	return;
      s = member_slot (in, obj, f->name, f->subscript);
      if (!s.blk)
	{
	  fail (in, "member '%s' is not where the checker looks", f->name);
	  return;
	}
    }
  if (in->why || !s.blk)
    return;
  if (n < 0)
    put_scalar (in, s, data[0] - (double) lead);
  else
    put_array (in, s, lead, data, n, vblk, voff);
}

/* Return the N longs of V plus BASE as doubles.  */
static double *
as_doubles (vf_inputs *in, const long *v, long n, long base)
{
  double *d = SF_NEW_ARRAY (&in->arena, double, n + 1);
  for (long k = 0; k < n; k++)
    d[k] = (double) (v[k] + base);
  return d;
}

/* Bind tensor T of format F to the variable NAME.  */
static void
bind_sparse_to (vf_inputs *in, vf_tensor *t, const sf_format *f,
		const char *name)
{
  vf_slot obj = var_slot (in, name);
  for (int d = 0; d < f->ndims && !in->why; d++)
    {
      double ext = (double) t->dims[d];
      bind_field (in, f, obj, &f->dims[d], &ext, -1, NULL, NULL);
    }
  for (int l = 0; l < f->nlevels && !in->why; l++)
    {
      const sf_level *lv = &f->levels[l];
      if (lv->kind == SF_LEVEL_COMPRESSED)
	bind_field (in, f, obj, &lv->pos,
		    as_doubles (in, t->pos[l], t->npos[l], f->base),
		    t->npos[l], NULL, NULL);
      if (lv->kind == SF_LEVEL_COO)
	{
	  double nnz = (double) t->nnz;
	  bind_field (in, f, obj, &lv->pos, &nnz, -1, NULL, NULL);
	}
      if (lv->kind != SF_LEVEL_DENSE)
	bind_field (in, f, obj, &lv->crd,
		    as_doubles (in, t->crd[l], t->ncrd[l], f->base),
		    t->ncrd[l], NULL, NULL);
    }
  if (!in->why)
    bind_field (in, f, obj, &f->values, t->vals, t->nvals, t->vblk, t->voff);
}

/* Bind sparse operand OP of format F.  */
static void
bind_sparse (vf_inputs *in, int op, const sf_format *f)
{
  bind_sparse_to (in, &in->t[op], f, in->comp->operands[op].name);
}

/* Return the memory order of T's values for a column-major layout: ORDER
   [k] the value position stored k-th.  */
static long *
colmajor_order (vf_inputs *in, const vf_tensor *t)
{
  long *order = longs (in, t->nvals);
  for (long q = 0; q < t->nvals; q++)
    {
      long off = 0;
      for (int d = t->ndims - 1; d >= 0; d--)
	off = off * t->dims[d] + t->coord[q * t->ndims + d];
      order[off] = q;
    }
  return order;
}

/* Bind the extents of dense operand OP: the variables its shape clause
   or its C type (a VLA's [K]) names.  */
static void
bind_dense_extents (vf_inputs *in, int op)
{
  const sf_operand *o = &in->comp->operands[op];
  const vf_tensor *t = &in->t[op];
  for (int d = 0; d < t->ndims && !in->why; d++)
    {
      if (d < o->nshape && o->shape[d] && o->shape[d]->kind != SF_CEXPR_INT)
	{
	  bind_extent (in, o->shape[d], t->dims[d]);
	  continue;
	}
      const vf_ctype *ct = dense_level (in, op, o->colmajor
					 ? t->ndims - 1 - d : d);
      if (ct && ct->kind == VF_C_ARRAY && ct->nelem_var)
	put_scalar (in, var_slot (in, ct->nelem_var), (double) t->dims[d]);
    }
}

/* Bind dense operand OP: its variable (a pointer, an array, a pointer to
   rows, or a scalar output) or the values of its tensor declared in a
   function.  */
static void
bind_dense (vf_inputs *in, int op)
{
  const sf_operand *o = &in->comp->operands[op];
  vf_tensor *t = &in->t[op];
  double *data = t->vals;
  int *vblk = SF_NEW_ARRAY (&in->arena, int, t->nvals + 1);
  long *voff = longs (in, t->nvals), *order = NULL;
  if (o->colmajor)
    {
      order = colmajor_order (in, t);
      data = SF_NEW_ARRAY (&in->arena, double, t->nvals + 1);
      for (long k = 0; k < t->nvals; k++)
	data[k] = t->vals[order[k]];
    }
  bind_dense_extents (in, op);
  vf_slot s = var_slot (in, o->name);
  const sf_format *tf = s.blk ? NULL : tensor_format (in->formats, in->nformats, o->name);
  if (tf)
    {
      long lead = 0;
      s = expr_slot (in, tf->values.expr, &lead);
      put_array (in, s, lead, data, t->nvals, vblk, voff);
    }
  else if (s.blk && s.type->kind == VF_C_SCALAR)
    {
      if (t->nvals == 1)
	{
	  put_scalar (in, s, data[0]);
	  vblk[0] = s.blk, voff[0] = 0;
	}
    }
  else if (s.blk && s.type->kind == VF_C_POINTER && s.type->elem
	   && s.type->elem->kind == VF_C_POINTER && t->ndims == 2)
    {
      long rows = t->dims[0], cols = t->dims[1];
      vf_ctype row = { VF_C_POINTER, 8, { 0, 0, 0 }, NULL, 0, NULL, 0, NULL };
      row.elem = s.type->elem->elem;
      double *ptrs = SF_NEW_ARRAY (&in->arena, double, rows + 1);
      put_array (in, s, 0, ptrs, 0, NULL, NULL);
      (void) row;
      fail (in, "'%s' is an array of row pointers", o->name);
      (void) cols;
    }
  else if (s.blk)
    {
      const vf_ctype *ct = s.type;
      vf_ctype flat = *ct;
      const vf_ctype *e = ct->elem;
      while (e && e->kind == VF_C_ARRAY)
	e = e->elem;
      flat.elem = e;		/* T (*)[K][L] and T[N][M]: one block of T */
      if (ct->kind == VF_C_ARRAY)
	{
	  flat.nelem = -1;
	  in->prog->vars[s.blk - 1].type = &flat;
	}
      s.type = &flat;
      put_array (in, s, 0, data, t->nvals, vblk, voff);
      in->prog->vars[s.blk - 1].type = ct;
    }
  for (long k = 0; k < t->nvals; k++)
    {
      long q = order ? order[k] : k;
      t->vblk[q] = vblk[k], t->voff[q] = voff[k];
    }
}

/* ---- 4. the rest ---- */

/* The elements of a fake array (check.c's test of whether the loop's
   result depends on an array the annotation does not describe), and of
   one a run read past (check.c runs it again so): enough for a dropped
   factor of four indices at the sets' extents (5^4 = 625), since a run
   that reads past a fake array, whose size is the checker's choice,
   proves nothing.  Filling the large one for every run made the check
   of regions with fake arrays some eight times slower.  */
#define VF_FAKE_ELEMS 512
#define VF_FAKE_BIG 4096

/* Fill the block BLK, a pointer's target the annotation does not
   describe, with random values of type ELEM, drawn from a generator of
   their own (the other inputs stay as they are) that filling IN->fake
   and BLK seed.  */
static void
fake_array (vf_inputs *in, int blk, const vf_ctype *elem)
{
  long es = elem->size > 0 ? elem->size : 8;
  vf_block *b = &in->mem.b[blk];
  if (!b->unbound)
    return;
  b->unbound = 0;
  b->fake = 1;
  b->elem = (int) es;
  long n = in->fake_big ? VF_FAKE_BIG : VF_FAKE_ELEMS;
  vf_mem_resize (&in->mem, blk, n * es);
  in->mem.b[blk].size = n * es;
  unsigned long long h = 0x51ed2705a3c4e1b9ull * (unsigned long long) in->fake
			 ^ (unsigned long long) blk << 32;
  for (long k = 0; k < n; k++)
    {
      /* splitmix64: values k / 256, k in [-1000, 1000] */
      unsigned long long z = (h += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      z ^= z >> 31;
      double v = ((double) (z % 2001) - 1000) / 256.0;
      vf_mem_write_number (&in->mem, blk, k * es, elem->scalar, v);
    }
}

static int is_operand (const vf_inputs *in, const char *name);

/* When variable BLK is an array of floating values of a size its C type
   fixes (a local double D[2][3], a copy of a pointer's target), the
   annotation does not describe it and nothing bound it: give it random
   values as fake_array does, other ones with each filling IN->fake, so a
   run that reads it names it.  Its size stays its C type's.  */
static void
fake_fixed (vf_inputs *in, int blk)
{
  const vf_var *v = &in->prog->vars[blk - 1];
  const vf_ctype *e = v->type;
  vf_block *b = &in->mem.b[blk];
  if (!v->env || !v->name || !e || e->kind != VF_C_ARRAY || e->size <= 0
      || is_operand (in, v->name) || in->bound[blk] || b->declared
      || b->unbound || b->size < e->size)
    return;
  while (e && e->kind == VF_C_ARRAY)
    e = e->elem;
  if (!e || e->kind != VF_C_SCALAR || e->scalar.kind != VF_T_FLT
      || e->size <= 0)
    return;
  b->fake = 1;
  unsigned long long h = 0x51ed2705a3c4e1b9ull * (unsigned long long) in->fake
			 ^ (unsigned long long) blk << 32;
  for (long k = 0; k < v->type->size / e->size; k++)
    {
      unsigned long long z = (h += 0x9e3779b97f4a7c15ull);
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      z ^= z >> 31;
      double d = ((double) (z % 2001) - 1000) / 256.0;
      vf_mem_write_number (&in->mem, blk, k * e->size, e->scalar, d);
    }
}

/* Elements of a scratch array whose size only the program knows (a VLA
   declared before the region, not an operand): enough for a row of the
   sets' extents many times over.  */
#define VF_SCRATCH_ELEMS 4096

/* Give BLK, such a scratch array of C type T, VF_SCRATCH_ELEMS random
   values of its element type: what the loop reads of it before storing
   shows in what it stores, as with any array the annotation does not
   describe.  */
static void
scratch_array (vf_inputs *in, int blk, const vf_ctype *t)
{
  const vf_ctype *e = t->elem;
  while (e && e->kind == VF_C_ARRAY && e->size < 0)
    e = e->elem;
  while (e && e->kind == VF_C_ARRAY)
    e = e->elem;
  if (!e || e->kind != VF_C_SCALAR || e->size <= 0)
    {
      in->mem.b[blk].unbound = 1;
      return;
    }
  vf_mem_resize (&in->mem, blk, VF_SCRATCH_ELEMS * e->size);
  in->mem.b[blk].elem = (int) e->size;
  for (long k = 0; k < VF_SCRATCH_ELEMS; k++)
    {
      int flt = e->scalar.kind == VF_T_FLT;
      double v = flt ? random_value (in) : (double) vf_rand (&in->rng, 7);
      vf_mem_write_number (&in->mem, blk, k * e->size, e->scalar, v);
    }
}

/* Give the variable block BLK of C type T (not bound) a value: small
   positive integers, random floats, pointers to nothing.  */
static void
fill_unbound (vf_inputs *in, int blk, long off, const vf_ctype *t,
	      const char *name)
{
  if (!t)
    return;
  if (t->kind == VF_C_SCALAR)
    {
      int flt = t->scalar.kind == VF_T_FLT;
      double v = flt ? random_value (in) : in->uniform >= 0
		 ? (double) in->uniform : 1 + (double) vf_rand (&in->rng, 3);
      if (flt && (v == 1 || v == -1))
	v *= 1.375;		/* a factor the annotation left out shows */
      vf_mem_write_number (&in->mem, blk, off, t->scalar, v);
      for (long k = 0; !flt && k < t->size; k++)
	in->mem.b[blk].prov[off + k] = VF_GUESSED;
      if (!flt && in->nguess < 64)
	{
	  vf_guess g = { blk, off, t->scalar, name };
	  in->guess[in->nguess++] = g;
	}
    }
  else if (t->kind == VF_C_POINTER && t->elem && t->elem->kind == VF_C_STRUCT
	   && t->elem->size > 0)
    {
      /* a struct the annotation does not name: guessed members */
      int b = vf_mem_new (&in->mem, name, t->elem->size, 0);
      in->mem.b[b].from_blk = blk, in->mem.b[b].from_off = off;
      in->bound = realloc (in->bound, (size_t) in->mem.n);
      in->bound[b] = 0;
      vf_val p = { 0, 0, b };
      vf_mem_write (&in->mem, blk, off, vf_ptr_ty (), p);
      if (in->depth++ < 3)
	fill_unbound (in, b, 0, t->elem, sf_arena_printf (in->prog->arena,
							  "%s->", name));
      in->depth--;
    }
  else if (t->kind == VF_C_POINTER)
    {
      int b = vf_mem_new (&in->mem, name, 0, 0);
      in->mem.b[b].from_blk = blk, in->mem.b[b].from_off = off;
      const vf_ctype *e = t->elem;
      while (e && e->kind == VF_C_ARRAY)
	e = e->elem;		/* double (*)[K]: rows of doubles */
      if (e && e->kind == VF_C_SCALAR && e->scalar.kind == VF_T_FLT
	  && in->nfakes < 64)
	{
	  in->fakes[in->nfakes].blk = b;
	  in->fakes[in->nfakes++].elem = e;
	}
      in->mem.b[b].unbound = 1;
      in->bound = realloc (in->bound, (size_t) in->mem.n);
      in->bound[b] = 1;
      vf_val p = { 0, 0, b };
      vf_mem_write (&in->mem, blk, off, vf_ptr_ty (), p);
    }
  else if (t->kind == VF_C_STRUCT)
    for (int k = 0; k < t->nfields; k++)
      fill_unbound (in, blk, off + t->fields[k].offset, t->fields[k].type,
		    sf_arena_printf (in->prog->arena, "%s%s%s", name,
				     name[strlen (name) - 1] == '>' ? "" : ".",
				     t->fields[k].name));
  else if (t->kind == VF_C_ARRAY && t->size < 0 && off == 0
	   && blk - 1 < in->prog->nvars && in->prog->vars[blk - 1].scratch)
    scratch_array (in, blk, t);
  else if (t->kind == VF_C_ARRAY && t->size < 0)
    in->mem.b[blk].unbound = 1;
  else if (t->kind == VF_C_ARRAY && t->elem && t->elem->size > 0)
    for (long k = 0; k < t->nelem && k < 64; k++)
      fill_unbound (in, blk, off + k * t->elem->size, t->elem,
		    t->elem->kind == VF_C_SCALAR
		    ? sf_arena_printf (in->prog->arena, "%s[%ld]", name, k)
		    : name);
}

/* Create the blocks of PROG's variables, in order (block k + 1 is
   variable k).  */
static void
make_blocks (vf_inputs *in)
{
  vf_mem_init (&in->mem);
  for (int k = 0; k < in->prog->nvars; k++)
    {
      const vf_var *v = &in->prog->vars[k];
      long size = v->type ? v->type->size : -1;
      int elem = v->type && v->type->kind == VF_C_ARRAY && v->type->elem
		 ? (int) v->type->elem->size : 0;
      if (size < 0 && !v->env)
	fail (in, "'%s' has a size known only at run time", v->name);
      int blk = vf_mem_new (&in->mem, v->name ? v->name : "(temporary)",
			    size < 0 ? 0 : size, elem);
      /* An array variable's size is its C type's, whatever the
	 annotation says: the loop going outside it on inputs the
	 annotation allows, computed from no guessed value, is the
	 annotation's fault (a term dropped that tied its indices to the
	 array's size).  One element is the old idiom for "some", and is
	 left out.  */
      if (elem > 0 && size > elem)
	in->mem.b[blk].typed = 1;
    }
  in->bound = calloc ((size_t) in->mem.n + 1, 1);
  if (!in->bound)
    abort ();
}

/* Set the guessed integers BIND names to the extents it gives them; they
   stay marked as guessed.  */
static void
apply_binding (vf_inputs *in, const vf_binding *bind)
{
  for (int j = 0; j < bind->n; j++)
    for (int g = 0; g < in->nguess; g++)
      {
	vf_guess *s = &in->guess[g];
	vf_block *b = &in->mem.b[s->blk];
	if (s->blk != bind->blk[j] || s->off != bind->off[j]
	    || b->prov[s->off] != VF_GUESSED)
	  continue;
	long v = (bind->idx[j] >= 0 ? in->ext[bind->idx[j]] : 0) + bind->delta[j];
	vf_mem_write_number (&in->mem, s->blk, s->off, s->ty, (double) v);
	long bytes = s->ty.bits <= 8 ? 1 : s->ty.bits <= 16 ? 2
		     : s->ty.bits <= 32 ? 4 : 8;
	for (long k = 0; k < bytes; k++)
	  b->prov[s->off + k] = VF_GUESSED;
      }
}

/* Return nonzero when struct type T has the member REF names (none:
   nonzero), of a type the binder can write in that role: an integer for
   a dimension or a coo level's count (N < 0), else an array or a pointer
   of integers (FLT 0) or floating values (FLT 1).  */
static int
member_fits (const vf_ctype *t, const sf_field_ref *ref, int n, int flt)
{
  if (!ref->name)
    return 1;
  for (int k = 0; k < t->nfields; k++)
    if (!strcmp (t->fields[k].name, ref->name))
      {
	const vf_ctype *m = t->fields[k].type;
	if (m && ref->subscript >= 0)
	  m = m->kind == VF_C_ARRAY
	      && (m->nelem < 0 || ref->subscript < m->nelem) ? m->elem : NULL;
	if (m && n >= 0)
	  m = m->kind == VF_C_ARRAY || m->kind == VF_C_POINTER ? m->elem : NULL;
	return m && m->kind == VF_C_SCALAR
	       && (m->scalar.kind == VF_T_FLT) == (n >= 0 && flt);
      }
  return 0;
}

/* Return nonzero when every field of format F is a member of struct
   type T of a type the binder can write.  */
static int
struct_fits (const sf_format *f, const vf_ctype *t)
{
  int ok = !f->is_tensor && member_fits (t, &f->values, 0, 1);
  for (int d = 0; ok && d < f->ndims; d++)
    ok = member_fits (t, &f->dims[d], -1, 0);
  for (int l = 0; ok && l < f->nlevels; l++)
    ok = member_fits (t, &f->levels[l].pos,
		      f->levels[l].kind == SF_LEVEL_COO ? -1 : 0, 0)
	 && member_fits (t, &f->levels[l].crd, 0, 0);
  return ok;
}

/* Return the declared format of variable V, a struct or a pointer to
   one (the glue finds it by the spelling of V's type, typedef or tag, as
   for operands: sf_csf3_201 and sf_csf3 are one struct), when its
   members fit it; else NULL.  */
static const sf_format *
format_of_var (const vf_inputs *in, const vf_var *v)
{
  const vf_ctype *t = v->type;
  if (t && t->kind == VF_C_POINTER)
    t = t->elem;
  if (!t || t->kind != VF_C_STRUCT || v->format < 1
      || v->format > in->nformats || !in->formats)
    return NULL;
  const sf_format *f = &in->formats[v->format - 1];
  return struct_fits (f, t) ? f : NULL;
}

/* Return nonzero when NAME is an operand of the computation.  */
static int
is_operand (const vf_inputs *in, const char *name)
{
  for (int op = 0; op < in->comp->noperands; op++)
    if (name && !strcmp (in->comp->operands[op].name, name))
      return 1;
  return 0;
}

/* Return the block holding the members of struct variable V (block
   BLK): its own, or the one it points to; 0 when it points nowhere
   the inputs made.  */
static int
members_block (vf_inputs *in, int blk, const vf_var *v)
{
  if (v->type->kind != VF_C_POINTER)
    return blk;
  vf_val p;
  if (vf_mem_read (&in->mem, blk, 0, vf_ptr_ty (), &p) || p.blk <= 0
      || p.blk >= in->mem.n || in->mem.b[p.blk].unbound)
    return 0;
  return p.blk;
}

/* Return nonzero when an array member of format F in struct variable V
   (a struct or a pointer to one) points to an array the inputs bound:
   the struct is some operand's (a tensor declared in the function over
   its members), not one to fake.  */
static int
arrays_bound (vf_inputs *in, const vf_var *v, const sf_format *f)
{
  int blk = (int) (v - in->prog->vars) + 1;
  int mb = members_block (in, blk, v);
  if (!mb)
    return 0;
  const vf_ctype *st = v->type->kind == VF_C_POINTER ? v->type->elem : v->type;
  for (int k = 0; k < st->nfields; k++)
    {
      const vf_ctype *t = st->fields[k].type;
      vf_val p;
      if (!t || t->kind != VF_C_POINTER
	  || vf_mem_read (&in->mem, mb, st->fields[k].offset, vf_ptr_ty (),
			  &p))
	continue;
      if (p.blk > 0 && p.blk < in->mem.n && !in->mem.b[p.blk].unbound)
	return 1;
    }
  (void) f;
  return 0;
}

/* Return the value a shape clause wrote into dims field D of struct
   variable V, or -1 when none did.  */
static long
member_value (vf_inputs *in, const vf_var *v, const sf_field_ref *d)
{
  int blk = (int) (v - in->prog->vars) + 1;
  int mb = members_block (in, blk, v);
  const vf_ctype *st = v->type->kind == VF_C_POINTER ? v->type->elem : v->type;
  if (!mb)
    return -1;
  for (int k = 0; k < st->nfields; k++)
    if (!strcmp (st->fields[k].name, d->name))
      {
	long off = st->fields[k].offset;
	const vf_ctype *t = st->fields[k].type;
	if (d->subscript >= 0)
	  {
	    if (t->kind != VF_C_ARRAY || !t->elem)
	      return -1;
	    off += d->subscript * t->elem->size;
	  }
	for (int q = 0; q < in->nscalars; q++)
	  if (in->scalars[q].blk == mb && in->scalars[q].off == off)
	    return in->scalars[q].v >= 0 ? (long) in->scalars[q].v : -1;
	return -1;
      }
  return -1;
}

/* When variable BLK is a struct (or points to one) the annotation does
   not name, of a type some format describes, and its members are not
   bound otherwise: give it a tensor of that format, a dropped factor or
   term, whose values are the undescribed inputs of the dependence test
   (check.c's depends), as a fake array of floating values gets: random,
   other ones with each filling IN->fake, and a run that reads them names
   the variable.  Its modes are classes of their own; their extents come
   from the set's (the loop may make a mode meet an index of the
   annotation, reading pos[i] for each i or storing to y[crd[p]]), or
   are 3 and 2 when the annotation has no index:
   shape IN->fake_shape picks one of them for each mode, and
   IN->fake_shapes counts the choices.  The pattern and the extents stay
   the same across the fillings.  */
static void
fake_sparse (vf_inputs *in, int blk)
{
  const vf_var *v = &in->prog->vars[blk - 1];
  if (!v->env || !v->name || is_operand (in, v->name))
    return;
  const sf_format *f = format_of_var (in, v);
  if (!f || arrays_bound (in, v, f))
    return;
  /* Dims a shape clause gave (shape(C: B.n, K)): the struct's mode has
     that index's extent; the others take the set's, in turn.  */
  long given[SF_MAX_INDICES];
  for (int d = 0; d < f->ndims; d++)
    given[d] = member_value (in, v, &f->dims[d]);
  /* the distinct nonzero extents of the set, largest first */
  long cand[SF_MAX_INDICES];
  int ncand = 0;
  for (int i = 0; i < in->comp->nindices; i++)
    {
      long e = in->ext[i];
      int j = 0;
      if (!strcmp (in->comp->index_names[i], "scalar_"))
	continue;
      while (j < ncand && cand[j] > e)
	j++;
      if (e < 1 || (j < ncand && cand[j] == e))
	continue;
      memmove (cand + j + 1, cand + j, (size_t) (ncand - j) * sizeof *cand);
      cand[j] = e, ncand++;
    }
  if (!ncand)
    {
      /* an annotation with no index (a scalar output and scalars): the
	 struct's modes meet nothing of it, any small extents do */
      cand[0] = 3, cand[1] = 2;
      ncand = 2;
    }
  long shapes = 1;
  for (int d = 0; d < f->ndims && shapes < VF_FAKE_SHAPES; d++)
    shapes *= given[d] >= 0 ? 1 : ncand;
  if (shapes > VF_FAKE_SHAPES)
    shapes = VF_FAKE_SHAPES;
  if (shapes > in->fake_shapes)
    in->fake_shapes = (int) shapes;
  if (in->fake_shape >= shapes)
    return;
  vf_tensor *x = SF_NEW (&in->arena, vf_tensor);
  int first = in->mem.n;
  x->ndims = f->ndims;
  for (int d = 0, s = in->fake_shape; d < f->ndims; d++)
    if (given[d] >= 0)
      x->dims[d] = given[d];
    else
      x->dims[d] = cand[s % ncand], s /= ncand;
  x->vty = vf_value_ty (f->vtype);
  vf_rng saved = in->rng;
  in->rng.s = 0x2545f4914f6cdd1dull * (unsigned long long) (blk + 7)
	      ^ (unsigned long long) in->set << 40
	      ^ (unsigned long long) in->fake_shape << 52;
  make_pattern (in, x, f, 0);
  in->rng.s = 0x9e3779b97f4a7c15ull * (unsigned long long) (in->fake + 3)
	      ^ (unsigned long long) blk << 32;
  if (!in->why)
    make_values (in, x);
  in->rng = saved;
  if (in->why)
    return;
  bind_sparse_to (in, x, f, v->name);
  for (long q = 0; q < x->nvals; q++)
    if (x->vblk[q])
      {
	in->mem.b[x->vblk[q]].fake = 1;
	in->mem.b[x->vblk[q]].name = v->name;	/* "its result depends on
						   'S'" */
      }
  for (int b = first; b < in->mem.n; b++)
    {
      in->mem.b[b].declared = 0;	/* outside them: the fake's doing */
      in->mem.b[b].in_fake = 1;
    }
}

int
vf_inputs_build (vf_inputs *in, vf_prog *prog, const sf_comp *comp,
		 const sf_format *formats, int nformats, int set,
		 unsigned seed, const vf_binding *bind)
{
  memset (in, 0, sizeof *in);
  sf_arena_init (&in->arena);
  in->prog = prog, in->comp = comp, in->formats = formats;
  in->nformats = nformats;
  in->rng.s = 0x9e3779b97f4a7c15ull ^ ((unsigned long long) seed << 20)
	      ^ (unsigned long long) (set + 1) * 0x2545f4914f6cdd1dull;
  in->set = set;
  in->fake = bind ? bind->fake : 0;
  in->fake_big = bind ? bind->fake_big : 0;
  in->fake_shape = bind ? bind->fake_shape : 0;
  in->full = bind ? bind->full : 0;
  make_blocks (in);
  choose_extents (in, set, bind && bind->distinct);
  for (int k = 0; k < prog->nvars && !in->why; k++)
    if (prog->vars[k].env)
      fill_unbound (in, k + 1, 0, prog->vars[k].type,
		    prog->vars[k].name ? prog->vars[k].name : "?");
  int out = comp->lhs->operand;
  for (int pass = 0; pass < 2 && !in->why; pass++)	/* inputs, then out */
    for (int op = 0; op < comp->noperands && !in->why; op++)
      {
	const sf_operand *o = &comp->operands[op];
	if ((op == out) != pass)
	  continue;
	if (o->kind == SF_OPERAND_SCALAR)
	  {
	    in->scalar[op] = o->vtype == SF_TY_INDEX || sf_ty_is_int (o->vtype)
			     ? 1 + (double) vf_rand (&in->rng, 3)
			     : random_value (in);
	    put_scalar (in, var_slot (in, o->name), in->scalar[op]);
	    continue;
	  }
	if (op != out && (!access_of (comp->rhs, op) || o->is_old))
	  continue;		/* an operand the computation does not use,
				   or the output's old values (reference.c
				   reads the output's image) */
	make_tensor (in, op);
	const sf_format *f = vf_operand_format (comp, formats, op);
	if (in->why)
	  break;
	if (f)
	  bind_sparse (in, op, f);
	else
	  bind_dense (in, op);
      }
  for (int k = 0; in->fake && k < prog->nvars && !in->why; k++)
    fake_sparse (in, k + 1);
  if (bind && !in->why)
    apply_binding (in, bind);
  for (int k = 0; in->fake && k < in->nfakes; k++)
    fake_array (in, in->fakes[k].blk, in->fakes[k].elem);
  for (int k = 0; in->fake && k < prog->nvars && !in->why; k++)
    fake_fixed (in, k + 1);
  return in->why != NULL;
}

void
vf_inputs_free (vf_inputs *in)
{
  vf_mem_free (&in->mem);
  free (in->bound);
  sf_arena_free (&in->arena);
}
