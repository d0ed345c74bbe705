/* Suggestion mode on loops under OpenMP (SPEC 1.6): a parallel loop, a
   parallel region with two work-sharing loops, a loop whose counters
   are private; the note stands on the directive, under which the
   annotation goes.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-suggest" } */
/* { dg-require-effective-target openmp } */

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

void
parallel_for (const struct csr *A, const double *x, double *y)
{
#pragma omp parallel for /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
  for (int i = 0; i < A->n; i++)
    {
      double s = 0;
      for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      y[i] = s;
    }
}

void
two_loops (const struct csr *A, const double *x, double *y, double *z)
{
#pragma omp parallel
  {
#pragma omp for /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    for (int i = 0; i < A->n; i++)
      {
	double s = 0;
	for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	  s += A->vals[p] * x[A->colidx[p]];
	y[i] = s;
      }
#pragma omp for nowait /* { dg-message "annotation found: '#pragma tensor z\\(i\\) = A\\(i,j\\) \\* y\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
    for (int i = 0; i < A->n; i++)
      {
	double s = 0;
	for (int p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	  s += A->vals[p] * y[A->colidx[p]];
	z[i] = s;
      }
  }
}

void
private_counters (const struct csr *A, const double *x, double *y)
{
  int i, p;
  double s;
#pragma omp parallel for private(p, s) /* { dg-message "annotation found: '#pragma tensor y\\(i\\) = A\\(i,j\\) \\* x\\(j\\)' \\(\[0-9\]+ candidates in \[0-9.\]+ ms\\)" } */
  for (i = 0; i < A->n; i++)
    {
      s = 0;
      for (p = A->rowptr[i]; p < A->rowptr[i + 1]; p++)
	s += A->vals[p] * x[A->colidx[p]];
      y[i] = s;
    }
}
