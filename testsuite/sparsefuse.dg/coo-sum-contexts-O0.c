/* coo-sum-contexts.c at -O0 with -g: the union loop with its runs inside
   parallel regions and over static data, as a debug build compiles it.  */
/* { dg-do run } */
/* { dg-options "-O0 -g -fopenmp -fdump-tree-sparsefuse" } */
/* { dg-additional-options "-lsparsefuse" } */
/* { dg-require-effective-target openmp } */

#include "coo-sum-contexts.c"
