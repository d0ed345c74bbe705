/* Two matters of code, not of schedule (docs/fusion.md, "Accumulated
   rows" and "Prefetching gathered rows"):

   - a nest that adds into one row of a dense output once per entry of a
     sparse row (SpMM's A[i, :] += B(i,j) * C[j, :]) adds into an
     aligned block of its own instead, one per thread, and stores the row
     once: A's rows here start 8 bytes past a 64-byte boundary, as large
     malloc'd arrays do;
   - a loop over stored entries that gathers rows of two dense operands
     at their coordinates (GNN's D[j, :] and E[j, :]) prefetches the rows
     of the next iteration, clamped to the last one; SpMM's loop, rows of
     C alone, does not.

   Every kernel agrees with its unannotated loop on rows of every length
   (empty, one entry, odd, even: the clamp at a row's end), with "=" and
   "+=", doubles and floats, at 1, 2 and 4 threads, under the address
   sanitizer (a prefetch index past the last entry would read past B's
   crd).  schedule(naive) keeps the plain nest: neither rewrite.  */
/* { dg-do run } */
/* { dg-options "-O1 -fopenmp -fsanitize=address -fplugin-arg-sparsefuse-dump=details -fplugin-arg-sparsefuse-orders=1" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"
#include "gnn-body.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)
struct csrf { int n, m; int *pos, *crd; float *vals; };
#pragma tensor format struct csrf dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define SPMM_BODY(PRAGMA, OP)						\
  {									\
    PRAGMA								\
    for (int i = 0; i < B->n; i++)					\
      for (int k = 0; k < K; k++)					\
	{								\
	  double s = 0;							\
	  for (int p = B->pos[i]; p < B->pos[i + 1]; p++)		\
	    s += B->vals[p] * C[B->crd[p]][k];				\
	  A[i][k] OP s;							\
	}								\
  }
#define SPMM_ARGS(T) const struct T *B, int K, double (*C)[K], double (*A)[K]
static void spmm_ann (SPMM_ARGS (csr))
SPMM_BODY (_Pragma ("tensor A(i,k) = B(i,j) * C(j,k)"), =)
static void spmm_naive (SPMM_ARGS (csr))
SPMM_BODY (_Pragma ("tensor A(i,k) = B(i,j) * C(j,k) schedule(naive)"), =)
static void spmm_ref (SPMM_ARGS (csr))
SPMM_BODY (, =)
static void spmm_acc (SPMM_ARGS (csr))
SPMM_BODY (_Pragma ("tensor A(i,k) += B(i,j) * C(j,k)"), +=)
static void spmm_acc_ref (SPMM_ARGS (csr))
SPMM_BODY (, +=)

static void
spmmf_ann (const struct csrf *B, int K, float (*C)[K], float (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(j,k)
  for (int i = 0; i < B->n; i++)
    for (int k = 0; k < K; k++)
      {
	A[i][k] = 0;
	for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
	  A[i][k] += B->vals[p] * C[B->crd[p]][k];
      }
}

static void
spmmf_ref (const struct csrf *B, int K, float (*C)[K], float (*A)[K])
{
  for (int i = 0; i < B->n; i++)
    for (int k = 0; k < K; k++)
      {
	A[i][k] = 0;
	for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
	  A[i][k] += B->vals[p] * C[B->crd[p]][k];
      }
}

static void gnn_ann (GNN_ARGS (double, csr))
GNN_BODY (double, _Pragma ("tensor A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)"), =)
static void gnn_ref (GNN_ARGS (double, csr))
GNN_BODY (double, , =)
static void gnnf_ann (GNN_ARGS (float, csrf))
GNN_BODY (float, _Pragma ("tensor A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)"), =)
static void gnnf_ref (GNN_ARGS (float, csrf))
GNN_BODY (float, , =)

/* N doubles (random) starting 8 bytes past a 64-byte boundary; free with
   free (P - 1).  */
static double *
odd_dense (int64_t n)
{
  double *a = aligned_alloc (64, (size_t) (n + 8 + 7) / 8 * 64);
  double *r = gd_dense (n);
  memcpy (a + 1, r, (size_t) n * sizeof *a);
  free (r);
  return a + 1;
}

static void
run (const char *what, int shape, const struct csr *B, int K, int L)
{
  int big = (B->n > B->m ? B->n : B->m) + 1, W = K > L ? K : L;
  double *C = odd_dense ((int64_t) big * W), *D = odd_dense ((int64_t) big * K);
  double *E = odd_dense ((int64_t) big * L), *A = odd_dense ((int64_t) big * W);
  double *R = GD_DUP (A, (int64_t) big * W);
  char name[200];
  snprintf (name, sizeof name, "spmm %s, %d threads", what,
	    omp_get_max_threads ());
  spmm_ann (B, K, (void *) C, (void *) A);
  spmm_ref (B, K, (void *) C, (void *) R);
  gd_compare (name, shape, A, R, (int64_t) B->n * K);

  snprintf (name, sizeof name, "spmm naive %s", what);
  spmm_naive (B, K, (void *) C, (void *) A);
  gd_compare (name, shape, A, R, (int64_t) B->n * K);

  snprintf (name, sizeof name, "spmm += %s", what);
  spmm_acc (B, K, (void *) C, (void *) A);
  spmm_acc_ref (B, K, (void *) C, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) B->n * K);

  float *vf = malloc (sizeof (float) * (B->pos[B->n] + 1));
  float *Cf = gd_dense_float ((int64_t) big * K);
  float *Af = gd_dense_float ((int64_t) big * K);
  float *Rf = malloc (sizeof (float) * (size_t) big * K);
  for (int p = 0; p < B->pos[B->n]; p++)
    vf[p] = (float) B->vals[p];
  struct csrf Bf = { B->n, B->m, B->pos, B->crd, vf };
  snprintf (name, sizeof name, "spmm float %s", what);
  spmmf_ann (&Bf, K, (void *) Cf, (void *) Af);
  spmmf_ref (&Bf, K, (void *) Cf, (void *) Rf);
  gd_compare_float (name, shape, Af, Rf, (int64_t) B->n * K);
  float *Df = gd_dense_float ((int64_t) big * K);
  float *Ef = gd_dense_float ((int64_t) big * L);
  float *Gf = gd_dense_float ((int64_t) big * L);
  float *Hf = malloc (sizeof (float) * (size_t) big * L);
  snprintf (name, sizeof name, "gnn float %s", what);
  gnnf_ann (&Bf, K, L, (void *) Cf, (void *) Df, (void *) Ef, (void *) Gf);
  gnnf_ref (&Bf, K, L, (void *) Cf, (void *) Df, (void *) Ef, (void *) Hf);
  gd_compare_float (name, shape, Gf, Hf, (int64_t) B->n * L);
  free (Df), free (Ef), free (Gf), free (Hf);
  free (vf), free (Cf), free (Af), free (Rf);

  snprintf (name, sizeof name, "gnn %s", what);
  gnn_ann (B, K, L, (void *) C, (void *) D, (void *) E, (void *) A);
  gnn_ref (B, K, L, (void *) C, (void *) D, (void *) E, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) B->n * L);
  free (C - 1), free (D - 1), free (E - 1), free (A - 1), free (R);
}

int
main (void)
{
  /* Row lengths 0 to about 30; extents below, at and above a line, and
     rows long enough to be prefetched (8 lines: 64 doubles, 128
     floats).  */
  static const int sizes[][4] = { { 1, 1, 3, 1 }, { 7, 2, 8, 9 },
				  { 13, 17, 24, 16 }, { 30, 31, 5, 40 },
				  { 9, 11, 64, 64 }, { 6, 5, 128, 128 },
				  { 1, 1, 64, 64 } };
  for (int t = 1; t <= 4; t *= 2)
    for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
      for (int shape = 0; shape < GD_NSHAPES; shape++)
	{
	  omp_set_num_threads (t);
	  sf_coo a;
	  gd_coo (&a, 2, (int64_t[]) { sizes[s][0], sizes[s][1] }, shape,
		  500 + s);
	  sf_csr r;
	  sf_error err;
	  gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	  /* crd exactly as long as the entries: a read past them is an
	     error of the sanitizer.  */
	  struct csr B = { (int) r.nrows, (int) r.ncols,
			   GD_COPY (int, r.pos, r.nrows + 1, 0),
			   GD_COPY (int, r.crd, a.nnz, 0),
			   GD_DUP (r.vals, a.nnz) };
	  char what[80];
	  snprintf (what, sizeof what, "%dx%d K=%d L=%d", sizes[s][0],
		    sizes[s][1], sizes[s][2], sizes[s][3]);
	  run (what, shape, &B, sizes[s][2], sizes[s][3]);
	  free (B.pos), free (B.crd), free (B.vals);
	  sf_coo_free (&a), sf_csr_free (&r);
	}
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| rows of A accumulated in r_\[kl\] \\(aligned, one per thread\\), then stored" 5 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| gathered rows prefetched an iteration ahead \\(1 loop\\)" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: forall i \\(dense\\) forall j \\(B compressed\\) forall k \\(dense\\) \\| parallel i \\| A zeroed first\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "__builtin_prefetch \\(&D\\\[oD_\[0-9_\]+ \\+ c\[_0-9\]* \\* 8\\\]\\);" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "__builtin_prefetch \\(&E\\\[oE_\[0-9_\]+ \\+ c\[_0-9\]* \\* 8\\\]\\);" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "__builtin_prefetch \\(&E\\\[oE_\[0-9_\]+ \\+ c\[_0-9\]* \\* 16\\\]\\);" "sparsefuse" } } */
