/* Five SpMVs in a row, t = B x, y = B t, t = B y, y = B t, t = B y, each
   under an orphaned `#pragma omp for` in a function that the entry point
   calls from `#pragma omp parallel` (the shape of NPB CG's conj_grad):
   the team shares each loop and its barrier orders them.  The result is
   t.  */
#include "harm.h"

#pragma tensor format harm_csr_d dims(nrows, ncols) levels(dense, compressed(rowptr, colidx)) values(vals)

static void
spmv5 (const harm_csr_d *B, const double *x, double *t, double *y)
{
  const int64_t n = B->nrows, *rowptr = B->rowptr;
  const int32_t *colidx = B->colidx;
  const double *vals = B->vals;
#pragma tensor t(i) = B(i,j) * x(j)
#pragma omp for
  for (int64_t i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (int64_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * x[colidx[k]];
      t[i] = sum;
    }
#pragma tensor y(i) = B(i,j) * t(j)
#pragma omp for
  for (int64_t i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (int64_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * t[colidx[k]];
      y[i] = sum;
    }
#pragma tensor t(i) = B(i,j) * y(j)
#pragma omp for
  for (int64_t i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (int64_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * y[colidx[k]];
      t[i] = sum;
    }
#pragma tensor y(i) = B(i,j) * t(j)
#pragma omp for
  for (int64_t i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (int64_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * t[colidx[k]];
      y[i] = sum;
    }
#pragma tensor t(i) = B(i,j) * y(j)
#pragma omp for
  for (int64_t i = 0; i < n; i++)
    {
      double sum = 0.0;
      for (int64_t k = rowptr[i]; k < rowptr[i + 1]; k++)
	sum += vals[k] * y[colidx[k]];
      t[i] = sum;
    }
}

void
HARM_KERNEL (spmv_orphan_d) (const harm_csr_d *B, const double *x, double *t,
			     double *y)
{
#pragma omp parallel
  spmv5 (B, x, t, y);
}
