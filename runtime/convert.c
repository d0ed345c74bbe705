/* convert.c: COO to CSR, CSC, DCSR and CSF, and back.

     COO 3x4, unsorted, one repeat:   (2,1) 1   (0,3) 2   (0,0) 3   (2,1) 4
     CSR   pos  0 2 2 3     crd  0 3 1     vals 3 2 5
     CSC   pos  0 1 2 2 3   crd  0 2 0     vals 3 5 2
     DCSR  pos[0] 0 2   crd[0] 0 2   pos[1] 0 2 3   crd[1] 0 3 1   vals 3 2 5

     CSF with mode order {1, 2, 0} of an order-3 tensor stores mode 1 at
     level 0, mode 2 at level 1, mode 0 at level 2: the fibers of the
     tensor "viewed" as B(j,k,i).

   Outline: 1. check the input's ranges (a bad coordinate must not write
   out of bounds); 2. compute the stable sorted permutation in storage
   order (coo.c); 3. walk it once, opening a new node at every level from
   the first whose coordinate changed, and summing repeated entries in
   input order; 4. shrink the arrays to size.  */

#include "sf_internal.h"

#include <stdlib.h>
#include <string.h>

/* Return entry T of the order PERM (identity when PERM is NULL).  */
static inline int64_t
at (const int64_t *perm, int64_t t)
{
  return perm ? perm[t] : t;
}

/* Check that A is a valid order-2 COO for WHO.  Return SF_OK or an error
   code.  */
static int
check_matrix (const sf_coo *a, const char *who, sf_error *err)
{
  int rc = sfr_coo_check_ranges (a, err);
  if (!rc && a->order != 2)
    rc = sfr_fail (err, SF_ERR_INVALID, "%s: order %d, expected 2", who,
                   a->order);
  return rc;
}

/* The arrays of a CSR-like result: rows over mode RM of the input.  */
typedef struct rowwise
{
  sf_pos_t *pos;
  sf_crd_t *crd;
  double *vals;
} rowwise;

/* Fill W (allocated) from A sorted by PERM, rows along mode RM, summing
   repeated entries.  Return the number of entries stored.  */
static int64_t
fill_rowwise (const sf_coo *a, const int64_t *perm, int rm, rowwise *w)
{
  const sf_crd_t *rows = a->crd[rm], *cols = a->crd[1 - rm];
  int64_t u = 0;
  sf_crd_t pr = -1, pc = -1;
  for (int64_t t = 0; t < a->nnz; t++)
    {
      int64_t k = at (perm, t);
      if (rows[k] == pr && cols[k] == pc)
        {
          w->vals[u - 1] += a->vals[k];
          continue;
        }
      pr = rows[k];
      pc = cols[k];
      w->crd[u] = pc;
      w->vals[u++] = a->vals[k];
      w->pos[pr + 1]++;
    }
  for (int64_t r = 0; r < a->dims[rm]; r++)
    w->pos[r + 1] += w->pos[r];
  return u;
}

/* Build the rows along mode RM of order-2 A into W.  Return SF_OK or an
   error code (W's arrays freed then).  */
static int
build_rowwise (const sf_coo *a, int rm, rowwise *w, sf_error *err)
{
  int order[2] = { rm, 1 - rm };
  int64_t *perm = NULL;
  int rc = sfr_coo_perm (a, order, &perm, err);
  if (rc)
    return rc;
  w->pos = sfr_calloc (a->dims[rm] + 1, sizeof *w->pos);
  w->crd = sfr_alloc (a->nnz, sizeof *w->crd);
  w->vals = sfr_alloc (a->nnz, sizeof *w->vals);
  if (w->pos && w->crd && w->vals)
    {
      int64_t u = fill_rowwise (a, perm, rm, w);
      sfr_shrink ((void **) &w->crd, u, sizeof *w->crd);
      sfr_shrink ((void **) &w->vals, u, sizeof *w->vals);
    }
  else
    {
      free (w->pos);
      free (w->crd);
      free (w->vals);
      rc = sfr_nomem (err, "entries", a->nnz);
    }
  free (perm);
  return rc;
}

/* Build the compressed rows (BY_COLUMN: columns) of matrix A for the
   converter WHO: store the extents in *NROWS, *NCOLS and the arrays in
   *POS, *CRD, *VALS.  Return SF_OK or an error code.  CSR and CSC share
   this: they differ only in which mode the compressed level stores.  */
static int
coo_to_compressed (const sf_coo *a, int by_column, const char *who,
		   int64_t *nrows, int64_t *ncols, sf_pos_t **pos,
		   sf_crd_t **crd, double **vals, sf_error *err)
{
  rowwise w;
  int rc = check_matrix (a, who, err);
  if (!rc)
    rc = build_rowwise (a, by_column, &w, err);
  if (rc)
    return rc;
  *nrows = a->dims[0];
  *ncols = a->dims[1];
  *pos = w.pos;
  *crd = w.crd;
  *vals = w.vals;
  return sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_to_csr (const sf_coo *a, sf_csr *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_coo_to_csr: OUT is NULL");
  memset (out, 0, sizeof *out);
  return coo_to_compressed (a, 0, "sf_coo_to_csr", &out->nrows, &out->ncols,
			    &out->pos, &out->crd, &out->vals, err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_to_csc (const sf_coo *a, sf_csc *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_coo_to_csc: OUT is NULL");
  memset (out, 0, sizeof *out);
  return coo_to_compressed (a, 1, "sf_coo_to_csc", &out->nrows, &out->ncols,
			    &out->pos, &out->crd, &out->vals, err);
}

/* Allocate OUT's level arrays for N input entries (pos[0] = {0, 0}, every
   other pos[l][0] = 0).  Return SF_OK or SF_ERR_NOMEM.  */
static int
csf_alloc (sf_csf *out, int64_t n)
{
  for (int l = 0; l < out->order; l++)
    {
      out->pos[l] = sfr_alloc (l == 0 ? 2 : n + 1, sizeof (sf_pos_t));
      out->crd[l] = sfr_alloc (n, sizeof (sf_crd_t));
      if (!out->pos[l] || !out->crd[l])
        return SF_ERR_NOMEM;
      out->pos[l][0] = 0;
    }
  out->pos[0][1] = 0;
  out->vals = sfr_alloc (n, sizeof (double));
  return out->vals ? SF_OK : SF_ERR_NOMEM;
}

/* Fill OUT (allocated, mode order set) from A in the order PERM: a new
   node at each level from the first whose coordinate changed; repeated
   entries summed.  Return the number of leaves.  */
static int64_t
fill_csf (const sf_coo *a, const int64_t *perm, sf_csf *out)
{
  int L = out->order;
  int64_t cnt[SF_MAX_ORDER] = { 0 };
  for (int64_t t = 0; t < a->nnz; t++)
    {
      int64_t k = at (perm, t);
      int d = 0;
      if (t > 0)
        while (d < L && a->crd[out->mode_order[d]][k]
                          == out->crd[d][cnt[d] - 1])
          d++;
      if (d == L)
        {
          out->vals[cnt[L - 1] - 1] += a->vals[k];
          continue;
        }
      for (int l = d; l < L; l++)
        {
          out->crd[l][cnt[l]++] = a->crd[out->mode_order[l]][k];
          out->pos[l][(l ? cnt[l - 1] - 1 : 0) + 1] = cnt[l];
        }
      out->vals[cnt[L - 1] - 1] = a->vals[k];
    }
  for (int l = 0; l < L; l++)
    {
      sfr_shrink ((void **) &out->crd[l], cnt[l], sizeof (sf_crd_t));
      if (l > 0)
        sfr_shrink ((void **) &out->pos[l], cnt[l - 1] + 1,
                    sizeof (sf_pos_t));
    }
  sfr_shrink ((void **) &out->vals, cnt[L - 1], sizeof (double));
  return cnt[L - 1];
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_to_csf (const sf_coo *a, const int *mode_order, sf_csf *out,
               sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_coo_to_csf: OUT is NULL");
  memset (out, 0, sizeof *out);
  int rc = sfr_coo_check_ranges (a, err);
  if (!rc)
    rc = sfr_check_order (a->order, mode_order, err);
  int64_t *perm = NULL;
  if (!rc)
    rc = sfr_coo_perm (a, mode_order, &perm, err);
  if (rc)
    return rc;
  out->order = a->order;
  for (int l = 0; l < a->order; l++)
    {
      out->dims[l] = a->dims[l];
      out->mode_order[l] = mode_order ? mode_order[l] : l;
    }
  if (csf_alloc (out, a->nnz))
    {
      free (perm);
      sf_csf_free (out);
      return sfr_nomem (err, "csf entries", a->nnz);
    }
  out->nnz = fill_csf (a, perm, out);
  free (perm);
  return sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_coo_to_dcsr (const sf_coo *a, sf_dcsr *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_coo_to_dcsr: OUT is NULL");
  memset (out, 0, sizeof *out);
  sf_csf f;
  int rc = check_matrix (a, "sf_coo_to_dcsr", err);
  if (!rc)
    rc = sf_coo_to_csf (a, NULL, &f, err);
  if (rc)
    return rc;
  out->nrows = f.dims[0];
  out->ncols = f.dims[1];
  for (int l = 0; l < 2; l++)
    {
      out->pos[l] = f.pos[l];
      out->crd[l] = f.crd[l];
    }
  out->vals = f.vals;
  return SF_OK;
}

/* Make OUT an empty order-2 COO of extents NROWS x NCOLS with room for NNZ
   entries.  Return SF_OK or an error code.  */
static int
matrix_coo (int64_t nrows, int64_t ncols, int64_t nnz, sf_coo *out,
            sf_error *err)
{
  int64_t dims[2] = { nrows, ncols };
  return sf_coo_alloc (2, dims, nnz, out, err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_csr_to_coo (const sf_csr *a, sf_coo *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_csr_to_coo: OUT is NULL");
  memset (out, 0, sizeof *out);
  int rc = sf_check_csr (a, err);
  if (!rc)
    rc = matrix_coo (a->nrows, a->ncols, sf_csr_nnz (a), out, err);
  if (rc)
    return rc;
  for (int64_t i = 0; i < a->nrows; i++)
    for (sf_pos_t p = a->pos[i]; p < a->pos[i + 1]; p++)
      {
        out->crd[0][p] = (sf_crd_t) i;
        out->crd[1][p] = a->crd[p];
        out->vals[p] = a->vals[p];
      }
  return SF_OK;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_csc_to_coo (const sf_csc *a, sf_coo *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_csc_to_coo: OUT is NULL");
  memset (out, 0, sizeof *out);
  int rc = sf_check_csc (a, err);
  if (!rc)
    rc = matrix_coo (a->nrows, a->ncols, sf_csc_nnz (a), out, err);
  if (rc)
    return rc;
  for (int64_t j = 0; j < a->ncols; j++)
    for (sf_pos_t p = a->pos[j]; p < a->pos[j + 1]; p++)
      {
        out->crd[0][p] = a->crd[p];
        out->crd[1][p] = (sf_crd_t) j;
        out->vals[p] = a->vals[p];
      }
  return SF_OK;
}

/* Emit into OUT, from entry *K on, the leaves under position P of level
   L-1 of A (P = 0 for the root), with the coordinates above in CUR.  */
static void
walk_csf (const sf_csf *a, int l, int64_t p, sf_crd_t *cur, sf_coo *out,
          int64_t *k)
{
  for (sf_pos_t q = a->pos[l][p]; q < a->pos[l][p + 1]; q++)
    {
      cur[a->mode_order[l]] = a->crd[l][q];
      if (l + 1 < a->order)
        {
          walk_csf (a, l + 1, q, cur, out, k);
          continue;
        }
      for (int m = 0; m < a->order; m++)
        out->crd[m][*k] = cur[m];
      out->vals[(*k)++] = a->vals[q];
    }
}

/* Convert the checked A to OUT.  Return SF_OK or an error code.  */
static int
csf_to_coo (const sf_csf *a, sf_coo *out, sf_error *err)
{
  int rc = sf_coo_alloc (a->order, a->dims, a->nnz, out, err);
  if (rc)
    return rc;
  sf_crd_t cur[SF_MAX_ORDER];
  int64_t k = 0;
  walk_csf (a, 0, 0, cur, out, &k);
  return SF_OK;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_csf_to_coo (const sf_csf *a, sf_coo *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_csf_to_coo: OUT is NULL");
  memset (out, 0, sizeof *out);
  int rc = sf_check_csf (a, err);
  return rc ? rc : csf_to_coo (a, out, err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_dcsr_to_coo (const sf_dcsr *a, sf_coo *out, sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_dcsr_to_coo: OUT is NULL");
  memset (out, 0, sizeof *out);
  int rc = sf_check_dcsr (a, err);
  if (rc)
    return rc;
  sf_csf f;
  memset (&f, 0, sizeof f);
  f.order = 2;
  f.dims[0] = a->nrows;
  f.dims[1] = a->ncols;
  f.mode_order[1] = 1;
  for (int l = 0; l < 2; l++)
    {
      f.pos[l] = a->pos[l];
      f.crd[l] = a->crd[l];
    }
  f.vals = a->vals;
  f.nnz = sf_dcsr_nnz (a);
  return csf_to_coo (&f, out, err);
}
