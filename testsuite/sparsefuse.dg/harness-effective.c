/* Harness self-test: dg-require-effective-target (data and openmp) and
   dg-additional-options before dg-options.  The test reads a matrix from
   the data folder named by SF_DATA_DIR; without that folder it is
   UNSUPPORTED, not failed.  */
/* { dg-additional-options "-DEXPECT_ROWS=14" } */
/* { dg-do run } */
/* { dg-require-effective-target data } */
/* { dg-require-effective-target openmp } */
/* { dg-options "-O2 -fopenmp" } */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int
main (void)
{
  FILE *f = fopen (SF_DATA_DIR "/matrices/LFAT5.mtx", "r");
  char line[256];
  long rows = 0, cols = 0, nnz = 0;
  if (!f)
    abort ();
  while (fgets (line, sizeof line, f) && line[0] == '%')
    ;
  if (sscanf (line, "%ld %ld %ld", &rows, &cols, &nnz) != 3)
    abort ();
  fclose (f);
  if (rows != EXPECT_ROWS || cols != EXPECT_ROWS || nnz <= 0)
    abort ();
  int threads = 0;
#pragma omp parallel reduction(+ : threads)
  threads++;
  return threads >= 1 ? 0 : 1;
}
