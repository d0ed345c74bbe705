/* Run-time support of the `check` clause.

     #pragma tensor y(i) = B(i,j) * x(j) check
     for (...) ...

   compiled with the plugin runs the generated code AND the original
   statement, and reports how far apart they are:

     snap = sf_check_begin (y, bytes);        copy of y before the region
     <generated code>                         y = generated result
     sf_check_swap (snap, y, bytes);          snap <-> y: y is as before
     <original statement>                     y = the loop's result
     sf_check_end (snap, y, n, is_float, "spmv.c:12", "y(i) = ...");

   sf_check_end prints one line to stderr:
     sparsefuse check spmv.c:12: y(i) = B(i,j) * x(j): 2003 values, max
     difference 4.4e-16, relative to the largest value 1.1e-16
   The program continues with the original statement's result.  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sparsefuse.h"

/* Return a copy of the BYTES bytes at OUT (NULL when BYTES is 0); abort
   with a message when memory runs out: a check that cannot run must not
   let the statement run twice on the same output.  */
void *
sf_check_begin (const void *out, size_t bytes)
{
  if (bytes == 0)
    return NULL;
  void *snap = malloc (bytes);
  if (!snap)
    {
      fprintf (stderr, "sparsefuse check: out of memory for %zu bytes\n",
	       bytes);
      abort ();
    }
  memcpy (snap, out, bytes);
  return snap;
}

/* Exchange the BYTES bytes at SNAP and OUT.  */
void
sf_check_swap (void *snap, void *out, size_t bytes)
{
  unsigned char *a = snap, *b = out;
  for (size_t i = 0; i < bytes; i++)
    {
      unsigned char t = a[i];
      a[i] = b[i];
      b[i] = t;
    }
}

/* Return the value I of the N-element array P of floats (IS_FLOAT) or
   doubles.  */
static double
value_at (const void *p, int is_float, long i)
{
  return is_float ? ((const float *) p)[i] : ((const double *) p)[i];
}

/* Compare the generated result GENERATED with the original statement's
   result ORIGINAL (N values), print the report line for the region at
   WHERE computing EXPR, and free GENERATED.  */
void
sf_check_end (void *generated, const void *original, long n, int is_float,
	      const char *where, const char *expr)
{
  double diff = 0, scale = 0;
  long worst = -1;
  for (long i = 0; i < n; i++)
    {
      double g = value_at (generated, is_float, i);
      double o = value_at (original, is_float, i);
      double d = fabs (g - o);
      if (isnan (diff))
	continue;		/* the first NaN difference is reported */
      if (isnan (d) || d > diff)
	diff = d, worst = i;
      scale = fmax (scale, fabs (o));
    }
  fprintf (stderr, "sparsefuse check %s: %s: %ld values, max difference "
	   "%.3g", where, expr, n, diff);
  if (worst >= 0)
    fprintf (stderr, " (at %ld: generated %.17g, original %.17g)", worst,
	     value_at (generated, is_float, worst),
	     value_at (original, is_float, worst));
  fprintf (stderr, ", relative to the largest value %.3g\n",
	   scale > 0 ? diff / scale : diff);
  free (generated);
}
