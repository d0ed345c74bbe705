/* mtx_read.c: the Matrix Market reader.

     %%MatrixMarket matrix coordinate real symmetric      line 1: banner
     %%GraphBLAS type double                              optional bound
     % any comment                                        comments, blanks
     3 3 2                                                rows cols entries
     1 1 4.0                                              1-based entries
     3 1 -2.5

   becomes the order-2 COO (0-based, file order, then the mirrors)
     (0,0) 4.0   (2,0) -2.5   (0,2) -2.5

   Outline:
   1. Banner: object, format, field, symmetry; reject bad words and bad
      combinations (SF_ERR_FORMAT), then array and complex files
      (SF_ERR_UNSUPPORTED).
   2. Header comments, with the "%%GraphBLAS type T" bound on values.
   3. Size line: exactly three integers, checked against each other.
   4. Entries: indices in range, one value unless pattern, nothing after
      it, values within T, no diagonal in skew-symmetric files; exactly the
      declared count, then nothing but comments and blank lines.
   5. Repeated entries are an error (mtx_dups.c), then symmetric files are
      expanded to both triangles.

   Every message names the file and line: "a.mtx:7: column index 9999 out
   of range 1..4".  */

#include "mtx.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Known "%%GraphBLAS type" names.  */
static const struct
{
  const char *name;
  int kind, bits;
} gb_types[] = {
  { "bool", GB_BOOL, 1 },         { "int8_t", GB_SIGNED, 8 },
  { "int16_t", GB_SIGNED, 16 },   { "int32_t", GB_SIGNED, 32 },
  { "int64_t", GB_SIGNED, 64 },   { "uint8_t", GB_UNSIGNED, 8 },
  { "uint16_t", GB_UNSIGNED, 16 }, { "uint32_t", GB_UNSIGNED, 32 },
  { "uint64_t", GB_UNSIGNED, 64 }, { "float", GB_FLOAT, 32 },
  { "double", GB_DOUBLE, 64 },    { "float complex", GB_COMPLEX, 64 },
  { "double complex", GB_COMPLEX, 128 },
};

/* Record error CODE at the current line of R; return CODE.  */
#define FAIL(r, code, ...)                                                    \
  sfr_fail_at ((r)->err, code, (r)->scan.name, (r)->scan.line, __VA_ARGS__)

/* Copy the next blank-separated word at *P, lower-cased, into W (size N).
   Return its length (0 at the end of the line).  */
static size_t
next_word (const char **pp, const char *e, char *w, size_t n)
{
  const char *p = sfr_skip_blank (*pp, e);
  size_t len = 0;
  for (; p < e && *p != ' ' && *p != '\t' && *p != '\r'; p++)
    if (len + 1 < n)
      w[len++] = (char) ((*p >= 'A' && *p <= 'Z') ? *p | 0x20 : *p);
  w[len] = '\0';
  *pp = p;
  return len;
}

/* Return the index of WORD in the NULL-terminated list NAMES, or -1.  */
static int
lookup (const char *word, const char *const *names)
{
  for (int i = 0; names[i]; i++)
    if (strcmp (word, names[i]) == 0)
      return i;
  return -1;
}

static const char *const objects[] = { "matrix", "vector", NULL };
static const char *const formats[] = { "coordinate", "array", NULL };
static const char *const fields[] = { "real", "integer", "pattern",
                                      "complex", "double", NULL };
static const char *const symmetries[] = { "general", "symmetric",
                                          "skew-symmetric", "hermitian",
                                          NULL };

/* Read banner word number I (what it names: WHAT, choices NAMES) at *P
   into *CHOICE.  Return SF_OK or an error code.  */
static int
banner_word (mtx_reader *r, const char **p, const char *e, const char *what,
             const char *const *names, int *choice)
{
  char w[40], tok[40];
  if (!next_word (p, e, w, sizeof w))
    return FAIL (r, SF_ERR_FORMAT, "banner lacks the %s (expected "
                 "'%%%%MatrixMarket matrix coordinate FIELD SYMMETRY')",
                 what);
  *choice = lookup (w, names);
  if (*choice < 0)
    return FAIL (r, SF_ERR_FORMAT, "unknown %s '%s' in the banner", what,
                 sfr_token (w, w + strlen (w), tok, sizeof tok));
  return SF_OK;
}

/* Reject combinations the Matrix Market format forbids, then valid files
   this reader does not handle.  Return SF_OK or an error code.  */
static int
banner_combination (mtx_reader *r, int object, int format)
{
  mtx_header *h = &r->h;
  if (format == 1 && h->field == FIELD_PATTERN)
    return FAIL (r, SF_ERR_FORMAT, "'array pattern' is not a valid "
                 "combination (pattern needs 'coordinate')");
  if (h->symmetry == SYM_HERMITIAN && h->field != FIELD_COMPLEX)
    return FAIL (r, SF_ERR_FORMAT, "'hermitian' needs complex values");
  if (h->symmetry == SYM_SKEW && h->field == FIELD_PATTERN)
    return FAIL (r, SF_ERR_FORMAT, "'pattern skew-symmetric' is not a "
                 "valid combination");
  if (object == 1)
    return FAIL (r, SF_ERR_UNSUPPORTED, "'vector' objects are not "
                 "supported, only 'matrix'");
  if (format == 1 || h->field == FIELD_COMPLEX)
    return FAIL (r, SF_ERR_UNSUPPORTED, "'%s %s' files are not supported, "
                 "only 'coordinate' with real, integer or pattern values",
                 formats[format], fields[h->field]);
  return SF_OK;
}

/* banner ::= "%%MatrixMarket" OBJECT FORMAT FIELD SYMMETRY
   Parse line [B, E) into R->h.  Return SF_OK or an error code.  */
static int
parse_banner (mtx_reader *r, const char *b, const char *e)
{
  static const char magic[] = "%%matrixmarket";
  char w[40], tok[40];
  const char *p = b;
  if (!next_word (&p, e, w, sizeof w) || strcmp (w, magic) != 0)
    return FAIL (r, SF_ERR_FORMAT, "missing '%%%%MatrixMarket' banner "
                 "(the line starts with '%s')", sfr_token (b, e, tok,
                                                           sizeof tok));
  int object, format, field, symmetry;
  int rc = banner_word (r, &p, e, "object", objects, &object);
  if (!rc)
    rc = banner_word (r, &p, e, "format", formats, &format);
  if (!rc)
    rc = banner_word (r, &p, e, "field", fields, &field);
  if (!rc)
    rc = banner_word (r, &p, e, "symmetry", symmetries, &symmetry);
  if (rc)
    return rc;
  if (next_word (&p, e, w, sizeof w))
    return FAIL (r, SF_ERR_FORMAT, "unexpected '%s' after the banner's "
                 "symmetry", sfr_token (w, w + strlen (w), tok, sizeof tok));
  r->h.field = field == 4 ? FIELD_REAL : field;
  r->h.symmetry = symmetry;
  return banner_combination (r, object, format);
}

/* Check the "%%GraphBLAS type" bound against the banner.  Return SF_OK or
   an error code.  */
static int
check_gb_type (mtx_reader *r, const char *name)
{
  mtx_header *h = &r->h;
  if (h->gb_kind == GB_COMPLEX)
    return FAIL (r, SF_ERR_FORMAT, "type '%s' does not match the banner's "
                 "non-complex field", name);
  if (h->symmetry == SYM_SKEW
      && (h->gb_kind == GB_UNSIGNED || h->gb_kind == GB_BOOL))
    return FAIL (r, SF_ERR_FORMAT, "a skew-symmetric matrix cannot have "
                 "the unsigned type '%s' (its mirror is negated)", name);
  return SF_OK;
}

/* Handle comment line [B, E): a "%%GraphBLAS type T" line sets the value
   bound.  Return SF_OK or an error code.  */
static int
parse_comment (mtx_reader *r, const char *b, const char *e)
{
  static const char key[] = "%%graphblas";
  char w[40], tok[40];
  const char *p = b;
  if (!next_word (&p, e, w, sizeof w) || strcmp (w, key) != 0
      || !next_word (&p, e, w, sizeof w) || strcmp (w, "type") != 0)
    return SF_OK;
  p = sfr_skip_blank (p, e);
  const char *end = e;
  while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
    end--;
  for (size_t i = 0; i < sizeof gb_types / sizeof gb_types[0]; i++)
    if ((size_t) (end - p) == strlen (gb_types[i].name)
        && memcmp (p, gb_types[i].name, (size_t) (end - p)) == 0)
      {
        r->h.gb_kind = gb_types[i].kind;
        r->h.gb_bits = gb_types[i].bits;
        return check_gb_type (r, gb_types[i].name);
      }
  return FAIL (r, SF_ERR_FORMAT, "unknown %%%%GraphBLAS type '%s'",
               sfr_token (p, end, tok, sizeof tok));
}

/* Parse size field WHAT at *P into *V (0 <= *V <= MAX).  Return SF_OK or
   an error code.  */
static int
size_field (mtx_reader *r, const char **p, const char *e, const char *what,
            int64_t max, int64_t *v)
{
  char tok[40];
  int rc = sfr_parse_int (p, e, v);
  if (rc == SFR_NUM_MISSING)
    return FAIL (r, SF_ERR_FORMAT, "size line lacks the number of %s "
                 "(expected 'ROWS COLUMNS ENTRIES')", what);
  if (rc == SFR_NUM_SYNTAX)
    return FAIL (r, SF_ERR_FORMAT, "number of %s '%s' is not an integer",
                 what, sfr_token (*p, e, tok, sizeof tok));
  if (rc == SFR_NUM_OVERFLOW || *v > max)
    return FAIL (r, SF_ERR_RANGE, "number of %s %s exceeds the limit %lld",
                 what, sfr_token (*p, e, tok, sizeof tok), (long long) max);
  if (*v < 0)
    return FAIL (r, SF_ERR_FORMAT, "negative number of %s %lld", what,
                 (long long) *v);
  return SF_OK;
}

/* Return the largest number of entries a file with header H may hold.  */
static int64_t
max_entries (const mtx_header *h)
{
  if (h->symmetry == SYM_SYMMETRIC)
    return h->nrows * (h->nrows + 1) / 2;
  if (h->symmetry == SYM_SKEW)
    return h->nrows * (h->nrows - 1) / 2;
  return h->nrows * h->ncols;
}

/* size ::= ROWS COLUMNS ENTRIES
   Parse line [B, E) into R->h.  Return SF_OK or an error code.  */
static int
parse_size (mtx_reader *r, const char *b, const char *e)
{
  mtx_header *h = &r->h;
  const char *p = b;
  char tok[40];
  int rc = size_field (r, &p, e, "rows", SF_DIM_MAX, &h->nrows);
  if (!rc)
    rc = size_field (r, &p, e, "columns", SF_DIM_MAX, &h->ncols);
  if (!rc)
    rc = size_field (r, &p, e, "entries", INT64_MAX, &h->nnz);
  if (rc)
    return rc;
  if (!sfr_is_blank_line (p, e))
    return FAIL (r, SF_ERR_FORMAT, "unexpected '%s' after the size line's "
                 "three numbers", sfr_token (p, e, tok, sizeof tok));
  if (h->symmetry != SYM_GENERAL && h->nrows != h->ncols)
    return FAIL (r, SF_ERR_FORMAT, "a %s matrix must be square, not "
                 "%lld x %lld", symmetries[h->symmetry],
                 (long long) h->nrows, (long long) h->ncols);
  if (h->nnz > max_entries (h))
    return FAIL (r, SF_ERR_FORMAT, "%lld entries declared, more than a "
                 "%s %lld x %lld matrix holds", (long long) h->nnz,
                 symmetries[h->symmetry], (long long) h->nrows,
                 (long long) h->ncols);
  return SF_OK;
}

/* Read the banner, header comments and size line of R.  Return SF_OK or
   an error code.  */
static int
read_header (mtx_reader *r)
{
  const char *b, *e;
  int rc = sfr_scan_line (&r->scan, &b, &e, r->err);
  if (rc <= 0)
    return rc < 0 ? -rc
                  : sfr_fail_at (r->err, SF_ERR_FORMAT, r->scan.name, 0,
                                 "empty file, expected a '%%%%MatrixMarket' "
                                 "banner");
  if ((rc = parse_banner (r, b, e)))
    return rc;
  while ((rc = sfr_scan_line (&r->scan, &b, &e, r->err)) > 0)
    {
      if (sfr_is_blank_line (b, e))
        continue;
      if (*sfr_skip_blank (b, e) != '%')
        return parse_size (r, b, e);
      if ((rc = parse_comment (r, b, e)))
        return rc;
    }
  if (rc < 0)
    return -rc;
  return FAIL (r, SF_ERR_FORMAT, "file ends before the size line "
               "'ROWS COLUMNS ENTRIES'");
}

/* Parse the 1-based index field WHAT at *P into the 0-based *V (< N).
   Return SF_OK or an error code.  */
static int
index_field (mtx_reader *r, const char **p, const char *e, const char *what,
             int64_t n, sf_crd_t *v)
{
  const char *q = *p;
  /* Fast path: plain digits followed by a blank.  */
  if (q < e && *q == ' ')
    q++;
  int64_t x = 0;
  const char *d = q;
  while (q < e && (unsigned) (*q - '0') < 10 && q - d < 11)
    x = x * 10 + (*q++ - '0');
  if (q == d || (q < e && *q != ' ' && *q != '\t') || q - d >= 11)
    {
      char tok[40];
      q = *p;
      int rc = sfr_parse_int (&q, e, &x);
      if (rc == SFR_NUM_MISSING)
        return FAIL (r, SF_ERR_FORMAT, "entry lacks its %s index", what);
      if (rc == SFR_NUM_SYNTAX)
        return FAIL (r, SF_ERR_FORMAT, "%s index '%s' is not an integer",
                     what, sfr_token (q, e, tok, sizeof tok));
      if (rc == SFR_NUM_OVERFLOW)
        return FAIL (r, SF_ERR_RANGE, "%s index %s out of range 1..%lld",
                     what, sfr_token (q, e, tok, sizeof tok), (long long) n);
    }
  if (x < 1 || x > n)
    return FAIL (r, SF_ERR_RANGE, "%s index %lld out of range 1..%lld", what,
                 (long long) x, (long long) n);
  *v = (sf_crd_t) (x - 1);
  *p = q;
  return SF_OK;
}

/* Grow R's entry arrays to hold at least one more entry.  Return SF_OK or
   an error code.  */
static int
grow_entries (mtx_reader *r)
{
  int64_t cap = r->cap ? r->cap * 2 : 1 << 16;
  if (cap > r->h.nnz)
    cap = r->h.nnz;
  for (int m = 0; m < 2; m++)
    {
      void *q = realloc (r->out->crd[m], (size_t) cap * sizeof (sf_crd_t));
      if (!q)
        return sfr_nomem (r->err, "entries", cap);
      r->out->crd[m] = q;
    }
  void *q = realloc (r->out->vals, (size_t) cap * sizeof (double));
  if (!q)
    return sfr_nomem (r->err, "entries", cap);
  r->out->vals = q;
  r->cap = cap;
  return SF_OK;
}

/* Note that a line that holds no entry comes before entry R->count, so
   that entry numbers map back to line numbers.  Return SF_OK or an error
   code.  */
static int
note_gap (mtx_reader *r)
{
  if (r->count == 0)
    return SF_OK;
  if (r->ngaps && r->gaps[r->ngaps - 1].entry == r->count)
    {
      r->gaps[r->ngaps - 1].extra++;
      return SF_OK;
    }
  if (r->ngaps == r->capgaps)
    {
      int64_t cap = r->capgaps ? r->capgaps * 2 : 16;
      void *q = realloc (r->gaps, (size_t) cap * sizeof *r->gaps);
      if (!q)
        return sfr_nomem (r->err, "line records", cap);
      r->gaps = q;
      r->capgaps = cap;
    }
  int64_t before = r->ngaps ? r->gaps[r->ngaps - 1].extra : 0;
  r->gaps[r->ngaps].entry = r->count;
  r->gaps[r->ngaps].extra = before + 1;
  r->ngaps++;
  return SF_OK;
}

/* Return the line number of entry K (0-based, in file order).  */
int64_t
sfr_mtx_entry_line (const mtx_reader *r, int64_t k)
{
  int64_t lo = 0, hi = r->ngaps, extra = 0;
  while (lo < hi)
    {
      int64_t mid = lo + (hi - lo) / 2;
      if (r->gaps[mid].entry <= k)
        {
          extra = r->gaps[mid].extra;
          lo = mid + 1;
        }
      else
        hi = mid;
    }
  return r->first_line + k + extra;
}

/* entry ::= ROW COLUMN [VALUE]
   Parse line [B, E) and append it to R.  Return SF_OK or an error code.  */
static int
parse_entry (mtx_reader *r, const char *b, const char *e)
{
  const char *p = b;
  sf_crd_t i, j;
  double v = 1.0;
  char tok[40];
  int rc = index_field (r, &p, e, "row", r->h.nrows, &i);
  if (!rc)
    rc = index_field (r, &p, e, "column", r->h.ncols, &j);
  if (!rc && r->h.field != FIELD_PATTERN)
    rc = sfr_mtx_value (r, &p, e, i == j, &v);
  if (rc)
    return rc;
  if (p < e && !sfr_is_blank_line (p, e))
    return FAIL (r, SF_ERR_FORMAT, "unexpected '%s' after the entry",
                 sfr_token (p, e, tok, sizeof tok));
  if (i == j && r->h.symmetry == SYM_SKEW)
    return FAIL (r, SF_ERR_FORMAT, "diagonal entry (%d, %d) in a "
                 "skew-symmetric matrix", i + 1, j + 1);
  if (r->count == r->cap && (rc = grow_entries (r)))
    return rc;
  if (r->count == 0)
    r->first_line = r->scan.line;
  r->out->crd[0][r->count] = i;
  r->out->crd[1][r->count] = j;
  r->out->vals[r->count++] = v;
  return SF_OK;
}

/* Read the entries of R, exactly the declared count, then only comments
   and blank lines.  Return SF_OK or an error code.  */
static int
read_entries (mtx_reader *r)
{
  const char *b, *e;
  int rc;
  while ((rc = sfr_scan_line (&r->scan, &b, &e, r->err)) > 0)
    {
      const char *p = sfr_skip_blank (b, e);
      if (p == e || *p == '%')
        rc = r->count < r->h.nnz ? note_gap (r) : SF_OK;
      else if (r->count == r->h.nnz)
        rc = FAIL (r, SF_ERR_FORMAT, "more entries than the %lld declared",
                   (long long) r->h.nnz);
      else
        rc = parse_entry (r, b, e);
      if (rc)
        return rc;
    }
  if (rc < 0)
    return -rc;
  if (r->count < r->h.nnz)
    return FAIL (r, SF_ERR_FORMAT, "file ends after %lld of %lld declared "
                 "entries", (long long) r->count, (long long) r->h.nnz);
  return SF_OK;
}

/* Read a whole file with R set up.  Return SF_OK or an error code.  */
static int
read_mtx (mtx_reader *r)
{
  int rc = read_header (r);
  if (rc)
    return rc;
  sf_coo *a = r->out;
  a->order = 2;
  a->dims[0] = r->h.nrows;
  a->dims[1] = r->h.ncols;
  if (r->h.nnz == 0 && (rc = sfr_coo_alloc_arrays (a, 0)))
    return sfr_nomem (r->err, "entries", 1);
  if ((rc = read_entries (r)))
    return rc;
  a->nnz = r->count;
  if (a->nnz == 0)
    return SF_OK;
  if (!(r->flags & SF_MTX_ALLOW_DUPLICATES) && (rc = sfr_mtx_check_dups (r)))
    return rc;
  return r->h.symmetry == SYM_GENERAL ? SF_OK : sfr_mtx_expand (r);
}

/* Read Matrix Market data from stream F (called NAME) into OUT.  Return
   SF_OK or an error code; on error OUT is zeroed.  */
int
sf_fread_mtx (FILE *f, const char *name, unsigned flags, sf_coo *out,
              sf_error *err)
{
  if (!out)
    return sfr_fail (err, SF_ERR_INVALID, "sf_fread_mtx: OUT is NULL");
  memset (out, 0, sizeof *out);
  if (!f)
    return sfr_fail (err, SF_ERR_INVALID, "sf_fread_mtx: F is NULL");
  mtx_reader r;
  memset (&r, 0, sizeof r);
  sfr_scan_init (&r.scan, f, name ? name : "<stream>");
  r.flags = flags;
  r.out = out;
  r.err = err;
  int rc = read_mtx (&r);
  sfr_scan_free (&r.scan);
  free (r.gaps);
  if (rc)
    sf_coo_free (out);
  return rc ? rc : sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_read_mtx_ex (const char *path, unsigned flags, sf_coo *out, sf_error *err)
{
  if (!path || !out)
    {
      if (out)
        memset (out, 0, sizeof *out);
      return sfr_fail (err, SF_ERR_INVALID, "sf_read_mtx: %s is NULL",
                       path ? "OUT" : "PATH");
    }
  memset (out, 0, sizeof *out);
  FILE *f = fopen (path, "rb");
  if (!f)
    return sfr_fail_at (err, SF_ERR_IO, path, 0, "cannot open: %s",
                        strerror (errno));
  int rc = sf_fread_mtx (f, path, flags, out, err);
  fclose (f);
  return rc;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_read_mtx (const char *path, sf_coo *out, sf_error *err)
{
  return sf_read_mtx_ex (path, 0, out, err);
}
