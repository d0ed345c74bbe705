/* The runtime's own types through the plugin: the format declarations in
   sparsefuse.h register cleanly, and SpMV over sf_csr, sf_csc and sf_coo2
   plus SpMM over sf_csr agree with their unannotated copies on every real
   matrix in the data folder (symmetric files expanded by the reader).  */
/* { dg-do run } */
/* { dg-require-effective-target data } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "sparsefuse.h"
#include "sf-test.h"

static void
spmv_csr (const sf_csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      double s = 0;
      for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	s += B->vals[p] * x[B->crd[p]];
      y[i] = s;
    }
}

static void
spmv_csc (const sf_csc *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  {
    for (int64_t i = 0; i < B->nrows; i++)
      y[i] = 0;
    for (int64_t j = 0; j < B->ncols; j++)
      for (int64_t p = B->pos[j]; p < B->pos[j + 1]; p++)
	y[B->crd[p]] += B->vals[p] * x[j];
  }
}

static void
spmv_coo (const sf_coo2 *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  {
    for (int64_t i = 0; i < B->dims[0]; i++)
      y[i] = 0;
    for (int64_t p = 0; p < B->nnz; p++)
      y[B->crd[0][p]] += B->vals[p] * x[B->crd[1][p]];
  }
}

static void
spmm_csr (const sf_csr *B, int64_t K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (int64_t k = 0; k < K; k++)
	A[i][k] = 0;
      for (int64_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	for (int64_t k = 0; k < K; k++)
	  A[i][k] += B->vals[p] * C[B->crd[p]][k];
    }
}

static void
reference (const sf_coo *coo, const double *x, double *y)
{
  for (int64_t i = 0; i < coo->dims[0]; i++)
    y[i] = 0;
  for (int64_t p = 0; p < coo->nnz; p++)
    y[coo->crd[0][p]] += coo->vals[p] * x[coo->crd[1][p]];
}

static void
run (const char *name)
{
  char path[1024];
  snprintf (path, sizeof path, "%s/matrices/%s", SF_DATA_DIR, name);
  sf_coo coo;
  sf_csr csr;
  sf_csc csc;
  sf_error err;
  if (sf_read_mtx (path, &coo, &err) || sf_coo_sort (&coo, &err)
      || sf_coo_to_csr (&coo, &csr, &err) || sf_coo_to_csc (&coo, &csc, &err))
    {
      printf ("FAIL %s: %s\n", name, err.message);
      sf_test_failures++;
      return;
    }
  int64_t n = coo.dims[0], m = coo.dims[1], K = 5;
  double *x = malloc ((m + 1) * sizeof (double));
  double *y = malloc ((n + 1) * sizeof (double));
  double *want = malloc ((n + 1) * sizeof (double));
  double (*C)[K] = malloc ((m + 1) * K * sizeof (double));
  double (*A)[K] = malloc ((n + 1) * K * sizeof (double));
  double (*R)[K] = malloc ((n + 1) * K * sizeof (double));
  sf_test_fill (x, m);
  sf_test_fill (&C[0][0], m * K);
  reference (&coo, x, want);
  char what[256];
  spmv_csr (&csr, x, y);
  snprintf (what, sizeof what, "%s spmv csr", name);
  sf_test_compare (what, y, want, n, 1e-12);
  spmv_csc (&csc, x, y);
  snprintf (what, sizeof what, "%s spmv csc", name);
  sf_test_compare (what, y, want, n, 1e-12);
  spmv_coo (&coo, x, y);
  snprintf (what, sizeof what, "%s spmv coo", name);
  sf_test_compare (what, y, want, n, 1e-12);
  spmm_csr (&csr, K, C, A);
  for (int64_t i = 0; i < n; i++)
    for (int64_t k = 0; k < K; k++)
      {
	R[i][k] = 0;
	for (int64_t p = csr.pos[i]; p < csr.pos[i + 1]; p++)
	  R[i][k] += csr.vals[p] * C[csr.crd[p]][k];
      }
  snprintf (what, sizeof what, "%s spmm csr", name);
  sf_test_compare (what, &A[0][0], &R[0][0], n * K, 1e-12);
  free (x), free (y), free (want), free (C), free (A), free (R);
  sf_coo_free (&coo), sf_csr_free (&csr), sf_csc_free (&csc);
}

int
main (void)
{
  static const char *names[] = {
    "bcsstk13.mtx", "pushpull.mtx", "cryg2500.mtx", "zenios.mtx",
    "olm1000.mtx", "jagmesh7.mtx", "LFAT5.mtx", "lp_afiro_structure.mtx"
  };
  for (unsigned i = 0; i < sizeof names / sizeof *names; i++)
    run (names[i]);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\] replaced" 4 "sparsefuse" } } */
