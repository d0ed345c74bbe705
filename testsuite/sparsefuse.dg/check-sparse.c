/* The check clause on a sparse output (SDDMM into B's pattern, 1-based
   legacy CSR): the number of values is read from the output's own pos
   array, and the report shows agreement.  */
/* { dg-do run } */
/* { dg-options "-O2" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "sf-test.h"

struct fcsr { int n, m; int *ia, *ja; double *a; };
#pragma tensor format struct fcsr dims(n, m) levels(dense, compressed(ia, ja)) values(a) base(1)

static void
sddmm (struct fcsr *A, struct fcsr *B, int K, double (*C)[K], double (*D)[K])
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k) check
  for (int i = 0; i < B->n; i++)
    for (int p = B->ia[i] - 1; p < B->ia[i + 1] - 1; p++)
      {
	double s = 0;
	for (int k = 0; k < K; k++)
	  s += C[i][k] * D[B->ja[p] - 1][k];
	A->a[p] = B->a[p] * s;
      }
}

int
main (void)
{
  static int ia[5] = { 1, 3, 3, 4, 6 }, ja[5] = { 1, 4, 2, 3, 4 };
  static double b[5] = { 1, 2, 3, 4, 5 }, out[5];
  struct fcsr B = { 4, 4, ia, ja, b }, A = { 4, 4, ia, ja, out };
  double C[4][2] = { { 1, 2 }, { 3, 4 }, { 5, 6 }, { 7, 8 } };
  double D[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 2, 2 } };
  double want[5] = { 1 * 1, 2 * 6, 3 * 6, 4 * 15, 5 * 30 };
  sddmm (&A, &B, 2, C, D);
  sf_test_compare ("sddmm with check", out, want, 5, 0);
  return sf_test_status ();
}

/* { dg-output "sparsefuse check \[^\r\n\]*check-sparse.c:16: A\\(i,j\\) = B\\(i,j\\) \\* C\\(i,k\\) \\* D\\(j,k\\): 5 values, max difference 0," } */
