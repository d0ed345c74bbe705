/* libFuzzer target: the Matrix Market reader on arbitrary bytes.

     make fuzz-readers FUZZ_SECONDS=600     (testsuite/fuzz/rules.mk)

   The input is the file; its length's parity chooses the flags
   (SF_MTX_ALLOW_DUPLICATES or not), so that real files seed the corpus
   as they are.  A file that reads must give a COO that passes
   sf_check_coo after sorting (duplicates summed) and that converts to CSR,
   CSC and DCSR structures passing their own checks; every call must
   return a status, never crash, leak or read out of bounds.  Matrices
   whose extents would make the conversions allocate more than the
   fuzzer's memory limit are only read.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparsefuse.h"

/* Conversions allocate a pos array of one entry per row or column.  */
#define FUZZ_MAX_EXTENT (1 << 22)

/* Abort (a finding) when status RC of WHAT is not SF_OK.  */
static void
must (int rc, const char *what, const sf_error *err)
{
  if (rc != SF_OK)
    {
      fprintf (stderr, "fuzz-mtx: %s failed on a matrix that read: %s\n",
	       what, err->message);
      abort ();
    }
}

/* Convert A every way and check the results.  */
static void
convert_all (sf_coo *a)
{
  sf_error err;
  sf_csr csr;
  sf_csc csc;
  sf_dcsr dcsr;
  must (sf_coo_to_csr (a, &csr, &err), "sf_coo_to_csr", &err);
  must (sf_check_csr (&csr, &err), "sf_check_csr", &err);
  must (sf_coo_to_csc (a, &csc, &err), "sf_coo_to_csc", &err);
  must (sf_check_csc (&csc, &err), "sf_check_csc", &err);
  must (sf_coo_to_dcsr (a, &dcsr, &err), "sf_coo_to_dcsr", &err);
  must (sf_check_dcsr (&dcsr, &err), "sf_check_dcsr", &err);
  if (sf_csr_nnz (&csr) != sf_csc_nnz (&csc)
      || sf_csr_nnz (&csr) != sf_dcsr_nnz (&dcsr))
    {
      fprintf (stderr, "fuzz-mtx: conversions disagree on nnz\n");
      abort ();
    }
  sf_csr_free (&csr);
  sf_csc_free (&csc);
  sf_dcsr_free (&dcsr);
  must (sf_coo_sum_duplicates (a, &err), "sf_coo_sum_duplicates", &err);
  must (sf_check_coo (a, &err), "sf_check_coo", &err);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  unsigned flags = size & 1 ? SF_MTX_ALLOW_DUPLICATES : 0;
  FILE *f = fmemopen ((void *) data, size ? size : 1, "rb");
  if (!f)
    return 0;
  sf_coo a;
  sf_error err;
  int rc = sf_fread_mtx (f, "fuzz.mtx", flags, &a, &err);
  fclose (f);
  if (rc == SF_OK && a.order == 2 && a.dims[0] <= FUZZ_MAX_EXTENT
      && a.dims[1] <= FUZZ_MAX_EXTENT)
    convert_all (&a);
  else if (rc != SF_OK && (err.message[0] == '\0'
			   || !memchr (err.message, '\0',
				       sizeof err.message)))
    {
      fprintf (stderr, "fuzz-mtx: error %d without a message\n", rc);
      abort ();
    }
  sf_coo_free (&a);
  return 0;
}
