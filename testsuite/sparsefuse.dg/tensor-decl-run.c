/* Tensors declared inside a function over loose arrays (SPEC 1.5), run
   against the same loops unannotated: CSR from 0 and from 1 (element 0
   unused: rowstr + 1, &a[1]), CSC over the same arrays by modes(1, 0),
   COO, a CSF tensor of order 3, members of a struct reached through a
   pointer, float values, a column-major dense operand, and a declaration
   in an outer block used in an inner one.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "sf-test.h"

struct loose { int n; int *ia, *ja; double *a; };

#define SPMV1(ANN)							\
  ANN									\
  for (j = 1; j <= n; j++)						\
    {									\
      sum = 0.0;							\
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)			\
	sum = sum + a[k] * p[colidx[k]];				\
      w[j] = sum;							\
    }

/* NPB-style: everything from 1, element 0 unused.  */
void
from_one (int n, int *rowstr, int *colidx, double *a, double *p, double *w)
{
  int j, k;
  double sum;
#pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(&a[1]) base(1)
#pragma tensor format P dims(n) levels(dense) values(p + 1)
#pragma tensor format W dims(n) levels(dense) values(w + 1)
  {
    SPMV1 (_Pragma ("tensor W(j) = A(j,k) * P(k)"))
  }
}

void
from_one_ref (int n, int *rowstr, int *colidx, double *a, double *p, double *w)
{
  int j, k;
  double sum;
  SPMV1 ()
}

/* y = A^T x over a struct's CSR arrays (0-based), a CSC view.  */
#define ATX(ANN)							\
  for (int i = 0; i < B->n; i++)					\
    y[i] = 0;								\
  ANN									\
  for (int i = 0; i < B->n; i++)					\
    for (int q = B->ia[i]; q < B->ia[i + 1]; q++)			\
      y[B->ja[q]] += B->a[q] * x[i];

void
transposed (struct loose *B, const double *x, double *y)
{
#pragma tensor format AT dims(B->n, B->n) levels(dense, compressed(B->ia, B->ja)) values(B->a) modes(1, 0)
#pragma tensor format X dims(B->n) levels(dense) values(x)
#pragma tensor format Y dims(B->n) levels(dense) values(y)
  ATX (_Pragma ("tensor Y(i) += AT(i,k) * X(k)"))
}

void
transposed_ref (struct loose *B, const double *x, double *y)
{
  ATX ()
}

/* COO with float values; y += A x.  */
#define COO(ANN)							\
  ANN									\
  for (long e = 0; e < nnz; e++)					\
    y[row[e]] += val[e] * x[col[e]];

void
coo (long n, long nnz, long *row, long *col, float *val, float *x, float *y)
{
#pragma tensor format A dims(n, n) levels(coo(nnz, row), singleton(col)) values(val)
#pragma tensor format X dims(n) levels(dense) values(x)
#pragma tensor format Y dims(n) levels(dense) values(y)
  COO (_Pragma ("tensor Y(i) += A(i,j) * X(j)"))
}

void
coo_ref (long n, long nnz, long *row, long *col, float *val, float *x, float *y)
{
  COO ()
}

/* MTTKRP on a CSF tensor held in five arrays; C and the output in
   Fortran's column-major layout.  */
#define MTTKRP(ANN)							\
  ANN									\
  for (long i = 0; i < I; i++)						\
    for (long r = 0; r < R; r++)					\
      {									\
	double s = 0;							\
	for (long pj = pos1[i]; pj < pos1[i + 1]; pj++)			\
	  for (long pk = pos2[pj]; pk < pos2[pj + 1]; pk++)		\
	    s += vals[pk] * c[crd1[pj] + r * J] * d[crd2[pk] * R + r];	\
	out[i + r * I] = s;						\
      }

void
mttkrp (long I, long J, long K, long R, long *pos1, long *crd1, long *pos2,
	long *crd2, double *vals, double *c, double *d, double *out)
{
#pragma tensor format B dims(I, J, K) levels(dense, compressed(pos1, crd1), compressed(pos2, crd2)) values(vals)
#pragma tensor format C dims(J, R) levels(dense, dense) values(c) modes(1, 0)
#pragma tensor format D dims(K, R) levels(dense, dense) values(d)
#pragma tensor format O dims(I, R) levels(dense, dense) values(out) modes(1, 0)
  MTTKRP (_Pragma ("tensor O(i,r) = B(i,j,k) * C(j,r) * D(k,r)"))
}

void
mttkrp_ref (long I, long J, long K, long R, long *pos1, long *crd1, long *pos2,
	    long *crd2, double *vals, double *c, double *d, double *out)
{
  MTTKRP ()
}

int
main (void)
{
  long n = 301, *rp, *ci;
  double *v;
  long nnz = sf_test_pattern (n, n, 0.03, &rp, &ci, &v);
  /* From 1: shift every array by one element.  */
  int *rowstr = malloc ((n + 2) * sizeof (int)), *colidx = malloc ((nnz + 1) * sizeof (int));
  double *a = malloc ((nnz + 1) * sizeof (double));
  double *p = malloc ((n + 1) * sizeof (double));
  double *w1 = calloc (n + 1, sizeof (double)), *w2 = calloc (n + 1, sizeof (double));
  for (long i = 0; i <= n; i++)
    rowstr[i + 1] = rp[i] + 1;
  for (long e = 0; e < nnz; e++)
    {
      colidx[e + 1] = ci[e] + 1;
      a[e + 1] = v[e];
    }
  sf_test_fill (p, n + 1);
  from_one (n, rowstr, colidx, a, p, w1);
  from_one_ref (n, rowstr, colidx, a, p, w2);
  sf_test_compare ("from one", w1 + 1, w2 + 1, n, 1e-12);

  struct loose L = { (int) n, malloc ((n + 1) * sizeof (int)),
		     malloc (nnz * sizeof (int)), v };
  for (long i = 0; i <= n; i++)
    L.ia[i] = rp[i];
  for (long e = 0; e < nnz; e++)
    L.ja[e] = ci[e];
  double *x = malloc (n * sizeof (double)), *y1 = malloc (n * sizeof (double));
  double *y2 = malloc (n * sizeof (double));
  sf_test_fill (x, n);
  transposed (&L, x, y1);
  transposed_ref (&L, x, y2);
  sf_test_compare ("transposed", y1, y2, n, 1e-12);

  long *row = malloc (nnz * sizeof (long));
  float *fv = malloc (nnz * sizeof (float)), *fx = malloc (n * sizeof (float));
  float *fy1 = calloc (n, sizeof (float)), *fy2 = calloc (n, sizeof (float));
  for (long i = 0; i < n; i++)
    for (long e = rp[i]; e < rp[i + 1]; e++)
      row[e] = i;
  sf_test_fill_float (fv, nnz);
  sf_test_fill_float (fx, n);
  coo (n, nnz, row, ci, fv, fx, fy1);
  coo_ref (n, nnz, row, ci, fv, fx, fy2);
  sf_test_compare_float ("coo", fy1, fy2, n, 1e-5);

  /* A CSF tensor I x J x K: its first two levels are the CSR pattern
     (I = n rows, J = n), its third a few k per (i, j).  */
  long I = n, J = n, K = 9, R = 5;
  long *pos2 = malloc ((nnz + 1) * sizeof (long)), *crd2 = malloc (nnz * K * sizeof (long));
  long nk = 0;
  pos2[0] = 0;
  for (long e = 0; e < nnz; e++)
    {
      for (long k = 0; k < K; k += 1 + sf_test_below (4))
	crd2[nk++] = k;
      pos2[e + 1] = nk;
    }
  double *tv = malloc (nk * sizeof (double)), *c = malloc (J * R * sizeof (double));
  double *d = malloc (K * R * sizeof (double));
  double *o1 = malloc (I * R * sizeof (double)), *o2 = malloc (I * R * sizeof (double));
  sf_test_fill (tv, nk);
  sf_test_fill (c, J * R);
  sf_test_fill (d, K * R);
  mttkrp (I, J, K, R, rp, ci, pos2, crd2, tv, c, d, o1);
  mttkrp_ref (I, J, K, R, rp, ci, pos2, crd2, tv, c, d, o2);
  sf_test_compare ("mttkrp", o1, o2, I * R, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
