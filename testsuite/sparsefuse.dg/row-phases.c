/* Row phases (core/opt/phases.c, docs/fusion.md "Row phases"): GNN's
   nest, a dot product per stored entry then an update of the row of A
   with it, runs over blocks of 64 rows in two phases, the entries'
   values in a buffer between them, when the columns a block spans are
   few (a banded matrix) and each row of B reaches 32 KB of rows of D
   and E or more; else as one nest.  Both branches run here: banded
   matrices of 48 entries a row take the phases at K = L = 64 (48 KB a
   row of B, about 110 columns a block); the random ones take the nest
   (fewer entries a row), and so do 3 rows spanning up to 20000 columns
   (20000 * 128 * 8 bytes is over the 1 MB a block may span).  Rows of
   every length (empty, one entry, odd, even), blocks of one row and of several, "=" and "+=", at
   1, 2 and 4 threads, under the address sanitizer (the buffer holds the
   entries of the largest block exactly), agree with the unannotated
   loop.  */
/* { dg-do run } */
/* { dg-options "-O1 -fopenmp -fsanitize=address -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include <omp.h>
#include "gen-data.h"
#include "gnn-body.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

static void gnn_ann (GNN_ARGS (double, csr))
GNN_BODY (double, _Pragma ("tensor A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)"), =)
static void gnn_ref (GNN_ARGS (double, csr))
GNN_BODY (double, , =)
static void gnn_acc (GNN_ARGS (double, csr))
GNN_BODY (double, _Pragma ("tensor A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l)"), +=)
static void gnn_acc_ref (GNN_ARGS (double, csr))
GNN_BODY (double, , +=)

/* SDDMM,SpMM,GEMM (gnn-body.h): its update adds into a where-statement's
   w_l; the second phase's rows then take their product by F in register
   tiles (opt/tiles.c) where opt/row_blocks.c blocked them by 16 before.  */
static void chain_ann (CHAIN_ARGS)
CHAIN_BODY (_Pragma ("tensor A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m)"))
static void chain_ref (CHAIN_ARGS)
CHAIN_BODY ()

static void
run_chain (const char *what, const struct csr *B, int K, int L, int M)
{
  int big = (B->n > B->m ? B->n : B->m) + 1;
  double *C = gd_dense ((int64_t) big * K), *D = gd_dense ((int64_t) big * K);
  double *E = gd_dense ((int64_t) big * L), *F = gd_dense ((int64_t) L * M);
  double *A = gd_dense ((int64_t) big * M);
  double *R = GD_DUP (A, (int64_t) big * M);
  char name[200];
  snprintf (name, sizeof name, "sddmm,spmm,gemm %s K=%d L=%d M=%d, %d "
	    "threads", what, K, L, M, omp_get_max_threads ());
  chain_ann (B, K, L, M, (void *) C, (void *) D, (void *) E, (void *) F,
	     (void *) A);
  chain_ref (B, K, L, M, (void *) C, (void *) D, (void *) E, (void *) F,
	     (void *) R);
  gd_compare_norm (name, A, R, (int64_t) B->n * M);
  free (C), free (D), free (E), free (F), free (A), free (R);
}

static void
run (const char *what, const struct csr *B, int K, int L)
{
  int big = (B->n > B->m ? B->n : B->m) + 1;
  double *C = gd_dense ((int64_t) big * K), *D = gd_dense ((int64_t) big * K);
  double *E = gd_dense ((int64_t) big * L), *A = gd_dense ((int64_t) big * L);
  double *R = GD_DUP (A, (int64_t) big * L);
  char name[200];
  snprintf (name, sizeof name, "gnn %s K=%d L=%d, %d threads", what, K, L,
	    omp_get_max_threads ());
  gnn_ann (B, K, L, (void *) C, (void *) D, (void *) E, (void *) A);
  gnn_ref (B, K, L, (void *) C, (void *) D, (void *) E, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) B->n * L);
  snprintf (name, sizeof name, "gnn += %s K=%d L=%d", what, K, L);
  gnn_acc (B, K, L, (void *) C, (void *) D, (void *) E, (void *) A);
  gnn_acc_ref (B, K, L, (void *) C, (void *) D, (void *) E, (void *) R);
  gd_compare_norm (name, A, R, (int64_t) B->n * L);
  free (C), free (D), free (E), free (A), free (R);
}

/* B: N x N, row i holding the columns i - W/2 .. i + W/2 - 1 that
   exist (a band).  */
static struct csr
band (int n, int w)
{
  struct csr B = { n, n, malloc (sizeof (int) * (n + 1)),
		   malloc (sizeof (int) * ((size_t) n * w + 1)),
		   gd_dense ((int64_t) n * w + 1) };
  int e = 0;
  for (int i = 0; i < n; i++)
    {
      B.pos[i] = e;
      for (int j = i - w / 2; j < i + w / 2; j++)
	if (j >= 0 && j < n)
	  B.crd[e++] = j;
    }
  B.pos[n] = e;
  return B;
}

int
main (void)
{
  /* Banded, 48 entries a row: at K = L = 64 each row of B reaches 48 KB
     of D and E, its block of 64 rows about 110 columns: the phases.  */
  for (int t = 1; t <= 4; t *= 2)
    for (int n = 1; n <= 200; n += n < 60 ? 59 : 70)
      {
	omp_set_num_threads (t);
	struct csr B = band (n, 48);
	char what[80];
	snprintf (what, sizeof what, "band %d", n);
	run (what, &B, 64, 64);
	run (what, &B, 5, 9);
	if (n <= 60)
	  run_chain (what, &B, 64, 64, 3);
	free (B.pos), free (B.crd), free (B.vals);
      }
  /* Up to 200 rows: blocks of 64 rows, the last one partial.  */
  static const int sizes[][2] = { { 1, 1 }, { 7, 2 }, { 64, 40 },
				  { 200, 150 }, { 3, 20000 } };
  for (int t = 1; t <= 4; t *= 2)
    for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
      for (int shape = 0; shape < GD_NSHAPES; shape++)
	{
	  omp_set_num_threads (t);
	  sf_coo a;
	  gd_coo (&a, 2, (int64_t[]) { sizes[s][0], sizes[s][1] }, shape,
		  700 + s);
	  sf_csr r;
	  sf_error err;
	  gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	  struct csr B = { (int) r.nrows, (int) r.ncols,
			   GD_COPY (int, r.pos, r.nrows + 1, 0),
			   GD_COPY (int, r.crd, a.nnz, 0),
			   GD_DUP (r.vals, a.nnz) };
	  char what[80];
	  snprintf (what, sizeof what, "%dx%d (%s)", sizes[s][0],
		    sizes[s][1], gd_shape_names[shape]);
	  run (what, &B, 5, 9);
	  run (what, &B, 64, 64);
	  free (B.pos), free (B.crd), free (B.vals);
	  sf_coo_free (&a), sf_csr_free (&r);
	}
  return sf_test_status ();
}

/* Both GNN regions run in phases, with the nest kept for wide spans,
   and so does SDDMM,SpMM,GEMM's fused schedule, its second phase in
   register tiles (the single nest, never predicted 1.5x faster, is not
   emitted beside it): 3 tests, 3 buffers.  */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| rows in phases of 64 \\(each entry's value into w_ph, one per entry of a block, then the updates\\)" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "schedule: \[^\n\]*\\| rows in phases of 64\[^\n\]*\\| products by a dense matrix in register tiles of 4 rows" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "int64_t ph_use\[_0-9\]* = \\(double\\) ph_span\[_0-9\]* \\* \\(\\(double\\) \\(C_ext1 \\+ E_ext1\\) \\* 8\\.0\\) <= \\(double\\) i\[_0-9\]*_blocks\[_0-9\]* \\* 1048576\\.0 && \\(double\\) B_n \\* 32768\\.0 <= \\(double\\) ph_entries\[_0-9\]* \\* \\(\\(double\\) \\(C_ext1 \\+ E_ext1\\) \\* 8\\.0\\) \\? 1 : 0;" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "w_ph\[_0-9\]*\\\[pB1\[_0-9\]* - ph_base\[_0-9\]*\\\] = h" 3 "sparsefuse" } } */
