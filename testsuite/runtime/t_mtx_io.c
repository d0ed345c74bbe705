/* t_mtx_io.c: number parsing accuracy and write/read round trips.

     20000 random decimal strings ("-0.000123", "7.25e-300",
     "123456789012345678901.5e3", "%.17g" of random doubles, ...) written
     as one row of a matrix read back bit-identical to strtod's result.

     bcsstk13.mtx -> sf_write_mtx -> sf_read_mtx: the same entries in the
     same order, bit for bit.  */

#include "harness.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The tests' linear congruential generator.  */
static uint64_t
lcg (uint64_t *s)
{
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return *s >> 11;
}

/* Append to B a random decimal string of kind chosen by S.  Return its
   length.  */
static int
random_number (char *b, uint64_t *s)
{
  int n = 0, kind = (int) (lcg (s) % 4);
  if (kind == 0)
    {
      double x = ldexp ((double) lcg (s), (int) (lcg (s) % 1200) - 700);
      return sprintf (b, "%.*g", (int) (lcg (s) % 17) + 1,
                      lcg (s) % 2 ? -x : x);
    }
  if (lcg (s) % 3 == 0)
    b[n++] = lcg (s) % 2 ? '-' : '+';
  int whole = (int) (lcg (s) % (kind == 1 ? 4 : 21));
  int frac = (int) (lcg (s) % (kind == 1 ? 4 : 26));
  if (whole + frac == 0)
    whole = 1;
  for (int i = 0; i < whole; i++)
    b[n++] = (char) ('0' + lcg (s) % 10);
  if (frac)
    b[n++] = '.';
  for (int i = 0; i < frac; i++)
    b[n++] = (char) ('0' + lcg (s) % 10);
  if (kind >= 2)
    n += sprintf (b + n, "e%d", (int) (lcg (s) % 560) - 300);
  b[n] = '\0';
  return n;
}

/* Random decimal strings read exactly as strtod reads them.  */
void
t_mtx_numbers (void)
{
  enum { N = 20000 };
  char *text = malloc ((size_t) N * 80 + 200);
  char **start = malloc (N * sizeof *start);
  int n = sprintf (text, "%%%%MatrixMarket matrix coordinate real general\n"
                   "1 %d %d\n", N, N);
  uint64_t s = 99;
  for (int k = 0; k < N; k++)
    {
      n += sprintf (text + n, "1 %d ", k + 1);
      start[k] = text + n;
      n += random_number (text + n, &s);
      text[n++] = '\n';
    }
  const char *path = t_tmp ("numbers.mtx");
  t_write_file (path, text, (size_t) n);
  sf_coo a;
  sf_error err;
  int rc = sf_read_mtx (path, &a, &err), bad = -1;
  for (int k = 0; k < N && !rc && bad < 0; k++)
    {
      double want = strtod (start[k], NULL);
      if (memcmp (&want, &a.vals[k], sizeof want) != 0)
        bad = k;
    }
  char tok[80] = "";
  if (bad >= 0)
    sscanf (start[bad], "%79s", tok);
  t_result ("mtx/numbers/exact", rc == 0 && bad < 0,
            "rc %d %s; entry %d '%s' read as %.17g", rc,
            rc ? err.message : "", bad, tok, bad >= 0 ? a.vals[bad] : 0.0);
  sf_coo_free (&a);
  free (start);
  free (text);
}

/* Return 1 when A and B hold the same entries in the same order, values
   bit for bit (NaN as NaN); else 0 with WHY.  */
static int
same_coo (const sf_coo *a, const sf_coo *b, char *why, size_t size)
{
  if (a->order != b->order || a->nnz != b->nnz)
    {
      snprintf (why, size, "order %d/%d, nnz %lld/%lld", a->order, b->order,
                (long long) a->nnz, (long long) b->nnz);
      return 0;
    }
  for (int m = 0; m < a->order; m++)
    if (a->dims[m] != b->dims[m])
      {
        snprintf (why, size, "extent of mode %d: %lld/%lld", m,
                  (long long) a->dims[m], (long long) b->dims[m]);
        return 0;
      }
  for (int64_t k = 0; k < a->nnz; k++)
    {
      int same = memcmp (&a->vals[k], &b->vals[k], sizeof (double)) == 0
                 || (isnan (a->vals[k]) && isnan (b->vals[k]));
      for (int m = 0; m < a->order; m++)
        same = same && a->crd[m][k] == b->crd[m][k];
      if (!same)
        {
          snprintf (why, size, "entry %lld differs (value %.17g/%.17g)",
                    (long long) k, a->vals[k], b->vals[k]);
          return 0;
        }
    }
  return 1;
}

/* Write A as NAME (MTX when MTX, else FROSTT), read it back (FROSTT with
   A's order and extents) and compare.  Report as TEST.  */
static void
round_trip (const char *test, const sf_coo *a, const char *name, int mtx)
{
  const char *path = t_tmp (name);
  sf_error err;
  sf_coo b;
  memset (&b, 0, sizeof b);
  int rc = mtx ? sf_write_mtx (path, a, &err) : sf_write_tns (path, a, &err);
  if (!rc)
    rc = mtx ? sf_read_mtx (path, &b, &err)
             : sf_read_tns_ex (path, a->order, a->dims, &b, &err);
  char why[512] = "";
  int ok = !rc && same_coo (a, &b, why, sizeof why);
  t_result (test, ok, "rc %d %s %s", rc, rc ? err.message : "", why);
  sf_coo_free (&b);
}

/* A COO holding values that are hard to print exactly.  */
static void
tricky_values (sf_coo *a)
{
  static const double v[] = { 0.1, -0.0, 1e-310, 4.9e-324, 1.7976931348623157e308,
                              -2.5e-300, 1.0 / 3.0, 123456789012345.0,
                              1e15, 9007199254740993.0, 0.30000000000000004,
                              INFINITY, -INFINITY, NAN, 2.0 / 3.0, -1e22 };
  int64_t n = sizeof v / sizeof v[0], dims[2] = { 4, n };
  sf_coo_alloc (2, dims, n, a, NULL);
  for (int64_t k = 0; k < n; k++)
    {
      a->crd[0][k] = (sf_crd_t) (k % 4);
      a->crd[1][k] = (sf_crd_t) k;
      a->vals[k] = v[k];
    }
}

/* Round trips of the real matrices and of generated ones.  */
void
t_mtx_roundtrip (void)
{
  static const char *files[] = { "bcsstk13.mtx", "cryg2500.mtx",
                                 "jagmesh7.mtx", "lp_afiro_structure.mtx" };
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
    {
      char test[128];
      snprintf (test, sizeof test, "mtx/roundtrip/%s", files[i]);
      sf_coo a;
      sf_error err;
      if (!t.data)
        {
          t_unsupported (test, "no data");
          continue;
        }
      if (sf_read_mtx (t_data ("matrices", files[i]), &a, &err))
        t_result (test, 0, "%s", err.message);
      else
        round_trip (test, &a, "roundtrip.mtx", 1);
      sf_coo_free (&a);
    }
  sf_coo a;
  tricky_values (&a);
  round_trip ("mtx/roundtrip/tricky-values", &a, "tricky.mtx", 1);
  round_trip ("tns/roundtrip/tricky-values", &a, "tricky.tns", 0);
  sf_coo_free (&a);
  int64_t dims[2] = { 7, 0 };
  sf_coo_alloc (2, dims, 0, &a, NULL);
  round_trip ("mtx/roundtrip/empty-7x0", &a, "empty.mtx", 1);
  sf_coo_free (&a);
  int64_t d4[4] = { 5, 6, 7, 8 };
  t_random_coo (4, d4, 300, 0, 5, &a);
  round_trip ("tns/roundtrip/random-order4", &a, "random4.tns", 0);
  sf_coo_free (&a);
}
