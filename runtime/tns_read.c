/* tns_read.c: the FROSTT (.tns) reader.

     # comment                 '#' lines and blank lines are skipped
     1 1 2 1.5                 order 3 (four fields): (0,0,1) = 1.5
     3 2 1 -2                  (2,1,0) = -2.0

   gives an order-3 COO of extents 3 x 2 x 2 (the largest coordinate of
   each mode) in file order.  The order comes from the first entry unless
   given; the extents are the largest coordinates unless given, and then
   bound the coordinates.  Coordinates repeat freely (FROSTT allows it; the
   converters sum them).  */

#include "scan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct tns_reader
{
  sfr_scan scan;
  sf_coo *out;
  int64_t cap;
  int64_t limit[SF_MAX_ORDER]; /* largest coordinate admitted, 1-based */
  int fixed_dims;
  sf_error *err;
} tns_reader;

#define FAIL(r, code, ...)                                                    \
  sfr_fail_at ((r)->err, code, (r)->scan.name, (r)->scan.line, __VA_ARGS__)

/* Return the number of blank-separated fields in [P, E).  */
static int
count_fields (const char *p, const char *e)
{
  int n = 0;
  for (p = sfr_skip_blank (p, e); p < e; p = sfr_skip_blank (p, e))
    {
      n++;
      while (p < e && *p != ' ' && *p != '\t' && *p != '\r')
        p++;
    }
  return n;
}

/* Set the order of R from its first entry, line [B, E), unless given.
   Return SF_OK or an error code.  */
static int
settle_order (tns_reader *r, const char *b, const char *e)
{
  int fields = count_fields (b, e);
  sf_coo *a = r->out;
  if (a->order == 0)
    {
      if (fields < 2 || fields > SF_MAX_ORDER + 1)
        return FAIL (r, SF_ERR_FORMAT, "first entry has %d fields; expected "
                     "2..%d (coordinates, then a value)", fields,
                     SF_MAX_ORDER + 1);
      a->order = fields - 1;
      for (int m = 0; m < a->order; m++)
        r->limit[m] = SF_DIM_MAX;
    }
  if (sfr_coo_alloc_arrays (a, 0))
    return sfr_nomem (r->err, "entries", 1);
  return SF_OK;
}

/* Grow R's arrays to hold one more entry.  Return SF_OK or an error
   code.  */
static int
grow (tns_reader *r)
{
  sf_coo *a = r->out;
  int64_t cap = r->cap ? r->cap * 2 : 1 << 14;
  for (int m = 0; m <= a->order; m++)
    {
      void **slot = m < a->order ? (void **) &a->crd[m] : (void **) &a->vals;
      size_t size = m < a->order ? sizeof (sf_crd_t) : sizeof (double);
      void *q = (uint64_t) cap > SIZE_MAX / size / 2
                  ? NULL : realloc (*slot, (size_t) cap * size);
      if (!q)
        return sfr_nomem (r->err, "entries", cap);
      *slot = q;
    }
  r->cap = cap;
  return SF_OK;
}

/* Parse coordinate M (0-based mode) at *P into *C, 0-based.  Return SF_OK
   or an error code.  */
static int
coordinate (tns_reader *r, const char **p, const char *e, int m, sf_crd_t *c)
{
  char tok[40];
  int64_t x;
  const char *start = *p;
  int rc = sfr_parse_int (p, e, &x);
  if (rc == SFR_NUM_MISSING)
    return FAIL (r, SF_ERR_FORMAT, "entry has %d fields, expected %d "
                 "coordinates and a value", m, r->out->order);
  if (rc == SFR_NUM_SYNTAX)
    return FAIL (r, SF_ERR_FORMAT, "coordinate %d '%s' is not an integer",
                 m + 1, sfr_token (*p, e, tok, sizeof tok));
  if (rc == SFR_NUM_OVERFLOW || x < 1 || x > r->limit[m])
    return FAIL (r, SF_ERR_RANGE, "coordinate %d = %s out of range 1..%lld",
                 m + 1, sfr_token (start, e, tok, sizeof tok),
                 (long long) r->limit[m]);
  *c = (sf_crd_t) (x - 1);
  return SF_OK;
}

/* entry ::= COORD ... COORD VALUE
   Parse line [B, E) and append it to R.  Return SF_OK or an error code.  */
static int
parse_entry (tns_reader *r, const char *b, const char *e)
{
  sf_coo *a = r->out;
  sf_crd_t c[SF_MAX_ORDER];
  double v;
  char tok[40];
  const char *p = b;
  int rc = SF_OK;
  for (int m = 0; m < a->order && !rc; m++)
    rc = coordinate (r, &p, e, m, &c[m]);
  if (rc)
    return rc;
  rc = sfr_parse_double (&p, e, &v);
  if (rc == SFR_NUM_MISSING)
    return FAIL (r, SF_ERR_FORMAT, "entry lacks its value");
  if (rc == SFR_NUM_SYNTAX)
    return FAIL (r, SF_ERR_FORMAT, "value '%s' is not a number",
                 sfr_token (p, e, tok, sizeof tok));
  if (rc == SFR_NUM_OVERFLOW)
    return FAIL (r, SF_ERR_RANGE, "value %s out of range of double",
                 sfr_token (p, e, tok, sizeof tok));
  if (!sfr_is_blank_line (p, e))
    return FAIL (r, SF_ERR_FORMAT, "unexpected '%s' after the entry's "
                 "value (order %d)", sfr_token (p, e, tok, sizeof tok),
                 a->order);
  if (a->nnz == r->cap && (rc = grow (r)))
    return rc;
  for (int m = 0; m < a->order; m++)
    {
      a->crd[m][a->nnz] = c[m];
      if (!r->fixed_dims && c[m] >= a->dims[m])
        a->dims[m] = (int64_t) c[m] + 1;
    }
  a->vals[a->nnz++] = v;
  return SF_OK;
}

/* Read all entries of R.  Return SF_OK or an error code.  */
static int
read_tns (tns_reader *r)
{
  const char *b, *e;
  int rc, started = 0;
  while ((rc = sfr_scan_line (&r->scan, &b, &e, r->err)) > 0)
    {
      const char *p = sfr_skip_blank (b, e);
      if (p == e || *p == '#')
        continue;
      if (!started && (rc = settle_order (r, b, e)))
        return rc;
      started = 1;
      if ((rc = parse_entry (r, b, e)))
        return rc;
    }
  if (rc < 0)
    return -rc;
  if (r->out->order == 0)
    return sfr_fail_at (r->err, SF_ERR_FORMAT, r->scan.name, 0, "no "
                        "entries, so no order to infer");
  if (!started && sfr_coo_alloc_arrays (r->out, 0))
    return sfr_nomem (r->err, "entries", 1);
  return SF_OK;
}

/* Set up R for ORDER (0: infer) and DIMS (NULL: infer).  Return SF_OK or
   an error code.  */
static int
setup (tns_reader *r, int order, const int64_t *dims, sf_error *err)
{
  if (order != 0 && (order < 1 || order > SF_MAX_ORDER))
    return sfr_fail (err, SF_ERR_INVALID, "sf_read_tns: order %d out of "
                     "range 1..%d", order, SF_MAX_ORDER);
  if (dims && order == 0)
    return sfr_fail (err, SF_ERR_INVALID, "sf_read_tns: DIMS given "
                     "without the ORDER");
  r->out->order = order;
  r->fixed_dims = dims != NULL;
  for (int m = 0; m < order; m++)
    {
      if (dims && (dims[m] < 0 || dims[m] > SF_DIM_MAX))
        return sfr_fail (err, SF_ERR_RANGE, "sf_read_tns: extent %lld of "
                         "mode %d not in 0..%d", (long long) dims[m], m,
                         SF_DIM_MAX);
      r->limit[m] = dims ? dims[m] : SF_DIM_MAX;
      r->out->dims[m] = dims ? dims[m] : 0;
    }
  return SF_OK;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_read_tns_ex (const char *path, int order, const int64_t *dims,
                sf_coo *out, sf_error *err)
{
  if (!out || !path)
    {
      if (out)
        memset (out, 0, sizeof *out);
      return sfr_fail (err, SF_ERR_INVALID, "sf_read_tns: %s is NULL",
                       out ? "PATH" : "OUT");
    }
  memset (out, 0, sizeof *out);
  tns_reader r;
  memset (&r, 0, sizeof r);
  r.out = out;
  r.err = err;
  int rc = setup (&r, order, dims, err);
  if (rc)
    {
      memset (out, 0, sizeof *out);
      return rc;
    }
  FILE *f = fopen (path, "rb");
  if (!f)
    {
      memset (out, 0, sizeof *out);
      return sfr_fail_at (err, SF_ERR_IO, path, 0, "cannot open: %s",
                          strerror (errno));
    }
  sfr_scan_init (&r.scan, f, path);
  rc = read_tns (&r);
  sfr_scan_free (&r.scan);
  fclose (f);
  if (rc)
    sf_coo_free (out);
  return rc ? rc : sfr_ok (err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_read_tns (const char *path, sf_coo *out, sf_error *err)
{
  return sf_read_tns_ex (path, 0, NULL, out, err);
}
