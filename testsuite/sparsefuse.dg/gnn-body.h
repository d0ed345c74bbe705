/* SDDMM,SpMM (GNN), A(i,l) OP B(i,j) * C(i,k) * D(j,k) * E(j,l), as the
   loop a scientist writes (one nest, values of type T, B a struct CSR
   with pos, crd and vals): the annotated kernel with PRAGMA, the
   reference without.  Shared by the tests of the loop rewrites that
   GNN's nest takes (rows-prefetch.c, row-phases.c).  */

#ifndef GNN_BODY_H
#define GNN_BODY_H

#define GNN_ARGS(T, CSR) const struct CSR *B, int K, int L, T (*C)[K],	\
			 T (*D)[K], T (*E)[L], T (*A)[L]
#define GNN_BODY(T, PRAGMA, OP)						\
  {									\
    PRAGMA								\
    for (int i = 0; i < B->n; i++)					\
      for (int l = 0; l < L; l++)					\
	{								\
	  T s = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    for (int k = 0; k < K; k++)					\
	      s += B->vals[p] * C[i][k] * D[B->crd[p]][k] * E[B->crd[p]][l]; \
	  A[i][l] OP s;							\
	}								\
  }

#endif /* GNN_BODY_H */
