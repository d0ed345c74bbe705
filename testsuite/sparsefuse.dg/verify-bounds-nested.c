/* Wrong annotations over loops bounded by integers the annotation does
   not bind (SPEC 1.7), where arrays of a C type's size fix the extents:
   - one bound for three nested loops that look up the entries of a CSF
     tensor: every value past the extent only runs rounds that find
     nothing, and the sizes such a bound could stand for (36, the
     entries of a 6 x 6 table) are too many rounds to run;
   - four bounds over the seven indices of an order-4 TTMc whose factor
     matrices have fixed ranks, so that no input set gives the indices
     one extent and 7^4 bindings are too many to try.
   Each is an error on the pragma.  The correct twins run in
   verify-bounds-nested-run.c.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include "sparsefuse.h"

#define NB 6
#define RA 2
#define RB 3
#define RC 4

/* Three blocks added onto the stored entries of B, the entry looked up
   for each (p, m, n): the loop reads the first block transposed.  */
void
add_blocks (long nb, sf_csf3 *B, double D[NB][NB], double E[NB][NB],
	    double F[NB][NB])
{
#pragma tensor B(p,m,n) += D(n,m) + E(n,p) + F(p,m) /* { dg-error "the loop does not compute what the annotation says: at B\\(\[0-9\]+,\[0-9\]+,\[0-9\]+\\) the loop stores" } */
  for (long p = 0; p < nb; p++)
    for (long m = 0; m < nb; m++)
      for (long n = 0; n < nb; n++)
	{
	  int64_t a = B->pos[0][0], ae = B->pos[0][1];
	  while (a < ae && B->crd[0][a] != p)
	    a++;
	  if (a == ae)
	    continue;
	  int64_t b = B->pos[1][a], be = B->pos[1][a + 1];
	  while (b < be && B->crd[1][b] != m)
	    b++;
	  if (b == be)
	    continue;
	  int64_t c = B->pos[2][b], ce = B->pos[2][b + 1];
	  while (c < ce && B->crd[2][c] != n)
	    c++;
	  if (c < ce)
	    B->vals[c] += D[m][n] + E[n][p] + F[p][m];
	}
}

/* TTMc of an order-4 tensor with factors of ranks 2, 3 and 4, each loop
   bounded by its own parameter: the loop subtracts.  */
void
ttmc4 (long ni, long na, long nb, long nc, const sf_csf4 *B,
       double (*U)[RA], double (*V)[RB], double (*W)[RC],
       double (*A)[RA][RB][RC])
{
#pragma tensor A(i,a,b,c) = B(i,j,k,l) * U(j,a) * V(k,b) * W(l,c) /* { dg-error "the loop does not compute what the annotation says" } */
  {
    for (long i = 0; i < ni; i++)
      for (long a = 0; a < na; a++)
	for (long b = 0; b < nb; b++)
	  for (long c = 0; c < nc; c++)
	    A[i][a][b][c] = 0;
    for (int64_t p0 = B->pos[0][0]; p0 < B->pos[0][1]; p0++)
      for (int64_t p1 = B->pos[1][p0]; p1 < B->pos[1][p0 + 1]; p1++)
	for (int64_t p2 = B->pos[2][p1]; p2 < B->pos[2][p1 + 1]; p2++)
	  for (int64_t p3 = B->pos[3][p2]; p3 < B->pos[3][p2 + 1]; p3++)
	    {
	      int64_t i = B->crd[0][p0], j = B->crd[1][p1];
	      int64_t k = B->crd[2][p2], l = B->crd[3][p3];
	      for (long a = 0; a < na; a++)
		for (long b = 0; b < nb; b++)
		  for (long c = 0; c < nc; c++)
		    A[i][a][b][c] -= B->vals[p3] * U[j][a] * V[k][b] * W[l][c];
	    }
  }
}
