/* ReACT's kernel, A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j), as a
   scientist writes it over A's pattern, for the tests of the relayout of
   D (relayout.c, memory-exact.c): REACT (PRAGMA, DKJ) is the body, DKJ
   how D(k,j) is read (D[k][j] row-major, D[j][k] column-major).  The
   includer defines struct csr (int pos and crd) and the parameters A, B,
   E (struct csr *), K, C and D.  */

#ifndef REACT_BODY_H
#define REACT_BODY_H

#define REACT(PRAGMA, DKJ)						\
  {									\
    PRAGMA								\
    for (int i = 0; i < A->n; i++)					\
      for (int q = A->pos[i]; q < A->pos[i + 1]; q++)			\
	{								\
	  int j = A->crd[q];						\
	  double s = 0;							\
	  for (int k = 0; k < K; k++)					\
	    s += C[i][k] * DKJ;						\
	  double v = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    if (B->crd[p] == j)						\
	      v += B->vals[p];						\
	  for (int p = E->pos[i]; p < E->pos[i + 1]; p++)		\
	    if (E->crd[p] == j)						\
	      v += E->vals[p];						\
	  A->vals[q] = v * s;						\
	}								\
  }

#endif /* REACT_BODY_H */
