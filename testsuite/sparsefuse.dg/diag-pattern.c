/* A statement that builds its sparse output's pattern (a sparse add, a
   SpGEMM-like row loop over a struct of its own): kept, with the reason
   naming the output's member it stores into, not "a pointer that is not
   derived from the output".  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include "sparsefuse.h"

void
add (const sf_csr *A, const sf_csr *B, sf_csr *C)
{
#pragma tensor C(i,j) = A(i,j) + B(i,j) /* { dg-warning "keeps the original statement because it builds the pattern of the output 'C' \\(it stores into its member 'pos'\\): outputs whose pattern the statement computes are not supported yet; outputs whose pattern the caller prepares are \\(the statement then stores into 'vals' alone\\)" } */
  {
    sf_pos_t nz = 0;
    C->pos[0] = 0;
    for (int64_t i = 0; i < A->nrows; i++)
      {
	sf_pos_t pa = A->pos[i], pb = B->pos[i];
	while (pa < A->pos[i + 1] || pb < B->pos[i + 1])
	  {
	    int64_t ja = pa < A->pos[i + 1] ? A->crd[pa] : A->ncols;
	    int64_t jb = pb < B->pos[i + 1] ? B->crd[pb] : B->ncols;
	    int64_t j = ja < jb ? ja : jb;
	    double v = 0;
	    if (ja == j)
	      v += A->vals[pa++];
	    if (jb == j)
	      v += B->vals[pb++];
	    C->crd[nz] = j;
	    C->vals[nz++] = v;
	  }
	C->pos[i + 1] = nz;
      }
  }
}

struct mat { int n, m; int *rowptr, *colidx; double *val; };
#pragma tensor format struct mat dims(n, m) levels(dense, compressed(rowptr, colidx)) values(val)

/* The scaled copy of A's entries above a threshold, written row by row.  */
void
scale (const struct mat *A, double s, struct mat *C)
{
  int nz = 0;
#pragma tensor C(i,j) = s * A(i,j) /* { dg-warning "it builds the pattern of the output 'C' \\(it stores into its member 'rowptr'\\)" } */
  for (int i = 0; i < A->n; i++)
    {
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	{
	  C->colidx[nz] = A->colidx[p];
	  C->val[nz++] = s * A->val[p];
	}
      C->rowptr[i + 1] = nz;
    }
}
