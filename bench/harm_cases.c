/* harm_cases.c: the kernels of bench/harm/ as the driver runs them.  Each
   case builds its operands from the input in the layout and index type
   of its file (harm.h), with random dense operands, and says where the
   result goes and how many bytes a call moves at least (for the SpMVs:
   values, indices and pointers once, x and y once).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <math.h>
#include "harm_driver.h"

/* Return BYTES of memory (plus a spare element) that harm_ops_free will
   release, or NULL.  */
void *
harm_alloc (harm_ops *ops, size_t bytes)
{
  if (ops->nowned == (int) (sizeof ops->owned / sizeof *ops->owned))
    return NULL;
  void *p = malloc (bytes + 64);
  if (p)
    ops->owned[ops->nowned++] = p;
  return p;
}

void
harm_ops_free (harm_ops *ops)
{
  for (int i = 0; i < ops->nowned; i++)
    free (ops->owned[i]);
  memset (ops, 0, sizeof *ops);
}

/* Return N doubles uniform in [-1, 1) from SEED, or NULL.  */
static double *
dense_d (harm_ops *ops, size_t n, uint64_t seed)
{
  double *x = harm_alloc (ops, n * sizeof *x);
  if (x)
    sf_gen_dense (x, n, seed);
  return x;
}

/* Return N floats uniform in [-1, 1) from SEED, or NULL.  */
static float *
dense_f (harm_ops *ops, size_t n, uint64_t seed)
{
  double *d = dense_d (ops, n, seed);
  float *x = harm_alloc (ops, n * sizeof *x);
  if (x && d)
    for (size_t i = 0; i < n; i++)
      x[i] = (float) d[i];
  return d ? x : NULL;
}

/* Make OPS->out an output of N doubles (IS_FLOAT: floats); return 0 or
   -1.  */
static int
output (harm_ops *ops, size_t n, int is_float)
{
  ops->out = harm_alloc (ops, n * (is_float ? sizeof (float)
				   : sizeof (double)));
  ops->nout = n, ops->is_float = is_float;
  return ops->out ? 0 : -1;
}

/* The bytes of one pass over a compressed matrix of NNZ entries with
   NPTR pointers, and over its two vectors of NX and NY entries: the
   sizes of a pointer, an index, a value and a vector entry.  */
static double
pass_bytes (int64_t nnz, int64_t nptr, int64_t nx, int64_t ny, int ptr,
	    int idx, int val, int vec)
{
  return (double) nnz * (idx + val) + (double) nptr * ptr
	 + (double) (nx + ny) * vec;
}

/* ---- the matrix in each layout ---- */

static int64_t
nnz_of (const harm_ops *o)
{
  return sf_csr_nnz (&o->in->A);
}

/* harm_csr_d over the input's own arrays.  */
static void
set_csr_d (harm_ops *o)
{
  const sf_csr *A = &o->in->A;
  o->csr_d = (harm_csr_d) { A->nrows, A->ncols, A->pos, A->crd, A->vals };
}

/* harm_csr_f: the input's pointers and indices, float values.  */
static int
set_csr_f (harm_ops *o)
{
  const sf_csr *A = &o->in->A;
  int64_t nnz = nnz_of (o);
  float *v = harm_alloc (o, nnz * sizeof *v);
  if (!v)
    return -1;
  for (int64_t p = 0; p < nnz; p++)
    v[p] = (float) A->vals[p];
  o->csr_f = (harm_csr_f) { A->nrows, A->ncols, A->pos, A->crd, v };
  return 0;
}

/* harm_csr_fu: unsigned 32-bit copies of pointers and indices, float
   values.  */
static int
set_csr_fu (harm_ops *o)
{
  const sf_csr *A = &o->in->A;
  int64_t nnz = nnz_of (o);
  if (nnz > (int64_t) UINT32_MAX || set_csr_f (o))
    return -1;
  uint32_t *rp = harm_alloc (o, (A->nrows + 1) * sizeof *rp);
  uint32_t *ci = harm_alloc (o, nnz * sizeof *ci);
  if (!rp || !ci)
    return -1;
  for (int64_t i = 0; i <= A->nrows; i++)
    rp[i] = (uint32_t) A->pos[i];
  for (int64_t p = 0; p < nnz; p++)
    ci[p] = (uint32_t) A->crd[p];
  o->csr_fu = (harm_csr_fu) { (uint32_t) A->nrows, (uint32_t) A->ncols, rp,
			      ci, o->csr_f.vals };
  return 0;
}

/* harm_csr_di: int row pointers, the input's indices and values.  */
static int
set_csr_di (harm_ops *o)
{
  const sf_csr *A = &o->in->A;
  if (nnz_of (o) > INT_MAX)
    return -1;
  int *rp = harm_alloc (o, (A->nrows + 1) * sizeof *rp);
  if (!rp)
    return -1;
  for (int64_t i = 0; i <= A->nrows; i++)
    rp[i] = (int) A->pos[i];
  o->csr_di = (harm_csr_di) { (int) A->nrows, (int) A->ncols, rp,
			      (int *) A->crd, A->vals };
  return 0;
}

/* harm_csc_d: the input transposed by counting, rows sorted.  */
static int
set_csc_d (harm_ops *o)
{
  const sf_csr *A = &o->in->A;
  int64_t nnz = nnz_of (o), n = A->ncols;
  int64_t *cp = harm_alloc (o, (n + 1) * sizeof *cp);
  int64_t *next = harm_alloc (o, (n + 1) * sizeof *next);
  int32_t *ri = harm_alloc (o, nnz * sizeof *ri);
  double *v = harm_alloc (o, nnz * sizeof *v);
  if (!cp || !next || !ri || !v)
    return -1;
  memset (cp, 0, (n + 1) * sizeof *cp);
  for (int64_t p = 0; p < nnz; p++)
    cp[A->crd[p] + 1]++;
  for (int64_t j = 0; j < n; j++)
    cp[j + 1] += cp[j];
  memcpy (next, cp, (n + 1) * sizeof *cp);
  for (int64_t i = 0; i < A->nrows; i++)
    for (int64_t p = A->pos[i]; p < A->pos[i + 1]; p++)
      {
	int64_t q = next[A->crd[p]]++;
	ri[q] = (int32_t) i, v[q] = A->vals[p];
      }
  o->csc_d = (harm_csc_d) { A->nrows, A->ncols, cp, ri, v };
  return 0;
}

/* harm_coo_d: row indices spelled out; the input's columns and values.  */
static int
set_coo_d (harm_ops *o)
{
  const sf_csr *A = &o->in->A;
  int64_t nnz = nnz_of (o);
  int32_t *row = harm_alloc (o, nnz * sizeof *row);
  if (!row)
    return -1;
  for (int64_t i = 0; i < A->nrows; i++)
    for (int64_t p = A->pos[i]; p < A->pos[i + 1]; p++)
      row[p] = (int32_t) i;
  o->coo_d = (harm_coo_d) { A->nrows, A->ncols, nnz, row, A->crd, A->vals };
  return 0;
}

/* ---- setups ---- */

#define SETUP_FAIL(msg) do { *why = (msg); return -1; } while (0)

static int
setup_spmv_csr_d (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  set_csr_d (o);
  o->dense[0] = dense_d (o, A->ncols, 11);
  if (!o->dense[0] || output (o, A->nrows, 0))
    SETUP_FAIL ("out of memory");
  o->bytes = pass_bytes (nnz_of (o), A->nrows + 1, A->ncols, A->nrows, 8,
			 4, 8, 8);
  return 0;
}

static int
setup_spmv_csr_f (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  o->dense[0] = dense_f (o, A->ncols, 11);
  if (set_csr_f (o) || !o->dense[0] || output (o, A->nrows, 1))
    SETUP_FAIL ("out of memory");
  o->bytes = pass_bytes (nnz_of (o), A->nrows + 1, A->ncols, A->nrows, 8,
			 4, 4, 4);
  return 0;
}

static int
setup_spmv_csr_fu (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  o->dense[0] = dense_f (o, A->ncols, 11);
  if (set_csr_fu (o) || !o->dense[0] || output (o, A->nrows, 1))
    SETUP_FAIL ("out of memory or too large for 32-bit indices");
  o->bytes = pass_bytes (nnz_of (o), A->nrows + 1, A->ncols, A->nrows, 4,
			 4, 4, 4);
  return 0;
}

static int
setup_spmv_csr_di (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  o->dense[0] = dense_d (o, A->ncols, 11);
  if (set_csr_di (o) || !o->dense[0] || output (o, A->nrows, 0))
    SETUP_FAIL ("out of memory or too large for int indices");
  o->bytes = pass_bytes (nnz_of (o), A->nrows + 1, A->ncols, A->nrows, 4,
			 4, 8, 8);
  return 0;
}

/* NPB's arrays: rowstr[1..n+1], colidx[1..nnz], a[1..nnz] holding
   1-based numbers; p[1..n] (dense[0]); w[1..n] (out = w + 1).  */
static int
setup_spmv_base1 (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  int64_t n = A->nrows, nnz = nnz_of (o);
  if (A->ncols != n)
    SETUP_FAIL ("not square");
  if (nnz >= INT_MAX)
    SETUP_FAIL ("too large for int indices");
  o->n1 = (int) n;
  o->rowstr1 = harm_alloc (o, (n + 2) * sizeof (int));
  o->colidx1 = harm_alloc (o, (nnz + 1) * sizeof (int));
  o->a1 = harm_alloc (o, (nnz + 1) * sizeof (double));
  double *p = dense_d (o, n + 1, 11), *w = harm_alloc (o, (n + 1) * 8);
  if (!o->rowstr1 || !o->colidx1 || !o->a1 || !p || !w)
    SETUP_FAIL ("out of memory");
  for (int64_t i = 0; i <= n; i++)
    o->rowstr1[i + 1] = (int) A->pos[i] + 1;
  for (int64_t k = 0; k < nnz; k++)
    o->colidx1[k + 1] = A->crd[k] + 1, o->a1[k + 1] = A->vals[k];
  o->dense[0] = p;
  o->out = w + 1, o->nout = n, o->is_float = 0;
  o->bytes = pass_bytes (nnz, n + 1, n, n, 4, 4, 8, 8);
  return 0;
}

static int
setup_spmv_csc_d (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  o->dense[0] = dense_d (o, A->ncols, 11);
  if (set_csc_d (o) || !o->dense[0] || output (o, A->nrows, 0))
    SETUP_FAIL ("out of memory");
  o->bytes = pass_bytes (nnz_of (o), A->ncols + 1, A->ncols, A->nrows, 8,
			 4, 8, 8);
  return 0;
}

static int
setup_spmv_coo_d (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  o->dense[0] = dense_d (o, A->ncols, 11);
  if (set_coo_d (o) || !o->dense[0] || output (o, A->nrows, 0))
    SETUP_FAIL ("out of memory");
  o->bytes = pass_bytes (nnz_of (o), nnz_of (o), A->ncols, A->nrows, 4, 4,
			 8, 8);
  return 0;
}

/* y = B^T x: x has B's rows, y its columns.  */
static int
setup_spmv_t_d (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  set_csr_d (o);
  o->dense[0] = dense_d (o, A->nrows, 11);
  if (!o->dense[0] || output (o, A->ncols, 0))
    SETUP_FAIL ("out of memory");
  o->bytes = pass_bytes (nnz_of (o), A->nrows + 1, A->nrows, A->ncols, 8,
			 4, 8, 8);
  return 0;
}

/* C: B's columns x K, A: B's rows x K (both layouts hold as many).  */
static int
setup_spmm_d (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  set_csr_d (o);
  o->dense[0] = dense_d (o, A->ncols * o->K, 12);
  if (!o->dense[0] || output (o, A->nrows * o->K, 0))
    SETUP_FAIL ("out of memory");
  return 0;
}

static int
setup_spmm_row_f (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  o->dense[0] = dense_f (o, A->ncols * o->K, 12);
  if (set_csr_fu (o) || !o->dense[0] || output (o, A->nrows * o->K, 1))
    SETUP_FAIL ("out of memory or too large for 32-bit indices");
  return 0;
}

static int
setup_spmm_col_f (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  o->dense[0] = dense_f (o, A->ncols * o->K, 12);
  if (set_csr_f (o) || !o->dense[0] || output (o, A->nrows * o->K, 1))
    SETUP_FAIL ("out of memory");
  return 0;
}

/* C: rows x K, D: columns x K; the output shares B's pattern.  */
static int
setup_sddmm_d (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  set_csr_d (o);
  o->dense[0] = dense_d (o, A->nrows * o->K, 13);
  o->dense[1] = dense_d (o, A->ncols * o->K, 14);
  if (!o->dense[0] || !o->dense[1] || output (o, nnz_of (o), 0))
    SETUP_FAIL ("out of memory");
  o->out_csr = o->csr_d;
  o->out_csr.vals = o->out;
  return 0;
}

/* B the input's CSF; C: dims[1] x R, D: dims[2] x R, A: dims[0] x R.  */
static int
setup_mttkrp_d (harm_ops *o, const char **why)
{
  const sf_csf *T = &o->in->T;
  o->csf3 = (harm_csf3) { { T->dims[0], T->dims[1], T->dims[2] },
			  T->pos[0], T->pos[1], T->pos[2],
			  T->crd[0], T->crd[1], T->crd[2], T->vals };
  o->dense[0] = dense_d (o, T->dims[1] * o->K, 15);
  o->dense[1] = dense_d (o, T->dims[2] * o->K, 16);
  if (!o->dense[0] || !o->dense[1] || output (o, T->dims[0] * o->K, 0))
    SETUP_FAIL ("out of memory");
  return 0;
}

/* Five SpMVs: x, the result t (out) and the intermediate y (work).  */
static int
setup_spmv_orphan_d (harm_ops *o, const char **why)
{
  const sf_csr *A = &o->in->A;
  if (A->ncols != A->nrows)
    SETUP_FAIL ("not square");
  if (setup_spmv_csr_d (o, why))
    return -1;
  o->work = harm_alloc (o, A->nrows * sizeof (double));
  if (!o->work)
    SETUP_FAIL ("out of memory");
  o->bytes *= 5;
  return 0;
}

/* ---- the calls ---- */

HARM_RUNS (spmv_csr_d, (&o->csr_d, o->dense[0], o->out))
HARM_RUNS (spmv_csr_f, (&o->csr_f, o->dense[0], o->out))
HARM_RUNS (spmv_csr_fu, (&o->csr_fu, o->dense[0], o->out))
HARM_RUNS (spmv_csr_di, (&o->csr_di, o->dense[0], o->out))
HARM_RUNS (spmv_base1, (o->n1, o->rowstr1, o->colidx1, o->a1, o->dense[0],
			(double *) o->out - 1))
HARM_RUNS (spmv_csc_d, (&o->csc_d, o->dense[0], o->out))
HARM_RUNS (spmv_coo_d, (&o->coo_d, o->dense[0], o->out))
HARM_RUNS (spmv_t_d, (&o->csr_d, o->dense[0], o->out))
HARM_RUNS (spmm_row_d, (&o->csr_d, o->K, o->dense[0], o->out))
HARM_RUNS (spmm_row_f, (&o->csr_fu, o->K, o->dense[0], o->out))
HARM_RUNS (spmm_col_d, (&o->csr_d, o->K, o->dense[0], o->out))
HARM_RUNS (spmm_col_f, (&o->csr_f, o->K, o->dense[0], o->out))
HARM_RUNS (sddmm_d, (&o->csr_d, o->K, o->dense[0], o->dense[1], &o->out_csr))
HARM_RUNS (sddmm_out_d, (&o->csr_d, o->K, o->dense[0], o->dense[1],
			 &o->out_csr))
HARM_RUNS (mttkrp_d, (&o->csf3, o->K, o->dense[0], o->dense[1], o->out))
HARM_RUNS (mttkrp_fac_d, (&o->csf3, o->K, o->dense[0], o->dense[1], o->out))
HARM_RUNS (spmv_omp_d, (&o->csr_d, o->dense[0], o->out))
HARM_RUNS (spmv_omp_f, (&o->csr_fu, o->dense[0], o->out))
HARM_RUNS (spmv_orphan_d, (&o->csr_d, o->dense[0], o->out, o->work))

/* NAME's case: ORDER of its input, OMP (its own OpenMP), K (takes the
   dense extent).  */
#define CASE(name, expr, type, index, order, omp, k, setup) \
  { #name, expr, type, index, order, omp, k, setup, name##_run_loop, \
    name##_run_plugin }

#define SPMV "y(i) = B(i,j) * x(j)"
#define SPMM "A(i,k) = B(i,j) * C(j,k)"
#define SDDMM "A(i,j) = B(i,j) * C(i,k) * D(j,k)"
#define MTTKRP "A(i,r) = B(i,j,k) * C(j,r) * D(k,r)"

const harm_case harm_cases[] = {
  CASE (spmv_csr_d, SPMV, "double", "i64/i32", 2, 0, 0, setup_spmv_csr_d),
  CASE (spmv_csr_f, SPMV, "float", "i64/i32", 2, 0, 0, setup_spmv_csr_f),
  CASE (spmv_csr_fu, SPMV, "float", "u32/u32", 2, 0, 0, setup_spmv_csr_fu),
  CASE (spmv_csr_di, SPMV, "double", "i32/i32", 2, 0, 0, setup_spmv_csr_di),
  CASE (spmv_base1, SPMV, "double", "i32/i32 from 1", 2, 0, 0,
	setup_spmv_base1),
  CASE (spmv_csc_d, SPMV, "double", "i64/i32", 2, 0, 0, setup_spmv_csc_d),
  CASE (spmv_coo_d, SPMV, "double", "i32 rows, cols", 2, 0, 0,
	setup_spmv_coo_d),
  CASE (spmv_t_d, "y(j) = B(i,j) * x(i)", "double", "i64/i32", 2, 0, 0,
	setup_spmv_t_d),
  CASE (spmm_row_d, SPMM, "double", "i64/i32", 2, 0, 1, setup_spmm_d),
  CASE (spmm_row_f, SPMM, "float", "u32/u32", 2, 0, 1, setup_spmm_row_f),
  CASE (spmm_col_d, SPMM " colmajor", "double", "i64/i32", 2, 0, 1,
	setup_spmm_d),
  CASE (spmm_col_f, SPMM " colmajor", "float", "i64/i32", 2, 0, 1,
	setup_spmm_col_f),
  CASE (sddmm_d, SDDMM, "double", "i64/i32", 2, 0, 1, setup_sddmm_d),
  CASE (sddmm_out_d, SDDMM, "double", "i64/i32", 2, 0, 1, setup_sddmm_d),
  CASE (mttkrp_d, MTTKRP, "double", "i64/i32", 3, 0, 1, setup_mttkrp_d),
  CASE (mttkrp_fac_d, MTTKRP, "double", "i64/i32", 3, 0, 1,
	setup_mttkrp_d),
  CASE (spmv_omp_d, SPMV, "double", "i64/i32", 2, 1, 0, setup_spmv_csr_d),
  CASE (spmv_omp_f, SPMV, "float", "u32/u32", 2, 1, 0, setup_spmv_csr_fu),
  CASE (spmv_orphan_d, SPMV " x5", "double", "i64/i32", 2, 1, 0,
	setup_spmv_orphan_d),
  { NULL, NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL }
};
