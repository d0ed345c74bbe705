/* driver.c: run the demo kernels compiled by plain gcc and by the plugin
   on one matrix, time them and compare their results.

     demo MATRIX.mtx [K] [REPS]     a Matrix Market file
     demo --rmat SCALE [K] [REPS]   a generated R-MAT graph, 2^SCALE rows

   Prints the matrix (rows, columns, nonzeros, validated), how each
   variant was compiled, the median time of REPS runs (default 5) of each,
   the speedup, and the largest relative difference of the results.
   Exits 1 if the results differ by more than 1e-9 or the input is bad.  */

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

#define MAX_REPS 25

/* Load the matrix named by ARGV[1] (and ARGV[2] for --rmat) into B as CSR
   and validate it.  Return 0, or 1 after printing why not.  */
static int
load_matrix (char **argv, sf_csr *B, const char **name)
{
  sf_coo coo;
  sf_error err;
  int status;
  if (strcmp (argv[1], "--rmat") == 0)
    {
      int scale = atoi (argv[2]);
      *name = "R-MAT";
      status = sf_gen_rmat (scale, 16.0, 0.57, 0.19, 0.19, 42, &coo, &err);
    }
  else
    {
      const char *slash = strrchr (argv[1], '/');
      *name = slash ? slash + 1 : argv[1];
      status = sf_read_mtx (argv[1], &coo, &err);
    }
  if (status == SF_OK)
    status = sf_coo_to_csr (&coo, B, &err);
  sf_coo_free (&coo);
  if (status == SF_OK)
    status = sf_check_csr (B, &err);
  if (status != SF_OK)
    {
      fprintf (stderr, "demo: %s\n", err.message);
      return 1;
    }
  return 0;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Return the median of the N times in T (T is sorted).  */
static double
median (double *t, int n)
{
  qsort (t, n, sizeof *t, compare_doubles);
  return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* Return the largest |X[i] - Y[i]| / max(|X[i]|, |Y[i]|, floor) over N
   values, where floor = 1e-12 * max |Y| keeps values that cancel to
   nearly zero from dominating.  */
static double
max_relative_difference (const double *x, const double *y, size_t n)
{
  double scale = 0, worst = 0;
  for (size_t i = 0; i < n; i++)
    scale = fmax (scale, fabs (y[i]));
  double floor = scale > 0 ? 1e-12 * scale : 1e-300;
  for (size_t i = 0; i < n; i++)
    {
      double d = fabs (x[i] - y[i]);
      double m = fmax (fmax (fabs (x[i]), fabs (y[i])), floor);
      if (isnan (d) || d / m > worst)
	worst = isnan (d) ? INFINITY : d / m;
    }
  return worst;
}

/* The inputs of both kernels.  */
struct problem
{
  sf_csr *B;
  int K, L;
  double *C, *D, *E;	/* nrows x K, ncols x K, ncols x L */
  double *out;		/* the output being written */
  size_t nout;
};

/* Run kernel WHICH (0 SDDMM, 1 GNN) of VARIANT (0 plain, 1 plugin) once
   on P, writing P->out; return the seconds it took.  */
static double
run_once (struct problem *p, int which, int variant)
{
  int K = p->K, L = p->L;
  double (*C)[K] = (double (*)[K]) p->C;
  double (*D)[K] = (double (*)[K]) p->D;
  double (*E)[L] = (double (*)[L]) p->E;
  double (*A)[L] = (double (*)[L]) p->out;
  sf_csr out = *p->B;
  out.vals = p->out;
  memset (p->out, 0, p->nout * sizeof (double));
  double t0 = omp_get_wtime ();
  if (which == 0)
    (variant ? sddmm_sparsefuse : sddmm_plain) (&out, p->B, K, C, D);
  else
    (variant ? gnn_sparsefuse : gnn_plain) (p->B, K, L, C, D, E, A);
  return omp_get_wtime () - t0;
}

/* Time both variants of kernel WHICH REPS times each, print one report
   block; return 0 when their results agree.  */
static int
run_kernel (struct problem *p, int which, const char *title, int reps)
{
  double times[2][MAX_REPS], med[2];
  double *result[2];
  for (int v = 0; v < 2; v++)
    {
      result[v] = malloc ((p->nout + 1) * sizeof (double));
      for (int r = 0; r < reps; r++)
	times[v][r] = run_once (p, which, v);
      memcpy (result[v], p->out, p->nout * sizeof (double));
      med[v] = median (times[v], reps);
    }
  double diff = max_relative_difference (result[1], result[0], p->nout);
  int agree = diff <= 1e-9;
  printf ("\n%s\n", title);
  printf ("  plain gcc -O3:        %10.3f ms  (median of %d)\n", 1e3 * med[0], reps);
  printf ("  with sparsefuse:      %10.3f ms  (median of %d, %d threads)\n",
	  1e3 * med[1], reps, omp_get_max_threads ());
  printf ("  speedup:              %10.2fx\n", med[1] > 0 ? med[0] / med[1] : 0.0);
  printf ("  results:              %s (max relative difference %.2e)\n",
	  agree ? "agree" : "DIFFER", diff);
  free (result[0]);
  free (result[1]);
  return agree ? 0 : 1;
}

int
main (int argc, char **argv)
{
  if (argc < 2 || (strcmp (argv[1], "--rmat") == 0 && argc < 3))
    {
      fprintf (stderr, "usage: demo MATRIX.mtx [K] [REPS] | demo --rmat SCALE [K] [REPS]\n");
      return 2;
    }
  int first = strcmp (argv[1], "--rmat") == 0 ? 3 : 2;
  int K = argc > first ? atoi (argv[first]) : 32;
  int reps = argc > first + 1 ? atoi (argv[first + 1]) : 5;
  if (K < 1 || K > 4096 || reps < 1 || reps > MAX_REPS)
    {
      fprintf (stderr, "demo: K must be 1..4096 and REPS 1..%d\n", MAX_REPS);
      return 2;
    }
  sf_csr B;
  const char *name;
  if (load_matrix (argv, &B, &name))
    return 1;
  int64_t nnz = sf_csr_nnz (&B);
  printf ("matrix:    %s: %lld rows, %lld columns, %lld nonzeros (valid CSR)\n",
	  name, (long long) B.nrows, (long long) B.ncols, (long long) nnz);
  printf ("compiled:  plain variant by %s; fused variant by %s\n",
	  demo_compiler_plain, demo_compiler_sparsefuse);

  struct problem p = { &B, K, K, NULL, NULL, NULL, NULL, 0 };
  size_t rows = (size_t) B.nrows, cols = (size_t) B.ncols;
  p.C = malloc ((rows * K + 1) * sizeof (double));
  p.D = malloc ((cols * K + 1) * sizeof (double));
  p.E = malloc ((cols * K + 1) * sizeof (double));
  size_t nout = (size_t) nnz > rows * K ? (size_t) nnz : rows * K;
  p.out = malloc ((nout + 1) * sizeof (double));
  sf_gen_dense (p.C, rows * K, 1);
  sf_gen_dense (p.D, cols * K, 2);
  sf_gen_dense (p.E, cols * K, 3);

  char title[128];
  int bad = 0;
  p.nout = (size_t) nnz;
  snprintf (title, sizeof title, "SDDMM  A(i,j) = B(i,j) * C(i,k) * D(j,k),  K = %d", K);
  bad |= run_kernel (&p, 0, title, reps);
  p.nout = rows * K;
  snprintf (title, sizeof title,
	    "GNN    A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l),  K = L = %d", K);
  bad |= run_kernel (&p, 1, title, reps);

  free (p.C), free (p.D), free (p.E), free (p.out);
  sf_csr_free (&B);
  return bad;
}
