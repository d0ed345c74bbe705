/* coo.c: coordinate lists: allocation, range checks, stable sorting and
   merging of repeated entries.

     entries (file order)   (2,0) 1.0   (0,3) 2.0   (2,0) 4.0   (0,1) 8.0
     sf_coo_sort            (0,1) 8.0   (0,3) 2.0   (2,0) 1.0   (2,0) 4.0
     sf_coo_sum_duplicates  (0,1) 8.0   (0,3) 2.0   (2,0) 5.0

   Sorting computes a permutation by least-significant-digit radix sort:
   the modes from the last compared to the first, each in one to three
   stable counting passes of at most 11 bits, so n entries sort in
   O(order * n) time whatever the extents; input already in order costs
   one comparison pass.  The converters use the permutation directly and
   leave their (const) input alone.  */

#include "sf_internal.h"

#include <stdlib.h>
#include <string.h>

#define DIGIT_BITS 11

/* Check that ORDER is 1..SF_MAX_ORDER and MODE_ORDER (if not NULL) a
   permutation of 0..ORDER-1.  Return SF_OK or SF_ERR_INVALID.  */
int
sfr_check_order (int order, const int *mode_order, sf_error *err)
{
  if (order < 1 || order > SF_MAX_ORDER)
    return sfr_fail (err, SF_ERR_INVALID, "order %d out of range 1..%d",
                     order, SF_MAX_ORDER);
  if (!mode_order)
    return SF_OK;
  int seen[SF_MAX_ORDER] = { 0 };
  for (int l = 0; l < order; l++)
    {
      int m = mode_order[l];
      if (m < 0 || m >= order || seen[m]++)
        return sfr_fail (err, SF_ERR_INVALID, "mode order entry %d (= %d) "
                         "does not make a permutation of 0..%d", l, m,
                         order - 1);
    }
  return SF_OK;
}

/* Check A's order, extents and pointers, and that every coordinate lies
   within its extent.  Return SF_OK or an error code.  */
int
sfr_coo_check_ranges (const sf_coo *a, sf_error *err)
{
  if (!a)
    return sfr_fail (err, SF_ERR_INVALID, "coo: NULL tensor");
  int rc = sfr_check_order (a->order, NULL, err);
  if (rc)
    return rc;
  if (a->nnz < 0 || (a->nnz > 0 && !a->vals))
    return sfr_fail (err, SF_ERR_INVALID, "coo: nnz %lld with %s vals",
                     (long long) a->nnz, a->vals ? "non-NULL" : "NULL");
  for (int m = 0; m < a->order; m++)
    {
      if (a->dims[m] < 0 || a->dims[m] > SF_DIM_MAX)
        return sfr_fail (err, SF_ERR_INVALID, "coo: extent of mode %d is "
                         "%lld, not in 0..%d", m, (long long) a->dims[m],
                         SF_DIM_MAX);
      if (a->nnz > 0 && !a->crd[m])
        return sfr_fail (err, SF_ERR_INVALID, "coo: crd[%d] is NULL", m);
      for (int64_t k = 0; k < a->nnz; k++)
        if (a->crd[m][k] < 0 || a->crd[m][k] >= a->dims[m])
          return sfr_fail (err, SF_ERR_STRUCTURE, "coo: entry %lld: mode %d "
                           "coordinate %d out of range 0..%lld",
                           (long long) k, m, a->crd[m][k],
                           (long long) a->dims[m] - 1);
    }
  return SF_OK;
}

/* Allocate A's coordinate and value arrays for CAP entries (zeroed), for
   A->order modes.  Return SF_OK or SF_ERR_NOMEM (arrays made so far stay
   in A for sf_coo_free).  */
int
sfr_coo_alloc_arrays (sf_coo *a, int64_t cap)
{
  for (int m = 0; m < a->order; m++)
    if (!(a->crd[m] = sfr_calloc (cap, sizeof (sf_crd_t))))
      return SF_ERR_NOMEM;
  return (a->vals = sfr_calloc (cap, sizeof (double))) ? SF_OK
                                                       : SF_ERR_NOMEM;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_alloc (int order, const int64_t *dims, int64_t nnz, sf_coo *out,
              sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_coo_alloc: OUT is NULL");
  memset (out, 0, sizeof *out);
  int rc = sfr_check_order (order, NULL, err);
  if (rc)
    return rc;
  if (!dims || nnz < 0)
    return sfr_fail (err, SF_ERR_INVALID, "sf_coo_alloc: %s",
                     dims ? "negative nnz" : "DIMS is NULL");
  out->order = order;
  for (int m = 0; m < order; m++)
    if ((out->dims[m] = dims[m]) < 0 || dims[m] > SF_DIM_MAX)
      {
        memset (out, 0, sizeof *out);
        return sfr_fail (err, SF_ERR_RANGE, "extent %lld of mode %d not in "
                         "0..%d", (long long) dims[m], m, SF_DIM_MAX);
      }
  out->nnz = nnz;
  if (sfr_coo_alloc_arrays (out, nnz))
    {
      sf_coo_free (out);
      return sfr_nomem (err, "coo entries", nnz);
    }
  return sfr_ok (err);
}

/* Return nonzero when entries K-1 and K of A are in order (<=) comparing
   the modes MODE_ORDER[0], MODE_ORDER[1], ...  */
static inline int
in_order (const sf_coo *a, const int *mode_order, int64_t k)
{
  for (int l = 0; l < a->order; l++)
    {
      const sf_crd_t *c = a->crd[mode_order[l]];
      if (c[k - 1] != c[k])
        return c[k - 1] < c[k];
    }
  return 1;
}

/* Return nonzero when A is sorted by MODE_ORDER.  */
static int
sorted_by (const sf_coo *a, const int *mode_order)
{
  for (int64_t k = 1; k < a->nnz; k++)
    if (!in_order (a, mode_order, k))
      return 0;
  return 1;
}

/* Return the number of bits needed for coordinates below EXTENT.  */
static int
bits_below (int64_t extent)
{
  int b = 0;
  while (b < 63 && ((int64_t) 1 << b) < extent)
    b++;
  return b;
}

/* One stable counting pass: OUT = IN ordered by bits SHIFT..SHIFT+WIDTH-1
   of KEY[IN[k]].  Return 1 if it moved anything (0: IN is still valid).  */
static int
counting_pass (const sf_crd_t *key, const int64_t *in, int64_t *out,
               int64_t n, int shift, int width)
{
  int64_t count[1 << DIGIT_BITS];
  uint32_t mask = (1u << width) - 1;
  memset (count, 0, sizeof (int64_t) << width);
  for (int64_t k = 0; k < n; k++)
    count[((uint32_t) key[in[k]] >> shift) & mask]++;
  int64_t sum = 0;
  for (uint32_t d = 0; d <= mask; d++)
    {
      if (count[d] == n)
        return 0;
      int64_t c = count[d];
      count[d] = sum;
      sum += c;
    }
  for (int64_t k = 0; k < n; k++)
    out[count[((uint32_t) key[in[k]] >> shift) & mask]++] = in[k];
  return 1;
}

/* Radix-sort the permutation *P (scratch *T) by mode M of A.  */
static void
sort_mode (const sf_coo *a, int m, int64_t **p, int64_t **t)
{
  int bits = bits_below (a->dims[m]);
  if (bits == 0)
    return;
  int passes = (bits + DIGIT_BITS - 1) / DIGIT_BITS;
  int width = (bits + passes - 1) / passes;
  for (int shift = 0; shift < bits; shift += width)
    if (counting_pass (a->crd[m], *p, *t, a->nnz, shift, width))
      {
        int64_t *x = *p;
        *p = *t;
        *t = x;
      }
}

/* Compute in *PERM the stable order of A's entries by the modes
   MODE_ORDER[0], MODE_ORDER[1], ... (NULL: identity).  *PERM is NULL when
   A is in that order already.  A must have passed sfr_coo_check_ranges.
   Return SF_OK or SF_ERR_NOMEM.  */
int
sfr_coo_perm (const sf_coo *a, const int *mode_order, int64_t **perm,
              sf_error *err)
{
  int ident[SF_MAX_ORDER];
  for (int m = 0; m < SF_MAX_ORDER; m++)
    ident[m] = m;
  if (!mode_order)
    mode_order = ident;
  *perm = NULL;
  if (sorted_by (a, mode_order))
    return SF_OK;
  int64_t *p = sfr_alloc (a->nnz, sizeof *p);
  int64_t *t = sfr_alloc (a->nnz, sizeof *t);
  if (!p || !t)
    {
      free (p);
      free (t);
      return sfr_nomem (err, "sort indices", 2 * a->nnz);
    }
  for (int64_t k = 0; k < a->nnz; k++)
    p[k] = k;
  for (int l = a->order - 1; l >= 0; l--)
    sort_mode (a, mode_order[l], &p, &t);
  free (t);
  *perm = p;
  return SF_OK;
}

/* Return a copy of the N elements of SIZE bytes at SRC gathered through
   PERM, or NULL when memory is short.  */
static void *
gather (const void *src, const int64_t *perm, int64_t n, size_t size)
{
  void *dst = sfr_alloc (n, size);
  if (!dst)
    return NULL;
  if (size == sizeof (double))
    for (int64_t k = 0; k < n; k++)
      ((double *) dst)[k] = ((const double *) src)[perm[k]];
  else
    for (int64_t k = 0; k < n; k++)
      ((sf_crd_t *) dst)[k] = ((const sf_crd_t *) src)[perm[k]];
  return dst;
}

/* Reorder A's entries so that entry k becomes old entry PERM[k].  Return
   SF_OK or SF_ERR_NOMEM (A unchanged then).  */
int
sfr_coo_apply_perm (sf_coo *a, const int64_t *perm, sf_error *err)
{
  void *fresh[SF_MAX_ORDER + 1] = { 0 };
  for (int m = 0; m <= a->order; m++)
    {
      int is_vals = m == a->order;
      fresh[m] = is_vals ? gather (a->vals, perm, a->nnz, sizeof (double))
                         : gather (a->crd[m], perm, a->nnz,
                                   sizeof (sf_crd_t));
      if (!fresh[m])
        {
          for (int q = 0; q < m; q++)
            free (fresh[q]);
          return sfr_nomem (err, "coo entries", a->nnz);
        }
    }
  for (int m = 0; m < a->order; m++)
    {
      free (a->crd[m]);
      a->crd[m] = fresh[m];
    }
  free (a->vals);
  a->vals = fresh[a->order];
  return SF_OK;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_sort_by (sf_coo *a, const int *mode_order, sf_error *err)
{
  int rc = sfr_coo_check_ranges (a, err);
  if (!rc)
    rc = sfr_check_order (a->order, mode_order, err);
  int64_t *perm = NULL;
  if (!rc)
    rc = sfr_coo_perm (a, mode_order, &perm, err);
  if (!rc && perm)
    rc = sfr_coo_apply_perm (a, perm, err);
  free (perm);
  return rc ? rc : sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_sort (sf_coo *a, sf_error *err)
{
  return sf_coo_sort_by (a, NULL, err);
}

/* Return nonzero when entries J and K of A have equal coordinates.  */
static inline int
same_coords (const sf_coo *a, int64_t j, int64_t k)
{
  for (int m = 0; m < a->order; m++)
    if (a->crd[m][j] != a->crd[m][k])
      return 0;
  return 1;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_sum_duplicates (sf_coo *a, sf_error *err)
{
  int rc = sf_coo_sort (a, err);
  if (rc)
    return rc;
  int64_t j = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    {
      if (j > 0 && same_coords (a, j - 1, k))
        {
          a->vals[j - 1] += a->vals[k];
          continue;
        }
      for (int m = 0; m < a->order; m++)
        a->crd[m][j] = a->crd[m][k];
      a->vals[j++] = a->vals[k];
    }
  a->nnz = j;
  for (int m = 0; m < a->order; m++)
    sfr_shrink ((void **) &a->crd[m], j, sizeof (sf_crd_t));
  sfr_shrink ((void **) &a->vals, j, sizeof (double));
  return sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_to_dense (const sf_coo *a, double *x, size_t n, sf_error *err)
{
  int rc = sfr_coo_check_ranges (a, err);
  if (rc)
    return rc;
  uint64_t total = 1;
  for (int m = 0; m < a->order; m++)
    {
      if (a->dims[m] && total > UINT64_MAX / (uint64_t) a->dims[m])
        return sfr_fail (err, SF_ERR_RANGE, "coo_to_dense: size overflows");
      total *= (uint64_t) a->dims[m];
    }
  if (total != n || (n && !x))
    return sfr_fail (err, SF_ERR_INVALID, "coo_to_dense: array of %zu "
                     "doubles%s given, %llu needed", n, x ? "" : " (NULL)",
                     (unsigned long long) total);
  memset (x, 0, n * sizeof *x);
  for (int64_t k = 0; k < a->nnz; k++)
    {
      uint64_t at = 0;
      for (int m = 0; m < a->order; m++)
        at = at * (uint64_t) a->dims[m] + (uint64_t) a->crd[m][k];
      x[at] += a->vals[k];
    }
  return sfr_ok (err);
}

/* Free A's arrays and zero A.  */
void
sf_coo_free (sf_coo *a)
{
  if (!a)
    return;
  int order = a->order < 0 ? 0 : a->order > SF_MAX_ORDER ? SF_MAX_ORDER
                                                         : a->order;
  for (int m = 0; m < order; m++)
    free (a->crd[m]);
  free (a->vals);
  memset (a, 0, sizeof *a);
}
