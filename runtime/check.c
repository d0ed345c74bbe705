/* check.c: validation of CSR, CSC, DCSR, COO and CSF structures.

     sf_csr a = { 3, 4, (sf_pos_t[]) { 0, 2, 1, 3 },
                  (sf_crd_t[]) { 0, 3, 1 }, (double[]) { 1, 2, 3 } };
     sf_check_csr (&a, &err) == SF_ERR_STRUCTURE
       "csr: pos[2] = 1 is less than pos[1] = 2 (row 1 would have a
        negative length)"

   Every compressed level is checked the same way (check_level): its pos
   starts at 0 and never decreases, every coordinate lies in range and
   coordinates strictly increase within a fiber.  The arrays must be as
   long as the pos arrays say: a check reads them, it cannot measure
   them.  */

#include "sf_internal.h"

#include <stdio.h>

/* A compressed level to check: NPARENT fibers, named FIBER ("row"), with
   coordinates in 0..EXTENT-1; POS and CRD are called POSNAME and CRDNAME
   in messages, inside structure WHO.  */
typedef struct level_view
{
  const char *who, *fiber, *posname, *crdname;
  int64_t nparent, extent;
  const sf_pos_t *pos;
  const sf_crd_t *crd;
} level_view;

/* Check the pos array of V.  Return SF_OK or SF_ERR_STRUCTURE.  */
static int
check_pos (const level_view *v, sf_error *err)
{
  if (v->pos[0] != 0)
    return sfr_fail (err, SF_ERR_STRUCTURE, "%s: %s[0] = %lld, expected 0",
                     v->who, v->posname, (long long) v->pos[0]);
  for (int64_t p = 0; p < v->nparent; p++)
    if (v->pos[p + 1] < v->pos[p])
      return sfr_fail (err, SF_ERR_STRUCTURE, "%s: %s[%lld] = %lld is less "
                       "than %s[%lld] = %lld (%s %lld would have a negative "
                       "length)", v->who, v->posname, (long long) p + 1,
                       (long long) v->pos[p + 1], v->posname, (long long) p,
                       (long long) v->pos[p], v->fiber, (long long) p);
  return SF_OK;
}

/* Check the coordinates of fiber P of V.  Return SF_OK or
   SF_ERR_STRUCTURE.  */
static int
check_fiber (const level_view *v, int64_t p, sf_error *err)
{
  for (sf_pos_t q = v->pos[p]; q < v->pos[p + 1]; q++)
    {
      sf_crd_t c = v->crd[q];
      if (c < 0 || c >= v->extent)
        return sfr_fail (err, SF_ERR_STRUCTURE, "%s: %s[%lld] = %d (%s "
                         "%lld) out of range 0..%lld", v->who, v->crdname,
                         (long long) q, c, v->fiber, (long long) p,
                         (long long) v->extent - 1);
      if (q > v->pos[p] && c <= v->crd[q - 1])
        return sfr_fail (err, SF_ERR_STRUCTURE, "%s: %s[%lld] = %d (%s "
                         "%lld) is not greater than %s[%lld] = %d: "
                         "coordinates must strictly increase within a %s",
                         v->who, v->crdname, (long long) q, c, v->fiber,
                         (long long) p, v->crdname, (long long) q - 1,
                         v->crd[q - 1], v->fiber);
    }
  return SF_OK;
}

/* Check compressed level V and store its number of entries in *N.
   Return SF_OK or an error code.  */
static int
check_level (const level_view *v, int64_t *n, sf_error *err)
{
  if (!v->pos)
    return sfr_fail (err, SF_ERR_INVALID, "%s: %s is NULL", v->who,
                     v->posname);
  int rc = check_pos (v, err);
  if (rc)
    return rc;
  *n = v->pos[v->nparent];
  if (*n > 0 && !v->crd)
    return sfr_fail (err, SF_ERR_INVALID, "%s: %s is NULL", v->who,
                     v->crdname);
  for (int64_t p = 0; p < v->nparent && !rc; p++)
    rc = check_fiber (v, p, err);
  return rc;
}

/* Check that extent X of structure WHO, called WHAT, is valid.  Return
   SF_OK or SF_ERR_INVALID.  */
static int
check_extent (const char *who, const char *what, int64_t x, sf_error *err)
{
  if (x < 0 || x > SF_DIM_MAX)
    return sfr_fail (err, SF_ERR_INVALID, "%s: %s = %lld, not in 0..%d", who,
                     what, (long long) x, SF_DIM_MAX);
  return SF_OK;
}

/* Check a CSR-like structure WHO of NOUTER fibers named OUTER with
   coordinates (named INNER) below NINNER.  Return SF_OK or an error
   code.  */
static int
check_rowwise (const char *who, const char *outer, int64_t nouter,
               int64_t ninner, const sf_pos_t *pos, const sf_crd_t *crd,
               const double *vals, sf_error *err)
{
  level_view v = { who, outer, "pos", "crd", nouter, ninner, pos, crd };
  int64_t n = 0;
  int rc = check_level (&v, &n, err);
  if (!rc && n > 0 && !vals)
    rc = sfr_fail (err, SF_ERR_INVALID, "%s: vals is NULL", who);
  return rc ? rc : sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_check_csr (const sf_csr *a, sf_error *err)
{
  if (!a)
    return sfr_fail (err, SF_ERR_INVALID, "csr: NULL matrix");
  int rc = check_extent ("csr", "nrows", a->nrows, err);
  if (!rc)
    rc = check_extent ("csr", "ncols", a->ncols, err);
  return rc ? rc : check_rowwise ("csr", "row", a->nrows, a->ncols, a->pos,
                                  a->crd, a->vals, err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_check_csc (const sf_csc *a, sf_error *err)
{
  if (!a)
    return sfr_fail (err, SF_ERR_INVALID, "csc: NULL matrix");
  int rc = check_extent ("csc", "nrows", a->nrows, err);
  if (!rc)
    rc = check_extent ("csc", "ncols", a->ncols, err);
  return rc ? rc : check_rowwise ("csc", "column", a->ncols, a->nrows,
                                  a->pos, a->crd, a->vals, err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_check_dcsr (const sf_dcsr *a, sf_error *err)
{
  if (!a)
    return sfr_fail (err, SF_ERR_INVALID, "dcsr: NULL matrix");
  int rc = check_extent ("dcsr", "nrows", a->nrows, err);
  if (!rc)
    rc = check_extent ("dcsr", "ncols", a->ncols, err);
  level_view top = { "dcsr", "root", "pos[0]", "crd[0]", 1, a->nrows,
                     a->pos[0], a->crd[0] };
  int64_t nrows = 0, n = 0;
  if (!rc)
    rc = check_level (&top, &nrows, err);
  level_view rows = { "dcsr", "stored row", "pos[1]", "crd[1]", nrows,
                      a->ncols, a->pos[1], a->crd[1] };
  if (!rc)
    rc = check_level (&rows, &n, err);
  if (!rc && n > 0 && !a->vals)
    rc = sfr_fail (err, SF_ERR_INVALID, "dcsr: vals is NULL");
  return rc ? rc : sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_check_coo (const sf_coo *a, sf_error *err)
{
  int rc = sfr_coo_check_ranges (a, err);
  if (rc)
    return rc;
  for (int64_t k = 1; k < a->nnz; k++)
    for (int m = 0; m < a->order; m++)
      {
        sf_crd_t x = a->crd[m][k - 1], y = a->crd[m][k];
        if (x < y)
          break;
        if (x > y)
          return sfr_fail (err, SF_ERR_STRUCTURE, "coo: entry %lld comes "
                           "after entry %lld in lexicographic order (mode "
                           "%d: %d > %d): not sorted (sf_coo_sort sorts)",
                           (long long) k - 1, (long long) k, m, x, y);
      }
  return sfr_ok (err);
}

/* Check CSF level L of A, whose parent level holds NPARENT entries; store
   its number of entries in *N.  Return SF_OK or an error code.  */
static int
check_csf_level (const sf_csf *a, int l, int64_t nparent, int64_t *n,
                 sf_error *err)
{
  char posname[24], crdname[24];
  snprintf (posname, sizeof posname, "pos[%d]", l);
  snprintf (crdname, sizeof crdname, "crd[%d]", l);
  level_view v = { "csf", l ? "fiber" : "root", posname, crdname, nparent,
                   a->dims[a->mode_order[l]], a->pos[l], a->crd[l] };
  return check_level (&v, n, err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_check_csf (const sf_csf *a, sf_error *err)
{
  if (!a)
    return sfr_fail (err, SF_ERR_INVALID, "csf: NULL tensor");
  int rc = sfr_check_order (a->order, a->mode_order, err);
  for (int m = 0; m < a->order && !rc; m++)
    rc = check_extent ("csf", "a dimension", a->dims[m], err);
  int64_t n = 1;
  for (int l = 0; l < a->order && !rc; l++)
    rc = check_csf_level (a, l, n, &n, err);
  if (rc)
    return rc;
  if (n != a->nnz)
    return sfr_fail (err, SF_ERR_STRUCTURE, "csf: nnz = %lld but the last "
                     "level holds %lld entries", (long long) a->nnz,
                     (long long) n);
  if (n > 0 && !a->vals)
    return sfr_fail (err, SF_ERR_INVALID, "csf: vals is NULL");
  return sfr_ok (err);
}
