/* spmv-float-ptr.c with -fplugin-arg-sparsefuse-disable: the pragmas are
   checked but no code changes, and the result is the same.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-disable" } */

#include "sf-test.h"

struct fcsr { long rows, cols; long *ptr, *idx; float *val; };
#pragma tensor format struct fcsr dims(rows, cols) levels(dense, compressed(ptr, idx)) values(val)

static void
spmv (const struct fcsr *B, float alpha, const float *x, float *y)
{
#pragma tensor y(i) += alpha * B(i,j) * x(j)
  for (long i = 0; i < B->rows; i++)
    for (long p = B->ptr[i]; p < B->ptr[i + 1]; p++)
      y[i] += alpha * B->val[p] * x[B->idx[p]];
}

static void
spmv_ref (const struct fcsr *B, float alpha, const float *x, float *y)
{
  for (long i = 0; i < B->rows; i++)
    for (long p = B->ptr[i]; p < B->ptr[i + 1]; p++)
      y[i] += alpha * B->val[p] * x[B->idx[p]];
}

static void
run (long n, long m, double density)
{
  struct fcsr B;
  double *v;
  long nnz = sf_test_pattern (n, m, density, &B.ptr, &B.idx, &v);
  B.rows = n, B.cols = m;
  B.val = malloc ((nnz + 1) * sizeof (float));
  for (long p = 0; p < nnz; p++)
    B.val[p] = (float) v[p];
  float *x = malloc ((m + 1) * sizeof (float));
  float *y = malloc ((n + 1) * sizeof (float));
  float *z = malloc ((n + 1) * sizeof (float));
  sf_test_fill_float (x, m);
  sf_test_fill_float (y, n);
  memcpy (z, y, n * sizeof (float));
  spmv (&B, 0.5f, x, y);
  spmv_ref (&B, 0.5f, x, z);
  char what[64];
  snprintf (what, sizeof what, "float spmv %ldx%ld", n, m);
  sf_test_compare_float (what, y, z, n, 1e-5);
  free (B.ptr), free (B.idx), free (B.val), free (v), free (x), free (y);
  free (z);
}

int
main (void)
{
  run (0, 0, 0.0);
  run (90, 70, 0.1);
  run (300, 10, 0.5);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-not "sparsefuse: region" "sparsefuse" } } */
