/* TTMc's run-time choice among four schedules (docs/scheduling.md,
   "What stage 2 keeps"): the single nest, the sums nested along B's
   levels, "B*E first" (a vector over n per fiber (i,j)) and "D*E first"
   (a matrix over (m,n) per slice i, a rank-1 block per entry).  Each is
   the cheapest on tensors of one fiber shape, and each pick, for = and
   +=, under 1 and 2 threads, agrees with the unannotated loop:

     slices i   fibers j per slice   entries k per fiber   pick
        8             10                   20              sums nested
        8            100                    1              D*E first
      100              1                   20              B*E first
      300              1                    1              single nest  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-dispatch=all" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "csf-entries.h"
#include "pick-log.h"

static void set_ann (TTMC_ARGS)
{
#pragma tensor A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)
  TTMC_SET_BODY
}
static void add_ann (TTMC_ARGS)
{
#pragma tensor A(l,m,n) += B(i,j,k) * C(i,l) * D(j,m) * E(k,n)
  {
    TTMC_ADD_BODY
  }
}
static void set_ref (TTMC_ARGS) TTMC_SET_BODY
static void add_ref (TTMC_ARGS) { TTMC_ADD_BODY }

enum { D0 = 307, D1 = 211, D2 = 29 };

/* Return in T a CSF of D0 x D1 x D2 with NI slices, FJ fibers in each
   and EK entries in each fiber, the coordinates spread.  */
static void
shaped_csf (sf_csf *t, int ni, int fj, int ek, uint64_t seed)
{
  sf_coo a;
  sf_error err;
  int64_t dims[] = { D0, D1, D2 };
  gd_check (sf_coo_alloc (3, dims, (int64_t) ni * fj * ek, &a, &err), &err);
  srand ((unsigned) seed);
  int64_t e = 0;
  for (int i = 0; i < ni; i++)
    for (int j = 0; j < fj; j++)
      for (int k = 0; k < ek; k++, e++)
	{
	  a.crd[0][e] = (i * 3 + 1) % D0;
	  a.crd[1][e] = (j * 7 + i) % D1;
	  a.crd[2][e] = (k * 13 + i + 3 * j) % D2;
	  a.vals[e] = rand () / (double) RAND_MAX - 0.5;
	}
  gd_check (sf_coo_to_csf (&a, NULL, t, &err), &err);
  sf_coo_free (&a);
}

int
main (void)
{
  static const struct { int ni, fj, ek, pick; const char *name; } cases[] = {
    { 8, 10, 20, 1, "full fibers" },
    { 8, 100, 1, 3, "thin fibers" },
    { 100, 1, 20, 2, "one fiber a slice" },
    { 300, 1, 1, 0, "one entry a slice" },
  };
  FILE *log = pick_log_open ();
  int64_t L = 6, M = 5, N = 7;
  for (int c = 0; c < 4; c++)
    for (int t = 1; t <= 2; t++)
      {
	omp_set_num_threads (t);
	sf_csf B;
	shaped_csf (&B, cases[c].ni, cases[c].fj, cases[c].ek, 40 + c);
	double *C = gd_dense (D0 * L), *D = gd_dense (D1 * M);
	double *E = gd_dense (D2 * N);
	double *A = gd_dense (L * M * N), *R = GD_DUP (A, L * M * N);
	char what[96];
	snprintf (what, sizeof what, "= (%s, %d threads)", cases[c].name, t);
	long at = ftell (log);
	set_ann (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) A);
	pick_expect (what, pick_read (log, at), cases[c].pick);
	set_ref (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) R);
	gd_compare_norm (what, A, R, L * M * N);
	snprintf (what, sizeof what, "+= (%s, %d threads)", cases[c].name, t);
	at = ftell (log);
	add_ann (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) A);
	pick_expect (what, pick_read (log, at), cases[c].pick);
	add_ref (&B, L, M, N, (void *) C, (void *) D, (void *) E, (void *) R);
	gd_compare_norm (what, A, R, L * M * N);
	free (C), free (D), free (E), free (A), free (R);
	sf_csf_free (&B);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "region \[0-9\] schedule: \[^\n\]*run-time choice among 4 \\\[0 naive, 1 fused, sums nested, 2 fused, B\\*E first, 3 fused, D\\*E first\\\]" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "candidate 24: fused, D\\*E first \\| time \[^\n\]*nnz\\(B\\)\\*M\\*N\[^\n\]*\\| a run-time alternative" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "double (h\[_0-9\]*) = D\\\[oD\[_0-9\]* \\+ m\[_0-9\]*\\\] \\* t_B\[_0-9\]*;\n\[^\n\]*\n\[^\n\]*\n *w_mn\\\[\[^\n\]*\\\] \\+= \\1 \\* E\\\[" 2 "sparsefuse" } } */
