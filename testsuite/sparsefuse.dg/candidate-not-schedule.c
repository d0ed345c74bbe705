/* A candidate the enumeration lists that is not a schedule of the region
   (SpMM,GEMM's sums nested in the preferred order find no sum to put in a
   workspace: the single nest again): asked for alone, the plugin says so
   and keeps the loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-candidate=3" } */

#include "spmm-gemm-body.h"

void
f (const struct csr *B, int K, int L, double (*C)[K], double (*D)[L],
   double (*A)[L])
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)")) /* { dg-warning "computation not lowered, the original statement is kept: candidate 3 \\(fused, sums nested\\) is not a schedule of this region: no where-statement \\(the single nest again\\)" } */
