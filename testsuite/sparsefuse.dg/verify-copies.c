/* Tidy loops read their tensor through locals set before the loop
   (`rowptr = B->rowptr`, `nnz = B->nnz`): the checker takes each as the
   copy it was set to (the dump says "verified"), the region's entry
   tests that it still holds (the guard line names them), and a program
   that changed the member after the copy runs its loop.  Each against
   its loop compiled without the annotation, on random matrices, at one
   and two threads.  A wrong annotation over the same locals is an
   error: verify-copies-wrong.c.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "sf-test.h"

typedef struct { long nrows, ncols; long *rowptr; int *colidx; double *vals; } csr;
#pragma tensor format csr dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)
typedef struct { long nrows, ncols; long *colptr; int *rowidx; double *vals; } csc;
#pragma tensor format csc dims(nrows, ncols) levels(dense, compressed(colptr, rowidx)) values(vals) modes(1, 0)
typedef struct { long nrows, ncols, nnz; int *row, *col; double *vals; } coo;
#pragma tensor format coo dims(nrows, ncols) levels(coo(nnz, row), singleton(col)) values(vals)

/* The locals are set before the pragma: the region is the loop alone.  */
#define TWINS(NAME, PARAMS, PRAGMA, DECLS, BODY)			\
  __attribute__ ((noinline)) static void NAME##_ann PARAMS		\
  { DECLS PRAGMA BODY }							\
  __attribute__ ((noinline)) static void NAME##_ref PARAMS { DECLS BODY }

/* The CSR SpMV with everything hoisted, as NPB CG and SPARSKIT write it.  */
#define CSR_DECLS							\
  const long n = B->nrows, *rowptr = B->rowptr;				\
  const int *colidx = B->colidx;					\
  const double *vals = B->vals;
#define CSR_BODY							\
  for (long i = 0; i < n; i++)						\
    {									\
      double sum = 0.0;							\
      for (long k = rowptr[i]; k < rowptr[i + 1]; k++)			\
	sum += vals[k] * x[colidx[k]];					\
      y[i] = sum;							\
    }
TWINS (csr_spmv, (const csr *B, const double *x, double *y),
       _Pragma ("tensor y(i) = B(i,j) * x(j)"), CSR_DECLS, CSR_BODY)

#define CSC_DECLS							\
  const long m = B->nrows, n = B->ncols, *colptr = B->colptr;		\
  const int *rowidx = B->rowidx;					\
  const double *vals = B->vals;
#define CSC_BODY							\
  {									\
    for (long i = 0; i < m; i++)					\
      y[i] = 0.0;							\
    for (long j = 0; j < n; j++)					\
      {									\
	const double xj = x[j];						\
	for (long k = colptr[j]; k < colptr[j + 1]; k++)		\
	  y[rowidx[k]] += vals[k] * xj;					\
      }									\
  }
TWINS (csc_spmv, (const csc *B, const double *x, double *y),
       _Pragma ("tensor y(i) = B(i,j) * x(j)"), CSC_DECLS, CSC_BODY)

/* nnz is a count, not an extent: the checker takes it as its copy.  */
#define COO_DECLS							\
  const long m = B->nrows, nnz = B->nnz;				\
  const int *row = B->row, *col = B->col;				\
  const double *vals = B->vals;
#define COO_BODY							\
  {									\
    for (long i = 0; i < m; i++)					\
      y[i] = 0.0;							\
    for (long k = 0; k < nnz; k++)					\
      y[row[k]] += vals[k] * x[col[k]];					\
  }
TWINS (coo_spmv, (const coo *B, const double *x, double *y),
       _Pragma ("tensor y(i) = B(i,j) * x(j)"), COO_DECLS, COO_BODY)

/* The member changed after the copy (a second matrix of the same
   pattern's values): the loop reads the copy, so the test at the entry
   fails and the loop runs.  */
__attribute__ ((noinline)) static void
swapped_ann (csr *B, double *other, const double *x, double *y)
{
  const double *vals = B->vals;
  B->vals = other;
  const long n = B->nrows, *rowptr = B->rowptr;
  const int *colidx = B->colidx;
#pragma tensor y(i) = B(i,j) * x(j)
  for (long i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (long k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * x[colidx[k]];
      y[i] = sum;
    }
}
__attribute__ ((noinline)) static void
swapped_ref (csr *B, double *other, const double *x, double *y)
{
  const double *vals = B->vals;
  B->vals = other;
  const long n = B->nrows, *rowptr = B->rowptr;
  const int *colidx = B->colidx;
  for (long i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (long k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * x[colidx[k]];
      y[i] = sum;
    }
}

static int
check (long nr, long nc, double density)
{
  long *rp, *ci;
  double *v;
  long nnz = sf_test_pattern (nr, nc, density, &rp, &ci, &v);
  csr A = { nr, nc, rp, malloc ((nnz + 1) * sizeof (int)), v };
  for (long e = 0; e < nnz; e++)
    A.colidx[e] = (int) ci[e];
  /* The same matrix as CSC (its transpose's CSR) and as COO.  */
  csc C = { nr, nc, calloc (nc + 1, sizeof (long)),
	    malloc ((nnz + 1) * sizeof (int)), malloc ((nnz + 1) * sizeof (double)) };
  coo O = { nr, nc, nnz, malloc ((nnz + 1) * sizeof (int)),
	    malloc ((nnz + 1) * sizeof (int)), v };
  for (long e = 0; e < nnz; e++)
    C.colptr[A.colidx[e] + 1]++;
  for (long j = 0; j < nc; j++)
    C.colptr[j + 1] += C.colptr[j];
  long *next = malloc ((nc + 1) * sizeof (long));
  memcpy (next, C.colptr, (nc + 1) * sizeof (long));
  for (long i = 0; i < nr; i++)
    for (long e = rp[i]; e < rp[i + 1]; e++)
      {
	long at = next[A.colidx[e]]++;
	C.rowidx[at] = (int) i;
	C.vals[at] = v[e];
	O.row[e] = (int) i;
	O.col[e] = A.colidx[e];
      }
  double *x = malloc ((nc + 1) * sizeof (double));
  double *y1 = malloc ((nr + 1) * sizeof (double));
  double *y2 = malloc ((nr + 1) * sizeof (double));
  double *other = malloc ((nnz + 1) * sizeof (double));
  sf_test_fill (x, nc);
  sf_test_fill (other, nnz);
  for (int threads = 1; threads <= 2; threads++)
    {
      omp_set_num_threads (threads);
#define RUN(NAME, B)							\
      sf_test_fill (y1, nr);						\
      memcpy (y2, y1, nr * sizeof (double));				\
      NAME##_ann (B, x, y1);						\
      NAME##_ref (B, x, y2);						\
      sf_test_compare (#NAME, y1, y2, nr, 1e-12);
      RUN (csr_spmv, &A)
      RUN (csc_spmv, &C)
      RUN (coo_spmv, &O)
      /* Each call moves B.vals to the other array: twins from the same
	 start.  */
      double *start = A.vals;
      swapped_ann (&A, other, x, y1);
      A.vals = start;
      swapped_ref (&A, other, x, y2);
      A.vals = start;
      sf_test_compare ("swapped", y1, y2, nr, 0);
    }
  free (rp); free (ci); free (v); free (A.colidx);
  free (C.colptr); free (C.rowidx); free (C.vals); free (O.row); free (O.col);
  free (next); free (x); free (y1); free (y2); free (other);
  return 0;
}

int
main (void)
{
  check (1, 1, 1.0);
  check (37, 23, 0.2);
  check (500, 700, 0.01);
  check (3000, 3000, 0.002);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "verify: verified" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "not verified" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: .*'rowptr' == B->rowptr" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: .*'vals' == B->vals" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: .*'nnz' == B->nnz" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "guard: .*'colptr' == B->colptr" "sparsefuse" } } */
