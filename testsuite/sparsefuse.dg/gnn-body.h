/* SDDMM,SpMM (GNN), A(i,l) OP B(i,j) * C(i,k) * D(j,k) * E(j,l), and
   SDDMM,SpMM,GEMM, its product by F(l,m) after, as the loops a
   scientist writes (one nest, values of type T, B a struct CSR with
   pos, crd and vals): the annotated kernel with PRAGMA, the reference
   without.  Shared by the tests of the loop rewrites that their nests
   take (rows-prefetch.c, row-phases.c, register-tiles.c).  */

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

#define CHAIN_BODY(PRAGMA)						\
  {									\
    PRAGMA								\
    for (int i = 0; i < B->n; i++)					\
      for (int m = 0; m < M; m++)					\
	{								\
	  double s = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    for (int k = 0; k < K; k++)					\
	      for (int l = 0; l < L; l++)				\
		s += B->vals[p] * C[i][k] * D[B->crd[p]][k]		\
		     * E[B->crd[p]][l] * F[l][m];			\
	  A[i][m] = s;							\
	}								\
  }
#define CHAIN_ARGS const struct csr *B, int K, int L, int M,		\
		   double (*C)[K], double (*D)[K], double (*E)[L],	\
		   double (*F)[M], double (*A)[M]

#endif /* GNN_BODY_H */
