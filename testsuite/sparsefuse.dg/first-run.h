/* The first-run check (docs/verify.md, "The first run"): regions whose
   annotation the checker cannot run (the loop calls 'twice', an alias
   with no body of its own) compare their code with the statement the
   first time they run.  Each annotated function runs against its
   unannotated copy, several times: correct annotations (double, float)
   agree; wrong ones (double, int, float) print one line on stderr at
   their first run and give the loop's result on every run; one called
   first with data its entry test refuses (a coordinate outside its
   dims) checks on the first call that passes the test; and a pair called
   from two threads at once prints its line once.  The program captures
   its own stderr and counts the lines per region.  */

#include <omp.h>
#include "first-run-capture.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct icsr { int n, m; int *rowptr, *colidx; int *vals; };
#pragma tensor format struct icsr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct fcsr { int n, m; int *rowptr, *colidx; float *vals; };
#pragma tensor format struct fcsr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static double twice_impl (double v) { return 2 * v; }
static int inc_impl (int v) { return v + 1; }
/* Calls the checker cannot run: aliases have no body of their own.  */
__attribute__ ((const)) double twice (double)
  __attribute__ ((alias ("twice_impl")));
__attribute__ ((const)) int inc (int) __attribute__ ((alias ("inc_impl")));

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

#define ROWS(B, TERM)							\
  for (int i = 0; i < (B)->n; i++)					\
    {									\
      double s = 0;							\
      for (int p = (B)->rowptr[i]; p < (B)->rowptr[i + 1]; p++)		\
	s += (B)->vals[p] * (TERM);					\
      y[i] = s;								\
    }

#define SPMV (const struct csr *B, const double *x, double *y)
#define P_SPMV _Pragma ("tensor y(i) = B(i,j) * x(j)")
TWINS (right, SPMV, P_SPMV, ROWS (B, twice (x[B->colidx[p]]) * 0.5))
TWINS (wrong, SPMV, P_SPMV, ROWS (B, twice (x[B->colidx[p]])))
TWINS (guarded, SPMV, P_SPMV, ROWS (B, twice (x[B->colidx[p]])))
TWINS (right_mt, SPMV, P_SPMV, ROWS (B, twice (x[B->colidx[p]]) * 0.5))
TWINS (wrong_mt, SPMV, P_SPMV, ROWS (B, twice (x[B->colidx[p]])))

TWINS (wrong_int, (const struct icsr *B, const int *x, int *y),
       _Pragma ("tensor y(i) = B(i,j) * x(j)"),
       for (int i = 0; i < B->n; i++)
	 {
	   int s = 0;
	   for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	     s += B->vals[p] * inc (x[B->colidx[p]]);
	   y[i] = s;
	 })

#define FROWS(TERM)							\
  for (int i = 0; i < B->n; i++)					\
    {									\
      float s = 0;							\
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)		\
	s += B->vals[p] * (TERM);					\
      y[i] = s;								\
    }
#define FSPMV (const struct fcsr *B, const float *x, float *y)
TWINS (right_float, FSPMV, P_SPMV,
       FROWS ((float) twice (x[B->colidx[p]]) * 0.5f))
TWINS (wrong_float, FSPMV, P_SPMV,
       FROWS ((float) twice (x[B->colidx[p]]) + 1.0f))

int
main (void)
{
  enum { N = 60, M = 45 };
  struct csr B;
  B.n = N, B.m = M;
  long nnz = sf_test_pattern_int (N, M, 0.2, &B.rowptr, &B.colidx, &B.vals);
  double x[M], y1[N], y2[N];
  sf_test_fill (x, M);
  struct icsr I = { N, M, B.rowptr, B.colidx, malloc ((nnz + 1) * sizeof (int)) };
  int xi[M], yi1[N], yi2[N];
  for (long e = 0; e < nnz; e++)
    I.vals[e] = (int) sf_test_below (7) - 3;
  for (int j = 0; j < M; j++)
    xi[j] = (int) sf_test_below (9) - 4;
  struct fcsr F = { N, M, B.rowptr, B.colidx, malloc ((nnz + 1) * sizeof (float)) };
  float xf[M], yf1[N], yf2[N];
  for (long e = 0; e < nnz; e++)
    F.vals[e] = (float) B.vals[e];
  sf_test_fill_float (xf, M);

  fr_capture ();
  char what[64];
  for (int round = 0; round < 3; round++)
    {
      /* Each round other values: the state stays.  */
      x[round] += 1;
      xi[round] += 1;
      xf[round] += 1;
      right_ann (&B, x, y1);
      right_ref (&B, x, y2);
      snprintf (what, sizeof what, "right, call %d", round);
      sf_test_compare (what, y1, y2, N, 1e-12);
      wrong_ann (&B, x, y1);
      wrong_ref (&B, x, y2);
      snprintf (what, sizeof what, "wrong, call %d", round);
      sf_test_compare (what, y1, y2, N, 0);
      wrong_int_ann (&I, xi, yi1);
      wrong_int_ref (&I, xi, yi2);
      for (int i = 0; i < N; i++)
	y1[i] = yi1[i], y2[i] = yi2[i];
      snprintf (what, sizeof what, "wrong_int, call %d", round);
      sf_test_compare (what, y1, y2, N, 0);
      right_float_ann (&F, xf, yf1);
      right_float_ref (&F, xf, yf2);
      snprintf (what, sizeof what, "right_float, call %d", round);
      sf_test_compare_float (what, yf1, yf2, N, 1e-5);
      wrong_float_ann (&F, xf, yf1);
      wrong_float_ref (&F, xf, yf2);
      snprintf (what, sizeof what, "wrong_float, call %d", round);
      sf_test_compare_float (what, yf1, yf2, N, 0);
    }

  /* The entry test refuses B with its last column outside its dims (the
     statement runs, the check waits), then B itself.  */
  int last = B.colidx[nnz - 1];
  struct csr S = B;
  S.m = last;
  for (int round = 0; round < 4; round++)
    {
      const struct csr *b = round < 2 ? &S : &B;
      guarded_ann (b, x, y1);
      guarded_ref (b, x, y2);
      snprintf (what, sizeof what, "guarded, call %d", round);
      sf_test_compare (what, y1, y2, N, 0);
    }

  /* Two threads at once, each with its own output.  */
  double ym[2][2][N];
  int fails = 0;
#pragma omp parallel num_threads(2) reduction(+: fails)
  {
    int t = omp_get_thread_num ();
    for (int round = 0; round < 3; round++)
      {
	right_mt_ann (&B, x, ym[t][0]);
	right_mt_ref (&B, x, ym[t][1]);
	for (int i = 0; i < N; i++)
	  fails += fabs (ym[t][0][i] - ym[t][1][i]) > 1e-12;
	wrong_mt_ann (&B, x, ym[t][0]);
	wrong_mt_ref (&B, x, ym[t][1]);
	for (int i = 0; i < N; i++)
	  fails += ym[t][0][i] != ym[t][1][i];
      }
  }
  if (fails)
    {
      printf ("FAIL two threads: %d values differ\n", fails);
      sf_test_failures++;
    }
  else
    printf ("ok two threads\n");
  fr_release (5);
  return sf_test_status ();
}
