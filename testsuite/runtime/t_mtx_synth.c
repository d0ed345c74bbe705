/* t_mtx_synth.c: Matrix Market reader tests on crafted files, one per
   rule of the format, good and bad.

     "value-overflow"   "...\n2 2 1\n1 1 1e999\n"
                        -> SF_ERR_RANGE at line 3, "out of range of double"
     "skew-real"        "...skew-symmetric\n3 3 1\n2 1 2.5\n"
                        -> (2,1) = 2.5 and (1,2) = -2.5

   Also: random bytes and random edits of a valid file never crash the
   reader, a long line and a very long
   number are fine, and entry numbers map back to the right line past
   comments and blank lines.  */

#include "harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN "%%MatrixMarket matrix coordinate real general\n"
#define INT "%%MatrixMarket matrix coordinate integer general\n"
#define PAT "%%MatrixMarket matrix coordinate pattern general\n"
#define SYM "%%MatrixMarket matrix coordinate real symmetric\n"
#define SKEW "%%MatrixMarket matrix coordinate real skew-symmetric\n"

/* A crafted file that must be rejected.  */
static const struct
{
  const char *name, *text;
  int code, line;
  const char *substr;
} bad[] = {
  { "empty-file", "", SF_ERR_FORMAT, 0, "empty file" },
  { "banner-only", GEN, SF_ERR_FORMAT, 1, "before the size line" },
  { "comments-only", GEN "% a\n\n% b\n", SF_ERR_FORMAT, 4, "size line" },
  { "missing-symmetry", "%%MatrixMarket matrix coordinate real\n1 1 0\n",
    SF_ERR_FORMAT, 1, "lacks the symmetry" },
  { "banner-extra-word",
    "%%MatrixMarket matrix coordinate real general extra\n1 1 0\n",
    SF_ERR_FORMAT, 1, "unexpected 'extra'" },
  { "banner-misspelt", "%MatrixMarket matrix coordinate real general\n",
    SF_ERR_FORMAT, 1, "banner" },
  { "vector-object", "%%MatrixMarket vector coordinate real general\n",
    SF_ERR_UNSUPPORTED, 1, "vector" },
  { "coordinate-complex",
    "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 2\n",
    SF_ERR_UNSUPPORTED, 1, "complex" },
  { "hermitian-complex",
    "%%MatrixMarket matrix coordinate complex hermitian\n1 1 0\n",
    SF_ERR_UNSUPPORTED, 1, "complex" },
  { "pattern-skew", "%%MatrixMarket matrix coordinate pattern "
    "skew-symmetric\n", SF_ERR_FORMAT, 1, "pattern skew" },
  { "size-not-integer", GEN "2 x 1\n", SF_ERR_FORMAT, 2, "'x' is not an "
    "integer" },
  { "size-negative", GEN "-2 2 1\n", SF_ERR_FORMAT, 2, "negative" },
  { "size-extra", GEN "2 2 1 5\n", SF_ERR_FORMAT, 2, "unexpected '5'" },
  { "size-rows-too-big", GEN "3000000000 2 1\n", SF_ERR_RANGE, 2,
    "exceeds the limit" },
  { "size-nnz-too-big", GEN "2 2 5\n", SF_ERR_FORMAT, 2, "more than" },
  { "size-nnz-overflow", GEN "2 2 99999999999999999999\n", SF_ERR_RANGE,
    2, "entries" },
  { "size-symmetric-nnz", SYM "2 2 4\n", SF_ERR_FORMAT, 2, "more than" },
  { "row-zero", GEN "2 2 1\n0 1 1.0\n", SF_ERR_RANGE, 3,
    "row index 0 out of range 1..2" },
  { "column-too-big", GEN "2 2 1\n1 3 1.0\n", SF_ERR_RANGE, 3,
    "column index 3 out of range 1..2" },
  { "index-negative", GEN "2 2 1\n-1 1 1.0\n", SF_ERR_RANGE, 3,
    "row index -1" },
  { "index-huge", GEN "2 2 1\n1 99999999999999999999 1\n", SF_ERR_RANGE, 3,
    "column index 99999999999999999999" },
  { "index-float", GEN "2 2 1\n1.0 1 1\n", SF_ERR_FORMAT, 3,
    "'1.0' is not an integer" },
  { "missing-column", GEN "2 2 1\n1\n", SF_ERR_FORMAT, 3,
    "lacks its column index" },
  { "missing-value", GEN "2 2 1\n1 1\n", SF_ERR_FORMAT, 3, "lacks its value" },
  { "value-garbage", GEN "2 2 1\n1 1 abc\n", SF_ERR_FORMAT, 3,
    "'abc' is not a number" },
  { "value-two-points", GEN "2 2 1\n1 1 1.2.3\n", SF_ERR_FORMAT, 3,
    "'1.2.3'" },
  { "value-bare-exponent", GEN "2 2 1\n1 1 1e\n", SF_ERR_FORMAT, 3, "'1e'" },
  { "value-hex", GEN "2 2 1\n1 1 0x10\n", SF_ERR_FORMAT, 3, "'0x10'" },
  { "value-overflow", GEN "2 2 1\n1 1 1e999\n", SF_ERR_RANGE, 3,
    "out of range of double" },
  { "value-overflow-digits", GEN "2 2 1\n1 1 -1797693134862315708145274237"
    "31704356798070567525844996598917476803157260780028538760589558632766878"
    "17154045895351438246423432132688946418276846754670353751698604991057655"
    "12820762454900903893289440758685084551339423045832369032229481658085593"
    "32123348274797826204144723168738177180919299881250404026184124858368"
    "0000000000\n", SF_ERR_RANGE, 3, "out of range" },
  { "extra-field", GEN "2 2 1\n1 1 1 1\n", SF_ERR_FORMAT, 3,
    "unexpected '1'" },
  { "pattern-with-value", PAT "2 2 1\n1 1 5\n", SF_ERR_FORMAT, 3,
    "unexpected '5'" },
  { "integer-fraction", INT "2 2 1\n1 1 1.5\n", SF_ERR_FORMAT, 3,
    "not an integer" },
  { "integer-overflow", INT "2 2 1\n1 1 9223372036854775808\n", SF_ERR_RANGE,
    3, "int64_t" },
  { "integer-huge", INT "2 2 1\n1 1 -99999999999999999999999\n",
    SF_ERR_RANGE, 3, "out of range" },
  { "skew-diagonal", SKEW "3 3 2\n2 1 1\n2 2 1\n", SF_ERR_FORMAT, 4,
    "diagonal entry (2, 2)" },
  { "skew-int8-mirror", "%%MatrixMarket matrix coordinate integer "
    "skew-symmetric\n%%GraphBLAS type int8_t\n3 3 1\n2 1 -128\n",
    SF_ERR_RANGE, 4, "negation" },
  { "skew-int64-mirror", "%%MatrixMarket matrix coordinate integer "
    "skew-symmetric\n3 3 1\n2 1 -9223372036854775808\n", SF_ERR_RANGE, 3,
    "negation" },
  { "float-overflow", GEN "%%GraphBLAS type float\n2 2 1\n1 1 1e39\n",
    SF_ERR_RANGE, 4, "float" },
  { "real-in-int-type", GEN "%%GraphBLAS type int32_t\n2 2 1\n1 1 2.5\n",
    SF_ERR_RANGE, 4, "int32_t" },
  { "gb-complex-mismatch", GEN "%%GraphBLAS type double complex\n",
    SF_ERR_FORMAT, 2, "complex" },
  { "truncated", GEN "2 2 2\n1 1 1\n", SF_ERR_FORMAT, 3,
    "ends after 1 of 2" },
  { "truncated-after-comment", GEN "2 2 2\n1 1 1\n% more to come\n\n",
    SF_ERR_FORMAT, 5, "ends after 1 of 2" },
  { "extra-entry", GEN "2 2 1\n1 1 1\n2 2 2\n", SF_ERR_FORMAT, 4,
    "more entries than the 1 declared" },
  { "duplicate-adjacent", GEN "2 2 2\n1 1 1\n1 1 2\n", SF_ERR_FORMAT, 4,
    "repeats the entry (1, 1) of line 3" },
  { "duplicate-far", GEN "3 3 4\n2 2 1\n1 1 1\n% note\n\n3 1 1\n1 1 2\n",
    SF_ERR_FORMAT, 8, "of line 4" },
  { "duplicate-mirror", SYM "3 3 2\n2 1 1\n1 2 1\n", SF_ERR_FORMAT, 4,
    "both triangles" },
  { "nul-byte", GEN "2 2 1\n1\0 1 1\n", SF_ERR_FORMAT, 3, "" },
};

/* Check each crafted bad file.  */
static void
bad_files (void)
{
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    {
      char name[128], file[128], at[32];
      snprintf (name, sizeof name, "mtx/reject/%s", bad[i].name);
      snprintf (file, sizeof file, "bad-%s.mtx", bad[i].name);
      const char *path = t_tmp (file);
      size_t len = strlen (bad[i].text);
      if (strcmp (bad[i].name, "nul-byte") == 0)
        len = sizeof GEN "2 2 1\n1\0 1 1\n" - 1;
      t_write_file (path, bad[i].text, len);
      sf_coo a;
      sf_error err;
      int rc = sf_read_mtx (path, &a, &err);
      snprintf (at, sizeof at, ":%d: ", bad[i].line);
      t_result (name, rc == bad[i].code && strstr (err.message, file)
                        && (!bad[i].line || strstr (err.message, at))
                        && strstr (err.message, bad[i].substr)
                        && a.nnz == 0 && a.vals == NULL,
                "rc %d, expected %d at line %d with '%s'; message: %s", rc,
                bad[i].code, bad[i].line, bad[i].substr,
                rc ? err.message : "(none)");
      if (!rc)
        sf_coo_free (&a);
    }
}

/* A crafted file that must be read, with some of its entries.  */
static const struct
{
  const char *name, *text;
  int64_t rows, cols, nnz;
  struct
  {
    int i, j;
    double v;
  } k[3];
} good[] = {
  { "crlf", GEN "% c\r\n2 2 2\r\n1 1 1.5\r\n2 2 -2\r\n", 2, 2, 2,
    { { 1, 1, 1.5 }, { 2, 2, -2 } } },
  { "blank-lines-and-comments",
    GEN "\n% x\n  \n2 3 2\n\n% mid\n1 3 7\n\t\n2 1 8\n% end\n\n", 2, 3, 2,
    { { 1, 3, 7 }, { 2, 1, 8 } } },
  { "no-final-newline", GEN "2 2 1\n2 1 5", 2, 2, 1, { { 2, 1, 5 } } },
  { "tabs-and-spaces", GEN " 2\t2  1 \n  1\t 2   3.0  \n", 2, 2, 1,
    { { 1, 2, 3 } } },
  { "integer-field", INT "2 2 2\n1 1 -5\n2 2 9007199254740993\n", 2, 2, 2,
    { { 1, 1, -5 }, { 2, 2, 9007199254740992.0 } } },
  { "pattern-general", PAT "3 2 2\n3 1\n1 2\n", 3, 2, 2,
    { { 3, 1, 1 }, { 1, 2, 1 } } },
  { "symmetric-upper", SYM "3 3 2\n1 3 4\n2 2 1\n", 3, 3, 3,
    { { 1, 3, 4 }, { 3, 1, 4 }, { 2, 2, 1 } } },
  { "skew-real", SKEW "3 3 1\n2 1 2.5\n", 3, 3, 2,
    { { 2, 1, 2.5 }, { 1, 2, -2.5 } } },
  { "exponents", GEN "2 3 5\n1 1 1.5E+3\n1 2 -.5\n1 3 +2\n2 1 1d2\n"
    "2 2 1e-5\n", 2, 3, 5, { { 1, 1, 1500 }, { 2, 1, 100 }, { 2, 2, 1e-5 } } },
  { "zero-size", GEN "0 0 0\n", 0, 0, 0, { { 0, 0, 0 } } },
  { "banner-case", "%%matrixmarket MATRIX Coordinate REAL General\n1 1 1\n"
    "1 1 2\n", 1, 1, 1, { { 1, 1, 2 } } },
  { "gb-int8-bounds", INT "%%GraphBLAS type int8_t\n2 2 2\n1 1 -128\n"
    "2 2 127\n", 2, 2, 2, { { 1, 1, -128 }, { 2, 2, 127 } } },
  { "gb-uint64-max", INT "%%GraphBLAS type uint64_t\n1 1 1\n"
    "1 1 18446744073709551615\n", 1, 1, 1, { { 1, 1, 18446744073709551616.0 } } },
  { "real-in-int-type", GEN "%%GraphBLAS type int32_t\n1 1 1\n1 1 3.0\n",
    1, 1, 1, { { 1, 1, 3 } } },
  { "inf-nan", GEN "2 2 3\n1 1 inf\n1 2 -Infinity\n2 1 NaN\n", 2, 2, 3,
    { { 1, 1, INFINITY }, { 1, 2, -INFINITY }, { 2, 1, NAN } } },
  { "leading-zeros", GEN "1 2 2\n001 0002 007.50\n1 1 -0000.0001e+0004\n",
    1, 2, 2, { { 1, 2, 7.5 }, { 1, 1, -1 } } },
};

/* Return 1 when A holds (I, J) = V once (NaN matches NaN).  */
static int
holds (const sf_coo *a, int i, int j, double v)
{
  int n = 0;
  double got = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    if (a->crd[0][k] == i - 1 && a->crd[1][k] == j - 1)
      {
        n++;
        got = a->vals[k];
      }
  return n == 1 && (got == v || (got != got && v != v));
}

/* Check each crafted good file.  */
static void
good_files (void)
{
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
    {
      char name[128], file[128];
      snprintf (name, sizeof name, "mtx/accept/%s", good[i].name);
      snprintf (file, sizeof file, "good-%s.mtx", good[i].name);
      const char *path = t_tmp (file);
      t_write_file (path, good[i].text, strlen (good[i].text));
      sf_coo a;
      sf_error err;
      int rc = sf_read_mtx (path, &a, &err);
      int ok = rc == SF_OK && a.dims[0] == good[i].rows
               && a.dims[1] == good[i].cols && a.nnz == good[i].nnz;
      for (int q = 0; q < 3 && ok && good[i].k[q].i; q++)
        ok = holds (&a, good[i].k[q].i, good[i].k[q].j, good[i].k[q].v);
      t_result (name, ok, "rc %d %s, %lld x %lld, %lld entries", rc,
                rc ? err.message : "", (long long) a.dims[0],
                (long long) a.dims[1], (long long) a.nnz);
      sf_coo_free (&a);
    }
}

/* A long line of blanks, and a number of 1000 digits, read fine.  */
static void
long_lines (void)
{
  size_t pad = 300000;
  char *s = malloc (pad + 2200);
  int n = sprintf (s, "%s", GEN "1 1 1\n");
  memset (s + n, ' ', pad);
  n += (int) pad;
  n += sprintf (s + n, "1 1 0.");
  memset (s + n, '0', 1000);
  n += 1000;
  n += sprintf (s + n, "123456789\n");
  const char *path = t_tmp ("long-line.mtx");
  t_write_file (path, s, (size_t) n);
  sf_coo a;
  sf_error err;
  int rc = sf_read_mtx (path, &a, &err);
  double want = strtod (strstr (s + pad, "0."), NULL);
  t_result ("mtx/accept/long-line", rc == 0 && a.nnz == 1
                                      && a.vals[0] == want,
            "rc %d %s, value %.17g, expected %.17g", rc,
            rc ? err.message : "", rc ? 0 : a.vals[0], want);
  sf_coo_free (&a);
  free (s);
}

/* Random bytes, with and without a valid banner, never crash the reader
   and always give an error naming the file.  */
static void
random_bytes (void)
{
  uint64_t s = 12345;
  int ok = 1;
  char why[600] = "";
  for (int round = 0; round < 40 && ok; round++)
    {
      char buf[4096];
      int n = round % 2 ? sprintf (buf, "%s9 9 %d\n", GEN, round) : 0;
      for (; n < (int) sizeof buf; n++)
        {
          s = s * 6364136223846793005ULL + 1442695040888963407ULL;
          buf[n] = round % 4 == 3 ? "0123456789 .e-\n"[(s >> 33) % 15]
                                  : (char) (s >> 56);
        }
      const char *path = t_tmp ("random-bytes.mtx");
      t_write_file (path, buf, sizeof buf);
      sf_coo a;
      sf_error err;
      int rc = sf_read_mtx (path, &a, &err);
      if (rc == SF_OK)
        sf_coo_free (&a);
      else if (!strstr (err.message, "random-bytes.mtx"))
        {
          ok = 0;
          snprintf (why, sizeof why, "round %d: message %s", round,
                    err.message);
        }
    }
  t_result ("mtx/reject/random-bytes", ok, "%s", why);
}

/* Apply one random edit (byte change, cut, deletion or insertion of a
   troublesome word) to the M bytes of BUF, drawing from *S.  Return the
   new length.  */
static size_t
mutate (char *buf, size_t m, uint64_t *s)
{
  static const char *words[] = { " ", "\n", "%", "-", "9999999999", "e",
                                 ".", "0", "\r", "inf", "1e400",
                                 "skew-symmetric", "pattern" };
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  uint64_t r = *s >> 20;
  size_t at = m ? (size_t) (r % m) : 0;
  switch (r >> 40 & 3)
    {
    case 0: buf[at] = (char) (r >> 8); return m;
    case 1: return at;
    case 2:
      memmove (buf + at, buf + at + (m - at) / 2, m - at - (m - at) / 2);
      return m - (m - at) / 2;
    }
  const char *w = words[(r >> 32) % 13];
  size_t len = strlen (w);
  memmove (buf + at + len, buf + at, m - at);
  memcpy (buf + at, w, len);
  return m + len;
}

/* Randomly edited valid files are read or rejected with a message naming
   the file; what is read converts to a valid CSR.  */
static void
mutations (void)
{
  static const char base[] = SYM "%%GraphBLAS type double\n5 5 6\n1 1 1\n"
                             "2 1 2.5\n3 2 -3e2\n5 5 4\n4 3 1\n5 1 .2\n";
  char buf[sizeof base + 200], why[600] = "";
  uint64_t s = 2024;
  int ok = 1;
  for (int round = 0; round < 300 && ok; round++)
    {
      size_t m = sizeof base - 1;
      memcpy (buf, base, m);
      for (int k = 0; k < 1 + round % 3; k++)
        m = mutate (buf, m, &s);
      const char *path = t_tmp ("mutated.mtx");
      t_write_file (path, buf, m);
      sf_coo a;
      sf_csr c;
      sf_error err;
      int rc = sf_read_mtx (path, &a, &err);
      if (!rc && !(rc = sf_coo_to_csr (&a, &c, &err)))
        {
          ok = sf_check_csr (&c, NULL) == SF_OK && sf_csr_nnz (&c) == a.nnz;
          snprintf (why, sizeof why, "round %d: bad CSR", round);
          sf_csr_free (&c);
        }
      else if (rc && !strstr (err.message, "mutated.mtx"))
        {
          ok = 0;
          snprintf (why, sizeof why, "round %d: %.500s", round, err.message);
        }
      sf_coo_free (&a);
    }
  t_result ("mtx/reject/mutations", ok, "%s", why);
}

/* Reading a missing file, and through a stream, and NULL arguments.  */
static void
io_cases (void)
{
  sf_coo a;
  sf_error err;
  int rc = sf_read_mtx (t_tmp ("no-such-file.mtx"), &a, &err);
  t_result ("mtx/reject/missing-file", rc == SF_ERR_IO
                                         && strstr (err.message,
                                                    "no-such-file.mtx"),
            "rc %d %s", rc, err.message);
  rc = sf_read_mtx (t.tmp, &a, &err);
  t_result ("mtx/reject/directory", rc == SF_ERR_IO, "rc %d %s", rc,
            err.message);
  rc = sf_read_mtx (NULL, &a, &err);
  t_result ("mtx/reject/null-path", rc == SF_ERR_INVALID, "rc %d", rc);
  static const char text[] = GEN "2 2 1\n2 3 1\n";
  FILE *f = fmemopen ((void *) text, sizeof text - 1, "r");
  rc = sf_fread_mtx (f, "memory", 0, &a, &err);
  fclose (f);
  t_result ("mtx/reject/stream", rc == SF_ERR_RANGE
                                   && strncmp (err.message, "memory:3: ", 10)
                                        == 0,
            "rc %d %s", rc, err.message);
}

void
t_mtx_synthetic (void)
{
  bad_files ();
  good_files ();
  long_lines ();
  random_bytes ();
  mutations ();
  io_cases ();
}
