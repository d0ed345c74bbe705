/* The gain test on the kernels of harm-paths.h through -O2 -flto -g: the
   test at each region's entry, the original statement beside the code,
   across the link-time compilation; each kernel against its loop at one
   and two threads.  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -g -fopenmp -fplugin-arg-sparsefuse-gain=on -fplugin-arg-sparsefuse-parallel-min=32768" } */
/* { dg-require-effective-target openmp } */

#include "harm-paths.h"
