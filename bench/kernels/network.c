/* A tensor network (CoNST): T(i,j,k) = sum over p, q, r of
   A(i,p,q) B(j,p,r) C(k,q,r) D(j,k,r), all four in CSF, T dense.  Written
   as a scientist would: walk A, look up the matching fibers of B, C and D
   by scanning, and intersect their r-lists.  relayout(B, D) allows the
   plugin to read B and D from dense copies (docs/scheduling.md, "Dense
   copies"), as the hand-written kernel does.  */
#include "kernels.h"

void
KERNEL (network) (const sf_csf3 *A, const sf_csf3 *B, const sf_csf3 *C,
		  const sf_csf3 *D, int64_t NJ, int64_t NK,
		  double (*T)[NJ][NK])
{
#pragma tensor T(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r) relayout(B, D)
  {
    for (int64_t i = 0; i < A->dims[0]; i++)
      for (int64_t j = 0; j < NJ; j++)
	for (int64_t k = 0; k < NK; k++)
	  T[i][j][k] = 0;
    for (sf_pos_t ai = A->pos[0][0]; ai < A->pos[0][1]; ai++)
      for (sf_pos_t ap = A->pos[1][ai]; ap < A->pos[1][ai + 1]; ap++)
	for (sf_pos_t aq = A->pos[2][ap]; aq < A->pos[2][ap + 1]; aq++)
	  for (sf_pos_t bj = B->pos[0][0]; bj < B->pos[0][1]; bj++)
	    {
	      int64_t i = A->crd[0][ai], p = A->crd[1][ap], q = A->crd[2][aq];
	      int64_t j = B->crd[0][bj];
	      sf_pos_t bp = B->pos[1][bj], dj = D->pos[0][0];
	      while (bp < B->pos[1][bj + 1] && B->crd[1][bp] < p)
		bp++;
	      while (dj < D->pos[0][1] && D->crd[0][dj] < j)
		dj++;
	      if (bp == B->pos[1][bj + 1] || B->crd[1][bp] != p
		  || dj == D->pos[0][1] || D->crd[0][dj] != j)
		continue;
	      for (sf_pos_t ck = C->pos[0][0]; ck < C->pos[0][1]; ck++)
		{
		  int64_t k = C->crd[0][ck];
		  sf_pos_t cq = C->pos[1][ck], dk = D->pos[1][dj];
		  while (cq < C->pos[1][ck + 1] && C->crd[1][cq] < q)
		    cq++;
		  while (dk < D->pos[1][dj + 1] && D->crd[1][dk] < k)
		    dk++;
		  if (cq == C->pos[1][ck + 1] || C->crd[1][cq] != q
		      || dk == D->pos[1][dj + 1] || D->crd[1][dk] != k)
		    continue;
		  sf_pos_t rb = B->pos[2][bp], rc = C->pos[2][cq],
			   rd = D->pos[2][dk];
		  double s = 0;
		  while (rb < B->pos[2][bp + 1] && rc < C->pos[2][cq + 1]
			 && rd < D->pos[2][dk + 1])
		    {
		      sf_crd_t xb = B->crd[2][rb], xc = C->crd[2][rc],
			       xd = D->crd[2][rd];
		      sf_crd_t hi = xb > xc ? xb : xc;
		      hi = hi > xd ? hi : xd;
		      if (xb == hi && xc == hi && xd == hi)
			s += B->vals[rb] * C->vals[rc] * D->vals[rd];
		      rb += xb < hi || (xb == xc && xc == xd);
		      rc += xc < hi || (xb == xc && xc == xd);
		      rd += xd < hi || (xb == xc && xc == xd);
		    }
		  T[i][j][k] += A->vals[aq] * s;
		}
	    }
  }
}
