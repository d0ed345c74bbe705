/* verify-undescribed-shape-run.c at -O0 with -g and OpenMP (two
   threads: main sets them under -fopenmp).  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "verify-undescribed-shape-run.c"
