/* SpMM,GEMM, A(i,l) = B(i,j) * C(j,k) * D(k,l) with B an int CSR, as a
   scientist writes it: the tests of the auto-scheduler's choices
   (auto-assume.c, dispatch-*.c) put a pragma before BODY and define the
   function's parameters.  No runtime header: dispatch-nolib.c links
   without the library.  */

#ifndef SPMM_GEMM_BODY_H
#define SPMM_GEMM_BODY_H

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define BODY(PRAGMA)							\
  {									\
    PRAGMA								\
    for (int i = 0; i < B->n; i++)					\
      {									\
	for (int l = 0; l < L; l++)					\
	  A[i][l] = 0;							\
	for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	  for (int k = 0; k < K; k++)					\
	    for (int l = 0; l < L; l++)					\
	      A[i][l] += B->vals[p] * C[B->crd[p]][k] * D[k][l];	\
      }									\
  }

#endif /* SPMM_GEMM_BODY_H */
