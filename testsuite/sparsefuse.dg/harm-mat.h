/* The CSR matrix of harm-paths.h and gain-omp-serial.h (int64 row
   pointers, int32 columns, double values) and random ones of it.  */

#ifndef HARM_MAT_H
#define HARM_MAT_H

#include <stdint.h>
#include "sf-test.h"

struct mat { int64_t n, m; int64_t *rowptr; int32_t *col; double *val; };
#pragma tensor format struct mat dims(n, m) levels(dense, compressed(rowptr, col)) values(val)

/* A square N x N matrix whose rows hold LO to HI entries at random
   columns (sorted, unique).  */
static struct mat *
rows_between (int64_t n, int lo, int hi)
{
  struct mat *B = malloc (sizeof *B);
  B->n = B->m = n;
  B->rowptr = malloc ((n + 1) * sizeof *B->rowptr);
  B->rowptr[0] = 0;
  for (int64_t i = 0; i < n; i++)
    {
      int64_t len = lo + sf_test_below (hi - lo + 1);
      B->rowptr[i + 1] = B->rowptr[i] + (len < n ? len : n);
    }
  int64_t nnz = B->rowptr[n];
  B->col = malloc ((nnz + 1) * sizeof *B->col);
  B->val = malloc ((nnz + 1) * sizeof *B->val);
  for (int64_t i = 0; i < n; i++)
    {
      int64_t len = B->rowptr[i + 1] - B->rowptr[i], c = 0;
      /* LEN of the N columns, in order: each taken with the chance of
	 what is left to take.  */
      for (int64_t j = 0; j < n && c < len; j++)
	if (sf_test_below (n - j) < len - c)
	  {
	    B->col[B->rowptr[i] + c] = (int32_t) j;
	    B->val[B->rowptr[i] + c++] = sf_test_value ();
	  }
    }
  return B;
}

static void
free_mat (struct mat *B)
{
  free (B->rowptr);
  free (B->col);
  free (B->val);
  free (B);
}

#endif /* HARM_MAT_H */
