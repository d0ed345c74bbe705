/* Wrong annotations found by the checker (SPEC 1.7): each loop is run on
   small synthetic inputs built from the formats and compared with its
   annotation; a difference, or an access outside the declared arrays, is
   an error on the pragma.  The corrected twins run in verify-run.c.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp" } */
/* { dg-require-effective-target openmp } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

/* A square matrix: one extent for both modes.  */
struct sq { int n; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct sq dims(n, n) levels(dense, compressed(rowptr, colidx)) values(vals)

/* Fortran's arrays, from 1, declared as if from 0 (base(1) forgotten).  */
struct fort { int n; int *ia, *ja; double *a; };
#pragma tensor format struct fort dims(n, n) levels(dense, compressed(ia, ja)) values(a)

/* A CSF tensor whose first level stores mode 1, walked as if it stored
   mode 0.  */
struct csf { int d0, d1, d2; int *pos0, *crd0, *pos1, *crd1, *pos2, *crd2; double *vals; };
#pragma tensor format struct csf dims(d0, d1, d2) levels(compressed(pos0, crd0), compressed(pos1, crd1), compressed(pos2, crd2)) values(vals) modes(1, 0, 2)

#define ROW_SUM(B, X)							\
  double s = 0;								\
  for (int p = (B)->rowptr[i]; p < (B)->rowptr[i + 1]; p++)		\
    s += (B)->vals[p] * X;

void
x_of_i (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(i) /* { dg-error "the loop does not compute what the annotation says: at y\\\[\[0-9\]+\\\] the loop stores \[-0-9.e+\]+, the annotation gives \[-0-9.e+\]+" } */
  for (int i = 0; i < B->n; i++)
    {
      ROW_SUM (B, x[B->colidx[p]])
      y[i] = s;
    }
}

void
transposed (struct sq *B, const double *x, double *y)
{
#pragma tensor y(j) = B(i,j) * x(i) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int i = 0; i < B->n; i++)
    {
      ROW_SUM (B, x[B->colidx[p]])
      y[i] = s;
    }
}

void
not_zeroed (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int i = 0; i < B->n; i++)
    for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
      y[i] += B->vals[p] * x[B->colidx[p]];
}

void
subtracts (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) += B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int i = 0; i < B->n; i++)
    for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
      y[i] -= B->vals[p] * x[B->colidx[p]];
}

void
base_forgotten (struct fort *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop reads B->a\\\[-1\\\] outside the declared array" } */
  for (int i = 0; i < B->n; i++)
    {
      double s = 0;
      for (int p = B->ia[i] - 1; p < B->ia[i + 1] - 1; p++)
	s += B->a[p] * x[B->ja[p] - 1];
      y[i] = s;
    }
}

void
mode_order (struct csf *B, int R, double (*C)[R], double (*D)[R],
	    double (*A)[R])
{
#pragma tensor A(i,r) = B(i,j,k) * C(j,r) * D(k,r) /* { dg-error "the loop (does not compute what the annotation says: at A\\\[|reads A\\\[\[0-9\]+\\\] outside)" } */
  {
    for (int i = 0; i < B->d0; i++)
      for (int r = 0; r < R; r++)
	A[i][r] = 0;
    for (int a = B->pos0[0]; a < B->pos0[1]; a++)
      for (int b = B->pos1[a]; b < B->pos1[a + 1]; b++)
	for (int e = B->pos2[b]; e < B->pos2[b + 1]; e++)
	  for (int r = 0; r < R; r++)
	    A[B->crd0[a]][r] += B->vals[e] * C[B->crd1[b]][r] * D[B->crd2[e]][r];
  }
}

void
dense_swapped (struct csr *B, int K, double (*C)[K], double (*A)[K])
{
#pragma tensor A(i,k) = B(i,j) * C(k,j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int i = 0; i < B->n; i++)
    {
      for (int k = 0; k < K; k++)
	A[i][k] = 0;
      for (int p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	for (int k = 0; k < K; k++)
	  A[i][k] += B->vals[p] * C[B->colidx[p]][k];
    }
}

void
term_missing (struct sq *B, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int i = 0; i < B->n; i++)
    {
      ROW_SUM (B, x[B->colidx[p]])
      y[i] = s + x[i];
    }
}

void
scaled (struct csr *B, double alpha, const double *x, double *y)
{
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int i = 0; i < B->n; i++)
    {
      ROW_SUM (B, x[B->colidx[p]])
      y[i] = alpha * s;
    }
}

void
factor_extra (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = 2 * B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
  for (int i = 0; i < B->n; i++)
    {
      ROW_SUM (B, x[B->colidx[p]])
      y[i] = s;
    }
}

/* Block-scope tensors (SPEC 1.5) over NPB's arrays from 1, base(1)
   forgotten: the loop's first position reads a[0], the unused one.  */
void
npb_base (int n, int *rowstr, int *colidx, double *a, double *p, double *w)
{
  int j, k;
  double sum;
#pragma tensor format A dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a + 1)
#pragma tensor format P dims(n) levels(dense) values(p + 1)
#pragma tensor format W dims(n) levels(dense) values(w + 1)
#pragma tensor W(j) = A(j,k) * P(k) /* { dg-error "the loop (reads|does not compute)" } */
  for (j = 1; j <= n; j++)
    {
      sum = 0.0;
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
	sum = sum + a[k] * p[colidx[k]];
      w[j] = sum;
    }
}

/* Inside OpenMP (SPEC 1.6): the work-shared loop of a parallel region,
   and a parallel loop of its own.  */
void
in_parallel (struct csr *B, const double *x, double *y)
{
#pragma omp parallel
  {
#pragma tensor y(i) = B(i,j) * x(i) /* { dg-error "the loop does not compute what the annotation says" } */
#pragma omp for
    for (int i = 0; i < B->n; i++)
      {
	ROW_SUM (B, x[B->colidx[p]])
	y[i] = s;
      }
  }
}

void
parallel_for (struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) += B(i,j) * x(j) /* { dg-error "the loop does not compute what the annotation says" } */
#pragma omp parallel for
  for (int i = 0; i < B->n; i++)
    {
      ROW_SUM (B, x[B->colidx[p]])
      y[i] = s;
    }
}
