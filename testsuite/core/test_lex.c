/* Tests of sf_lex: text -> "KIND:text@offset ..." where KIND is I (ident),
   N (number), P (punctuator), O (other), E (end).

     "B(i,j)"  ->  "I:B@0 P:(@1 I:i@2 P:,@3 I:j@4 P:)@5 E:@6"  */

#include <stdlib.h>
#include <string.h>
#include "core_test.h"

static const struct lex_case
{
  const char *name, *text, *expected;
} lex_cases[] = {
  { "access", "B(i,j)", "I:B@0 P:(@1 I:i@2 P:,@3 I:j@4 P:)@5 E:@6" },
  { "empty", "", "E:@0" },
  { "blank", "  \t ", "E:@4" },
  { "accumulate", "A(i)+=x", "I:A@0 P:(@1 I:i@2 P:)@3 P:+=@4 I:x@6 E:@7" },
  { "numbers", "123 1.5 2e-3 1.0f .5 0x1Fu 1E+9",
    "N:123@0 N:1.5@4 N:2e-3@8 N:1.0f@13 N:.5@18 N:0x1Fu@21 N:1E+9@27 "
    "E:@31" },
  { "minus-number", "-2", "P:-@0 N:2@1 E:@2" },
  { "members", "B.n B->pos[1]",
    "I:B@0 P:.@1 I:n@2 I:B@4 P:->@5 I:pos@7 P:[@10 N:1@11 P:]@12 E:@13" },
  { "comparisons", "a<b<=c>d>=e==f",
    "I:a@0 P:<@1 I:b@2 P:<=@3 I:c@5 P:>@6 I:d@7 P:>=@8 I:e@10 P:==@11 "
    "I:f@13 E:@14" },
  { "punctuators", "()[],:.=+-*/",
    "P:(@0 P:)@1 P:[@2 P:]@3 P:,@4 P::@5 P:.@6 P:=@7 P:+@8 P:-@9 P:*@10 "
    "P:/@11 E:@12" },
  { "others", "a%b && c != d << e <<= f -- g ...",
    "I:a@0 O:%@1 I:b@2 O:&&@4 I:c@7 O:!=@9 I:d@12 O:<<@14 I:e@17 O:<<=@19 "
    "I:f@23 O:--@25 I:g@28 O:...@30 E:@33" },
  { "strings", "\"a b\" 'c' \"x\\\"y\"",
    "O:\"a b\"@0 O:'c'@6 O:\"x\\\"y\"@10 E:@16" },
  { "comments", "a /* b */ c // d", "I:a@0 I:c@10 E:@16" },
  { "continuation", "a \\\n b", "I:a@0 I:b@5 E:@6" },
  { "identifiers", "_x1 format", "I:_x1@0 I:format@4 E:@10" },
  { "utf8", "\xc3\xa9 x", "O:\xc3\xa9@0 I:x@3 E:@4" },
};

/* Return the "KIND:text@offset ..." rendering of TEXT's tokens.  */
static char *
lex_render (const char *text)
{
  static const char kinds[] = "INPOE";
  sf_arena a;
  sf_token *toks;
  int *offsets, n;
  char *out = NULL;
  size_t size = 0;
  FILE *f = open_memstream (&out, &size);
  sf_arena_init (&a);
  sf_lex (&a, text, &toks, &offsets, &n);
  for (int i = 0; i < n; i++)
    fprintf (f, "%s%c:%s@%d", i ? " " : "", kinds[toks[i].kind], toks[i].text,
	     offsets[i]);
  fclose (f);
  sf_arena_free (&a);
  return out;
}

void
test_lex_suite (void)
{
  for (size_t i = 0; i < sizeof lex_cases / sizeof lex_cases[0]; i++)
    {
      const struct lex_case *c = &lex_cases[i];
      char *name = test_format ("core/lex/%s", c->name);
      char *got = lex_render (c->text);
      if (strcmp (got, c->expected))
	test_fail (name, "got \"%s\", expected \"%s\"", got, c->expected);
      else
	test_pass (name);
      free (got);
      free (name);
    }
}
