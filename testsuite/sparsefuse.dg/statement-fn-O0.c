/* The original statement in a function of its own (statement-fn.h),
   at -O0 -g, each region against its loop at one and two threads on inputs
   that run the statement, the code, and the code's function calling the
   statement back; the bound read through a pointer keeps its statement
   in place.  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fplugin-arg-sparsefuse-gain=on -fplugin-arg-sparsefuse-parallel-min=32768 -fplugin-arg-sparsefuse-dump=details" } */
/* { dg-require-effective-target openmp } */

#include "statement-fn.h"

/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ replaced" 9 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ statement in function \[A-Za-z0-9_\]+\\.sparsefuse\\.\[0-9\]+\n" 8 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ guard tested in the code's function" 8 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ statement's function loads again 'n'\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ statement's function loads again 'i'\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ statement's function loads again 'rowptr' 'n'\n" 1 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ statement's function loads again" 3 "sparsefuse" } } */
/* { dg-final { scan-tree-dump-times "sparsefuse: region \[0-9\]+ statement stays in the function: it names a local whose address is taken" 1 "sparsefuse" } } */
