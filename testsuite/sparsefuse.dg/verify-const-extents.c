/* Arrays whose sizes are constants: a shape() clause of macros, and a
   parameter declared as an array of arrays (double W[NI][NJ], whose first
   dimension C drops from the type).  The loops run to those constants
   while the annotation's index extents come from a sparse operand's dims
   field; the checker gives the indices the constants (it used to run them
   at 1 and call the zeroing of W an access outside the array).  Each is
   verified, replaced, and agrees with its loop compiled without the
   annotation.  The wrong twins are in verify-const-extents-wrong.c.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include <string.h>
#include "sf-test.h"

#define NI 7
#define NJ 9

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define TWINS(NAME, PARAMS, PRAGMA, BODY)				\
  static void NAME##_ann PARAMS { PRAGMA BODY }				\
  static void NAME##_ref PARAMS { BODY }

/* shape() of macros; W a plain pointer.  */
TWINS (flat, (const struct csr *C, double *restrict W),
       _Pragma ("tensor W(i,j) = C(i,j) shape(W: NI, NJ)"),
       {
	 for (int z = 0; z < NI * NJ; z++)
	   W[z] = 0;
	 for (int i = 0; i < C->n; i++)
	   for (int p = C->rowptr[i]; p < C->rowptr[i + 1]; p++)
	     W[i * NJ + C->colidx[p]] += C->vals[p];
       })

/* A parameter declared as an array of arrays.  */
TWINS (rows, (const struct csr *C, double W[NI][NJ]),
       _Pragma ("tensor W(i,j) = C(i,j)"),
       {
	 for (int i = 0; i < NI; i++)
	   for (int j = 0; j < NJ; j++)
	     W[i][j] = 0;
	 for (int i = 0; i < C->n; i++)
	   for (int p = C->rowptr[i]; p < C->rowptr[i + 1]; p++)
	     W[i][C->colidx[p]] += C->vals[p];
       })

/* The same, scaled, with the sum over the rows into a vector of NJ.  */
TWINS (colsum, (const struct csr *C, double s, double W[NI][NJ], double *y),
       _Pragma ("tensor y(j) = s * C(i,j) * W(i,j)"),
       {
	 for (int j = 0; j < NJ; j++)
	   y[j] = 0;
	 for (int i = 0; i < C->n; i++)
	   for (int p = C->rowptr[i]; p < C->rowptr[i + 1]; p++)
	     y[C->colidx[p]] += s * C->vals[p] * W[i][C->colidx[p]];
       })

int
main (void)
{
  long *rp, *ci;
  double *v;
  long nnz = sf_test_pattern (NI, NJ, 0.3, &rp, &ci, &v);
  struct csr C = { NI, NJ, malloc ((NI + 1) * sizeof (int)),
		   malloc ((nnz + 1) * sizeof (int)), v };
  for (int i = 0; i <= NI; i++)
    C.rowptr[i] = (int) rp[i];
  for (long e = 0; e < nnz; e++)
    C.colidx[e] = (int) ci[e];
  static double W0[NI][NJ], W1[NI][NJ], W2[NI][NJ], y1[NJ], y2[NJ];
  sf_test_fill (&W0[0][0], NI * NJ);

  memcpy (W1, W0, sizeof W0);
  memcpy (W2, W0, sizeof W0);
  flat_ann (&C, &W1[0][0]);
  flat_ref (&C, &W2[0][0]);
  sf_test_compare ("flat", &W1[0][0], &W2[0][0], NI * NJ, 1e-12);

  memcpy (W1, W0, sizeof W0);
  memcpy (W2, W0, sizeof W0);
  rows_ann (&C, W1);
  rows_ref (&C, W2);
  sf_test_compare ("rows", &W1[0][0], &W2[0][0], NI * NJ, 1e-12);

  colsum_ann (&C, -1.5, W0, y1);
  colsum_ref (&C, -1.5, W0, y2);
  sf_test_compare ("colsum", y1, y2, NJ, 1e-12);

  free (rp);
  free (ci);
  free (v);
  free (C.rowptr);
  free (C.colidx);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: verified" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 3 "sparsefuse" } } */
