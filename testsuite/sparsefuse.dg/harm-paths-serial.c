/* harm-paths.h without -fopenmp: serial code only, the loops as they
   were on one thread.  */
/* { dg-do run } */
/* { dg-options "-O2 -fdump-tree-sparsefuse" } */

#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 7 "sparsefuse" } } */
