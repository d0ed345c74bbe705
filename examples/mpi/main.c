/* main.c: SpMM and the GNN layer on a sparse matrix distributed by
   blocks of rows over MPI ranks; each rank runs the sparsefuse kernels
   of kernels.c on its block, with OpenMP threads inside.

     mpirun -np 2 build/mpi/sfmpi [MATRIX.mtx | --rmat SCALE] [K] [REPS]

   1. Rank 0 reads the matrix (or generates an R-MAT graph), splits its
      rows into blocks of about equal nonzeros and sends each rank its
      block (MPI_Scatterv).
   2. Each rank makes its own rows of the dense operands from their
      global row numbers (so every partition has the same operands) and
      sets up the ghost-row exchange (halo.c).
   3. Per kernel and repetition: exchange the ghost rows, run the kernel.
      A time is the slowest rank's; the median of REPS (default 5) is
      printed, after one warm-up.
   4. Rank 0 gathers the result and compares it with a single-process
      run of the loop as written (kernels.c compiled without the plugin)
      on the whole matrix.

   Rank 0 prints a PASS:/FAIL: line per kernel and a line

     time: KERNEL ranks=R threads=T exchange_ms=.. kernel_ms=.. total_ms=.. loop_1proc_ms=..

   that bench/mpi.sh reads.  Exits 1 on a difference above 1e-12
   relative to the largest value, 2 on bad input.  */

#include <math.h>
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "halo.h"
#include "kernels.h"

#define MAX_REPS 25
#define TOLERANCE 1e-12

static int rank, nranks, reps = 5;
static const char *matrix_name = "";

/* Print "sfmpi: rank R: MESSAGE" and stop every rank with status 2.  */
static void
die (const char *message)
{
  fprintf (stderr, "sfmpi: rank %d: %s\n", rank, message);
  MPI_Abort (MPI_COMM_WORLD, 2);
}

static void *
xmalloc (size_t n)
{
  void *p = malloc (n ? n : 1);
  if (!p)
    die ("out of memory");
  return p;
}

/* The dense operands' values: smooth, in [-1, 1], from the global row G,
   the column K and a SEED per operand.  */
static double
value (int64_t g, int k, int seed)
{
  return sin (0.01 * (double) (g % 100003) * (seed + 1) + 0.37 * k + seed);
}

/* Return ROWS rows of WIDTH values of operand SEED, for the global rows
   FIRST, FIRST + 1, ...  */
static double *
make_rows (int64_t first, int64_t rows, int width, int seed)
{
  double *a = xmalloc ((size_t) rows * width * sizeof *a);
  for (int64_t i = 0; i < rows; i++)
    for (int k = 0; k < width; k++)
      a[i * width + k] = value (first + i, k, seed);
  return a;
}

/* On rank 0: read ARGV's matrix into B (CSR, checked, square).  */
static void
load_matrix (int argc, char **argv, sf_csr *B, const char **name)
{
  sf_coo coo;
  sf_error err;
  int status;
  if (argc > 1 && strcmp (argv[1], "--rmat") == 0)
    {
      *name = "R-MAT";
      status = sf_gen_rmat (argc > 2 ? atoi (argv[2]) : 12, 16.0, 0.57,
			    0.19, 0.19, 42, &coo, &err);
    }
  else
    {
      if (argc < 2)
	die ("usage: sfmpi MATRIX.mtx|--rmat SCALE [K] [REPS]");
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
    die (err.message);
  if (B->nrows != B->ncols)
    die ("the matrix must be square (its columns index the rows of the "
	 "dense operands, distributed like its rows)");
}

/* On rank 0: the row blocks' bounds FIRST[0..NRANKS] for B, cut where
   the nonzeros before a row reach r * nnz / nranks.  */
static void
partition (const sf_csr *B, int64_t *first)
{
  int64_t nnz = B->pos[B->nrows], row = 0;
  first[0] = 0;
  for (int r = 1; r < nranks; r++)
    {
      int64_t target = nnz * r / nranks;
      while (row < B->nrows && B->pos[row] < target)
	row++;
      first[r] = row;
    }
  first[nranks] = B->nrows;
}

/* Send each rank its rows of B (valid on rank 0) as LOCAL, with global
   column ids; FIRST and N are known everywhere.  */
static void
scatter_rows (const sf_csr *B, const int64_t *first, int64_t n,
	      sf_csr *local)
{
  int *nz = xmalloc (2 * nranks * sizeof *nz), *off = nz + nranks;
  int *rows = xmalloc (2 * nranks * sizeof *rows), *roff = rows + nranks;
  int64_t *len = NULL;
  for (int r = 0; r < nranks && rank == 0; r++)
    {
      nz[r] = (int) (B->pos[first[r + 1]] - B->pos[first[r]]);
      off[r] = (int) B->pos[first[r]];
    }
  for (int r = 0; r < nranks; r++)
    {
      rows[r] = (int) (first[r + 1] - first[r]);
      roff[r] = (int) first[r];
    }
  if (rank == 0)
    {
      len = xmalloc (n * sizeof *len);
      for (int64_t i = 0; i < n; i++)
	len[i] = B->pos[i + 1] - B->pos[i];
    }
  MPI_Bcast (nz, 2 * nranks, MPI_INT, 0, MPI_COMM_WORLD);

  int64_t my_rows = rows[rank];
  local->nrows = my_rows;
  local->ncols = n;
  local->pos = xmalloc ((my_rows + 1) * sizeof *local->pos);
  local->crd = xmalloc (nz[rank] * sizeof *local->crd);
  local->vals = xmalloc (nz[rank] * sizeof *local->vals);
  MPI_Scatterv (len, rows, roff, MPI_INT64_T, local->pos + 1, rows[rank],
		MPI_INT64_T, 0, MPI_COMM_WORLD);
  local->pos[0] = 0;
  for (int64_t i = 1; i <= my_rows; i++)
    local->pos[i] += local->pos[i - 1];
  MPI_Scatterv (rank == 0 ? B->crd : NULL, nz, off, MPI_INT32_T, local->crd,
		nz[rank], MPI_INT32_T, 0, MPI_COMM_WORLD);
  MPI_Scatterv (rank == 0 ? B->vals : NULL, nz, off, MPI_DOUBLE,
		local->vals, nz[rank], MPI_DOUBLE, 0, MPI_COMM_WORLD);
  free (len);
  free (nz);
  free (rows);
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Return the median of the N values in T (sorting T).  */
static double
median (double *t, int n)
{
  qsort (t, n, sizeof *t, compare_doubles);
  return n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* Return max |X - Y| / max |Y| over N values.  */
static double
max_relative_difference (const double *x, const double *y, size_t n)
{
  double worst = 0, scale = 0;
  for (size_t i = 0; i < n; i++)
    {
      worst = fmax (worst, fabs (x[i] - y[i]));
      scale = fmax (scale, fabs (y[i]));
    }
  return worst / (scale > 0 ? scale : 1);
}

/* Everything one distributed kernel run needs.  */
typedef struct problem
{
  sf_csr local;			/* this rank's rows, local column ids */
  halo_plan halo;
  int K, L;
  double *x, *c, *d, *e;	/* own rows of X, C, D, E */
  double *x_all, *d_all, *e_all;	/* own + ghost rows (halo.ncols) */
  double *out;			/* own rows of the result */
} problem;

enum kernel { SPMM, GNN };

/* Exchange the ghost rows kernel WHICH reads, then run it on P; add the
   seconds of each step to T[0] (exchange) and T[1] (kernel).  */
static void
run_distributed (problem *p, enum kernel which, double *t)
{
  double t0 = MPI_Wtime (), t1;
  int bad = 0;
  if (which == SPMM)
    bad = halo_exchange (MPI_COMM_WORLD, &p->halo, p->K, p->x, p->x_all);
  else
    bad = (halo_exchange (MPI_COMM_WORLD, &p->halo, p->K, p->d, p->d_all)
	   || halo_exchange (MPI_COMM_WORLD, &p->halo, p->L, p->e, p->e_all));
  if (bad)
    die ("out of memory in the exchange");
  t1 = MPI_Wtime ();
  if (which == SPMM)
    spmm_sparsefuse (&p->local, p->K, (double (*)[p->K]) p->x_all,
		     (double (*)[p->K]) p->out);
  else
    gnn_sparsefuse (&p->local, p->K, p->L, (double (*)[p->K]) p->c,
		    (double (*)[p->K]) p->d_all, (double (*)[p->L]) p->e_all,
		    (double (*)[p->L]) p->out);
  t[0] += t1 - t0;
  t[1] += MPI_Wtime () - t1;
}

/* Time REPS runs of kernel WHICH after a warm-up; return the medians of
   the slowest rank's exchange and kernel times, and of their sum, in
   MEDIANS[0..2] (seconds).  */
static void
time_distributed (problem *p, enum kernel which, double *medians)
{
  double steps[3][MAX_REPS];
  for (int r = -1; r < reps; r++)
    {
      double t[3] = { 0, 0, 0 }, worst[3];
      MPI_Barrier (MPI_COMM_WORLD);
      run_distributed (p, which, t);
      t[2] = t[0] + t[1];
      MPI_Allreduce (t, worst, 3, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      for (int s = 0; r >= 0 && s < 3; s++)
	steps[s][r] = worst[s];
    }
  for (int s = 0; s < 3; s++)
    medians[s] = median (steps[s], reps);
}

/* On rank 0: the single-process result of kernel WHICH, the loop as
   written on the whole matrix B; its median time in *SECONDS.  */
static double *
reference (const sf_csr *B, int K, int L, enum kernel which, double *seconds)
{
  int64_t n = B->nrows;
  int width = which == SPMM ? K : L;
  double *x = make_rows (0, n, K, 0), *c = make_rows (0, n, K, 1);
  double *d = make_rows (0, n, K, 2), *e = make_rows (0, n, L, 3);
  double *out = xmalloc ((size_t) n * width * sizeof *out), times[MAX_REPS];
  for (int r = -1; r < reps; r++)
    {
      double t0 = omp_get_wtime ();
      if (which == SPMM)
	spmm_plain (B, K, (double (*)[K]) x, (double (*)[K]) out);
      else
	gnn_plain (B, K, L, (double (*)[K]) c, (double (*)[K]) d,
		   (double (*)[L]) e, (double (*)[L]) out);
      if (r >= 0)
	times[r] = omp_get_wtime () - t0;
    }
  *seconds = median (times, reps);
  free (x);
  free (c);
  free (d);
  free (e);
  return out;
}

/* Run kernel WHICH distributed, gather its result on rank 0, compare it
   with the single-process loop, print the verdict and the times.  Return
   1 if it differs.  */
static int
check_kernel (problem *p, const sf_csr *B, const int64_t *first,
	      enum kernel which)
{
  const char *what = which == SPMM ? "spmm Y(i,k) = B(i,j) * X(j,k)"
		     : "gnn A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)";
  int width = which == SPMM ? p->K : p->L;
  int64_t n = first[nranks];
  double med[3], loop_time = 0, *whole = NULL, *ref = NULL;
  int *count = xmalloc (2 * nranks * sizeof *count), *off = count + nranks;

  time_distributed (p, which, med);
  for (int r = 0; r < nranks; r++)
    {
      count[r] = (int) ((first[r + 1] - first[r]) * width);
      off[r] = (int) (first[r] * width);
    }
  if (rank == 0)
    whole = xmalloc ((size_t) n * width * sizeof *whole);
  MPI_Gatherv (p->out, count[rank], MPI_DOUBLE, whole, count, off,
	       MPI_DOUBLE, 0, MPI_COMM_WORLD);
  free (count);
  if (rank != 0)
    return 0;

  ref = reference (B, p->K, p->L, which, &loop_time);
  double diff = max_relative_difference (whole, ref, (size_t) n * width);
  int bad = !(diff <= TOLERANCE);
  printf ("%s mpi: %s on %s, %d rank%s x %d thread%s, agrees with the "
	  "single-process loop: max relative difference %.1e\n",
	  bad ? "FAIL:" : "PASS:", what, matrix_name, nranks,
	  nranks > 1 ? "s" : "",
	  omp_get_max_threads (), omp_get_max_threads () > 1 ? "s" : "", diff);
  printf ("time: %s ranks=%d threads=%d exchange_ms=%.3f kernel_ms=%.3f "
	  "total_ms=%.3f loop_1proc_ms=%.3f\n", which == SPMM ? "spmm" : "gnn",
	  nranks, omp_get_max_threads (), 1e3 * med[0], 1e3 * med[1],
	  1e3 * med[2], 1e3 * loop_time);
  free (whole);
  free (ref);
  return bad;
}

/* Make this rank's operands for its block of P->local (global rows
   FIRST[rank]...) and the exchange plan.  */
static void
setup_problem (problem *p, const int64_t *first)
{
  int64_t own = first[rank + 1] - first[rank];
  if (halo_setup (MPI_COMM_WORLD, first, &p->local, &p->halo))
    die ("out of memory setting up the exchange");
  p->x = make_rows (first[rank], own, p->K, 0);
  p->c = make_rows (first[rank], own, p->K, 1);
  p->d = make_rows (first[rank], own, p->K, 2);
  p->e = make_rows (first[rank], own, p->L, 3);
  p->x_all = xmalloc ((size_t) p->halo.ncols * p->K * sizeof (double));
  p->d_all = xmalloc ((size_t) p->halo.ncols * p->K * sizeof (double));
  p->e_all = xmalloc ((size_t) p->halo.ncols * p->L * sizeof (double));
  p->out = xmalloc ((size_t) own * (p->K > p->L ? p->K : p->L)
		    * sizeof (double));
}

static void
free_problem (problem *p)
{
  halo_free (&p->halo);
  sf_csr_free (&p->local);
  free (p->x);
  free (p->c);
  free (p->d);
  free (p->e);
  free (p->x_all);
  free (p->d_all);
  free (p->e_all);
  free (p->out);
}

int
main (int argc, char **argv)
{
  int provided, failures = 0;
  sf_csr B = { 0 };
  const char *name = "";
  problem p = { 0 };
  int64_t n = 0, nnz = 0;

  /* OpenMP threads inside each rank; only the main thread calls MPI.  */
  MPI_Init_thread (&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &nranks);
  p.K = p.L = 32;
  int args = argc > 1 && strcmp (argv[1], "--rmat") == 0 ? 3 : 2;
  if (argc > args)
    p.K = p.L = atoi (argv[args]);
  if (argc > args + 1)
    reps = atoi (argv[args + 1]);
  if (p.K < 1 || reps < 1 || reps > MAX_REPS)
    die ("K must be positive and REPS in 1..25");

  int64_t *first = xmalloc ((nranks + 1) * sizeof *first);
  if (rank == 0)
    {
      load_matrix (argc, argv, &B, &name);
      partition (&B, first);
      n = B.nrows;
      nnz = B.pos[n];
    }
  matrix_name = name;
  MPI_Bcast (&n, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  MPI_Bcast (first, nranks + 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  scatter_rows (&B, first, n, &p.local);
  setup_problem (&p, first);

  int64_t ghosts = p.halo.nbelow + p.halo.nabove, most = 0;
  MPI_Reduce (&ghosts, &most, 1, MPI_INT64_T, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf ("mpi: %s, %lld x %lld, %lld nonzeros; %d ranks x %d threads; "
	    "K = L = %d; at most %lld ghost rows per rank; median of %d\n",
	    name, (long long) n, (long long) n, (long long) nnz, nranks,
	    omp_get_max_threads (), p.K, (long long) most, reps);
  failures += check_kernel (&p, &B, first, SPMM);
  failures += check_kernel (&p, &B, first, GNN);
  MPI_Bcast (&failures, 1, MPI_INT, 0, MPI_COMM_WORLD);
  free_problem (&p);
  sf_csr_free (&B);
  free (first);
  MPI_Finalize ();
  return failures ? 1 : 0;
}
