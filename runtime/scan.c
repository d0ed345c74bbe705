/* scan.c: buffered line scanning and hand-written number parsing.

     input bytes   "3 4 3\r\n1 1 3.0\n2 2 -.5e1"
     lines         [3 4 3] line 1, [1 1 3.0] line 2, [2 2 -.5e1] line 3
     sfr_parse_int on "  17 x"       -> 17, *p now at " x"
     sfr_parse_double on "-.5e1"     -> -5.0
     sfr_parse_double on "inf"       -> +infinity
     sfr_parse_double on "1e999"     -> SFR_NUM_OVERFLOW

   The file is read in chunks of 4 MiB with fread; lines are located with
   memchr.  Decimal numbers take Clinger's fast path (a mantissa of at most
   2^53 times an exact power of ten up to 1e22 is correctly rounded by one
   multiplication or division); longer mantissas (the 17 digits of "%.17g")
   go through x87 extended precision when its result cannot round wrongly;
   the rest fall back to strtod, under the C locale's decimal point.  */

#include "scan.h"

#include <errno.h>
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK ((size_t) 4 << 20)
#define MAX_LINE ((size_t) 64 << 20)

/* Powers of ten that a double holds exactly.  */
static const double pow10_exact[23] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};

/* Prepare S to read lines from F, called NAME in messages.  */
void
sfr_scan_init (sfr_scan *s, FILE *f, const char *name)
{
  memset (s, 0, sizeof *s);
  s->f = f;
  s->name = name;
}

/* Release S's buffer.  */
void
sfr_scan_free (sfr_scan *s)
{
  free (s->buf);
  s->buf = NULL;
}

/* Make room and read more bytes after the unfinished line at S->at.
   Return 1 when bytes were added, 0 at end of file, or -code.  */
static int
refill (sfr_scan *s, sf_error *err)
{
  if (s->at > 0)
    {
      memmove (s->buf, s->buf + s->at, s->len - s->at);
      s->len -= s->at;
      s->at = 0;
    }
  if (s->len == s->cap)
    {
      size_t cap = s->cap ? s->cap * 2 : CHUNK;
      if (cap > MAX_LINE + CHUNK)
        return -sfr_fail_at (err, SF_ERR_FORMAT, s->name, s->line + 1,
                             "line longer than %zu bytes", MAX_LINE);
      char *buf = realloc (s->buf, cap);
      if (!buf)
        return -sfr_nomem (err, "bytes of read buffer", (int64_t) cap);
      s->buf = buf;
      s->cap = cap;
    }
  size_t got = fread (s->buf + s->len, 1, s->cap - s->len, s->f);
  s->len += got;
  if (got == 0 && ferror (s->f))
    return -sfr_fail_at (err, SF_ERR_IO, s->name, s->line + 1,
                         "read error: %s", strerror (errno));
  if (got == 0)
    s->eof = 1;
  return got > 0;
}

/* Hand out [S->at, NL) as a line and step past NL.  */
static void
take_line (sfr_scan *s, const char *nl, const char **b, const char **e)
{
  const char *start = s->buf + s->at;
  const char *end = nl;
  if (end > start && end[-1] == '\r')
    end--;
  *b = start;
  *e = end;
  s->at = (size_t) (nl - s->buf) + (nl < s->buf + s->len);
  s->line++;
}

/* Find the next line of S.  Return 1 with the line in [*B, *E), 0 at the
   end of the input, or -code on a read error or an endless line.  */
int
sfr_scan_line (sfr_scan *s, const char **b, const char **e, sf_error *err)
{
  for (;;)
    {
      /* Before the first refill buf is NULL: the pointer to the unread
         part exists only when there is an unread part.  */
      const char *nl = s->len > s->at
                       ? memchr (s->buf + s->at, '\n', s->len - s->at)
                       : NULL;
      if (nl)
        {
          take_line (s, nl, b, e);
          return 1;
        }
      if (s->eof)
        {
          if (s->at == s->len)
            return 0;
          take_line (s, s->buf + s->len, b, e);
          return 1;
        }
      int rc = refill (s, err);
      if (rc < 0)
        return rc;
    }
}

/* Return nonzero when C separates fields.  */
static inline int
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Return P advanced past blanks, at most to E.  */
const char *
sfr_skip_blank (const char *p, const char *e)
{
  while (p < e && is_blank (*p))
    p++;
  return p;
}

/* Return nonzero when [P, E) holds only blanks.  */
int
sfr_is_blank_line (const char *p, const char *e)
{
  return sfr_skip_blank (p, e) == e;
}

/* Return nonzero when the field that began before P ends at P.  */
static inline int
field_ends (const char *p, const char *e)
{
  return p == e || is_blank (*p);
}

/* Parse an optionally signed decimal integer field at *P: its magnitude to
   *MAG and its sign to *NEG.  Return an SFR_NUM_ result; on success *P is
   past the field.  */
int
sfr_parse_mag (const char **pp, const char *e, uint64_t *mag, int *neg)
{
  const char *p = sfr_skip_blank (*pp, e);
  if (p == e)
    return SFR_NUM_MISSING;
  *neg = *p == '-';
  if (*p == '-' || *p == '+')
    p++;
  const char *digits = p;
  uint64_t m = 0;
  int over = 0;
  for (; p < e && (unsigned) (*p - '0') < 10; p++)
    {
      unsigned d = (unsigned) (*p - '0');
      over |= m > (UINT64_MAX - d) / 10;
      m = m * 10 + d;
    }
  if (p == digits || !field_ends (p, e))
    return SFR_NUM_SYNTAX;
  if (over)
    return SFR_NUM_OVERFLOW;
  *mag = m;
  *pp = p;
  return SFR_NUM_OK;
}

/* Parse a signed 64-bit integer field at *P into *V.  Return an SFR_NUM_
   result; on success *P is past the field.  */
int
sfr_parse_int (const char **pp, const char *e, int64_t *v)
{
  uint64_t mag;
  int neg;
  const char *p = *pp;
  int rc = sfr_parse_mag (&p, e, &mag, &neg);
  if (rc != SFR_NUM_OK)
    return rc;
  if (mag > (uint64_t) INT64_MAX + neg)
    return SFR_NUM_OVERFLOW;
  *v = neg ? (int64_t) (0 - mag) : (int64_t) mag;
  *pp = p;
  return SFR_NUM_OK;
}

/* Return nonzero when [P, P+N) spells lower-case WORD, ignoring case.  */
static int
word_is (const char *p, const char *e, const char *word, size_t n)
{
  if ((size_t) (e - p) < n)
    return 0;
  for (size_t i = 0; i < n; i++)
    if ((p[i] | 0x20) != word[i])
      return 0;
  return 1;
}

/* Parse "inf", "infinity" or "nan" (any case) at P; store the value with
   sign NEG into *V.  Return the end of the word, or NULL.  */
static const char *
parse_special (const char *p, const char *e, int neg, double *v)
{
  if (word_is (p, e, "infinity", 8) && field_ends (p + 8, e))
    p += 8;
  else if (word_is (p, e, "inf", 3) && field_ends (p + 3, e))
    p += 3;
  else if (word_is (p, e, "nan", 3) && field_ends (p + 3, e))
    {
      *v = neg ? -NAN : NAN;
      return p + 3;
    }
  else
    return NULL;
  *v = neg ? -INFINITY : INFINITY;
  return p;
}

#if LDBL_MANT_DIG == 64 && defined(__x86_64__)
/* Powers of ten that an x87 extended double holds exactly.  */
static const long double pow10_ext[28] = {
  1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L,
  1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L,
  1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L
};

/* Convert MANT * 10^EXP10 (|EXP10| <= 27) through one rounding in x87
   extended precision, whose 11 extra bits show whether rounding on to
   double can go wrong: only when the extended result lies exactly halfway
   between two doubles.  Return 1 with *V set, or 0 in that case.  */
static int
extended_double (uint64_t mant, int64_t exp10, double *v)
{
  long double x = (long double) mant;
  x = exp10 >= 0 ? x * pow10_ext[exp10] : x / pow10_ext[-exp10];
  uint64_t bits;
  memcpy (&bits, &x, sizeof bits);
  if ((bits & 0x7ff) == 0x400)
    return 0;
  *v = (double) x;
  return 1;
}
#else
/* Without x87 extended precision every hard case goes to strtod.  */
static int
extended_double (uint64_t mant, int64_t exp10, double *v)
{
  (void) mant;
  (void) exp10;
  (void) v;
  return 0;
}
#endif

/* Convert the syntactically valid number [B, E) with strtod in the C
   locale's way.  Return an SFR_NUM_ result.  */
static int
slow_double (const char *b, const char *e, double *v)
{
  char small[128];
  size_t n = (size_t) (e - b);
  char *t = n < sizeof small ? small : malloc (n + 1);
  if (!t)
    return SFR_NUM_OVERFLOW;
  char point = localeconv ()->decimal_point[0];
  for (size_t i = 0; i < n; i++)
    t[i] = b[i] == '.' ? point : (b[i] | 0x20) == 'd' ? 'e' : b[i];
  t[n] = '\0';
  *v = strtod (t, NULL);
  if (t != small)
    free (t);
  return isinf (*v) ? SFR_NUM_OVERFLOW : SFR_NUM_OK;
}

/* The digits of a decimal number: at most 19 significant digits in MANT,
   scaled by ten to the EXP10; INEXACT when nonzero digits were dropped.  */
typedef struct decimal
{
  uint64_t mant;
  int64_t exp10;
  int ndig, any, inexact;
} decimal;

/* Add the digits at P to D; FRAC when after the point.  Return the end.  */
static const char *
scan_digits (const char *p, const char *e, decimal *d, int frac)
{
  for (; p < e && (unsigned) (*p - '0') < 10; p++)
    {
      unsigned c = (unsigned) (*p - '0');
      d->any = 1;
      if (d->ndig < 19 && (d->mant || c))
        {
          d->mant = d->mant * 10 + c;
          d->ndig++;
          d->exp10 -= frac;
        }
      else if (d->ndig >= 19)
        {
          d->inexact |= c != 0;
          d->exp10 += !frac;
        }
      else
        d->exp10 -= frac;
    }
  return p;
}

/* Scan an exponent "e[+-]digits" at P into D.  Return the end, or NULL
   when the exponent has no digits.  */
static const char *
scan_exponent (const char *p, const char *e, decimal *d)
{
  int neg = 0;
  p++;
  if (p < e && (*p == '+' || *p == '-'))
    neg = *p++ == '-';
  if (p == e || (unsigned) (*p - '0') >= 10)
    return NULL;
  int64_t x = 0;
  for (; p < e && (unsigned) (*p - '0') < 10; p++)
    if (x < 100000)
      x = x * 10 + (*p - '0');
  d->exp10 += neg ? -x : x;
  return p;
}

/* Convert D (negated when NEG), spelt [B, E), into *V: exactly by one
   operation when possible, else through extended precision, else by
   strtod.  Return an SFR_NUM_ result.  */
static int
convert_decimal (const decimal *d, int neg, const char *b, const char *e,
                 double *v)
{
  if (d->mant == 0)
    {
      *v = neg ? -0.0 : 0.0;
      return SFR_NUM_OK;
    }
  if (!d->inexact && d->mant <= ((uint64_t) 1 << 53) && d->exp10 >= -22
      && d->exp10 <= 22)
    {
      double x = (double) d->mant;
      x = d->exp10 >= 0 ? x * pow10_exact[d->exp10]
                        : x / pow10_exact[-d->exp10];
      *v = neg ? -x : x;
      return SFR_NUM_OK;
    }
  if (d->inexact || d->exp10 < -27 || d->exp10 > 27
      || !extended_double (d->mant, d->exp10, v))
    return slow_double (b, e, v);
  *v = neg ? -*v : *v;
  return SFR_NUM_OK;
}

/* Parse a real number field at *P into *V: decimal with optional point and
   exponent (e, E, d or D), or inf/infinity/nan.  Return an SFR_NUM_
   result; on success *P is past the field.  */
int
sfr_parse_double (const char **pp, const char *e, double *v)
{
  const char *b = sfr_skip_blank (*pp, e), *p = b;
  if (p == e)
    return SFR_NUM_MISSING;
  int neg = *p == '-';
  if (*p == '-' || *p == '+')
    p++;
  if (p < e && ((*p | 0x20) == 'i' || (*p | 0x20) == 'n'))
    {
      const char *end = parse_special (p, e, neg, v);
      if (!end)
        return SFR_NUM_SYNTAX;
      *pp = end;
      return SFR_NUM_OK;
    }
  decimal d = { 0, 0, 0, 0, 0 };
  p = scan_digits (p, e, &d, 0);
  if (p < e && *p == '.')
    p = scan_digits (p + 1, e, &d, 1);
  if (d.any && p < e && ((*p | 0x20) == 'e' || (*p | 0x20) == 'd'))
    p = scan_exponent (p, e, &d);
  if (!d.any || !p || !field_ends (p, e))
    return SFR_NUM_SYNTAX;
  int rc = convert_decimal (&d, neg, b, p, v);
  if (rc == SFR_NUM_OK)
    *pp = p;
  return rc;
}

/* Copy the field at P (at most SIZE-4 characters, then "...") into BUF for
   a message, non-printable bytes as '?'.  Return BUF.  */
const char *
sfr_token (const char *p, const char *e, char *buf, size_t size)
{
  p = sfr_skip_blank (p, e);
  size_t n = 0;
  for (; p < e && !is_blank (*p) && n + 4 < size; p++)
    buf[n++] = (*p >= 0x20 && *p < 0x7f) ? *p : '?';
  if (p < e && !is_blank (*p))
    {
      memcpy (buf + n, "...", 3);
      n += 3;
    }
  buf[n] = '\0';
  return buf;
}
