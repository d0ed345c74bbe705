/* A loop with its own 'omp parallel for' runs its team however small the
   input (the user asked for threads): the region's threads test is 1
   under the directive (a team of one still runs the serial copy), while
   the same loop without the directive keeps the test.  Both agree with
   their loops at one and two threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-omplower -fplugin-arg-sparsefuse-parallel-min=32768" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "sf-test.h"

struct csr { long n, m; long *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define BODY								\
  for (long i = 0; i < B->n; i++)					\
    {									\
      double s = 0;							\
      for (long p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)		\
	s += B->vals[p] * x[B->colidx[p]];				\
      y[i] = s;								\
    }

static void
own (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
#pragma omp parallel for
  BODY
}

static void
plain (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  BODY
}

static void
ref (const struct csr *B, const double *x, double *y)
{
  BODY
}

int
main (void)
{
  struct csr B = { 60, 60, NULL, NULL, NULL };
  sf_test_pattern (60, 60, 0.1, &B.rowptr, &B.colidx, &B.vals);
  double x[60], y[60], r[60];
  sf_test_fill (x, 60);
  ref (&B, x, r);
  for (int t = 1; t <= 2; t++)
    {
      omp_set_num_threads (t);
      own (&B, x, y);
      sf_test_compare ("own parallel for", y, r, 60, 1e-12);
      plain (&B, x, y);
      sf_test_compare ("no directive", y, r, 60, 1e-12);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "threads_pay = 1;" 1 "omplower" } } */
/* { dg-final { scan-tree-dump-times "threads_pay = iftmp" 1 "omplower" } } */
