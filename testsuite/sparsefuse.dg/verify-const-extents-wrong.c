/* Wrong annotations over arrays of constant sizes (the correct twins are
   verify-const-extents.c): with the indices at the constants the loops
   run to, each mistake is an error on the pragma.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#define NI 7
#define NJ 9

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

/* Transposed: C's rows are W's columns.  */
void
transposed (const struct csr *C, double W[NI][NJ])
{
#pragma tensor W(i,j) = C(j,i) /* { dg-error "outside the declared array" } */
  {
    for (int i = 0; i < NI; i++)
      for (int j = 0; j < NJ; j++)
	W[i][j] = 0;
    for (int i = 0; i < C->n; i++)
      for (int p = C->rowptr[i]; p < C->rowptr[i + 1]; p++)
	W[i][C->colidx[p]] += C->vals[p];
  }
}

/* '=' over a loop that adds into W without zeroing it.  */
void
accumulates (const struct csr *C, double *restrict W)
{
#pragma tensor W(i,j) = C(i,j) shape(W: NI, NJ) /* { dg-error "does not compute what the annotation says" } */
  for (int i = 0; i < C->n; i++)
    for (int p = C->rowptr[i]; p < C->rowptr[i + 1]; p++)
      W[i * NJ + C->colidx[p]] += C->vals[p];
}

/* { dg-prune-output "on the inputs" } */
