/* A statement that stores through a pointer into its output hoisted
   before the loop (double *out = A->vals; double *yy = y;), as tidy loops
   write it: passes/safety.cc takes the copy as the output when it is the
   pointer's one assignment, and the region's entry tests that it still
   holds ('out' == A->vals in the guard line); a program that moved the
   member after the copy runs its loop.  Each annotated function against
   its unannotated twin, on random matrices, at one and two threads.
   Included by out-copy.c (-O2), out-copy-O0.c, out-copy-O3.c and
   out-copy-serial.c.  */

#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#else
#define omp_set_num_threads(n) ((void) (n))
#endif
#include "harm-mat.h"

#define TWINS(NAME, PARAMS, PRAGMA, DECLS, BODY)			\
  __attribute__ ((noinline)) static void NAME##_ann PARAMS		\
  { DECLS PRAGMA BODY }							\
  __attribute__ ((noinline)) static void NAME##_ref PARAMS { DECLS BODY }

/* A sampled product over B's pattern into A's values (A holds B's
   pattern), the values array hoisted.  */
#define SCALE_DECLS							\
  const int64_t n = B->n, *rowptr = B->rowptr;				\
  const int32_t *col = B->col;						\
  const double *vals = B->val;						\
  double *out = A->val;
#define SCALE_BODY							\
  for (int64_t i = 0; i < n; i++)					\
    for (int64_t p = rowptr[i]; p < rowptr[i + 1]; p++)		\
      out[p] = vals[p] * x[i] * z[col[p]];
TWINS (scale, (const struct mat *B, const double *x, const double *z,
	       struct mat *A),
       _Pragma ("tensor A(i,j) = B(i,j) * x(i) * z(j)"), SCALE_DECLS,
       SCALE_BODY)

/* SpMV into a dense output through an alias of it.  */
#define ALIAS_DECLS							\
  const int64_t n = B->n, *rowptr = B->rowptr;				\
  const int32_t *col = B->col;						\
  const double *vals = B->val;						\
  double *yy = y;
#define ALIAS_BODY							\
  for (int64_t i = 0; i < n; i++)					\
    {									\
      double s = 0.0;							\
      for (int64_t p = rowptr[i]; p < rowptr[i + 1]; p++)		\
	s += vals[p] * x[col[p]];					\
      yy[i] = s;							\
    }
TWINS (alias, (const struct mat *B, const double *x, double *y),
       _Pragma ("tensor y(i) = B(i,j) * x(j)"), ALIAS_DECLS, ALIAS_BODY)

/* The member moved after the copy: the statement writes the old array,
   which the generated code would not; the entry's test sends it to the
   loop.  */
#define MOVED_DECLS							\
  const int64_t n = B->n, *rowptr = B->rowptr;				\
  const int32_t *col = B->col;						\
  const double *vals = B->val;						\
  double *out = A->val;							\
  A->val = other;
TWINS (moved, (const struct mat *B, const double *x, const double *z,
	       struct mat *A, double *other),
       _Pragma ("tensor A(i,j) = B(i,j) * x(i) * z(j)"), MOVED_DECLS,
       SCALE_BODY)

int
main (void)
{
  static const struct { int64_t n; int lo, hi; } cases[] = {
    { 1, 0, 1 }, { 37, 0, 5 }, { 500, 1, 19 }, { 3000, 0, 40 },
  };
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++)
    {
      struct mat *B = rows_between (cases[c].n, cases[c].lo, cases[c].hi);
      int64_t n = B->n, nnz = B->rowptr[n];
      double *x = malloc ((n + 1) * sizeof *x), *z = malloc ((n + 1) * sizeof *z);
      double *y1 = malloc ((n + 1) * sizeof *y1), *y2 = malloc ((n + 1) * sizeof *y2);
      double *v1 = malloc ((nnz + 1) * sizeof *v1), *v2 = malloc ((nnz + 1) * sizeof *v2);
      double *o1 = malloc ((nnz + 1) * sizeof *o1), *o2 = malloc ((nnz + 1) * sizeof *o2);
      sf_test_fill (x, n);
      sf_test_fill (z, n);
      for (int threads = 1; threads <= 2; threads++)
	{
	  char name[64];
	  omp_set_num_threads (threads);
	  struct mat A1 = *B, A2 = *B;
	  A1.val = v1;
	  A2.val = v2;
	  sf_test_fill (v1, nnz);
	  memcpy (v2, v1, nnz * sizeof *v1);
	  scale_ann (B, x, z, &A1);
	  scale_ref (B, x, z, &A2);
	  snprintf (name, sizeof name, "scale %ld rows, %d threads",
		    (long) n, threads);
	  sf_test_compare (name, v1, v2, nnz, 1e-12);

	  alias_ann (B, x, y1);
	  alias_ref (B, x, y2);
	  snprintf (name, sizeof name, "alias %ld rows, %d threads",
		    (long) n, threads);
	  sf_test_compare (name, y1, y2, n, 1e-12);

	  sf_test_fill (v1, nnz);
	  memcpy (v2, v1, nnz * sizeof *v1);
	  sf_test_fill (o1, nnz);
	  memcpy (o2, o1, nnz * sizeof *o1);
	  moved_ann (B, x, z, &A1, o1);
	  moved_ref (B, x, z, &A2, o2);
	  snprintf (name, sizeof name, "moved %ld rows, %d threads",
		    (long) n, threads);
	  sf_test_compare (name, v1, v2, nnz, 0);
	  sf_test_compare (name, o1, o2, nnz, 0);
	}
      free (x); free (z); free (y1); free (y2);
      free (v1); free (v2); free (o1); free (o2);
      free_mat (B);
    }
  return sf_test_status ();
}
