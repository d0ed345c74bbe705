/* first-run.h at -O2.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "first-run.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ verify: not verified: calls .(twice|inc)." 8 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ first run: the generated code is compared with the statement the first time it runs" 8 "sparsefuse" } } */
/* { dg-output "stderr: sparsefuse: \[^\r\n\]*first-run.h:\[0-9\]+: first run: 'y\\(i\\) = B\\(i,j\\) \\* x\\(j\\)' differs from the statement at value \[0-9\]+ \\(got -?\[0-9\]+, expected -?\[0-9\]+\\); the statement runs from now on" } */
/* { dg-output ".*ok first run: 5 regions printed one line each" } */
