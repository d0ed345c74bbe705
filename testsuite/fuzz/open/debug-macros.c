/* Open: -g3 (debug information with macros) crashes the compiler on any
   file as soon as the plugin is loaded.

     gcc -O2 -g3 -fplugin=build/sparsefuse.so -Itestsuite/sparsefuse.dg \
       testsuite/fuzz/open/debug-macros.c -lm && ./a.out

   What happens: "<built-in>: internal compiler error: Segmentation
   fault", even for a file holding only "int x;".  The PLUGIN_PRAGMAS
   callback (pragmas/pragma.cc) defines __SPARSEFUSE__ with cpp_define;
   with -g3 that definition is handed to the debug-info hooks for macros,
   which are not set up yet at that point.
   What should happen: the same program as with -g; e.g. define the macro
   from a point where the debug hooks are ready (the callback that
   GCC's own built-in macros use, or cpp's lifecycle), or skip the
   definition when the macro debug hooks would see it too early.
   Found while fuzzing the compiler's configurations (-O0 -g3).  */

#include "sf-test.h"

static void
f (int n, const double *x, double *y)
{
#pragma tensor y(i) = 2 * x(i) shape(x: n, y: n)
  for (int i = 0; i < n; i++)
    y[i] = 2 * x[i];
}

int
main (void)
{
  double x[16], y[16], want[16];
  sf_test_fill (x, 16);
  for (int i = 0; i < 16; i++)
    want[i] = 2 * x[i];
  f (16, x, y);
  sf_test_compare ("-g3", y, want, 16, 0);
  return sf_test_status ();
}
