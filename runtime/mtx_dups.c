/* mtx_dups.c: repeated entries and symmetric expansion of a Matrix Market
   file just read.

     symmetric file        entries (1,1) (2,1) (1,2)
     check                 "a.mtx:7: entry (1, 2) repeats the entry (2, 1)
                            of line 6 (both triangles of a symmetric
                            matrix)"
     symmetric file        entries (1,1) 4 (3,1) 2
     expand                (1,1) 4 (3,1) 2 (1,3) 2    (skew: (1,3) -2)

   The check compares keys (row, column), or (larger, smaller index) for
   symmetric files, since an entry and its mirror collide after expansion.
   Files sorted by rows or by columns (most are) are checked in one pass;
   others are bucketed by the key's first index with a marker array over
   the second: O(entries + rows + columns) time either way.  */

#include "mtx.h"

#include <stdlib.h>

/* The duplicate-check key of entry K of R: HI first, LO second.  */
static inline void
key_of (const mtx_reader *r, int64_t k, sf_crd_t *hi, sf_crd_t *lo)
{
  sf_crd_t i = r->out->crd[0][k], j = r->out->crd[1][k];
  int swap = r->h.symmetry != SYM_GENERAL && i < j;
  *hi = swap ? j : i;
  *lo = swap ? i : j;
}

/* Return nonzero when R's keys strictly increase, comparing HI first
   (BY_HI) or LO first.  */
static int
strictly_sorted (const mtx_reader *r, int by_hi)
{
  sf_crd_t ph, pl, h, l;
  key_of (r, 0, &ph, &pl);
  for (int64_t k = 1; k < r->out->nnz; k++)
    {
      key_of (r, k, &h, &l);
      sf_crd_t a = by_hi ? h : l, pa = by_hi ? ph : pl;
      sf_crd_t b = by_hi ? l : h, pb = by_hi ? pl : ph;
      if (a < pa || (a == pa && b <= pb))
        return 0;
      ph = h;
      pl = l;
    }
  return 1;
}

/* Report that entry LATER of R repeats entry EARLIER.  Return the error
   code.  */
static int
report_dup (const mtx_reader *r, int64_t earlier, int64_t later)
{
  const sf_coo *a = r->out;
  int mirror = a->crd[0][earlier] != a->crd[0][later];
  return sfr_fail_at (r->err, SF_ERR_FORMAT, r->scan.name,
                      sfr_mtx_entry_line (r, later),
                      "entry (%d, %d) repeats the entry (%d, %d) of line "
                      "%lld%s", a->crd[0][later] + 1, a->crd[1][later] + 1,
                      a->crd[0][earlier] + 1, a->crd[1][earlier] + 1,
                      (long long) sfr_mtx_entry_line (r, earlier),
                      mirror ? " (both triangles of a symmetric matrix)"
                             : "");
}

/* Order R's entries by the key's HI index, stably, into ORDER (with bucket
   starts in START, NROWS+1 of them).  */
static void
bucket_by_hi (const mtx_reader *r, int64_t *start, int64_t *order)
{
  int64_t n = r->out->nnz, nb = r->h.nrows;
  sf_crd_t h, l;
  for (int64_t k = 0; k < n; k++)
    {
      key_of (r, k, &h, &l);
      start[h + 1]++;
    }
  for (int64_t b = 0; b < nb; b++)
    start[b + 1] += start[b];
  for (int64_t k = 0; k < n; k++)
    {
      key_of (r, k, &h, &l);
      order[start[h]++] = k;
    }
  for (int64_t b = nb; b > 0; b--)
    start[b] = start[b - 1];
  start[0] = 0;
}

/* Find in R the repeated entry that comes first in the file, using the
   buckets START/ORDER and the marker array MARK (all -1).  Return SF_OK
   or the error code of the report.  */
static int
scan_buckets (const mtx_reader *r, const int64_t *start,
              const int64_t *order, int64_t *mark)
{
  int64_t best = -1, first = -1;
  sf_crd_t h, l;
  for (int64_t b = 0; b < r->h.nrows; b++)
    {
      for (int64_t q = start[b]; q < start[b + 1]; q++)
        {
          key_of (r, order[q], &h, &l);
          if (mark[l] < 0)
            mark[l] = order[q];
          else if (best < 0 || order[q] < best)
            {
              best = order[q];
              first = mark[l];
            }
        }
      for (int64_t q = start[b]; q < start[b + 1]; q++)
        {
          key_of (r, order[q], &h, &l);
          mark[l] = -1;
        }
    }
  return best < 0 ? SF_OK : report_dup (r, first, best);
}

/* Reject a file of R that gives an entry twice.  Return SF_OK or an error
   code.  */
int
sfr_mtx_check_dups (mtx_reader *r)
{
  if (strictly_sorted (r, 1) || strictly_sorted (r, 0))
    return SF_OK;
  int64_t n = r->out->nnz;
  int64_t *start = sfr_calloc (r->h.nrows + 1, sizeof *start);
  int64_t *order = sfr_alloc (n, sizeof *order);
  int64_t *mark = sfr_alloc (r->h.ncols, sizeof *mark);
  int rc = SF_OK;
  if (!start || !order || !mark)
    rc = sfr_nomem (r->err, "entries for the duplicate check", n);
  else
    {
      for (int64_t c = 0; c < r->h.ncols; c++)
        mark[c] = -1;
      bucket_by_hi (r, start, order);
      rc = scan_buckets (r, start, order, mark);
    }
  free (start);
  free (order);
  free (mark);
  return rc;
}

/* Append to R's entries the mirror of each off-diagonal entry (negated
   for skew-symmetric files).  Return SF_OK or an error code.  */
int
sfr_mtx_expand (mtx_reader *r)
{
  sf_coo *a = r->out;
  int64_t n = a->nnz, off = 0;
  for (int64_t k = 0; k < n; k++)
    off += a->crd[0][k] != a->crd[1][k];
  for (int m = 0; m < 2; m++)
    {
      void *q = realloc (a->crd[m], (size_t) (n + off) * sizeof (sf_crd_t));
      if (!q)
        return sfr_nomem (r->err, "entries", n + off);
      a->crd[m] = q;
    }
  void *q = realloc (a->vals, (size_t) (n + off) * sizeof (double));
  if (!q)
    return sfr_nomem (r->err, "entries", n + off);
  a->vals = q;
  double sign = r->h.symmetry == SYM_SKEW ? -1.0 : 1.0;
  int64_t t = n;
  for (int64_t k = 0; k < n; k++)
    if (a->crd[0][k] != a->crd[1][k])
      {
        a->crd[0][t] = a->crd[1][k];
        a->crd[1][t] = a->crd[0][k];
        a->vals[t++] = sign * a->vals[k];
      }
  a->nnz = t;
  return SF_OK;
}
