/* The checker verifies an annotation that reads the output's old values
   (the old values bound to the output's memory, the reference over its
   contents before the loop) and refutes a wrong one: the loop computes
   s + 2 * beta * y[i], the annotation says s + beta * y(i); and one that
   leaves out the old value.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */

#include "sparsefuse.h"

void
right (const sf_csr *A, const double *x, double *y, double beta)
{
#pragma tensor y(i) = A(i,j) * x(j) + beta * y(i)
  for (int64_t i = 0; i < A->nrows; i++)
    {
      double s = 0;
      for (sf_pos_t p = A->pos[i]; p < A->pos[i + 1]; p++)
	s += A->vals[p] * x[A->crd[p]];
      y[i] = s + beta * y[i];
    }
}

void
twice_beta (const sf_csr *A, const double *x, double *y, double beta)
{
#pragma tensor y(i) = A(i,j) * x(j) + beta * y(i) /* { dg-error "the loop does not compute what the annotation says: at y\\\[\[0-9\]+\\\] the loop stores" } */
  for (int64_t i = 0; i < A->nrows; i++)
    {
      double s = 0;
      for (sf_pos_t p = A->pos[i]; p < A->pos[i + 1]; p++)
	s += A->vals[p] * x[A->crd[p]];
      y[i] = s + 2 * beta * y[i];
    }
}
/* { dg-message "on the inputs extents" "" { target *-*-* } 27 } */

void
forgotten (const sf_csr *A, const double *x, double *y)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int64_t i = 0; i < A->nrows; i++)
    for (sf_pos_t p = A->pos[i]; p < A->pos[i + 1]; p++)
      y[i] += A->vals[p] * x[A->crd[p]];
}
/* { dg-message "on the inputs extents" "" { target *-*-* } 41 } */

/* { dg-final { scan-tree-dump "sparsefuse: region 0 verify: verified" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced: y\\(i\\) = A\\(i,j\\) \\* x\\(j\\) \\+ beta \\* y\\(i\\)" "sparsefuse" } } */
