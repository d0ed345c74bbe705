/* Consecutive annotated statements that must NOT be fused (the
   intermediate is needed, or the substitution would not be exact): each
   region is replaced on its own, the dump says why they were not fused,
   and every function agrees with its unannotated copy.
     after      T is read after the second statement;
     before     T is written before the first statement (and the first
                accumulates into it);
     between    a statement runs between the two;
     param      T is the caller's array, not a local;
     feedback   the first statement reads the second one's output;
     broadcast  a term of the first statement does not mention k, which
                the second statement sums over.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define SPMM(T, B, C, K)						\
  for (int i = 0; i < (B)->n; i++)					\
    for (int k = 0; k < (K); k++)					\
      {									\
	T[i][k] = 0;							\
	for (int p = (B)->pos[i]; p < (B)->pos[i + 1]; p++)		\
	  T[i][k] += (B)->vals[p] * C[(B)->crd[p]][k];			\
      }
#define GEMM(A, T, D, N, K, L)						\
  for (int i = 0; i < (N); i++)						\
    for (int l = 0; l < (L); l++)					\
      {									\
	A[i][l] = 0;							\
	for (int k = 0; k < (K); k++)					\
	  A[i][l] += T[i][k] * D[k][l];					\
      }
#define P_SPMM _Pragma ("tensor T(i,k) = B(i,j) * C(j,k)")
#define P_GEMM _Pragma ("tensor A(i,l) = T(i,k) * D(k,l)")
#define ARGS const struct csr *B, int K, int L, double (*C)[K],	\
	     double (*D)[L], double (*A)[L], double *extra
#define PAIR(NAME, BODY)						\
  static void NAME##_ann (ARGS) BODY (P_SPMM, P_GEMM)			\
  static void NAME##_ref (ARGS) BODY (, )

#define AFTER_BODY(P1, P2)						\
  {									\
    double T[B->n][K];							\
    P1 SPMM (T, B, C, K)						\
    P2 GEMM (A, T, D, B->n, K, L)					\
    *extra = B->n ? T[B->n - 1][K - 1] : 0;				\
  }
PAIR (after, AFTER_BODY)

#define BEFORE_BODY(P1, P2)						\
  {									\
    double T[B->n][K];							\
    for (int i = 0; i < B->n; i++)					\
      for (int k = 0; k < K; k++)					\
	T[i][k] = extra[0];						\
    P1									\
    for (int i = 0; i < B->n; i++)					\
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)			\
	for (int k = 0; k < K; k++)					\
	  T[i][k] += B->vals[p] * C[B->crd[p]][k];			\
    P2 GEMM (A, T, D, B->n, K, L)					\
  }
static void before_ann (ARGS)
BEFORE_BODY (_Pragma ("tensor T(i,k) += B(i,j) * C(j,k)"), P_GEMM)
static void before_ref (ARGS)
BEFORE_BODY (, )

#define BETWEEN_BODY(P1, P2)						\
  {									\
    double T[B->n][K];							\
    P1 SPMM (T, B, C, K)						\
    extra[0] += 1;							\
    P2 GEMM (A, T, D, B->n, K, L)					\
  }
PAIR (between, BETWEEN_BODY)

#define PARAM_BODY(P1, P2)						\
  {									\
    P1 SPMM (T, B, C, K)						\
    P2 GEMM (A, T, D, B->n, K, L)					\
  }
static void param_ann (ARGS, double (*T)[K])
PARAM_BODY (_Pragma ("tensor T(i,k) = B(i,j) * C(j,k) shape(T: B->n, K)"),
	    _Pragma ("tensor A(i,l) = T(i,k) * D(k,l) shape(T: B->n, K)"))
static void param_ref (ARGS, double (*T)[K]) PARAM_BODY (, )

/* C is N x K and A N x L with L = K here.  */
#define FEEDBACK_BODY(P1, P2)						\
  {									\
    double T[B->n][K];							\
    P1 SPMM (T, B, A, K)						\
    P2 GEMM (A, T, D, B->n, K, L)					\
  }
static void feedback_ann (ARGS)
FEEDBACK_BODY (_Pragma ("tensor T(i,k) = B(i,j) * A(j,k)"), P_GEMM)
static void feedback_ref (ARGS)
FEEDBACK_BODY (, )

/* T(i,k) = B(i,k) + c(i) over a dense B row; a(i) = sum_k T(i,k).  */
#define BROADCAST_BODY(P1, P2)						\
  {									\
    double T[B->n][K];							\
    P1									\
    for (int i = 0; i < B->n; i++)					\
      for (int k = 0; k < K; k++)					\
	T[i][k] = C[i][k] + extra[i];					\
    P2									\
    for (int i = 0; i < B->n; i++)					\
      {									\
	A[i][0] = 0;							\
	for (int k = 0; k < K; k++)					\
	  A[i][0] += T[i][k];						\
      }									\
  }
static void broadcast_ann (ARGS)
BROADCAST_BODY (_Pragma ("tensor T(i,k) = C(i,k) + extra(i) shape(extra: B->n)"),
		_Pragma ("tensor A(i,z) = T(i,k) shape(A: B->n, 1)"))
static void broadcast_ref (ARGS)
BROADCAST_BODY (, )

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

typedef void kernel (ARGS);

/* Run ANN and REF on B with K = L (square so that feedback fits) and
   compare the outputs and the extra array.  */
static void
run_pair (const char *name, kernel *ann, kernel *ref, const struct csr *B,
	  int K)
{
  int big = B->n + B->m + K + 1;
  double *C = gd_dense ((int64_t) big * K), *D = gd_dense ((int64_t) K * K);
  double *A = gd_dense ((int64_t) big * K), *R = GD_DUP (A, (int64_t) big * K);
  double *X = gd_dense (big), *Y = GD_DUP (X, big);
  ann (B, K, K, (void *) C, (void *) D, (void *) A, X);
  ref (B, K, K, (void *) C, (void *) D, (void *) R, Y);
  gd_compare_norm (name, A, R, (int64_t) B->n * K);
  gd_compare_norm (name, X, Y, big);
  free (C), free (D), free (A), free (R), free (X), free (Y);
}

/* param takes T from the caller.  */
static void
run_param (const char *name, const struct csr *B, int K)
{
  int big = B->n + B->m + K + 1;
  double *C = gd_dense ((int64_t) big * K), *D = gd_dense ((int64_t) K * K);
  double *A = gd_dense ((int64_t) big * K), *R = GD_DUP (A, (int64_t) big * K);
  double *T = gd_dense ((int64_t) big * K), *U = GD_DUP (T, (int64_t) big * K);
  param_ann (B, K, K, (void *) C, (void *) D, (void *) A, NULL, (void *) T);
  param_ref (B, K, K, (void *) C, (void *) D, (void *) R, NULL, (void *) U);
  gd_compare_norm (name, A, R, (int64_t) B->n * K);
  gd_compare_norm (name, T, U, (int64_t) B->n * K);
  free (C), free (D), free (A), free (R), free (T), free (U);
}

int
main (void)
{
  static const int sizes[][2] = { { 13, 13 }, { 1, 1 }, { 20, 20 }, { 0, 0 } };
  for (int threads = 1; threads <= 2; threads++)
    {
      omp_set_num_threads (threads);
      for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
	for (int shape = 0; shape < GD_NSHAPES; shape++)
	  {
	    sf_coo a;
	    gd_coo (&a, 2, (int64_t[]) { sizes[s][0], sizes[s][1] }, shape,
		    7 + s);
	    struct csr B;
	    to_csr (&B, &a);
	    run_pair ("after", after_ann, after_ref, &B, 5);
	    run_pair ("before", before_ann, before_ref, &B, 5);
	    run_pair ("between", between_ann, between_ref, &B, 5);
	    run_pair ("feedback", feedback_ann, feedback_ref, &B, 5);
	    run_pair ("broadcast", broadcast_ann, broadcast_ref, &B, 5);
	    run_param ("param", &B, 5);
	    free (B.pos), free (B.crd), free (B.vals);
	    sf_coo_free (&a);
	  }
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-not "fused into region" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "not fused with region \[0-9\]+: the intermediate is used outside the two regions \\(line \[0-9\]+\\)" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "not fused with region \[0-9\]+: the first computation accumulates" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "not fused with region \[0-9\]+: other statements run between the two regions" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "not fused with region \[0-9\]+: the intermediate is not a local array of the function" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "not fused with region \[0-9\]+: the first computation reads the second one's output" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "not fused with region \[0-9\]+: a term of the first computation broadcasts" 1 "sparsefuse" } } */
/* Each statement is still replaced on its own.  */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 12 "sparsefuse" } } */
