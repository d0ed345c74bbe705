/* A COO matrix as an int struct, and SpMV over it as a scientist loops
   it (coo-runs.c, coo-parallel.c).  */

#ifndef COO_SPMV_H
#define COO_SPMV_H

typedef struct { int n, m, nnz; int *row, *col; double *val; } coo_t;
#pragma tensor format coo_t dims(n, m) levels(coo(nnz, row), singleton(col)) values(val)

#define SPMV_BODY							\
  for (int i = 0; i < B->n; i++)					\
    y[i] = 0;								\
  for (int p = 0; p < B->nnz; p++)					\
    y[B->row[p]] += B->val[p] * x[B->col[p]];

#endif /* COO_SPMV_H */
