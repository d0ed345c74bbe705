/* A sparse output with a pattern of its own drives the loop over its
   last level when two or more operands are merged there
   (lw_emit_driven): the loop runs over the output's positions and
   locates each operand by a forward cursor.  The output's pattern is the
   union of the operands' (sum3), a superset (extra entries get 0), a
   subset (entries it lacks are dropped) or empty; `=` and `+=`, a sum, a
   product and a sum inside a product, serial and with OpenMP.  The
   unannotated copy finds each operand's value by a linear search of its
   row, the meaning of the statement on the output's pattern.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

/* The value of S at (I, J), 0 when S has no entry there.  */
static double __attribute__ ((pure))
at (const struct csr *S, int i, int j)
{
  double v = 0;
  for (int p = S->pos[i]; p < S->pos[i + 1]; p++)
    if (S->crd[p] == j)
      v += S->vals[p];
  return v;
}

#define SUM3(PRAGMA, OP)						\
  {									\
    PRAGMA								\
    for (int i = 0; i < A->n; i++)					\
      for (int q = A->pos[i]; q < A->pos[i + 1]; q++)			\
	A->vals[q] OP at (B, i, A->crd[q]) + at (C, i, A->crd[q])	\
		      + at (D, i, A->crd[q]);				\
  }
static void sum3_ann (struct csr *A, const struct csr *B,
		      const struct csr *C, const struct csr *D)
SUM3 (_Pragma ("tensor A(i,j) = B(i,j) + C(i,j) + D(i,j)"), =)
static void sum3_ref (struct csr *A, const struct csr *B,
		      const struct csr *C, const struct csr *D)
SUM3 (, =)
static void acc_ann (struct csr *A, const struct csr *B,
		     const struct csr *C, const struct csr *D)
SUM3 (_Pragma ("tensor A(i,j) += B(i,j) + C(i,j) + D(i,j)"), +=)
static void acc_ref (struct csr *A, const struct csr *B,
		     const struct csr *C, const struct csr *D)
SUM3 (, +=)

#define MIXED(PRAGMA)							\
  {									\
    PRAGMA								\
    for (int i = 0; i < A->n; i++)					\
      for (int q = A->pos[i]; q < A->pos[i + 1]; q++)			\
	A->vals[q] = (at (B, i, A->crd[q]) - 2 * at (C, i, A->crd[q]))	\
		     * at (D, i, A->crd[q]);				\
  }
static void mixed_ann (struct csr *A, const struct csr *B,
		       const struct csr *C, const struct csr *D)
MIXED (_Pragma ("tensor A(i,j) = (B(i,j) - 2 * C(i,j)) * D(i,j)"))
static void mixed_ref (struct csr *A, const struct csr *B,
		       const struct csr *C, const struct csr *D)
MIXED ()

#define PROD(PRAGMA)							\
  {									\
    PRAGMA								\
    for (int i = 0; i < A->n; i++)					\
      for (int q = A->pos[i]; q < A->pos[i + 1]; q++)			\
	A->vals[q] = at (B, i, A->crd[q]) * at (C, i, A->crd[q]);	\
  }
static void prod_ann (struct csr *A, const struct csr *B,
		      const struct csr *C)
PROD (_Pragma ("tensor A(i,j) = B(i,j) * C(i,j)"))
static void prod_ref (struct csr *A, const struct csr *B,
		      const struct csr *C)
PROD ()


enum { UNION, SUPERSET, SUBSET, NONE, NKINDS };
static const char *const kind_names[NKINDS] = {
  "union", "superset", "subset", "empty"
};

/* Set A's pattern from the union of B, C, D (N x M) as KIND says.  */
static void
make_output (struct csr *A, int n, int m, int kind, const struct csr *B,
	     const struct csr *C, const struct csr *D)
{
  char *mark = calloc ((size_t) n * m + 1, 1);
  const struct csr *ops[3] = { B, C, D };
  for (int o = 0; o < 3; o++)
    for (int i = 0; i < n; i++)
      for (int p = ops[o]->pos[i]; p < ops[o]->pos[i + 1]; p++)
	mark[(size_t) i * m + ops[o]->crd[p]] = 1;
  int count = 0;
  for (int x = 0; x < n * m; x++)
    {
      if (kind == SUPERSET && x % 5 == 2)
	mark[x] = 1;
      if (kind == SUBSET && x % 3 == 0)
	mark[x] = 0;
      if (kind == NONE)
	mark[x] = 0;
      count += mark[x];
    }
  A->n = n, A->m = m;
  A->pos = malloc (sizeof (int) * (n + 1));
  A->crd = malloc (sizeof (int) * (count + 1));
  A->vals = gd_dense (count + 1);
  A->pos[0] = 0;
  for (int i = 0, q = 0; i < n; i++)
    {
      for (int j = 0; j < m; j++)
	if (mark[(size_t) i * m + j])
	  A->crd[q++] = j;
      A->pos[i + 1] = q;
    }
  free (mark);
}

static void
free_csr (struct csr *S)
{
  free (S->pos), free (S->crd), free (S->vals);
}

int
main (void)
{
  static const int sizes[][2] = { { 1, 1 }, { 9, 13 }, { 30, 31 },
				  { 40, 7 } };
  for (int threads = 1; threads <= 2; threads++)
    {
      omp_set_num_threads (threads);
      for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
	for (int shape = 0; shape < GD_NSHAPES; shape++)
	  for (int kind = 0; kind < NKINDS; kind++)
	    {
	      int n = sizes[s][0], m = sizes[s][1];
	      struct csr B, C, D, A;
	      GD_MAKE_CSR (&B, n, m, shape, 500 + s);
	      GD_MAKE_CSR (&C, n, m, (shape + 1) % GD_NSHAPES, 600 + s);
	      GD_MAKE_CSR (&D, n, m, (shape + 2) % GD_NSHAPES, 700 + s);
	      make_output (&A, n, m, kind, &B, &C, &D);
	      int nnz = A.pos[n];
	      double *want = GD_DUP (A.vals, nnz + 1);
	      double *start = GD_DUP (A.vals, nnz + 1);
	      struct csr R = A;
	      R.vals = want;
	      char what[160];
	      snprintf (what, sizeof what, "%dx%d %s output, %d threads", n,
			m, kind_names[kind], threads);
	      char name[200];
#define RUN(TEST, ...)							\
	      memcpy (A.vals, start, sizeof (double) * (nnz + 1));	\
	      memcpy (R.vals, start, sizeof (double) * (nnz + 1));	\
	      TEST##_ann (&A, __VA_ARGS__);				\
	      TEST##_ref (&R, __VA_ARGS__);				\
	      snprintf (name, sizeof name, "%s %s", #TEST, what);	\
	      gd_compare (name, shape, A.vals, R.vals, nnz)
	      RUN (sum3, &B, &C, &D);
	      RUN (acc, &B, &C, &D);
	      RUN (mixed, &B, &C, &D);
	      RUN (prod, &B, &C);
	      free (want), free (start);
	      free_csr (&A), free_csr (&B), free_csr (&C), free_csr (&D);
	    }
    }
  return sf_test_status ();
}

/* The three sums, and the sum inside a product, run over A's pattern
   when A does not share B's; the product (one lattice point) too.  */
/* { dg-final { scan-tree-dump-times "forall j \\(A's pattern, located: B compressed, C compressed, D compressed\\)" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "forall j \\(A's pattern, located: B compressed, C compressed\\)" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "else its own pattern, the operands located" 4 "sparsefuse" } } */
