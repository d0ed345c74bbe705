/* The run-time paths of the single kernels a user tries first (the do-no-harm
   issue): each annotated function against its unannotated copy, at one and
   two threads, on rows short (the loop as it was, chosen once a call) and
   long (the partial sums), on inputs small and large:
     - SpMV with a scalar accumulator over a struct of its own (int64 pos,
       int32 crd), and with float values and unsigned indices;
     - y = A^T x over CSR and SpMV over CSC (scatters: a copy of y per
       thread, the loop as it was on one thread), bit for bit the same on
       every run at two threads (rows split by work, copies added in turn);
     - SpMV over loose arrays counted from 1 (NPB CG's shape);
     - SpMV under the loop's own 'omp parallel for', and five in a row
       under an orphaned 'omp for' in a function called from a parallel
       region.
   Included by harm-paths.c (-O2), harm-paths-O0.c and harm-paths-O3.c;
   by harm-streams*.c with HARM_SMALL_CACHE: main first makes the cache the
   generated code reads 1 KiB, so that the arrays of rows' entries are
   prefetched on all but the smallest inputs (HARM_PATHS_SETUP: a
   statement main runs first).  */

#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#else
#define omp_set_num_threads(n) ((void) (n))
#endif
#include "sf-test.h"

#include "harm-mat.h"
struct cscm { int64_t n, m; int64_t *colptr; int32_t *row; double *val; };
#pragma tensor format struct cscm dims(n, m) levels(dense, compressed(colptr, row)) values(val) modes(1, 0)
struct fmat { uint32_t n, m; uint32_t *rowptr, *col; float *val; };
#pragma tensor format struct fmat dims(n, m) levels(dense, compressed(rowptr, col)) values(val)

#define SPMV_BODY(B, x, y)						\
  for (int64_t i = 0; i < B->n; i++)					\
    {									\
      double s = 0;							\
      for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)	\
	s += B->val[p] * x[B->col[p]];					\
      y[i] = s;								\
    }

static void
spmv_ann (const struct mat *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  SPMV_BODY (B, x, y)
}

static void
spmv_ref (const struct mat *B, const double *x, double *y)
{
  SPMV_BODY (B, x, y)
}

#define FSPMV_BODY(A, x, y)						\
  for (uint32_t i = 0; i < A->n; i++)					\
    {									\
      float s = 0;							\
      for (uint32_t p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)	\
	s += A->val[p] * x[A->col[p]];					\
      y[i] = s;								\
    }

static void
fspmv_ann (const struct fmat *A, const float *x, float *y)
{
#pragma tensor y(i) = A(i,j) * x(j)
  FSPMV_BODY (A, x, y)
}

static void
fspmv_ref (const struct fmat *A, const float *x, float *y)
{
  FSPMV_BODY (A, x, y)
}

#define ATX_BODY(B, x, y)						\
  for (int64_t i = 0; i < B->n; i++)					\
    {									\
      double xi = x[i];							\
      for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)	\
	y[B->col[p]] += B->val[p] * xi;					\
    }

static void
atx_ann (const struct mat *B, const double *x, double *y)
{
#pragma tensor y(j) += B(i,j) * x(i)
  ATX_BODY (B, x, y)
}

static void
atx_ref (const struct mat *B, const double *x, double *y)
{
  ATX_BODY (B, x, y)
}

#define CSC_BODY(C, x, y)						\
  for (int64_t j = 0; j < C->m; j++)					\
    for (int64_t p = C->colptr[j]; p < C->colptr[j + 1]; p++)		\
      y[C->row[p]] += C->val[p] * x[j];

static void
csc_ann (const struct cscm *C, const double *x, double *y)
{
#pragma tensor y(i) += C(i,j) * x(j)
  CSC_BODY (C, x, y)
}

static void
csc_ref (const struct cscm *C, const double *x, double *y)
{
  CSC_BODY (C, x, y)
}

/* Loose arrays from 1: rowstr[1..n+1], colidx and a from 1, vectors
   from 1.  */
#define LOOSE_BODY(n, rowstr, colidx, a, p, w)				\
  for (long j = 1; j <= n; j++)						\
    {									\
      double sum = 0.0;							\
      for (long k = rowstr[j]; k < rowstr[j + 1]; k++)			\
	sum = sum + a[k] * p[colidx[k]];				\
      w[j] = sum;							\
    }

static void
loose_ann (long n, const long *rowstr, const int *colidx, const double *a,
	   const double *p, double *w)
{
#pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
#pragma tensor format P dims(n) levels(dense) values(p + 1)
#pragma tensor format W dims(n) levels(dense) values(w + 1)
#pragma tensor W(j) = A(j,k) * P(k)
  LOOSE_BODY (n, rowstr, colidx, a, p, w)
}

static void
loose_ref (long n, const long *rowstr, const int *colidx, const double *a,
	   const double *p, double *w)
{
  LOOSE_BODY (n, rowstr, colidx, a, p, w)
}

#define OWN_BODY(B, x, y)						\
  _Pragma ("omp parallel for")						\
  SPMV_BODY (B, x, y)

static void
own_ann (const struct mat *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  OWN_BODY (B, x, y)
}

static void
own_ref (const struct mat *B, const double *x, double *y)
{
  OWN_BODY (B, x, y)
}

/* Five SpMVs in a row, each work-shared by the caller's team.  */
#define ORPHAN_STEP(B, x, y)						\
  _Pragma ("omp for")							\
  SPMV_BODY (B, x, y)

static void
orphan_ann_step (const struct mat *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  ORPHAN_STEP (B, x, y)
}

static void
orphan_ref_step (const struct mat *B, const double *x, double *y)
{
  ORPHAN_STEP (B, x, y)
}

/* y = B^5 x by turns between Y and Z.  */
#define ORPHAN_CALLER(NAME, STEP)					\
  static void NAME (const struct mat *B, double *y, double *z)		\
  {									\
    _Pragma ("omp parallel")						\
    for (int r = 0; r < 5; r++)					\
      {									\
	if (r % 2 == 0)							\
	  STEP (B, y, z);						\
	else								\
	  STEP (B, z, y);						\
      }									\
  }
ORPHAN_CALLER (orphan_ann, orphan_ann_step)
ORPHAN_CALLER (orphan_ref, orphan_ref_step)

/* The same matrix stored by columns (its transpose's CSR).  */
static struct cscm *
by_columns (const struct mat *B)
{
  struct cscm *C = malloc (sizeof *C);
  C->n = B->n;
  C->m = B->m;
  C->colptr = calloc (B->m + 2, sizeof *C->colptr);
  int64_t nnz = B->rowptr[B->n];
  C->row = malloc ((nnz + 1) * sizeof *C->row);
  C->val = malloc ((nnz + 1) * sizeof *C->val);
  for (int64_t p = 0; p < nnz; p++)
    C->colptr[B->col[p] + 2]++;
  for (int64_t j = 0; j < B->m; j++)
    C->colptr[j + 2] += C->colptr[j + 1];
  for (int64_t i = 0; i < B->n; i++)
    for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
      {
	int64_t q = C->colptr[B->col[p] + 1]++;
	C->row[q] = (int32_t) i;
	C->val[q] = B->val[p];
      }
  return C;
}

/* Return nonzero when the N doubles A and B are the same bits.  */
static int
same_bits (const double *a, const double *b, long n)
{
  return memcmp (a, b, (size_t) n * sizeof *a) == 0;
}

static void
check_one (struct mat *B, int threads, const char *what)
{
  long n = B->n;
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  double *r = malloc (n * sizeof *r), *y2 = malloc (n * sizeof *y2);
  char name[128];
  sf_test_fill (x, n);
  omp_set_num_threads (threads);

  spmv_ref (B, x, r);
  spmv_ann (B, x, y);
  snprintf (name, sizeof name, "spmv %s, %d threads", what, threads);
  sf_test_compare (name, y, r, n, 1e-12);

  own_ref (B, x, r);
  own_ann (B, x, y);
  snprintf (name, sizeof name, "own parallel for %s, %d threads", what,
	    threads);
  sf_test_compare (name, y, r, n, 1e-12);

  memcpy (y, x, n * sizeof *y);
  memcpy (r, x, n * sizeof *r);
  memcpy (y2, x, n * sizeof *y2);
  double *z = malloc (n * sizeof *z), *zr = malloc (n * sizeof *zr);
  orphan_ref (B, r, zr);
  orphan_ann (B, y, z);
  snprintf (name, sizeof name, "orphaned omp for x5 %s, %d threads", what,
	    threads);
  sf_test_compare (name, z, zr, n, 1e-9);

  /* A^T x and CSC: against the loop, and the same bits on every run.  */
  struct cscm *C = by_columns (B);
  for (long i = 0; i < n; i++)
    r[i] = y[i] = y2[i] = 0.5;
  atx_ref (B, x, r);
  atx_ann (B, x, y);
  for (int run = 0; run < 3; run++)
    {
      for (long i = 0; i < n; i++)
	y2[i] = 0.5;
      atx_ann (B, x, y2);
      if (!same_bits (y, y2, n))
	{
	  printf ("FAIL A^T x %s, %d threads: run %d differs\n", what, threads,
		  run);
	  sf_test_failures++;
	}
    }
  snprintf (name, sizeof name, "A^T x %s, %d threads", what, threads);
  sf_test_compare (name, y, r, n, 1e-9);
  for (long i = 0; i < n; i++)
    r[i] = y[i] = 0.25;
  csc_ref (C, x, r);
  csc_ann (C, x, y);
  snprintf (name, sizeof name, "csc %s, %d threads", what, threads);
  sf_test_compare (name, y, r, n, 1e-9);

  /* Float values, unsigned indices.  */
  struct fmat F = { (uint32_t) n, (uint32_t) n, NULL, NULL, NULL };
  int64_t nnz = B->rowptr[n];
  F.rowptr = malloc ((n + 1) * sizeof *F.rowptr);
  F.col = malloc ((nnz + 1) * sizeof *F.col);
  F.val = malloc ((nnz + 1) * sizeof *F.val);
  for (long i = 0; i <= n; i++)
    F.rowptr[i] = (uint32_t) B->rowptr[i];
  for (int64_t p = 0; p < nnz; p++)
    {
      F.col[p] = (uint32_t) B->col[p];
      F.val[p] = (float) B->val[p];
    }
  float *fx = malloc (n * sizeof *fx), *fy = malloc (n * sizeof *fy);
  float *fr = malloc (n * sizeof *fr);
  sf_test_fill_float (fx, n);
  fspmv_ref (&F, fx, fr);
  fspmv_ann (&F, fx, fy);
  snprintf (name, sizeof name, "float spmv %s, %d threads", what, threads);
  sf_test_compare_float (name, fy, fr, n, 1e-5);

  /* Loose arrays from 1.  */
  long *rowstr = malloc ((n + 2) * sizeof *rowstr);
  int *colidx = malloc ((nnz + 1) * sizeof *colidx);
  double *a = malloc ((nnz + 1) * sizeof *a);
  double *p1 = malloc ((n + 1) * sizeof *p1), *w = malloc ((n + 1) * sizeof *w);
  double *wr = malloc ((n + 1) * sizeof *wr);
  for (long i = 0; i <= n; i++)
    rowstr[i + 1] = B->rowptr[i] + 1;
  for (int64_t q = 0; q < nnz; q++)
    {
      colidx[q + 1] = B->col[q] + 1;
      a[q + 1] = B->val[q];
    }
  memcpy (p1 + 1, x, n * sizeof *x);
  loose_ref (n, rowstr, colidx, a, p1, wr);
  loose_ann (n, rowstr, colidx, a, p1, w);
  snprintf (name, sizeof name, "loose from 1 %s, %d threads", what, threads);
  sf_test_compare (name, w + 1, wr + 1, n, 1e-12);

  free (rowstr);
  free (colidx);
  free (a);
  free (p1);
  free (w);
  free (wr);
  free (F.rowptr);
  free (F.col);
  free (F.val);
  free (fx);
  free (fy);
  free (fr);
  free (C->colptr);
  free (C->row);
  free (C->val);
  free (C);
  free (x);
  free (y);
  free (y2);
  free (r);
  free (z);
  free (zr);
}

#ifdef HARM_SMALL_CACHE
#include <stdlib.h>
#include "sparsefuse.h"
/* The last-level cache the generated code reads made 1 KiB, before its
   first call (the runtime reads it once).  */
static void
small_cache (void)
{
  setenv ("SPARSEFUSE_LLC_BYTES", "1024", 1);
  if (sf_llc_bytes () != 1024)
    {
      printf ("FAIL: the runtime reads a cache of %lld bytes, not 1024\n",
	      (long long) sf_llc_bytes ());
      exit (1);
    }
}
#define HARM_PATHS_SETUP small_cache ()
#endif

#ifndef HARM_PATHS_SETUP
#define HARM_PATHS_SETUP ((void) 0)
#endif

int
main (void)
{
  HARM_PATHS_SETUP;
  static const struct { int64_t n; int lo, hi; const char *what; } cases[] = {
    { 1, 0, 1, "one row" },
    { 7, 0, 3, "7 rows of 0-3" },
    { 300, 1, 7, "short rows" },
    { 300, 1, 19, "rows of 1-19" },
    { 200, 30, 60, "long rows" },
    { 2000, 0, 40, "mixed rows" },
  };
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++)
    {
      struct mat *B = rows_between (cases[c].n, cases[c].lo, cases[c].hi);
      for (int threads = 1; threads <= 2; threads++)
	check_one (B, threads, cases[c].what);
      free_mat (B);
    }
  return sf_test_status ();
}
