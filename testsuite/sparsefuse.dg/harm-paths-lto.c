/* harm-paths.h through -O2 -flto -g: the static that caches the size of
   the cache (a function's own, in A^T x and CSC) and the split rows
   across the link-time compilation.  */
/* { dg-do run } */
/* { dg-options "-O2 -flto -g -fopenmp" } */
/* { dg-require-effective-target openmp } */

#include "harm-paths.h"
