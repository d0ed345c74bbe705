/* a = (b + c) .* d with b and d sparse vectors and c dense: a sum inside a
   product, so only d's entries can be nonzero.  */
#include "kernels.h"

void
KERNEL (vecmul) (const bench_svec *b, const double *c, const bench_svec *d,
		 double *a)
{
#pragma tensor a(i) = (b(i) + c(i)) * d(i)
  {
    sf_pos_t pb = b->pos[0];
    for (int64_t i = 0; i < d->n; i++)
      a[i] = 0;
    for (sf_pos_t q = d->pos[0]; q < d->pos[1]; q++)
      {
	int64_t i = d->crd[q];
	while (pb < b->pos[1] && b->crd[pb] < i)
	  pb++;
	double bv = pb < b->pos[1] && b->crd[pb] == i ? b->vals[pb] : 0;
	a[i] = (bv + c[i]) * d->vals[q];
      }
  }
}
