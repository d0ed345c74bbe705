/* harm.h: the kernels of `make bench-harm` ("do no harm", SPEC.md 4).
   Each bench/harm/NAME.c holds one kernel written the tidy way a careful
   user writes it (a scalar accumulator per row, row pointers hoisted into
   locals, as NPB CG and SPARSKIT's amux do), over a struct of the user's
   own with its `#pragma tensor format` declaration, and annotated.  The
   file is compiled twice:

     gcc -O3 ... -Wno-unknown-pragmas -DVARIANT=loop        (GCC alone)
     gcc -O3 ... -fplugin=sparsefuse.so -DVARIANT=plugin    (replaced)

   so that HARM_KERNEL (spmv_csr_d) names spmv_csr_d_loop and
   spmv_csr_d_plugin, and both link into bench/harm_driver.c.  This header
   declares the operand types and every entry point.  */

#ifndef BENCH_HARM_H
#define BENCH_HARM_H

#include <stdint.h>

#define HARM_CAT2(a, b) a##_##b
#define HARM_CAT(a, b) HARM_CAT2 (a, b)
#ifdef VARIANT
#define HARM_KERNEL(name) HARM_CAT (name, VARIANT)
#endif

/* CSR, 64-bit row pointers, 32-bit column indices, double values.  */
typedef struct harm_csr_d
{
  int64_t nrows, ncols;
  int64_t *rowptr;
  int32_t *colidx;
  double *vals;
} harm_csr_d;

/* CSR, unsigned 32-bit row pointers and column indices, float values.  */
typedef struct harm_csr_fu
{
  uint32_t nrows, ncols;
  uint32_t *rowptr, *colidx;
  float *vals;
} harm_csr_fu;

/* CSR, int row pointers and column indices, double values.  */
typedef struct harm_csr_di
{
  int nrows, ncols;
  int *rowptr, *colidx;
  double *vals;
} harm_csr_di;

/* CSR, 64-bit row pointers, 32-bit column indices, float values.  */
typedef struct harm_csr_f
{
  int64_t nrows, ncols;
  int64_t *rowptr;
  int32_t *colidx;
  float *vals;
} harm_csr_f;

/* CSC: column j holds rows rowidx[colptr[j]..colptr[j+1]-1].  */
typedef struct harm_csc_d
{
  int64_t nrows, ncols;
  int64_t *colptr;
  int32_t *rowidx;
  double *vals;
} harm_csc_d;

/* Coordinate list sorted by rows, then columns.  */
typedef struct harm_coo_d
{
  int64_t nrows, ncols, nnz;
  int32_t *row, *col;
  double *vals;
} harm_coo_d;

/* A 3-tensor as compressed sparse fibers (i, j, k): fptr0 = {0, number of
   i fibers}; fids0 their i; fptr1/fids1 the j fibers of each, fptr2/fids2
   the k entries of each j fiber, vals by k position.  */
typedef struct harm_csf3
{
  int64_t dims[3];
  int64_t *fptr0, *fptr1, *fptr2;
  int32_t *fids0, *fids1, *fids2;
  double *vals;
} harm_csf3;

/* One loop and one plugin prototype for each kernel.  */
#define HARM_VARIANTS(X, ...) X (loop, __VA_ARGS__) X (plugin, __VA_ARGS__)
#define HARM_DECL(v, name, ...) void HARM_CAT (name, v) (__VA_ARGS__);

#define HARM_PROTOS(X) \
  X (spmv_csr_d, const harm_csr_d *B, const double *x, double *y) \
  X (spmv_csr_f, const harm_csr_f *B, const float *x, float *y) \
  X (spmv_csr_fu, const harm_csr_fu *B, const float *x, float *y) \
  X (spmv_csr_di, const harm_csr_di *B, const double *x, double *y) \
  X (spmv_base1, int n, const int *rowstr, const int *colidx, \
     const double *a, const double *p, double *w) \
  X (spmv_csc_d, const harm_csc_d *B, const double *x, double *y) \
  X (spmv_coo_d, const harm_coo_d *B, const double *x, double *y) \
  X (spmv_t_d, const harm_csr_d *B, const double *x, double *y) \
  X (spmm_row_d, const harm_csr_d *B, int64_t K, double (*C)[K], \
     double (*A)[K]) \
  X (spmm_row_f, const harm_csr_fu *B, int64_t K, float (*C)[K], \
     float (*A)[K]) \
  X (spmm_col_d, const harm_csr_d *B, int64_t K, const double *C, double *A) \
  X (spmm_col_f, const harm_csr_f *B, int64_t K, const float *C, float *A) \
  X (sddmm_d, const harm_csr_d *B, int64_t K, double (*C)[K], \
     double (*D)[K], harm_csr_d *A) \
  X (sddmm_out_d, const harm_csr_d *B, int64_t K, double (*C)[K], \
     double (*D)[K], harm_csr_d *A) \
  X (mttkrp_d, const harm_csf3 *B, int64_t R, double (*C)[R], \
     double (*D)[R], double (*A)[R]) \
  X (mttkrp_fac_d, const harm_csf3 *B, int64_t R, double (*C)[R], \
     double (*D)[R], double (*A)[R]) \
  X (spmv_omp_d, const harm_csr_d *B, const double *x, double *y) \
  X (spmv_omp_f, const harm_csr_fu *B, const float *x, float *y) \
  X (spmv_orphan_d, const harm_csr_d *B, const double *x, double *t, \
     double *y)

#define HARM_DECL_ALL(name, ...) HARM_VARIANTS (HARM_DECL, name, __VA_ARGS__)
HARM_PROTOS (HARM_DECL_ALL)

#endif /* BENCH_HARM_H */
