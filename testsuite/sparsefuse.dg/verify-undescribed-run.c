/* The correct twins of verify-undescribed.c: the struct the wrong
   annotations forget is an operand, and the regions verify (the dump says
   "verified") and match the loops compiled without the annotation.  The
   last loop reads a struct of a declared format only for its extent: its
   result does not depend on the struct's values, and the annotation need
   not name it.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

struct dvec { int n; double *v; };
#pragma tensor format struct dvec dims(n) levels(dense) values(v)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

TWINS (factor, (struct csr *A, struct csr *B, const double *x, double *y),
       _Pragma ("tensor y(i) = A(i,j) * x(j) * B(i,k)"),
       for (int i = 0; i < A->n; i++)
	 {
	   double s = 0;
	   double t = 0;
	   for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	     s += A->vals[p] * x[A->colidx[p]];
	   for (int q = B->rowptr[i]; q < B->rowptr[i + 1]; q++)
	     t += B->vals[q];
	   y[i] = s * t;
	 })
TWINS (term, (struct csr A, struct csr B, const double *x, double *y),
       _Pragma ("tensor y(i) = A(i,j) * x(j) + B(i,j) * x(j)"),
       for (int i = 0; i < A.n; i++)
	 {
	   double s = 0;
	   for (int p = A.rowptr[i]; p < A.rowptr[i + 1]; p++)
	     s += A.vals[p] * x[A.colidx[p]];
	   for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	     s += B.vals[p] * x[B.colidx[p]];
	   y[i] = s;
	 })
TWINS (dense, (const struct dvec *d, struct csr *A, const double *x,
	       double *y),
       _Pragma ("tensor y(i) = d(i) * A(i,j) * x(j)"),
       for (int i = 0; i < A->n; i++)
	 {
	   double s = 0;
	   for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	     s += A->vals[p] * x[A->colidx[p]];
	   y[i] = d->v[i] * s;
	 })
/* B only gives the loop its bound: the annotation is right without it.  */
TWINS (bound, (struct csr *B, const double *x, double *y),
       _Pragma ("tensor y(i) = 2.0 * x(i) shape(x: B->n)"),
       for (int i = 0; i < B->n; i++)
	 y[i] = 2.0 * x[i];)

enum { N = 23, M = 31 };

/* Fill *A with a random N x M pattern.  */
static void
random_csr (struct csr *A)
{
  long *rp, *ci;
  double *v;
  long nnz = sf_test_pattern (N, M, 0.2, &rp, &ci, &v);
  A->n = N, A->m = M;
  A->rowptr = malloc ((N + 1) * sizeof (int));
  A->colidx = malloc ((nnz + 1) * sizeof (int));
  A->vals = v;
  for (int i = 0; i <= N; i++)
    A->rowptr[i] = (int) rp[i];
  for (long e = 0; e < nnz; e++)
    A->colidx[e] = (int) ci[e];
  free (rp);
  free (ci);
}

int
main (void)
{
  struct csr A, B;
  random_csr (&A);
  random_csr (&B);
  static double x[M], dv[N], y0[N], y1[N], y2[N];
  struct dvec d = { N, dv };
  sf_test_fill (x, M);
  sf_test_fill (dv, N);
  sf_test_fill (y0, N);

#define RUN(NAME, ...)							\
  do									\
    {									\
      memcpy (y1, y0, sizeof y0);					\
      memcpy (y2, y0, sizeof y0);					\
      NAME##_ann (__VA_ARGS__, y1);					\
      NAME##_ref (__VA_ARGS__, y2);					\
      sf_test_compare (#NAME, y1, y2, N, 1e-12);			\
    }									\
  while (0)

  RUN (factor, &A, &B, x);
  RUN (term, A, B, x);
  RUN (dense, &d, &A, x);
  RUN (bound, &B, x);
  free (A.rowptr);
  free (A.colidx);
  free (A.vals);
  free (B.rowptr);
  free (B.colidx);
  free (B.vals);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
