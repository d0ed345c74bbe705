/* A factor or a term dropped from the annotation whose loop reads a
   struct of a declared format (SPEC 1.7): the checker gives the struct a
   tensor of its format whose values change between three runs; the
   loop's result changes with them and the annotation, which ignores the
   struct, cannot be right.  The correct twins are in
   verify-undescribed-run.c.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include "sparsefuse.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

struct dvec { int n; double *v; };
#pragma tensor format struct dvec dims(n) levels(dense) values(v)

/* y(i) = A(i,j) * x(j) * B(i,k): the factor B forgotten.  */
void
dropped_factor (struct csr *A, struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "it reads the tensor .B. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < A->n; i++)
    {
      double s = 0, t = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      for (int q = B->rowptr[i]; q < B->rowptr[i + 1]; q++)
	t += B->vals[q];
      y[i] = s * t;
    }
}

/* y(i) = A(i,j) * x(j) + B(i,j) * x(j): the term of B forgotten.  */
void
dropped_term (struct csr A, struct csr B, const double *x, double *y)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "it reads the tensor .B. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < A.n; i++)
    {
      double s = 0;
      for (int p = A.rowptr[i]; p < A.rowptr[i + 1]; p++)
	s += A.vals[p] * x[A.colidx[p]];
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	s += B.vals[p] * x[B.colidx[p]];
      y[i] = s;
    }
}

/* y(i) = d(i) * A(i,j) * x(j), d a vector of a dense format: forgotten.  */
void
dropped_dense (const struct dvec *d, struct csr *A, const double *x,
	       double *y)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "it reads the tensor .d. .format dvec., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < A->n; i++)
    {
      double s = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      y[i] = d->v[i] * s;
    }
}

/* Constant extents: the indices have extents of their own (i 4, j 5) on
   every input set, and the forgotten B gets its extents among them.  */
void
dropped_factor_const (struct csr *A, struct csr *B, const double x[5],
		      double y[4])
{
#pragma tensor y(i) = A(i,j) * x(j) shape(y: 4, x: 5) /* { dg-error "it reads the tensor .B. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < 4; i++)
    {
      double s = 0, t = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      for (int q = B->rowptr[i]; q < B->rowptr[i + 1]; q++)
	t += B->vals[q] * x[B->colidx[q]];
      y[i] = s * t;
    }
}

/* The runtime's doubly compressed rows: its format goes by its typedef
   (sf_dcsr), not by the members it shares with sf_csr.  */
void
dropped_term_dcsr (const sf_csr *A, const sf_dcsr *D, const double *x,
		   double *y)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "it reads the tensor .D. .format sf_dcsr., which the annotation does not use: a factor or a term is missing" } */
  {
    for (long i = 0; i < A->nrows; i++)
      {
	double s = 0;
	for (long p = A->pos[i]; p < A->pos[i + 1]; p++)
	  s += A->vals[p] * x[A->crd[p]];
	y[i] = s;
      }
    for (long r = D->pos[0][0]; r < D->pos[0][1]; r++)
      for (long p = D->pos[1][r]; p < D->pos[1][r + 1]; p++)
	y[D->crd[0][r]] += D->vals[p] * x[D->crd[1][p]];
  }
}

/* A scalar annotation: s += (W(k) + c(i)) * b with the factor in
   parentheses forgotten.  The annotation has no index, so the struct's
   modes take small extents of their own.  */
struct sv { long long *pos; double *vals; long n; size_t *crd; };
#pragma tensor format struct sv dims(n) levels(compressed(pos, crd)) values(vals)

double
dropped_scalar (long n, const struct sv *W, const float *c, double b)
{
  double s = 0;
#pragma tensor s += b /* { dg-error "it reads the tensor .W. .format sv., which the annotation does not use: a factor or a term is missing" } */
  {
    for (long p = W->pos[0]; p < W->pos[1]; p++)
      s += W->vals[p] * b;
    for (long i = 0; i < n; i++)
      s += c[i] * b;
  }
  return s;
}
