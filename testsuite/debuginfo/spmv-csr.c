/* SpMV over the runtime's sf_csr: gdb at the entry of spmv and after its
   region sees the caller's b, x, y and the function's own locals.  */
#include <stdio.h>
#include <stdlib.h>
#include "sparsefuse.h"

__attribute__ ((noinline)) void
spmv (const sf_csr *b, const double *x, double *y, int scale)
{
  int64_t rows = b->nrows;
  int twice = 2 * scale;
  for (int64_t i = 0; i < rows; i++)
    y[i] = 0;
#pragma tensor y(i) += b(i,j) * x(j)
  for (int64_t i = 0; i < b->nrows; i++)
    for (sf_pos_t p = b->pos[i]; p < b->pos[i + 1]; p++)
      y[i] += b->vals[p] * x[b->crd[p]];	/* region end */
  printf ("after: b = %p\nafter: x = %p\nafter: y = %p\n"	/* after */
	  "after: scale = %d\nafter: rows = %ld\nafter: twice = %d\n",
	  (void *) b, (void *) x, (void *) y, scale, (long) rows, twice);
}

int
main (void)
{
  sf_pos_t pos[] = { 0, 1, 3, 4 };
  sf_crd_t crd[] = { 1, 0, 2, 1 };
  double vals[] = { 2, 3, 4, 5 };
  sf_csr b = { 3, 3, pos, crd, vals };
  double *x = malloc (3 * sizeof *x), *y = malloc (3 * sizeof *y);
  for (int i = 0; i < 3; i++)
    x[i] = i + 1;
  printf ("entry: b = %p\nentry: x = %p\nentry: y = %p\nentry: scale = %d\n",
	  (void *) &b, (void *) x, (void *) y, 7);
  spmv (&b, x, y, 7);
  int ok = y[0] == 4 && y[1] == 15 && y[2] == 10;
  free (x);
  free (y);
  return !ok;
}
