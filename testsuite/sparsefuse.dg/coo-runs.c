/* One pass over each run of a coo level (core/opt/runs.c): COO SpMV
   reads each row coordinate once, the run's end found by the loop that
   accumulates it (as an expert writes it), not by a scan before it.  Rows
   of one entry, of many, repeated (i,j) pairs and empty rows agree with
   the unannotated loop; so does COO SpMM, whose row update is jammed
   (two positions per pass) and keeps its scan.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"
#include "coo-spmv.h"

#define SPMM_BODY							\
  for (int i = 0; i < B->n; i++)					\
    for (int k = 0; k < K; k++)						\
      A[i][k] = 0;							\
  for (int p = 0; p < B->nnz; p++)					\
    for (int k = 0; k < K; k++)						\
      A[B->row[p]][k] += B->val[p] * C[B->col[p]][k];

static void spmv (const coo_t *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j)
  { SPMV_BODY }
}
static void spmv_ref (const coo_t *B, const double *x, double *y)
{
  SPMV_BODY
}
static void spmm (const coo_t *B, int K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  { SPMM_BODY }
}
static void spmm_ref (const coo_t *B, int K, double (*C)[K], double (*A)[K])
{
  SPMM_BODY
}

int
main (void)
{
  /* Rows 0 (three entries, one (i,j) twice), 1 empty, 2 (one), 3 empty,
     4 (five, two pairs repeated), 5 (one); sorted by row.  */
  static int row[] = { 0, 0, 0, 2, 4, 4, 4, 4, 4, 5 };
  static int col[] = { 1, 1, 4, 0, 0, 2, 2, 5, 5, 3 };
  static double val[] = { 1.5, -2, 3, 4, 0.5, 6, -7, 8, 9, 10 };
  coo_t B = { 6, 6, 10, row, col, val };
  double x[6] = { 1, -1, 2, 0.25, 3, -0.5 }, y[6], w[6];
  spmv (&B, x, y);
  spmv_ref (&B, x, w);
  sf_test_compare ("coo spmv", y, w, 6, 1e-14);
  enum { K = 5 };
  double C[6][K], A[6][K], R[6][K];
  for (int j = 0; j < 6; j++)
    for (int k = 0; k < K; k++)
      C[j][k] = j - 2.5 * k;
  spmm (&B, K, C, A);
  spmm_ref (&B, K, C, R);
  sf_test_compare ("coo spmm", &A[0][0], &R[0][0], 6 * K, 1e-14);
  coo_t E = { 6, 6, 0, row, col, val };
  spmv (&E, x, y);
  spmv_ref (&E, x, w);
  sf_test_compare ("coo spmv, no entries", y, w, 6, 0);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "int64_t pB0_run\[_0-9\]* = pB0\[_0-9\]*;\n *double t\[_0-9\]* = 0.0;\n *while \\(pB0_run\[_0-9\]* < pB0_end\[_0-9\]* && B_row\\\[pB0_run\[_0-9\]*\\\] == B_row\\\[pB0\[_0-9\]*\\\]\\)\n *\{\n *int64_t pB1\[_0-9\]* = pB0_run" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "int64_t pB0_run\[_0-9\]* = pB0\[_0-9\]* \\+ 1;" 1 "sparsefuse" } } */
