/* error.c: status codes, error messages and checked allocation.

     sf_error err;
     sfr_fail_at (&err, SF_ERR_RANGE, "bcsstk13.mtx", 17,
                  "row index %lld out of range 1..%lld", 2004LL, 2003LL);
       err.code == SF_ERR_RANGE
       err.message == "bcsstk13.mtx:17: row index 2004 out of range 1..2003"
     sf_strerror (SF_ERR_RANGE) == "value or index out of range"

   Every failing path of the library ends in sfr_fail or sfr_fail_at, so a
   caller always gets a code and a message.  */

#include "sf_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest file name kept whole in a message; longer ones keep their end.  */
#define NAME_KEEP 200

/* Return a short constant description of status CODE.  */
const char *
sf_strerror (int code)
{
  switch (code)
    {
    case SF_OK: return "success";
    case SF_ERR_IO: return "input/output error";
    case SF_ERR_FORMAT: return "malformed file";
    case SF_ERR_RANGE: return "value or index out of range";
    case SF_ERR_NOMEM: return "out of memory";
    case SF_ERR_UNSUPPORTED: return "unsupported input";
    case SF_ERR_INVALID: return "invalid argument";
    case SF_ERR_STRUCTURE: return "corrupt data structure";
    }
  return "unknown error";
}

/* Store CODE and the message FMT/AP, prefixed by PREFIX, into ERR.  */
static void
set_message (sf_error *err, int code, const char *prefix, const char *fmt,
             va_list ap)
{
  if (!err)
    return;
  err->code = code;
  size_t n = (size_t) snprintf (err->message, sizeof err->message, "%s",
                                prefix);
  if (n >= sizeof err->message)
    return;
  vsnprintf (err->message + n, sizeof err->message - n, fmt, ap);
}

/* Record error CODE with message FMT in ERR; return CODE.  */
int
sfr_fail (sf_error *err, int code, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  set_message (err, code, "", fmt, ap);
  va_end (ap);
  return code;
}

/* Record error CODE in ERR with message "FILE:LINE: FMT" ("FILE: FMT" when
   LINE is 0); return CODE.  */
int
sfr_fail_at (sf_error *err, int code, const char *file, int64_t line,
             const char *fmt, ...)
{
  char prefix[NAME_KEEP + 40];
  size_t len = file ? strlen (file) : 0;
  const char *name = !file ? "<input>" : len > NAME_KEEP
                                           ? file + len - NAME_KEEP : file;
  const char *dots = len > NAME_KEEP ? "..." : "";
  if (line > 0)
    snprintf (prefix, sizeof prefix, "%s%s:%lld: ", dots, name,
              (long long) line);
  else
    snprintf (prefix, sizeof prefix, "%s%s: ", dots, name);
  va_list ap;
  va_start (ap, fmt);
  set_message (err, code, prefix, fmt, ap);
  va_end (ap);
  return code;
}

/* Record success in ERR; return SF_OK.  */
int
sfr_ok (sf_error *err)
{
  if (err)
    {
      err->code = SF_OK;
      err->message[0] = '\0';
    }
  return SF_OK;
}

/* Return SF_ERR_NOMEM with a message naming WHAT and the count N.  */
int
sfr_nomem (sf_error *err, const char *what, int64_t n)
{
  return sfr_fail (err, SF_ERR_NOMEM, "out of memory allocating %lld %s",
                   (long long) n, what);
}

/* Return N (at least 1) elements of SIZE bytes from malloc, or NULL when
   N is negative, the size overflows, or memory is short.  */
void *
sfr_alloc (int64_t n, size_t size)
{
  if (n < 0 || (uint64_t) n > SIZE_MAX / size / 2)
    return NULL;
  return malloc ((n ? (size_t) n : 1) * size);
}

/* As sfr_alloc, zero-filled.  */
void *
sfr_calloc (int64_t n, size_t size)
{
  if (n < 0 || (uint64_t) n > SIZE_MAX / size / 2)
    return NULL;
  return calloc (n ? (size_t) n : 1, size);
}

/* Shrink *P to N elements of SIZE (keeping at least 1).  Return 0; a
   failed shrink keeps the larger block, which is harmless.  */
int
sfr_shrink (void **p, int64_t n, size_t size)
{
  void *q = realloc (*p, (n > 0 ? (size_t) n : 1) * size);
  if (q)
    *p = q;
  return 0;
}
