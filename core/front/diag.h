/* Diagnostics of the compiler core.  The core never prints and never exits:
   each check appends {severity, token, message} to an sf_diags list, and the
   GCC glue reports the list with error_at / warning_at / inform, putting the
   caret on the location of token TOK of the pragma (TOK < 0: the pragma
   itself).

     sf_diag_error (d, tok, "unknown index %qs", name)   ->
     gnn.c:12:34: error: unknown index 'q'

   Messages use GCC's quoting convention: %qs in the format becomes '...'
   (the core formats it itself; the glue prints the message verbatim).  */

#ifndef SF_DIAG_H
#define SF_DIAG_H

typedef enum sf_severity
{
  SF_SEV_ERROR,
  SF_SEV_WARNING,
  SF_SEV_NOTE
} sf_severity;

typedef struct sf_diag
{
  sf_severity severity;
  int tok;			/* token index in the pragma, or -1 */
  char *message;		/* malloc'd */
} sf_diag;

typedef struct sf_diags
{
  sf_diag *v;
  int n, cap;
  int nerrors;
} sf_diags;

void sf_diags_init (sf_diags *d);
void sf_diags_free (sf_diags *d);
/* Append a diagnostic.  FMT is printf-like, plus %qs: a quoted string.  */
void sf_diag_add (sf_diags *d, sf_severity sev, int tok, const char *fmt, ...);
#define sf_diag_error(D, TOK, ...) sf_diag_add ((D), SF_SEV_ERROR, (TOK), __VA_ARGS__)
#define sf_diag_warning(D, TOK, ...) sf_diag_add ((D), SF_SEV_WARNING, (TOK), __VA_ARGS__)
#define sf_diag_note(D, TOK, ...) sf_diag_add ((D), SF_SEV_NOTE, (TOK), __VA_ARGS__)

#endif /* SF_DIAG_H */
