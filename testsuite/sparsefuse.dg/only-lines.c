/* -fplugin-arg-sparsefuse-only=LINES: only the regions whose pragma is on
   one of these lines are replaced (to find which region changes a result,
   or what one costs to compile: bench/compile_time.py); the others keep
   their loop without a word, and the program agrees with the loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-report -fplugin-arg-sparsefuse-only=17,34" } */

#include "gen-data.h"

struct csr2 { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr2 dims(n, m) levels(dense, compressed(pos, crd)) values(vals)


static void
three (const struct csr2 *B, const double *x, double *y, double *z, double *w)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-message "sparsefuse: y\\(i\\) = B\\(i,j\\) \\* x\\(j\\)" } */
  for (int i = 0; i < B->n; i++)
    {
      y[i] = 0;
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
	y[i] += B->vals[p] * x[B->crd[p]];
    }
#pragma tensor z(i) = B(i,j) * x(j) /* { dg-bogus "sparsefuse" } */
  for (int i = 0; i < B->n; i++)
    {
      z[i] = 0;
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
	z[i] += B->vals[p] * x[B->crd[p]];
    }
  /* A region whose pragma comes from a macro: the line where the macro
     is used counts (the report's note stands at the pragma's text).  */
#define SPMV_W _Pragma ("tensor w(i) = B(i,j) * x(j)") /* { dg-message "sparsefuse: w\\(i\\) = B\\(i,j\\) \\* x\\(j\\)" } */
  SPMV_W /* { dg-message "in expansion of macro" } */
  for (int i = 0; i < B->n; i++)
    {
      w[i] = 0;
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
	w[i] += B->vals[p] * x[B->crd[p]];
    }
}

int
main (void)
{
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    {
      struct csr2 B;
      GD_MAKE_CSR (&B, 17, 13, shape, 3 + shape);
      double *x = gd_dense (13), *y = gd_dense (17), *z = gd_dense (17);
      double *w = gd_dense (17), *r = gd_dense (17);
      three (&B, x, y, z, w);
      for (int i = 0; i < 17; i++)
	{
	  r[i] = 0;
	  for (int p = B.pos[i]; p < B.pos[i + 1]; p++)
	    r[i] += B.vals[p] * x[B.crd[p]];
	}
      gd_compare_norm ("y", y, r, 17);
      gd_compare_norm ("z", z, r, 17);
      gd_compare_norm ("w", w, r, 17);
      free (B.pos), free (B.crd), free (B.vals);
      free (x), free (y), free (z), free (w), free (r);
    }
  return sf_test_status ();
}
