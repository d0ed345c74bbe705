/* SpMV inside the program's own OpenMP parallel region, work-shared by
   its '#pragma omp for': gdb at the entry of the function and after the
   parallel region sees the caller's arguments and the locals (OpenMP
   outlining copies them into the child function; the copies must not
   hide the parameters).  */
#include <stdio.h>
#include <stdlib.h>

struct mat { long n, m; long *rowptr, *colidx; double *vals; };
#pragma tensor format struct mat dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

__attribute__ ((noinline)) void
step (const struct mat *B, const double *x, double *y, long n)
{
  long last = n - 1;
#pragma omp parallel
  {
#pragma tensor y(i) = B(i,j) * x(j)
#pragma omp for
    for (long i = 0; i < B->n; i++)
      {
	double s = 0;
	for (long p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	  s += B->vals[p] * x[B->colidx[p]];
	y[i] = s;
      }	/* region end */
  }
  printf ("after: B = %p\nafter: x = %p\nafter: y = %p\n"	/* after */
	  "after: n = %ld\nafter: last = %ld\n",
	  (void *) B, (void *) x, (void *) y, n, last);
}

int
main (void)
{
  long rowptr[] = { 0, 2, 3, 5 };
  long colidx[] = { 0, 2, 1, 0, 2 };
  double vals[] = { 1, 2, 3, 4, 5 };
  struct mat B = { 3, 3, rowptr, colidx, vals };
  double *x = malloc (3 * sizeof *x), *y = malloc (3 * sizeof *y);
  for (int i = 0; i < 3; i++)
    x[i] = i + 1;
  printf ("entry: B = %p\nentry: x = %p\nentry: y = %p\nentry: n = %ld\n",
	  (void *) &B, (void *) x, (void *) y, 3L);
  step (&B, x, y, 3);
  int ok = y[0] == 7 && y[1] == 6 && y[2] == 19;
  free (x);
  free (y);
  return !ok;
}
