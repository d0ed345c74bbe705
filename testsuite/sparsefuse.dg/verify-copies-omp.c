/* verify-copies.c in the contexts real code puts the loop in, at -O0 -g:
   the locals set before a '#pragma omp parallel' whose 'omp for' is the
   annotated loop, and an orphaned 'omp for' in a function called from a
   parallel region; each checked (the dump says "verified", the guard
   names the copies) and against its loop at one and two threads.  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "sf-test.h"

typedef struct { long nrows, ncols; long *rowptr; int *colidx; double *vals; } csr;
#pragma tensor format csr dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

#define ROWS(FOR)							\
  FOR									\
  for (long i = 0; i < n; i++)						\
    {									\
      double sum = 0.0;							\
      for (long k = rowptr[i]; k < rowptr[i + 1]; k++)			\
	sum += vals[k] * x[colidx[k]];					\
      y[i] = sum;							\
    }

__attribute__ ((noinline)) static void
team_ann (const csr *B, const double *x, double *y)
{
  const long n = B->nrows, *rowptr = B->rowptr;
  const int *colidx = B->colidx;
  const double *vals = B->vals;
#pragma omp parallel
  {
#pragma tensor y(i) = B(i,j) * x(j)
    ROWS (_Pragma ("omp for"))
  }
}
__attribute__ ((noinline)) static void
team_ref (const csr *B, const double *x, double *y)
{
  const long n = B->nrows, *rowptr = B->rowptr;
  const int *colidx = B->colidx;
  const double *vals = B->vals;
#pragma omp parallel
  {
    ROWS (_Pragma ("omp for"))
  }
}

static void
orphan_ann (const csr *B, const double *x, double *y)
{
  const long n = B->nrows, *rowptr = B->rowptr;
  const int *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(j)
  ROWS (_Pragma ("omp for"))
}
static void
orphan_ref (const csr *B, const double *x, double *y)
{
  const long n = B->nrows, *rowptr = B->rowptr;
  const int *colidx = B->colidx;
  const double *vals = B->vals;
  ROWS (_Pragma ("omp for"))
}

int
main (void)
{
  long sizes[][2] = { { 1, 1 }, { 37, 23 }, { 2000, 1500 } };
  for (int c = 0; c < 3; c++)
    {
      long nr = sizes[c][0], nc = sizes[c][1], *rp, *ci;
      double *v;
      long nnz = sf_test_pattern (nr, nc, 0.05, &rp, &ci, &v);
      csr A = { nr, nc, rp, malloc ((nnz + 1) * sizeof (int)), v };
      for (long e = 0; e < nnz; e++)
	A.colidx[e] = (int) ci[e];
      double *x = malloc (nc * sizeof (double));
      double *y1 = malloc (nr * sizeof (double));
      double *y2 = malloc (nr * sizeof (double));
      sf_test_fill (x, nc);
      for (int t = 1; t <= 2; t++)
	{
	  omp_set_num_threads (t);
	  sf_test_fill (y1, nr);
	  memcpy (y2, y1, nr * sizeof (double));
	  team_ann (&A, x, y1);
	  team_ref (&A, x, y2);
	  sf_test_compare ("team", y1, y2, nr, 1e-12);
#pragma omp parallel
	  orphan_ann (&A, x, y1);
#pragma omp parallel
	  orphan_ref (&A, x, y2);
	  sf_test_compare ("orphan", y1, y2, nr, 1e-12);
	}
      free (rp); free (ci); free (v); free (A.colidx);
      free (x); free (y1); free (y2);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "verify: verified" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "'rowptr' == B->rowptr, 'vals' == B->vals, 'colidx' == B->colidx" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "as set before the region; the first" 2 "sparsefuse" } } */
