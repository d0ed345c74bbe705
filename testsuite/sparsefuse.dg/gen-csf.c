/* MTTKRP, A(i,r) = B(i,j,k) * C(j,r) * D(k,r), through the plugin with B
   a CSF in each of the 6 mode orders (the runtime's sf_csf3_* types), a
   user CSF with a dense root level, long positions and base(1), the
   runtime's COO of order 3 (coo + singleton + singleton), and the
   order-4 MTTKRP A(i,r) = B(i,j,k,l) * C(j,r) * D(k,r) * E(l,r) with
   sf_csf4 and with a CSF stored in mode order (3, 0, 1, 2).  Each loop
   walks its tensor in storage order, as a user would write it, and
   agrees with its unannotated copy on every shape of tensor, also when
   called with a CSF of another mode order (the kernel reads the struct's
   mode_order; the region tests it).  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "gen-data.h"

typedef sf_csf sf_csf4_3012;
#pragma tensor format sf_csf4_3012 dims(dims[0], dims[1], dims[2], dims[3]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2]), compressed(pos[3], crd[3])) values(vals) modes(3, 0, 1, 2)

struct ucsf { int d0, d1, d2; long *pos1, *pos2; int *crd1, *crd2; double *v; };
#pragma tensor format struct ucsf dims(d0, d1, d2) levels(dense, compressed(pos1, crd1), compressed(pos2, crd2)) values(v) base(1)

/* The walk of a CSF of order 3 in storage order: c[mode] are the logical
   coordinates of each entry.  */
#define CSF3_BODY							\
  {									\
    for (int64_t i = 0; i < B->dims[0]; i++)				\
      for (int64_t r = 0; r < R; r++)					\
	A[i][r] = 0;							\
    for (int64_t a = B->pos[0][0]; a < B->pos[0][1]; a++)		\
      for (int64_t b = B->pos[1][a]; b < B->pos[1][a + 1]; b++)		\
	for (int64_t e = B->pos[2][b]; e < B->pos[2][b + 1]; e++)	\
	  {								\
	    int64_t c[3];						\
	    c[B->mode_order[0]] = B->crd[0][a];				\
	    c[B->mode_order[1]] = B->crd[1][b];				\
	    c[B->mode_order[2]] = B->crd[2][e];				\
	    for (int64_t r = 0; r < R; r++)				\
	      A[c[0]][r] += B->vals[e] * C[c[1]][r] * D[c[2]][r];	\
	  }								\
  }

#define CSF3_KERNEL(T)							\
  static void ann_##T (const T *B, int64_t R, double (*C)[R],		\
		       double (*D)[R], double (*A)[R])			\
  {									\
    _Pragma ("tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)")		\
    CSF3_BODY								\
  }
CSF3_KERNEL (sf_csf3_012)
CSF3_KERNEL (sf_csf3_021)
CSF3_KERNEL (sf_csf3_102)
CSF3_KERNEL (sf_csf3_120)
CSF3_KERNEL (sf_csf3_201)
CSF3_KERNEL (sf_csf3_210)
static void ref_csf3 (const sf_csf *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*A)[R])
CSF3_BODY

#define COO3_BODY							\
  {									\
    for (int64_t i = 0; i < B->dims[0]; i++)				\
      for (int64_t r = 0; r < R; r++)					\
	A[i][r] = 0;							\
    for (int64_t p = 0; p < B->nnz; p++)				\
      for (int64_t r = 0; r < R; r++)					\
	A[B->crd[0][p]][r] += B->vals[p] * C[B->crd[1][p]][r]		\
			      * D[B->crd[2][p]][r];			\
  }
static void coo3_ann (const sf_coo3 *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)
  COO3_BODY
}
static void coo3_ref (const sf_coo *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*A)[R])
COO3_BODY

/* 1-based positions and coordinates, a dense first level.  */
#define UCSF_BODY							\
  for (int i = 0; i < B.d0; i++)					\
    {									\
      for (int r = 0; r < R; r++)					\
	A[i][r] = 0;							\
      for (long b = B.pos1[i]; b < B.pos1[i + 1]; b++)			\
	for (long e = B.pos2[b - 1]; e < B.pos2[b]; e++)		\
	  for (int r = 0; r < R; r++)					\
	    A[i][r] += B.v[e - 1] * C[B.crd1[b - 1] - 1][r]		\
		       * D[B.crd2[e - 1] - 1][r];			\
    }
static void ucsf_ann (struct ucsf B, int R, double (*C)[R], double (*D)[R],
		      double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r)
  UCSF_BODY
}
static void ucsf_ref (struct ucsf B, int R, double (*C)[R], double (*D)[R],
		      double (*A)[R])
{ UCSF_BODY }

#define CSF4_BODY							\
  {									\
    for (int64_t i = 0; i < B->dims[0]; i++)				\
      for (int64_t r = 0; r < R; r++)					\
	A[i][r] = 0;							\
    for (int64_t a = B->pos[0][0]; a < B->pos[0][1]; a++)		\
      for (int64_t b = B->pos[1][a]; b < B->pos[1][a + 1]; b++)		\
	for (int64_t e = B->pos[2][b]; e < B->pos[2][b + 1]; e++)	\
	  for (int64_t f = B->pos[3][e]; f < B->pos[3][e + 1]; f++)	\
	    {								\
	      int64_t c[4];						\
	      c[B->mode_order[0]] = B->crd[0][a];			\
	      c[B->mode_order[1]] = B->crd[1][b];			\
	      c[B->mode_order[2]] = B->crd[2][e];			\
	      c[B->mode_order[3]] = B->crd[3][f];			\
	      for (int64_t r = 0; r < R; r++)				\
		A[c[0]][r] += B->vals[f] * C[c[1]][r] * D[c[2]][r]	\
			      * E[c[3]][r];				\
	    }								\
  }
static void csf4_ann (const sf_csf4 *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*E)[R], double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k,l) * C(j,r) * D(k,r) * E(l,r)
  CSF4_BODY
}
static void csf4_3012_ann (const sf_csf4_3012 *B, int64_t R, double (*C)[R],
			   double (*D)[R], double (*E)[R], double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k,l) * C(j,r) * D(k,r) * E(l,r)
  CSF4_BODY
}
static void csf4_ref (const sf_csf *B, int64_t R, double (*C)[R],
		      double (*D)[R], double (*E)[R], double (*A)[R])
CSF4_BODY

/* Set U to the dense-rooted 1-based CSF of the sorted order-3 COO A.  */
static void
to_ucsf (struct ucsf *u, const sf_coo *a)
{
  int64_t n = a->nnz, nfib = 0;
  u->d0 = (int) a->dims[0], u->d1 = (int) a->dims[1], u->d2 = (int) a->dims[2];
  u->pos1 = (long *) calloc ((size_t) u->d0 + 1, sizeof (long));
  u->pos2 = (long *) calloc ((size_t) n + 1, sizeof (long));
  u->crd1 = (int *) calloc ((size_t) n + 1, sizeof (int));
  u->crd2 = (int *) calloc ((size_t) n + 1, sizeof (int));
  u->v = GD_DUP (a->vals, n);
  for (int64_t q = 0; q < n; q++)
    {
      int i = a->crd[0][q], j = a->crd[1][q];
      if (q == 0 || i != a->crd[0][q - 1] || j != a->crd[1][q - 1])
	{
	  u->crd1[nfib] = j + 1;
	  u->pos2[nfib++] = q;		/* start of the fiber, 0-based */
	  u->pos1[i + 1]++;
	}
      u->crd2[q] = a->crd[2][q] + 1;
    }
  u->pos2[nfib] = n;
  for (int64_t f = 0; f <= nfib; f++)
    u->pos2[f] += 1;
  u->pos1[0] = 1;
  for (int i = 0; i < u->d0; i++)
    u->pos1[i + 1] += u->pos1[i];
}

/* Run the order-3 kernels on a D0 x D1 x D2 tensor of SHAPE, R columns.  */
static void
run3 (int64_t d0, int64_t d1, int64_t d2, int64_t R, int shape,
      uint64_t seed)
{
  static const int orders[6][3] = {
    { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 },
    { 2, 1, 0 }
  };
  typedef void kernel (const sf_csf *, int64_t, double (*)[R],
		       double (*)[R], double (*)[R]);
  kernel *const ann[6] = { ann_sf_csf3_012, ann_sf_csf3_021, ann_sf_csf3_102,
			   ann_sf_csf3_120, ann_sf_csf3_201, ann_sf_csf3_210 };
  sf_coo a;
  sf_error err;
  gd_coo (&a, 3, (int64_t[]) { d0, d1, d2 }, shape, seed);
  int64_t big = d0 + d1 + d2 + 1;
  double (*C)[R] = (void *) gd_dense (big * R);
  double (*D)[R] = (void *) gd_dense (big * R);
  double (*A)[R] = (void *) gd_dense (big * R);
  double (*W)[R] = (void *) GD_DUP (&A[0][0], big * R);
  char what[64];
  for (int o = 0; o < 6; o++)
    {
      sf_csf B;
      gd_check (sf_coo_to_csf (&a, orders[o], &B, &err), &err);
      ann[o] (&B, R, C, D, A);
      ref_csf3 (&B, R, C, D, W);
      snprintf (what, sizeof what, "csf3 order %d%d%d", orders[o][0],
		orders[o][1], orders[o][2]);
      gd_compare (what, shape, &A[0][0], &W[0][0], d0 * R);
      /* The same tensor through the kernel of the next order: the
	 struct's mode_order is not the format's modes, and the test at
	 the region's entry runs the loop, which reads mode_order.  */
      ann[(o + 1) % 6] (&B, R, C, D, A);
      snprintf (what, sizeof what, "csf3 order %d%d%d, kernel of the next",
		orders[o][0], orders[o][1], orders[o][2]);
      gd_compare (what, shape, &A[0][0], &W[0][0], d0 * R);
      sf_csf_free (&B);
    }
  coo3_ann (&a, R, C, D, A);
  coo3_ref (&a, R, C, D, W);
  gd_compare ("coo3", shape, &A[0][0], &W[0][0], d0 * R);
  struct ucsf U;
  to_ucsf (&U, &a);
  ucsf_ann (U, (int) R, (void *) C, (void *) D, (void *) A);
  ucsf_ref (U, (int) R, (void *) C, (void *) D, (void *) W);
  gd_compare ("1-based dense-root csf", shape, &A[0][0], &W[0][0], d0 * R);
  free (U.pos1), free (U.pos2), free (U.crd1), free (U.crd2), free (U.v);
  free (C), free (D), free (A), free (W);
  sf_coo_free (&a);
}

/* Run the order-4 kernels on a tensor of extents DIMS and SHAPE.  */
static void
run4 (const int64_t *dims, int64_t R, int shape, uint64_t seed)
{
  sf_coo a;
  sf_error err;
  gd_coo (&a, 4, dims, shape, seed);
  int64_t big = dims[0] + dims[1] + dims[2] + dims[3] + 1;
  double (*C)[R] = (void *) gd_dense (big * R);
  double (*D)[R] = (void *) gd_dense (big * R);
  double (*E)[R] = (void *) gd_dense (big * R);
  double (*A)[R] = (void *) gd_dense (big * R);
  double (*W)[R] = (void *) GD_DUP (&A[0][0], big * R);
  sf_csf B;
  gd_check (sf_coo_to_csf (&a, NULL, &B, &err), &err);
  csf4_ann (&B, R, C, D, E, A);
  csf4_ref (&B, R, C, D, E, W);
  gd_compare ("csf4", shape, &A[0][0], &W[0][0], dims[0] * R);
  /* each through the kernel of the other order: the test at the
     region's entry runs the loop */
  csf4_3012_ann ((const sf_csf4_3012 *) &B, R, C, D, E, A);
  gd_compare ("csf4, kernel of order 3012", shape, &A[0][0], &W[0][0],
	      dims[0] * R);
  sf_csf_free (&B);
  gd_check (sf_coo_to_csf (&a, (int[]) { 3, 0, 1, 2 }, &B, &err), &err);
  csf4_3012_ann (&B, R, C, D, E, A);
  csf4_ref (&B, R, C, D, E, W);
  gd_compare ("csf4 order 3012", shape, &A[0][0], &W[0][0], dims[0] * R);
  csf4_ann ((const sf_csf4 *) &B, R, C, D, E, A);
  gd_compare ("csf4 order 3012, kernel of order 0123", shape, &A[0][0],
	      &W[0][0], dims[0] * R);
  sf_csf_free (&B);
  free (C), free (D), free (E), free (A), free (W);
  sf_coo_free (&a);
}

int
main (void)
{
  static const int64_t sizes[][4] = {
    { 5, 6, 7, 4 }, { 1, 1, 1, 1 }, { 9, 2, 3, 9 }, { 0, 3, 4, 2 },
    { 12, 10, 11, 16 }
  };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	const int64_t *z = sizes[s];
	run3 (z[0], z[1], z[2], z[3], shape, 13 * s + shape + 1);
	run4 ((int64_t[]) { z[0], z[1], z[2], z[1] + 1 }, z[3], shape,
	      13 * s + shape + 7);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 10 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
/* The CSF kernels verify with mode_order held at the format's modes, and
   test it.  */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified when B->mode_order\\\[0\\\] = " 8 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "guard: \[^\n\]*B->mode_order\\\[0\\\] == \[0-2\], B->mode_order\\\[1\\\] == \[0-2\], B->mode_order\\\[2\\\] == \[0-2\];" 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "guard: \[^\n\]*B->mode_order\\\[0\\\] == \[0-3\], B->mode_order\\\[1\\\] == \[0-3\], B->mode_order\\\[2\\\] == \[0-3\], B->mode_order\\\[3\\\] == \[0-3\];" 2 "sparsefuse" } } */
