/* The core unit tests: runs every suite, one PASS/FAIL line per test.

     $ core-tests
     PASS: core/lex/spmv
     ...
     core: 212 tests, 0 failed  */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "core_test.h"

static int tests_run, tests_failed;

void
test_pass (const char *name)
{
  tests_run++;
  printf ("PASS: %s\n", name);
}

void
test_fail (const char *name, const char *fmt, ...)
{
  va_list ap;
  tests_run++;
  tests_failed++;
  printf ("FAIL: %s: ", name);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  printf ("\n");
}

void
test_report (const char *name, char *failure)
{
  if (failure)
    test_fail (name, "%s", failure);
  else
    test_pass (name);
  free (failure);
}

char *
test_format (const char *fmt, ...)
{
  va_list ap, ap2;
  va_start (ap, fmt);
  va_copy (ap2, ap);
  int len = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  char *s = malloc ((size_t) len + 1);
  vsnprintf (s, (size_t) len + 1, fmt, ap2);
  va_end (ap2);
  return s;
}

void
test_parse (test_pragma *t, const char *text)
{
  sf_arena_init (&t->arena);
  sf_diags_init (&t->diags);
  sf_lex (&t->arena, text, &t->toks, &t->offsets, &t->ntoks);
  t->status = sf_parse_pragma (&t->arena, t->toks, t->ntoks, &t->pragma,
			       &t->diags);
}

void
test_pragma_free (test_pragma *t)
{
  sf_diags_free (&t->diags);
  sf_arena_free (&t->arena);
}

char *
test_print_pragma (const test_pragma *t)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  if (t->pragma.kind == SF_PRAGMA_FORMAT)
    sf_print_format (out, &t->pragma.format);
  else
    {
      sf_print_comp (out, &t->pragma.comp);
      sf_print_clauses (out, &t->pragma.comp);
    }
  fclose (out);
  return text;
}

char *
test_describe_diags (const sf_diags *diags, const sf_token *toks, int ntoks)
{
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream (&text, &size);
  if (!diags->n)
    fputs ("no diagnostics", out);
  for (int i = 0; i < diags->n; i++)
    {
      int tok = diags->v[i].tok;
      fprintf (out, "%s", i ? "; " : "");
      if (tok >= 0 && tok < ntoks)
	fprintf (out, "at '%s'", toks[tok].text);
      else
	fprintf (out, "at token %d", tok);
      fprintf (out, " %s: %s", diags->v[i].severity == SF_SEV_ERROR
	       ? "error" : "note/warning", diags->v[i].message);
    }
  fclose (out);
  return text;
}

char *
test_expect_error (const test_pragma *t, const char *caret,
		   const char *message)
{
  const sf_diags *d = &t->diags;
  int ok = d->n == 1 && d->nerrors == 1
	   && strstr (d->v[0].message, message) != NULL;
  if (ok && caret)
    ok = d->v[0].tok >= 0 && d->v[0].tok < t->ntoks
	 && strcmp (t->toks[d->v[0].tok].text, caret) == 0;
  else if (ok)
    ok = d->v[0].tok < 0;
  if (ok)
    return NULL;
  char *got = test_describe_diags (d, t->toks, t->ntoks);
  char *why = test_format ("expected one error at '%s' containing \"%s\", "
			   "got: %s", caret ? caret : "(pragma)", message,
			   got);
  free (got);
  return why;
}

int
main (void)
{
  test_arena_suite ();
  test_lex_suite ();
  test_parse_suite ();
  test_parse_error_suite ();
  test_print_suite ();
  test_format_check_suite ();
  test_comp_check_suite ();
  test_types_suite ();
  printf ("core: %d tests, %d failed\n", tests_run, tests_failed);
  return 0;
}
