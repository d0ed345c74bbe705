/* Sum of three sparse matrices: A = B + C + D, all CSR, A holding the union
   of their patterns.  A three-way merge of sorted rows.  */
#include "kernels.h"

void
KERNEL (sum3) (const sf_csr *B, const sf_csr *C, const sf_csr *D, sf_csr *A)
{
#pragma tensor A(i,j) = B(i,j) + C(i,j) + D(i,j)
  for (int64_t i = 0; i < A->nrows; i++)
    {
      sf_pos_t pb = B->pos[i], pc = C->pos[i], pd = D->pos[i];
      for (sf_pos_t q = A->pos[i]; q < A->pos[i + 1]; q++)
	{
	  int64_t j = A->crd[q];
	  double v = 0;
	  if (pb < B->pos[i + 1] && B->crd[pb] == j)
	    v += B->vals[pb++];
	  if (pc < C->pos[i + 1] && C->crd[pc] == j)
	    v += C->vals[pc++];
	  if (pd < D->pos[i + 1] && D->crd[pd] == j)
	    v += D->vals[pd++];
	  A->vals[q] = v;
	}
    }
}
