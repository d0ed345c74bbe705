/* SpMV with a user CSR struct (int indices, by value): the annotated loop
   is replaced and agrees with its unannotated copy on random matrices,
   including empty rows, an empty matrix and a single entry.  The sum over
   a row's entries runs in four partial sums (opt/partial_sums.c), blocks of
   four entries then the rest, when the row has at least 8 entries, and in
   one plain loop when it has fewer: rows of 0 to 7 entries, rows of 7, 8
   and 9 (both sides of the test), whole blocks, and long rows with a
   remainder.  A call whose rows average fewer than 16 entries runs the
   loop as it was instead (chosen once a call): matrices on both sides
   of that too (about 14 and 20 entries a row, a fifth of the rows
   empty).  */
/* { dg-do run } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-dump=details" } */

#include "sf-test.h"

struct csr { int n, m; int *rowptr, *colidx; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx)) values(vals)

static void
spmv (struct csr B, const double *x, double *y)
{
  int i, p;
#pragma tensor y(i) = B(i,j) * x(j)
  for (i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
}

static void
spmv_ref (struct csr B, const double *x, double *y)
{
  int i, p;
  for (i = 0; i < B.n; i++)
    {
      y[i] = 0;
      for (p = B.rowptr[i]; p < B.rowptr[i + 1]; p++)
	y[i] += B.vals[p] * x[B.colidx[p]];
    }
}

static void
run (long n, long m, double density)
{
  long *rp, *ci, nnz;
  double *v;
  nnz = sf_test_pattern (n, m, density, &rp, &ci, &v);
  struct csr B = { (int) n, (int) m, malloc ((n + 1) * sizeof (int)),
		   malloc ((nnz + 1) * sizeof (int)), v };
  for (long i = 0; i <= n; i++)
    B.rowptr[i] = (int) rp[i];
  for (long p = 0; p < nnz; p++)
    B.colidx[p] = (int) ci[p];
  double *x = malloc ((m + 1) * sizeof (double));
  double *y = malloc ((n + 1) * sizeof (double));
  double *z = malloc ((n + 1) * sizeof (double));
  sf_test_fill (x, m);
  sf_test_fill (y, n);
  spmv (B, x, y);
  spmv_ref (B, x, z);
  char what[64];
  snprintf (what, sizeof what, "spmv %ldx%ld", n, m);
  sf_test_compare (what, y, z, n, 1e-12);
  free (rp), free (ci), free (v), free (B.rowptr), free (B.colidx);
  free (x), free (y), free (z);
}

int
main (void)
{
  run (0, 0, 0.0);
  run (1, 1, 1.0);
  run (37, 53, 0.1);
  run (200, 150, 0.05);
  run (500, 3, 0.9);
  run (60, 401, 0.5);
  run (90, 8, 1.0);
  run (120, 9, 0.85);
  run (300, 120, 0.15);
  run (300, 100, 0.25);
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump "sparsefuse: region 0 replaced: y\\(i\\) = B\\(i,j\\) \\* x\\(j\\)" "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "int64_t pB1_blocks = \\(pB1_hi - pB1_lo\\) / 4;" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "t = t \\+ t_\[0-9\]+ \\+ \\(t_\[0-9\]+ \\+ t_\[0-9\]+\\);" 1 "sparsefuse" } } */
/* Rows short on average run the loop as it was, chosen once a call.  */
/* { dg-final { scan-tree-dump-times "if \\(B_rowptr\\\[B_n - 1 \\+ 1\\\] - B_rowptr\\\[0\\\] < 16 \\* B_n\\)" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "if \\(pB1_hi - pB1_lo < 8\\)" 1 "sparsefuse" } } */
