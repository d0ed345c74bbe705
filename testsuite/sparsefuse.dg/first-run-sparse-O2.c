/* first-run-sparse.h at -O2.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "first-run-sparse.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ first run:" 3 "sparsefuse" } } */
/* { dg-output "first-run-sparse.h:32: first run: 'A\\(i,j\\) = B\\(i,j\\) \\* C\\(i,k\\) \\* D\\(j,k\\)' differs from the statement at value \[0-9\]+ .*ok first run: 2 regions printed one line each" } */
