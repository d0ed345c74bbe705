/* The gain test over tensors held in static and global variables (the
   matrix a file-scope struct, the vectors global pointers), as legacy
   codes keep them: inputs on both sides of the test (rows short and long), the
   annotated function against its unannotated copy, at one and two
   threads.  Included by gain-global.c (-O2) and gain-global-O0.c
   (-O0 -g).  */

#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#else
#define omp_set_num_threads(n) ((void) (n))
#endif
#include "harm-mat.h"

static struct mat G;
double *gx, *gy1, *gy2;

#define BODY(Y)								\
  for (int64_t i = 0; i < G.n; i++)					\
    {									\
      double s = 0.0;							\
      for (int64_t p = G.rowptr[i]; p < G.rowptr[i + 1]; p++)		\
	s += G.val[p] * gx[G.col[p]];					\
      Y[i] = s;								\
    }

__attribute__ ((noinline)) static void
global_ann (void)
{
#pragma tensor gy1(i) = G(i,j) * gx(j)
  BODY (gy1)
}

__attribute__ ((noinline)) static void
global_ref (void)
{
  BODY (gy2)
}

int
main (void)
{
  static const struct { int64_t n; int lo, hi; } cases[] = {
    { 7, 0, 3 }, { 300, 1, 7 }, { 200, 30, 60 }, { 4000, 0, 40 },
  };
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++)
    {
      struct mat *B = rows_between (cases[c].n, cases[c].lo, cases[c].hi);
      G = *B;
      gx = malloc (G.n * sizeof *gx);
      gy1 = malloc (G.n * sizeof *gy1);
      gy2 = malloc (G.n * sizeof *gy2);
      sf_test_fill (gx, G.n);
      for (int threads = 1; threads <= 2; threads++)
	{
	  char name[64];
	  omp_set_num_threads (threads);
	  global_ann ();
	  global_ref ();
	  snprintf (name, sizeof name, "global %ld rows, %d threads",
		    (long) G.n, threads);
	  sf_test_compare (name, gy1, gy2, G.n, 1e-12);
	}
      free (gx);
      free (gy1);
      free (gy2);
      free_mat (B);
    }
  return sf_test_status ();
}
