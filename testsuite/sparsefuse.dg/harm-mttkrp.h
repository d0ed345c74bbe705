/* MTTKRP written the tidy way (bench/harm/mttkrp_d.c): the arrays hoisted
   into locals and the row of A into a pointer, over a CSF-3 struct of its own; the plugin
   accumulates each row of A in a workspace of its own (one per thread)
   and prefetches the arrays of the i fibers' entries when they are
   larger than half the cache.  Each annotated call against its
   unannotated copy at one and two threads, on inputs too small for
   threads and large enough for them.  Included by harm-mttkrp.c (-O2),
   harm-mttkrp-O0.c and harm-mttkrp-O3.c; by harm-mttkrp-streams.c with
   HARM_SMALL_CACHE (main first makes the cache the generated code reads
   1 KiB: the prefetching copies run).  A copy of the row loop for one
   thread made without its workspace (opt/unswitch.c) once crashed here
   at one thread.  */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
#define omp_set_num_threads(n) ((void) (n))
#endif
#include "sf-test.h"

struct csf3
{
  int64_t dims[3];
  int64_t *fptr0, *fptr1, *fptr2;
  int32_t *fids0, *fids1, *fids2;
  double *vals;
};
#pragma tensor format struct csf3 dims(dims[0], dims[1], dims[2]) levels(compressed(fptr0, fids0), compressed(fptr1, fids1), compressed(fptr2, fids2)) values(vals)

#define MTTKRP_BODY(B, R, C, D, A)					\
  const int64_t ni = B->dims[0];					\
  const int64_t *fptr0 = B->fptr0, *fptr1 = B->fptr1, *fptr2 = B->fptr2; \
  const int32_t *fids0 = B->fids0, *fids1 = B->fids1, *fids2 = B->fids2; \
  const double *vals = B->vals;						\
  PRAGMA								\
  {									\
    for (int64_t i = 0; i < ni; i++)					\
      for (int64_t r = 0; r < R; r++)					\
	A[i][r] = 0.0;							\
    for (int64_t pi = fptr0[0]; pi < fptr0[1]; pi++)			\
      {									\
	double *a = A[fids0[pi]];					\
	for (int64_t pj = fptr1[pi]; pj < fptr1[pi + 1]; pj++)		\
	  {								\
	    const double *c = C[fids1[pj]];				\
	    for (int64_t pk = fptr2[pj]; pk < fptr2[pj + 1]; pk++)	\
	      {								\
		const double v = vals[pk];				\
		const double *d = D[fids2[pk]];				\
		for (int64_t r = 0; r < R; r++)				\
		  a[r] += v * c[r] * d[r];				\
	      }								\
	  }								\
      }									\
  }

static void
mttkrp_ann (const struct csf3 *B, int64_t R, double (*C)[R], double (*D)[R],
	    double (*A)[R])
{
#define PRAGMA _Pragma ("tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)")
  MTTKRP_BODY (B, R, C, D, A)
#undef PRAGMA
}

static void
mttkrp_ref (const struct csf3 *B, int64_t R, double (*C)[R], double (*D)[R],
	    double (*A)[R])
{
#define PRAGMA
  MTTKRP_BODY (B, R, C, D, A)
#undef PRAGMA
}

/* Return an N x N x N CSF-3: each i kept with chance 1/2, each with 1 to
   2 JF - 1 j fibers, each of 1 to 2 KF - 1 entries, coordinates sorted and
   distinct.  */
static struct csf3 *
random_csf3 (int64_t n, int jf, int kf)
{
  struct csf3 *B = calloc (1, sizeof *B);
  B->dims[0] = B->dims[1] = B->dims[2] = n;
  int64_t cap0 = n + 1, cap1 = n * (2 * jf) + 1, cap2 = cap1 * (2 * kf);
  B->fptr0 = malloc (2 * sizeof *B->fptr0);
  B->fids0 = malloc (cap0 * sizeof *B->fids0);
  B->fptr1 = malloc (cap0 * sizeof *B->fptr1);
  B->fids1 = malloc (cap1 * sizeof *B->fids1);
  B->fptr2 = malloc (cap1 * sizeof *B->fptr2);
  B->fids2 = malloc (cap2 * sizeof *B->fids2);
  B->vals = malloc (cap2 * sizeof *B->vals);
  int64_t ni = 0, nj = 0, nk = 0;
  B->fptr1[0] = B->fptr2[0] = 0;
  for (int64_t i = 0; i < n; i++)
    {
      if (sf_test_below (2))
	continue;
      B->fids0[ni++] = (int32_t) i;
      int64_t lenj = 1 + sf_test_below (2 * jf - 1), j = 0;
      for (int64_t t = 0; t < lenj && j < n; t++)
	{
	  j += sf_test_below (3);
	  if (j >= n)
	    break;
	  B->fids1[nj] = (int32_t) j++;
	  int64_t lenk = 1 + sf_test_below (2 * kf - 1), k = 0;
	  for (int64_t u = 0; u < lenk && k < n; u++)
	    {
	      k += sf_test_below (3);
	      if (k >= n)
		break;
	      B->fids2[nk] = (int32_t) k++;
	      B->vals[nk++] = sf_test_value ();
	    }
	  if (B->fptr2[nj] == nk)
	    continue;		/* no entry: no fiber */
	  B->fptr2[++nj] = nk;
	}
      if (B->fptr1[ni - 1] == nj)
	ni--;			/* no fiber: no i */
      else
	B->fptr1[ni] = nj;
    }
  B->fptr0[0] = 0;
  B->fptr0[1] = ni;
  return B;
}

static void
free_csf3 (struct csf3 *B)
{
  free (B->fptr0);
  free (B->fids0);
  free (B->fptr1);
  free (B->fids1);
  free (B->fptr2);
  free (B->fids2);
  free (B->vals);
  free (B);
}

#ifdef HARM_SMALL_CACHE
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
#define HARM_SETUP small_cache ()
#else
#define HARM_SETUP ((void) 0)
#endif

int
main (void)
{
  HARM_SETUP;
  static const struct { int64_t n; int jf, kf, R; const char *what; } cases[]
    = {
    { 5, 2, 2, 3, "tiny" },
    { 60, 3, 4, 8, "small" },
    { 2000, 4, 6, 16, "large enough for threads" },
  };
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++)
    {
      int64_t n = cases[c].n, R = cases[c].R;
      struct csf3 *B = random_csf3 (n, cases[c].jf, cases[c].kf);
      double (*C)[R] = malloc (n * sizeof *C), (*D)[R] = malloc (n * sizeof *D);
      double (*A)[R] = malloc (n * sizeof *A), (*W)[R] = malloc (n * sizeof *W);
      sf_test_fill (&C[0][0], n * R);
      sf_test_fill (&D[0][0], n * R);
      mttkrp_ref (B, R, C, D, W);
      for (int threads = 1; threads <= 2; threads++)
	{
	  char name[128];
	  omp_set_num_threads (threads);
	  for (int64_t e = 0; e < n * R; e++)
	    A[0][e] = __builtin_nan ("");
	  mttkrp_ann (B, R, C, D, A);
	  snprintf (name, sizeof name, "mttkrp %s (%lld entries), %d threads",
		    cases[c].what, (long long) B->fptr2[B->fptr1[B->fptr0[1]]],
		    threads);
	  sf_test_compare (name, &A[0][0], &W[0][0], n * R, 1e-12);
	}
      free (C);
      free (D);
      free (A);
      free (W);
      free_csf3 (B);
    }
  return sf_test_status ();
}
