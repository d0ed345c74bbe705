/* t_convert.c: COO -> CSR, CSC, DCSR and back, against an independent
   reference (qsort plus summing of repeats, harness.c).

     random 50 x 40, 600 entries, every 5th a repeat, unsorted
       -> CSR: valid (sf_check_csr), its (row, column, value) walk equals
          the reference sorted by (row, column); CSC equals the reference
          sorted by (column, row); DCSR as CSR; sf_*_to_coo gives back the
          same list
     also: empty rows, an empty matrix, 0 x 0, one entry, one coordinate
     repeated 100 times, sorted input, a wide matrix (multi-pass radix),
     every real matrix of the data folder; the CSR spread out dense equals
     the COO accumulated dense; sf_coo_sort is stable and
     sf_coo_sum_duplicates and sf_coo_to_dense agree with the reference.  */

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Make R an empty tuple list of ORDER for up to N entries.  */
static void
tuples_init (t_tuples *r, int order, int64_t n)
{
  r->order = order;
  r->n = 0;
  r->crd = malloc ((size_t) (n + 1) * (size_t) order * sizeof (int32_t));
  r->vals = malloc ((size_t) (n + 1) * sizeof (double));
}

/* Append (I, J) = V to R.  */
static void
push2 (t_tuples *r, int32_t i, int32_t j, double v)
{
  r->crd[2 * r->n] = i;
  r->crd[2 * r->n + 1] = j;
  r->vals[r->n++] = v;
}

/* Walk a CSR-like structure of N outer fibers into R.  */
static void
rowwise_tuples (int64_t n, const sf_pos_t *pos, const sf_crd_t *crd,
                const double *vals, t_tuples *r)
{
  tuples_init (r, 2, pos[n]);
  for (int64_t i = 0; i < n; i++)
    for (sf_pos_t p = pos[i]; p < pos[i + 1]; p++)
      push2 (r, (int32_t) i, crd[p], vals[p]);
}

/* Walk DCSR A into R.  */
static void
dcsr_tuples (const sf_dcsr *a, t_tuples *r)
{
  tuples_init (r, 2, sf_dcsr_nnz (a));
  for (sf_pos_t q = 0; q < a->pos[0][1]; q++)
    for (sf_pos_t p = a->pos[1][q]; p < a->pos[1][q + 1]; p++)
      push2 (r, a->crd[0][q], a->crd[1][p], a->vals[p]);
}

/* Walk COO A (as stored) into R with its modes in MODE_ORDER.  */
static void
coo_tuples (const sf_coo *a, const int *mode_order, t_tuples *r)
{
  tuples_init (r, a->order, a->nnz);
  for (int64_t k = 0; k < a->nnz; k++)
    {
      for (int l = 0; l < a->order; l++)
        r->crd[k * a->order + l] = a->crd[mode_order[l]][k];
      r->vals[k] = a->vals[k];
    }
  r->n = a->nnz;
}

/* Compare GOT with REF, report as NAME/WHAT (prefixed by the return code
   RC and its message), and free GOT.  */
static void
report (const char *name, const char *what, int rc, const sf_error *err,
        t_tuples *got, const t_tuples *ref)
{
  char test[256], why[512] = "";
  snprintf (test, sizeof test, "convert/%s/%s", what, name);
  int ok = !rc && t_tuples_equal (got, ref, why, sizeof why);
  t_result (test, ok, "rc %d %s %s", rc, rc ? err->message : "", why);
  t_tuples_free (got);
}

/* Convert A to CSR and back, checking against REF.  */
static void
via_csr (const char *name, const sf_coo *a, const t_tuples *ref)
{
  static const int ident[2] = { 0, 1 };
  sf_csr c;
  sf_coo back;
  sf_error err;
  t_tuples got = { 2, 0, NULL, NULL };
  memset (&back, 0, sizeof back);
  int rc = sf_coo_to_csr (a, &c, &err);
  if (!rc && !(rc = sf_check_csr (&c, &err)))
    rowwise_tuples (c.nrows, c.pos, c.crd, c.vals, &got);
  report (name, "csr", rc, &err, &got, ref);
  if (!rc && !(rc = sf_csr_to_coo (&c, &back, &err)))
    coo_tuples (&back, ident, &got);
  report (name, "csr-to-coo", rc, &err, &got, ref);
  sf_coo_free (&back);
  sf_csr_free (&c);
}

/* Convert A to CSC and back, checking against REF (by columns).  */
static void
via_csc (const char *name, const sf_coo *a, const t_tuples *ref)
{
  static const int swap[2] = { 1, 0 };
  sf_csc c;
  sf_coo back;
  sf_error err;
  t_tuples got = { 2, 0, NULL, NULL };
  memset (&back, 0, sizeof back);
  int rc = sf_coo_to_csc (a, &c, &err);
  if (!rc && !(rc = sf_check_csc (&c, &err)))
    rowwise_tuples (c.ncols, c.pos, c.crd, c.vals, &got);
  report (name, "csc", rc, &err, &got, ref);
  if (!rc && !(rc = sf_csc_to_coo (&c, &back, &err)))
    coo_tuples (&back, swap, &got);
  report (name, "csc-to-coo", rc, &err, &got, ref);
  sf_coo_free (&back);
  sf_csc_free (&c);
}

/* Convert A to DCSR and back, checking against REF.  */
static void
via_dcsr (const char *name, const sf_coo *a, const t_tuples *ref)
{
  static const int ident[2] = { 0, 1 };
  sf_dcsr c;
  sf_coo back;
  sf_error err;
  t_tuples got = { 2, 0, NULL, NULL };
  memset (&back, 0, sizeof back);
  int rc = sf_coo_to_dcsr (a, &c, &err);
  if (!rc && !(rc = sf_check_dcsr (&c, &err)))
    dcsr_tuples (&c, &got);
  report (name, "dcsr", rc, &err, &got, ref);
  if (!rc && !(rc = sf_dcsr_to_coo (&c, &back, &err)))
    coo_tuples (&back, ident, &got);
  report (name, "dcsr-to-coo", rc, &err, &got, ref);
  sf_coo_free (&back);
  sf_dcsr_free (&c);
}

/* Compare the CSR of A, spread out dense, with A accumulated into a dense
   array entry by entry (for matrices up to 4M positions).  */
static void
dense_check (const char *name, const sf_coo *a)
{
  int64_t rows = a->dims[0], cols = a->dims[1];
  if (rows * cols > ((int64_t) 1 << 22))
    return;
  double *want = calloc ((size_t) (rows * cols + 1), sizeof (double));
  double *got = calloc ((size_t) (rows * cols + 1), sizeof (double));
  for (int64_t k = 0; k < a->nnz; k++)
    want[a->crd[0][k] * cols + a->crd[1][k]] += a->vals[k];
  sf_csr c;
  int rc = sf_coo_to_csr (a, &c, NULL);
  for (int64_t i = 0; !rc && i < rows; i++)
    for (sf_pos_t p = c.pos[i]; p < c.pos[i + 1]; p++)
      got[i * cols + c.crd[p]] = c.vals[p];
  char test[256];
  snprintf (test, sizeof test, "convert/csr-dense/%s", name);
  t_result (test, !rc && memcmp (want, got, (size_t) (rows * cols)
                                              * sizeof (double)) == 0,
            "rc %d or a position differs", rc);
  sf_csr_free (&c);
  free (want);
  free (got);
}

/* Check every matrix conversion of A, reported under NAME.  */
static void
convert_matrix (const char *name, const sf_coo *a)
{
  static const int swap[2] = { 1, 0 };
  t_tuples by_rows, by_cols;
  t_reference (a, NULL, &by_rows);
  t_reference (a, swap, &by_cols);
  via_csr (name, a, &by_rows);
  via_csc (name, a, &by_cols);
  via_dcsr (name, a, &by_rows);
  dense_check (name, a);
  t_tuples_free (&by_rows);
  t_tuples_free (&by_cols);
}

/* Random and corner-case matrices.  */
static void
generated_matrices (void)
{
  static const struct
  {
    const char *name;
    int64_t rows, cols, n;
    int dup_every;
  } cases[] = {
    { "random-unsorted-repeats", 50, 40, 600, 5 },
    { "empty-rows", 1000, 1000, 50, 0 },
    { "empty-matrix", 5, 7, 0, 0 },
    { "zero-by-zero", 0, 0, 0, 0 },
    { "single-entry", 1, 1, 1, 0 },
    { "all-repeats", 1, 1, 100, 1 },
    { "wide", 3, 2000000, 5000, 7 },
    { "tall", 200000, 3, 5000, 7 },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      sf_coo a;
      int64_t dims[2] = { cases[i].rows, cases[i].cols };
      t_random_coo (2, dims, cases[i].n, cases[i].dup_every, 40 + i, &a);
      convert_matrix (cases[i].name, &a);
      if (i == 0)
        {
          sf_coo_sort (&a, NULL);
          convert_matrix ("sorted-input", &a);
        }
      sf_coo_free (&a);
    }
}

/* sf_coo_sort keeps repeats in input order; sf_coo_sum_duplicates and
   sf_coo_to_dense agree with the reference.  */
static void
sorting (void)
{
  static const int ident[3] = { 0, 1, 2 };
  int64_t dims[3] = { 6, 5, 4 };
  sf_coo a;
  t_random_coo (3, dims, 400, 3, 77, &a);
  t_tuples ref, got;
  char why[512] = "";
  /* Stability: give each entry its index as value, so a reference
     without merging is the stable order.  */
  for (int64_t k = 0; k < a.nnz; k++)
    a.vals[k] = (double) k;
  double *dense = malloc (6 * 5 * 4 * sizeof (double));
  double want[6 * 5 * 4] = { 0 };
  for (int64_t k = 0; k < a.nnz; k++)
    want[(a.crd[0][k] * 5 + a.crd[1][k]) * 4 + a.crd[2][k]] += a.vals[k];
  int rc = sf_coo_to_dense (&a, dense, 120, NULL);
  t_result ("coo/to-dense", !rc && memcmp (dense, want, sizeof want) == 0,
            "rc %d", rc);
  t_reference (&a, NULL, &ref);
  sf_coo_sort (&a, NULL);
  int stable = 1;
  for (int64_t k = 1; k < a.nnz && stable; k++)
    if (a.crd[0][k] == a.crd[0][k - 1] && a.crd[1][k] == a.crd[1][k - 1]
        && a.crd[2][k] == a.crd[2][k - 1])
      stable = a.vals[k] > a.vals[k - 1];
  t_result ("coo/sort-stable", stable && sf_check_coo (&a, NULL) == 0,
            "repeats out of input order");
  rc = sf_coo_sum_duplicates (&a, NULL);
  coo_tuples (&a, ident, &got);
  t_result ("coo/sum-duplicates", !rc && t_tuples_equal (&got, &ref, why,
                                                         sizeof why),
            "rc %d %s", rc, why);
  t_tuples_free (&got);
  t_tuples_free (&ref);
  sf_coo_free (&a);
  free (dense);
}

/* Bad inputs are refused with a code, not a crash.  */
static void
bad_inputs (void)
{
  int64_t dims[3] = { 4, 4, 4 };
  sf_coo a;
  sf_csr c;
  sf_error err;
  t_random_coo (3, dims, 10, 0, 1, &a);
  int rc = sf_coo_to_csr (&a, &c, &err);
  t_result ("convert/reject/order-3-to-csr", rc == SF_ERR_INVALID
                                               && c.pos == NULL,
            "rc %d", rc);
  a.order = 2;
  a.crd[1][3] = 4;
  rc = sf_coo_to_csr (&a, &c, &err);
  t_result ("convert/reject/coordinate-out-of-range",
            rc == SF_ERR_STRUCTURE && strstr (err.message, "entry 3"),
            "rc %d %s", rc, err.message);
  a.order = 3;
  rc = sf_coo_to_csr (NULL, &c, &err);
  t_result ("convert/reject/null", rc == SF_ERR_INVALID, "rc %d", rc);
  sf_coo_free (&a);
}

/* Every real matrix, through every format.  */
static void
data_matrices (void)
{
  static const char *files[] = { "LFAT5.mtx", "bcsstk13.mtx", "cryg2500.mtx",
                                 "jagmesh7.mtx", "lp_afiro_structure.mtx",
                                 "olm1000.mtx", "pushpull.mtx", "zenios.mtx" };
  if (!t.data)
    {
      t_unsupported ("convert/data", "no data");
      return;
    }
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
    {
      sf_coo a;
      sf_error err;
      if (sf_read_mtx (t_data ("matrices", files[i]), &a, &err))
        t_result ("convert/data/read", 0, "%s", err.message);
      else
        convert_matrix (files[i], &a);
      sf_coo_free (&a);
    }
}

void
t_convert (void)
{
  generated_matrices ();
  sorting ();
  bad_inputs ();
  data_matrices ();
}
