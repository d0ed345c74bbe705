/* The correct twin of verify-vacuous-bound.c: a product of five operands
   whose random patterns never meet on the checker's first input sets, in
   a loop that clears its output up to a parameter the annotation does
   not bind.  The binding of nq agrees on the sets with full patterns too
   (the dump says "verified"), and the generated code matches the loop
   compiled without the annotation.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "sf-test.h"
#include "sparsefuse.h"

struct svec { double *vals; long *pos; unsigned *crd; long n; int unused; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)
struct coo2 { const long *pos[2]; const float *vals; const long long *crd[2]; int n1; int nnz; int n0; };
#pragma tensor format struct coo2 dims(n1, n0) levels(coo(nnz, crd[0]), singleton(crd[1])) values(vals) modes(1, 0) base(1)

#define BODY								\
  {									\
    for (long a = 0; a < ni; a++)					\
      for (long b = 0; b < nj; b++)					\
	for (long c = 0; c < nq; c++)					\
	  A[c][b][a] = 0;						\
    for (long pv = v->pos[0]; pv < v->pos[1]; pv++)			\
      {									\
	long q = v->crd[pv];						\
	for (long i = 0; i < ni; i++)					\
	  for (long j = 0; j < nj; j++)					\
	    {								\
	      long ps = s.pos[0];					\
	      while (ps < s.pos[1] && s.crd[ps] != j)			\
		ps++;							\
	      if (ps == s.pos[1])					\
		continue;						\
	      long p0 = D->pos[0][0];					\
	      while (p0 < D->pos[0][1] && D->crd[0][p0] != q)		\
		p0++;							\
	      if (p0 == D->pos[0][1])					\
		continue;						\
	      long p1 = D->pos[1][p0];					\
	      while (p1 < D->pos[1][p0 + 1] && D->crd[1][p1] != i)	\
		p1++;							\
	      if (p1 == D->pos[1][p0 + 1])				\
		continue;						\
	      long p2 = D->pos[2][p1];					\
	      while (p2 < D->pos[2][p1 + 1] && D->crd[2][p2] != j)	\
		p2++;							\
	      if (p2 == D->pos[2][p1 + 1])				\
		continue;						\
	      long pc = 0;						\
	      while (pc < C->nnz					\
		     && !(C->crd[0][pc] - 1 == q && C->crd[1][pc] - 1 == i)) \
		pc++;							\
	      if (pc == C->nnz)						\
		continue;						\
	      A[q][j][i] += -1.0 * s.vals[ps] * v->vals[pv] * D->vals[p2] \
			    * C->vals[pc] * y[i][j];			\
	    }								\
      }									\
  }

/* noipa: the extents stay parameters, not the constants of the one
   call.  */
__attribute__ ((noipa)) static void
swapped_ann (long ni, long nj, long nq, double (*A)[nj][ni], struct svec s,
	     const struct svec *v, const sf_csf3_021 *D,
	     const struct coo2 *C, const float (*y)[nj])
{
#pragma tensor A(i,j,q) = s(j) * (-(v(q) * (D(q,j,i) * C(i,q))) * y(i,j)) colmajor(A)
  BODY
}

__attribute__ ((noipa)) static void
swapped_ref (long ni, long nj, long nq, double (*A)[nj][ni], struct svec s,
	     const struct svec *v, const sf_csf3_021 *D,
	     const struct coo2 *C, const float (*y)[nj])
BODY

/* A product of sparse vectors whose random patterns never meet, and an
   integer read only where they meet: the sets with full patterns read
   it, so it is bound (n >= the extent of k at the entry) rather than
   left out; a call with n short of the extent runs the loop.  */
#define FIND(V, K, P)							\
  long P = (V)->pos[0];							\
  while (P < (V)->pos[1] && (V)->crd[P] != (K))				\
    P++;								\
  if (P == (V)->pos[1])							\
    continue;

#define DOT5								\
  {									\
    s = 0;								\
    for (long p = u->pos[0]; p < u->pos[1]; p++)			\
      {									\
	unsigned k = u->crd[p];						\
	FIND (v, k, q)							\
	FIND (w, k, r)							\
	FIND (z, k, t)							\
	FIND (a, k, b)							\
	if (k < n)							\
	  s += u->vals[p] * v->vals[q] * w->vals[r] * z->vals[t]	\
	       * a->vals[b];						\
      }									\
  }

__attribute__ ((noipa)) static double
dot5_ann (long n, const struct svec *u, const struct svec *v,
	  const struct svec *w, const struct svec *z, const struct svec *a)
{
  double s;
#pragma tensor s = u(k) * v(k) * w(k) * z(k) * a(k)
  DOT5
  return s;
}

__attribute__ ((noipa)) static double
dot5_ref (long n, const struct svec *u, const struct svec *v,
	  const struct svec *w, const struct svec *z, const struct svec *a)
{
  double s;
  DOT5
  return s;
}

enum { NI = 3, NJ = 4, NQ = 5, N = 64 };

/* Return a sparse vector of N entries: every coordinate but the
   multiples of SKIP.  */
static struct svec
vector (long n, int skip)
{
  struct svec x = { malloc (n * sizeof (double)), malloc (2 * sizeof (long)),
		    malloc (n * sizeof (unsigned)), n, 0 };
  long nnz = 0;
  for (long k = 0; k < n; k++)
    if (k % skip)
      {
	x.crd[nnz] = (unsigned) k;
	x.vals[nnz++] = sf_test_value ();
      }
  x.pos[0] = 0, x.pos[1] = nnz;
  return x;
}

int
main (void)
{
  struct svec s = vector (NJ, 3), v = vector (NQ, 2);
  /* D(q,j,i), stored q, i, j: every q but 1, every i, every j but the
     one at (q + i) % NJ.  */
  sf_csf3_021 D;
  memset (&D, 0, sizeof D);
  D.order = 3;
  D.dims[0] = NQ, D.dims[1] = NJ, D.dims[2] = NI;
  D.mode_order[0] = 0, D.mode_order[1] = 2, D.mode_order[2] = 1;
  for (int l = 0; l < 3; l++)
    {
      D.pos[l] = malloc ((NQ * NI * NJ + 1) * sizeof (sf_pos_t));
      D.crd[l] = malloc (NQ * NI * NJ * sizeof (sf_crd_t));
    }
  D.vals = malloc (NQ * NI * NJ * sizeof (double));
  long n0 = 0, n1 = 0, n2 = 0;
  D.pos[0][0] = 0;
  D.pos[1][0] = 0;
  D.pos[2][0] = 0;
  for (long q = 0; q < NQ; q++)
    {
      if (q == 1)
	continue;
      D.crd[0][n0++] = (sf_crd_t) q;
      for (long i = 0; i < NI; i++)
	{
	  D.crd[1][n1++] = (sf_crd_t) i;
	  for (long j = 0; j < NJ; j++)
	    if (j != (q + i) % NJ)
	      {
		D.crd[2][n2] = (sf_crd_t) j;
		D.vals[n2++] = sf_test_value ();
	      }
	  D.pos[2][n1] = n2;
	}
      D.pos[1][n0] = n1;
    }
  D.pos[0][1] = n0;
  D.nnz = n2;
  /* C(i,q), stored q, i, from 1: every pair but i == q.  */
  static long long cq[NQ * NI], ci[NQ * NI];
  static float cv[NQ * NI];
  long nc = 0;
  for (long q = 0; q < NQ; q++)
    for (long i = 0; i < NI; i++)
      if (i != q)
	{
	  cq[nc] = q + 1, ci[nc] = i + 1;
	  cv[nc++] = (float) sf_test_value ();
	}
  struct coo2 C = { { NULL, NULL }, cv, { cq, ci }, NI, (int) nc, NQ };
  static float y[NI][NJ];
  sf_test_fill_float (&y[0][0], NI * NJ);
  static double got[NQ][NJ][NI], want[NQ][NJ][NI];
  sf_test_fill (&got[0][0][0], NQ * NJ * NI);
  sf_test_fill (&want[0][0][0], NQ * NJ * NI);
  swapped_ann (NI, NJ, NQ, got, s, &v, &D, &C, y);
  swapped_ref (NI, NJ, NQ, want, s, &v, &D, &C, y);
  sf_test_compare ("swapped", &got[0][0][0], &want[0][0][0], NQ * NJ * NI,
		   1e-12);
  struct svec u = vector (N, 2), w = vector (N, 3), z = vector (N, 5);
  struct svec a = vector (N, 7), x = vector (N, 11);
  double dgot[2], dwant[2];
  dgot[0] = dot5_ann (N, &u, &w, &z, &a, &x);
  dwant[0] = dot5_ref (N, &u, &w, &z, &a, &x);
  dgot[1] = dot5_ann (N / 2, &u, &w, &z, &a, &x);
  dwant[1] = dot5_ref (N / 2, &u, &w, &z, &a, &x);
  sf_test_compare ("dot5", dgot, dwant, 2, 1e-12);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 2 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 2 "sparsefuse" } } */
