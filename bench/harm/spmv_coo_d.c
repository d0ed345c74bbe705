/* SpMV y = B x, B a coordinate list sorted by rows: y cleared, then one
   multiply-add per stored entry.  */
#include "harm.h"

#pragma tensor format harm_coo_d dims(nrows, ncols) levels(coo(nnz, row), singleton(col)) values(vals)

void
HARM_KERNEL (spmv_coo_d) (const harm_coo_d *B, const double *x, double *y)
{
  const int64_t m = B->nrows, nnz = B->nnz;
  const int32_t *row = B->row, *col = B->col;
  const double *vals = B->vals;
#pragma tensor y(i) = B(i,j) * x(j)
  {
    for (int64_t i = 0; i < m; i++)
      y[i] = 0.0;
    for (int64_t k = 0; k < nnz; k++)
      y[row[k]] += vals[k] * x[col[k]];
  }
}
