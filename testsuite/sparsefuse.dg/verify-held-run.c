/* Integers the annotation cannot know, held at a value: the loop agrees
   with the annotation only when a flag, a factor or a term it leaves out
   has one value (or, for a flag read as nonzero, from one on).  The checker finds the value, the note says it, and the
   region tests it when it starts: each function is called with that
   value (the new code) and with others (the loop), and every call agrees
   with the unannotated copy.  The contexts: a parameter, a member behind
   a pointer, a variable of the file, a loop inside 'omp parallel for'.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

/* A choice between two formulas: the annotation's is the one at
   mode = 2.  */
TWINS (choice, (const struct csr *A, const double *x, double *y, int mode),
       _Pragma ("tensor y(i) = A(i,j) * x(j)"), /* { dg-message "the annotation holds only when 'mode' == 2: the region tests it when it starts, and runs the loop otherwise" } */
       {
	 for (int i = 0; i < A->n; i++)
	   {
	     double t = 0;
	     for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	       t += A->vals[p] * x[A->colidx[p]];
	     y[i] = mode == 2 ? t : 2 * t;
	   }
       })

/* A flag read as nonzero: any value from 1 accumulates, as the
   annotation says.  */
TWINS (accumulate, (const struct csr *A, const double *x, double *y,
		    int acc),
       _Pragma ("tensor y(i) += A(i,j) * x(j)"), /* { dg-message "'acc' >= 1" } */
       {
	 for (int i = 0; i < A->n; i++)
	   {
	     if (!acc)
	       y[i] = 0;
	     for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	       y[i] += A->vals[p] * x[A->colidx[p]];
	   }
       })

/* A member of a struct a parameter points to.  */
struct opts { long tag; int negate; };

TWINS (member, (const struct csr *A, const double *x, double *y,
		const struct opts *o),
       _Pragma ("tensor y(i) = A(i,j) * x(j)"), /* { dg-message "'o->negate' == 0" } */
       {
	 for (int i = 0; i < A->n; i++)
	   {
	     double t = 0;
	     for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	       t += A->vals[p] * x[A->colidx[p]];
	     y[i] = o->negate ? -t : t;
	   }
       })

/* A variable of the file, and the loop work-shared inside a parallel
   region: every thread takes the same branch.  */
static int negate_now;

#define SHARED_LOOP							\
  for (int i = 0; i < A->n; i++)					\
    {									\
      double t = 0;							\
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)		\
	t += A->vals[p] * x[A->colidx[p]];				\
      y[i] = negate_now ? -t : t;					\
    }

static void
shared (int ann, const struct csr *A, const double *x, double *y)
{
#pragma omp parallel
  {
    if (ann)
      {
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-message "'negate_now' == 0" } */
#pragma omp for
	SHARED_LOOP
      }
    else
#pragma omp for
      SHARED_LOOP
  }
}

int
main (void)
{
  enum { N = 40, M = 30 };
  struct csr A = { N, M, 0, 0, 0 };
  sf_test_pattern_int (N, M, 0.2, &A.rowptr, &A.colidx, &A.vals);
  double x[M], y1[N], y2[N];
  sf_test_fill (x, M);
  for (int s = -1; s <= 3; s++)
    {
      choice_ann (&A, x, y1, s);
      choice_ref (&A, x, y2, s);
      sf_test_compare ("choice", y1, y2, N, 1e-12);
      sf_test_fill (y1, N);
      for (int i = 0; i < N; i++)
	y2[i] = y1[i];
      accumulate_ann (&A, x, y1, s);
      accumulate_ref (&A, x, y2, s);
      sf_test_compare ("accumulate", y1, y2, N, 1e-12);
      struct opts o = { 7, s };
      member_ann (&A, x, y1, &o);
      member_ref (&A, x, y2, &o);
      sf_test_compare ("member", y1, y2, N, 1e-12);
      negate_now = s;
      shared (1, &A, x, y1);
      shared (0, &A, x, y2);
      sf_test_compare ("shared", y1, y2, N, 1e-12);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified when " 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ guard: \[^\n\]*(mode == 2|acc >= 1|o->negate == 0|negate_now == 0)" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
