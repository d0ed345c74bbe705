/* An annotation over the first of several statements (the zeroing loop,
   then the sums, without braces): the error that the loop does not
   compute the annotation says where the annotated statement ends and
   where the output is written again.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include "sparsefuse.h"

void
spmv (const sf_csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int64_t i = 0; i < B->nrows; i++)
    y[i] = 0;
  for (int64_t i = 0; i < B->nrows; i++)
    for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      y[i] += B->vals[p] * x[B->crd[p]]; /* { dg-message "the annotated statement ends at line 15, and 'y' is written again after it, here: to annotate both, put them in braces '\\{ \\.\\.\\. \\}' under the pragma" } */
}

void
sddmm (const sf_csr *B, int64_t K, double (*C)[K], double (*D)[K], sf_csr *A)
{
#pragma tensor A(i,j) = B(i,j) * C(i,k) * D(j,k) /* { dg-error "the loop does not compute what the annotation says" } */
  for (sf_pos_t p = 0; p < B->pos[B->nrows]; p++)
    A->vals[p] = 0;
  for (int64_t i = 0; i < B->nrows; i++)
    for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
      for (int64_t k = 0; k < K; k++)
	A->vals[p] += B->vals[p] * C[i][k] * D[B->crd[p]][k]; /* { dg-message "the annotated statement ends at line 26, and 'A' is written again after it" } */
}

/* Nothing writes the output after the statement: the error alone.  */
void
wrong (const sf_csr *B, const double *x, double *y, double *z)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int64_t i = 0; i < B->nrows; i++)
    y[i] = 0;
  for (int64_t i = 0; i < B->nrows; i++)
    z[i] = y[i] + 1; /* { dg-bogus "written again" } */
}
