/* MTTKRP: A(i,r) = sum over stored B(i,j,k) of B(i,j,k) C(j,r) D(k,r), B in
   CSF (i, j, k): the core of CP tensor decomposition.

   The loop hoists row i of A, row j of C, B's value and row k of D, as
   careful code does; compiled with -DBENCH_UNTIDY (variant untidy, a
   second baseline) it indexes all of them in the innermost loop.  */
#include "kernels.h"

void
KERNEL (mttkrp) (const sf_csf3 *B, int64_t R, double (*C)[R],
		 double (*D)[R], double (*A)[R])
{
#ifndef BENCH_UNTIDY
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)
  {
    for (int64_t i = 0; i < B->dims[0]; i++)
      for (int64_t r = 0; r < R; r++)
	A[i][r] = 0;
    for (sf_pos_t pi = B->pos[0][0]; pi < B->pos[0][1]; pi++)
      {
	double *a = A[B->crd[0][pi]];
	for (sf_pos_t pj = B->pos[1][pi]; pj < B->pos[1][pi + 1]; pj++)
	  {
	    const double *c = C[B->crd[1][pj]];
	    for (sf_pos_t pk = B->pos[2][pj]; pk < B->pos[2][pj + 1]; pk++)
	      {
		const double v = B->vals[pk];
		const double *d = D[B->crd[2][pk]];
		for (int64_t r = 0; r < R; r++)
		  a[r] += v * c[r] * d[r];
	      }
	  }
      }
  }
#else
  {
    for (int64_t i = 0; i < B->dims[0]; i++)
      for (int64_t r = 0; r < R; r++)
	A[i][r] = 0;
    for (sf_pos_t pi = B->pos[0][0]; pi < B->pos[0][1]; pi++)
      for (sf_pos_t pj = B->pos[1][pi]; pj < B->pos[1][pi + 1]; pj++)
	for (sf_pos_t pk = B->pos[2][pj]; pk < B->pos[2][pj + 1]; pk++)
	  for (int64_t r = 0; r < R; r++)
	    A[B->crd[0][pi]][r] += B->vals[pk] * C[B->crd[1][pj]][r]
				   * D[B->crd[2][pk]][r];
  }
#endif
}
