/* More wrong annotations the checker used to leave unsettled (the
   correct twins are in verify-lies-run.c): a term dropped whose values
   only full patterns show, and a term dropped with an integer factor
   the annotation does not bind.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <stddef.h>

struct sv { long long *crd[1]; double *vals; size_t *pos[1]; unsigned n; };
#pragma tensor format struct sv dims(n) levels(compressed(pos[0], crd[0])) values(vals)

/* Every entry of the sparse output gets the sum of F's values, and the
   loop adds C's too: C's term left out.  Counters declared first, as C89
   code does.  The random patterns leave D empty, or C, on every set
   where the loop reads C; the dependence test runs full ones too.  */
void
dropped_sparse_term (long n, long n1, long n2, struct sv *D,
		     const struct sv *F, const struct sv *C)
{
  long e, i, h, q;
#pragma tensor D(p) += -F(m) relayout(F) /* { dg-error "it reads the tensor .C. .format sv., which the annotation does not use: a factor or a term is missing" } */
  {
    for (e = (long) F->pos[0][0]; e < (long) F->pos[0][1]; e++)
      for (i = 0; i < n; i++)
	{
	  h = (long) D->pos[0][1];
	  q = (long) D->pos[0][0];
	  for (; q < h && (long) D->crd[0][q] != i; q++)
	    ;
	  if (q < h)
	    D->vals[q] += -1.0 * F->vals[e];
	}
    for (e = (long) C->pos[0][0]; e < (long) C->pos[0][1]; e++)
      for (i = 0; i < n; i++)
	{
	  h = (long) D->pos[0][1];
	  q = (long) D->pos[0][0];
	  for (; q < h && (long) D->crd[0][q] != i; q++)
	    ;
	  if (q < h)
	    D->vals[q] += 1.0 * C->vals[e];
	}
  }
}

/* The term W(i) * s left out, s an integer the annotation does not
   bind: the loop agrees at s = 0 alone, and s gives the output another
   value at each value it takes, so that is no excuse.  */
void
dropped_int_term (long n, double *y, const double *W, int s, const double *T)
{
#pragma tensor y(i) = T(i) shape(y: n) /* { dg-error "its result depends on 'W', which the annotation does not describe" } */
  {
    for (long i = 0; i < n; i++)
      y[i] = 0;
    for (long i = 0; i < n; i++)
      y[i] += W[i] * s;
    for (long i = 0; i < n; i++)
      y[i] += T[i];
  }
}

/* The sign of a product of three sparse vectors flipped, under a loop
   bound the annotation does not bind: the random patterns never meet, so
   the product is zero on every set, and the sets with full patterns read
   n too.  With n guessed as the extent they differ, and no other value
   of n agrees.  */
void
flipped_product (long n, float *E, const struct sv *W, const struct sv *B,
		 struct sv A)
{
#pragma tensor E(i) = -(W(i) * B(i) * A(i)) /* { dg-error "does not compute what the annotation says" } */
  {
    for (long i = 0; i < n; i++)
      E[i] = 0;
    for (long e = (long) W->pos[0][0]; e < (long) W->pos[0][1]; e++)
      {
	long c = (long) W->crd[0][e];
	long h = (long) B->pos[0][1], q = (long) B->pos[0][0];
	for (; q < h && (long) B->crd[0][q] != c; q++)
	  ;
	if (q < h)
	  {
	    long g = (long) A.pos[0][1], r = (long) A.pos[0][0];
	    for (; r < g && (long) A.crd[0][r] != c; r++)
	      ;
	    if (r < g)
	      E[c] += W->vals[e] * B->vals[q] * A.vals[r];
	  }
      }
  }
}
