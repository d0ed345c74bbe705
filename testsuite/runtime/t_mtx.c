/* t_mtx.c: Matrix Market reader tests on the real data and on crafted
   files.

     malformed/mangled13.mtx   rejected: SF_ERR_RANGE at line 7, message
                               "...mangled13.mtx:7: column index 9999 out
                               of range 1..4"
     matrices/bcsstk13.mtx     2003 x 2003, 42943 stored with 2003 on the
                               diagonal -> 2*40940 + 2003 = 83883 entries,
                               (2,1) = (1,2) = 3101923.80092
     crafted "crlf"            CRLF line ends read like LF

   Every rejected file must name itself and (where one exists) the line;
   every accepted one must give the exact values strtod gives.  */

#include "harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Return the last component of PATH.  */
static const char *
base_name (const char *path)
{
  const char *s = strrchr (path, '/');
  return s ? s + 1 : path;
}

/* Check that reading PATH (FLAGS) fails with CODE (0: any error), the
   message naming the file, LINE (0: any; -1: none) and holding SUBSTR
   (NULL: any).  Report as NAME.  */
static void
expect_error (const char *name, const char *path, unsigned flags, int code,
              int line, const char *substr)
{
  sf_coo a;
  sf_error err;
  memset (&a, 0x5a, sizeof a);
  int rc = sf_read_mtx_ex (path, flags, &a, &err);
  char at[32];
  snprintf (at, sizeof at, ":%d: ", line);
  int named = strstr (err.message, base_name (path)) != NULL;
  int has_line = line > 0 ? strstr (err.message, at) != NULL
                 : line < 0 ? 1 : strstr (err.message, ": ") != NULL;
  if (rc == SF_OK)
    sf_coo_free (&a);
  t_result (name, rc != SF_OK && (!code || rc == code) && named && has_line
                    && (!substr || strstr (err.message, substr))
                    && a.vals == NULL && a.nnz == 0 && err.code == rc,
            "rc %d (%s), expected %d at line %d with '%s'; message: %s", rc,
            sf_strerror (rc), code, line, substr ? substr : "",
            rc ? err.message : "(none)");
}

/* Return the number of entries (I, J) (1-based) of A, and the value of the
   last one in *V.  */
static int
find (const sf_coo *a, int i, int j, double *v)
{
  int n = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    if (a->crd[0][k] == i - 1 && a->crd[1][k] == j - 1)
      {
        n++;
        *v = a->vals[k];
      }
  return n;
}

/* Return 1 when A holds exactly one entry (I, J) equal to V (bitwise, or
   both NaN); else 0 with the reason in WHY.  */
static int
has_value (const sf_coo *a, int i, int j, double v, char *why, size_t size)
{
  double got = 0;
  int n = find (a, i, j, &got);
  if (n == 1 && (memcmp (&got, &v, sizeof v) == 0 || (v != v && got != got)))
    return 1;
  snprintf (why, size, "(%d, %d) found %d times, value %.17g, expected "
            "%.17g", i, j, n, got, v);
  return 0;
}

/* Return 1 when A converts to a valid CSR without losing entries (the
   reader rejects repeats, so none may merge); else 0 with WHY.  */
static int
converts_cleanly (const sf_coo *a, char *why, size_t size)
{
  sf_csr c;
  sf_error err;
  int rc = sf_coo_to_csr (a, &c, &err);
  if (!rc)
    rc = sf_check_csr (&c, &err);
  int ok = !rc && sf_csr_nnz (&c) == a->nnz;
  if (!ok)
    snprintf (why, size, "csr: rc %d %.300s, nnz %lld of %lld", rc,
              rc ? err.message : "", (long long) sf_csr_nnz (&c),
              (long long) a->nnz);
  sf_csr_free (&c);
  return ok;
}

/* Expected outcome for a file of the malformed folder.  */
static const struct
{
  const char *file;
  int code, line;
  const char *substr;
} malformed[] = {
  { "full_noheader.mtx", SF_ERR_FORMAT, 1, "banner" },
  { "garbage.lagraph", SF_ERR_FORMAT, 1, "banner" },
  { "mangled1.mtx", SF_ERR_FORMAT, 1, "unknown object 'mangled'" },
  { "mangled2.mtx", SF_ERR_FORMAT, 1, "unknown format 'mangled'" },
  { "mangled3.mtx", SF_ERR_FORMAT, 1, "unknown field 'mangled'" },
  { "mangled4.mtx", SF_ERR_FORMAT, 1, "unknown symmetry 'mangled'" },
  { "mangled5.mtx", SF_ERR_FORMAT, 1, "hermitian" },
  { "mangled6.mtx", SF_ERR_FORMAT, 1, "hermitian" },
  { "mangled7.mtx", SF_ERR_FORMAT, 2, "gunk" },
  { "mangled8.mtx", SF_ERR_FORMAT, 4, "size line" },
  { "mangled9.mtx", SF_ERR_FORMAT, 4, "square" },
  { "mangled10.mtx", SF_ERR_FORMAT, 6, "ends after 2 of 3" },
  { "mangled11.mtx", SF_ERR_FORMAT, 5, "'zero' is not an integer" },
  { "mangled12.mtx", SF_ERR_FORMAT, 5, "lacks its value" },
  { "mangled13.mtx", SF_ERR_RANGE, 7, "column index 9999 out of range" },
  { "mangled14.mtx", SF_ERR_FORMAT, 8, "of line 7" },
  { "mangled15.mtx", SF_ERR_UNSUPPORTED, 1, "array" },
  { "mangled16.mtx", SF_ERR_UNSUPPORTED, 1, "array" },
  { "mangled_bool.mtx", SF_ERR_RANGE, 10, "bool" },
  { "mangled_format.mtx", SF_ERR_FORMAT, 1, "array pattern" },
  { "mangled_int8.mtx", SF_ERR_RANGE, 8, "-129 out of range of int8_t" },
  { "mangled_int16.mtx", SF_ERR_RANGE, 8, "int16_t" },
  { "mangled_int32.mtx", SF_ERR_RANGE, 8, "int32_t" },
  { "mangled_skew.mtx", SF_ERR_FORMAT, 2, "skew-symmetric" },
  { "mangled_uint8.mtx", SF_ERR_RANGE, 9, "256 out of range of uint8_t" },
  { "mangled_uint16.mtx", SF_ERR_RANGE, 9, "uint16_t" },
  { "mangled_uint32.mtx", SF_ERR_RANGE, 9, "uint32_t" },
};

/* Every file of DATA/malformed is rejected, naming itself and its line.  */
static void
malformed_files (void)
{
  char **names = t_list_dir (t_data ("malformed", NULL));
  if (!names)
    {
      t_unsupported ("mtx/malformed", "no data");
      return;
    }
  for (char **p = names; *p; p++)
    {
      char name[300];
      snprintf (name, sizeof name, "mtx/malformed/%s", *p);
      size_t i = 0, n = sizeof malformed / sizeof malformed[0];
      while (i < n && strcmp (malformed[i].file, *p) != 0)
        i++;
      if (i < n)
        expect_error (name, t_data ("malformed", *p), 0, malformed[i].code,
                      malformed[i].line, malformed[i].substr);
      else
        expect_error (name, t_data ("malformed", *p), 0, 0, 0, NULL);
    }
  t_free_list (names);
}

/* A known entry of a data file, 1-based, value as written.  */
typedef struct known
{
  int i, j;
  const char *value;
} known;

/* Expected shape and entries of the matrices and edge files.  */
static const struct
{
  const char *sub, *file;
  int64_t rows, cols, stored, diag;
  int sym; /* 0 general, 1 symmetric, -1 skew */
  known k[3];
} good[] = {
  { "edge", "empty.mtx", 3, 4, 0, 0, 0, { { 0, 0, NULL } } },
  { "edge", "skew_fp32.mtx", 6, 6, 10, 0, -1,
    { { 4, 1, "-.12565" }, { 5, 1, "inf" }, { 6, 4, "1.6518" } } },
  { "edge", "skew_fp64.mtx", 6, 6, 10, 0, -1,
    { { 4, 1, "-.12565458736262625" }, { 5, 1, "inf" },
      { 6, 5, "-.18161721472946568" } } },
  { "edge", "skew_int8.mtx", 6, 6, 10, 0, -1,
    { { 4, 1, "-12" }, { 6, 4, "125" }, { 4, 3, "0" } } },
  { "edge", "skew_int16.mtx", 6, 6, 10, 0, -1, { { 5, 1, "30000" } } },
  { "edge", "skew_int32.mtx", 6, 6, 10, 0, -1, { { 5, 1, "30000000" } } },
  { "edge", "skew_int64.mtx", 6, 6, 10, 0, -1,
    { { 5, 1, "9223372036854775807" }, { 6, 5, "-18" } } },
  { "matrices", "LFAT5.mtx", 14, 14, 30, 14, 1,
    { { 1, 1, "1.57088" }, { 4, 1, "-94.2528" }, { 14, 14, "1.57088" } } },
  { "matrices", "bcsstk13.mtx", 2003, 2003, 42943, 2003, 1,
    { { 1, 1, "277281165.183" }, { 2, 1, "3101923.80092" },
      { 2003, 2003, "5552681.3139" } } },
  { "matrices", "cryg2500.mtx", 2500, 2500, 12349, 2500, 0,
    { { 1, 1, "-5679.837539484813" }, { 2, 1, "2171.261579169869" },
      { 2500, 2500, ".001515403830141552" } } },
  { "matrices", "jagmesh7.mtx", 1138, 1138, 4294, 1138, 1,
    { { 2, 1, "1" }, { 1138, 1138, "1" } } },
  { "matrices", "lp_afiro_structure.mtx", 27, 51, 102, 2, 0,
    { { 3, 1, "1" }, { 4, 2, "1" }, { 16, 51, "1" } } },
  { "matrices", "olm1000.mtx", 1000, 1000, 3996, 1000, 0,
    { { 1, 1, "-5081.64368" }, { 2, 1, ".5" }, { 1000, 1000, "-.5" } } },
  { "matrices", "pushpull.mtx", 4000, 4000, 99208, 2111, 1,
    { { 8, 1, "1" }, { 14, 1, "1" }, { 4000, 4000, "1" } } },
  { "matrices", "zenios.mtx", 2873, 2873, 15032, 2873, 1,
    { { 1, 1, "0" }, { 2, 2, "0" }, { 2873, 2873, "0" } } },
};

/* Return 1 when A holds the known entries K of a file of symmetry SYM
   (mirrors included); else 0 with WHY.  */
static int
known_values (const sf_coo *a, const known *k, int sym, char *why,
              size_t size)
{
  for (int q = 0; q < 3 && k[q].value; q++)
    {
      double v = strtod (k[q].value, NULL);
      if (!has_value (a, k[q].i, k[q].j, v, why, size))
        return 0;
      if (sym && k[q].i != k[q].j
          && !has_value (a, k[q].j, k[q].i, sym < 0 ? -v : v, why, size))
        return 0;
    }
  return 1;
}

/* Check one good data file G.  */
static void
good_file (int g)
{
  char name[300], why[1200] = "";
  snprintf (name, sizeof name, "mtx/%s/%s", good[g].sub, good[g].file);
  const char *path = t_data (good[g].sub, good[g].file);
  sf_coo a;
  sf_error err;
  int rc = sf_read_mtx (path, &a, &err);
  int64_t want = good[g].sym ? 2 * good[g].stored - good[g].diag
                             : good[g].stored;
  int ok = rc == SF_OK && a.order == 2 && a.dims[0] == good[g].rows
           && a.dims[1] == good[g].cols && a.nnz == want;
  if (!ok)
    snprintf (why, sizeof why, "rc %d %s, %lld x %lld with %lld entries, "
              "expected %lld x %lld with %lld", rc, rc ? err.message : "",
              (long long) a.dims[0], (long long) a.dims[1],
              (long long) a.nnz, (long long) good[g].rows,
              (long long) good[g].cols, (long long) want);
  ok = ok && known_values (&a, good[g].k, good[g].sym, why, sizeof why);
  ok = ok && converts_cleanly (&a, why, sizeof why);
  t_result (name, ok, "%s", why);
  sf_coo_free (&a);
}

/* Every file of DATA/edge and DATA/matrices reads as expected.  */
void
t_mtx_data (void)
{
  malformed_files ();
  if (!t.data)
    {
      t_unsupported ("mtx/edge", "no data");
      t_unsupported ("mtx/matrices", "no data");
      return;
    }
  for (size_t g = 0; g < sizeof good / sizeof good[0]; g++)
    good_file ((int) g);
  expect_error ("mtx/edge/complex.mtx", t_data ("edge", "complex.mtx"), 0,
                SF_ERR_UNSUPPORTED, 1, "complex");
  sf_coo a;
  sf_error err;
  int rc = sf_read_mtx_ex (t_data ("malformed", "mangled14.mtx"),
                           SF_MTX_ALLOW_DUPLICATES, &a, &err);
  sf_csr c = { 0, 0, NULL, NULL, NULL };
  if (!rc)
    rc = sf_coo_to_csr (&a, &c, &err);
  t_result ("mtx/allow-duplicates/mangled14.mtx",
            !rc && a.nnz == 3 && sf_csr_nnz (&c) == 2 && c.vals[1] == 3.4 + 7.1,
            "rc %d %s", rc, rc ? err.message : "");
  sf_csr_free (&c);
  sf_coo_free (&a);
}
