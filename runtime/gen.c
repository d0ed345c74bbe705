/* gen.c: seeded generators of sparse matrices, tensors and dense arrays
   for tests and benchmarks.

     sf_gen_rmat (10, 8.0, 0.57, 0.19, 0.19, 1, &g, &err)
       1024 x 1024 graph, 8192 edges drawn, repeats merged (nnz <= 8192),
       skewed like a social network (Graph500 parameters)
     sf_gen_uniform (3, (int64_t[]) { 100, 200, 300 }, 5000, 7, &t, &err)
       exactly 5000 distinct uniform coordinates
     sf_gen_powerlaw (3, dims, 5000, 1.2, 7, &t, &err)
       coordinates concentrated on low indices of every mode

   Every result is sorted with no repeated coordinates and values uniform
   in [-1, 1); the same seed gives the same result on every platform.
   Repeated draws keep the first draw's value.  */

#include "sf_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Rounds of fresh draws before a power-law generator settles for fewer
   distinct entries than asked.  */
#define MAX_ROUNDS 64

/* Return nonzero when entries J and K of A have equal coordinates.  */
static int
same_coords (const sf_coo *a, int64_t j, int64_t k)
{
  for (int m = 0; m < a->order; m++)
    if (a->crd[m][j] != a->crd[m][k])
      return 0;
  return 1;
}

/* Sort A and drop each entry whose coordinates equal its predecessor's,
   keeping the first drawn.  Return SF_OK or an error code.  */
static int
sort_unique (sf_coo *a, sf_error *err)
{
  int rc = sf_coo_sort (a, err);
  if (rc)
    return rc;
  int64_t j = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    if (j == 0 || !same_coords (a, j - 1, k))
      {
        for (int m = 0; m < a->order; m++)
          a->crd[m][j] = a->crd[m][k];
        a->vals[j++] = a->vals[k];
      }
  a->nnz = j;
  return SF_OK;
}

/* Return the row (*I) and column (*J) of one R-MAT edge of SCALE levels
   drawn from R with quadrant probabilities A, A+B, A+B+C (cumulative).  */
static void
rmat_edge (sfr_rng *r, int scale, double a, double ab, double abc,
           sf_crd_t *i, sf_crd_t *j)
{
  uint32_t row = 0, col = 0;
  for (int l = 0; l < scale; l++)
    {
      double u = sfr_rng_unit (r);
      row = row << 1 | (u >= ab);
      col = col << 1 | ((u >= a && u < ab) || u >= abc);
    }
  *i = (sf_crd_t) row;
  *j = (sf_crd_t) col;
}

/* Check the R-MAT parameters.  Return SF_OK or SF_ERR_INVALID.  */
static int
check_rmat (int scale, double avg, double a, double b, double c,
            sf_error *err)
{
  if (scale < 0 || scale > 30)
    return sfr_fail (err, SF_ERR_INVALID, "sf_gen_rmat: scale %d out of "
                     "range 0..30", scale);
  if (!(avg >= 0) || !(avg * (double) (1 << scale) < 0x1p62))
    return sfr_fail (err, SF_ERR_INVALID, "sf_gen_rmat: bad average %g "
                     "nonzeros per row", avg);
  if (!(a >= 0 && b >= 0 && c >= 0 && a + b + c <= 1 + 1e-12))
    return sfr_fail (err, SF_ERR_INVALID, "sf_gen_rmat: probabilities "
                     "a=%g b=%g c=%g must be >= 0 with a+b+c <= 1", a, b, c);
  return SF_OK;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_gen_rmat (int scale, double avg, double a, double b, double c,
             uint64_t seed, sf_coo *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_gen_rmat: OUT is NULL");
  memset (out, 0, sizeof *out);
  int rc = check_rmat (scale, avg, a, b, c, err);
  if (rc)
    return rc;
  int64_t n = (int64_t) 1 << scale, dims[2] = { n, n };
  int64_t m = llround (avg * (double) n);
  if ((rc = sf_coo_alloc (2, dims, m, out, err)))
    return rc;
  sfr_rng r;
  sfr_rng_seed (&r, seed);
  for (int64_t k = 0; k < m; k++)
    {
      rmat_edge (&r, scale, a, a + b, a + b + c, &out->crd[0][k],
                 &out->crd[1][k]);
      out->vals[k] = sfr_rng_value (&r);
    }
  if ((rc = sort_unique (out, err)))
    sf_coo_free (out);
  return rc ? rc : sfr_ok (err);
}

/* Check ORDER, DIMS and NNZ of a tensor generator and store the number of
   positions (saturated at 2^62) in *TOTAL.  Return SF_OK or an error
   code.  */
static int
check_tensor (const char *who, int order, const int64_t *dims, int64_t nnz,
              int64_t *total, sf_error *err)
{
  int rc = sfr_check_order (order, NULL, err);
  if (rc)
    return rc;
  if (!dims || nnz < 0)
    return sfr_fail (err, SF_ERR_INVALID, "%s: %s", who,
                     dims ? "negative nnz" : "DIMS is NULL");
  *total = 1;
  for (int m = 0; m < order; m++)
    {
      if (dims[m] < 0 || dims[m] > SF_DIM_MAX)
        return sfr_fail (err, SF_ERR_RANGE, "%s: extent %lld of mode %d "
                         "not in 0..%d", who, (long long) dims[m], m,
                         SF_DIM_MAX);
      *total = dims[m] && *total > ((int64_t) 1 << 62) / dims[m]
                 ? (int64_t) 1 << 62 : *total * dims[m];
    }
  if (nnz > *total)
    return sfr_fail (err, SF_ERR_RANGE, "%s: %lld nonzeros asked, the "
                     "tensor has only %lld positions", who, (long long) nnz,
                     (long long) *total);
  return SF_OK;
}

/* Store into entry K of A the coordinates of linear (row-major) index X.  */
static void
unlinearize (sf_coo *a, int64_t k, int64_t x)
{
  for (int m = a->order - 1; m >= 0; m--)
    {
      a->crd[m][k] = (sf_crd_t) (x % a->dims[m]);
      x /= a->dims[m];
    }
}

/* Fill A (room for A->nnz entries) with A->nnz of its TOTAL positions by
   selection sampling (Knuth's algorithm S), which yields them sorted.  */
static void
select_positions (sf_coo *a, int64_t total, sfr_rng *r)
{
  int64_t need = a->nnz, k = 0;
  for (int64_t x = 0; x < total && need > 0; x++)
    if ((double) (total - x) * sfr_rng_unit (r) < (double) need)
      {
        unlinearize (a, k, x);
        a->vals[k++] = sfr_rng_value (r);
        need--;
      }
}

/* A sampler of one coordinate per mode: uniform (ALPHA 0) or power law.  */
typedef struct sampler
{
  double alpha, span[SF_MAX_ORDER];
} sampler;

/* Return a coordinate of mode M of A drawn from S with R.  */
static sf_crd_t
draw (const sampler *s, const sf_coo *a, int m, sfr_rng *r)
{
  int64_t n = a->dims[m];
  if (s->alpha == 0)
    return (sf_crd_t) sfr_rng_below (r, n);
  double u = sfr_rng_unit (r), q = 1.0 - s->alpha, x;
  if (fabs (q) < 1e-12)
    x = exp (u * s->span[m]);
  else
    x = pow (u * s->span[m] + 1.0, 1.0 / q);
  int64_t c = (int64_t) x - 1;
  return (sf_crd_t) (c < 0 ? 0 : c >= n ? n - 1 : c);
}

/* Draw fresh entries into A's slots HAVE..WANT-1, then sort and merge.
   Return SF_OK or an error code.  */
static int
draw_round (sf_coo *a, const sampler *s, int64_t have, int64_t want,
            sfr_rng *r, sf_error *err)
{
  for (int64_t k = have; k < want; k++)
    {
      for (int m = 0; m < a->order; m++)
        a->crd[m][k] = draw (s, a, m, r);
      a->vals[k] = sfr_rng_value (r);
    }
  a->nnz = want;
  return sort_unique (a, err);
}

/* Generate NNZ entries of A by rounds of draws from S until NNZ distinct
   ones exist or (for a power law) the rounds run out.  Return SF_OK or an
   error code.  */
static int
draw_until (sf_coo *a, const sampler *s, int64_t nnz, sfr_rng *r,
            sf_error *err)
{
  int64_t have = 0;
  for (int round = 0; have < nnz; round++)
    {
      if (s->alpha != 0 && round == MAX_ROUNDS)
        break;
      int rc = draw_round (a, s, have, nnz, r, err);
      if (rc)
        return rc;
      if (a->nnz == have && s->alpha != 0)
        break;
      have = a->nnz;
    }
  for (int m = 0; m < a->order; m++)
    sfr_shrink ((void **) &a->crd[m], a->nnz, sizeof (sf_crd_t));
  sfr_shrink ((void **) &a->vals, a->nnz, sizeof (double));
  return SF_OK;
}

/* The common body of the tensor generators, with S's spans to be set from
   the extents.  Return SF_OK or an error code.  */
static int
gen_tensor (const char *who, int order, const int64_t *dims, int64_t nnz,
            sampler *s, uint64_t seed, sf_coo *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "%s: OUT is NULL", who);
  memset (out, 0, sizeof *out);
  int64_t total = 0;
  int rc = check_tensor (who, order, dims, nnz, &total, err);
  if (rc || (rc = sf_coo_alloc (order, dims, nnz, out, err)))
    return rc;
  double q = 1.0 - s->alpha;
  for (int m = 0; m < order; m++)
    s->span[m] = fabs (q) < 1e-12 ? log ((double) dims[m] + 1.0)
                                  : pow ((double) dims[m] + 1.0, q) - 1.0;
  sfr_rng r;
  sfr_rng_seed (&r, seed);
  if (s->alpha == 0 && total <= 2 * nnz)
    select_positions (out, total, &r);
  else if ((rc = draw_until (out, s, nnz, &r, err)))
    sf_coo_free (out);
  return rc ? rc : sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_gen_uniform (int order, const int64_t *dims, int64_t nnz, uint64_t seed,
                sf_coo *out, sf_error *err)
{
  sampler s = { 0, { 0 } };
  return gen_tensor ("sf_gen_uniform", order, dims, nnz, &s, seed, out,
                     err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_gen_powerlaw (int order, const int64_t *dims, int64_t nnz, double alpha,
                 uint64_t seed, sf_coo *out, sf_error *err)
{
  if (!(alpha >= 0 && alpha <= 100))
    {
      if (out)
        memset (out, 0, sizeof *out);
      return sfr_fail (err, SF_ERR_INVALID, "sf_gen_powerlaw: alpha %g not "
                       "in 0..100", alpha);
    }
  sampler s = { alpha, { 0 } };
  return gen_tensor ("sf_gen_powerlaw", order, dims, nnz, &s, seed, out,
                     err);
}

/* Return SF_OK or SF_ERR_INVALID; see sparsefuse.h.  */
int
sf_gen_dense (double *x, size_t n, uint64_t seed)
{
  if (!x && n > 0)
    return SF_ERR_INVALID;
  sfr_rng r;
  sfr_rng_seed (&r, seed);
  for (size_t i = 0; i < n; i++)
    x[i] = sfr_rng_value (&r);
  return SF_OK;
}
