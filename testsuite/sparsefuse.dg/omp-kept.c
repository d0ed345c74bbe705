/* OpenMP contexts the plugin does not generate code for (SPEC 1.6): the
   statement is kept, with a warning naming the directive or the reason.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp" } */
/* { dg-require-effective-target openmp } */

struct csr { long n, m; long *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

#define SPMV(i)								\
  {									\
    double s = 0;							\
    for (long p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)		\
      s += B->vals[p] * x[B->colidx[p]];				\
    y[i] = s;								\
  }

void
single (struct csr *B, const double *x, double *y)
{
#pragma omp parallel
  {
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "'#pragma omp single' on the statement is not supported" } */
#pragma omp single
    for (long i = 0; i < B->n; i++)
      SPMV (i)
  }
}

void
in_target (struct csr *B, const double *x, double *y)
{
#pragma omp target
  {
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "it is inside '#pragma omp target'" } */
    for (long i = 0; i < B->n; i++)
      SPMV (i)
  }
}

double
other_reduction (struct csr *B, const double *x, double *y)
{
  double total = 0;
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "reduces into a variable that is not the output" } */
#pragma omp parallel for reduction(+:total)
  for (long i = 0; i < B->n; i++)
    {
      SPMV (i)
      total += y[i];
    }
  return total;
}

long
last_row (struct csr *B, const double *x, double *y)
{
  long i;
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "writes a variable declared outside it that is used afterwards" } */
#pragma omp parallel for lastprivate(i)
  for (i = 0; i < B->n; i++)
    SPMV (i)
  return i;
}

void
private_kept_ok (struct csr *B, const double *x, double *y)
{
  static double s;
  long p;
#pragma tensor y(i) = B(i,j) * x(j)
#pragma omp parallel for private(s, p) firstprivate(x)
  for (long i = 0; i < B->n; i++)
    {
      s = 0;
      for (p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	s += B->vals[p] * x[B->colidx[p]];
      y[i] = s;
    }
}

void
static_not_private (struct csr *B, const double *x, double *y)
{
  static double s;
  long p;
#pragma tensor y(i) = B(i,j) * x(j) /* { dg-warning "a construct the check does not understand" } */
#pragma omp parallel for private(p)
  for (long i = 0; i < B->n; i++)
    {
#pragma omp critical
      {
	s = 0;
	for (p = B->rowptr[i]; p < B->rowptr[i + 1]; p++)
	  s += B->vals[p] * x[B->colidx[p]];
	y[i] = s;
      }
    }
}
