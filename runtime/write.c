/* write.c: the Matrix Market and FROSTT writers.

     COO 3x4: (0,0) 3.0  (2,1) 0.1  (0,3) -2.5e-300
     sf_write_mtx ->   %%MatrixMarket matrix coordinate real general
                       3 4 3
                       1 1 3
                       3 2 0.1
                       1 4 -2.5e-300
     sf_write_tns ->   1 1 3
                       3 2 0.1
                       1 4 -2.5e-300

   Values are written so that they read back exactly: integers up to 1e15
   as integers, others with 15 significant digits when those read back to
   the same double, else 17.  Output goes through a 64 KiB buffer; any
   write error is reported (and the partial file removed).  */

#include "scan.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct writer
{
  FILE *f;
  size_t n;
  int failed;
  char buf[1 << 16];
} writer;

/* Write out W's buffer.  */
static void
flush_writer (writer *w)
{
  if (w->n && !w->failed && fwrite (w->buf, 1, w->n, w->f) != w->n)
    w->failed = errno ? errno : EIO;
  w->n = 0;
}

/* Append the N bytes S to W.  */
static void
put (writer *w, const char *s, size_t n)
{
  if (w->n + n > sizeof w->buf)
    flush_writer (w);
  memcpy (w->buf + w->n, s, n);
  w->n += n;
}

/* Append the decimal form of X to W.  */
static void
put_int (writer *w, int64_t x)
{
  char t[24];
  int i = sizeof t;
  uint64_t u = x < 0 ? 0 - (uint64_t) x : (uint64_t) x;
  do
    t[--i] = (char) ('0' + u % 10);
  while (u /= 10);
  if (x < 0)
    t[--i] = '-';
  put (w, t + i, sizeof t - (size_t) i);
}

/* Print V with DIGITS significant digits into T (with '.' whatever the
   locale).  Return the length.  */
static size_t
print_g (char *t, size_t size, double v, int digits)
{
  int n = snprintf (t, size, "%.*g", digits, v);
  char point = localeconv ()->decimal_point[0];
  for (int i = 0; i < n; i++)
    if (t[i] == point)
      t[i] = '.';
  return (size_t) n;
}

/* Append V to W in the shortest of the forms that read back exactly.  */
static void
put_double (writer *w, double v)
{
  if (v == floor (v) && fabs (v) < 1e15 && !(v == 0 && signbit (v)))
    {
      put_int (w, (int64_t) v);
      return;
    }
  char t[40];
  size_t n = print_g (t, sizeof t, v, 15);
  const char *p = t;
  double back;
  if (isfinite (v) && (sfr_parse_double (&p, t + n, &back) != SFR_NUM_OK
                       || back != v))
    n = print_g (t, sizeof t, v, 17);
  put (w, t, n);
}

/* Append entry K of A (1-based coordinates, then the value) to W.  */
static void
put_entry (writer *w, const sf_coo *a, int64_t k)
{
  for (int m = 0; m < a->order; m++)
    {
      put_int (w, (int64_t) a->crd[m][k] + 1);
      put (w, " ", 1);
    }
  put_double (w, a->vals[k]);
  put (w, "\n", 1);
}

/* Write A to W as Matrix Market (MTX) or FROSTT.  */
static void
put_all (writer *w, const sf_coo *a, int mtx)
{
  if (mtx)
    {
      static const char banner[] =
        "%%MatrixMarket matrix coordinate real general\n";
      put (w, banner, sizeof banner - 1);
      put_int (w, a->dims[0]);
      put (w, " ", 1);
      put_int (w, a->dims[1]);
      put (w, " ", 1);
      put_int (w, a->nnz);
      put (w, "\n", 1);
    }
  for (int64_t k = 0; k < a->nnz; k++)
    put_entry (w, a, k);
  flush_writer (w);
}

/* Check that A can be written in MTX (when MTX) or FROSTT form.  Return
   SF_OK or an error code.  */
static int
check_writable (const sf_coo *a, int mtx, sf_error *err)
{
  int rc = sfr_coo_check_ranges (a, err);
  if (!rc && mtx && a->order != 2)
    rc = sfr_fail (err, SF_ERR_INVALID, "sf_write_mtx: order %d, expected "
                   "2", a->order);
  return rc;
}

/* Write the checked A to stream F (called NAME) in MTX or FROSTT form.
   Return SF_OK or an error code.  */
static int
write_stream (FILE *f, const char *name, const sf_coo *a, int mtx,
              sf_error *err)
{
  writer *w = malloc (sizeof *w);
  if (!w)
    return sfr_nomem (err, "bytes of write buffer", (int64_t) sizeof *w);
  w->f = f;
  w->n = 0;
  w->failed = 0;
  errno = 0;
  put_all (w, a, mtx);
  int failed = w->failed;
  free (w);
  if (failed)
    return sfr_fail_at (err, SF_ERR_IO, name, 0, "write failed: %s",
                        strerror (failed));
  return sfr_ok (err);
}

/* Write A to the file PATH; MTX chooses the format.  Return SF_OK or an
   error code.  */
static int
write_file (const char *path, const sf_coo *a, int mtx, sf_error *err)
{
  if (!path)
    return sfr_fail (err, SF_ERR_INVALID, "write: PATH is NULL");
  int rc = check_writable (a, mtx, err);
  if (rc)
    return rc;
  FILE *f = fopen (path, "wb");
  if (!f)
    return sfr_fail_at (err, SF_ERR_IO, path, 0, "cannot create: %s",
                        strerror (errno));
  rc = write_stream (f, path, a, mtx, err);
  if (fclose (f) != 0 && !rc)
    rc = sfr_fail_at (err, SF_ERR_IO, path, 0, "write failed: %s",
                      strerror (errno));
  if (rc)
    remove (path);
  return rc;
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_fwrite_mtx (FILE *f, const char *name, const sf_coo *a, sf_error *err)
{
  if (!f)
    return sfr_fail (err, SF_ERR_INVALID, "sf_fwrite_mtx: F is NULL");
  int rc = check_writable (a, 1, err);
  return rc ? rc : write_stream (f, name ? name : "<stream>", a, 1, err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_write_mtx (const char *path, const sf_coo *a, sf_error *err)
{
  return write_file (path, a, 1, err);
}

/* Return SF_OK or an error code; see sparsefuse.h.  */
int
sf_write_tns (const char *path, const sf_coo *a, sf_error *err)
{
  return write_file (path, a, 0, err);
}
