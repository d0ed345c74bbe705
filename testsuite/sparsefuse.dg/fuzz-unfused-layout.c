/* Found by the fuzzer (seed 20261130, case 7217): under schedule(unfused),
   T(c,s) = 2 + B(s,c,z) + B(z,c,t) with T sparse computed the full
   temporary of sum_t B(z,c,t) in the order z c and read it in the order
   c z: its consumer had been lowered again with the output's indices
   first, and a workspace's layout followed whatever loop order was
   current.  A workspace now keeps the layout of the order it was made in
   (core/lower/where.c, lw_work_index).  Each schedule agrees with the
   unannotated loop on every shape of T's pattern.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */

#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define BODY								\
  {									\
    for (int p = 0; p < T->pos[T->n]; p++)				\
      T->vals[p] = 0;							\
    for (int c = 0; c < T->n; c++)					\
      for (int p = T->pos[c]; p < T->pos[c + 1]; p++)			\
	{								\
	  int s = T->crd[p];						\
	  T->vals[p] += 2;						\
	  for (int z = 0; z < N1; z++)					\
	    T->vals[p] += B[s][c][z];					\
	  for (int z = 0; z < N1; z++)					\
	    for (int t = 0; t < N1; t++)				\
	      T->vals[p] += B[z][c][t];					\
	}								\
  }
#define ARGS const struct csr *T, int N0, int N1, double (*B)[N0][N1]
static void unfused (ARGS)
{
#pragma tensor T(c,s) = 2 + B(s,c,z) + B(z,c,t) schedule(unfused)
  BODY
}
static void automatic (ARGS)
{
#pragma tensor T(c,s) = 2 + B(s,c,z) + B(z,c,t)
  BODY
}
static void reference (ARGS) BODY

int
main (void)
{
  for (int shape = 0; shape < GD_NSHAPES; shape++)
    {
      const int N0 = 7, N1 = 5;
      struct csr T;
      GD_MAKE_CSR (&T, N0, N1, shape, 40 + shape);
      double *B = gd_dense (N1 * N0 * N1);
      int nnz = T.pos[N0];
      double *want = gd_dense (nnz + 1);
      reference (&T, N0, N1, (void *) B);
      memcpy (want, T.vals, nnz * sizeof *want);
      unfused (&T, N0, N1, (void *) B);
      gd_compare_norm ("unfused", T.vals, want, nnz);
      automatic (&T, N0, N1, (void *) B);
      gd_compare_norm ("auto", T.vals, want, nnz);
      free (T.pos), free (T.crd), free (T.vals), free (B), free (want);
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "where w_\[a-z_\]+: rank 2\[^\n\]*fused over nothing \\| schedule unfused" 1 "sparsefuse" } } */
