/* Found by the fuzzer (seed 20261127, case 5206): H(p) = w(l,t) - A(a1,t)
   broadcasts a sum over every p.  The fused schedule keeps the sum of A
   over a1 in a workspace w_t per p and the consumer adds it up in a
   scalar declared in the row loop's body (t = t + ...; H[p] = t).  Row
   blocks (opt/row_blocks.c) copy such declarations into both halves; the
   assignment inside the consumer kept the original variable, so H got
   the copy's 0.  Rows in blocks must give the unannotated loop's
   result, for fewer and more than 16 rows.  */
/* { dg-do run } */
/* The preferred loop order's fused schedule is the one with row blocks;
   a departure from that order (t l a1 p, one nest without a workspace)
   costs less and would be chosen, so orders=1 keeps the case.  */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-data.h"

struct csc { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csc dims(n, m) levels(dense, compressed(pos, crd)) values(vals) modes(1, 0)

#define BODY(PRAGMA)							\
  {									\
    PRAGMA								\
    {									\
      for (int p = 0; p < P; p++)					\
	H[p] = 0;							\
      for (int t = 0; t < w->m; t++)					\
	for (int q = w->pos[t]; q < w->pos[t + 1]; q++)			\
	  for (int p = 0; p < P; p++)					\
	    H[p] += w->vals[q];						\
      for (int p = 0; p < P; p++)					\
	for (int t = 0; t < w->m; t++)					\
	  for (int a = 0; a < E; a++)					\
	    H[p] -= A[a][t];						\
    }									\
  }
static void ann (int P, int E, float *H, const struct csc *w,
		 const double (*A)[w->m])
BODY (_Pragma ("tensor H(p) = w(l,t) - A(a1,t) shape(A: E, w->m) shape(H: P)"))
static void ref (int P, int E, float *H, const struct csc *w,
		 const double (*A)[w->m])
BODY ()

int
main (void)
{
  static const int sizes[][4] = { { 1, 1, 1, 1 }, { 5, 7, 3, 2 },
				  { 17, 6, 9, 40 }, { 40, 13, 4, 33 } };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (int shape = 0; shape < GD_NSHAPES; shape++)
      {
	int n = sizes[s][0], m = sizes[s][1], E = sizes[s][2], P = sizes[s][3];
	sf_coo a;
	sf_csr r;
	sf_error err;
	/* w is n x m in CSC: the CSR of its transpose.  */
	gd_coo (&a, 2, (int64_t[]) { m, n }, shape, 1000 + s);
	gd_check (sf_coo_to_csr (&a, &r, &err), &err);
	struct csc w = { n, m, GD_COPY (int, r.pos, m + 1, 0),
			 GD_COPY (int, r.crd, a.nnz, 0), GD_DUP (r.vals, a.nnz) };
	double *A = gd_dense ((int64_t) E * m + 1);
	float *H = gd_dense_float (P + 1), *R = gd_dense_float (P + 1);
	ann (P, E, H, &w, (void *) A);
	ref (P, E, R, &w, (void *) A);
	char what[120];
	snprintf (what, sizeof what, "H(p) = w(l,t) - A(a1,t), %dx%d, E=%d, "
		  "P=%d", n, m, E, P);
	gd_compare_float (what, shape, H, R, P);
	free (A), free (H), free (R);
	free (w.pos), free (w.crd), free (w.vals);
	sf_csr_free (&r);
	sf_coo_free (&a);
      }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "schedule fused \[^\n\]*rows in blocks of 16" "sparsefuse" } } */
