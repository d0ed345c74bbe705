/* tensor-decl-run.c at -O0 with -g: the block-scope tensors' names are
   constants of the C front end, which a debug build must leave out of
   its variables.  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fdump-tree-sparsefuse" } */

#include "tensor-decl-run.c"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 4 "sparsefuse" } } */
