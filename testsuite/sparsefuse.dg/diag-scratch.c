/* Scratch arrays the region may not take as its own, and scratch()
   clauses that name no array of the function: a warning that keeps the
   loop and says how to fix it, or an error on the clause.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include "sparsefuse.h"

static double g[8];
double sink (const double *);

/* Read after the region: its contents matter.  */
double
read_after (const sf_csr *B, const double *x, double *y)
{
  double acc[2];
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "stores into the array 'acc', declared before it, which the code after it may read: name it in scratch\\(acc\\) if what the statement leaves in it does not matter" } */
  for (int64_t i = 0; i < B->nrows; i++)
    {
      acc[i & 1] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	acc[i & 1] += B->vals[p] * x[B->crd[p]];
      y[i] = acc[i & 1];
    }
  return acc[0];
}

/* In a loop around the region, which mentions it again.  */
void
steps (const sf_csr *B, const double *x, double *y, int n)
{
  double acc[2];
  for (int s = 0; s < n; s++)
    {
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "stores into the array 'acc'" } */
      for (int64_t i = 0; i < B->nrows; i++)
	{
	  acc[i & 1] = 0;
	  for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	    acc[i & 1] += B->vals[p] * x[B->crd[p]];
	  y[i] = acc[i & 1];
	}
    }
}

/* Its address taken: read through the pointer after the region.  */
double
escapes (const sf_csr *B, const double *x, double *y)
{
  double acc[2];
  double *w = acc;
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "stores into the array 'acc'" } */
  for (int64_t i = 0; i < B->nrows; i++)
    {
      acc[i & 1] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	acc[i & 1] += B->vals[p] * x[B->crd[p]];
      y[i] = acc[i & 1];
    }
  return sink (w);
}

/* A static array outlives the call: not the region's own.  */
void
static_array (const sf_csr *B, const double *x, double *y)
{
  static double acc[2];
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "keeps the original statement because it stores to memory other than the output's values" } */
  for (int64_t i = 0; i < B->nrows; i++)
    {
      acc[i & 1] = 0;
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	acc[i & 1] += B->vals[p] * x[B->crd[p]];
      y[i] = acc[i & 1];
    }
}

/* What it held before the region is part of the result: the annotation
   is wrong, and the checker says so.  */
void
reads_before (const sf_csr *B, const double *x, double *y)
{
  double acc[1] = { 1.0 };
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int64_t i = 0; i < B->nrows; i++)
    {
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	acc[0] += B->vals[p] * x[B->crd[p]];
      y[i] = acc[0];
    }
}

void
clauses (const sf_csr *B, const double *x, double *y, int n)
{
#pragma tensor y(i) = B(i,j) * x(j) scratch(x) /* { dg-error "scratch\\(\\) names work arrays the expression does not use; 'x' is an operand" } */
  for (int64_t i = 0; i < B->nrows; i++)
    y[i] = 0;
#pragma tensor y(i) = B(i,j) * x(j) scratch(n) /* { dg-error "'scratch\\(\\)' takes arrays declared in the function \\('double acc\\\[R\\\];'\\), not static; 'n' is not one" } */
  for (int64_t i = 0; i < B->nrows; i++)
    y[i] = 0;
#pragma tensor y(i) = B(i,j) * x(j) scratch(g) /* { dg-error "'g' is not one" } */
  for (int64_t i = 0; i < B->nrows; i++)
    y[i] = 0;
#pragma tensor y(i) = B(i,j) * x(j) scratch(nowhere) /* { dg-error "'nowhere' in 'scratch\\(\\)' is not declared here" } */
  for (int64_t i = 0; i < B->nrows; i++)
    y[i] = 0;
}
