/* cases_matrix.c: the kernels whose input is a sparse matrix B (CSR).
   For each: how its operands are built from the input (dense operands
   uniform in [-1, 1), one seed per operand), how each variant is called,
   and the bytes one pass must move where the kernel is bandwidth-bound.  */

#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define B_ (&o->in->B)
#define X(n) ((void *) o->dense[n])

/* Allocate dense operand N of R x C doubles with seed 100 + N; return 0
   or -1.  */
static int
dense (bench_ops *o, int n, int64_t r, int64_t c)
{
  o->dense_shape[n][0] = r, o->dense_shape[n][1] = c;
  o->dense[n] = bench_dense ((size_t) (r * c), 100 + n);
  return o->dense[n] ? 0 : -1;
}

/* Allocate the output of N doubles; return 0 or -1.  */
static int
output (bench_ops *o, size_t n)
{
  o->nout = n;
  o->out = malloc ((n + 1) * sizeof *o->out);
  return o->out ? 0 : -1;
}

/* Bytes of a CSR matrix with N rows and NNZ entries.  */
static double
csr_bytes (int64_t n, int64_t nnz)
{
  return 8.0 * (n + 1) + 12.0 * nnz;
}

static int
setup_spmv (bench_ops *o)
{
  const sf_csr *b = B_;
  o->bytes = csr_bytes (b->nrows, sf_csr_nnz (b)) + 8.0 * (b->ncols + b->nrows);
  return dense (o, 0, b->ncols, 1) || output (o, b->nrows)
	 || bench_gb_setup_spmv (o);
}
DEF_RUNS (spmv, (B_, o->dense[0], o->out))

static int
setup_spmv_csc (bench_ops *o)
{
  const sf_csr *b = B_;
  o->bytes = csr_bytes (b->ncols, sf_csr_nnz (b)) + 8.0 * (b->ncols + b->nrows);
  return sf_coo_to_csc (&o->in->coo, &o->Bc, NULL) != SF_OK
	 || dense (o, 0, b->ncols, 1) || output (o, b->nrows);
}
DEF_RUNS (spmv_csc, (&o->Bc, o->dense[0], o->out))

static int
setup_spmv_coo (bench_ops *o)
{
  const sf_csr *b = B_;
  o->bytes = 16.0 * sf_csr_nnz (b) + 8.0 * (b->ncols + b->nrows);
  return dense (o, 0, b->ncols, 1) || output (o, b->nrows);
}
DEF_RUNS (spmv_coo, (&o->in->coo, o->dense[0], o->out))

static int
setup_spmm (bench_ops *o)
{
  const sf_csr *b = B_;
  o->bytes = csr_bytes (b->nrows, sf_csr_nnz (b))
	     + 8.0 * o->K * (b->ncols + b->nrows);
  return dense (o, 0, b->ncols, o->K) || output (o, b->nrows * o->K)
	 || bench_gb_setup_spmm (o);
}
DEF_RUNS (spmm, (B_, o->K, X (0), (void *) o->out))

/* A shares B's pattern and writes its values to ops->out.  */
static int
setup_sddmm (bench_ops *o)
{
  const sf_csr *b = B_;
  if (dense (o, 0, b->nrows, o->K) || dense (o, 1, b->ncols, o->K)
      || output (o, sf_csr_nnz (b)))
    return -1;
  o->A = *b;
  o->A.vals = o->out;
  return bench_gb_setup_sddmm (o);
}
DEF_RUNS (sddmm, (B_, o->K, X (0), X (1), &o->A))

static int
setup_gnn (bench_ops *o)
{
  const sf_csr *b = B_;
  return dense (o, 0, b->nrows, o->K) || dense (o, 1, b->ncols, o->K)
	 || dense (o, 2, b->ncols, o->L) || output (o, b->nrows * o->L)
	 || bench_gb_setup_gnn (o);
}
DEF_RUNS (gnn, (B_, o->K, o->L, X (0), X (1), X (2), (void *) o->out))

static int
setup_spmm_gemm (bench_ops *o)
{
  const sf_csr *b = B_;
  return dense (o, 0, b->ncols, o->K) || dense (o, 1, o->K, o->L)
	 || output (o, b->nrows * o->L);
}
DEF_RUNS (spmm_gemm, (B_, o->K, o->L, X (0), X (1), (void *) o->out))

static int
setup_spmmh_gemm (bench_ops *o)
{
  const sf_csr *b = B_;
  return dense (o, 0, b->ncols, o->K) || dense (o, 1, b->ncols, o->K)
	 || dense (o, 2, o->K, o->L) || output (o, b->nrows * o->L);
}
DEF_RUNS (spmmh_gemm, (B_, o->K, o->L, X (0), X (1), X (2), (void *) o->out))

static int
setup_sddmm_spmm_gemm (bench_ops *o)
{
  const sf_csr *b = B_;
  return dense (o, 0, b->nrows, o->K) || dense (o, 1, b->ncols, o->K)
	 || dense (o, 2, b->ncols, o->L) || dense (o, 3, o->L, o->M)
	 || output (o, b->nrows * o->M);
}
DEF_RUNS (sddmm_spmm_gemm, (B_, o->K, o->L, o->M, X (0), X (1), X (2), X (3),
			    (void *) o->out))

/* E: a random matrix of B's shape with half as many entries (seed 7); A
   holds the union of the two patterns.  */
static int
setup_react (bench_ops *o)
{
  const sf_csr *b = B_;
  if (bench_random_like (b, 0.5, 7, &o->S[0]))
    return -1;
  const sf_csr *both[2] = { b, &o->S[0] };
  if (bench_union_pattern (both, 2, &o->A))
    return -1;
  o->A_owns_pattern = 1;
  if (dense (o, 0, b->nrows, o->K) || dense (o, 1, o->K, b->ncols)
      || output (o, sf_csr_nnz (&o->A)))
    return -1;
  free (o->A.vals);
  o->A.vals = o->out;
  return 0;
}
DEF_RUNS (react, (B_, &o->S[0], o->K, o->in->B.ncols, X (0), X (1), &o->A))

/* C and D: random matrices of B's shape with half as many entries.  */
static int
setup_sum3 (bench_ops *o)
{
  const sf_csr *b = B_;
  if (bench_random_like (b, 0.5, 8, &o->S[0])
      || bench_random_like (b, 0.5, 9, &o->S[1]))
    return -1;
  const sf_csr *all[3] = { b, &o->S[0], &o->S[1] };
  if (bench_union_pattern (all, 3, &o->A))
    return -1;
  o->A_owns_pattern = 1;
  o->bytes = csr_bytes (b->nrows, sf_csr_nnz (b))
	     + 2 * csr_bytes (b->nrows, sf_csr_nnz (&o->S[0]))
	     + csr_bytes (b->nrows, sf_csr_nnz (&o->A));
  if (output (o, sf_csr_nnz (&o->A)))
    return -1;
  free (o->A.vals);
  o->A.vals = o->out;
  return 0;
}
DEF_RUNS (sum3, (B_, &o->S[0], &o->S[1], &o->A))

/* Make V a random sparse vector of length N with NNZ entries; 0 or -1.  */
static int
random_vector (int64_t n, int64_t nnz, uint64_t seed, bench_svec *v)
{
  sf_coo c;
  if (sf_gen_uniform (1, &n, nnz, seed, &c, NULL) != SF_OK)
    return -1;
  v->n = n;
  v->pos[0] = 0, v->pos[1] = c.nnz;
  v->crd = c.crd[0], v->vals = c.vals;
  return 0;
}

/* b and d: random vectors of length rows(B), a quarter and a half full.  */
static int
setup_vecmul (bench_ops *o)
{
  int64_t n = o->in->B.nrows;
  o->bytes = 12.0 * (n / 4 + n / 2) + 8.0 * n + 8.0 * n;
  return random_vector (n, n / 4, 11, &o->v[0])
	 || random_vector (n, n / 2, 12, &o->v[1]) || dense (o, 0, n, 1)
	 || output (o, n);
}
DEF_RUNS (vecmul, (&o->v[0], o->dense[0], &o->v[1], o->out))

/* x: L entries (the rows of A), C: rows(B) x K.  */
static int
setup_rank1 (bench_ops *o)
{
  const sf_csr *b = B_;
  return dense (o, 0, o->L, 1) || dense (o, 1, b->nrows, o->K)
	 || output (o, o->L * o->K);
}
DEF_RUNS (rank1, (B_, o->L, o->K, o->dense[0], X (1), (void *) o->out))

#define GB_(f) bench_gb_##f
const bench_case bench_matrix_cases[] = {
  { "spmv", "y(i) = B(i,j) * x(j)", "sparse matrix times vector, B in CSR",
    2, setup_spmv, { RUNS (spmv), GB_ (spmv) }, GB_ (collect), "", "x" },
  { "spmv_csc", "y(i) = B(i,j) * x(j)", "the same with B in CSC (a scatter)",
    2, setup_spmv_csc, { RUNS (spmv_csc), NULL }, NULL, "", "x" },
  { "spmv_coo", "y(i) = B(i,j) * x(j)", "the same with B as sorted COO",
    2, setup_spmv_coo, { RUNS (spmv_coo), NULL }, NULL, "", "x" },
  { "spmm", "A(i,k) = B(i,j) * C(j,k)", "sparse times dense matrix (K columns)",
    2, setup_spmm, { RUNS (spmm), GB_ (spmm) }, GB_ (collect), "K:K", "C" },
  { "sddmm", "A(i,j) = B(i,j) * C(i,k) * D(j,k)",
    "sampled dense-dense product: one K-long dot product per entry of B",
    2, setup_sddmm, { RUNS (sddmm), GB_ (sddmm) }, GB_ (collect), "K:K",
    "C D" },
  { "gnn", "A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)",
    "SDDMM,SpMM (GNN layer): SDDMM feeding an SpMM, fused",
    2, setup_gnn, { RUNS (gnn), GB_ (gnn) }, GB_ (collect), "K:K L:L",
    "C D E" },
  { "spmm_gemm", "A(i,l) = B(i,j) * C(j,k) * D(k,l)",
    "SpMM,GEMM: sparse times two dense matrices", 2, setup_spmm_gemm,
    { RUNS (spmm_gemm), NULL }, NULL, "K:K L:L", "C D" },
  { "spmmh_gemm", "A(i,l) = B(i,k) * C(k,j) * D(k,j) * E(j,l)",
    "SpMMH,GEMM: sparse times a Hadamard product, times dense", 2,
    setup_spmmh_gemm, { RUNS (spmmh_gemm), NULL }, NULL, "J:K L:L",
    "C D E" },
  { "sddmm_spmm_gemm", "A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m)",
    "SDDMM,SpMM,GEMM: the GNN layer followed by a dense projection", 2,
    setup_sddmm_spmm_gemm, { RUNS (sddmm_spmm_gemm), NULL }, NULL,
    "K:M L:M M:M", "C D E F" },
  { "react", "A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)",
    "ReACT compound: SDDMM on the union of two patterns", 2, setup_react,
    { RUNS (react), NULL }, NULL, "K:K", "C D" },
  { "sum3", "A(i,j) = B(i,j) + C(i,j) + D(i,j)",
    "sum of three sparse matrices into their union pattern", 2, setup_sum3,
    { RUNS (sum3), NULL }, NULL, "", "" },
  { "rank1", "A(i,l) = x(i) * B(k,j) * C(k,l)",
    "x times the row sums of B times C (a loop order the preferred one "
    "misses)", 2, setup_rank1, { RUNS (rank1), NULL }, NULL, "I:L L:K",
    "x C" },
  { "vecmul", "a(i) = (b(i) + c(i)) * d(i)",
    "sparse b plus dense c, times sparse d (vectors of length rows(B))", 2,
    setup_vecmul, { RUNS (vecmul), NULL }, NULL, "", "c" },
  { NULL }
};
