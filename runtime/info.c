/* info.c: sizes, one-line summaries and release of the structures.

     sf_csr_nnz (&a)                    83883
     sf_csr_summary (stdout, "bcsstk13", &a) prints
       bcsstk13: csr (dense, compressed) 2003 x 2003, 83883 nonzeros
       (2.09%), row lengths 5..95 (avg 41.9), 0 empty
     sf_csf_summary (stdout, "jf17k", &t) prints
       jf17k: csf (compressed, compressed, compressed) modes 1 2 0,
       104 x 11540 x 11541, 15563 nonzeros (0.000112%), level sizes 4172
       15549 15563

   The level names are those of the compiler's level kinds (levels.h), so
   a summary reads like the format declaration in sparsefuse.h.  */

#include "sf_internal.h"

#include <stdlib.h>
#include <string.h>

/* Return the number of entries of A (0 for a zeroed structure).  */
int64_t
sf_csr_nnz (const sf_csr *a)
{
  return a && a->pos && a->nrows >= 0 ? a->pos[a->nrows] : 0;
}

/* Return the number of entries of A (0 for a zeroed structure).  */
int64_t
sf_csc_nnz (const sf_csc *a)
{
  return a && a->pos && a->ncols >= 0 ? a->pos[a->ncols] : 0;
}

/* Return the number of entries of A (0 for a zeroed structure).  */
int64_t
sf_dcsr_nnz (const sf_dcsr *a)
{
  if (!a || !a->pos[0] || !a->pos[1] || a->pos[0][1] < 0)
    return 0;
  return a->pos[1][a->pos[0][1]];
}

/* Return the number of entries of A (0 for a zeroed structure).  */
int64_t
sf_csf_nnz (const sf_csf *a)
{
  return a ? a->nnz : 0;
}

/* Return nonzero when there is something to print to OUT; print NAME and
   "NULL" when A is NULL.  */
static int
summary_ok (FILE *out, const char *name, const void *a)
{
  if (out && !a)
    fprintf (out, "%s: NULL\n", name ? name : "tensor");
  return out && a;
}

/* Print "NAME: KIND (LEVEL, ...)" for N levels of kinds K to OUT.  */
static void
print_head (FILE *out, const char *name, const char *kind,
            const sf_level_kind *k, int n)
{
  fprintf (out, "%s: %s (", name ? name : "tensor", kind);
  for (int l = 0; l < n; l++)
    fprintf (out, "%s%s", l ? ", " : "", sf_level_name (k[l]));
  fputc (')', out);
}

/* Print " D0 x D1 x ..., NNZ nonzeros (P%)" for extents DIMS to OUT.  */
static void
print_size (FILE *out, const int64_t *dims, int order, int64_t nnz)
{
  double total = 1;
  for (int m = 0; m < order; m++)
    {
      fprintf (out, "%s%lld", m ? " x " : " ", (long long) dims[m]);
      total *= (double) dims[m];
    }
  fprintf (out, ", %lld nonzeros", (long long) nnz);
  if (total > 0)
    fprintf (out, " (%.3g%%)", 100.0 * (double) nnz / total);
}

/* Print the fiber lengths of POS over N fibers, called WHAT, to OUT.  */
static void
print_lengths (FILE *out, const char *what, const sf_pos_t *pos, int64_t n)
{
  int64_t lo = INT64_MAX, hi = 0, empty = 0;
  for (int64_t i = 0; i < n; i++)
    {
      int64_t len = pos[i + 1] - pos[i];
      lo = len < lo ? len : lo;
      hi = len > hi ? len : hi;
      empty += len == 0;
    }
  if (n > 0)
    fprintf (out, ", %s lengths %lld..%lld (avg %.3g), %lld empty", what,
             (long long) lo, (long long) hi, (double) pos[n] / (double) n,
             (long long) empty);
  fputc ('\n', out);
}

/* Print one line describing A to OUT.  */
void
sf_csr_summary (FILE *out, const char *name, const sf_csr *a)
{
  if (!summary_ok (out, name, a))
    return;
  static const sf_level_kind k[2] = { SF_LEVEL_DENSE, SF_LEVEL_COMPRESSED };
  int64_t dims[2] = { a->nrows, a->ncols };
  print_head (out, name, "csr", k, 2);
  print_size (out, dims, 2, sf_csr_nnz (a));
  print_lengths (out, "row", a->pos, a->pos ? a->nrows : 0);
}

/* Print one line describing A to OUT.  */
void
sf_csc_summary (FILE *out, const char *name, const sf_csc *a)
{
  if (!summary_ok (out, name, a))
    return;
  static const sf_level_kind k[2] = { SF_LEVEL_DENSE, SF_LEVEL_COMPRESSED };
  int64_t dims[2] = { a->nrows, a->ncols };
  print_head (out, name, "csc", k, 2);
  fprintf (out, " modes 1 0,");
  print_size (out, dims, 2, sf_csc_nnz (a));
  print_lengths (out, "column", a->pos, a->pos ? a->ncols : 0);
}

/* Print one line describing A to OUT.  */
void
sf_dcsr_summary (FILE *out, const char *name, const sf_dcsr *a)
{
  if (!summary_ok (out, name, a))
    return;
  static const sf_level_kind k[2] = { SF_LEVEL_COMPRESSED,
                                      SF_LEVEL_COMPRESSED };
  int64_t dims[2] = { a->nrows, a->ncols };
  print_head (out, name, "dcsr", k, 2);
  print_size (out, dims, 2, sf_dcsr_nnz (a));
  fprintf (out, ", %lld stored rows\n",
           (long long) (a->pos[0] ? a->pos[0][1] : 0));
}

/* Print one line describing A to OUT.  */
void
sf_coo_summary (FILE *out, const char *name, const sf_coo *a)
{
  if (!summary_ok (out, name, a))
    return;
  sf_level_kind k[SF_MAX_ORDER] = { SF_LEVEL_DENSE };
  int order = a->order < 1 || a->order > SF_MAX_ORDER ? 0 : a->order;
  for (int l = 0; l < order; l++)
    k[l] = l ? SF_LEVEL_SINGLETON : SF_LEVEL_COO;
  print_head (out, name, "coo", k, order);
  print_size (out, a->dims, order, a->nnz);
  fputc ('\n', out);
}

/* Print one line describing A to OUT.  */
void
sf_csf_summary (FILE *out, const char *name, const sf_csf *a)
{
  if (!summary_ok (out, name, a))
    return;
  sf_level_kind k[SF_MAX_ORDER] = { SF_LEVEL_DENSE };
  int order = a->order < 1 || a->order > SF_MAX_ORDER ? 0 : a->order;
  for (int l = 0; l < order; l++)
    k[l] = SF_LEVEL_COMPRESSED;
  print_head (out, name, "csf", k, order);
  fprintf (out, " modes");
  for (int l = 0; l < order; l++)
    fprintf (out, " %d", a->mode_order[l]);
  fputc (',', out);
  print_size (out, a->dims, order, a->nnz);
  fprintf (out, ", level sizes");
  int64_t n = 1;
  for (int l = 0; l < order && a->pos[l]; l++)
    fprintf (out, " %lld", (long long) (n = a->pos[l][n]));
  fputc ('\n', out);
}

/* Free the three arrays of a one-level compressed matrix.  */
static void
free_compressed (sf_pos_t *pos, sf_crd_t *crd, double *vals)
{
  free (pos);
  free (crd);
  free (vals);
}

/* Free A's arrays and zero A.  */
void
sf_csr_free (sf_csr *a)
{
  if (!a)
    return;
  free_compressed (a->pos, a->crd, a->vals);
  memset (a, 0, sizeof *a);
}

/* Free A's arrays and zero A.  */
void
sf_csc_free (sf_csc *a)
{
  if (!a)
    return;
  free_compressed (a->pos, a->crd, a->vals);
  memset (a, 0, sizeof *a);
}

/* Free A's arrays and zero A.  */
void
sf_dcsr_free (sf_dcsr *a)
{
  if (!a)
    return;
  for (int l = 0; l < 2; l++)
    {
      free (a->pos[l]);
      free (a->crd[l]);
    }
  free (a->vals);
  memset (a, 0, sizeof *a);
}

/* Free A's arrays and zero A.  */
void
sf_csf_free (sf_csf *a)
{
  if (!a)
    return;
  int order = a->order < 0 ? 0 : a->order > SF_MAX_ORDER ? SF_MAX_ORDER
                                                         : a->order;
  for (int l = 0; l < order; l++)
    {
      free (a->pos[l]);
      free (a->crd[l]);
    }
  free (a->vals);
  memset (a, 0, sizeof *a);
}
