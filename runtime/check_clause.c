/* Run-time support of the `check` clause.

     #pragma tensor y(i) = B(i,j) * x(j) check
     for (...) ...

   compiled with the plugin runs the generated code AND the original
   statement, and reports how far apart they are:

     snap = sf_check_begin (y, bytes);        copy of y before the region
     <generated code>                         y = generated result
     sf_check_swap (snap, y, bytes);          snap <-> y: y is as before
     <original statement>                     y = the loop's result
     sf_check_end (snap, y, n, kind, "spmv.c:12", "y(i) = ...");

   sf_check_end prints one line to stderr:
     sparsefuse check spmv.c:12: y(i) = B(i,j) * x(j): 2003 values, max
     difference 4.4e-16, relative to the largest value 1.1e-16
   Integer results (KIND an integer type) compare exactly:
     sparsefuse check paths.c:9: y(i) = B(i,j) * x(j): 300 values,
     integers, 0 differ
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

/* Return the value I of the array P of floats (IS_FLOAT) or doubles.  */
static double
value_at (const void *p, int is_float, long i)
{
  return is_float ? ((const float *) p)[i] : ((const double *) p)[i];
}

/* Return the value I of the array P of integers of KIND (SF_CHECK_I8 to
   SF_CHECK_U64) as 64 bits, signed ones sign-extended.  */
static unsigned long long
int_at (const void *p, int kind, long i)
{
  switch (kind)
    {
    case SF_CHECK_I8: return (unsigned long long) ((const int8_t *) p)[i];
    case SF_CHECK_U8: return ((const uint8_t *) p)[i];
    case SF_CHECK_I16: return (unsigned long long) ((const int16_t *) p)[i];
    case SF_CHECK_U16: return ((const uint16_t *) p)[i];
    case SF_CHECK_I32: return (unsigned long long) ((const int32_t *) p)[i];
    case SF_CHECK_U32: return ((const uint32_t *) p)[i];
    case SF_CHECK_I64: return (unsigned long long) ((const int64_t *) p)[i];
    default: return ((const uint64_t *) p)[i];
    }
}

/* Print the text of integer V of KIND into BUF (SIZE bytes).  */
static const char *
int_text (char *buf, size_t size, unsigned long long v, int kind)
{
  if (kind == SF_CHECK_U8 || kind == SF_CHECK_U16 || kind == SF_CHECK_U32
      || kind == SF_CHECK_U64)
    snprintf (buf, size, "%llu", v);
  else
    snprintf (buf, size, "%lld", (long long) v);
  return buf;
}

/* The report of integer results: exact, the number that differ and the
   first of them.  */
static void
check_end_ints (const void *generated, const void *original, long n,
		int kind)
{
  long differ = 0, first = -1;
  for (long i = 0; i < n; i++)
    if (int_at (generated, kind, i) != int_at (original, kind, i))
      {
	differ++;
	if (first < 0)
	  first = i;
      }
  fprintf (stderr, "%ld values, integers, %ld differ", n, differ);
  if (first >= 0)
    {
      char g[32], o[32];
      fprintf (stderr, " (at %ld: generated %s, original %s)", first,
	       int_text (g, sizeof g, int_at (generated, kind, first), kind),
	       int_text (o, sizeof o, int_at (original, kind, first), kind));
    }
  fputc ('\n', stderr);
}

/* Compare the generated result GENERATED with the original statement's
   result ORIGINAL (N values of KIND, enum sf_check_kind), print the
   report line for the region at WHERE computing EXPR, and free
   GENERATED.  */
void
sf_check_end (void *generated, const void *original, long n, int kind,
	      const char *where, const char *expr)
{
  fprintf (stderr, "sparsefuse check %s: %s: ", where, expr);
  if (kind >= SF_CHECK_I8 && kind <= SF_CHECK_U64)
    {
      check_end_ints (generated, original, n, kind);
      free (generated);
      return;
    }
  int is_float = kind == SF_CHECK_FLOAT;
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
  fprintf (stderr, "%ld values, max difference %.3g", n, diff);
  if (worst >= 0)
    fprintf (stderr, " (at %ld: generated %.17g, original %.17g)", worst,
	     value_at (generated, is_float, worst),
	     value_at (original, is_float, worst));
  fprintf (stderr, ", relative to the largest value %.3g\n",
	   scale > 0 ? diff / scale : diff);
  free (generated);
}
