/* Wrong annotations over loops bounded by integers the annotation does
   not bind (SPEC 1.7): the parameters n and m are the loops' extents, and
   the checker binds them to the annotation's extents.  A failure that no
   value of them cures (from 0, or 1 for a loop bound, to one past the
   largest extent) is an error on the pragma; so is a loop whose result
   depends on an array the annotation does not describe.  The correct
   twins run in verify-bounds-run.c.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

/* The rows counted by a parameter, the vector read at the row.  */
void
spmv_x_of_i (long n, struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(i) /* { dg-error "the loop does not compute what the annotation says: at y\\\[\[0-9\]+\\\] the loop stores \[-0-9.e+\]+, the annotation gives \[-0-9.e+\]+" } */
  for (long i = 0; i < n; i++)
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }
}

/* A sign the annotation forgets.  */
void
spmv_negated (long n, struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (long i = 0; i < n; i++)
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s -= B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }
}

/* '+=' for a loop that zeroes its output first, over rows a parameter
   counts (the annotation would hold only with n = 0).  */
void
spmm_accumulates (long n, long K, struct csr *B, double (*C)[K],
		  double (*A)[K])
{
#pragma tensor A(i,k) += B(i,j) * C(j,k) /* { dg-error "the loop does not compute what the annotation says" } */
  {
    for (long i = 0; i < n; i++)
      for (long k = 0; k < K; k++)
	A[i][k] = 0;
    for (long i = 0; i < n; i++)
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	for (long k = 0; k < K; k++)
	  A[i][k] += B->vals[p] * C[B->colidx[p]][k];
  }
}

/* The transpose's output zeroed over a parameter, then written at the
   columns: the annotation reads the matrix the other way.  */
void
spmv_t_wrong (long m, long n, struct csr *B, const double *x, double *y)
{
#pragma tensor y(j) = B(j,i) * x(i) /* { dg-error "the loop does not compute what the annotation says" } */
  {
    for (long j = 0; j < m; j++)
      y[j] = 0;
    for (long i = 0; i < n; i++)
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	y[B->colidx[p]] += B->vals[p] * x[i];
  }
}

/* A factor the annotation forgets: the loop's result depends on 'w',
   which it does not describe.  */
void
spmv_dropped (long n, struct csr *B, const double *x, const double *w,
	      double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says: its result depends on 'w', which the annotation does not describe" } */
  for (long i = 0; i < n; i++)
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = w[i] * s;
    }
}

/* An integer that is not a loop bound is no error: a flag the annotation
   cannot know.  The loop agrees with it 0, so the region holds it there
   and tests it when it starts.  */
void
flagged (int negate, long n, struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-message "the annotation holds only when 'negate' == 0" } */
  for (long i = 0; i < n; i++)
    {
      double s = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = negate ? -s : s;
    }
}
