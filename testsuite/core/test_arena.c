/* Tests of the arena and the diagnostic lists.

     sf_arena_printf (&a, "x%d", 3)          -> "x3", owned by a
     sf_diag_error (&d, 4, "unknown %qs", "q") -> {ERROR, 4, "unknown 'q'"}  */

#include <stdalign.h>
#include <stdint.h>
#include <string.h>
#include "core_test.h"

/* Many small and some large allocations: zeroed, aligned, disjoint.  */
static void
test_arena_alloc (void)
{
  sf_arena a;
  sf_arena_init (&a);
  char *prev = NULL;
  const char *why = NULL;
  for (int i = 0; i < 5000 && !why; i++)
    {
      size_t size = i % 100 == 0 ? 40000 : (size_t) (i % 37 + 1);
      char *p = sf_arena_alloc (&a, size);
      for (size_t k = 0; k < size && !why; k++)
	why = p[k] ? "memory not zeroed" : NULL;
      if ((uintptr_t) p % alignof (max_align_t))
	why = "misaligned block";
      memset (p, 0xff, size);
      if (prev && prev[0] != (char) 0xff)
	why = "allocations overlap";
      prev = p;
    }
  if (!why && a.used < 5000)
    why = "used not counted";
  sf_arena_free (&a);
  if (!why && (a.head || a.used))
    why = "free does not reset the arena";
  why ? test_fail ("core/arena/alloc", "%s", why)
      : test_pass ("core/arena/alloc");
}

static void
test_arena_strings (void)
{
  sf_arena a;
  sf_arena_init (&a);
  char *s = sf_arena_strdup (&a, "rowptr");
  char *n = sf_arena_strndup (&a, "colidx[1]", 6);
  char *f = sf_arena_printf (&a, "%s_%d", "pos", 12);
  char *empty = sf_arena_printf (&a, "%s", "");
  int ok = !strcmp (s, "rowptr") && !strcmp (n, "colidx")
	   && !strcmp (f, "pos_12") && !strcmp (empty, "");
  ok ? test_pass ("core/arena/strings")
     : test_fail ("core/arena/strings", "got '%s' '%s' '%s'", s, n, f);
  sf_arena_free (&a);
  sf_arena_free (&a);		/* freeing twice is harmless */
}

static void
test_diag_format (void)
{
  sf_diags d;
  sf_diags_init (&d);
  for (int i = 0; i < 20; i++)
    sf_diag_note (&d, i, "note %d", i);
  sf_diag_error (&d, 7, "unknown clause %qs; did you mean %qs?", "schedul",
		 "schedule");
  sf_diag_warning (&d, -1, "100%% of %qs", "x");
  char *why = NULL;
  if (d.n != 22 || d.nerrors != 1)
    why = test_format ("n %d nerrors %d", d.n, d.nerrors);
  else if (strcmp (d.v[20].message,
		   "unknown clause 'schedul'; did you mean 'schedule'?")
	   || d.v[20].tok != 7 || d.v[20].severity != SF_SEV_ERROR)
    why = test_format ("got '%s'", d.v[20].message);
  else if (strcmp (d.v[21].message, "100% of 'x'") || d.v[21].tok != -1)
    why = test_format ("got '%s'", d.v[21].message);
  else if (strcmp (d.v[13].message, "note 13"))
    why = test_format ("got '%s'", d.v[13].message);
  sf_diags_free (&d);
  if (!why && (d.n || d.v))
    why = test_format ("free does not reset the list");
  test_report ("core/diag/format", why);
}

void
test_arena_suite (void)
{
  test_arena_alloc ();
  test_arena_strings ();
  test_diag_format ();
}
