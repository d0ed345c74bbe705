/* Tokenizer for #pragma tensor text held in a string.

     "A(i,l) += B->vals[1e-3] % \"x\""  ->
       IDENT A  PUNCT (  IDENT i  PUNCT ,  IDENT l  PUNCT )  PUNCT +=
       IDENT B  PUNCT ->  IDENT vals  PUNCT [  NUMBER 1e-3  PUNCT ]
       OTHER %  OTHER "x"  EOF

   Rules, in the order they are tried at each position:
     1. white space, backslash-newline and C comments separate tokens;
     2. an identifier is [A-Za-z_][A-Za-z0-9_]*;
     3. a number is a C preprocessing number, kept as spelled: a digit (or
        '.' then a digit) followed by digits, letters, '_', '.', and a sign
        right after e, E, p or P (123, 1.5, 2e-3, 1.0f, 0x1Fu);
     4. the punctuators of the pragma grammar, the longest that matches;
     5. anything else is one SF_TOK_OTHER token: a string or character
        literal, another C operator (&&, !=, ...), or one character.  */

#include <ctype.h>
#include <string.h>
#include "front/lex.h"

/* Punctuators of the pragma grammar.  */
static const char *const sf_lex_puncts[] = {
  "->", "+=", "<=", ">=", "==", "-=", "*=", "/=", "&=", "|=", "^=",
  "(", ")", "[", "]", ",", ":", ".", "=", "+", "-", "*", "/", "<", ">"
};

/* Other C operators that GCC's lexer returns as one token.  */
static const char *const sf_lex_others[] = {
  "<<=", ">>=", "...", "&&", "||", "!=", "<<", ">>", "++", "--", "%=", "##"
};

#define SF_COUNT(a) ((int) (sizeof (a) / sizeof ((a)[0])))

/* Return the position after the white space and comments at P.  */
static const char *
sf_lex_skip_space (const char *p)
{
  for (;;)
    {
      if (isspace ((unsigned char) *p))
	p++;
      else if (p[0] == '\\' && p[1] == '\n')
	p += 2;
      else if (p[0] == '/' && p[1] == '/')
	p += strcspn (p, "\n");
      else if (p[0] == '/' && p[1] == '*')
	{
	  const char *end = strstr (p + 2, "*/");
	  p = end ? end + 2 : p + strlen (p);
	}
      else
	return p;
    }
}

static int
sf_lex_is_ident_char (char c)
{
  return isalnum ((unsigned char) c) || c == '_';
}

/* Return the length of the identifier at P.  */
static size_t
sf_lex_ident_length (const char *p)
{
  size_t n = 0;
  while (sf_lex_is_ident_char (p[n]))
    n++;
  return n;
}

/* Return the length of the preprocessing number at P.  */
static size_t
sf_lex_number_length (const char *p)
{
  size_t n = 1;
  for (;;)
    {
      char c = p[n];
      if ((c == '+' || c == '-') && strchr ("eEpP", p[n - 1]))
	n++;
      else if (sf_lex_is_ident_char (c) || c == '.')
	n++;
      else
	return n;
    }
}

/* Return the length of the string or character literal at P (up to the
   end of the text when it is not closed).  */
static size_t
sf_lex_quoted_length (const char *p)
{
  size_t n = 1;
  while (p[n] && p[n] != p[0])
    n += (p[n] == '\\' && p[n + 1]) ? 2 : 1;
  return p[n] ? n + 1 : n;
}

/* Return the length of the longest entry of TABLE (COUNT entries) that
   starts P, or 0.  */
static size_t
sf_lex_match (const char *p, const char *const *table, int count)
{
  size_t best = 0;
  for (int i = 0; i < count; i++)
    {
      size_t n = strlen (table[i]);
      if (n > best && strncmp (p, table[i], n) == 0)
	best = n;
    }
  return best;
}

/* Return the length of one character at P, counting the continuation
   bytes of a UTF-8 sequence.  */
static size_t
sf_lex_char_length (const char *p)
{
  size_t n = 1;
  while (((unsigned char) p[n] & 0xC0) == 0x80)
    n++;
  return n;
}

/* Classify the token at P (not at the end); store its length in *LEN.  */
static sf_token_kind
sf_lex_one (const char *p, size_t *len)
{
  if (isalpha ((unsigned char) *p) || *p == '_')
    return *len = sf_lex_ident_length (p), SF_TOK_IDENT;
  if (isdigit ((unsigned char) p[0])
      || (p[0] == '.' && isdigit ((unsigned char) p[1])))
    return *len = sf_lex_number_length (p), SF_TOK_NUMBER;
  if (*p == '"' || *p == '\'')
    return *len = sf_lex_quoted_length (p), SF_TOK_OTHER;
  size_t punct = sf_lex_match (p, sf_lex_puncts, SF_COUNT (sf_lex_puncts));
  size_t other = sf_lex_match (p, sf_lex_others, SF_COUNT (sf_lex_others));
  if (punct > other)		/* "<" is PUNCT, "<<" is OTHER */
    return *len = punct, SF_TOK_PUNCT;
  if (other)
    return *len = other, SF_TOK_OTHER;
  *len = sf_lex_char_length (p);
  return SF_TOK_OTHER;
}

int
sf_lex (sf_arena *arena, const char *text, sf_token **toks, int **offsets,
	int *ntoks)
{
  int max = (int) strlen (text) + 1;	/* at most one token per byte + EOF */
  sf_token *v = SF_NEW_ARRAY (arena, sf_token, max);
  int *off = SF_NEW_ARRAY (arena, int, max);
  int n = 0;
  const char *p = sf_lex_skip_space (text);
  while (*p)
    {
      size_t len;
      v[n].kind = sf_lex_one (p, &len);
      v[n].text = sf_arena_strndup (arena, p, len);
      off[n++] = (int) (p - text);
      p = sf_lex_skip_space (p + len);
    }
  v[n].kind = SF_TOK_EOF;
  v[n].text = "";
  off[n++] = (int) (p - text);
  *toks = v;
  if (offsets)
    *offsets = off;
  *ntoks = n;
  return 0;
}
