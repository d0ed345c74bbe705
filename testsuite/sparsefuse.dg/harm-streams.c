/* harm-paths.h with the arrays of rows' entries prefetched (opt/streams.c):
   the cache the generated code reads is 1 KiB (SPARSEFUSE_LLC_BYTES, set
   before the first call), so every input but the one-row and 7-row ones
   takes the prefetching rows; each kernel against its loop at one and two
   threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -fopenmp -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#define _GNU_SOURCE
#define HARM_SMALL_CACHE
#include "harm-paths.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 7 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "int64_t streams = 0 < B_n && " "sparsefuse" } } */
/* { dg-final { scan-tree-dump "if \\(streams != 0\\)" "sparsefuse" } } */
/* The test once before the serial copy of each row loop (opt/unswitch.c):
   the copy that prefetches, then the one that does not.  */
/* { dg-final { scan-tree-dump-times "if \\(streams != 0\\)\n *\\\{\n *for \\(int64_t" 6 "sparsefuse" } } */
/* { dg-final { scan-tree-dump "__builtin_prefetch \\(&B_val\\\[B_rowptr\\\[i\[_0-9\]*\\\] \\+ 264\\\]\\);" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "__builtin_prefetch \\(&B_col\\\[B_rowptr\\\[i\[_0-9\]*\\\] \\+ 256\\\]\\);" "sparsefuse" } } */
/* { dg-final { scan-tree-dump "the arrays of rows' entries prefetched 256 entries ahead" "sparsefuse" } } */
