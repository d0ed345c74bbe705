/* graphblas.c: the library baselines, SuiteSparse:GraphBLAS calls for the
   kernels it expresses directly:

     SpMV    y = B x                      GrB_mxv
     SpMM    A = B C                      GrB_mxm, C a full matrix
     SDDMM   T<B> = C D', A = B .* T      masked GrB_mxm (structural mask),
                                          then GrB_eWiseMult
     GNN     the SDDMM above, then A = T E

   Operands are imported once, outside the timed calls (copies of the
   driver's arrays; GraphBLAS indices are 64-bit).  A timed call ends with
   GrB_wait, so the result is materialised.  Results are copied into
   ops->out for the check by bench_gb_collect, untimed.  */

#include <stdlib.h>
#include <string.h>
#include <GraphBLAS.h>
#include "bench.h"

typedef struct gb_state
{
  GrB_Matrix B, C, D, E, T, A;
  GrB_Vector x, y;
  GrB_Descriptor mask_tran; /* structural mask, second input transposed */
  int kind;                 /* 0 spmv, 1 spmm (A), 2 sddmm (T), 3 gnn (A) */
} gb_state;

/* Return 0 if INFO is GrB_SUCCESS, else -1.  */
static int
ok (GrB_Info info)
{
  return info == GrB_SUCCESS ? 0 : -1;
}

int
bench_gb_init (void)
{
  return ok (GrB_init (GrB_NONBLOCKING));
}

void
bench_gb_threads (int n)
{
  GxB_Global_Option_set (GxB_NTHREADS, n);
}

/* Import the CSR matrix S as *M (copying); return 0 or -1.  */
static int
import_csr (const sf_csr *s, GrB_Matrix *m)
{
  int64_t nnz = sf_csr_nnz (s);
  GrB_Index *p = malloc ((s->nrows + 1) * sizeof *p);
  GrB_Index *j = malloc ((nnz + 1) * sizeof *j);
  int rc = -1;
  if (p && j)
    {
      for (int64_t i = 0; i <= s->nrows; i++)
	p[i] = (GrB_Index) s->pos[i];
      for (int64_t q = 0; q < nnz; q++)
	j[q] = (GrB_Index) s->crd[q];
      rc = ok (GrB_Matrix_import_FP64 (m, GrB_FP64, s->nrows, s->ncols, p, j,
				       s->vals, s->nrows + 1, nnz, nnz,
				       GrB_CSR_FORMAT));
    }
  free (p), free (j);
  return rc;
}

/* Import the row-major R x C array X as a full matrix *M (copying).  */
static int
import_full (const double *x, int64_t r, int64_t c, GrB_Matrix *m)
{
  size_t bytes = (size_t) (r * c) * sizeof (double);
  void *copy = malloc (bytes + sizeof (double));
  if (!copy)
    return -1;
  memcpy (copy, x, bytes);
  return ok (GxB_Matrix_import_FullR (m, GrB_FP64, r, c, &copy, bytes, false,
				      NULL));
}

/* Make ops->lib a fresh state of KIND; return it or NULL.  */
static gb_state *
state (bench_ops *ops, int kind)
{
  gb_state *g = calloc (1, sizeof *g);
  if (g && import_csr (&ops->in->B, &g->B) != 0)
    {
      free (g);
      return NULL;
    }
  if (g)
    g->kind = kind;
  ops->lib = g;
  return g;
}

int
bench_gb_setup_spmv (bench_ops *ops)
{
  gb_state *g = state (ops, 0);
  const sf_csr *b = &ops->in->B;
  if (!g)
    return -1;
  size_t bytes = b->ncols * sizeof (double);
  void *x = malloc (bytes + sizeof (double));
  if (!x)
    return -1;
  memcpy (x, ops->dense[0], bytes);
  return ok (GxB_Vector_import_Full (&g->x, GrB_FP64, b->ncols, &x, bytes,
				     false, NULL))
	 || ok (GrB_Vector_new (&g->y, GrB_FP64, b->nrows));
}

int
bench_gb_setup_spmm (bench_ops *ops)
{
  gb_state *g = state (ops, 1);
  const sf_csr *b = &ops->in->B;
  return !g || import_full (ops->dense[0], b->ncols, ops->K, &g->C)
	 || ok (GrB_Matrix_new (&g->A, GrB_FP64, b->nrows, ops->K));
}

/* The SDDMM operands and descriptor, shared with GNN.  */
static int
setup_sddmm_part (bench_ops *ops, gb_state *g)
{
  const sf_csr *b = &ops->in->B;
  return !g || import_full (ops->dense[0], b->nrows, ops->K, &g->C)
	 || import_full (ops->dense[1], b->ncols, ops->K, &g->D)
	 || ok (GrB_Matrix_new (&g->T, GrB_FP64, b->nrows, b->ncols))
	 || ok (GrB_Descriptor_new (&g->mask_tran))
	 || ok (GrB_Descriptor_set (g->mask_tran, GrB_MASK, GrB_STRUCTURE))
	 || ok (GrB_Descriptor_set (g->mask_tran, GrB_INP1, GrB_TRAN));
}

int
bench_gb_setup_sddmm (bench_ops *ops)
{
  return setup_sddmm_part (ops, state (ops, 2));
}

int
bench_gb_setup_gnn (bench_ops *ops)
{
  gb_state *g = state (ops, 3);
  const sf_csr *b = &ops->in->B;
  return setup_sddmm_part (ops, g)
	 || import_full (ops->dense[2], b->ncols, ops->L, &g->E)
	 || ok (GrB_Matrix_new (&g->A, GrB_FP64, b->nrows, ops->L));
}

void
bench_gb_spmv (bench_ops *ops)
{
  gb_state *g = ops->lib;
  GrB_mxv (g->y, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, g->B, g->x, NULL);
  GrB_Vector_wait (g->y, GrB_MATERIALIZE);
}

void
bench_gb_spmm (bench_ops *ops)
{
  gb_state *g = ops->lib;
  GrB_mxm (g->A, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, g->B, g->C, NULL);
  GrB_Matrix_wait (g->A, GrB_MATERIALIZE);
}

/* T<B> = C D', then T = B .* T.  */
static void
sddmm_calls (gb_state *g)
{
  GrB_mxm (g->T, g->B, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, g->C, g->D,
	   g->mask_tran);
  GrB_eWiseMult (g->T, NULL, NULL, GrB_TIMES_FP64, g->B, g->T, NULL);
}

void
bench_gb_sddmm (bench_ops *ops)
{
  gb_state *g = ops->lib;
  sddmm_calls (g);
  GrB_Matrix_wait (g->T, GrB_MATERIALIZE);
}

void
bench_gb_gnn (bench_ops *ops)
{
  gb_state *g = ops->lib;
  sddmm_calls (g);
  GrB_mxm (g->A, NULL, NULL, GrB_PLUS_TIMES_SEMIRING_FP64, g->T, g->E, NULL);
  GrB_Matrix_wait (g->A, GrB_MATERIALIZE);
}

/* Scatter the tuples of M into ops->out: row-major with W columns, or
   (SPARSE) at the positions of B's pattern.  */
static void
scatter (bench_ops *ops, GrB_Matrix m, int64_t w, int sparse)
{
  GrB_Index n = 0;
  GrB_Matrix_nvals (&n, m);
  GrB_Index *i = malloc ((n + 1) * sizeof *i), *j = malloc ((n + 1) * sizeof *j);
  double *x = malloc ((n + 1) * sizeof *x);
  memset (ops->out, 0, ops->nout * sizeof *ops->out);
  if (i && j && x
      && GrB_Matrix_extractTuples_FP64 (i, j, x, &n, m) == GrB_SUCCESS)
    for (GrB_Index t = 0; t < n; t++)
      {
	const sf_csr *b = &ops->in->B;
	sf_pos_t p = b->pos[i[t]];
	if (sparse)
	  while (p < b->pos[i[t] + 1] && b->crd[p] != (sf_crd_t) j[t])
	    p++;
	ops->out[sparse ? (GrB_Index) p : i[t] * w + j[t]] = x[t];
      }
  free (i), free (j), free (x);
}

void
bench_gb_collect (bench_ops *ops)
{
  gb_state *g = ops->lib;
  if (g->kind == 0)
    {
      GrB_Index n = ops->nout;
      memset (ops->out, 0, n * sizeof *ops->out);
      GrB_Index *idx = malloc ((n + 1) * sizeof *idx);
      double *x = malloc ((n + 1) * sizeof *x);
      if (idx && x
	  && GrB_Vector_extractTuples_FP64 (idx, x, &n, g->y) == GrB_SUCCESS)
	for (GrB_Index t = 0; t < n; t++)
	  ops->out[idx[t]] = x[t];
      free (idx), free (x);
    }
  else if (g->kind == 2)
    scatter (ops, g->T, 0, 1);
  else
    scatter (ops, g->A, g->kind == 1 ? ops->K : ops->L, 0);
}

void
bench_gb_free (bench_ops *ops)
{
  gb_state *g = ops->lib;
  if (!g)
    return;
  GrB_Matrix *ms[] = { &g->B, &g->C, &g->D, &g->E, &g->T, &g->A };
  for (size_t k = 0; k < sizeof ms / sizeof ms[0]; k++)
    GrB_Matrix_free (ms[k]);
  GrB_Vector_free (&g->x);
  GrB_Vector_free (&g->y);
  GrB_Descriptor_free (&g->mask_tran);
  free (g);
  ops->lib = NULL;
}
