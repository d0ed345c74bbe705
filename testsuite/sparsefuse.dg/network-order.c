/* The tensor network R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) *
   D(j,k,r), every operand CSF: schedule(auto) contracts A and B over p
   first (lower_sched.c, candidate 3: p placed as early as A and B allow,
   order j i p k q r), into a workspace W(q,r) per (j,i) that the rest
   reads for every k.  The workspace keeps sparse indices, so it is as
   large as their extents: the region picks it at run time only when it
   fits in memory(...) and half the last-level cache, else the single
   nest.  Both picks, on every shape of data, under 1 and 2 threads,
   agree with the unannotated loop; SPARSEFUSE_SHOW_PICK's output says
   which ran.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include <string.h>
#include <unistd.h>
#include "gen-data.h"

#define FOR_ENTRIES(B, I, J, K, V)					\
  for (int64_t a_ = (B)->pos[0][0]; a_ < (B)->pos[0][1]; a_++)		\
    for (int64_t b_ = (B)->pos[1][a_]; b_ < (B)->pos[1][a_ + 1]; b_++)	\
      for (int64_t c_ = (B)->pos[2][b_], I = (B)->crd[0][a_],		\
	   J = (B)->crd[1][b_]; c_ < (B)->pos[2][b_ + 1]; c_++)		\
	for (int64_t K = (B)->crd[2][c_], once_ = 1; once_; once_ = 0)	\
	  for (double V = (B)->vals[c_]; once_; once_ = 0)

/* T(i,j,k), or 0.  */
static double __attribute__ ((pure))
csf_get (const sf_csf *T, int64_t i, int64_t j, int64_t k)
{
  for (int64_t a = T->pos[0][0]; a < T->pos[0][1]; a++)
    if (T->crd[0][a] == i)
      for (int64_t b = T->pos[1][a]; b < T->pos[1][a + 1]; b++)
	if (T->crd[1][b] == j)
	  for (int64_t c = T->pos[2][b]; c < T->pos[2][b + 1]; c++)
	    if (T->crd[2][c] == k)
	      return T->vals[c];
  return 0;
}

#define NET_BODY							\
  {									\
    for (int64_t x = 0; x < NI * NJ * NK; x++)				\
      R[x / (NJ * NK)][x / NK % NJ][x % NK] = 0;			\
    FOR_ENTRIES (A, i, p, q, va)					\
      FOR_ENTRIES (B, j, p2, r, vb)					\
	if (p2 == p)							\
	  for (int64_t k = 0; k < NK; k++)				\
	    R[i][j][k] += va * vb * csf_get (C, k, q, r)		\
			  * csf_get (D, j, k, r);			\
  }
#define ARGS const sf_csf3 *A, const sf_csf3 *B, const sf_csf3 *C,	\
	     const sf_csf3 *D, int64_t NI, int64_t NJ, int64_t NK,	\
	     double (*R)[NJ][NK], long cap
static void net (ARGS)
{
#pragma tensor R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r) memory(cap)
  NET_BODY
}
static void net_ref (ARGS) NET_BODY

static void
make_csf (sf_csf *t, int64_t d0, int64_t d1, int64_t d2, int shape,
	  uint64_t seed)
{
  sf_coo a;
  sf_error err;
  gd_coo (&a, 3, (int64_t[]) { d0, d1, d2 }, shape, seed);
  gd_check (sf_coo_to_csf (&a, NULL, t, &err), &err);
  sf_coo_free (&a);
}

int
main (void)
{
  setenv ("SPARSEFUSE_SHOW_PICK", "1", 1);
  printf ("last-level cache: %lld bytes\n", (long long) sf_llc_bytes ());
  char path[] = "/tmp/sf-network-XXXXXX";
  int fd = mkstemp (path);
  if (fd < 0 || !freopen (path, "w", stderr))
    return 2;
  FILE *log = fopen (path, "r");
  unlink (path);
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    for (int t = 1; t <= 2; t++)
      for (int small = 0; small < 2; small++)
	{
	  omp_set_num_threads (t);
	  int64_t n = 9;
	  sf_csf A, B, C, D;
	  make_csf (&A, n, n + 1, n + 2, shape, 7 + shape);
	  make_csf (&B, n + 1, n + 1, n, GD_RANDOM, 8 + shape);
	  make_csf (&C, n + 2, n + 2, n, (shape + 3) % GD_NSHAPES, 9 + shape);
	  make_csf (&D, n + 1, n + 2, n, GD_DENSE, 10 + shape);
	  int64_t NI = n, NJ = n + 1, NK = n + 2, size = NI * NJ * NK;
	  double *R = gd_dense (size), *W = GD_DUP (R, size);
	  /* W(q,r) holds (n + 2) * n doubles.  */
	  long cap = small ? 8 * (n + 2) * n - 1 : 1L << 20;
	  long before = ftell (log);
	  net (&A, &B, &C, &D, NI, NJ, NK, (void *) R, cap);
	  fflush (stderr);
	  net_ref (&A, &B, &C, &D, NI, NJ, NK, (void *) W, cap);
	  char what[64];
	  snprintf (what, sizeof what, "network (%s, %d threads, cap %ld)",
		    gd_shape_names[shape], t, cap);
	  gd_compare_norm (what, R, W, size);
	  char line[512] = "";
	  fseek (log, before, SEEK_SET);
	  const char *at = fgets (line, sizeof line, log)
			   ? strstr (line, ": schedule ") : NULL;
	  int got = at ? atoi (at + strlen (": schedule ")) : -1;
	  if (got != !small)
	    {
	      printf ("FAIL %s: picked %d\n", what, got);
	      sf_test_failures++;
	    }
	  free (R), free (W);
	  sf_csf_free (&A), sf_csf_free (&B), sf_csf_free (&C);
	  sf_csf_free (&D);
	}
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: forall j \\(merge B compressed, D compressed\\) forall i \\(A compressed\\) forall p \\(merge A compressed, B compressed\\) forall k \[^\n\]*\\| where w_qr: rank 2, size \\|q\\|\\*\\|r\\|, heap, fused over j i \\| schedule fused \[^\n\]*\\| run-time choice among 2 \\\[0 naive, 1 fused, inner sums first\\\]: 1 when its workspaces fit in half the last-level cache and memory\\(\\.\\.\\.\\), else 0" 1 "sparsefuse" } } */
