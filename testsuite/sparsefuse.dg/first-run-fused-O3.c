/* first-run-fused.h at -O3.  */
/* { dg-do run } */
/* { dg-options "-O3 -fopenmp -fdump-tree-sparsefuse -fplugin-arg-sparsefuse-orders=1" } */
/* { dg-require-effective-target openmp } */

#include "first-run-fused.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ fused into region" 4 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ first run: the generated code is compared with the statements the first time it runs" 4 "sparsefuse" } } */
/* { dg-output "first run: 'A\\(i,l\\) = T\\(i,k\\) \\* D\\(k,l\\)' differs from the statement at value \[0-9\]+ .*first run: 'A\\(i,l\\) = T\\(i,k\\) \\* D\\(k,l\\)' differs from the statement at value \[0-9\]+ .*ok first run: 3 regions printed one line each" } */
