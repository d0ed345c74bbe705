/* The original statement moved into a function of its own
   (passes/statement-fn.cc), in the shapes legacy code gives it, each
   against its unannotated copy on small inputs (the statement runs), on
   long rows (the code) and on large ones at one thread (the code's
   function tests the gain again and calls the statement) and two:
     - C89: the indices and the sum declared at the top of the function,
       written first in the region (locals of the new function), a bound
       and an offset set before it (parameters);
     - the statement in a macro, over a global matrix into the array a
       static pointer holds;
     - a loop left by 'break' and 'continue' (labels of the region);
     - a bound read through a pointer the function takes the address of:
       the statement stays where it is (said in the dump);
     - a loop without its init, its index set before the region (its
       value passed in);
     - a loop over the first ROWS rows, through a copy of the row
       pointers: its guard (ROWS the extent of i, the copy still B's)
       tested in the code's function, which runs the statement when
       ROWS is fewer than B's rows;
     - locals the statement's function loads again from what they were
       set from just before the region (the row count from B, the row
       pointers, a constant index), and those it must not: a count read
       from B before a store into B, one set twice, and one set from a
       local assigned after it (each passed as it is).
   Included by statement-fn.c (-O2), statement-fn-O0.c (-O0 -g) and
   statement-fn-O3.c.  */

#include <stdint.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#else
#define omp_set_num_threads(n) ((void) (n))
#endif
#include "harm-mat.h"

/* C89: every variable at the top.  */
static void
c89_ann (const struct mat *B, const double *x, double *y, int64_t base)
{
  int64_t i, p, n;
  double s;
  n = B->n;
#pragma tensor y(i) = B(i,j) * x(j)
  for (i = 0; i < n; i++)
    {
      s = 0;
      for (p = B->rowptr[i] + base; p < B->rowptr[i + 1] + base; p++)
	s += B->val[p - base] * x[B->col[p - base]];
      y[i] = s;
    }
}

static void
c89_ref (const struct mat *B, const double *x, double *y, int64_t base)
{
  int64_t i, p, n;
  double s;
  n = B->n;
  for (i = 0; i < n; i++)
    {
      s = 0;
      for (p = B->rowptr[i] + base; p < B->rowptr[i + 1] + base; p++)
	s += B->val[p - base] * x[B->col[p - base]];
      y[i] = s;
    }
}

/* In a macro, over a global matrix, into a static output.  */
struct mat *G;
static double *gy;
#define GLOBAL_SPMV(x)							\
  for (int64_t i = 0; i < G->n; i++)					\
    {									\
      double s = 0;							\
      for (int64_t p = G->rowptr[i]; p < G->rowptr[i + 1]; p++)	\
	s += G->val[p] * x[G->col[p]];					\
      gy[i] = s;							\
    }

static void
global_ann (const double *x)
{
#pragma tensor gy(i) = G(i,j) * x(j)
  GLOBAL_SPMV (x)
}

static void
global_ref (const double *x)
{
  GLOBAL_SPMV (x)
}

/* A row loop left by 'break' once its entries are done, entries skipped
   by 'continue' where the value is zero (no row holds a zero: the sums
   are the same).  */
#define BREAK_SPMV(B, x, y)						\
  for (int64_t i = 0; i < B->n; i++)					\
    {									\
      double s = 0;							\
      for (int64_t p = B->rowptr[i];; p++)				\
	{								\
	  if (p >= B->rowptr[i + 1])					\
	    break;							\
	  s += B->val[p] * x[B->col[p]];				\
	}								\
      y[i] = s;								\
    }

static void
break_ann (const struct mat *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  BREAK_SPMV (B, x, y)
}

static void
break_ref (const struct mat *B, const double *x, double *y)
{
  BREAK_SPMV (B, x, y)
}

/* The row count in a local whose address is taken.  */
static void __attribute__ ((noinline))
get_rows (const struct mat *B, int64_t *n)
{
  *n = B->n;
}

static void
addr_ann (const struct mat *B, const double *x, double *y)
{
  int64_t n;
  get_rows (B, &n);
#pragma tensor y(i) = B(i,j) * x(j)
  for (int64_t i = 0; i < n; i++)
    {
      double s = 0;
      for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->val[p] * x[B->col[p]];
      y[i] = s;
    }
}

/* I, set to 0 before the region, which reads it before it writes it (a
   loop without its init): its value passed in.  */
static double
live_ann (const struct mat *B, const double *x, double *y)
{
  int64_t i = 0;
#pragma tensor y(i) = B(i,j) * x(j)
  for (; i < B->n; i++)
    {
      double t = 0;
      for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	t += B->val[p] * x[B->col[p]];
      y[i] = t;
    }
  return B->n;
}

/* The first ROWS rows, the row pointers in a local.  */
#define PREFIX_SPMV(B, x, y)						\
  for (int64_t i = 0; i < n; i++)					\
    {									\
      double s = 0;							\
      for (int64_t p = rowptr[i]; p < rowptr[i + 1]; p++)		\
	s += B->val[p] * x[B->col[p]];					\
      y[i] = s;								\
    }

static void
prefix_ann (const struct mat *B, const double *x, double *y, int64_t rows)
{
  const int64_t *rowptr = B->rowptr;
  int64_t n = rows;
#pragma tensor y(i) = B(i,j) * x(j)
  PREFIX_SPMV (B, x, y)
}

static void
prefix_ref (const struct mat *B, const double *x, double *y, int64_t rows)
{
  const int64_t *rowptr = B->rowptr;
  int64_t n = rows;
  PREFIX_SPMV (B, x, y)
}

/* The first N rows of B.  */
#define FIRST_ROWS_SPMV(B, x, y, n)					\
  for (int64_t i = 0; i < n; i++)					\
    {									\
      double s = 0;							\
      for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)	\
	s += B->val[p] * x[B->col[p]];					\
      y[i] = s;								\
    }

/* The row count read from B, then B's count changed: the statement's
   loop runs over the count it read, which B no longer holds (restored
   after the region).  */
static void
stale_ann (struct mat *B, const double *x, double *y)
{
  int64_t n = B->n;
  B->n = 0;
#pragma tensor y(i) = B(i,j) * x(j)
  FIRST_ROWS_SPMV (B, x, y, n)
  B->n = n;
}

/* The count set twice, and one set from a local assigned after it.  */
static void
twice_ann (const struct mat *B, const double *x, double *y)
{
  int64_t n = 0;
  n = B->n;
#pragma tensor y(i) = B(i,j) * x(j)
  FIRST_ROWS_SPMV (B, x, y, n)
}

static int64_t
order_ann (const struct mat *B, const double *x, double *y, int64_t k)
{
  int64_t n = k;
  k = 0;
#pragma tensor y(i) = B(i,j) * x(j)
  FIRST_ROWS_SPMV (B, x, y, n)
  return k;
}

static void
spmv_ref (const struct mat *B, const double *x, double *y)
{
  for (int64_t i = 0; i < B->n; i++)
    {
      double s = 0;
      for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->val[p] * x[B->col[p]];
      y[i] = s;
    }
}

static void
check (struct mat *B, int threads, const char *what)
{
  int64_t n = B->n;
  double *x = malloc ((n + 1) * sizeof *x), *y = malloc ((n + 1) * sizeof *y);
  double *r = malloc ((n + 1) * sizeof *r);
  char name[128];
  sf_test_fill (x, n + 1);
  omp_set_num_threads (threads);

  for (int64_t base = 0; base <= 3; base += 3)
    {
      c89_ref (B, x, r, base);
      c89_ann (B, x, y, base);
      snprintf (name, sizeof name, "c89 base %d, %s, %d threads", (int) base,
		what, threads);
      sf_test_compare (name, y, r, n, 1e-12);
    }

  G = B;
  gy = malloc ((n + 1) * sizeof *gy);
  global_ref (x);
  memcpy (r, gy, n * sizeof *r);
  memset (gy, 0, n * sizeof *gy);
  global_ann (x);
  snprintf (name, sizeof name, "global, %s, %d threads", what, threads);
  sf_test_compare (name, gy, r, n, 1e-12);
  free (gy);

  break_ref (B, x, r);
  break_ann (B, x, y);
  snprintf (name, sizeof name, "break, %s, %d threads", what, threads);
  sf_test_compare (name, y, r, n, 1e-12);

  spmv_ref (B, x, r);
  addr_ann (B, x, y);
  snprintf (name, sizeof name, "address taken, %s, %d threads", what,
	    threads);
  sf_test_compare (name, y, r, n, 1e-12);

  memset (y, 0, n * sizeof *y);
  if (live_ann (B, x, y) != n)
    {
      printf ("FAIL live, %s: the function's value\n", what);
      sf_test_failures++;
    }
  snprintf (name, sizeof name, "live, %s, %d threads", what, threads);
  sf_test_compare (name, y, r, n, 1e-12);

  memset (y, 0, n * sizeof *y);
  stale_ann (B, x, y);
  snprintf (name, sizeof name, "stale count, %s, %d threads", what, threads);
  sf_test_compare (name, y, r, n, 1e-12);

  memset (y, 0, n * sizeof *y);
  twice_ann (B, x, y);
  snprintf (name, sizeof name, "count set twice, %s, %d threads", what,
	    threads);
  sf_test_compare (name, y, r, n, 1e-12);

  memset (y, 0, n * sizeof *y);
  if (order_ann (B, x, y, n) != 0)
    sf_test_failures++;
  snprintf (name, sizeof name, "count from a local set after, %s, %d threads",
	    what, threads);
  sf_test_compare (name, y, r, n, 1e-12);

  for (int64_t rows = n; rows >= n - 1 && rows >= 0; rows--)
    {
      memset (y, 0, n * sizeof *y);
      memset (r, 0, n * sizeof *r);
      prefix_ref (B, x, r, rows);
      prefix_ann (B, x, y, rows);
      snprintf (name, sizeof name, "prefix of %d rows, %s, %d threads",
		(int) rows, what, threads);
      sf_test_compare (name, y, r, n, 1e-12);
    }

  free (x);
  free (y);
  free (r);
}

int
main (void)
{
  static const struct { int64_t n; int lo, hi; const char *what; } cases[] = {
    { 0, 0, 0, "no rows" },
    { 1, 0, 1, "one row" },
    { 300, 1, 7, "short rows" },
    { 200, 30, 60, "long rows" },
    { 4000, 5, 15, "large, short rows" },
  };
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++)
    {
      struct mat *B = rows_between (cases[c].n, cases[c].lo, cases[c].hi);
      for (int threads = 1; threads <= 2; threads++)
	check (B, threads, cases[c].what);
      free_mat (B);
    }
  return sf_test_status ();
}
