/* gen-inplace.c (the output read at its own indices) at -O0, serially.  */
/* { dg-do run } */
/* { dg-options "-O0 -fplugin-arg-sparsefuse-dump" } */
/* { dg-additional-options "-lsparsefuse" } */

#include "gen-inplace.c"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-not "sparsefuse: region \[0-9\]+ kept" "sparsefuse" } } */
