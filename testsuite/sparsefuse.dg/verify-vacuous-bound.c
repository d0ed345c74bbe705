/* A wrong annotation over a product of five operands whose random
   patterns never meet on the checker's input sets, in a loop that clears
   its output up to a parameter the annotation does not bind (nq): every
   binding of nq agrees on the random patterns, where the product is zero,
   and only the sets with full patterns, run with nq bound too, show the
   mistake (the correct twin is verify-vacuous-bound-run.c).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include "sparsefuse.h"

/* The members the loop does not read (unused, pos) are part of the
   test: the checker's random inputs follow the layout, and with this one
   the patterns of the five operands never meet on its random sets.  */

struct svec { double *vals; long *pos; unsigned *crd; long n; int unused; };
#pragma tensor format struct svec dims(n) levels(compressed(pos, crd)) values(vals)
struct coo2 { const long *pos[2]; const float *vals; const long long *crd[2]; int n1; int nnz; int n0; };
#pragma tensor format struct coo2 dims(n1, n0) levels(coo(nnz, crd[0]), singleton(crd[1])) values(vals) modes(1, 0) base(1)

/* y(i,j) read as y(j,i): y is square on every set (the annotation makes
   its rows as long as A's), its values are not symmetric.  */
void
swapped (long ni, long nj, long nq, double (*A)[nj][ni], struct svec s,
	 const struct svec *v, const sf_csf3_021 *D, const struct coo2 *C,
	 const float (*y)[nj])
{
#pragma tensor A(i,j,q) = s(j) * (-(v(q) * (D(q,j,i) * C(i,q))) * y(j,i)) colmajor(A) /* { dg-error "does not compute what the annotation says" } */
  {
    for (long a = 0; a < ni; a++)
      for (long b = 0; b < nj; b++)
	for (long c = 0; c < nq; c++)
	  A[c][b][a] = 0;
    for (long pv = v->pos[0]; pv < v->pos[1]; pv++)
      {
	long q = v->crd[pv];
	for (long i = 0; i < ni; i++)
	  for (long j = 0; j < nj; j++)
	    {
	      long ps = s.pos[0];
	      while (ps < s.pos[1] && s.crd[ps] != j)
		ps++;
	      if (ps == s.pos[1])
		continue;
	      long p0 = D->pos[0][0];
	      while (p0 < D->pos[0][1] && D->crd[0][p0] != q)
		p0++;
	      if (p0 == D->pos[0][1])
		continue;
	      long p1 = D->pos[1][p0];
	      while (p1 < D->pos[1][p0 + 1] && D->crd[1][p1] != i)
		p1++;
	      if (p1 == D->pos[1][p0 + 1])
		continue;
	      long p2 = D->pos[2][p1];
	      while (p2 < D->pos[2][p1 + 1] && D->crd[2][p2] != j)
		p2++;
	      if (p2 == D->pos[2][p1 + 1])
		continue;
	      long pc = 0;
	      while (pc < C->nnz
		     && !(C->crd[0][pc] - 1 == q && C->crd[1][pc] - 1 == i))
		pc++;
	      if (pc == C->nnz)
		continue;
	      A[q][j][i] += -1.0 * s.vals[ps] * v->vals[pv] * D->vals[p2]
			    * C->vals[pc] * y[i][j];
	    }
      }
  }
}

/* { dg-prune-output "on the inputs" } */
