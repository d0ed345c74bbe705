/* The twins of verify-undescribed-shape.c that verify: the GNN layer and
   SDDMM with the sparse factor named, and two loops that read a struct of
   a declared format the annotation does not name without its result
   depending on it (its dims as the loop's bound; its pattern read, the
   count it makes multiplied by 0).  The checker gives such a struct a
   tensor of its format whose dims are the shape clause's; each region
   verifies (the dump says "verified"), is replaced and matches its loop
   compiled without the annotation.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "sf-test.h"
#ifdef _OPENMP
#include <omp.h>
#endif

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

enum { N = 23, M = 31, K = 5, L = 4 };

TWINS (gnn, (struct csr B, double C[N][K], double D[M][K],
	     double E[M][L], double A[N][L]),
       _Pragma ("tensor A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l) shape(C: B.n, K) shape(D: B.m, K) shape(E: B.m, L) shape(A: B.n, L)"),
       for (int i = 0; i < B.n; i++)
	 for (int p = B.pos[i]; p < B.pos[i + 1]; p++)
	   {
	     int j = B.crd[p];
	     double s = 0;
	     for (int k = 0; k < K; k++)
	       s += C[i][k] * D[j][k];
	     for (int l = 0; l < L; l++)
	       A[i][l] += B.vals[p] * s * E[j][l];
	   })
TWINS (sddmm, (struct csr *S, struct csr *O, double U[N][K],
	       double V[M][K]),
       _Pragma ("tensor O(i,j) = S(i,j) * U(i,k) * V(j,k)"),
       for (int i = 0; i < S->n; i++)
	 for (int p = S->pos[i]; p < S->pos[i + 1]; p++)
	   {
	     double s = 0;
	     for (int k = 0; k < K; k++)
	       s += U[i][k] * V[S->crd[p]][k];
	     O->vals[p] = S->vals[p] * s;
	   })
/* B only gives the loop its bound, the extent the clause names.  */
TWINS (bound, (const struct csr *B, const double *x, double *y),
       _Pragma ("tensor y(i) = 2.0 * x(i) shape(x: B->n) shape(y: B->n)"),
       for (int i = 0; i < B->n; i++)
	 y[i] = 2.0 * x[i];)
/* B's pattern is read, but the result does not depend on it.  */
TWINS (unused, (const struct csr *B, const double *x, double *y),
       _Pragma ("tensor y(i) = 2.0 * x(i) shape(x: B->n) shape(y: B->n)"),
       for (int i = 0; i < B->n; i++)
	 {
	   int c = 0;
	   for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
	     c++;
	   y[i] = 2.0 * x[i] + 0 * c;
	 })

static void
random_csr (struct csr *A)
{
  A->n = N, A->m = M;
  sf_test_pattern_int (N, M, 0.2, &A->pos, &A->crd, &A->vals);
}

int
main (void)
{
  struct csr B, O1, O2;
#ifdef _OPENMP
  omp_set_num_threads (2);
#endif
  random_csr (&B);
  long nnz = B.pos[N];
  static double C[N][K], D[M][K], E[M][L], A1[N][L], A2[N][L];
  static double x[N], y1[N], y2[N];
  sf_test_fill (&C[0][0], N * K);
  sf_test_fill (&D[0][0], M * K);
  sf_test_fill (&E[0][0], M * L);
  sf_test_fill (&A1[0][0], N * L);
  memcpy (A2, A1, sizeof A1);
  sf_test_fill (x, N);
  sf_test_fill (y1, N);
  memcpy (y2, y1, sizeof y1);

  gnn_ann (B, C, D, E, A1);
  gnn_ref (B, C, D, E, A2);
  sf_test_compare ("gnn", &A1[0][0], &A2[0][0], N * L, 1e-12);

  O1 = B, O2 = B;
  O1.vals = calloc (nnz + 1, sizeof (double));
  O2.vals = calloc (nnz + 1, sizeof (double));
  sddmm_ann (&B, &O1, C, D);
  sddmm_ref (&B, &O2, C, D);
  sf_test_compare ("sddmm", O1.vals, O2.vals, nnz, 1e-12);

  bound_ann (&B, x, y1);
  bound_ref (&B, x, y2);
  sf_test_compare ("bound", y1, y2, N, 1e-12);
  unused_ann (&B, x, y1);
  unused_ref (&B, x, y2);
  sf_test_compare ("unused", y1, y2, N, 1e-12);
  free (O1.vals);
  free (O2.vals);
  free (B.pos);
  free (B.crd);
  free (B.vals);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
