/* The fused kernels of gen-fused.c on the real matrices of the data
   folder (GNN, SpMM,GEMM, SpMMH,GEMM, SDDMM,SpMM,GEMM in their default,
   fused schedules), under 1, 2 and 4 threads: each annotated loop agrees
   with its unannotated copy.  */
/* { dg-do run } */
/* { dg-require-effective-target data } */
/* { dg-require-effective-target openmp } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */

#include <omp.h>

#define main gen_fused_main
#include "gen-fused.c"
#undef main

/* Run the fused kernels on the matrix file PATH with dense extents K, L
   and M.  */
static void
run_file (const char *path, int K, int L, int M)
{
  sf_coo a;
  sf_error err;
  gd_check (sf_read_mtx (path, &a, &err), &err);
  gd_check (sf_coo_sum_duplicates (&a, &err), &err);
  struct csr B;
  to_csr (&B, &a);
  const char *name = strrchr (path, '/') + 1;
  int n = B.n, m = B.m, big = (n > m ? n : m) + K + L + M;
  double *C = gd_dense ((int64_t) big * K), *D = gd_dense ((int64_t) big * K);
  double *E = gd_dense ((int64_t) big * L), *F = gd_dense ((int64_t) L * M);
  double *A = gd_dense ((int64_t) n * (L > M ? L : M) + 1);
  double *R = GD_DUP (A, (int64_t) n * (L > M ? L : M) + 1);
  gnn_ann (&B, K, L, (void *) C, (void *) D, (void *) E, (void *) A);
  gnn_ref (&B, K, L, (void *) C, (void *) D, (void *) E, (void *) R);
  gd_compare_norm (name, A, R, n * L);
  spmm_gemm_ann (&B, K, L, (void *) C, (void *) E, (void *) A);
  spmm_gemm_ref (&B, K, L, (void *) C, (void *) E, (void *) R);
  gd_compare_norm (name, A, R, n * L);
  spmmh_ann (&B, K, L, (void *) C, (void *) D, (void *) E, (void *) A);
  spmmh_ref (&B, K, L, (void *) C, (void *) D, (void *) E, (void *) R);
  gd_compare_norm (name, A, R, n * L);
  triple_ann (&B, K, L, M, (void *) C, (void *) D, (void *) E, (void *) F,
	      (void *) A);
  triple_ref (&B, K, L, M, (void *) C, (void *) D, (void *) E, (void *) F,
	      (void *) R);
  gd_compare_norm (name, A, R, n * M);
  free_csr (&B);
  free (C), free (D), free (E), free (F), free (A), free (R);
  sf_coo_free (&a);
}

int
main (void)
{
  static const char *const matrices[] = {
    "matrices/bcsstk13.mtx", "matrices/cryg2500.mtx", "matrices/zenios.mtx",
    "matrices/LFAT5.mtx", "edge/empty.mtx"
  };
  char path[1024];
  for (int t = 1; t <= 4; t *= 2)
    {
      omp_set_num_threads (t);
      for (unsigned i = 0; i < sizeof matrices / sizeof matrices[0]; i++)
	{
	  snprintf (path, sizeof path, "%s/%s", SF_DATA_DIR, matrices[i]);
	  run_file (path, 16, 8, 3);
	}
    }
  return sf_test_status ();
}

/* { dg-final { scan-tree-dump-times "schedule fused" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
