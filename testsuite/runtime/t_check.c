/* t_check.c: the validators catch each kind of corruption and say where.

     CSR 3 x 4   pos 0 2 2 5   crd 0 3 | - | 0 1 3
       pos[2] = 1            -> "pos[2] = 1 is less than pos[1] = 2"
       crd[3] = 0            -> "crd[3] = 0 (row 2) is not greater than
                                 crd[2] = 0"
       crd[1] = 4            -> "crd[1] = 4 (row 0) out of range 0..3"

   Each case starts from a fresh valid structure, breaks one thing and
   expects the code and a message part.  */

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const sf_pos_t csr_pos[4] = { 0, 2, 2, 5 };
static const sf_crd_t csr_crd[5] = { 0, 3, 0, 1, 3 };
static const double csr_vals[5] = { 1, 2, 3, 4, 5 };

/* Return a malloc'd copy of the N bytes at P.  */
static void *
dup_bytes (const void *p, size_t n)
{
  void *q = malloc (n);
  memcpy (q, p, n);
  return q;
}

/* Make A the valid 3 x 4 example matrix (malloc'd arrays).  */
static void
make_csr (sf_csr *a)
{
  a->nrows = 3;
  a->ncols = 4;
  a->pos = dup_bytes (csr_pos, sizeof csr_pos);
  a->crd = dup_bytes (csr_crd, sizeof csr_crd);
  a->vals = dup_bytes (csr_vals, sizeof csr_vals);
}

/* Report NAME: RC must be CODE and the message must hold SUBSTR.  */
static void
expect (const char *name, int rc, const sf_error *err, int code,
        const char *substr)
{
  t_result (name, rc == code && (!code || strstr (err->message, substr)),
            "rc %d, expected %d with '%s'; message: %s", rc, code, substr,
            rc ? err->message : "");
}

/* CSR and CSC corruptions (CSC reads the same arrays over columns).  */
static void
rowwise_cases (void)
{
  static const struct
  {
    const char *name;
    int what, at;
    int64_t value;
    int code;
    const char *csr_msg, *csc_msg;
  } cases[] = {
    { "valid", 0, 0, 0, SF_OK, "", "" },
    { "pos-start", 1, 0, 1, SF_ERR_STRUCTURE, "pos[0] = 1, expected 0",
      "pos[0] = 1" },
    { "pos-decreasing", 1, 2, 1, SF_ERR_STRUCTURE,
      "pos[2] = 1 is less than pos[1] = 2 (row 1", "(column 1" },
    { "crd-too-big", 2, 1, 4, SF_ERR_STRUCTURE,
      "crd[1] = 4 (row 0) out of range 0..3", "crd[1] = 4 (column 0)" },
    { "crd-negative", 2, 2, -1, SF_ERR_STRUCTURE, "crd[2] = -1 (row 2)",
      "crd[2] = -1" },
    { "crd-repeated", 2, 3, 0, SF_ERR_STRUCTURE,
      "crd[3] = 0 (row 2) is not greater than crd[2] = 0",
      "within a column" },
    { "crd-descending", 2, 4, 0, SF_ERR_STRUCTURE,
      "crd[4] = 0 (row 2) is not greater than crd[3] = 1", "crd[4] = 0" },
    { "nrows-negative", 3, 0, -1, SF_ERR_INVALID, "nrows = -1", "nrows" },
    { "ncols-too-big", 4, 0, 3000000000LL, SF_ERR_INVALID, "ncols",
      "ncols" },
    { "pos-null", 5, 0, 0, SF_ERR_INVALID, "pos is NULL", "pos is NULL" },
    { "vals-null", 6, 0, 0, SF_ERR_INVALID, "vals is NULL",
      "vals is NULL" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (int csc = 0; csc < 2; csc++)
      {
        sf_csr a;
        sf_error err;
        make_csr (&a);
        void *saved[3] = { a.pos, a.crd, a.vals };
        switch (cases[i].what)
          {
          case 1: a.pos[cases[i].at] = cases[i].value; break;
          case 2: a.crd[cases[i].at] = (sf_crd_t) cases[i].value; break;
          case 3: *(csc ? &a.ncols : &a.nrows) = cases[i].value; break;
          case 4: *(csc ? &a.nrows : &a.ncols) = cases[i].value; break;
          case 5: a.pos = NULL; break;
          case 6: a.vals = NULL; break;
          }
        sf_csc c = { a.ncols, a.nrows, a.pos, a.crd, a.vals };
        if (csc)
          {
            c.nrows = a.ncols;
            c.ncols = a.nrows;
          }
        int rc = csc ? sf_check_csc (&c, &err) : sf_check_csr (&a, &err);
        char name[128];
        snprintf (name, sizeof name, "check/%s/%s", csc ? "csc" : "csr",
                  cases[i].name);
        expect (name, rc, &err, cases[i].code,
                csc ? cases[i].csc_msg : cases[i].csr_msg);
        for (int k = 0; k < 3; k++)
          free (saved[k]);
      }
}

/* DCSR corruptions.  */
static void
dcsr_cases (void)
{
  static const sf_pos_t p0[2] = { 0, 2 }, p1[3] = { 0, 2, 5 };
  static const sf_crd_t c0[2] = { 0, 2 };
  static const struct
  {
    const char *name;
    int level, pos, at, value, code;
    const char *msg;
  } cases[] = {
    { "valid", 0, 0, 0, 0, SF_OK, "" },
    { "rows-unsorted", 0, 0, 0, 2, SF_ERR_STRUCTURE,
      "crd[0][1] = 2 (root 0) is not greater than crd[0][0] = 2" },
    { "row-out-of-range", 0, 0, 1, 3, SF_ERR_STRUCTURE,
      "crd[0][1] = 3 (root 0) out of range 0..2" },
    { "pos0-start", 0, 1, 0, 1, SF_ERR_STRUCTURE, "pos[0][0] = 1" },
    { "pos1-decreasing", 1, 1, 1, 6, SF_ERR_STRUCTURE,
      "pos[1][2] = 5 is less than pos[1][1] = 6 (stored row 1" },
    { "column-out-of-range", 1, 0, 4, 9, SF_ERR_STRUCTURE,
      "crd[1][4] = 9 (stored row 1) out of range 0..3" },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    {
      sf_dcsr a = { 3, 4, { dup_bytes (p0, sizeof p0), dup_bytes (p1, sizeof p1) },
                    { dup_bytes (c0, sizeof c0),
                      dup_bytes (csr_crd, sizeof csr_crd) },
                    dup_bytes (csr_vals, sizeof csr_vals) };
      if (cases[i].pos)
        a.pos[cases[i].level][cases[i].at] = cases[i].value;
      else if (cases[i].code)
        a.crd[cases[i].level][cases[i].at] = cases[i].value;
      if (i == 1)
        a.crd[0][1] = 2, a.crd[0][0] = 2;
      sf_error err;
      char name[128];
      snprintf (name, sizeof name, "check/dcsr/%s", cases[i].name);
      expect (name, sf_check_dcsr (&a, &err), &err, cases[i].code,
              cases[i].msg);
      sf_dcsr_free (&a);
    }
}

/* Make A the CSF (mode order 1 2 0) of a small 3 x 5 x 7 tensor.  */
static void
make_csf (sf_csf *a)
{
  static const sf_crd_t e[8][3] = { { 0, 0, 0 }, { 0, 0, 1 }, { 1, 0, 0 },
                                    { 2, 1, 3 }, { 2, 4, 6 }, { 1, 2, 5 },
                                    { 0, 3, 2 }, { 2, 3, 1 } };
  static const int order[3] = { 1, 2, 0 };
  int64_t dims[3] = { 3, 5, 7 };
  sf_coo c;
  sf_coo_alloc (3, dims, 8, &c, NULL);
  for (int k = 0; k < 8; k++)
    {
      for (int m = 0; m < 3; m++)
        c.crd[m][k] = e[k][m];
      c.vals[k] = k + 1;
    }
  sf_coo_to_csf (&c, order, a, NULL);
  sf_coo_free (&c);
}

/* CSF corruptions.  */
static void
csf_cases (void)
{
  static const char *names[] = { "valid", "nnz-mismatch", "mode-order",
                                 "pos-start", "pos-decreasing",
                                 "crd-unsorted", "crd-out-of-range",
                                 "extent-negative", "level0-range" };
  static const int codes[] = { SF_OK, SF_ERR_STRUCTURE, SF_ERR_INVALID,
                               SF_ERR_STRUCTURE, SF_ERR_STRUCTURE,
                               SF_ERR_STRUCTURE, SF_ERR_STRUCTURE,
                               SF_ERR_INVALID, SF_ERR_STRUCTURE };
  static const char *msgs[] = { "", "nnz = 9 but the last level holds 8",
                                "permutation", "pos[0][0] = 1",
                                "pos[1][2] = 3 is less than pos[1][1] = 4",
                                "crd[1][1] = 0 (fiber 0) is not greater",
                                "crd[2][0] = 3 (fiber 0) out of range 0..2",
                                "a dimension = -1",
                                "crd[0][4] = 5 (root 0) out of range 0..4" };
  for (int i = 0; i < 9; i++)
    {
      sf_csf a;
      sf_error err;
      make_csf (&a);
      switch (i)
        {
        case 1: a.nnz = 9; break;
        case 2: a.mode_order[1] = 1, a.mode_order[2] = 1; break;
        case 3: a.pos[0][0] = 1; break;
        case 4: a.pos[1][1] = a.pos[1][2] + 1; break;
        case 5: a.crd[1][1] = a.crd[1][0]; break;
        case 6: a.crd[2][0] = 3; break;
        case 7: a.dims[2] = -1; break;
        case 8: a.crd[0][4] = 5; break;
        }
      char name[128];
      snprintf (name, sizeof name, "check/csf/%s", names[i]);
      int rc = sf_check_csf (&a, &err);
      if (i == 2)
        a.mode_order[2] = 0;
      expect (name, rc, &err, codes[i], msgs[i]);
      sf_csf_free (&a);
    }
}

/* COO corruptions.  */
static void
coo_cases (void)
{
  int64_t dims[2] = { 4, 4 };
  sf_coo a;
  sf_error err;
  sf_coo_alloc (2, dims, 3, &a, NULL);
  a.crd[0][0] = 0, a.crd[0][1] = 1, a.crd[0][2] = 1;
  a.crd[1][0] = 3, a.crd[1][1] = 0, a.crd[1][2] = 2;
  expect ("check/coo/valid", sf_check_coo (&a, &err), &err, SF_OK, "");
  a.crd[1][2] = 0;
  expect ("check/coo/repeat-allowed", sf_check_coo (&a, &err), &err, SF_OK,
          "");
  a.crd[0][2] = 0;
  expect ("check/coo/unsorted", sf_check_coo (&a, &err), &err,
          SF_ERR_STRUCTURE, "entry 1 comes after entry 2");
  a.crd[0][2] = 4;
  expect ("check/coo/out-of-range", sf_check_coo (&a, &err), &err,
          SF_ERR_STRUCTURE, "entry 2: mode 0 coordinate 4 out of range 0..3");
  a.nnz = -1;
  expect ("check/coo/negative-nnz", sf_check_coo (&a, &err), &err,
          SF_ERR_INVALID, "nnz -1");
  a.nnz = 3;
  a.order = 0;
  expect ("check/coo/order-0", sf_check_coo (&a, &err), &err,
          SF_ERR_INVALID, "order 0");
  a.order = 2;
  sf_coo_free (&a);
  expect ("check/null", sf_check_csr (NULL, &err), &err, SF_ERR_INVALID,
          "NULL");
}

void
t_check (void)
{
  rowwise_cases ();
  dcsr_cases ();
  csf_cases ();
  coo_cases ();
}
