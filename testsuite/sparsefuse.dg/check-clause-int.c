/* The check clause on integer results: compared exactly, the report says
   how many values differ and shows the first.  The first annotation is
   deliberately wrong (the loop computes 2 B x): the report shows the
   difference and y keeps the loop's result; the second is right and
   reports 0 (uint16 values into uint64 counts, one of them wrapping).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */

#include <stdint.h>
#include "sf-test.h"

struct icsr { int n, m; int *rowptr, *colidx; int *vals; };
#pragma tensor format struct icsr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct ucsr { int n, m; int *rowptr, *colidx; uint16_t *vals; };
#pragma tensor format struct ucsr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static void
wrong (struct icsr *B, const int *x, int *y)
{
#pragma tensor y(i) = B(i,j) * x(j) check
  for (int i = 0; i < B->n; i++)
    {
      y[i] = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	y[i] += 2 * B->vals[p] * x[B->colidx[p]];
    }
}

static void
right (struct ucsr *B, const uint64_t *x, uint64_t *y)
{
#pragma tensor y(i) += B(i,j) * x(j) check
  for (int i = 0; i < B->n; i++)
    for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
      y[i] += B->vals[p] * x[B->colidx[p]];
}

int
main (void)
{
  static int rowptr[4] = { 0, 2, 2, 3 }, colidx[3] = { 0, 2, 1 };
  static int vals[3] = { 1, -2, 3 };
  static uint16_t uvals[3] = { 1, 65535, 3 };
  struct icsr B = { 3, 3, rowptr, colidx, vals };
  struct ucsr U = { 3, 3, rowptr, colidx, uvals };
  int x[3] = { 1, 10, 100 }, y[3] = { 5, 5, 5 };
  uint64_t ux[3] = { 1, 10, UINT64_MAX - 1 }, uy[3] = { 5, 5, 5 };
  wrong (&B, x, y);
  right (&U, ux, uy);
  double got[3] = { y[0], y[1], y[2] }, want[3] = { 2 * -199, 0, 2 * 30 };
  sf_test_compare ("the original's result is kept", got, want, 3, 0);
  /* 5 + 1 + 65535 * (2^64 - 2) wraps to 5 + 1 - 2 * 65535.  */
  if (uy[0] != 6 - 2 * 65535ull || uy[1] != 5 || uy[2] != 35)
    {
      printf ("FAIL uint64 counts %llu %llu %llu\n",
	      (unsigned long long) uy[0], (unsigned long long) uy[1],
	      (unsigned long long) uy[2]);
      abort ();
    }
  return sf_test_status ();
}

/* { dg-output "sparsefuse check \[^\r\n\]*check-clause-int.c:21: y\\(i\\) = B\\(i,j\\) \\* x\\(j\\): 3 values, integers, 2 differ \\(at 0: generated -199, original -398\\).*sparsefuse check \[^\r\n\]*check-clause-int.c:33: y\\(i\\) \\+= B\\(i,j\\) \\* x\\(j\\): 3 values, integers, 0 differ" } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\] replaced" 2 "sparsefuse" } } */
