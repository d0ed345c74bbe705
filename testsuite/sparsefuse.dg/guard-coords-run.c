/* The test at a region's entry that the sparse operands' coordinates
   fit their dims: a format declared with base(1) over data counted from
   0, behind a loop that never uses a coordinate (a sum of every value),
   which the checker therefore cannot catch.  The generated code reads B
   through a dense copy indexed by coordinate (relayout), and would write
   before the copy's start; the test sends the call to the original
   statement instead.  Each call agrees with the unannotated copy, and a
   CSR matrix with a column past its dims does the same.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "sf-test.h"

struct svec { long n, nnz; int *idx; double *val; };
#pragma tensor format struct svec dims(n) levels(coo(nnz, idx)) values(val) base(1)

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static double
total_ann (const struct svec *B, double scale)
{
  double s;
#pragma tensor s = scale * B(k) relayout(B)
  {
    s = 0;
    for (long p = 0; p < B->nnz; p++)
      s += scale * B->val[p];
  }
  return s;
}

static double
total_ref (const struct svec *B, double scale)
{
  double s;
  {
    s = 0;
    for (long p = 0; p < B->nnz; p++)
      s += scale * B->val[p];
  }
  return s;
}

/* Row sums: the loop never reads a column.  */
#define ROWSUM_BODY							\
  for (int i = 0; i < A->n; i++)					\
    {									\
      y[i] = 0;								\
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)		\
	y[i] += A->vals[p] * w[i];					\
    }

static void
rowsum_ann (const struct csr *A, const double *w, double *restrict y)
{
#pragma tensor y(i) = A(i,j) * w(i) relayout(A)
  ROWSUM_BODY
}

static void
rowsum_ref (const struct csr *A, const double *w, double *restrict y)
{
  ROWSUM_BODY
}

int
main (void)
{
  /* More entries than the extent (coo repeats coordinates): the
     generated code sums through the dense copy.  */
  enum { N = 50, S = 12, E = 4 };
  int idx[S];
  double val[S];
  for (int k = 0; k < S; k++)
    {
      idx[k] = 1 + k % E;		/* 1-based, as declared */
      val[k] = sf_test_value ();
    }
  struct svec B = { E, S, idx, val };
  double a = total_ann (&B, 1.5), r = total_ref (&B, 1.5);
  sf_test_compare ("sum, coordinates from 1", &a, &r, 1, 1e-12);
  for (int k = 0; k < S; k++)
    idx[k] = k % E;			/* from 0: the declaration is wrong */
  a = total_ann (&B, 1.5);
  r = total_ref (&B, 1.5);
  sf_test_compare ("sum, coordinates from 0", &a, &r, 1, 1e-12);

  struct csr A = { N, N, NULL, NULL, NULL };
  long nnz = sf_test_pattern_int (N, N, 0.2, &A.rowptr, &A.colidx, &A.vals);
  double w[N], y1[N], y2[N];
  sf_test_fill (w, N);
  rowsum_ann (&A, w, y1);
  rowsum_ref (&A, w, y2);
  sf_test_compare ("rows, columns inside", y1, y2, N, 1e-12);
  A.colidx[nnz - 1] = N + 7;		/* a column past the dims */
  rowsum_ann (&A, w, y1);
  rowsum_ref (&A, w, y2);
  sf_test_compare ("rows, a column outside", y1, y2, N, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "replaced" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: the first and last coordinates of B inside their dims; else the original statement runs" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: the first and last coordinates of A inside their dims; else the original statement runs" "sparsefuse" } } */
