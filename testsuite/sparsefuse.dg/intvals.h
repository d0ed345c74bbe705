/* Integer values (issue 39): formats, dense operands and scalars of every
   arithmetic type, each annotated function against its unannotated copy,
   integers compared exactly, at one and two threads:
     - SpMV y = B x over CSR with int32, int64, int16, uint8 and uint64
       values, x and y of the same type: uint64 values of 64 random bits
       (their products and sums wrap, as C defines), uint8 and int16 results
       converted back at every store (C's modulo conversion), int32 and
       int64 sums in the loop's own range;
     - int32 values times int32 x into an int64 accumulator (the products
       in int, the sum in int64_t, as the loop writes it), and with an
       int factor into a double y (the sum in double);
     - mixed: int32 values times double x into double y, and int32 values
       times float x into double y (the products in float, the sum in
       double), within rounding; a double alpha times int values times int
       x near 2^17, whose int product would overflow where C computes in
       double, and 0.5 times the same (a floating constant makes a double,
       as in C);
     - an int scalar factor: y = alpha * B x, all int32;
     - y += B^T x with uint32 values of 32 random bits (wrapping), a copy
       of y per thread;
     - SpMM A = B C and SDDMM A = B .* (C D^T) with integer values;
     - counts: paths of length 2 from each vertex, y = B (B 1), over an
       adjacency matrix of unsigned char ones into uint64 counts;
     - an integer dot product into an int64 scalar.
   Rows short and long (the loop as it was, the partial sums), empty rows,
   an empty matrix.  Included by intvals.c (-O2), intvals-O0.c,
   intvals-O3.c and intvals-serial.c (no -fopenmp).  */

#include <stdint.h>
#ifdef _OPENMP
#include <omp.h>
#else
#define omp_set_num_threads(n) ((void) (n))
#endif
#include "sf-test.h"

struct csr_i32 { int n, m; int *rowptr, *colidx; int32_t *vals; };
#pragma tensor format struct csr_i32 dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct csr_i64 { int n, m; int *rowptr, *colidx; int64_t *vals; };
#pragma tensor format struct csr_i64 dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct csr_i16 { int n, m; int *rowptr, *colidx; short *vals; };
#pragma tensor format struct csr_i16 dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct csr_u8 { int n, m; int *rowptr, *colidx; unsigned char *vals; };
#pragma tensor format struct csr_u8 dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
struct csr_u64 { int n, m; int *rowptr, *colidx; uint64_t *vals; };
#pragma tensor format struct csr_u64 dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

/* y = B x, the loop as a user writes it: y[i] zeroed, then added to.  */
#define SPMV(NAME, CSR, XT, YT, ANN)					\
  static void NAME (struct CSR B, const XT *x, YT *y)			\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      {									\
	y[i] = 0;							\
	for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	  y[i] += B.vals[p] * x[B.colidx[p]];				\
      }									\
  }
#define SPMV_PAIR(NAME, CSR, XT, YT)					\
  SPMV (NAME##_ann, CSR, XT, YT, _Pragma ("tensor y(i) = B(i,j) * x(j)")) \
  SPMV (NAME##_ref, CSR, XT, YT, )

SPMV_PAIR (spmv_i32, csr_i32, int32_t, int32_t)
SPMV_PAIR (spmv_i64, csr_i64, int64_t, int64_t)
SPMV_PAIR (spmv_i16, csr_i16, short, short)
SPMV_PAIR (spmv_u8, csr_u8, unsigned char, unsigned char)
SPMV_PAIR (spmv_u64, csr_u64, uint64_t, uint64_t)
SPMV_PAIR (spmv_mixed, csr_i32, double, double)
SPMV_PAIR (spmv_mixed_f, csr_i32, float, double)

/* y = alpha B x with a double alpha and int values and x near 2^17: C
   computes (alpha * B) * x in double; an int product B * x (what
   factoring alpha out of the sum would make) overflows.  */
#define SPMV_DALPHA(NAME, ANN)						\
  static void NAME (struct csr_i32 B, double alpha, const int32_t *x,	\
		    double *y)						\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      {									\
	y[i] = 0;							\
	for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	  y[i] += alpha * B.vals[p] * x[B.colidx[p]];			\
      }									\
  }
SPMV_DALPHA (spmv_dalpha_ann, _Pragma ("tensor y(i) = alpha * B(i,j) * x(j)"))
SPMV_DALPHA (spmv_dalpha_ref, )

/* A floating constant makes a double of int values, as in C: 0.5 * B x
   with int values and x near 2^17 into a double y.  */
#define SPMV_HALF(NAME, ANN)						\
  static void NAME (struct csr_i32 B, const int32_t *x, double *y)	\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      {									\
	y[i] = 0;							\
	for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	  y[i] += 0.5 * B.vals[p] * x[B.colidx[p]];			\
      }									\
  }
SPMV_HALF (spmv_half_ann, _Pragma ("tensor y(i) = 0.5 * B(i,j) * x(j)"))
SPMV_HALF (spmv_half_ref, )

/* y += B^T x, scattered (a copy of y per thread, added in turn), with
   uint32 values of 32 random bits: every product and sum wraps.  */
struct csr_u32 { int n, m; int *rowptr, *colidx; uint32_t *vals; };
#pragma tensor format struct csr_u32 dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
#define SPMTV(NAME, ANN)						\
  static void NAME (struct csr_u32 B, const uint32_t *x, uint32_t *y)	\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	y[B.colidx[p]] += B.vals[p] * x[i];				\
  }
SPMTV (spmtv_ann, _Pragma ("tensor y(j) += B(i,j) * x(i)"))
SPMTV (spmtv_ref, )

/* int products summed in an int64_t accumulator.  */
#define SPMV_WIDE(NAME, ANN)						\
  static void NAME (struct csr_i32 B, const int32_t *x, int64_t *y)	\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      {									\
	int64_t s = 0;							\
	for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	  s += B.vals[p] * x[B.colidx[p]];				\
	y[i] = s;							\
      }									\
  }
SPMV_WIDE (spmv_wide_ann, _Pragma ("tensor y(i) = B(i,j) * x(j)"))
SPMV_WIDE (spmv_wide_ref, )

/* y = alpha B x with int alpha, values and x into a double y: the
   products in int, their sum in double (the lowering factors alpha out
   of the sum, which must stay a double one).  */
#define SPMV_I2D(NAME, ANN)						\
  static void NAME (struct csr_i32 B, int alpha, const int32_t *x,	\
		    double *y)						\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      {									\
	y[i] = 0;							\
	for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	  y[i] += alpha * B.vals[p] * x[B.colidx[p]];			\
      }									\
  }
SPMV_I2D (spmv_i2d_ann, _Pragma ("tensor y(i) = alpha * B(i,j) * x(j)"))
SPMV_I2D (spmv_i2d_ref, )

/* y = alpha B x with an int alpha.  */
#define SPMV_ALPHA(NAME, ANN)						\
  static void NAME (struct csr_i32 B, int alpha, const int32_t *x,	\
		    int32_t *y)						\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      {									\
	int32_t s = 0;							\
	for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	  s += alpha * B.vals[p] * x[B.colidx[p]];			\
	y[i] = s;							\
      }									\
  }
SPMV_ALPHA (spmv_alpha_ann, _Pragma ("tensor y(i) = alpha * B(i,j) * x(j)"))
SPMV_ALPHA (spmv_alpha_ref, )

/* A = B C, int32 values, K columns.  */
#define SPMM(NAME, ANN)							\
  static void NAME (struct csr_i32 B, int K, const int32_t (*C)[K],	\
		    int32_t (*A)[K])					\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      {									\
	for (int k = 0; k < K; k++)					\
	  A[i][k] = 0;							\
	for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	  for (int k = 0; k < K; k++)					\
	    A[i][k] += B.vals[p] * C[B.colidx[p]][k];			\
      }									\
  }
SPMM (spmm_ann, _Pragma ("tensor A(i,k) = B(i,j) * C(j,k)"))
SPMM (spmm_ref, )

/* A = B .* (C D^T) on B's pattern (A shares pos and crd with B), int64
   values.  */
#define SDDMM(NAME, ANN)						\
  static void NAME (struct csr_i64 B, int K, const int64_t (*C)[K],	\
		    const int64_t (*D)[K], struct csr_i64 A)		\
  {									\
    ANN									\
    for (int i = 0; i < B.n; i++)					\
      for (int p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)		\
	{								\
	  int64_t s = 0;						\
	  for (int k = 0; k < K; k++)					\
	    s += C[i][k] * D[B.colidx[p]][k];				\
	  A.vals[p] = B.vals[p] * s;					\
	}								\
  }
SDDMM (sddmm_ann, _Pragma ("tensor A(i,j) = B(i,j) * C(i,k) * D(j,k)"))
SDDMM (sddmm_ref, )

/* An integer dot product into an int64 scalar.  */
#define DOT(NAME, ANN)							\
  static int64_t NAME (int n, const int32_t *p, const int64_t *q)	\
  {									\
    int64_t d = 3;							\
    ANN									\
    for (int j = 0; j < n; j++)						\
      d += p[j] * q[j];							\
    return d;								\
  }
DOT (dot_ann, _Pragma ("tensor d += p(j) * q(j) shape(p: n, q: n)"))
DOT (dot_ref, )

/* Return a random integer in [LO, LO + SPAN).  */
static long long
iv_rand (long long lo, long long span)
{
  return lo + (long long) (sf_test_bits () % (unsigned long long) span);
}

/* Count a failure unless the N integers GOT and WANT (as unsigned 64-bit
   images) agree exactly.  */
static void
iv_compare (const char *what, const uint64_t *got, const uint64_t *want,
	    long n)
{
  for (long i = 0; i < n; i++)
    if (got[i] != want[i])
      {
	printf ("FAIL %s: element %ld is %llu, expected %llu\n", what, i,
		(unsigned long long) got[i], (unsigned long long) want[i]);
	sf_test_failures++;
	return;
      }
  printf ("ok %s (%ld values)\n", what, n);
}

/* The pattern every kernel runs on.  */
typedef struct iv_pat { long n, m, nnz; int *rp, *ci; } iv_pat;

static iv_pat
iv_pattern (long n, long m, double density)
{
  iv_pat P = { n, m, 0, NULL, NULL };
  double *v;
  P.nnz = sf_test_pattern_int (n, m, density, &P.rp, &P.ci, &v);
  free (v);
  return P;
}

/* Run the SpMV pair NAME with CSR of value type VT, x of XT, y of YT,
   values and x drawn by the expressions VAL and XVAL; compare with CMP
   (exact for integers).  */
#define RUN_SPMV(NAME, CSR, VT, XT, YT, VAL, XVAL)			\
  do									\
    {									\
      VT *v = malloc ((P.nnz + 1) * sizeof (VT));			\
      XT *x = malloc ((P.m + 1) * sizeof (XT));				\
      YT *y = malloc ((P.n + 1) * sizeof (YT));				\
      YT *z = malloc ((P.n + 1) * sizeof (YT));				\
      uint64_t *gy = malloc ((P.n + 1) * sizeof (uint64_t));		\
      uint64_t *gz = malloc ((P.n + 1) * sizeof (uint64_t));		\
      for (long e = 0; e < P.nnz; e++)					\
	v[e] = (VT) (VAL);						\
      for (long j = 0; j < P.m; j++)					\
	x[j] = (XT) (XVAL);						\
      struct CSR B = { (int) P.n, (int) P.m, P.rp, P.ci, v };		\
      NAME##_ann (B, x, y);						\
      NAME##_ref (B, x, z);						\
      for (long i = 0; i < P.n; i++)					\
	gy[i] = (uint64_t) y[i], gz[i] = (uint64_t) z[i];		\
      snprintf (what, sizeof what, #NAME " %ldx%ld t%d", P.n, P.m, t);	\
      iv_compare (what, gy, gz, P.n);					\
      free (v), free (x), free (y), free (z), free (gy), free (gz);	\
    }									\
  while (0)

static void
run_mixed (const iv_pat *Pp, int t)
{
  iv_pat P = *Pp;
  char what[96];
  int32_t *v = malloc ((P.nnz + 1) * sizeof (int32_t));
  double *x = malloc ((P.m + 1) * sizeof (double));
  float *xf = malloc ((P.m + 1) * sizeof (float));
  double *y = malloc ((P.n + 1) * sizeof (double));
  double *z = malloc ((P.n + 1) * sizeof (double));
  for (long e = 0; e < P.nnz; e++)
    v[e] = (int32_t) iv_rand (-1000000, 2000001);
  sf_test_fill (x, P.m);
  sf_test_fill_float (xf, P.m);
  struct csr_i32 B = { (int) P.n, (int) P.m, P.rp, P.ci, v };
  spmv_mixed_ann (B, x, y);
  spmv_mixed_ref (B, x, z);
  snprintf (what, sizeof what, "spmv int x double %ldx%ld t%d", P.n, P.m, t);
  sf_test_compare (what, y, z, P.n, 1e-12);
  spmv_mixed_f_ann (B, xf, y);
  spmv_mixed_f_ref (B, xf, z);
  snprintf (what, sizeof what, "spmv int x float %ldx%ld t%d", P.n, P.m, t);
  sf_test_compare (what, y, z, P.n, 1e-9);
  int32_t *xi = malloc ((P.m + 1) * sizeof (int32_t));
  for (long e = 0; e < P.nnz; e++)
    v[e] = (int32_t) iv_rand (100000, 60000);
  for (long j = 0; j < P.m; j++)
    xi[j] = (int32_t) iv_rand (-160000, 60000);
  spmv_dalpha_ann (B, 0.375, xi, y);
  spmv_dalpha_ref (B, 0.375, xi, z);
  snprintf (what, sizeof what, "spmv double alpha %ldx%ld t%d", P.n, P.m, t);
  sf_test_compare (what, y, z, P.n, 1e-12);
  spmv_half_ann (B, xi, y);
  spmv_half_ref (B, xi, z);
  snprintf (what, sizeof what, "spmv 0.5 int %ldx%ld t%d", P.n, P.m, t);
  sf_test_compare (what, y, z, P.n, 1e-12);
  free (xi);
  free (v), free (x), free (xf), free (y), free (z);
}

static void
run_spmtv (const iv_pat *Pp, int t)
{
  iv_pat P = *Pp;
  char what[96];
  uint32_t *v = malloc ((P.nnz + 1) * sizeof (uint32_t));
  uint32_t *x = malloc ((P.n + 1) * sizeof (uint32_t));
  uint32_t *y = malloc ((P.m + 1) * sizeof (uint32_t));
  uint32_t *z = malloc ((P.m + 1) * sizeof (uint32_t));
  uint64_t *gy = malloc ((P.m + 1) * sizeof (uint64_t));
  uint64_t *gz = malloc ((P.m + 1) * sizeof (uint64_t));
  for (long e = 0; e < P.nnz; e++)
    v[e] = (uint32_t) sf_test_bits ();
  for (long i = 0; i < P.n; i++)
    x[i] = (uint32_t) sf_test_bits ();
  for (long j = 0; j < P.m; j++)
    y[j] = z[j] = (uint32_t) sf_test_bits ();
  struct csr_u32 B = { (int) P.n, (int) P.m, P.rp, P.ci, v };
  spmtv_ann (B, x, y);
  spmtv_ref (B, x, z);
  for (long j = 0; j < P.m; j++)
    gy[j] = y[j], gz[j] = z[j];
  snprintf (what, sizeof what, "spmtv uint32 %ldx%ld t%d", P.n, P.m, t);
  iv_compare (what, gy, gz, P.m);
  free (v), free (x), free (y), free (z), free (gy), free (gz);
}

static void
run_wide (const iv_pat *Pp, int t)
{
  iv_pat P = *Pp;
  char what[96];
  int32_t *v = malloc ((P.nnz + 1) * sizeof (int32_t));
  int32_t *x = malloc ((P.m + 1) * sizeof (int32_t));
  int64_t *y = malloc ((P.n + 1) * sizeof (int64_t));
  int64_t *z = malloc ((P.n + 1) * sizeof (int64_t));
  int32_t *y2 = malloc ((P.n + 1) * sizeof (int32_t));
  int32_t *z2 = malloc ((P.n + 1) * sizeof (int32_t));
  /* Products up to 2^30 in int; their sums beyond int in int64_t.  */
  for (long e = 0; e < P.nnz; e++)
    v[e] = (int32_t) iv_rand (-32768, 65536);
  for (long j = 0; j < P.m; j++)
    x[j] = (int32_t) iv_rand (-32768, 65536);
  struct csr_i32 B = { (int) P.n, (int) P.m, P.rp, P.ci, v };
  spmv_wide_ann (B, x, y);
  spmv_wide_ref (B, x, z);
  snprintf (what, sizeof what, "spmv int into int64 %ldx%ld t%d", P.n, P.m, t);
  iv_compare (what, (uint64_t *) y, (uint64_t *) z, P.n);
  /* The same int products into a double y: summed in double (an int sum
     would overflow), exactly: the sums stay below 2^53.  */
  double *dy = malloc ((P.n + 1) * sizeof (double));
  double *dz = malloc ((P.n + 1) * sizeof (double));
  for (long e = 0; e < P.nnz; e++)
    v[e] = (int32_t) iv_rand (-16384, 32768);
  for (long j = 0; j < P.m; j++)
    x[j] = (int32_t) iv_rand (-16384, 32768);
  spmv_i2d_ann (B, 3, x, dy);
  spmv_i2d_ref (B, 3, x, dz);
  snprintf (what, sizeof what, "spmv int into double %ldx%ld t%d", P.n, P.m, t);
  sf_test_compare (what, dy, dz, P.n, 0);
  free (dy), free (dz);
  for (long e = 0; e < P.nnz; e++)
    v[e] = (int32_t) iv_rand (-30, 61);
  for (long j = 0; j < P.m; j++)
    x[j] = (int32_t) iv_rand (-30, 61);
  spmv_alpha_ann (B, -7, x, y2);
  spmv_alpha_ref (B, -7, x, z2);
  for (long i = 0; i < P.n; i++)
    y[i] = y2[i], z[i] = z2[i];
  snprintf (what, sizeof what, "spmv alpha int %ldx%ld t%d", P.n, P.m, t);
  iv_compare (what, (uint64_t *) y, (uint64_t *) z, P.n);
  free (v), free (x), free (y), free (z), free (y2), free (z2);
}

static void
run_spmm_sddmm (const iv_pat *Pp, int t)
{
  iv_pat P = *Pp;
  enum { K = 13 };
  char what[96];
  int32_t *v = malloc ((P.nnz + 1) * sizeof (int32_t));
  int32_t (*C)[K] = malloc ((P.m + 1) * sizeof *C);
  int32_t (*A)[K] = malloc ((P.n + 1) * sizeof *A);
  int32_t (*W)[K] = malloc ((P.n + 1) * sizeof *W);
  for (long e = 0; e < P.nnz; e++)
    v[e] = (int32_t) iv_rand (-100, 201);
  for (long j = 0; j < P.m; j++)
    for (int k = 0; k < K; k++)
      C[j][k] = (int32_t) iv_rand (-100, 201);
  struct csr_i32 B = { (int) P.n, (int) P.m, P.rp, P.ci, v };
  spmm_ann (B, K, (const int32_t (*)[K]) C, A);
  spmm_ref (B, K, (const int32_t (*)[K]) C, W);
  snprintf (what, sizeof what, "spmm int32 %ldx%ld t%d", P.n, P.m, t);
  uint64_t *ga = malloc ((P.n * K + 1) * sizeof (uint64_t));
  uint64_t *gw = malloc ((P.n * K + 1) * sizeof (uint64_t));
  for (long q = 0; q < P.n * K; q++)
    ga[q] = (uint64_t) A[q / K][q % K], gw[q] = (uint64_t) W[q / K][q % K];
  iv_compare (what, ga, gw, P.n * K);
  free (ga), free (gw);
  int64_t *bv = malloc ((P.nnz + 1) * sizeof (int64_t));
  int64_t *av = malloc ((P.nnz + 1) * sizeof (int64_t));
  int64_t *wv = malloc ((P.nnz + 1) * sizeof (int64_t));
  int64_t (*C2)[K] = malloc ((P.n + 1) * sizeof *C2);
  int64_t (*D2)[K] = malloc ((P.m + 1) * sizeof *D2);
  for (long e = 0; e < P.nnz; e++)
    bv[e] = iv_rand (-1000, 2001);
  for (long i = 0; i < P.n; i++)
    for (int k = 0; k < K; k++)
      C2[i][k] = iv_rand (-100000, 200001);
  for (long j = 0; j < P.m; j++)
    for (int k = 0; k < K; k++)
      D2[j][k] = iv_rand (-100000, 200001);
  struct csr_i64 B2 = { (int) P.n, (int) P.m, P.rp, P.ci, bv };
  struct csr_i64 A2 = { (int) P.n, (int) P.m, P.rp, P.ci, av };
  struct csr_i64 W2 = { (int) P.n, (int) P.m, P.rp, P.ci, wv };
  sddmm_ann (B2, K, (const int64_t (*)[K]) C2, (const int64_t (*)[K]) D2, A2);
  sddmm_ref (B2, K, (const int64_t (*)[K]) C2, (const int64_t (*)[K]) D2, W2);
  snprintf (what, sizeof what, "sddmm int64 %ldx%ld t%d", P.n, P.m, t);
  iv_compare (what, (uint64_t *) av, (uint64_t *) wv, P.nnz);
  free (v), free (C), free (A), free (W);
  free (bv), free (av), free (wv), free (C2), free (D2);
}

/* Paths of length 2 from each vertex of a square adjacency matrix of
   unsigned char ones: y = B (B 1) in uint64_t, twice through spmv_u8's
   relative with uint64 x; the dot product of two integer vectors.  */
struct csr_adj { int n, m; int *rowptr, *colidx; unsigned char *vals; };
#pragma tensor format struct csr_adj dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)
SPMV_PAIR (paths, csr_adj, uint64_t, uint64_t)

static void
run_counts (const iv_pat *Pp, int t)
{
  iv_pat P = *Pp;
  char what[96];
  if (P.n != P.m)
    return;
  unsigned char *v = malloc (P.nnz + 1);
  uint64_t *one = malloc ((P.n + 1) * sizeof (uint64_t));
  uint64_t *y1 = malloc ((P.n + 1) * sizeof (uint64_t));
  uint64_t *z1 = malloc ((P.n + 1) * sizeof (uint64_t));
  uint64_t *y2 = malloc ((P.n + 1) * sizeof (uint64_t));
  uint64_t *z2 = malloc ((P.n + 1) * sizeof (uint64_t));
  for (long e = 0; e < P.nnz; e++)
    v[e] = 1;
  for (long i = 0; i < P.n; i++)
    one[i] = 1;
  struct csr_adj B = { (int) P.n, (int) P.m, P.rp, P.ci, v };
  paths_ann (B, one, y1);
  paths_ann (B, y1, y2);
  paths_ref (B, one, z1);
  paths_ref (B, z1, z2);
  snprintf (what, sizeof what, "paths of length 2 %ldx%ld t%d", P.n, P.m, t);
  iv_compare (what, y2, z2, P.n);
  int32_t *p = malloc ((P.n + 1) * sizeof (int32_t));
  int64_t *q = malloc ((P.n + 1) * sizeof (int64_t));
  for (long i = 0; i < P.n; i++)
    p[i] = (int32_t) iv_rand (-40000, 80001), q[i] = iv_rand (-40000, 80001);
  uint64_t d[2] = { (uint64_t) dot_ann ((int) P.n, p, q),
		    (uint64_t) dot_ref ((int) P.n, p, q) };
  snprintf (what, sizeof what, "dot int64 %ld t%d", P.n, t);
  iv_compare (what, &d[0], &d[1], 1);
  free (v), free (one), free (y1), free (z1), free (y2), free (z2);
  free (p), free (q);
}

static void
run (long n, long m, double density)
{
  iv_pat P = iv_pattern (n, m, density);
  char what[96];
  for (int t = 1; t <= 2; t++)
    {
      omp_set_num_threads (t);
      RUN_SPMV (spmv_i32, csr_i32, int32_t, int32_t, int32_t,
		iv_rand (-1000, 2001), iv_rand (-1000, 2001));
      RUN_SPMV (spmv_i64, csr_i64, int64_t, int64_t, int64_t,
		iv_rand (-1 << 20, 1 << 21), iv_rand (-1 << 20, 1 << 21));
      RUN_SPMV (spmv_i16, csr_i16, short, short, short,
		iv_rand (-100, 201), iv_rand (-100, 201));
      RUN_SPMV (spmv_u8, csr_u8, unsigned char, unsigned char,
		unsigned char, iv_rand (0, 256), iv_rand (0, 256));
      RUN_SPMV (spmv_u64, csr_u64, uint64_t, uint64_t, uint64_t,
		sf_test_bits (), sf_test_bits ());
      run_mixed (&P, t);
      run_spmtv (&P, t);
      run_wide (&P, t);
      run_spmm_sddmm (&P, t);
      run_counts (&P, t);
    }
  free (P.rp), free (P.ci);
}

int
main (void)
{
  run (0, 0, 0.0);
  run (1, 1, 1.0);
  run (37, 53, 0.1);
  run (200, 200, 0.05);
  run (500, 3, 0.9);
  run (60, 401, 0.5);
  run (120, 120, 0.3);
  run (300, 300, 0.15);
  return sf_test_status ();
}
