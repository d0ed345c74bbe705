/* Reads of the output that stay errors: at other indices (a product with
   the output, a transpose), and any read with "+=".  The read at its own
   indices with "=" is no error (the last function).  */
/* { dg-do compile } */

#include "sparsefuse.h"

void
product (const sf_csr *B, double *y)
{
#pragma tensor y(i) = B(i,j) * y(j) /* { dg-error "the output 'y' is also used as an input at other indices; the generated loops may overwrite its entries before reading them: the output may be read only at its own indices, in the same order, as in 'y\\(i\\) = \\.\\.\\. \\+ y\\(i\\)'" } */
  for (int64_t i = 0; i < B->nrows; i++)
    for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      y[i] += B->vals[p] * y[B->crd[p]];
}

void
transposed (const sf_csr *S, int64_t n, double (*A)[n])
{
#pragma tensor A(i,j) = A(j,i) * S(i,j) /* { dg-error "the output 'A' is also used as an input at other indices" } */
  for (int64_t i = 0; i < S->nrows; i++)
    for (sf_pos_t p = S->pos[i]; p < S->pos[i + 1]; p++)
      A[i][S->crd[p]] = A[S->crd[p]][i] * S->vals[p];
}

void
accumulate (const sf_csr *B, int64_t n, double (*A)[n])
{
#pragma tensor A(i,j) += A(i,j) * B(i,j) /* { dg-error "the output 'A' is also used as an input of '\\+='; write '=' and read it at its own indices, as in 'A\\(i,j\\) = \\.\\.\\. \\+ A\\(i,j\\)', or copy it to another array first" } */
  for (int64_t i = 0; i < B->nrows; i++)
    for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      A[i][B->crd[p]] += A[i][B->crd[p]] * B->vals[p];
}

void
swapped_order (const sf_csr *S, int64_t n, double (*A)[n])
{
#pragma tensor A(i,j) = S(i,j) + A(j,i) /* { dg-error "the output 'A' is also used as an input at other indices" } */
  for (int64_t i = 0; i < S->nrows; i++)
    for (sf_pos_t p = S->pos[i]; p < S->pos[i + 1]; p++)
      A[i][S->crd[p]] = S->vals[p] + A[S->crd[p]][i];
}

void
own_indices (const sf_csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) + y(i)
  for (int64_t i = 0; i < B->nrows; i++)
    for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      y[i] += B->vals[p] * x[B->crd[p]];
}
