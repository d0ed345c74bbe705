/* t_misc.c: error strings, summaries, sizes and release of zeroed or NULL
   structures, and errors without an sf_error.

     sf_strerror (SF_ERR_RANGE)          "value or index out of range"
     sf_csr_summary (f, "m", &a)         "m: csr (dense, compressed) 3 x 4,
                                          5 nonzeros (41.7%), row lengths
                                          0..3 (avg 1.67), 1 empty"  */

#include "harness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
strings (void)
{
  int ok = 1;
  for (int c = SF_OK; c <= SF_ERR_STRUCTURE; c++)
    for (int d = SF_OK; d < c; d++)
      ok = ok && strcmp (sf_strerror (c), sf_strerror (d)) != 0;
  t_result ("misc/strerror", ok && strcmp (sf_strerror (999),
                                           "unknown error") == 0,
            "strings repeat or unknown code misnamed");
}

/* Return the text that PRINT wrote to a temporary file, in BUF.  */
static const char *
capture (void (*print) (FILE *, const void *), const void *a, char *buf,
         size_t size)
{
  FILE *f = tmpfile ();
  buf[0] = '\0';
  if (!f)
    return buf;
  print (f, a);
  rewind (f);
  size_t n = fread (buf, 1, size - 1, f);
  buf[n] = '\0';
  fclose (f);
  return buf;
}

static void
print_csr (FILE *f, const void *a)
{
  sf_csr_summary (f, "m", a);
}

static void
print_csf (FILE *f, const void *a)
{
  sf_csf_summary (f, "t", a);
}

static void
print_coo (FILE *f, const void *a)
{
  sf_coo_summary (f, "c", a);
}

static void
summaries (void)
{
  sf_pos_t pos[4] = { 0, 2, 2, 5 };
  sf_crd_t crd[5] = { 0, 3, 0, 1, 3 };
  double vals[5] = { 1, 2, 3, 4, 5 };
  sf_csr a = { 3, 4, pos, crd, vals };
  char buf[512];
  capture (print_csr, &a, buf, sizeof buf);
  t_result ("misc/summary/csr",
            strcmp (buf, "m: csr (dense, compressed) 3 x 4, 5 nonzeros "
                    "(41.7%), row lengths 0..3 (avg 1.67), 1 empty\n") == 0,
            "printed '%s'", buf);
  int64_t dims[3] = { 4, 5, 6 };
  static const int order[3] = { 2, 0, 1 };
  sf_coo c;
  sf_csf f;
  sf_gen_uniform (3, dims, 120, 1, &c, NULL);
  sf_coo_to_csf (&c, order, &f, NULL);
  capture (print_csf, &f, buf, sizeof buf);
  t_result ("misc/summary/csf",
            strstr (buf, "modes 2 0 1, 4 x 5 x 6, 120 nonzeros (100%), "
                    "level sizes 6 24 120") != NULL, "printed '%s'", buf);
  capture (print_coo, &c, buf, sizeof buf);
  t_result ("misc/summary/coo",
            strcmp (buf, "c: coo (coo, singleton, singleton) 4 x 5 x 6, "
                    "120 nonzeros (100%)\n") == 0, "printed '%s'", buf);
  capture (print_coo, NULL, buf, sizeof buf);
  t_result ("misc/summary/null", strcmp (buf, "c: NULL\n") == 0,
            "printed '%s'", buf);
  sf_csf_free (&f);
  sf_coo_free (&c);
}

static void
zeroed (void)
{
  sf_csr a;
  sf_csc b;
  sf_dcsr d;
  sf_csf f;
  sf_coo c;
  memset (&a, 0, sizeof a);
  memset (&b, 0, sizeof b);
  memset (&d, 0, sizeof d);
  memset (&f, 0, sizeof f);
  memset (&c, 0, sizeof c);
  int ok = sf_csr_nnz (&a) == 0 && sf_csc_nnz (&b) == 0
           && sf_dcsr_nnz (&d) == 0 && sf_csf_nnz (&f) == 0
           && sf_csr_nnz (NULL) == 0;
  sf_csr_free (&a);
  sf_csc_free (&b);
  sf_dcsr_free (&d);
  sf_csf_free (&f);
  sf_coo_free (&c);
  sf_csr_free (NULL);
  sf_coo_free (NULL);
  sf_csf_free (NULL);
  t_result ("misc/zeroed-structures", ok, "nonzero size of a zeroed one");
}

static void
no_error_struct (void)
{
  sf_coo a;
  const char *path = t_tmp ("bad-no-err.mtx");
  t_write_file (path, "nonsense\n", 9);
  int rc = sf_read_mtx (path, &a, NULL);
  int64_t dims[2] = { -1, 2 };
  int rc2 = sf_coo_alloc (2, dims, 1, &a, NULL);
  t_result ("misc/null-error-argument", rc == SF_ERR_FORMAT
                                          && rc2 == SF_ERR_RANGE,
            "rc %d %d", rc, rc2);
}

void
t_misc (void)
{
  strings ();
  summaries ();
  zeroed ();
  no_error_struct ();
}
