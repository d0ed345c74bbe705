/* Fused regions (docs/fusion.md) whose annotations the checker cannot
   all verify: the fused code is compared, on its first run, with both
   statements.  T(i,k) = B(i,j) * C(j,k) then A(i,l) = T(i,k) * D(k,l),
   fused as one program, three ways:
     first_right   the first statement not verified (it calls 'twice'),
                   its annotation right: agrees, nothing printed;
     first_wrong   the same, its loop doubles C: one line, and the
                   loops' result on every call;
     second_wrong  the second statement not verified and wrong.
   Each runs three times against its unannotated copy, with other C each
   time; then a copy of first_wrong from two threads at once, each with
   its own output (one line).  */

#include <omp.h>
#include "first-run-capture.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

static double twice_impl (double v) { return 2 * v; }
__attribute__ ((const)) double twice (double)
  __attribute__ ((alias ("twice_impl")));

#define SPMM(TERM)							\
  for (int i = 0; i < B->n; i++)					\
    for (int k = 0; k < K; k++)						\
      {									\
	T[i][k] = 0;							\
	for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	  T[i][k] += B->vals[p] * (TERM);				\
      }
#define GEMM(TERM)							\
  for (int i = 0; i < B->n; i++)					\
    for (int l = 0; l < L; l++)						\
      {									\
	A[i][l] = 0;							\
	for (int k = 0; k < K; k++)					\
	  A[i][l] += T[i][k] * (TERM);					\
      }
#define PARAMS (const struct csr *B, int K, int L, double (*C)[K],	\
		double (*D)[L], double (*A)[L])
#define TWO(NAME, PRAGMA1, TERM1, PRAGMA2, TERM2)			\
  static void NAME##_ann PARAMS						\
  { double T[B->n][K]; PRAGMA1 SPMM (TERM1) PRAGMA2 GEMM (TERM2) }	\
  static void NAME##_ref PARAMS						\
  { double T[B->n][K]; SPMM (TERM1) GEMM (TERM2) }
#define P1 _Pragma ("tensor T(i,k) = B(i,j) * C(j,k)")
#define P2 _Pragma ("tensor A(i,l) = T(i,k) * D(k,l)")
#define C_JK C[B->crd[p]][k]

TWO (first_right, P1, twice (C_JK) * 0.5, P2, D[k][l])
TWO (first_wrong, P1, twice (C_JK), P2, D[k][l])
TWO (second_wrong, P1, C_JK, P2, twice (D[k][l]))
TWO (first_wrong_mt, P1, twice (C_JK), P2, D[k][l])

int
main (void)
{
  enum { N = 30, M = 25, K = 4, L = 3 };
  struct csr B;
  B.n = N, B.m = M;
  sf_test_pattern_int (N, M, 0.25, &B.pos, &B.crd, &B.vals);
  double C[M][K], D[K][L], A1[N][L], A2[N][L];
  sf_test_fill (&D[0][0], K * L);
  char what[64];
  fr_capture ();
  for (int round = 0; round < 3; round++)
    {
      sf_test_fill (&C[0][0], M * K);
      first_right_ann (&B, K, L, C, D, A1);
      first_right_ref (&B, K, L, C, D, A2);
      snprintf (what, sizeof what, "first_right, call %d", round);
      sf_test_compare (what, &A1[0][0], &A2[0][0], N * L, 1e-12);
      first_wrong_ann (&B, K, L, C, D, A1);
      first_wrong_ref (&B, K, L, C, D, A2);
      snprintf (what, sizeof what, "first_wrong, call %d", round);
      sf_test_compare (what, &A1[0][0], &A2[0][0], N * L, 0);
      second_wrong_ann (&B, K, L, C, D, A1);
      second_wrong_ref (&B, K, L, C, D, A2);
      snprintf (what, sizeof what, "second_wrong, call %d", round);
      sf_test_compare (what, &A1[0][0], &A2[0][0], N * L, 0);
    }
  double At[2][2][N][L];
  int fails = 0;
#pragma omp parallel num_threads(2) reduction(+: fails)
  {
    int t = omp_get_thread_num ();
    for (int round = 0; round < 3; round++)
      {
	first_wrong_mt_ann (&B, K, L, C, D, At[t][0]);
	first_wrong_mt_ref (&B, K, L, C, D, At[t][1]);
	for (int i = 0; i < N; i++)
	  for (int l = 0; l < L; l++)
	    fails += At[t][0][i][l] != At[t][1][i][l];
      }
  }
  if (fails)
    {
      printf ("FAIL two threads: %d values differ\n", fails);
      sf_test_failures++;
    }
  else
    printf ("ok two threads\n");
  fr_release (3);
  return sf_test_status ();
}

