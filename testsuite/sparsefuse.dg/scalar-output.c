/* Scalar outputs (sf_scalar_output_as_vector): dot products, a norm, the
   sum of a sparse matrix's entries, x^T B y, with += and =, double and
   float, alone and under 'omp parallel for reduction', 'omp for
   reduction' in a parallel region and orphaned, against the unannotated
   loops, serially and at 1, 2 and 4 threads.  The whole sum is one
   register reduction with partial sums (no copy per thread, no team for
   one iteration).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse-details" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "sf-test.h"

struct csr { long n, m; long *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define DOT(NAME, ANN)							\
  double NAME (long n, const double *p, const double *q)		\
  {									\
    double d = 0.5;							\
    ANN									\
    for (long j = 0; j < n; j++)					\
      d = d + p[j] * q[j];						\
    return d;								\
  }
DOT (dot_ann, _Pragma ("tensor d += p(j) * q(j) shape(p: n, q: n)"))
DOT (dot_ref, )

#define NORMF(NAME, ANN)						\
  float NAME (long n, const float *p)					\
  {									\
    float s;								\
    ANN									\
    {									\
      s = 0;								\
      for (long j = 0; j < n; j++)					\
	s += p[j] * p[j];						\
    }									\
    return s;								\
  }
NORMF (normf_ann, _Pragma ("tensor s = p(j) * p(j) shape(p: n)"))
NORMF (normf_ref, )

#define XBY(NAME, ANN)							\
  double NAME (const struct csr *B, const double *x, const double *y)	\
  {									\
    double s = 0, total = 0;						\
    ANN									\
    for (long i = 0; i < B->n; i++)					\
      for (long k = B->rowptr[i]; k < B->rowptr[i + 1]; k++)		\
	s += x[i] * B->vals[k] * y[B->colidx[k]];			\
    for (long k = 0; k < B->rowptr[B->n]; k++)				\
      total += B->vals[k];						\
    return s + 1e-3 * total;						\
  }
XBY (xby_ann, _Pragma ("tensor s += x(i) * B(i,j) * y(j)"))
XBY (xby_ref, )

static double acc;

#define CONTEXTS(NAME, ANN1, ANN2, ANN3)				\
  static void NAME##_orphan (long n, const double *p, const double *q)	\
  {									\
    ANN3								\
    _Pragma ("omp for reduction(+:acc)")				\
    for (long j = 0; j < n; j++)					\
      acc = acc + (p[j] - q[j]) * (p[j] - q[j]);			\
  }									\
  double NAME (long n, const double *p, const double *q)		\
  {									\
    double d = 0;							\
    ANN1								\
    _Pragma ("omp parallel for reduction(+:d)")				\
    for (long j = 0; j < n; j++)					\
      d = d + p[j] * q[j];						\
    acc = 0;								\
    _Pragma ("omp parallel")						\
    {									\
      ANN2								\
      _Pragma ("omp for reduction(+:acc)")				\
      for (long j = 0; j < n; j++)					\
	acc += 2.0 * p[j];						\
      NAME##_orphan (n, p, q);						\
    }									\
    return d + acc;							\
  }
CONTEXTS (ctx_ann, _Pragma ("tensor d += p(j) * q(j) shape(p: n, q: n)"),
	  _Pragma ("tensor acc += 2 * p(j) shape(p: n)"),
	  _Pragma ("tensor acc += (p(j) - q(j)) * (p(j) - q(j)) shape(p: n, q: n)"))
CONTEXTS (ctx_ref, , , )

static void
run (const struct csr *B, long n, int threads)
{
  if (threads)
    omp_set_num_threads (threads);
  /* The vectors have B's extent at least, for x^T B y.  */
  long m = n > B->n ? n : B->n;
  double *p = malloc (m * sizeof *p), *q = malloc (m * sizeof *q);
  float *f = malloc (m * sizeof *f);
  sf_test_fill (p, m);
  sf_test_fill (q, m);
  sf_test_fill_float (f, m);
  double a, b;
  a = dot_ann (n, p, q), b = dot_ref (n, p, q);
  sf_test_compare ("dot +=", &a, &b, 1, 1e-12);
  float fa = normf_ann (n, f), fb = normf_ref (n, f);
  sf_test_compare_float ("float norm =", &fa, &fb, 1, 1e-4);
  a = xby_ann (B, p, q), b = xby_ref (B, p, q);
  sf_test_compare ("x^T B y", &a, &b, 1, 1e-12);
  a = ctx_ann (n, p, q), b = ctx_ref (n, p, q);
  sf_test_compare ("OpenMP contexts", &a, &b, 1, 1e-9);
  free (p), free (q), free (f);
}

int
main (void)
{
  struct csr B;
  B.n = B.m = 5003;
  sf_test_pattern (B.n, B.m, 0.002, &B.rowptr, &B.colidx, &B.vals);
  static const long sizes[] = { 0, 1, 7, 5003, 100003 };
  for (int s = 0; s < 5; s++)
    {
      run (&B, sizes[s], 0);
      for (int t = 1; t <= 4; t *= 2)
	run (&B, sizes[s], t);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "_priv" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "t_8 = t_8 \\+ " "sparsefuse" } } */
