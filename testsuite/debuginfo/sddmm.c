/* SDDMM, A(i,j) = B(i,j) * C(i,k) * D(j,k), A sharing B's pattern: a
   fused kernel with a sparse output.  gdb sees the caller's arguments
   and the locals.  */
#include <stdio.h>
#include <stdlib.h>

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

__attribute__ ((noinline)) void
sddmm (struct csr *A, const struct csr *B, int K, double (*C)[K],
       double (*D)[K])
{
  int nnz = B->pos[B->n];
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)
  for (int i = 0; i < B->n; i++)
    for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
      {
	double s = 0;
	for (int k = 0; k < K; k++)
	  s += C[i][k] * D[B->crd[p]][k];
	A->vals[p] = B->vals[p] * s;
      }	/* region end */
  printf ("after: A = %p\nafter: B = %p\nafter: K = %d\n"	/* after */
	  "after: C = %p\nafter: D = %p\nafter: nnz = %d\n",
	  (void *) A, (void *) B, K, (void *) C, (void *) D, nnz);
}

int
main (void)
{
  int pos[] = { 0, 2, 3 };
  int crd[] = { 0, 1, 1 };
  double bv[] = { 1, 2, 3 }, av[3];
  struct csr B = { 2, 2, pos, crd, bv }, A = { 2, 2, pos, crd, av };
  double (*C)[2] = malloc (2 * sizeof *C), (*D)[2] = malloc (2 * sizeof *D);
  for (int i = 0; i < 2; i++)
    for (int k = 0; k < 2; k++)
      C[i][k] = i + k, D[i][k] = 1 + i * k;
  printf ("entry: A = %p\nentry: B = %p\nentry: K = %d\n"
	  "entry: C = %p\nentry: D = %p\n",
	  (void *) &A, (void *) &B, 2, (void *) C, (void *) D);
  sddmm (&A, &B, 2, C, D);
  /* C = {{0,1},{1,2}}, D = {{1,1},{1,2}}.  */
  int ok = av[0] == 1 && av[1] == 2 * 2 && av[2] == 3 * 5;
  free (C);
  free (D);
  return !ok;
}
