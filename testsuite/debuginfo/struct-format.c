/* SpMV over a struct of the program's own, with its own format
   declaration: gdb sees the caller's arguments and the locals.  */
#include <stdio.h>
#include <stdlib.h>

struct mat { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct mat dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

__attribute__ ((noinline)) void
mult (const struct mat *B, const double *x, double *y, int n)
{
  int count = n + 1;
#pragma tensor y(i) = B(i,j) * x(j)
  for (int i = 0; i < B->n; i++)
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }	/* region end */
  printf ("after: B = %p\nafter: x = %p\nafter: y = %p\n"	/* after */
	  "after: n = %d\nafter: count = %d\n",
	  (void *) B, (void *) x, (void *) y, n, count);
}

int
main (void)
{
  int rowptr[] = { 0, 2, 3, 5 };
  int colidx[] = { 0, 2, 1, 0, 2 };
  double vals[] = { 1, 2, 3, 4, 5 };
  struct mat B = { 3, 3, rowptr, colidx, vals };
  double *x = malloc (3 * sizeof *x), *y = malloc (3 * sizeof *y);
  for (int i = 0; i < 3; i++)
    x[i] = i + 1;
  printf ("entry: B = %p\nentry: x = %p\nentry: y = %p\nentry: n = %d\n",
	  (void *) &B, (void *) x, (void *) y, 3);
  mult (&B, x, y, 3);
  int ok = y[0] == 7 && y[1] == 6 && y[2] == 19;
  free (x);
  free (y);
  return !ok;
}
