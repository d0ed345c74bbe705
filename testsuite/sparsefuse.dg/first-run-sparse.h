/* The first-run check of a sparse output (SDDMM into B's pattern): the
   values copied, compared and restored are the output's own, as many as
   its pos array counts (here 1-based, legacy CSR).  A right annotation
   agrees; a wrong one prints one line and gives the loop's result, over
   three calls; a copy of it called from two threads at once, each with
   its own output, prints one line too.  */

#include <omp.h>
#include "first-run-capture.h"

struct fcsr { int n, m; int *ia, *ja; double *a; };
#pragma tensor format struct fcsr dims(n, m) levels(dense, compressed(ia, ja)) values(a) base(1)

static double twice_impl (double v) { return 2 * v; }
__attribute__ ((const)) double twice (double)
  __attribute__ ((alias ("twice_impl")));

#define SDDMM(TERM)							\
  for (int i = 0; i < B->n; i++)					\
    for (int p = B->ia[i] - 1; p < B->ia[i + 1] - 1; p++)		\
      {									\
	double s = 0;							\
	for (int k = 0; k < K; k++)					\
	  s += C[i][k] * D[B->ja[p] - 1][k];				\
	A->a[p] = (TERM);						\
      }
#define PARAMS (struct fcsr *A, struct fcsr *B, int K, double (*C)[K],	\
		double (*D)[K])
#define P _Pragma ("tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)")
static void right_ann PARAMS { P SDDMM (twice (B->a[p]) * 0.5 * s) }
static void right_ref PARAMS { SDDMM (twice (B->a[p]) * 0.5 * s) }
static void wrong_ann PARAMS { P SDDMM (twice (B->a[p]) * s) }
static void wrong_ref PARAMS { SDDMM (twice (B->a[p]) * s) }
static void wrong_mt_ann PARAMS { P SDDMM (twice (B->a[p]) * s) }

int
main (void)
{
  enum { N = 30, M = 20, K = 5 };
  int *rp, *ci;
  double *v;
  long nnz = sf_test_pattern_int (N, M, 0.3, &rp, &ci, &v);
  /* From 1, as the format says.  */
  for (int i = 0; i <= N; i++)
    rp[i]++;
  for (long e = 0; e < nnz; e++)
    ci[e]++;
  struct fcsr B = { N, M, rp, ci, v };
  double *o1 = malloc ((nnz + 1) * sizeof (double));
  double *o2 = malloc ((nnz + 1) * sizeof (double));
  struct fcsr A1 = { N, M, rp, ci, o1 }, A2 = { N, M, rp, ci, o2 };
  double C[N][K], D[M][K];
  sf_test_fill (&D[0][0], M * K);
  char what[64];
  fr_capture ();
  for (int round = 0; round < 3; round++)
    {
      sf_test_fill (&C[0][0], N * K);
      right_ann (&A1, &B, K, C, D);
      right_ref (&A2, &B, K, C, D);
      snprintf (what, sizeof what, "right, call %d", round);
      sf_test_compare (what, o1, o2, nnz, 1e-12);
      wrong_ann (&A1, &B, K, C, D);
      wrong_ref (&A2, &B, K, C, D);
      snprintf (what, sizeof what, "wrong, call %d", round);
      sf_test_compare (what, o1, o2, nnz, 0);
    }
  double *ot[2][2];
  int fails = 0;
#pragma omp parallel num_threads(2) reduction(+: fails)
  {
    int t = omp_get_thread_num ();
    ot[t][0] = malloc ((nnz + 1) * sizeof (double));
    ot[t][1] = malloc ((nnz + 1) * sizeof (double));
    struct fcsr At = { N, M, rp, ci, ot[t][0] }, Ar = { N, M, rp, ci, ot[t][1] };
    for (int round = 0; round < 3; round++)
      {
	wrong_mt_ann (&At, &B, K, C, D);
	wrong_ref (&Ar, &B, K, C, D);
	for (long e = 0; e < nnz; e++)
	  fails += ot[t][0][e] != ot[t][1][e];
      }
  }
  if (fails)
    {
      printf ("FAIL two threads: %d values differ\n", fails);
      sf_test_failures++;
    }
  else
    printf ("ok two threads\n");
  fr_release (2);
  return sf_test_status ();
}

