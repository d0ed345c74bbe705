/* spmv.c: the smallest project that uses sparsefuse through a build
   system (CMakeLists.txt, Makefile).  One annotated SpMV and the same loop
   without the annotation, on a matrix from libsparsefuse's generator;
   prints whether the plugin compiled the file and whether both agree.
   Exits 1 when they do not.  */

#include <math.h>
#include <stdio.h>

#include "sparsefuse.h"

static void
spmv (const sf_csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      y[i] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	y[i] += B->vals[p] * x[B->crd[p]];
    }
}

/* The same loop, not annotated: what the plugin's code must equal.  */
static void
spmv_as_written (const sf_csr *B, const double *x, double *y)
{
  for (int64_t i = 0; i < B->nrows; i++)
    {
      y[i] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	y[i] += B->vals[p] * x[B->crd[p]];
    }
}

int
main (void)
{
  enum { SCALE = 10, N = 1 << SCALE };
  static double x[N], y[N], z[N];
  sf_coo coo;
  sf_csr B;
  sf_error err;
  if (sf_gen_rmat (SCALE, 8.0, 0.57, 0.19, 0.19, 7, &coo, &err)
      || sf_coo_to_csr (&coo, &B, &err))
    {
      fprintf (stderr, "spmv: %s\n", err.message);
      return 2;
    }
  for (int j = 0; j < N; j++)
    x[j] = sin (j);
  spmv (&B, x, y);
  spmv_as_written (&B, x, z);
  double worst = 0;
  for (int i = 0; i < N; i++)
    worst = fmax (worst, fabs (y[i] - z[i]));
#ifdef __SPARSEFUSE__
  printf ("compiled with sparsefuse: yes\n");
#else
  printf ("compiled with sparsefuse: no\n");
#endif
  printf ("%s: %lld nonzeros, max difference %.1e\n",
	  worst <= 1e-12 ? "agree" : "DIFFER", (long long) B.pos[N], worst);
  sf_coo_free (&coo);
  sf_csr_free (&B);
  return worst <= 1e-12 ? 0 : 1;
}
