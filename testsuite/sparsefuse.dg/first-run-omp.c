/* Regions not verified in an OpenMP context: inside '#pragma omp
   parallel', or work-shared by an 'omp for' (in a parallel region, or
   orphaned), the first-run check would run in each thread, on the output
   the team shares: they are kept, with a warning saying why.  A region
   whose statement is an 'omp parallel for' of its own starts its team
   itself, and is checked when it first runs like a serial one (its
   annotation here is wrong: one line, and the loop's result).  Each runs
   against its loop at 2 threads, three times.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static double twice_impl (double v) { return 2 * v; }
__attribute__ ((const)) double twice (double)
  __attribute__ ((alias ("twice_impl")));

#define ROW(i)								\
  double s = 0;								\
  for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)			\
    s += B->vals[p] * twice (x[B->colidx[p]]);				\
  y[i] = s;

static void
inside (const struct csr *B, const double *x, double *y)
{
#pragma omp parallel
  {
#pragma omp single
    y[0] = y[0];
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "sparsefuse keeps the original statement because annotation not verified: calls 'twice', and in an OpenMP construct or a work-shared loop it cannot be checked when it first runs \\(each thread would check it\\)" } */
    for (int i = 0; i < B->n; i++)
      {
	ROW (i)
      }
  }
}

static void
inside_ref (const struct csr *B, const double *x, double *y)
{
  for (int i = 0; i < B->n; i++)
    {
      ROW (i)
    }
}

static void
workshared (const struct csr *B, const double *x, double *y)
{
#pragma omp parallel
  {
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "sparsefuse keeps the original statement because annotation not verified: calls 'twice', and in an OpenMP construct or a work-shared loop it cannot be checked when it first runs" } */
#pragma omp for
    for (int i = 0; i < B->n; i++)
      {
	ROW (i)
      }
  }
}

static void
orphaned (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "sparsefuse keeps the original statement because annotation not verified: calls 'twice', and in an OpenMP construct or a work-shared loop it cannot be checked when it first runs" } */
#pragma omp for
  for (int i = 0; i < B->n; i++)
    {
      ROW (i)
    }
}

static void
own_team (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-message "annotation not verified: calls 'twice'; the region compares its code with the statement when it first runs" } */
#pragma omp parallel for
  for (int i = 0; i < B->n; i++)
    {
      ROW (i)
    }
}

int
main (void)
{
  enum { N = 50, M = 40 };
  struct csr B;
  B.n = N, B.m = M;
  sf_test_pattern_int (N, M, 0.2, &B.rowptr, &B.colidx, &B.vals);
  double x[M], y1[N], y2[N];
  sf_test_fill (x, M);
  omp_set_num_threads (2);
  char what[64];
  for (int round = 0; round < 3; round++)
    {
      x[round] += 1;
      inside_ref (&B, x, y2);
      memset (y1, 0, sizeof y1);
      inside (&B, x, y1);
      snprintf (what, sizeof what, "inside, call %d", round);
      sf_test_compare (what, y1, y2, N, 0);
      memset (y1, 0, sizeof y1);
      workshared (&B, x, y1);
      snprintf (what, sizeof what, "workshared, call %d", round);
      sf_test_compare (what, y1, y2, N, 0);
      memset (y1, 0, sizeof y1);
#pragma omp parallel
      orphaned (&B, x, y1);
      snprintf (what, sizeof what, "orphaned, call %d", round);
      sf_test_compare (what, y1, y2, N, 0);
      own_team (&B, x, y1);
      snprintf (what, sizeof what, "own team, call %d", round);
      sf_test_compare (what, y1, y2, N, 0);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ kept" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ first run:" 1 "sparsefuse" } } */
/* { dg-output "first-run-omp.c:81: first run: 'y\\(i\\) = B\\(i,j\\) \\* x\\(j\\)' differs from the statement at value \[0-9\]+ \\(got \[^\r\n\]*\\); the statement runs from now on \\(call \[0-9\]+\\)\[\r\n\]+" } */
