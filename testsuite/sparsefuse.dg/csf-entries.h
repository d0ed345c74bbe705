/* CSF helpers of the order-3 tests (gen-tensor.c, network-order.c,
   private-reduction.c, ttmc-picks.c): a walk over the entries, a lookup,
   a random tensor, TTMc's and the network's loops.  */

#ifndef CSF_ENTRIES_H
#define CSF_ENTRIES_H

#include "gen-data.h"

/* Walk the entries of CSF B (identity mode order) as i, j, k, value.  */
#define FOR_ENTRIES(B, I, J, K, V)					\
  for (int64_t a_ = (B)->pos[0][0]; a_ < (B)->pos[0][1]; a_++)		\
    for (int64_t b_ = (B)->pos[1][a_]; b_ < (B)->pos[1][a_ + 1]; b_++)	\
      for (int64_t c_ = (B)->pos[2][b_], I = (B)->crd[0][a_],		\
	   J = (B)->crd[1][b_]; c_ < (B)->pos[2][b_ + 1]; c_++)		\
	for (int64_t K = (B)->crd[2][c_], once_ = 1; once_; once_ = 0)	\
	  for (double V = (B)->vals[c_]; once_; once_ = 0)

/* Return the value of CSF T at (I, J, K), 0 when it holds none.  */
static inline double __attribute__ ((pure))
csf_get (const sf_csf *T, int64_t i, int64_t j, int64_t k)
{
  for (int64_t a = T->pos[0][0]; a < T->pos[0][1]; a++)
    if (T->crd[0][a] == i)
      for (int64_t b = T->pos[1][a]; b < T->pos[1][a + 1]; b++)
	if (T->crd[1][b] == j)
	  for (int64_t c = T->pos[2][b]; c < T->pos[2][b + 1]; c++)
	    if (T->crd[2][c] == k)
	      return T->vals[c];
  return 0;
}

/* Return in T a CSF (identity order) of extents D0 x D1 x D2 and SHAPE
   (gen-data.h).  */
static inline void
make_csf (sf_csf *t, int64_t d0, int64_t d1, int64_t d2, int shape,
	  uint64_t seed)
{
  sf_coo a;
  sf_error err;
  gd_coo (&a, 3, (int64_t[]) { d0, d1, d2 }, shape, seed);
  gd_check (sf_coo_to_csf (&a, NULL, t, &err), &err);
  sf_coo_free (&a);
}

/* TTMc, A(l,m,n) (+)= B(i,j,k) * C(i,l) * D(j,m) * E(k,n), as a
   scientist might loop it: the functions' parameters, the loop that adds
   into A, and the one that zeroes A first.  */
#define TTMC_ARGS const sf_csf3 *B, int64_t L, int64_t M, int64_t N,	\
		  double (*C)[L], double (*D)[M], double (*E)[N],	\
		  double (*A)[M][N]
#define TTMC_ADD_BODY							\
  FOR_ENTRIES (B, i, j, k, v)						\
    for (int64_t l = 0; l < L; l++)					\
      for (int64_t m = 0; m < M; m++)					\
	for (int64_t n = 0; n < N; n++)					\
	  A[l][m][n] += v * C[i][l] * D[j][m] * E[k][n];
#define TTMC_SET_BODY							\
  {									\
    for (int64_t x = 0; x < L * M * N; x++)				\
      A[x / (M * N)][x / N % M][x % N] = 0;				\
    TTMC_ADD_BODY							\
  }

/* The tensor network R(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) *
   D(j,k,r) as a scientist might loop it (with NI, NJ, NK and R in
   scope).  */
#define NET_BODY							\
  {									\
    for (int64_t x = 0; x < NI * NJ * NK; x++)				\
      R[x / (NJ * NK)][x / NK % NJ][x % NK] = 0;			\
    FOR_ENTRIES (A, i, p, q, va)					\
      FOR_ENTRIES (B, j, p2, r, vb)					\
	if (p2 == p)							\
	  for (int64_t k = 0; k < NK; k++)				\
	    R[i][j][k] += va * vb * csf_get (C, k, q, r)		\
			  * csf_get (D, j, k, r);			\
  }
#endif /* CSF_ENTRIES_H */
