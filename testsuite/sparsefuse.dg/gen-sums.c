/* Sums and differences of sparse and dense operands through the plugin
   (merge lattices with unions, dense-driven unions, one nest per term):
     A(i,j) = B(i,j) + C(i,j) + D(i,j)            B CSR, C DCSR, D dense
     S(i,j) = B(i,j) + C(i,j) - E(i,j)            CSR, S CSR with the union
                                                  pattern (positions found
                                                  by search)
     A(i,j) = -(O(i,j) * B(i,j)) + 0.5 * C(i,j) - alpha    O COO
     A(i,j) = 2 * O(i,j)                          O COO with repeated
                                                  entries (they add up)
     y(i) = K(i,j) * x(j) + z(i)                  K CSC: one nest per term
     a(i) = B(i,j) + O(i,j) + d(i)                row sums
     a(i) = B(i,j) - d(i) + C(i,k)                two sums
     a(i) = (B(i,j) + d(i)) * E(i,j)              a sum inside a product
     a(i) = (b(i) + d(i)) * v(i)                  b compressed vector, v a
                                                  coo vector with repeats
     a(i) = b(i) * w(i) + 1.5                     a union with a constant
     A(i,j) = P(i,j) + Q(i,j) - R(i,j) + T(i,j)   DCSR: one loop over the
                                                  union of the rows
     A(i,j) = (P(i,j) + Q(i,j)) * R(i,j)          DCSR
   Each annotated loop agrees with its unannotated copy on every shape.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

struct csc { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csc dims(n, m) levels(dense, compressed(pos, crd)) values(vals) modes(1, 0)

struct coo { int n, m, nnz; int *row, *col; double *vals; };
#pragma tensor format struct coo dims(n, m) levels(coo(nnz, row), singleton(col)) values(vals)

/* A sparse vector: pos = { 0, nnz }.  */
struct vec { int n; int pos[2]; int *idx; double *vals; };
#pragma tensor format struct vec dims(n) levels(compressed(pos, idx)) values(vals)

/* A coordinate list of a vector, sorted, possibly repeating a coordinate.  */
struct cvec { int n, nnz; int *idx; double *vals; };
#pragma tensor format struct cvec dims(n) levels(coo(nnz, idx)) values(vals)

/* Return B(I,J) of CSR B (pure: callable inside a region).  */
static double __attribute__ ((pure))
at (const struct csr *B, int i, int j)
{
  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
    if (B->crd[p] == j)
      return B->vals[p];
  return 0;
}

/* Return b(I) of sparse vector B.  */
static double __attribute__ ((pure))
vat (const struct vec *b, int i)
{
  for (int p = 0; p < b->pos[1]; p++)
    if (b->idx[p] == i)
      return b->vals[p];
  return 0;
}

#define SUM3_BODY							\
  for (int i = 0; i < B.n; i++)						\
    for (int j = 0; j < B.m; j++)					\
      A[i][j] = at (&B, i, j) + D[i][j];				\
  for (int64_t q = C->pos[0][0]; q < C->pos[0][1]; q++)			\
    for (int64_t p = C->pos[1][q]; p < C->pos[1][q + 1]; p++)		\
      A[C->crd[0][q]][C->crd[1][p]] += C->vals[p];
static void sum3_ann (struct csr B, const sf_dcsr *C, double (*D)[B.m],
		      double (*A)[B.m])
{
#pragma tensor A(i,j) = B(i,j) + C(i,j) + D(i,j)
  { SUM3_BODY }
}
static void sum3_ref (struct csr B, const sf_dcsr *C, double (*D)[B.m],
		      double (*A)[B.m])
{ SUM3_BODY }

/* S's pattern holds the union of B's, C's and E's.  */
#define UNION_BODY							\
  {									\
    for (int p = 0; p < S->pos[S->n]; p++)				\
      S->vals[p] = 0;							\
    for (int i = 0; i < S->n; i++)					\
      for (int p = S->pos[i]; p < S->pos[i + 1]; p++)			\
	S->vals[p] = at (B, i, S->crd[p]) + at (C, i, S->crd[p])	\
		     - at (E, i, S->crd[p]);				\
  }
static void union_ann (struct csr *S, const struct csr *B,
		       const struct csr *C, const struct csr *E)
{
#pragma tensor S(i,j) = B(i,j) + C(i,j) - E(i,j)
  UNION_BODY
}
static void union_ref (struct csr *S, const struct csr *B,
		       const struct csr *C, const struct csr *E)
{ UNION_BODY }

#define MIXED_BODY							\
  {									\
    for (int i = 0; i < O->n; i++)					\
      for (int j = 0; j < O->m; j++)					\
	A[i][j] = 0.5 * at (C, i, j) - alpha;				\
    for (int p = 0; p < O->nnz; p++)					\
      A[O->row[p]][O->col[p]] -= O->vals[p]				\
				 * at (B, O->row[p], O->col[p]);	\
  }
static void mixed_ann (const struct coo *O, const struct csr *B,
		       const struct csr *C, float alpha, double (*A)[O->m])
{
#pragma tensor A(i,j) = -(O(i,j) * B(i,j)) + 0.5 * C(i,j) - alpha
  MIXED_BODY
}
static void mixed_ref (const struct coo *O, const struct csr *B,
		       const struct csr *C, float alpha, double (*A)[O->m])
{ MIXED_BODY }

#define DUP_BODY							\
  {									\
    for (int i = 0; i < O.n; i++)					\
      for (int j = 0; j < O.m; j++)					\
	A[i][j] = 0;							\
    for (int p = 0; p < O.nnz; p++)					\
      A[O.row[p]][O.col[p]] += 2 * O.vals[p];				\
  }
static void dup_ann (struct coo O, double (*A)[O.m])
{
#pragma tensor A(i,j) = 2 * O(i,j)
  DUP_BODY
}
static void dup_ref (struct coo O, double (*A)[O.m])
{ DUP_BODY }

#define CSC_BODY							\
  {									\
    for (int i = 0; i < K->n; i++)					\
      y[i] = z[i];							\
    for (int j = 0; j < K->m; j++)					\
      for (int p = K->pos[j]; p < K->pos[j + 1]; p++)			\
	y[K->crd[p]] += K->vals[p] * x[j];				\
  }
static void csc_ann (const struct csc *K, const double *x, const double *z,
		     double *y)
{
#pragma tensor y(i) = K(i,j) * x(j) + z(i)
  CSC_BODY
}
static void csc_ref (const struct csc *K, const double *x, const double *z,
		     double *y)
{ CSC_BODY }

#define ROWSUM_BODY							\
  {									\
    for (int i = 0; i < B->n; i++)					\
      {									\
	a[i] = d[i];							\
	for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	  a[i] += B->vals[p];						\
      }									\
    for (int p = 0; p < O->nnz; p++)					\
      a[O->row[p]] += O->vals[p];					\
  }
static void rowsum_ann (const struct csr *B, const struct coo *O,
			const double *d, double *a)
{
#pragma tensor a(i) = B(i,j) + O(i,j) + d(i)
  ROWSUM_BODY
}
static void rowsum_ref (const struct csr *B, const struct coo *O,
			const double *d, double *a)
{ ROWSUM_BODY }

#define TWO_BODY							\
  for (int i = 0; i < B->n; i++)					\
    {									\
      a[i] = -d[i];							\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	a[i] += B->vals[p];						\
      for (int p = C->pos[i]; p < C->pos[i + 1]; p++)			\
	a[i] += C->vals[p];						\
    }
static void two_ann (const struct csr *B, const struct csr *C,
		     const double *d, double *a)
{
#pragma tensor a(i) = B(i,j) - d(i) + C(i,k)
  TWO_BODY
}
static void two_ref (const struct csr *B, const struct csr *C,
		     const double *d, double *a)
{ TWO_BODY }

#define INPROD_BODY							\
  for (int i = 0; i < E->n; i++)					\
    {									\
      a[i] = 0;								\
      for (int p = E->pos[i]; p < E->pos[i + 1]; p++)			\
	a[i] += (at (B, i, E->crd[p]) + d[i]) * E->vals[p];		\
    }
static void inprod_ann (const struct csr *B, const struct csr *E,
			const double *d, double *a)
{
#pragma tensor a(i) = (B(i,j) + d(i)) * E(i,j)
  INPROD_BODY
}
static void inprod_ref (const struct csr *B, const struct csr *E,
			const double *d, double *a)
{ INPROD_BODY }

#define VEC_BODY							\
  {									\
    for (int i = 0; i < v->n; i++)					\
      a[i] = 0;								\
    for (int p = 0; p < v->nnz; p++)					\
      a[v->idx[p]] += (vat (b, v->idx[p]) + d[v->idx[p]]) * v->vals[p];	\
  }
static void vec_ann (const struct vec *b, const double *d,
		     const struct cvec *v, double *a)
{
#pragma tensor a(i) = (b(i) + d(i)) * v(i)
  VEC_BODY
}
static void vec_ref (const struct vec *b, const double *d,
		     const struct cvec *v, double *a)
{ VEC_BODY }

#define CONST_BODY							\
  for (int i = 0; i < b.n; i++)						\
    a[i] = vat (&b, i) * vat (&w, i) + 1.5;
static void const_ann (struct vec b, struct vec w, double *a)
{
#pragma tensor a(i) = b(i) * w(i) + 1.5
  CONST_BODY
}
static void const_ref (struct vec b, struct vec w, double *a)
{ CONST_BODY }

/* Add SIGN times the entries of DCSR P to dense A.  */
#define ADD_DCSR(A, P, SIGN)						\
  for (int64_t q = (P)->pos[0][0]; q < (P)->pos[0][1]; q++)		\
    for (int64_t p = (P)->pos[1][q]; p < (P)->pos[1][q + 1]; p++)	\
      A[(P)->crd[0][q]][(P)->crd[1][p]] += (SIGN) * (P)->vals[p];

#define UNION4_BODY							\
  {									\
    for (int64_t i = 0; i < P->nrows; i++)				\
      for (int64_t j = 0; j < P->ncols; j++)				\
	A[i][j] = 0;							\
    ADD_DCSR (A, P, 1) ADD_DCSR (A, Q, 1) ADD_DCSR (A, R, -1)		\
    ADD_DCSR (A, T, 1)							\
  }
static void union4_ann (const sf_dcsr *P, const sf_dcsr *Q, const sf_dcsr *R,
			const sf_dcsr *T, double (*A)[P->ncols])
{
#pragma tensor A(i,j) = P(i,j) + Q(i,j) - R(i,j) + T(i,j)
  UNION4_BODY
}
static void union4_ref (const sf_dcsr *P, const sf_dcsr *Q, const sf_dcsr *R,
			const sf_dcsr *T, double (*A)[P->ncols])
{ UNION4_BODY }

/* Return P(I,J) of DCSR P.  */
static double __attribute__ ((pure))
dat (const sf_dcsr *P, int64_t i, int64_t j)
{
  for (int64_t q = P->pos[0][0]; q < P->pos[0][1]; q++)
    if (P->crd[0][q] == i)
      for (int64_t p = P->pos[1][q]; p < P->pos[1][q + 1]; p++)
	if (P->crd[1][p] == j)
	  return P->vals[p];
  return 0;
}

#define UPROD_BODY							\
  for (int64_t i = 0; i < P->nrows; i++)				\
    for (int64_t j = 0; j < P->ncols; j++)				\
      A[i][j] = (dat (P, i, j) + dat (Q, i, j)) * dat (R, i, j);
static void uprod_ann (const sf_dcsr *P, const sf_dcsr *Q, const sf_dcsr *R,
		       double (*A)[P->ncols])
{
#pragma tensor A(i,j) = (P(i,j) + Q(i,j)) * R(i,j)
  UPROD_BODY
}
static void uprod_ref (const sf_dcsr *P, const sf_dcsr *Q, const sf_dcsr *R,
		       double (*A)[P->ncols])
{ UPROD_BODY }

/* ---- data ---- */

/* Set S to the CSR of COO A with int arrays.  */
static void
to_csr (struct csr *s, const sf_coo *a)
{
  sf_csr r;
  sf_error err;
  gd_check (sf_coo_to_csr (a, &r, &err), &err);
  s->n = (int) r.nrows, s->m = (int) r.ncols;
  s->pos = GD_COPY (int, r.pos, r.nrows + 1, 0);
  s->crd = GD_COPY (int, r.crd, a->nnz, 0);
  s->vals = GD_DUP (r.vals, a->nnz);
  sf_csr_free (&r);
}

/* Set S to the COO of A, each entry whose value is above 0.3 repeated
   with another value when REPEAT.  */
static void
to_coo (struct coo *s, const sf_coo *a, int repeat)
{
  int64_t n = a->nnz;
  s->n = (int) a->dims[0], s->m = (int) a->dims[1];
  s->row = (int *) malloc ((size_t) (2 * n + 1) * sizeof (int));
  s->col = (int *) malloc ((size_t) (2 * n + 1) * sizeof (int));
  s->vals = (double *) malloc ((size_t) (2 * n + 1) * sizeof (double));
  s->nnz = 0;
  for (int64_t q = 0; q < n; q++)
    for (int t = 0; t < (repeat && a->vals[q] > 0.3 ? 2 : 1); t++)
      {
	s->row[s->nnz] = a->crd[0][q], s->col[s->nnz] = a->crd[1][q];
	s->vals[s->nnz++] = t ? -0.25 : a->vals[q];
      }
}

/* Set S to a CSR of the union pattern of B, C and E (values 0).  */
static void
union_pattern (struct csr *s, const sf_coo *b, const sf_coo *c,
	       const sf_coo *e)
{
  sf_coo u;
  sf_error err;
  int64_t n = b->nnz + c->nnz + e->nnz;
  gd_check (sf_coo_alloc (2, b->dims, n, &u, &err), &err);
  const sf_coo *parts[3] = { b, c, e };
  for (int64_t q = 0, k = 0; k < 3; k++)
    for (int64_t r = 0; r < parts[k]->nnz; r++, q++)
      u.crd[0][q] = parts[k]->crd[0][r], u.crd[1][q] = parts[k]->crd[1][r];
  gd_check (sf_coo_sum_duplicates (&u, &err), &err);
  to_csr (s, &u);
  sf_coo_free (&u);
}

static void
free_csr (struct csr *s)
{
  free (s->pos), free (s->crd), free (s->vals);
}

/* Run the vector kernels on vectors of length N derived from A's row 1
   (or 0).  */
static void
run_vectors (const sf_coo *a, int n, int shape)
{
  struct vec b = { n, { 0, 0 }, (int *) malloc ((size_t) n * 4 + 4),
		   (double *) malloc ((size_t) n * 8 + 8) };
  struct vec w = b;
  w.idx = (int *) malloc ((size_t) n * 4 + 4);
  w.vals = (double *) malloc ((size_t) n * 8 + 8);
  struct cvec v = { n, 0, (int *) malloc ((size_t) n * 8 + 8),
		    (double *) malloc ((size_t) n * 16 + 16) };
  for (int i = 0; i < n; i++)
    {
      if (sf_test_below (3) == 0)
	b.idx[b.pos[1]] = i, b.vals[b.pos[1]++] = sf_test_value ();
      if (sf_test_below (2) == 0)
	w.idx[w.pos[1]] = i, w.vals[w.pos[1]++] = sf_test_value ();
      for (int t = (int) sf_test_below (4) - 1; t > 0; t--)
	v.idx[v.nnz] = i, v.vals[v.nnz++] = sf_test_value ();
    }
  if (shape == GD_EMPTY)
    b.pos[1] = w.pos[1] = v.nnz = 0;
  double *d = gd_dense (n), *x = gd_dense (n), *y = GD_DUP (x, n + 1);
  vec_ann (&b, d, &v, x), vec_ref (&b, d, &v, y);
  gd_compare ("(b + d) * coo vector", shape, x, y, n);
  const_ann (b, w, x), const_ref (b, w, y);
  gd_compare ("b * w + 1.5", shape, x, y, n);
  free (b.idx), free (b.vals), free (w.idx), free (w.vals), free (v.idx);
  free (v.vals), free (d), free (x), free (y);
  (void) a;
}

/* Run the matrix kernels on N x M matrices of SHAPE.  */
static void
run (int n, int m, int shape, uint64_t seed)
{
  sf_coo a, b, c;
  sf_error err;
  int64_t dims[2] = { n, m };
  gd_coo (&a, 2, dims, shape, seed);
  gd_coo (&b, 2, dims, (shape + 1) % GD_NSHAPES, seed + 1);
  gd_coo (&c, 2, dims, (shape + 3) % GD_NSHAPES, seed + 2);
  struct csr B, C, E, S;
  struct coo O, Od;
  sf_dcsr Cd;
  sf_csc k;
  to_csr (&B, &a), to_csr (&C, &b), to_csr (&E, &c);
  to_coo (&O, &b, 0), to_coo (&Od, &a, 1);
  gd_check (sf_coo_to_dcsr (&b, &Cd, &err), &err);
  gd_check (sf_coo_to_csc (&a, &k, &err), &err);
  struct csc K = { n, m, GD_COPY (int, k.pos, m + 1, 0),
		   GD_COPY (int, k.crd, a.nnz, 0), GD_DUP (k.vals, a.nnz) };
  int big = (n + 1) * (m + 1);
  double *D = gd_dense (big), *X = gd_dense (big), *Y = GD_DUP (X, big);
  sum3_ann (B, &Cd, (void *) D, (void *) X);
  sum3_ref (B, &Cd, (void *) D, (void *) Y);
  gd_compare ("csr + dcsr + dense", shape, X, Y, n * m);
  union_pattern (&S, &a, &b, &c);
  double *sv = GD_DUP (S.vals, S.pos[n]);
  union_ann (&S, &B, &C, &E);
  double *got = S.vals;
  S.vals = sv;
  union_ref (&S, &B, &C, &E);
  gd_compare ("csr + csr - csr into the union pattern", shape, got, sv,
	      S.pos[n]);
  free (got);
  mixed_ann (&O, &B, &C, 0.25f, (void *) X);
  mixed_ref (&O, &B, &C, 0.25f, (void *) Y);
  gd_compare ("-(coo * csr) + 0.5 * csr - alpha", shape, X, Y, n * m);
  dup_ann (Od, (void *) X), dup_ref (Od, (void *) Y);
  gd_compare ("2 * coo with repeated entries", shape, X, Y, n * m);
  double *x = gd_dense (big), *z = gd_dense (big);
  csc_ann (&K, x, z, X), csc_ref (&K, x, z, Y);
  gd_compare ("csc * x + z", shape, X, Y, n);
  rowsum_ann (&B, &O, z, X), rowsum_ref (&B, &O, z, Y);
  gd_compare ("row sums", shape, X, Y, n);
  two_ann (&B, &C, z, X), two_ref (&B, &C, z, Y);
  gd_compare ("two sums", shape, X, Y, n);
  inprod_ann (&B, &E, z, X), inprod_ref (&B, &E, z, Y);
  gd_compare ("sum inside a product", shape, X, Y, n);
  sf_dcsr Pd, Rd, Td;
  gd_check (sf_coo_to_dcsr (&a, &Pd, &err), &err);
  gd_check (sf_coo_to_dcsr (&c, &Rd, &err), &err);
  sf_coo t;
  gd_coo (&t, 2, dims, GD_EMPTY_ROWS, seed + 3);
  gd_check (sf_coo_to_dcsr (&t, &Td, &err), &err);
  union4_ann (&Pd, &Cd, &Rd, &Td, (void *) X);
  union4_ref (&Pd, &Cd, &Rd, &Td, (void *) Y);
  gd_compare ("dcsr + dcsr - dcsr + dcsr", shape, X, Y, n * m);
  uprod_ann (&Pd, &Cd, &Rd, (void *) X), uprod_ref (&Pd, &Cd, &Rd, (void *) Y);
  gd_compare ("(dcsr + dcsr) * dcsr", shape, X, Y, n * m);
  sf_dcsr_free (&Pd), sf_dcsr_free (&Rd), sf_dcsr_free (&Td);
  sf_coo_free (&t);
  run_vectors (&a, m, shape);
  free_csr (&B), free_csr (&C), free_csr (&E), free_csr (&S);
  free (O.row), free (O.col), free (O.vals), free (Od.row), free (Od.col);
  free (Od.vals), free (K.pos), free (K.crd), free (K.vals);
  free (D), free (X), free (Y), free (x), free (z);
  sf_dcsr_free (&Cd), sf_csc_free (&k);
  sf_coo_free (&a), sf_coo_free (&b), sf_coo_free (&c);
}

int
main (void)
{
  static const int sizes[][2] = {
    { 13, 17 }, { 1, 1 }, { 20, 3 }, { 0, 6 }, { 25, 25 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      run (sizes[s][0], sizes[s][1], shape, 23 * s + shape + 1);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 12 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "one nest per term" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "forall i \\(union of P compressed, Q compressed, R compressed, T compressed\\)" "sparsefuse" } } */
