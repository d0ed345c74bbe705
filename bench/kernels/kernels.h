/* kernels.h: the benchmarked kernels.  Each bench/kernels/NAME.c holds one
   annotated loop nest written the way a scientist would write it; it is
   the oracle and, compiled with the plugin, the code under test.

   Every file is compiled four times into separate objects:

     gcc -O3 -march=native -Wno-unknown-pragmas -DVARIANT=plain   (the loop as written)
     gcc ... -fplugin=sparsefuse.so -fplugin-arg-sparsefuse-schedule=naive   -DVARIANT=naive
     gcc ... -fplugin=sparsefuse.so -fplugin-arg-sparsefuse-schedule=unfused -DVARIANT=unfused
     gcc ... -fplugin=sparsefuse.so -fplugin-arg-sparsefuse-schedule=auto    -DVARIANT=auto

   and a file with a second, less careful form of its loop under
   #ifdef BENCH_UNTIDY (spmv, spmm, mttkrp) once more:

     gcc -O3 -march=native -Wno-unknown-pragmas -DBENCH_UNTIDY -DVARIANT=untidy

   so that KERNEL (spmv) names spmv_plain, spmv_naive, ... and all of them
   link into one driver.  This header declares every such entry point and
   the two operand types the runtime library does not provide.  */

#ifndef BENCH_KERNELS_H
#define BENCH_KERNELS_H

#include "sparsefuse.h"

#define BENCH_CAT2(a, b) a##_##b
#define BENCH_CAT(a, b) BENCH_CAT2 (a, b)
#ifdef VARIANT
#define KERNEL(name) BENCH_CAT (name, VARIANT)
#endif

/* A sparse vector: entries crd[pos[0]..pos[1]-1], sorted.  */
typedef struct bench_svec
{
  int64_t n;
  sf_pos_t pos[2];
  sf_crd_t *crd;
  double *vals;
} bench_svec;

/* A 3-tensor stored as (compressed, compressed, dense): the sparse (i,j)
   fibers of a CSF tensor, each holding a dense vector of dims[2] values.
   SpTTM,SpTTM writes one, sharing pos/crd with its input.  */
typedef struct bench_ccd
{
  int64_t dims[3];
  sf_pos_t *pos[2];
  sf_crd_t *crd[2];
  double *vals;
} bench_ccd;

#ifdef __SPARSEFUSE__
#pragma tensor format bench_svec dims(n) levels(compressed(pos, crd)) values(vals)
#pragma tensor format bench_ccd dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), dense) values(vals)
#endif

/* Declare KERNEL's prototype PROTO for every variant.  */
#define BENCH_VARIANTS(X, ...) \
  X (plain, __VA_ARGS__) X (naive, __VA_ARGS__) \
  X (unfused, __VA_ARGS__) X (auto, __VA_ARGS__)

#define BENCH_DECL(v, name, ...) void BENCH_CAT (name, v) (__VA_ARGS__);

/* The kernels, by file.  Dense operands are row-major with the extents
   given by the scalar arguments.  */
#define BENCH_PROTOS(X) \
  X (spmv, const sf_csr *B, const double *x, double *y) \
  X (spmv_csc, const sf_csc *B, const double *x, double *y) \
  X (spmv_coo, const sf_coo2 *B, const double *x, double *y) \
  X (spmm, const sf_csr *B, int64_t K, double (*C)[K], double (*A)[K]) \
  X (sddmm, const sf_csr *B, int64_t K, double (*C)[K], double (*D)[K], \
     sf_csr *A) \
  X (gnn, const sf_csr *B, int64_t K, int64_t L, double (*C)[K], \
     double (*D)[K], double (*E)[L], double (*A)[L]) \
  X (spmm_gemm, const sf_csr *B, int64_t K, int64_t L, double (*C)[K], \
     double (*D)[L], double (*A)[L]) \
  X (spmmh_gemm, const sf_csr *B, int64_t J, int64_t L, double (*C)[J], \
     double (*D)[J], double (*E)[L], double (*A)[L]) \
  X (sddmm_spmm_gemm, const sf_csr *B, int64_t K, int64_t L, int64_t M, \
     double (*C)[K], double (*D)[K], double (*E)[L], double (*F)[M], \
     double (*A)[M]) \
  X (mttkrp, const sf_csf3 *B, int64_t R, double (*C)[R], double (*D)[R], \
     double (*A)[R]) \
  X (mttkrp_gemm, const sf_csf3 *B, int64_t J, int64_t M, double (*C)[J], \
     double (*D)[J], double (*E)[M], double (*A)[M]) \
  X (ttmc, const sf_csf3 *B, int64_t L, int64_t M, int64_t N, \
     double (*C)[L], double (*D)[M], double (*E)[N], double (*A)[M][N]) \
  X (spttm_spttm, const sf_csf3 *B, int64_t L, int64_t M, double (*C)[L], \
     double (*D)[M], bench_ccd *A) \
  X (react, const sf_csr *B, const sf_csr *E, int64_t K, int64_t N, \
     double (*C)[K], double (*D)[N], sf_csr *A) \
  X (sum3, const sf_csr *B, const sf_csr *C, const sf_csr *D, sf_csr *A) \
  X (vecmul, const bench_svec *b, const double *c, const bench_svec *d, \
     double *a) \
  X (rank1, const sf_csr *B, int64_t I, int64_t L, const double *x, \
     double (*C)[L], double (*A)[L]) \
  X (network, const sf_csf3 *A, const sf_csf3 *B, const sf_csf3 *C, \
     const sf_csf3 *D, int64_t NJ, int64_t NK, double (*T)[NJ][NK])

#define BENCH_DECL_ALL(name, ...) BENCH_VARIANTS (BENCH_DECL, name, __VA_ARGS__)
BENCH_PROTOS (BENCH_DECL_ALL)

/* The second baseline, NAME_untidy: the file compiled without the plugin
   and with -DBENCH_UNTIDY, only where the file has such a form (weak: a
   kernel without one has a null NAME_untidy).  */
#define BENCH_DECL_UNTIDY(name, ...) \
  void BENCH_CAT (name, untidy) (__VA_ARGS__) __attribute__ ((weak));
BENCH_PROTOS (BENCH_DECL_UNTIDY)

#endif /* BENCH_KERNELS_H */
