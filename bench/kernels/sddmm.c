/* SDDMM: for each stored B(i,j), the dot product of row i of C and row j
   of D, scaled by B(i,j); A has B's pattern (A's pos and crd are B's).  */
#include "kernels.h"

void
KERNEL (sddmm) (const sf_csr *B, int64_t K, double (*C)[K], double (*D)[K],
		sf_csr *A)
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  for (int64_t i = 0; i < B->nrows; i++)
    for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	double s = 0;
	for (int64_t k = 0; k < K; k++)
	  s += C[i][k] * D[B->crd[p]][k];
	A->vals[p] = B->vals[p] * s;
      }
}
