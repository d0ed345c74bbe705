/* A pointer into the output the statement stores through is taken as the
   output only when it is a copy made once before the region (out-copy.h):
   one assigned twice, or set by a call, keeps the loop with the reason.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include "harm-mat.h"

double *pick (double *);

void
twice (const struct mat *B, const double *x, struct mat *A, int flip)
{
  double *out = A->val;
  if (flip)
    out = A->val + 1;
#pragma tensor A(i,j) = B(i,j) * x(i) /* { dg-warning "stores through a pointer that is not derived from the output" } */
  for (int64_t i = 0; i < B->n; i++)
    for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
      out[p] = B->val[p] * x[i]; /* { dg-message "here" } */
}

void
called (const struct mat *B, const double *x, struct mat *A)
{
  double *out = pick (A->val);
#pragma tensor A(i,j) = B(i,j) * x(i) /* { dg-warning "stores through a pointer that is not derived from the output" } */
  for (int64_t i = 0; i < B->n; i++)
    for (int64_t p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
      out[p] = B->val[p] * x[i]; /* { dg-message "here" } */
}
