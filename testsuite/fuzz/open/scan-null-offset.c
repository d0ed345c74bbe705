/* Open: the line scanner of the readers adds an offset to a null
   pointer before its first read (undefined behaviour; harmless with
   today's compilers, but clang's -fsanitize=undefined stops on it, on
   every input).

     clang-14 -g -fsanitize=undefined -fno-sanitize-recover=undefined \
       testsuite/fuzz/open/scan-null-offset.c runtime/*.c -lm && ./a.out

   What happens: "runtime/scan.c:106:30: runtime error: applying zero
   offset to null pointer" in sfr_scan_line: s->buf is NULL until the
   first refill, and "s->buf + s->at" is computed before it.  The program
   stops with status 1.  (GCC's -fsanitize=undefined, used by
   check-runtime, does not check this.)
   What should happen: no undefined behaviour; e.g. refill first when
   s->buf is NULL, or compute the pointer only when s->len > s->at.
   Found by make fuzz-readers, which suppresses this one report
   (tools/fuzz/readers/ubsan.supp) so that it can look further.  */

#include <stdio.h>
#include "sparsefuse.h"

int
main (void)
{
  static char text[] = "%%MatrixMarket matrix coordinate real general\n"
		       "2 2 1\n1 1 1.5\n";
  FILE *f = fmemopen (text, sizeof text - 1, "rb");
  sf_coo a;
  sf_error err;
  int rc = sf_fread_mtx (f, "mem.mtx", 0, &a, &err);
  fclose (f);
  sf_coo_free (&a);
  return rc;
}
