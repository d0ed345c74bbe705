/* Wrong annotations the checker used to leave unsettled or to call
   right, each now a located error (the correct twins, run against their
   loops, are verify-lies-run.c).  The loops are bounded by integers the
   annotation does not bind, or read arrays and structs the annotation
   does not describe, or both.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <string.h>

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

struct c3 { long d0, d1, d2; long *pos1, *crd1; double *vals; };
#pragma tensor format struct c3 dims(d0, d1, d2) levels(dense, compressed(pos1, crd1), dense) values(vals)

/* The term x(i) left out; its loop runs to n, which the annotation does
   not bind.  */
void
dropped_term (const struct csr *A, const double *x, double *y, int n)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "does not compute what the annotation says" } */
  {
    for (int i = 0; i < A->n; i++)
      {
	y[i] = 0;
	for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	  y[i] += A->vals[p] * x[A->colidx[p]];
      }
    for (int i = 0; i < n; i++)
      y[i] += x[i];
  }
}

/* The factor w(k) left out: w is read under a loop to m (m = 0 would
   agree: that is no excuse).  */
void
dropped_factor (const struct csr *A, const double *x, const double *w,
		double *y, int m)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "does not compute what the annotation says.*'w', which the annotation does not describe" } */
  for (int i = 0; i < A->n; i++)
    {
      y[i] = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	for (int k = 0; k < m; k++)
	  y[i] += A->vals[p] * x[A->colidx[p]] * w[k];
    }
}

/* Scaled by 2, over loops bounded by integers the annotation does not
   bind (copies of the extents its shape clauses give) and an array of
   constant size: every binding of the two integers fails, and the
   search no longer runs out of time proving it.  */
void
scaled (long n0, long n1, long m0, long m1,
	double *restrict y, double w[4][5], const double *H, const double *G)
{
#pragma tensor y(k) = 2 * H(k,t,u) * w(t,j) * G(j,u) shape(H: n0, 4, n1) shape(G: 5, n1) /* { dg-error "does not compute what the annotation says" } */
  {
    for (long k = 0; k < m0; k++)
      y[k] = 0;
    for (long k = 0; k < m0; k++)
      for (long t = 0; t < 4; t++)
	for (long u = 0; u < m1; u++)
	  for (long j = 0; j < 5; j++)
	    y[k] += H[(k * 4 + t) * m1 + u] * w[t][j] * G[j * m1 + u];
  }
}

/* The term W(i,k) left out, W a struct of a declared format, the rows
   running to n.  */
void
dropped_struct_term (const struct csr *A, const struct csr *W,
		     const double *x, double *y, int n)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "it reads the tensor .W. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < n; i++)
    {
      y[i] = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	y[i] += A->vals[p] * x[A->colidx[p]];
      for (int q = W->rowptr[i]; q < W->rowptr[i + 1]; q++)
	y[i] += W->vals[q];
    }
}

/* The factor w(i,j) left out: w, an array of constant size, is read at
   B's coordinates, which the annotation no longer ties to its size.  */
void
dropped_table (const struct csr *B, const float *w_in, double *restrict x)
{
  float w[3][3];
  memcpy (w, w_in, sizeof w);
#pragma tensor x(i) = B(i,j) /* { dg-error "does not compute what the annotation says|outside the declared array" } */
  for (int i = 0; i < B->n; i++)
    {
      x[i] = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	x[i] += w[i][B->colidx[p]] * B->vals[p];
    }
}

/* The term H(i,j,k) left out of y(i) = c + H(i,j,k); the loops over H
   run to integers the annotation does not bind.  */
void
dropped_sum (double *restrict y, double c, const struct c3 *H, long n0,
	     long n1, long n2)
{
#pragma tensor y(i) = c shape(y: n0) /* { dg-error "it reads the tensor .H. .format c3., which the annotation does not use: a factor or a term is missing" } */
  {
    for (long i = 0; i < n0; i++)
      y[i] = c;
    for (long i = 0; i < n0; i++)
      for (long j = 0; j < n1; j++)
	{
	  long p = H->pos1[i];
	  while (p < H->pos1[i + 1] && H->crd1[p] != j)
	    p++;
	  if (p < H->pos1[i + 1])
	    for (long k = 0; k < n2; k++)
	      y[i] += H->vals[p * n2 + k];
	}
  }
}

/* The integer factor s left out: s is no loop bound, and the output
   takes another value at each value of s (s = 1 agrees: no excuse).  */
void
dropped_int_factor (const struct csr *A, const double *x, double *y, int s)
{
#pragma tensor y(i) = A(i,j) * x(j) /* { dg-error "does not compute what the annotation says" } */
  for (int i = 0; i < A->n; i++)
    {
      y[i] = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	y[i] += s * A->vals[p] * x[A->colidx[p]];
    }
}

/* { dg-prune-output "on the inputs" } */
