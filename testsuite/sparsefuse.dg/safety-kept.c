/* Regions that do more than the annotation says are kept as written, with
   a warning saying why; the program's results (side effects included) are
   those of the original code.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

int visits;
__attribute__ ((noinline)) void note_row (int i) { visits += i >= 0; }

/* A call with side effects.  */
static void
spmv_call (struct csr B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "keeps the original statement because it calls a function that may have side effects" } */
  for (int i = 0; i < B.n; i++)
    {
      note_row (i); /* { dg-message "here" } */
      y[i] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
}

/* A store to another array.  */
static void
spmv_store (struct csr B, const double *x, double *y, int *count)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "stores through a pointer that is not derived from the output" } */
  for (int i = 0; i < B.n; i++)
    {
      y[i] = 0;
      count[i] = B.rowptr[i + 1] - B.rowptr[i]; /* { dg-message "here" } */
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
}

/* A counter declared outside and read afterwards.  */
static int
spmv_live (struct csr B, const double *x, double *y)
{
  int i, p, seen = 0; /* { dg-message "here" } */
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "writes a variable declared outside it that is used afterwards" } */
  for (i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	{
	  y[i] += B.vals[p] * x[B.colidx[p]];
	  seen++;
	}
    }
  return seen + i;
}

/* Control leaving the region.  */
static int
spmv_return (struct csr B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "contains a return statement" } */
  for (int i = 0; i < B.n; i++)
    {
      y[i] = 0;
      if (B.rowptr[i] > B.rowptr[i + 1])
	return -1; /* { dg-message "here" } */
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
  return 0;
}

static void
spmv_ref (struct csr B, const double *x, double *y)
{
  for (int i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
}

int
main (void)
{
  long *rp, *ci;
  double *v;
  long n = 50, m = 40, nnz = sf_test_pattern (n, m, 0.2, &rp, &ci, &v);
  struct csr B = { n, m, malloc ((n + 1) * sizeof (int)),
		   malloc ((nnz + 1) * sizeof (int)), v };
  for (long i = 0; i <= n; i++)
    B.rowptr[i] = rp[i];
  for (long p = 0; p < nnz; p++)
    B.colidx[p] = ci[p];
  double x[40], y[50], want[50];
  int count[50];
  sf_test_fill (x, m);
  spmv_ref (B, x, want);
  spmv_call (B, x, y);
  sf_test_compare ("call kept", y, want, n, 0);
  if (visits != n)
    sf_test_failures++;
  spmv_store (B, x, y, count);
  sf_test_compare ("store kept", y, want, n, 0);
  if (count[n - 1] != B.rowptr[n] - B.rowptr[n - 1])
    sf_test_failures++;
  if (spmv_live (B, x, y) != nnz + n)
    sf_test_failures++;
  sf_test_compare ("live counter kept", y, want, n, 0);
  if (spmv_return (B, x, y) != 0)
    sf_test_failures++;
  sf_test_compare ("return kept", y, want, n, 0);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ kept" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "replaced" "sparsefuse" } } */
