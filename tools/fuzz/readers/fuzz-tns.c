/* libFuzzer target: the FROSTT reader on arbitrary bytes.

     make fuzz-readers FUZZ_SECONDS=600     (testsuite/fuzz/rules.mk)

   The reader takes a path, so each input is written to a private
   temporary file.  Its length chooses how it is read: order and extents
   inferred, or an order 1..8 given, with or without extents (so that
   real files seed the corpus as they are).  A tensor that reads must pass
   sf_check_coo after summing duplicates and convert to CSF in storage
   order and in reverse mode order, both passing sf_check_csf.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sparsefuse.h"

/* Conversions allocate per entry, not per extent; still keep the
   extents of converted tensors modest.  */
#define FUZZ_MAX_EXTENT (1 << 24)

static char fuzz_path[64];

static void
must (int rc, const char *what, const sf_error *err)
{
  if (rc != SF_OK)
    {
      fprintf (stderr, "fuzz-tns: %s failed on a tensor that read: %s\n",
	       what, err->message);
      abort ();
    }
}

/* Convert A to CSF in two mode orders and check the results.  */
static void
convert_all (sf_coo *a)
{
  sf_error err;
  int rev[SF_MAX_ORDER];
  for (int m = 0; m < a->order; m++)
    {
      if (a->dims[m] > FUZZ_MAX_EXTENT)
	return;
      rev[m] = a->order - 1 - m;
    }
  sf_csf csf;
  must (sf_coo_to_csf (a, NULL, &csf, &err), "sf_coo_to_csf", &err);
  must (sf_check_csf (&csf, &err), "sf_check_csf", &err);
  sf_csf_free (&csf);
  must (sf_coo_to_csf (a, rev, &csf, &err), "sf_coo_to_csf reversed", &err);
  must (sf_check_csf (&csf, &err), "sf_check_csf reversed", &err);
  sf_csf_free (&csf);
  must (sf_coo_sum_duplicates (a, &err), "sf_coo_sum_duplicates", &err);
  must (sf_check_coo (a, &err), "sf_check_coo", &err);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (!fuzz_path[0])
    snprintf (fuzz_path, sizeof fuzz_path, "/tmp/fuzz-tns-%ld.tns",
	      (long) getpid ());
  int mode = size % 3, order = 1 + (int) (size / 3 % SF_MAX_ORDER);
  int64_t dims[SF_MAX_ORDER];
  for (int m = 0; m < order; m++)
    dims[m] = (int64_t) ((size / 24 + (size_t) m * 7) % 300);
  FILE *f = fopen (fuzz_path, "wb");
  if (!f)
    return 0;
  fwrite (data, 1, size, f);
  fclose (f);
  sf_coo a;
  sf_error err;
  int rc = mode == 0 ? sf_read_tns (fuzz_path, &a, &err)
	   : sf_read_tns_ex (fuzz_path, order, mode == 2 ? dims : NULL, &a,
			     &err);
  if (rc == SF_OK)
    convert_all (&a);
  else if (err.message[0] == '\0')
    {
      fprintf (stderr, "fuzz-tns: error %d without a message\n", rc);
      abort ();
    }
  sf_coo_free (&a);
  return 0;
}
