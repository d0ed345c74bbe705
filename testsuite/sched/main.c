/* The auto-scheduler unit tests: runs every suite, one line per test.

     $ sched-tests
     PASS: sched/poly/canonical-merge
     ...
     sched: 60 tests, 0 failed  */

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sched_test.h"

int sched_quick;
static int tests_run, tests_failed;

int
check (const char *name, int ok, const char *fmt, ...)
{
  tests_run++;
  if (ok)
    {
      printf ("PASS: sched/%s\n", name);
      return ok;
    }
  tests_failed++;
  va_list ap;
  printf ("FAIL: sched/%s: ", name);
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  printf ("\n");
  return ok;
}

void
kernel_space (sf_cost_space *s, sf_arena *a, int nlevels,
	      const sf_level_kind *kinds, const int *idx)
{
  static const char *const upper[] = { "I", "J", "K", "L", "M", "N", "R" };
  static const char *const lower[] = { "i", "j", "k", "l", "m", "n", "r" };
  sf_cost_space_init (s, a);
  for (int i = 0; i < 7; i++)
    sf_cost_extent (s, i, upper[i]);
  int ext[SF_MAX_ORDER];
  const char *names[SF_MAX_ORDER];
  for (int l = 0; l < nlevels; l++)
    {
      ext[l] = s->index_sym[idx[l]];
      names[l] = lower[idx[l]];
    }
  sf_cost_tensor_add (s, 1, "B", nlevels, kinds, ext, names);
}

/* Return the symbol of S named NAME (length LEN), or -1.  */
static int
find_sym (const sf_cost_space *s, const char *name, size_t len)
{
  for (int i = 0; i < s->nsyms; i++)
    if (strlen (s->syms[i].name) == len && !strncmp (s->syms[i].name, name, len))
      return i;
  return -1;
}

/* Return the monomial polynomial of the factor text [P, END).  */
static const sf_poly *
factor_of (sf_cost_space *s, const char *p, const char *end)
{
  if (*p >= '0' && *p <= '9')
    return sf_poly_const (s->arena, strtod (p, NULL));
  const char *caret = memchr (p, '^', (size_t) (end - p));
  int sym = find_sym (s, p, (size_t) ((caret ? caret : end) - p));
  if (sym < 0)
    return NULL;
  const sf_poly *f = sf_poly_const (s->arena, 1);
  for (int e = caret ? atoi (caret + 1) : 1; e > 0; e--)
    f = sf_poly_mul (s->arena, f, sf_poly_sym (s->arena, sym));
  return f;
}

const sf_poly *
poly_of (sf_cost_space *s, const char *text)
{
  const sf_poly *sum = sf_poly_const (s->arena, 0);
  const char *p = text;
  while (*p)
    {
      const char *plus = strstr (p, " + ");
      const char *tend = plus ? plus : p + strlen (p);
      const sf_poly *term = sf_poly_const (s->arena, 1);
      while (p < tend)
	{
	  const char *star = memchr (p, '*', (size_t) (tend - p));
	  /* A '*' inside "nnz(...)" never occurs: names have no '*'.  */
	  const char *fend = star ? star : tend;
	  term = sf_poly_mul (s->arena, term, factor_of (s, p, fend));
	  p = star ? star + 1 : tend;
	}
      sum = sf_poly_add (s->arena, sum, term);
      p = plus ? plus + 3 : tend;
    }
  return sum;
}

const char *
str_of (sf_cost_space *s, const sf_poly *p)
{
  sf_poly_names names = sf_cost_names (s);
  return sf_poly_str (s->arena, p, &names);
}

int
main (int argc, char **argv)
{
  sched_quick = argc > 1 && !strcmp (argv[1], "--quick");
  poly_suite ();
  cost_suite ();
  pareto_suite ();
  dispatch_suite ();
  sysinfo_suite ();
  order_model_suite ();
  printf ("sched: %d tests, %d failed\n", tests_run, tests_failed);
  return 0;
}
