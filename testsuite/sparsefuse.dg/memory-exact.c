/* memory(N) caps every auxiliary byte, so under it the plugin makes
   nothing whose size the cap's run-time test does not see: no copy of a
   dense operand in the other layout (ReACT's D(k,j), J*K doubles), no
   register tiles (SpMM,GEMM's product by D: buffers of 4 rows of its
   workspace per thread that the test does not count).  Without the
   clause the same regions get both.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump -fplugin-arg-sparsefuse-orders=1" } */
/* orders=1: the products as written, in the preferred order; SpMM,GEMM
   associated C*D first with that product computed once (docs/
   scheduling.md, "Dense sums first") is another schedule, which this
   test is not about.  */

#include "spmm-gemm-body.h"
#include "react-body.h"

void
react_capped (struct csr *A, const struct csr *B, const struct csr *E,
	      int K, int N, double (*C)[K], double (*D)[N], long cap)
REACT (_Pragma ("tensor A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j) memory(cap)"), D[k][j])

void
react_free (struct csr *A, const struct csr *B, const struct csr *E,
	    int K, int N, double (*C)[K], double (*D)[N])
REACT (_Pragma ("tensor A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)"), D[k][j])

void
spmm_gemm_capped (const struct csr *B, int K, int L, double (*C)[K],
		  double (*D)[L], double (*A)[L], long cap)
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l) memory(cap)"))

void
spmm_gemm_free (const struct csr *B, int K, int L, double (*C)[K],
		double (*D)[L], double (*A)[L])
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)"))

/* { dg-final { scan-tree-dump-times "region 0 schedule: \[^\n\]*memory 0 bytes" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 1 schedule: \[^\n\]*memory 8\\*J\\*K bytes\[^\n\]*\\| D read from a copy in the other layout" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "read from a copy in the other layout" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 2 schedule: \[^\n\]*run-time choice among 2 \\\[0 naive, 1 fused\\\]: the least time whose workspaces fit in half the last-level cache and memory" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "region 3 schedule: \[^\n\]*\\| products by a dense matrix in register tiles of 4 rows" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "register tiles" 1 "sparsefuse" } } */
