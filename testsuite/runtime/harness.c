/* harness.c: the runtime tests' driver, reporting and reference code.

     test_runtime --data ../shared/data --tmp build/tmp --prefix asan/
     PASS: asan/mtx/malformed/mangled1.mtx
     FAIL: asan/convert/csr/random: entry 3: value 2 != 2.5
     UNSUPPORTED: asan/mtx/matrices (no data at ../shared/data)

   Exit status 0 when every test passed, 1 otherwise; the make target only
   looks for a crash.  --readers runs just the reader tests (for
   valgrind).  The reference tuple lists here use qsort and plain loops,
   nothing of the library, so that the converters are checked against an
   independent computation.  */

#define _DEFAULT_SOURCE
#include "harness.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

t_env t;
static int failures, passes;

/* Report the test NAME as passed when OK, else failed with FMT.  Return
   OK.  */
int
t_result (const char *name, int ok, const char *fmt, ...)
{
  if (ok)
    {
      printf ("PASS: %s%s\n", t.prefix, name);
      passes++;
      return ok;
    }
  char why[1024];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (why, sizeof why, fmt, ap);
  va_end (ap);
  for (char *p = why; *p; p++)
    if (*p == '\n')
      *p = ' ';
  printf ("FAIL: %s%s: %s\n", t.prefix, name, why);
  failures++;
  return ok;
}

/* Report the test NAME as not run, for reason WHY.  */
void
t_unsupported (const char *name, const char *why)
{
  printf ("UNSUPPORTED: %s%s (%s)\n", t.prefix, name, why);
}

/* Return a path "TMP/NAME" in one of 8 rotating static buffers.  */
const char *
t_tmp (const char *name)
{
  static char buf[8][4096];
  static int next;
  char *b = buf[next++ % 8];
  snprintf (b, sizeof buf[0], "%s/%s", t.tmp, name);
  return b;
}

/* Return "DATA/SUB/NAME" in one of 8 rotating static buffers, or NULL
   without data.  */
const char *
t_data (const char *sub, const char *name)
{
  static char buf[8][4096];
  static int next;
  if (!t.data)
    return NULL;
  char *b = buf[next++ % 8];
  snprintf (b, sizeof buf[0], "%s/%s%s%s", t.data, sub, name ? "/" : "",
            name ? name : "");
  return b;
}

/* Write the N bytes S to PATH.  Return 0 on success.  */
int
t_write_file (const char *path, const char *s, size_t n)
{
  FILE *f = fopen (path, "wb");
  if (!f)
    return -1;
  size_t w = fwrite (s, 1, n, f);
  return (fclose (f) != 0 || w != n) ? -1 : 0;
}

/* qsort comparison of two strings through pointers.  */
static int
cmp_names (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Return the sorted names of the regular files in DIR (NULL-terminated,
   malloc'd), or NULL when DIR cannot be read.  */
char **
t_list_dir (const char *dir)
{
  DIR *d = dir ? opendir (dir) : NULL;
  if (!d)
    return NULL;
  size_t n = 0, cap = 16;
  char **v = malloc (cap * sizeof *v);
  struct dirent *e;
  while (v && (e = readdir (d)))
    {
      char path[4096];
      struct stat st;
      snprintf (path, sizeof path, "%s/%s", dir, e->d_name);
      if (e->d_name[0] == '.' || stat (path, &st) != 0
          || !S_ISREG (st.st_mode))
        continue;
      if (n + 2 > cap)
        v = realloc (v, (cap *= 2) * sizeof *v);
      if (v)
        v[n++] = strdup (e->d_name);
    }
  closedir (d);
  if (!v)
    return NULL;
  v[n] = NULL;
  qsort (v, n, sizeof *v, cmp_names);
  return v;
}

/* Free a list from t_list_dir.  */
void
t_free_list (char **names)
{
  for (char **p = names; p && *p; p++)
    free (*p);
  free (names);
}

/* The COO and mode order qsort compares by (no context argument).  */
static const sf_coo *ref_coo;
static const int *ref_order;

/* qsort comparison of entry indices: by coordinates in mode order, then
   by index, which makes the sort stable.  */
static int
cmp_entries (const void *x, const void *y)
{
  int64_t a = *(const int64_t *) x, b = *(const int64_t *) y;
  for (int l = 0; l < ref_coo->order; l++)
    {
      const sf_crd_t *c = ref_coo->crd[ref_order[l]];
      if (c[a] != c[b])
        return c[a] < c[b] ? -1 : 1;
    }
  return a < b ? -1 : a > b;
}

/* Append entry K of A (coordinates in MODE_ORDER) to OUT, or add its value
   to OUT's last entry when the coordinates repeat.  */
static void
append_tuple (const sf_coo *a, const int *mode_order, int64_t k,
              t_tuples *out)
{
  int32_t *last = out->crd + (out->n - 1) * out->order;
  int same = out->n > 0;
  for (int l = 0; l < a->order && same; l++)
    same = last[l] == a->crd[mode_order[l]][k];
  if (same)
    {
      out->vals[out->n - 1] += a->vals[k];
      return;
    }
  for (int l = 0; l < a->order; l++)
    out->crd[out->n * out->order + l] = a->crd[mode_order[l]][k];
  out->vals[out->n++] = a->vals[k];
}

/* Build in OUT the entries of A sorted by MODE_ORDER (NULL: identity)
   with repeats summed in input order.  Return 0 on success.  */
int
t_reference (const sf_coo *a, const int *mode_order, t_tuples *out)
{
  static const int ident[SF_MAX_ORDER] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  int64_t n = a->nnz;
  int64_t *idx = malloc ((size_t) (n + 1) * sizeof *idx);
  out->order = a->order;
  out->n = 0;
  out->crd = malloc ((size_t) (n + 1) * (size_t) a->order * sizeof (int32_t));
  out->vals = malloc ((size_t) (n + 1) * sizeof (double));
  if (!idx || !out->crd || !out->vals)
    return -1;
  for (int64_t k = 0; k < n; k++)
    idx[k] = k;
  ref_coo = a;
  ref_order = mode_order ? mode_order : ident;
  qsort (idx, (size_t) n, sizeof *idx, cmp_entries);
  for (int64_t k = 0; k < n; k++)
    append_tuple (a, ref_order, idx[k], out);
  free (idx);
  return 0;
}

/* Free R's arrays.  */
void
t_tuples_free (t_tuples *r)
{
  free (r->crd);
  free (r->vals);
  r->crd = NULL;
  r->vals = NULL;
}

/* Return 1 when GOT equals REF entry by entry (values bit for bit, NaN
   equal to NaN); else 0 with the first difference in WHY.  */
int
t_tuples_equal (const t_tuples *got, const t_tuples *ref, char *why,
                size_t size)
{
  if (got->n != ref->n)
    {
      snprintf (why, size, "%lld entries, expected %lld",
                (long long) got->n, (long long) ref->n);
      return 0;
    }
  for (int64_t k = 0; k < ref->n; k++)
    {
      for (int l = 0; l < ref->order; l++)
        if (got->crd[k * ref->order + l] != ref->crd[k * ref->order + l])
          {
            snprintf (why, size, "entry %lld: level %d coordinate %d, "
                      "expected %d", (long long) k, l,
                      got->crd[k * ref->order + l],
                      ref->crd[k * ref->order + l]);
            return 0;
          }
      double g = got->vals[k], r = ref->vals[k];
      if (memcmp (&g, &r, sizeof g) != 0 && !(g != g && r != r))
        {
          snprintf (why, size, "entry %lld: value %.17g, expected %.17g",
                    (long long) k, g, r);
          return 0;
        }
    }
  return 1;
}

/* The tests' own generator (splitmix64), independent of the library's.  */
static uint64_t
mix (uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Return a random COO (see harness.h).  Return 0 on success.  */
int
t_random_coo (int order, const int64_t *dims, int64_t n, int dup_every,
              uint64_t seed, sf_coo *out)
{
  if (sf_coo_alloc (order, dims, n, out, NULL) != SF_OK)
    return -1;
  uint64_t s = seed;
  for (int64_t k = 0; k < n; k++)
    {
      int64_t src = k > 0 && dup_every > 0 && mix (&s) % dup_every == 0
                      ? (int64_t) (mix (&s) % (uint64_t) k) : -1;
      for (int m = 0; m < order; m++)
        out->crd[m][k] = src >= 0 ? out->crd[m][src]
                                  : (sf_crd_t) (mix (&s) % dims[m]);
      out->vals[k] = (double) (int64_t) (mix (&s) % 2001 - 1000) / 64.0
                     + (double) (mix (&s) >> 11) * 0x1.0p-60;
    }
  return 0;
}

int
main (int argc, char **argv)
{
  int readers_only = 0;
  t.prefix = "";
  t.tmp = "/tmp";
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--data") == 0 && i + 1 < argc)
        t.data = argv[++i];
      else if (strcmp (argv[i], "--tmp") == 0 && i + 1 < argc)
        t.tmp = argv[++i];
      else if (strcmp (argv[i], "--prefix") == 0 && i + 1 < argc)
        t.prefix = argv[++i];
      else if (strcmp (argv[i], "--readers") == 0)
        readers_only = 1;
      else
        {
          fprintf (stderr, "usage: %s [--data DIR] [--tmp DIR] [--prefix P] "
                   "[--readers]\n", argv[0]);
          return 2;
        }
    }
  struct stat st;
  if (t.data && (stat (t.data, &st) != 0 || !S_ISDIR (st.st_mode)))
    t.data = NULL;
  mkdir (t.tmp, 0777);
  t_mtx_data ();
  t_mtx_synthetic ();
  t_tns ();
  if (!readers_only)
    {
      t_mtx_numbers ();
      t_mtx_roundtrip ();
      t_convert ();
      t_csf ();
      t_check ();
      t_gen ();
      t_misc ();
    }
  fprintf (stderr, "%s%d passed, %d failed\n", t.prefix, passes, failures);
  fflush (stdout);
  return failures ? 1 : 0;
}
