/* mtx_value.c: one value field of a Matrix Market entry, bounded by the
   banner's field and the "%%GraphBLAS type" line.

     field     bound      text          result
     real      (none)     -.5e1         -5.0
     real      (none)     1e999         error: overflows double
     real      float      1e39          error: out of range of float
     real      int32_t    2.5           error: does not fit int32_t
     integer   (none)     12            12.0
     integer   int8_t     -129          error: out of range of int8_t
     integer   uint8_t    256           error: out of range of uint8_t
     integer   bool       2             error: out of range of bool
     integer   int8_t     -128 (skew)   error: its mirror 128 does not fit

   Integers are read exactly (as 64-bit magnitudes) before they become
   doubles, so a bound of int64_t or uint64_t is checked exactly.  */

#include "mtx.h"

#include <float.h>
#include <math.h>
#include <stdio.h>

#define FAIL(r, code, ...)                                                    \
  sfr_fail_at ((r)->err, code, (r)->scan.name, (r)->scan.line, __VA_ARGS__)

/* Return the C name of H's value bound in BUF.  */
static const char *
type_name (const mtx_header *h, char *buf, size_t size)
{
  switch (h->gb_kind)
    {
    case GB_BOOL: return "bool";
    case GB_SIGNED: snprintf (buf, size, "int%d_t", h->gb_bits); return buf;
    case GB_UNSIGNED:
      snprintf (buf, size, "uint%d_t", h->gb_bits);
      return buf;
    case GB_FLOAT: return "float";
    case GB_DOUBLE: return "double";
    }
  return h->field == FIELD_INTEGER ? "int64_t" : "double";
}

/* Set *POS and *NEG to the largest magnitudes of positive and negative
   integers that H's bound admits.  */
static void
int_limits (const mtx_header *h, uint64_t *pos, uint64_t *neg)
{
  int b = h->gb_bits;
  switch (h->gb_kind)
    {
    case GB_BOOL: *pos = 1; *neg = 0; return;
    case GB_SIGNED:
      *neg = (uint64_t) 1 << (b - 1);
      *pos = *neg - 1;
      return;
    case GB_UNSIGNED:
      *pos = b == 64 ? UINT64_MAX : ((uint64_t) 1 << b) - 1;
      *neg = 0;
      return;
    case GB_FLOAT: case GB_DOUBLE: *pos = *neg = UINT64_MAX; return;
    }
  *neg = (uint64_t) 1 << 63;
  *pos = *neg - 1;
}

/* Report a failed parse RC of the value at P.  Return the error code.  */
static int
parse_failure (mtx_reader *r, int rc, const char *p, const char *e,
               const char *kind)
{
  char tok[40], tn[16];
  if (rc == SFR_NUM_MISSING)
    return FAIL (r, SF_ERR_FORMAT, "entry lacks its value");
  if (rc == SFR_NUM_SYNTAX)
    return FAIL (r, SF_ERR_FORMAT, "value '%s' is not %s",
                 sfr_token (p, e, tok, sizeof tok), kind);
  return FAIL (r, SF_ERR_RANGE, "value %s out of range of %s",
               sfr_token (p, e, tok, sizeof tok),
               type_name (&r->h, tn, sizeof tn));
}

/* Parse an integer value at *P into *V; MIRROR when its negation is
   stored too.  Return SF_OK or an error code.  */
static int
integer_value (mtx_reader *r, const char **p, const char *e, int mirror,
               double *v)
{
  uint64_t mag, pos, neg_lim;
  int neg;
  char tn[16];
  int rc = sfr_parse_mag (p, e, &mag, &neg);
  if (rc)
    return parse_failure (r, rc, *p, e, "an integer");
  int_limits (&r->h, &pos, &neg_lim);
  if (neg && mag == 0)
    neg = 0;
  if (mag > (neg ? neg_lim : pos))
    return FAIL (r, SF_ERR_RANGE, "value %s%llu out of range of %s",
                 neg ? "-" : "", (unsigned long long) mag,
                 type_name (&r->h, tn, sizeof tn));
  if (mirror && mag > (neg ? pos : neg_lim))
    return FAIL (r, SF_ERR_RANGE, "value %s%llu has no negation in %s for "
                 "its skew-symmetric mirror", neg ? "-" : "",
                 (unsigned long long) mag, type_name (&r->h, tn, sizeof tn));
  *v = neg ? -(double) mag : (double) mag;
  return SF_OK;
}

/* Return nonzero when V lies in [LO, HI) and is integral.  */
static int
integral_in (double v, double lo, double hi)
{
  return v >= lo && v < hi && v == floor (v);
}

/* Check real value V against an integer bound of R (MIRROR: its negation
   too).  Return SF_OK or an error code.  */
static int
real_in_int_type (mtx_reader *r, double v, int mirror)
{
  int b = r->h.gb_bits;
  double lo = 0, hi = 2;
  char tn[16];
  if (r->h.gb_kind == GB_SIGNED)
    {
      lo = -ldexp (1, b - 1);
      hi = ldexp (1, b - 1);
    }
  else if (r->h.gb_kind == GB_UNSIGNED)
    hi = ldexp (1, b);
  if (!integral_in (v, lo, hi))
    return FAIL (r, SF_ERR_RANGE, "value %.17g does not fit type %s", v,
                 type_name (&r->h, tn, sizeof tn));
  if (mirror && !integral_in (-v, lo, hi))
    return FAIL (r, SF_ERR_RANGE, "value %.17g has no negation in %s for "
                 "its skew-symmetric mirror", v,
                 type_name (&r->h, tn, sizeof tn));
  return SF_OK;
}

/* Parse a real value at *P into *V; MIRROR when its negation is stored
   too.  Return SF_OK or an error code.  */
static int
real_value (mtx_reader *r, const char **p, const char *e, int mirror,
            double *v)
{
  int rc = sfr_parse_double (p, e, v);
  if (rc)
    return parse_failure (r, rc, *p, e, "a number");
  switch (r->h.gb_kind)
    {
    case GB_FLOAT:
      if (isfinite (*v) && fabs (*v) > FLT_MAX)
        return FAIL (r, SF_ERR_RANGE, "value %.17g out of range of float",
                     *v);
      return SF_OK;
    case GB_BOOL: case GB_SIGNED: case GB_UNSIGNED:
      return real_in_int_type (r, *v, mirror);
    }
  return SF_OK;
}

/* Parse the value field at *P of an entry (on the DIAGONAL or not) into
   *V.  Return SF_OK or an error code.  */
int
sfr_mtx_value (mtx_reader *r, const char **p, const char *e, int diagonal,
               double *v)
{
  int mirror = !diagonal && r->h.symmetry == SYM_SKEW;
  if (r->h.field == FIELD_INTEGER)
    return integer_value (r, p, e, mirror, v);
  return real_value (r, p, e, mirror, v);
}
