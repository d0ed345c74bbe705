/* Support of the generated end-to-end lowering tests (see lower_rt.h).

   A sparse operand is drawn as a dense tensor (values in [-1, 1], never
   0) and stored level by level, e.g. CSR of
       [ 0 a 0 ]          level 0 dense:       positions 0..1
       [ b 0 c ]          level 1 compressed:  pos {0,1,3} crd {1,0,2}
   with values {a, b, c}; a coo level gives every entry its own position
   and singleton levels below it a coordinate per position.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lower_rt.h"

/* ---- random numbers ---- */

static unsigned rt_state = 1;

/* Return the next pseudo-random 32-bit number.  */
static unsigned
rt_rand (void)
{
  rt_state ^= rt_state << 13;
  rt_state ^= rt_state >> 17;
  rt_state ^= rt_state << 5;
  return rt_state;
}

/* Return a random integer in [LO, HI].  */
static int64_t
rt_between (int64_t lo, int64_t hi)
{
  return hi <= lo ? lo : lo + (int64_t) (rt_rand () % (unsigned) (hi - lo + 1));
}

/* Return a random value in [-1, 1], never 0 (rounded to float when
   IS_FLOAT, so that the reference sees the stored value).  */
static double
rt_value (int is_float)
{
  double v = ((double) (rt_rand () % 2000001u) - 1000000.0) / 1000000.0;
  if (v == 0.0)
    v = 0.5;
  return is_float ? (double) (float) v : v;
}

/* Return a zeroed block of N elements of SIZE bytes (never NULL).  */
static void *
rt_alloc (int64_t n, size_t size)
{
  void *p = calloc ((size_t) (n > 0 ? n : 1), size);
  if (!p)
    {
      fprintf (stderr, "out of memory\n");
      exit (2);
    }
  return p;
}

void
rt_case_init (rt_case *c, unsigned seed, int shape, int nidx)
{
  memset (c, 0, sizeof *c);
  const char *extra = getenv ("LOWER_SEED");
  if (extra)
    seed += 104729u * (unsigned) strtoul (extra, NULL, 10);
  c->seed = seed;
  c->shape = shape;
  rt_state = seed * 2654435761u + 12345u;
  if (!rt_state)
    rt_state = 1;
  for (int v = 0; v < nidx && v < RT_MAX_IDX; v++)
    c->ext[v] = shape == 0 ? rt_between (2, 9)
		: shape == 1 ? rt_between (5, 11)
		: shape == 2 ? rt_between (1, 5)
		: shape == 3 ? rt_between (1, 4) : rt_between (10, 16);
}

void
rt_case_free (rt_case *c)
{
  for (int o = 0; o < RT_MAX_OPS; o++)
    {
      rt_operand *p = &c->op[o];
      free (p->dense);
      free (p->data);
      for (int l = 0; l < 8; l++)
	{
	  free (p->sp.pos[l]);
	  free (p->sp.crd[l]);
	}
      free (p->sp.vals);
      free (p->sp.coords);
    }
  free (c->ref);
}

/* Set the rank, dims and dense copy size of operand O over IDX.  */
static void
rt_shape (rt_case *c, int o, int rank, const int *idx)
{
  rt_operand *p = &c->op[o];
  p->rank = rank;
  p->size = 1;
  for (int d = 0; d < rank; d++)
    {
      p->idx[d] = idx[d];
      p->dims[d] = c->ext[idx[d]];
      p->size *= p->dims[d];
    }
}

/* Return the offset in the layout of operand P of logical row-major
   element X.  */
static int64_t
rt_layout_offset (const rt_operand *p, int64_t x)
{
  if (!p->colmajor)
    return x;
  int64_t co[8], off = 0, stride = 1;
  for (int d = p->rank - 1; d >= 0; d--)
    {
      co[d] = x % p->dims[d];
      x /= p->dims[d];
    }
  for (int d = 0; d < p->rank; d++)
    {
      off += co[d] * stride;
      stride *= p->dims[d];
    }
  return off;
}

void
rt_dense_operand (rt_case *c, int o, int rank, const int *idx, int is_float,
		  int colmajor)
{
  rt_operand *p = &c->op[o];
  p->kind = 0;
  p->is_float = is_float;
  p->colmajor = colmajor;
  rt_shape (c, o, rank, idx);
  p->dense = rt_alloc (p->size, sizeof (double));
  p->data = rt_alloc (p->size, is_float ? sizeof (float) : sizeof (double));
  for (int64_t x = 0; x < p->size; x++)
    {
      double v = rt_value (is_float);
      p->dense[x] = v;
      int64_t at = rt_layout_offset (p, x);
      if (is_float)
	((float *) p->data)[at] = (float) v;
      else
	((double *) p->data)[at] = v;
    }
}

void
rt_scalar_operand (rt_case *c, int o, int is_float, int is_int)
{
  rt_operand *p = &c->op[o];
  p->kind = 2;
  p->is_float = is_float;
  p->is_int = is_int;
  p->scalar = is_int ? (double) rt_between (-3, 5) : rt_value (is_float);
}

/* ---- sparse tensors ---- */

/* One nonzero while building: coordinates in level order, logical
   coordinates, value.  */
typedef struct rt_entry
{
  int64_t lc[8], co[8];
  double v;
} rt_entry;

static int rt_sort_levels;

/* qsort order of entries: lexicographic in level order.  */
static int
rt_entry_cmp (const void *x, const void *y)
{
  const rt_entry *a = x, *b = y;
  for (int l = 0; l < rt_sort_levels; l++)
    if (a->lc[l] != b->lc[l])
      return a->lc[l] < b->lc[l] ? -1 : 1;
  return 0;
}

/* Return the entries of the dense copy of P (a sparse operand whose
   format is set) sorted in level order; *N gets their number.  */
static rt_entry *
rt_entries (const rt_operand *p, int64_t *n)
{
  rt_entry *e = rt_alloc (p->size, sizeof (rt_entry));
  *n = 0;
  for (int64_t x = 0; x < p->size; x++)
    {
      if (p->dense[x] == 0.0)
	continue;
      rt_entry *t = &e[(*n)++];
      int64_t r = x;
      for (int d = p->rank - 1; d >= 0; d--)
	{
	  t->co[d] = r % p->dims[d];
	  r /= p->dims[d];
	}
      for (int l = 0; l < p->sp.nlevels; l++)
	t->lc[l] = t->co[p->sp.modes[l]];
      t->v = p->dense[x];
    }
  rt_sort_levels = p->sp.nlevels;
  qsort (e, (size_t) *n, sizeof (rt_entry), rt_entry_cmp);
  return e;
}

/* Build compressed level L of S from entries E[0..N) with parent
   positions PP (updated to the new positions); return the number of
   positions.  */
static int64_t
rt_build_compressed (rt_sparse *s, int l, rt_entry *e, int64_t n, int64_t *pp,
		     int64_t npar)
{
  s->pos[l] = rt_alloc (npar + 1, sizeof (int64_t));
  s->npos[l] = npar + 1;
  s->crd[l] = rt_alloc (n, sizeof (int64_t));
  int64_t np = 0, prev_p = -1, prev_c = -1;
  for (int64_t k = 0; k < n; k++)
    {
      if (pp[k] != prev_p || e[k].lc[l] != prev_c)
	{
	  s->crd[l][np++] = e[k].lc[l];
	  s->pos[l][pp[k] + 1]++;
	  prev_p = pp[k];
	  prev_c = e[k].lc[l];
	}
      pp[k] = np - 1;
    }
  for (int64_t p = 0; p < npar; p++)
    s->pos[l][p + 1] += s->pos[l][p];
  s->ncrd[l] = np;
  return np;
}

/* Record logical coordinates of every value position of S below level L
   at parent position P, coordinates so far in CO.  */
static void
rt_walk (rt_sparse *s, int rank, int l, int64_t p, int64_t *co)
{
  if (l == s->nlevels)
    {
      memcpy (&s->coords[p * rank], co, sizeof (int64_t) * (size_t) rank);
      return;
    }
  int m = s->modes[l];
  switch (s->kinds[l])
    {
    case 0:
      for (int64_t c = 0; c < s->dims[m]; c++)
	co[m] = c, rt_walk (s, rank, l + 1, p * s->dims[m] + c, co);
      break;
    case 1:
      for (int64_t q = s->pos[l][p]; q < s->pos[l][p + 1]; q++)
	co[m] = s->crd[l][q], rt_walk (s, rank, l + 1, q, co);
      break;
    case 2:
      co[m] = s->crd[l][p];
      rt_walk (s, rank, l + 1, p, co);
      break;
    default:
      for (int64_t q = 0; q < s->nnz; q++)
	co[m] = s->crd[l][q], rt_walk (s, rank, l + 1, q, co);
      break;
    }
}

/* Store the dense copy of sparse operand P into its levels.  */
static void
rt_build (rt_operand *p)
{
  rt_sparse *s = &p->sp;
  int64_t n, npar = 1;
  rt_entry *e = rt_entries (p, &n);
  int64_t *pp = rt_alloc (n, sizeof (int64_t));
  for (int d = 0; d < p->rank; d++)
    s->dims[d] = p->dims[d];
  for (int l = 0; l < s->nlevels; l++)
    {
      int64_t N = p->dims[s->modes[l]];
      if (s->kinds[l] == 0)
	{
	  for (int64_t k = 0; k < n; k++)
	    pp[k] = pp[k] * N + e[k].lc[l];
	  npar *= N;
	}
      else if (s->kinds[l] == 1)
	npar = rt_build_compressed (s, l, e, n, pp, npar);
      else
	{
	  s->crd[l] = rt_alloc (n, sizeof (int64_t));
	  s->ncrd[l] = n;
	  for (int64_t k = 0; k < n; k++)
	    {
	      if (s->kinds[l] == 3)
		pp[k] = k;
	      s->crd[l][pp[k]] = e[k].lc[l];
	    }
	  if (s->kinds[l] == 3)
	    s->nnz = npar = n;
	}
    }
  s->nvals = npar;
  s->vals = rt_alloc (npar, sizeof (double));
  for (int64_t k = 0; k < n; k++)
    s->vals[pp[k]] = e[k].v;
  s->coords = rt_alloc (npar * p->rank, sizeof (int64_t));
  int64_t co[8] = { 0 };
  rt_walk (s, p->rank, 0, 0, co);
  for (int l = 0; l < s->nlevels; l++)
    {
      for (int64_t k = 0; s->crd[l] && k < s->ncrd[l]; k++)
	s->crd[l][k] += s->base;
      for (int64_t k = 0; s->pos[l] && k < s->npos[l]; k++)
	s->pos[l][k] += s->base;
    }
  free (pp);
  free (e);
}

/* Draw the dense copy of sparse operand P: density DENSITY, then the
   case's SHAPE (1: every third outer slice kept only, 2: empty, 3: one
   entry).  */
static void
rt_draw (rt_operand *p, int shape, double density)
{
  for (int64_t x = 0; x < p->size; x++)
    p->dense[x] = (rt_rand () % 1000u) < (unsigned) (density * 1000.0)
		  ? rt_value (p->is_float) : 0.0;
  for (int64_t x = 0; x < p->size; x++)
    {
      int64_t r = x, co[8];
      for (int d = p->rank - 1; d >= 0; d--)
	co[d] = r % p->dims[d], r /= p->dims[d];
      int64_t slice = co[p->sp.modes[0]];
      if ((shape == 1 && slice % 3 != 0) || shape == 2 || shape == 3)
	p->dense[x] = 0.0;
    }
  if (shape == 3 && p->size > 0)
    p->dense[rt_between (0, p->size - 1)] = rt_value (p->is_float);
}

void
rt_sparse_operand (rt_case *c, int o, int rank, const int *idx, int nlevels,
		   const int *kinds, const int *modes, int base, int is_float,
		   double density)
{
  rt_operand *p = &c->op[o];
  p->kind = 1;
  p->is_float = is_float;
  rt_shape (c, o, rank, idx);
  p->sp.nlevels = nlevels;
  p->sp.base = base;
  memcpy (p->sp.kinds, kinds, sizeof (int) * (size_t) nlevels);
  memcpy (p->sp.modes, modes, sizeof (int) * (size_t) nlevels);
  p->dense = rt_alloc (p->size, sizeof (double));
  rt_draw (p, c->shape, density);
  rt_build (p);
}

/* Free the level arrays of S.  */
static void
rt_sparse_clear (rt_sparse *s)
{
  for (int l = 0; l < 8; l++)
    {
      free (s->pos[l]);
      free (s->crd[l]);
      s->pos[l] = s->crd[l] = NULL;
    }
  free (s->vals);
  free (s->coords);
  s->vals = NULL;
  s->coords = NULL;
}

/* Return the linear number of the tuple of KEY indices (NKEY of them,
   extents in C) taken from coordinates CO of an operand over IDX (RANK
   dims); -1 when the operand lacks one of them.  */
static int64_t
rt_key (const rt_case *c, const int *key, int nkey, const int *idx, int rank,
	const int64_t *co)
{
  int64_t x = 0;
  for (int k = 0; k < nkey; k++)
    {
      int d = 0;
      while (d < rank && idx[d] != key[k])
	d++;
      if (d == rank)
	return -1;
      x = x * c->ext[key[k]] + co[d];
    }
  return x;
}

/* Split row-major element X of operand P into coordinates CO.  */
static void
rt_coords (const rt_operand *p, int64_t x, int64_t *co)
{
  for (int d = p->rank - 1; d >= 0; d--)
    co[d] = x % p->dims[d], x /= p->dims[d];
}

void
rt_sparse_pattern_like (rt_case *c, int o, int from, int nkey)
{
  rt_operand *p = &c->op[o], *f = &c->op[from];
  int key[8];
  int64_t nt = 1, co[8];
  for (int k = 0; k < nkey; k++)
    key[k] = p->idx[p->sp.modes[k]], nt *= c->ext[key[k]];
  char *seen = rt_alloc (nt, 1);
  for (int64_t x = 0; x < f->size; x++)
    if (f->dense[x] != 0.0)
      {
	rt_coords (f, x, co);
	int64_t t = rt_key (c, key, nkey, f->idx, f->rank, co);
	if (t >= 0)
	  seen[t] = 1;
      }
  rt_sparse_clear (&p->sp);
  for (int64_t x = 0; x < p->size; x++)
    {
      rt_coords (p, x, co);
      int64_t t = rt_key (c, key, nkey, p->idx, p->rank, co);
      p->dense[x] = t >= 0 && seen[t] ? rt_value (p->is_float) : 0.0;
    }
  free (seen);
  rt_build (p);
}

void
rt_ref_init (rt_case *c, int o, int accumulate)
{
  rt_operand *p = &c->op[o];
  c->ref = rt_alloc (p->size, sizeof (double));
  if (accumulate)
    memcpy (c->ref, p->dense, sizeof (double) * (size_t) p->size);
}

void
rt_sparse_values_back (rt_case *c, int o, const void *vals)
{
  rt_sparse *s = &c->op[o].sp;
  for (int64_t k = 0; k < s->nvals; k++)
    s->vals[k] = c->op[o].is_float ? (double) ((const float *) vals)[k]
		 : ((const double *) vals)[k];
}

/* Return the kernel's value of dense operand P at logical element X.  */
static double
rt_dense_result (const rt_operand *p, int64_t x)
{
  int64_t at = rt_layout_offset (p, x);
  return p->is_float ? (double) ((float *) p->data)[at]
	 : ((double *) p->data)[at];
}

/* Return the row-major logical element of coordinates CO in P.  */
static int64_t
rt_linear (const rt_operand *p, const int64_t *co)
{
  int64_t x = 0;
  for (int d = 0; d < p->rank; d++)
    x = x * p->dims[d] + co[d];
  return x;
}

int
rt_compare (rt_case *c, int o, char *why, size_t size)
{
  rt_operand *p = &c->op[o];
  double scale = 1.0, worst = 0.0, tol = p->is_float ? 2e-5 : 1e-12;
  for (int64_t x = 0; x < p->size; x++)
    scale = fmax (scale, fabs (c->ref[x]));
  int64_t n = p->kind == 1 ? p->sp.nvals : p->size, bad = -1;
  for (int64_t k = 0; k < n; k++)
    {
      int64_t x = p->kind == 1 ? rt_linear (p, &p->sp.coords[k * p->rank]) : k;
      double got = p->kind == 1 ? p->sp.vals[k] : rt_dense_result (p, x);
      double err = fabs (got - c->ref[x]) / scale;
      if (!(err <= worst))
	{
	  worst = err;
	  bad = k;
	}
      if (err != err)
	worst = INFINITY;
    }
  if (worst <= tol)
    return 0;
  int64_t x = p->kind == 1 ? rt_linear (p, &p->sp.coords[bad * p->rank]) : bad;
  snprintf (why, size, "element %lld is %.17g, expected %.17g (relative "
	    "error %.3g, seed %u, data set %d)", (long long) x,
	  p->kind == 1 ? p->sp.vals[bad] : rt_dense_result (p, x), c->ref[x],
	  worst, c->seed, c->shape);
  return 1;
}

int32_t *
rt_idx32 (const int64_t *v, int64_t n)
{
  int32_t *a = rt_alloc (n, sizeof (int32_t));
  for (int64_t k = 0; k < n; k++)
    a[k] = (int32_t) v[k];
  return a;
}

int64_t *
rt_idx64 (const int64_t *v, int64_t n)
{
  int64_t *a = rt_alloc (n, sizeof (int64_t));
  if (n > 0)
    memcpy (a, v, sizeof (int64_t) * (size_t) n);
  return a;
}

void *
rt_vals (const rt_sparse *s, int is_float)
{
  if (!is_float)
    {
      double *d = rt_alloc (s->nvals, sizeof (double));
      for (int64_t k = 0; k < s->nvals; k++)
	d[k] = s->vals[k];
      return d;
    }
  float *f = rt_alloc (s->nvals, sizeof (float));
  for (int64_t k = 0; k < s->nvals; k++)
    f[k] = (float) s->vals[k];
  return f;
}
