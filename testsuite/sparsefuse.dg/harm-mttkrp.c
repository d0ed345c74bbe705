/* harm-mttkrp.h at -O2: the tidy MTTKRP against its loop at one and two
   threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "harm-mttkrp.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 1 "sparsefuse" } } */
