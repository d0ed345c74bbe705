/* Annotated loops where real code puts them under OpenMP (SPEC 1.6): the
   loop's own 'omp for' inside a parallel region (once an internal
   compiler error), the same orphaned in a function called from one,
   'omp for nowait', 'schedule', 'collapse', 'private' of a function
   static, 'parallel for', 'simd', a reduction clause on the output, and
   a statement in a parallel region without work-sharing (each thread
   runs it whole).  Each annotated
   function runs against its unannotated copy, serially and at 1, 2 and
   4 threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "sf-test.h"

struct csr { long n, m; long *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define SPMV_ROW(B, x, y, i, sum, p)					\
  {									\
    sum = 0.0;								\
    for (p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)			\
      sum += B->vals[p] * x[B->colidx[p]];				\
    y[i] = sum;								\
  }

/* 1. 'omp for' inside the parallel region, a reduction loop after it.  */
#define KERNEL_FOR(NAME, ANNOTATE)					\
  double NAME (struct csr *B, const double *x, double *y)		\
  {									\
    double acc = 0;							\
    _Pragma ("omp parallel")						\
    {									\
      ANNOTATE								\
      _Pragma ("omp for")						\
      for (long i = 0; i < B->n; i++)					\
	{								\
	  double s = 0;							\
	  for (long p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)	\
	    s += B->vals[p] * x[B->colidx[p]];				\
	  y[i] += s;							\
	}								\
      _Pragma ("omp for reduction(+:acc)")				\
      for (long i = 0; i < B->n; i++)					\
	acc += y[i] * y[i];						\
    }									\
    return acc;								\
  }
KERNEL_FOR (for_ann, _Pragma ("tensor y(i) += B(i,j) * x(j)"))
KERNEL_FOR (for_ref, )

/* 2. Orphaned: 'omp for nowait' and 'omp for schedule(static, 4)' with a
   function static under private(), in a function called from a parallel
   region; a barrier between them as the caller writes it.  */
#define KERNEL_ORPHAN(NAME, ANNOTATE1, ANNOTATE2)			\
  static void NAME##_step (struct csr *B, const double *x, double *y,	\
			   double *z)					\
  {									\
    static double sum;							\
    long i, p;								\
    ANNOTATE1								\
    _Pragma ("omp for nowait private(sum, p)")				\
    for (i = 0; i < B->n; i++)						\
      SPMV_ROW (B, x, y, i, sum, p)					\
    _Pragma ("omp barrier")						\
    ANNOTATE2								\
    _Pragma ("omp for schedule(static, 4) private(sum, p)")		\
    for (i = 0; i < B->n; i++)						\
      SPMV_ROW (B, y, z, i, sum, p)					\
  }									\
  void NAME (struct csr *B, const double *x, double *y, double *z)	\
  {									\
    _Pragma ("omp parallel")						\
    NAME##_step (B, x, y, z);						\
  }
KERNEL_ORPHAN (orphan_ann, _Pragma ("tensor y(i) = B(i,j) * x(j)"),
	       _Pragma ("tensor z(i) = B(i,j) * y(j)"))
KERNEL_ORPHAN (orphan_ref, , )

/* 3. In a parallel region without work-sharing: every thread computes
   its own copy of the result.  */
#define KERNEL_WHOLE(NAME, ANNOTATE)					\
  void NAME (struct csr *B, const double *x, double *out, int cap)	\
  {									\
    _Pragma ("omp parallel")						\
    {									\
      int me = omp_get_thread_num ();					\
      double *y = out + (long) (me < cap ? me : cap - 1) * B->n;	\
      double sum;							\
      long p;								\
      if (me < cap)							\
	{								\
	  ANNOTATE							\
	  for (long i = 0; i < B->n; i++)				\
	    SPMV_ROW (B, x, y, i, sum, p)				\
	}								\
    }									\
  }
KERNEL_WHOLE (whole_ann, _Pragma ("tensor y(i) = B(i,j) * x(j)"))
KERNEL_WHOLE (whole_ref, )

/* 4. 'parallel for' with a function static under private(), 'simd', and
   'omp for collapse(2)' over SpMM's rows and columns.  */
#define KERNEL_OWN(NAME, ANNOTATE1, ANNOTATE2, ANNOTATE3)		\
  void NAME (struct csr *B, long K, const double (*C)[K],		\
	     double (*A)[K], const double *x, double *y, double *z)	\
  {									\
    static double sum;							\
    long i, p;								\
    ANNOTATE1								\
    _Pragma ("omp parallel for private(sum, p) schedule(dynamic)")	\
    for (i = 0; i < B->n; i++)						\
      SPMV_ROW (B, x, y, i, sum, p)					\
    ANNOTATE2								\
    _Pragma ("omp simd")						\
    for (long k = 0; k < B->n; k++)					\
      z[k] = 2.0 * y[k];						\
    _Pragma ("omp parallel")						\
    {									\
      ANNOTATE3								\
      _Pragma ("omp for collapse(2)")					\
      for (long r = 0; r < B->n; r++)					\
	for (long k = 0; k < K; k++)					\
	  {								\
	    double t = 0;						\
	    for (long q = B->rowptr[r]; q < B->rowptr[r + 1]; q++)	\
	      t += B->vals[q] * C[B->colidx[q]][k];			\
	    A[r][k] = t;						\
	  }								\
    }									\
  }
KERNEL_OWN (own_ann, _Pragma ("tensor y(i) = B(i,j) * x(j)"),
	    _Pragma ("tensor z(k) = 2 * y(k) shape(y: B->n, z: B->n)"),
	    _Pragma ("tensor A(i,k) = B(i,j) * C(j,k)"))
KERNEL_OWN (own_ref, , , )

/* 5. A reduction clause on the output itself: column sums of a dense
   matrix into acc[8], by the loop's own 'parallel for reduction(+:acc)'
   and by an 'omp for reduction(+:acc[:8])' inside a parallel region.  */
#define KERNEL_RED(NAME, ANNOTATE1, ANNOTATE2)				\
  void NAME (long n, const double *x, double *acc, double *acc2)	\
  {									\
    ANNOTATE1								\
    _Pragma ("omp parallel for reduction(+:acc[:8])")			\
    for (long i = 0; i < n; i++)					\
      for (long k = 0; k < 8; k++)					\
	acc[k] += x[i * 8 + k];						\
    _Pragma ("omp parallel")						\
    {									\
      ANNOTATE2								\
      _Pragma ("omp for reduction(+:acc2[:8])")				\
      for (long i = 0; i < n; i++)					\
	for (long k = 0; k < 8; k++)					\
	  acc2[k] += x[i * 8 + k] * x[i * 8 + k];			\
    }									\
  }
KERNEL_RED (red_ann, _Pragma ("tensor acc(k) += x(i,k) shape(x: n, 8, acc: 8)"),
	    _Pragma ("tensor acc2(k) += x(i,k) * x(i,k) shape(x: n, 8, acc2: 8)"))
KERNEL_RED (red_ref, , )

static void
run (struct csr *B, int threads)
{
  long n = B->n, K = 7;
  double *x = malloc (n * sizeof *x), *y1 = malloc (n * sizeof *y1);
  double *y2 = malloc (n * sizeof *y2), *z1 = malloc (n * sizeof *z1);
  double *z2 = malloc (n * sizeof *z2);
  double *w1 = malloc (4 * n * sizeof *w1), *w2 = malloc (4 * n * sizeof *w2);
  double (*C)[K] = malloc (n * K * sizeof (double));
  double (*A1)[K] = malloc (n * K * sizeof (double));
  double (*A2)[K] = malloc (n * K * sizeof (double));
  sf_test_fill (x, n);
  sf_test_fill (&C[0][0], n * K);
  if (threads)
    omp_set_num_threads (threads);
  sf_test_fill (y1, n);
  memcpy (y2, y1, n * sizeof *y1);
  double a1 = for_ann (B, x, y1), a2 = for_ref (B, x, y2);
  sf_test_compare ("omp for: y", y1, y2, n, 1e-12);
  sf_test_compare ("omp for: reduction after it", &a1, &a2, 1, 1e-9);
  orphan_ann (B, x, y1, z1);
  orphan_ref (B, x, y2, z2);
  sf_test_compare ("orphaned: y", y1, y2, n, 1e-12);
  sf_test_compare ("orphaned: z", z1, z2, n, 1e-12);
  memset (w1, 0, 4 * n * sizeof *w1);
  memset (w2, 0, 4 * n * sizeof *w2);
  whole_ann (B, x, w1, 4);
  whole_ref (B, x, w2, 4);
  sf_test_compare ("whole in each thread", w1, w2, 4 * n, 1e-12);
  own_ann (B, K, (const double (*)[K]) C, A1, x, y1, z1);
  own_ref (B, K, (const double (*)[K]) C, A2, x, y2, z2);
  sf_test_compare ("parallel for: y", y1, y2, n, 1e-12);
  sf_test_compare ("simd: z", z1, z2, n, 1e-12);
  sf_test_compare ("collapse(2): A", &A1[0][0], &A2[0][0], n * K, 1e-12);
  double *big = malloc (n * 8 * sizeof (double));
  double acc1[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, acc2[8], sq1[8] = { 0 };
  double sq2[8] = { 0 };
  memcpy (acc2, acc1, sizeof acc1);
  sf_test_fill (big, n * 8);
  red_ann (n, big, acc1, sq1);
  red_ref (n, big, acc2, sq2);
  sf_test_compare ("reduction into the output", acc1, acc2, 8, 1e-9);
  sf_test_compare ("omp for reduction into the output", sq1, sq2, 8, 1e-9);
  free (big);
  free (x); free (y1); free (y2); free (z1); free (z2); free (w1); free (w2);
  free (C); free (A1); free (A2);
}

int
main (void)
{
  struct csr B;
  B.n = 3001;
  B.m = 3001;
  sf_test_pattern (B.n, B.m, 0.004, &B.rowptr, &B.colidx, &B.vals);
  run (&B, 0);
  static const int threads[] = { 1, 2, 4 };
  for (int t = 0; t < 3; t++)
    run (&B, threads[t]);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 9 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
