/* Open: compiling and linking with -flto in one command fails, because
   the linker's LTO pass (lto1) loads the plugin too and the plugin needs
   a symbol only the C front end has.

     gcc -O2 -flto -fplugin=build/sparsefuse.so -Itestsuite/sparsefuse.dg \
       testsuite/fuzz/open/lto-link.c -lm && ./a.out

   What happens: the region is replaced in cc1, then at link time
   "lto1: error: cannot load plugin build/sparsefuse.so: ...: undefined
   symbol: parse_in", "lto-wrapper failed"; no program.  (sfcc -flto
   does the same; compiling with -c and linking without the plugin
   works.  g++ -fplugin=build/sparsefuse.so fails the same way, on
   build_component_ref, where plugin.cc means to warn that the plugin
   works with the C front end only.)
   What should happen: the plugin loads in lto1 (and in other front
   ends) and does nothing there, or declines politely with a note; the
   C front-end symbols it uses (parse_in, c_register_pragma, pragma_lex,
   lookup_name) must not be needed at load time, e.g. looked up with
   dlsym or declared weak.
   Found while fuzzing the compiler's configurations.  */

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
  sf_test_compare ("lto", y, want, 16, 0);
  return sf_test_status ();
}
