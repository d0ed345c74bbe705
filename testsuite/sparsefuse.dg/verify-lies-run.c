/* The correct twins of verify-lies.c: the same loops, bounded by
   integers the annotation does not bind and reading the arrays and
   structs the wrong annotations left out, now described.  Each is
   verified, replaced, and agrees with its loop compiled without the
   annotation.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include <string.h>
#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

struct c3 { long d0, d1, d2; long *pos1, *crd1; double *vals; };
#pragma tensor format struct c3 dims(d0, d1, d2) levels(dense, compressed(pos1, crd1), dense) values(vals)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

TWINS (term, (const struct csr *A, const double *x, double *y, int n),
       _Pragma ("tensor y(i) = A(i,j) * x(j) + x(i)"),
       {
	 for (int i = 0; i < A->n; i++)
	   {
	     y[i] = 0;
	     for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	       y[i] += A->vals[p] * x[A->colidx[p]];
	   }
	 for (int i = 0; i < n; i++)
	   y[i] += x[i];
       })

TWINS (factor, (const struct csr *A, const double *x, const double *w,
		double *y, int m),
       _Pragma ("tensor y(i) = A(i,j) * x(j) * w(k) shape(w: m)"),
       {
	 for (int i = 0; i < A->n; i++)
	   {
	     y[i] = 0;
	     for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	       for (int k = 0; k < m; k++)
		 y[i] += A->vals[p] * x[A->colidx[p]] * w[k];
	   }
       })

/* Two loop bounds copied from the shape clauses' extents, four loops
   deep, beside an array of constant size.  */
TWINS (chain, (long n0, long n1, long m0, long m1,
	       double *restrict y, double w[4][5], const double *H,
	       const double *G),
       _Pragma ("tensor y(k) = H(k,t,u) * w(t,j) * G(j,u) shape(H: n0, 4, n1) shape(G: 5, n1)"),
       {
	 for (long k = 0; k < m0; k++)
	   y[k] = 0;
	 for (long k = 0; k < m0; k++)
	   for (long t = 0; t < 4; t++)
	     for (long u = 0; u < m1; u++)
	       for (long j = 0; j < 5; j++)
		 y[k] += H[(k * 4 + t) * m1 + u] * w[t][j] * G[j * m1 + u];
       })

TWINS (sterm, (const struct csr *A, const struct csr *W, const double *x,
	       double *y, int n),
       _Pragma ("tensor y(i) = A(i,j) * x(j) + W(i,k)"),
       {
	 for (int i = 0; i < n; i++)
	   {
	     y[i] = 0;
	     for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	       y[i] += A->vals[p] * x[A->colidx[p]];
	     for (int q = W->rowptr[i]; q < W->rowptr[i + 1]; q++)
	       y[i] += W->vals[q];
	   }
       })

#define TABLE_BODY						\
  for (int i = 0; i < B->n; i++)					\
    {									\
      x[i] = 0;								\
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)		\
	x[i] += w[i][B->colidx[p]] * B->vals[p];			\
    }

static void
table_ann (const struct csr *B, const float *w_in, double *restrict x)
{
  float w[3][3];
  memcpy (w, w_in, sizeof w);
#pragma tensor x(i) = w(i,j) * B(i,j)
  TABLE_BODY
}

static void
table_ref (const struct csr *B, const float *w_in, double *restrict x)
{
  float w[3][3];
  memcpy (w, w_in, sizeof w);
  TABLE_BODY
}

TWINS (hsum, (double *restrict y, double c, const struct c3 *H, long n0,
	      long n1, long n2),
       _Pragma ("tensor y(i) = c + H(i,j,k) shape(y: n0)"),
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
       })

TWINS (ifactor, (const struct csr *A, const double *x, double *y, int s),
       _Pragma ("tensor y(i) = s * A(i,j) * x(j)"),
       {
	 for (int i = 0; i < A->n; i++)
	   {
	     y[i] = 0;
	     for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	       y[i] += s * A->vals[p] * x[A->colidx[p]];
	   }
       })

/* A flag the annotation cannot know: with add = 0 the loop overwrites y,
   as the annotation says; any other value accumulates.  The region
   verifies with add held at 0, and tests it when it starts: a call with
   add = 1 runs the loop.  */
TWINS (flag, (const struct csr *A, const double *x, double *y, int add),
       _Pragma ("tensor y(i) = A(i,j) * x(j)"), /* { dg-message "the annotation holds only when 'add' == 0: the region tests it when it starts, and runs the loop otherwise" } */
       {
	 for (int i = 0; i < A->n; i++)
	   {
	     if (!add)
	       y[i] = 0;
	     for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	       y[i] += A->vals[p] * x[A->colidx[p]];
	   }
       })

struct sv { long long *crd[1]; double *vals; size_t *pos[1]; unsigned n; };
#pragma tensor format struct sv dims(n) levels(compressed(pos[0], crd[0])) values(vals)

#define SPARSE_TERM_BODY						\
  {									\
    for (e = (long) F->pos[0][0]; e < (long) F->pos[0][1]; e++)	\
      for (i = 0; i < n; i++)						\
	{								\
	  h = (long) D->pos[0][1];					\
	  q = (long) D->pos[0][0];					\
	  for (; q < h && (long) D->crd[0][q] != i; q++)		\
	    ;								\
	  if (q < h)							\
	    D->vals[q] += -1.0 * F->vals[e];				\
	}								\
    for (e = (long) C->pos[0][0]; e < (long) C->pos[0][1]; e++)	\
      for (i = 0; i < n; i++)						\
	{								\
	  h = (long) D->pos[0][1];					\
	  q = (long) D->pos[0][0];					\
	  for (; q < h && (long) D->crd[0][q] != i; q++)		\
	    ;								\
	  if (q < h)							\
	    D->vals[q] += 1.0 * C->vals[e];				\
	}								\
  }

static void
sparse_term_ann (long n, struct sv *D, const struct sv *F, const struct sv *C)
{
  long e, i, h, q;
#pragma tensor D(p) += -F(m) + C(k) relayout(F)
  SPARSE_TERM_BODY
}

static void
sparse_term_ref (long n, struct sv *D, const struct sv *F, const struct sv *C)
{
  long e, i, h, q;
  SPARSE_TERM_BODY
}

TWINS (int_term, (long n, double *y, const double *W, int s, const double *T),
       _Pragma ("tensor y(i) = W(i) * s + T(i) shape(y: n)"),
       {
	 for (long i = 0; i < n; i++)
	   y[i] = 0;
	 for (long i = 0; i < n; i++)
	   y[i] += W[i] * s;
	 for (long i = 0; i < n; i++)
	   y[i] += T[i];
       })

#define PRODUCT_BODY							\
  {									\
    for (long i = 0; i < n; i++)					\
      E[i] = 0;								\
    for (long e = (long) W->pos[0][0]; e < (long) W->pos[0][1]; e++)	\
      {									\
	long c = (long) W->crd[0][e];					\
	long h = (long) B->pos[0][1], q = (long) B->pos[0][0];		\
	for (; q < h && (long) B->crd[0][q] != c; q++)			\
	  ;								\
	if (q < h)							\
	  {								\
	    long g = (long) A.pos[0][1], r = (long) A.pos[0][0];	\
	    for (; r < g && (long) A.crd[0][r] != c; r++)		\
	      ;								\
	    if (r < g)							\
	      E[c] += W->vals[e] * B->vals[q] * A.vals[r];		\
	  }								\
      }									\
  }

TWINS (product, (long n, float *E, const struct sv *W, const struct sv *B,
		 struct sv A),
       _Pragma ("tensor E(i) = W(i) * B(i) * A(i)"), PRODUCT_BODY)

/* A CSR matrix of N rows and M columns from sf_test_pattern.  */
static struct csr
make_csr (int n, int m, double density)
{
  struct csr A = { n, m, NULL, NULL, NULL };
  sf_test_pattern_int (n, m, density, &A.rowptr, &A.colidx, &A.vals);
  return A;
}

int
main (void)
{
  enum { N = 9, M = 7, K = 5 };
  struct csr A = make_csr (N, N, 0.4), W = make_csr (N, M, 0.3);
  struct csr B = make_csr (3, 3, 0.6);
  double x[N], w[K], y1[N], y2[N];
  sf_test_fill (x, N);
  sf_test_fill (w, K);

  term_ann (&A, x, y1, N);
  term_ref (&A, x, y2, N);
  sf_test_compare ("term", y1, y2, N, 1e-12);

  factor_ann (&A, x, w, y1, K);
  factor_ref (&A, x, w, y2, K);
  sf_test_compare ("factor", y1, y2, N, 1e-12);

  sterm_ann (&A, &W, x, y1, N);
  sterm_ref (&A, &W, x, y2, N);
  sf_test_compare ("sterm", y1, y2, N, 1e-12);

  ifactor_ann (&A, x, y1, 3);
  ifactor_ref (&A, x, y2, 3);
  sf_test_compare ("ifactor", y1, y2, N, 1e-12);

  flag_ann (&A, x, y1, 0);
  flag_ref (&A, x, y2, 0);
  sf_test_compare ("flag", y1, y2, N, 1e-12);
  flag_ann (&A, x, y1, 1);
  flag_ref (&A, x, y2, 1);
  sf_test_compare ("flag, add 1", y1, y2, N, 1e-12);

  float wt[9];
  for (int k = 0; k < 9; k++)
    wt[k] = (float) (k % 4) - 1.5f;
  double x1[3], x2[3];
  table_ann (&B, wt, x1);
  table_ref (&B, wt, x2);
  sf_test_compare ("table", x1, x2, 3, 1e-6);

  enum { C0 = 3, C1 = 4 };
  static double H[C0 * 4 * C1], G[5 * C1], wc[4][5], z1[C0], z2[C0];
  sf_test_fill (H, C0 * 4 * C1);
  sf_test_fill (G, 5 * C1);
  sf_test_fill (&wc[0][0], 20);
  chain_ann (C0, C1, C0, C1, z1, wc, H, G);
  chain_ref (C0, C1, C0, C1, z2, wc, H, G);
  sf_test_compare ("chain", z1, z2, C0, 1e-12);

  /* H of 4 x 3 x 2: rows 0 and 2 with two fibers, row 1 empty, row 3
     with one.  */
  static long pos1[] = { 0, 2, 2, 4, 5 }, crd1[] = { 0, 2, 1, 2, 0 };
  static double hv[5 * 2];
  sf_test_fill (hv, 10);
  struct c3 H3 = { 4, 3, 2, pos1, crd1, hv };
  double h1[4], h2[4];
  hsum_ann (h1, 0.5, &H3, 4, 3, 2);
  hsum_ref (h2, 0.5, &H3, 4, 3, 2);
  sf_test_compare ("hsum", h1, h2, 4, 1e-12);

  /* Sparse vectors of 6: D with entries at 0, 2, 5; F at 1, 4; C at
     0, 3, 5.  */
  static long long dc[] = { 0, 2, 5 }, fc[] = { 1, 4 }, cc[] = { 0, 3, 5 };
  static size_t dp[] = { 0, 3 }, fp[] = { 0, 2 }, cp[] = { 0, 3 };
  double dv1[3] = { 1, 2, 3 }, dv2[3] = { 1, 2, 3 }, fv[2], cv[3];
  sf_test_fill (fv, 2);
  sf_test_fill (cv, 3);
  struct sv D1 = { { dc }, dv1, { dp }, 6 }, D2 = { { dc }, dv2, { dp }, 6 };
  struct sv F = { { fc }, fv, { fp }, 6 }, C = { { cc }, cv, { cp }, 6 };
  sparse_term_ann (6, &D1, &F, &C);
  sparse_term_ref (6, &D2, &F, &C);
  sf_test_compare ("sparse_term", dv1, dv2, 3, 1e-12);

  float e1[6], e2[6];
  struct sv Fa = { { cc }, fv, { fp }, 6 };	/* at 0, 3 */
  product_ann (6, e1, &C, &D1, Fa);
  product_ref (6, e2, &C, &D1, Fa);
  sf_test_compare_float ("product", e1, e2, 6, 1e-5);

  int_term_ann (N, y1, x, 3, w);
  int_term_ref (N, y2, x, 3, w);
  sf_test_compare ("int_term", y1, y2, N, 1e-12);

  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 11 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified when add = 0," 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ guard: add == 0;" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 11 "sparsefuse" } } */
