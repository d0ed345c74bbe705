/* Found by the fuzzer (seed 20261127, case 14; four more cases alike):
   F(row) = B(row,jj) - A(row,jj,t) + 0.5 * A(t,jj,row) was kept with
   "internal error: a reduction was left unlowered": in the single nest
   the last term's sum over t and jj is reached after the loops over
   them.  That is now a soft failure, so the lowering goes on to one nest
   per term, which computes it; the result must agree with the
   unannotated loop.  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-data.h"

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

#define BODY(PRAGMA)							\
  {									\
    PRAGMA								\
    for (int r = 0; r < N; r++)						\
      {									\
	double s = 0;							\
	for (int p = B->pos[r]; p < B->pos[r + 1]; p++)			\
	  s += B->vals[p];						\
	for (int j = 0; j < M; j++)					\
	  for (int t = 0; t < N; t++)					\
	    s += -A[r][j][t] + 0.5 * A[t][j][r];			\
	F[r] = s;							\
      }									\
  }
static void ann (int N, int M, const struct csr *B,
		 const double (*A)[M][N], double *F)
BODY (_Pragma ("tensor F(row) = B(row,jj) - A(row,jj,t) + 0.5 * A(t,jj,row) shape(F: N)"))
static void ref (int N, int M, const struct csr *B,
		 const double (*A)[M][N], double *F)
BODY ()

int
main (void)
{
  static const int sizes[][2] = { { 1, 1 }, { 6, 4 }, { 13, 9 } };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	int n = sizes[s][0], m = sizes[s][1];
	sf_coo a;
	sf_csr r;
	sf_error err;
	gd_coo (&a, 2, (int64_t[]) { n, m }, shape, 1100 + s);
	gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	struct csr B = { n, m, GD_COPY (int, r.pos, n + 1, 0),
			 GD_COPY (int, r.crd, a.nnz, 0), GD_DUP (r.vals, a.nnz) };
	double *A = gd_dense ((int64_t) n * m * n + 1);
	double *F = gd_dense (n + 1), *R = GD_DUP (F, n + 1);
	ann (n, m, &B, (void *) A, F);
	ref (n, m, &B, (void *) A, R);
	char what[80];
	snprintf (what, sizeof what, "three terms, %dx%d", n, m);
	gd_compare_norm (what, F, R, n);
	free (A), free (F), free (R);
	free (B.pos), free (B.crd), free (B.vals);
	sf_csr_free (&r);
	sf_coo_free (&a);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "schedule: \[^\n\]*one nest per term" "sparsefuse" } } */
