/* Diagnostic lists of the compiler core.  A check appends; the glue
   reports.  Messages are formatted at once and stored:

     sf_diag_error (d, 7, "unknown clause %qs; did you mean %qs?",
                    "schedul", "schedule")
   appends {SF_SEV_ERROR, tok 7,
            "unknown clause 'schedul'; did you mean 'schedule'?"}

   %qs is rewritten to '%s' before the ordinary printf formatting.  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ir/arena.h"
#include "front/diag.h"

void
sf_diags_init (sf_diags *d)
{
  d->v = NULL;
  d->n = d->cap = 0;
  d->nerrors = 0;
}

void
sf_diags_free (sf_diags *d)
{
  for (int i = 0; i < d->n; i++)
    free (d->v[i].message);
  free (d->v);
  sf_diags_init (d);
}

/* Return malloc'd memory of SIZE bytes, or call the out-of-memory hook.  */
static void *
sf_diag_xrealloc (void *p, size_t size)
{
  void *q = realloc (p, size);
  if (!q)
    {
      sf_arena_out_of_memory ();
      abort ();
    }
  return q;
}

/* Return a malloc'd copy of FMT in which every %qs became '%s'
   (a literal %% is kept as it is).  */
static char *
sf_diag_expand_quotes (const char *fmt)
{
  size_t len = strlen (fmt);
  char *out = sf_diag_xrealloc (NULL, len * 2 + 1);
  char *o = out;
  for (const char *p = fmt; *p; p++)
    {
      if (p[0] == '%' && p[1] == 'q' && p[2] == 's')
	{
	  memcpy (o, "'%s'", 4);
	  o += 4;
	  p += 2;
	}
      else if (p[0] == '%' && p[1] == '%')
	{
	  *o++ = *p++;
	  *o++ = *p;
	}
      else
	*o++ = *p;
    }
  *o = '\0';
  return out;
}

/* Return the malloc'd text of printf format FMT over AP.  */
static char *
sf_diag_vformat (const char *fmt, va_list ap)
{
  va_list ap2;
  va_copy (ap2, ap);
  int len = vsnprintf (NULL, 0, fmt, ap);
  if (len < 0)
    len = 0;
  char *s = sf_diag_xrealloc (NULL, (size_t) len + 1);
  vsnprintf (s, (size_t) len + 1, fmt, ap2);
  va_end (ap2);
  return s;
}

void
sf_diag_add (sf_diags *d, sf_severity sev, int tok, const char *fmt, ...)
{
  if (d->n == d->cap)
    {
      d->cap = d->cap ? d->cap * 2 : 8;
      d->v = sf_diag_xrealloc (d->v, sizeof (sf_diag) * (size_t) d->cap);
    }
  char *expanded = sf_diag_expand_quotes (fmt);
  va_list ap;
  va_start (ap, fmt);
  char *message = sf_diag_vformat (expanded, ap);
  va_end (ap);
  free (expanded);
  d->v[d->n].severity = sev;
  d->v[d->n].tok = tok;
  d->v[d->n].message = message;
  d->n++;
  if (sev == SF_SEV_ERROR)
    d->nerrors++;
}
