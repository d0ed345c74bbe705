/* -fplugin-arg-sparsefuse-candidate=N asks for a candidate the region
   does not have: the plugin says how many it has and keeps the loop.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-sparsefuse-candidate=40" } */

#include "spmm-gemm-body.h"

void
f (const struct csr *B, int K, int L, double (*C)[K], double (*D)[L],
   double (*A)[L])
BODY (_Pragma ("tensor A(i,l) = B(i,j) * C(j,k) * D(k,l)")) /* { dg-warning "computation not lowered, the original statement is kept: candidate 40 does not exist \\(the region has 20 candidates\\)" } */
