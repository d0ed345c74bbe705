/* Run a gen-*.c test program under 1, 2 and 4 OpenMP threads (or once,
   serially, without -fopenmp).  A fuse-*.c or sched-*.c test defines
   GEN_FILE and includes this header; its options choose the schedule:

     #define GEN_FILE "gen-fused.c"
     #include "fuse-threads.h"

   The included program compares each annotated loop with its unannotated
   copy and aborts on a difference.  */

#ifndef FUSE_THREADS_H
#define FUSE_THREADS_H

#ifdef _OPENMP
#include <omp.h>
#endif

#define main gen_main
#include GEN_FILE
#undef main

int
main (void)
{
#ifdef _OPENMP
  static const int threads[] = { 1, 2, 4 };
  for (int t = 0; t < 3; t++)
    {
      omp_set_num_threads (threads[t]);
      gen_main ();
    }
  return 0;
#else
  return gen_main ();
#endif
}

#endif /* FUSE_THREADS_H */
