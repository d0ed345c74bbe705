/* Data for the gen-*.c run tests: random sparse tensors of every shape
   the generated code must handle, built with libsparsefuse and copied
   into the tests' own structs.

     sf_coo a;
     gd_coo (&a, 2, (int64_t[]) { 7, 9 }, GD_EMPTY_ROWS, 3);
     sf_csr b;  gd_check (sf_coo_to_csr (&a, &b, &err), &err);
     int *rowptr = GD_COPY (int, b.pos, b.nrows + 1, 1);   (1-based copy)

   Shapes: random (about a sixth of the entries), empty rows (only rows
   1, 4, 7, ... hold entries), empty (no entry), a single entry, dense
   (three quarters of the entries).  A run test fills its output with
   garbage, runs the annotated function and its unannotated copy on the
   same data and compares (sf-test.h); main returns sf_test_status ().  */

#ifndef GEN_DATA_H
#define GEN_DATA_H

#include "sparsefuse.h"
#include "sf-test.h"

enum { GD_RANDOM, GD_EMPTY_ROWS, GD_EMPTY, GD_SINGLE, GD_DENSE, GD_NSHAPES };

static const char *const gd_shape_names[GD_NSHAPES] = {
  "random", "empty rows", "empty", "single entry", "dense"
};

/* Stop the test when RC (a libsparsefuse status) is an error.  */
static void
gd_check (int rc, const sf_error *err)
{
  if (rc)
    {
      printf ("FAIL: libsparsefuse: %s\n", err->message);
      fflush (stdout);
      abort ();
    }
}

/* Keep only the entries of A whose first coordinate is 1 mod 3.  */
static void
gd_empty_rows (sf_coo *a)
{
  int64_t n = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    if (a->crd[0][k] % 3 == 1)
      {
	for (int m = 0; m < a->order; m++)
	  a->crd[m][n] = a->crd[m][k];
	a->vals[n++] = a->vals[k];
      }
  a->nnz = n;
}

/* Set A to a sorted random tensor of order ORDER and extents DIMS, of
   shape SHAPE, drawn from SEED.  */
static void
gd_coo (sf_coo *a, int order, const int64_t *dims, int shape, uint64_t seed)
{
  sf_error err;
  int64_t total = 1;
  for (int m = 0; m < order; m++)
    total *= dims[m];
  int64_t nnz = shape == GD_EMPTY ? 0 : shape == GD_SINGLE ? 1
		: shape == GD_DENSE ? total * 3 / 4 : total / 6 + 1;
  if (nnz > total)
    nnz = total;
  if (nnz == 0)
    gd_check (sf_coo_alloc (order, dims, 0, a, &err), &err);
  else
    gd_check (sf_gen_uniform (order, dims, nnz, seed, a, &err), &err);
  if (shape == GD_EMPTY_ROWS)
    gd_empty_rows (a);
}

/* Return a malloc'd array of N + 1 random doubles (never NULL).  */
static double *
gd_dense (int64_t n)
{
  double *x = (double *) malloc ((size_t) (n + 1) * sizeof (double));
  sf_test_fill (x, n + 1);
  return x;
}

/* Return a malloc'd array of N + 1 random floats.  */
static float *
gd_dense_float (int64_t n)
{
  float *x = (float *) malloc ((size_t) (n + 1) * sizeof (float));
  sf_test_fill_float (x, n + 1);
  return x;
}

/* A malloc'd copy of the N elements of SRC as type T, BASE added to each
   (exactly N elements, so that valgrind sees a read past the end; one
   when N is 0, so that the array is not NULL).  */
#define GD_COPY(T, SRC, N, BASE)					\
  __extension__ ({							\
    int64_t gd_n_ = (N);						\
    size_t gd_size_ = (size_t) (gd_n_ > 0 ? gd_n_ : 1) * sizeof (T);	\
    T *gd_d_ = (T *) malloc (gd_size_);					\
    for (int64_t gd_q_ = 0; gd_q_ < gd_n_; gd_q_++)			\
      gd_d_[gd_q_] = (T) ((SRC)[gd_q_] + (BASE));			\
    gd_d_;								\
  })

/* A malloc'd copy of the N doubles at SRC.  */
#define GD_DUP(SRC, N) GD_COPY (double, SRC, N, 0)

/* Fill the CSR-like struct *S (members n, m and int pos, crd, double
   vals) with the matrix of the sf_coo *A.  */
#define GD_CSR_FROM_COO(S, A)						\
  do									\
    {									\
      sf_csr gd_r_;							\
      sf_error gd_err_;							\
      gd_check (sf_coo_to_csr ((A), &gd_r_, &gd_err_), &gd_err_);	\
      (S)->n = (int) gd_r_.nrows, (S)->m = (int) gd_r_.ncols;		\
      (S)->pos = GD_COPY (int, gd_r_.pos, gd_r_.nrows + 1, 0);		\
      (S)->crd = GD_COPY (int, gd_r_.crd, (A)->nnz, 0);		\
      (S)->vals = GD_DUP (gd_r_.vals, (A)->nnz);				\
      sf_csr_free (&gd_r_);						\
    }									\
  while (0)

/* Fill the CSR-like struct *S (as GD_CSR_FROM_COO) with a random N x M
   matrix of shape SHAPE drawn from SEED.  */
#define GD_MAKE_CSR(S, N, M, SHAPE, SEED)				\
  do									\
    {									\
      sf_coo gd_a_;							\
      gd_coo (&gd_a_, 2, (int64_t[]) { (N), (M) }, (SHAPE), (SEED));	\
      GD_CSR_FROM_COO (S, &gd_a_);					\
      sf_coo_free (&gd_a_);						\
    }									\
  while (0)

/* Fill the CSR-like struct *S (as GD_MAKE_CSR) with the Matrix Market
   file PATH, duplicates summed; nonzero when it was read (the data
   folder may be absent), 0 otherwise.  */
#define GD_READ_CSR(S, PATH)						\
  __extension__ ({							\
    sf_coo gd_a_;							\
    sf_csr gd_r_;							\
    sf_error gd_err_;							\
    int gd_ok_ = sf_read_mtx ((PATH), &gd_a_, &gd_err_) == SF_OK;	\
    if (gd_ok_)								\
      {									\
	gd_check (sf_coo_sum_duplicates (&gd_a_, &gd_err_), &gd_err_);	\
	gd_check (sf_coo_to_csr (&gd_a_, &gd_r_, &gd_err_), &gd_err_);	\
	int gd_rows_ = (int) gd_a_.dims[0];				\
	(S)->n = gd_rows_, (S)->m = (int) gd_a_.dims[1];		\
	(S)->pos = GD_COPY (int, gd_r_.pos, gd_rows_ + 1, 0);		\
	(S)->crd = GD_COPY (int, gd_r_.crd, gd_a_.nnz, 0);		\
	(S)->vals = GD_DUP (gd_r_.vals, gd_a_.nnz);			\
	sf_csr_free (&gd_r_);						\
	sf_coo_free (&gd_a_);						\
      }									\
    gd_ok_;								\
  })

/* Fill the CSR-like struct *S with an N x N band: PER entries in each
   row, columns i .. i + PER - 1 wrapping around, sorted.  */
#define GD_BAND_CSR(S, N, PER)						\
  do									\
    {									\
      int gd_n_ = (N), gd_per_ = (PER);					\
      (S)->n = (S)->m = gd_n_;						\
      (S)->pos = (int *) malloc ((gd_n_ + 1) * sizeof (int));		\
      (S)->crd = (int *) malloc ((size_t) gd_n_ * gd_per_ * sizeof (int)); \
      (S)->vals = gd_dense ((int64_t) gd_n_ * gd_per_);			\
      for (int gd_i_ = 0; gd_i_ <= gd_n_; gd_i_++)			\
	(S)->pos[gd_i_] = gd_i_ * gd_per_;				\
      for (int gd_i_ = 0; gd_i_ < gd_n_; gd_i_++)			\
	{								\
	  int *gd_c_ = (S)->crd + gd_i_ * gd_per_;			\
	  for (int gd_q_ = 0; gd_q_ < gd_per_; gd_q_++)			\
	    gd_c_[gd_q_] = (gd_i_ + gd_q_) % gd_n_;			\
	  for (int gd_a_ = 0; gd_a_ < gd_per_; gd_a_++)			\
	    for (int gd_b_ = gd_a_ + 1; gd_b_ < gd_per_; gd_b_++)	\
	      if (gd_c_[gd_b_] < gd_c_[gd_a_])				\
		{							\
		  int gd_t_ = gd_c_[gd_a_];				\
		  gd_c_[gd_a_] = gd_c_[gd_b_], gd_c_[gd_b_] = gd_t_;	\
		}							\
	}								\
    }									\
  while (0)

/* Compare N doubles (the annotated result GOT with the copy's WANT) for
   test WHAT on shape SHAPE.  */
static void
gd_compare (const char *what, int shape, const double *got,
	    const double *want, int64_t n)
{
  char buf[256];
  snprintf (buf, sizeof buf, "%s (%s)", what, gd_shape_names[shape]);
  sf_test_compare (buf, got, want, n, 1e-12);
}

/* Compare as gd_compare, norm-wise: max |GOT - WANT| <= 1e-12 max |WANT|
   (SPEC 4; for reductions the generated code reassociates, on data whose
   sums cancel: single entries then differ more, relative to themselves,
   than their neighbours' magnitude justifies).  */
static void
gd_compare_norm (const char *what, const double *got, const double *want,
		 int64_t n)
{
  double diff = 0, scale = 0;
  for (int64_t i = 0; i < n; i++)
    {
      diff = fmax (diff, fabs (got[i] - want[i]));
      scale = fmax (scale, fabs (want[i]));
    }
  if (!(diff <= 1e-12 * fmax (scale, 1.0)))
    {
      printf ("FAIL %s: max difference %.17g, max value %.17g\n", what, diff,
	      scale);
      sf_test_failures++;
      return;
    }
  printf ("ok %s (%ld values, norm-wise)\n", what, (long) n);
}

/* As gd_compare for floats (relative 1e-4: the copy and the generated
   code round single precision sums differently).  */
static void
gd_compare_float (const char *what, int shape, const float *got,
		  const float *want, int64_t n)
{
  char buf[256];
  snprintf (buf, sizeof buf, "%s (%s)", what, gd_shape_names[shape]);
  sf_test_compare_float (buf, got, want, n, 1e-4);
}

#endif /* GEN_DATA_H */
