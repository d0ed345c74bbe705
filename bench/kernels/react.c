/* ReACT's compound kernel: A(i,j) = (B(i,j) + E(i,j)) * (C D)(i,j) on the
   union of the patterns of B and E (A holds that union), C (rows x K),
   D (K x cols).  Each stored entry costs one K-long dot product.  */
#include "kernels.h"

void
KERNEL (react) (const sf_csr *B, const sf_csr *E, int64_t K, int64_t N,
		double (*C)[K], double (*D)[N], sf_csr *A)
{
#pragma tensor A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)
  for (int64_t i = 0; i < A->nrows; i++)
    {
      sf_pos_t pb = B->pos[i], pe = E->pos[i];
      for (sf_pos_t q = A->pos[i]; q < A->pos[i + 1]; q++)
	{
	  int64_t j = A->crd[q];
	  double v = 0, s = 0;
	  if (pb < B->pos[i + 1] && B->crd[pb] == j)
	    v += B->vals[pb++];
	  if (pe < E->pos[i + 1] && E->crd[pe] == j)
	    v += E->vals[pe++];
	  for (int64_t k = 0; k < K; k++)
	    s += C[i][k] * D[k][j];
	  A->vals[q] = v * s;
	}
    }
}
