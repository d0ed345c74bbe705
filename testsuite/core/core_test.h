/* Shared helpers of the core unit tests.  Every test reports one line,
     PASS: core/parse/spmv
     FAIL: core/parse/spmv: printed 'y(i) = B(i,j)' instead of ...
   and the binary exits 0 whatever the results (a summary counts FAIL
   lines), so that valgrind's exit code speaks only of memory errors.  */

#ifndef SF_CORE_TEST_H
#define SF_CORE_TEST_H

#include "sf_core.h"

/* One pragma, lexed and parsed, with everything it owns.  */
typedef struct test_pragma
{
  sf_arena arena;
  sf_token *toks;
  int *offsets;
  int ntoks;
  sf_pragma pragma;
  sf_diags diags;
  int status;			/* sf_parse_pragma's result */
} test_pragma;

void test_pass (const char *name);
void test_fail (const char *name, const char *fmt, ...)
  __attribute__ ((format (printf, 2, 3)));
/* Report NAME as passed when FAILURE is NULL, else as failed with it;
   frees FAILURE.  */
void test_report (const char *name, char *failure);
/* Return a malloc'd printf-formatted string.  */
char *test_format (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));

/* Lex and parse TEXT into T.  */
void test_parse (test_pragma *t, const char *text);
void test_pragma_free (test_pragma *t);
/* Return the malloc'd output of sf_print_comp + sf_print_clauses, or of
   sf_print_format, for T's pragma.  */
char *test_print_pragma (const test_pragma *t);
/* Return NULL when T's diagnostics are exactly one error at a token whose
   text is CARET (NULL: the pragma itself, token -1) and whose message
   contains MESSAGE; else a malloc'd description of the difference.  */
char *test_expect_error (const test_pragma *t, const char *caret,
			 const char *message);
/* Return a malloc'd "tok 'x': message; ..." description of DIAGS.  */
char *test_describe_diags (const sf_diags *diags, const sf_token *toks,
			   int ntoks);

void test_arena_suite (void);
void test_lex_suite (void);
void test_parse_suite (void);
void test_parse_error_suite (void);
void test_format_check_suite (void);
void test_comp_check_suite (void);
void test_print_suite (void);
void test_types_suite (void);

#endif /* SF_CORE_TEST_H */
