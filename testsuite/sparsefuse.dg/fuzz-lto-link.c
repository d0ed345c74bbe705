/* Regression (found by tools/fuzz with -flto): compiling and linking with
   -flto in one command failed at the link: the driver loads the plugin
   into lto1 too, and lto1 has none of the C front end's symbols ("lto1:
   error: cannot load plugin ...: undefined symbol: parse_in").  Those
   symbols are now weak (plugin/gcc-common.h) and the plugin stays silent
   in lto1 (plugin/plugin.cc).  The region is replaced in cc1, before the
   function is streamed out, so the program the link makes from the LTO
   object runs the generated code; this test compiles, links and runs in
   one command, like the harness's other run tests.  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -fplugin-arg-sparsefuse-dump" } */

#include "sf-test.h"

/* A CSR matrix with its own field names.  */
struct mat { int n, m; int *rp, *ci; double *v; };
#pragma tensor format struct mat dims(n, m) levels(dense, compressed(rp, ci)) values(v)

static void __attribute__ ((noinline))
spmv (const struct mat *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) - 3 * x(i) shape(x: B->m, y: B->n)
  for (int i = 0; i < B->n; i++)
    {
      y[i] = -3 * x[i];
      for (int p = B->rp[i]; p < B->rp[i + 1]; p++)
	y[i] += B->v[p] * x[B->ci[p]];
    }
}

static void __attribute__ ((noinline))
spmv_ref (const struct mat *B, const double *x, double *y)
{
  for (int i = 0; i < B->n; i++)
    {
      y[i] = -3 * x[i];
      for (int p = B->rp[i]; p < B->rp[i + 1]; p++)
	y[i] += B->v[p] * x[B->ci[p]];
    }
}

int
main (void)
{
  enum { N = 40 };
  static int rp[N + 1], ci[N * N];
  static double v[N * N], x[N], y[N], want[N];
  int nnz = 0;
  for (int i = 0; i < N; i++)
    {
      rp[i] = nnz;
      for (int j = 0; j < N; j++)
	if ((i * 7 + j * 3) % 5 == 0)
	  ci[nnz] = j, v[nnz++] = sf_test_value ();
    }
  rp[N] = nnz;
  struct mat B = { N, N, rp, ci, v };
  sf_test_fill (x, N);
  spmv (&B, x, y);
  spmv_ref (&B, x, want);
  sf_test_compare ("lto", y, want, N, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "region 0 replaced" "sparsefuse" } } */
