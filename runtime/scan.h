/* scan.h: the line scanner and number parsers under the text readers.

     sfr_scan s;
     const char *b, *e;
     sfr_scan_init (&s, f, "a.mtx");
     while ((rc = sfr_scan_line (&s, &b, &e, err)) > 0)
       {
         int64_t i;
         if (sfr_parse_int (&b, e, &i) != SFR_NUM_OK) ...
       }
     sfr_scan_free (&s);

   A line is handed out as [B, E) inside a large read buffer, without its
   "\n" or "\r\n"; s.line is its 1-based number.  The parsers read one
   blank-separated field, advance *P past it, and never read beyond E.  */

#ifndef SF_SCAN_H
#define SF_SCAN_H

#include "sf_internal.h"

typedef struct sfr_scan
{
  FILE *f;
  const char *name;
  char *buf;
  size_t cap, len, at; /* buffer size, bytes held, start of the next line */
  int64_t line;        /* number of the line last returned */
  int eof;
} sfr_scan;

/* Results of the number parsers.  */
enum
{
  SFR_NUM_OK,
  SFR_NUM_MISSING,  /* no field before the end of the line */
  SFR_NUM_SYNTAX,   /* the field is not a number of the expected kind */
  SFR_NUM_OVERFLOW  /* the number does not fit */
};

SFR_HIDDEN void sfr_scan_init (sfr_scan *s, FILE *f, const char *name);
SFR_HIDDEN void sfr_scan_free (sfr_scan *s);
SFR_HIDDEN int sfr_scan_line (sfr_scan *s, const char **b, const char **e,
                              sf_error *err);

SFR_HIDDEN const char *sfr_skip_blank (const char *p, const char *e);
SFR_HIDDEN int sfr_is_blank_line (const char *p, const char *e);
SFR_HIDDEN int sfr_parse_int (const char **p, const char *e, int64_t *v);
SFR_HIDDEN int sfr_parse_mag (const char **p, const char *e, uint64_t *mag,
                              int *neg);
SFR_HIDDEN int sfr_parse_double (const char **p, const char *e, double *v);
SFR_HIDDEN const char *sfr_token (const char *p, const char *e, char *buf,
                                  size_t size);

#endif /* SF_SCAN_H */
