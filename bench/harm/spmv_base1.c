/* SpMV w = A p over loose arrays subscripted from 1 with element 0 unused,
   as NPB CG holds them: rowstr[1..n+1], colidx[k] and a[k] for k from 1,
   the vectors p[1..n] and w[1..n].  The loop is NPB's, serial.  */
#include "harm.h"

void
HARM_KERNEL (spmv_base1) (int n, const int *rowstr, const int *colidx,
			  const double *a, const double *p, double *w)
{
  int j, k;
  double sum;
#pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1) base(1)
#pragma tensor format P dims(n) levels(dense) values(p + 1)
#pragma tensor format W dims(n) levels(dense) values(w + 1)
#pragma tensor W(j) = A(j,k) * P(k)
  for (j = 1; j <= n; j++)
    {
      sum = 0.0;
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
	sum = sum + a[k] * p[colidx[k]];
      w[j] = sum;
    }
}
