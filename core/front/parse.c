/* Recursive-descent parser for the two forms of #pragma tensor (the tokens
   after the word "tensor").

     format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx))
            values(vals)
   becomes sf_format {type "struct csr", dims {n, m}, levels {DENSE,
   COMPRESSED pos rowptr crd colidx}, values vals, modes {0, 1}, base 0};

     y(i) = alpha * B(i,j) * x(j) shape(x: K) schedule(naive)
   becomes sf_comp {operands y alpha B x, indices i j,
   lhs ACCESS y(i), rhs MUL (MUL (alpha, B(i,j)), x(j)),
   operands[x].shape {K}, schedule NAIVE}.

   Outline:
     1. A first token "format" not followed by '(', '=' or '+=' starts a
        format declaration; anything else is a computation.
     2. Each grammar rule is one function, with the rule above it; the
        functions return the node they built.
     3. Operands and indices get ids in order of first occurrence.
     4. The first error is reported at the offending token and parsing
        stops there (longjmp back to sf_parse_pragma: every node lives in
        the caller's arena, so nothing leaks and nothing cascades).
   Names in clauses are resolved against the operands of the expression
   (the clauses follow it); names inside clause expressions are C names.
   Nesting (parentheses, unary minus) and the number of nodes are
   bounded, so that no later recursion over the tree runs out of stack.  */

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include "sf_core.h"

/* The deepest nesting of parentheses and unary minus, and the most nodes,
   of the expressions of one pragma.  */
#define SF_MAX_NESTING 256
#define SF_MAX_NODES 4096

typedef struct sf_parser
{
  sf_arena *arena;
  const sf_token *toks;
  int ntoks;
  int pos;			/* current token */
  sf_diags *diags;
  jmp_buf fail;
  sf_comp *comp;		/* the computation being parsed, or NULL */
  int in_assume;		/* nnz() and dim() allowed, '/' not */
  int depth;			/* open parentheses and unary minus */
  int nodes;			/* expression nodes made so far */
  int in_function;		/* the pragma is inside a function body:
				   a format declares a tensor NAME whose
				   fields are C expressions */
  int in_field;			/* '&', '*' and '[]' allowed */
  int level;			/* the level being parsed (field roles) */
} sf_parser;

/* Report an error at token TOK and abandon the parse.  */
#define sf_parse_error(P, TOK, ...)				\
  do								\
    {								\
      sf_diag_error ((P)->diags, (TOK), __VA_ARGS__);		\
      longjmp ((P)->fail, 1);					\
    }								\
  while (0)

/* ---- tokens ---- */

static const sf_token sf_parse_eof = { SF_TOK_EOF, "" };

/* Return the token K places after the current one (EOF past the end,
   even when the caller's list does not end with one).  */
static const sf_token *
sf_peek_at (const sf_parser *p, int k)
{
  int i = p->pos + k;
  return i < p->ntoks ? &p->toks[i] : &sf_parse_eof;
}

static const sf_token *
sf_peek (const sf_parser *p)
{
  return sf_peek_at (p, 0);
}

/* Return the index of the current token (for diagnostics).  */
static int
sf_here (const sf_parser *p)
{
  return p->pos < p->ntoks ? p->pos : p->ntoks - 1;
}

static int
sf_at_eof (const sf_parser *p)
{
  return sf_peek (p)->kind == SF_TOK_EOF;
}

/* Return nonzero when token T is the punctuator or word TEXT.  */
static int
sf_token_is (const sf_token *t, const char *text)
{
  return (t->kind == SF_TOK_PUNCT || t->kind == SF_TOK_IDENT)
	 && strcmp (t->text, text) == 0;
}

static int
sf_is (const sf_parser *p, const char *text)
{
  return sf_token_is (sf_peek (p), text);
}

static void
sf_advance (sf_parser *p)
{
  if (p->pos < p->ntoks)
    p->pos++;
}

/* Consume the current token when it is TEXT; return whether it was.  */
static int
sf_accept (sf_parser *p, const char *text)
{
  if (!sf_is (p, text))
    return 0;
  sf_advance (p);
  return 1;
}

/* Consume TEXT or report "expected 'TEXT' CONTEXT".  */
static void
sf_expect (sf_parser *p, const char *text, const char *context)
{
  if (!sf_accept (p, text))
    sf_parse_error (p, sf_here (p), "expected %qs %s", text, context);
}

/* Consume an identifier and return its text (owned by ARENA), or report
   "expected WHAT".  Stores its token index in *TOK when TOK is not NULL.  */
static const char *
sf_expect_ident (sf_parser *p, const char *what, int *tok)
{
  const sf_token *t = sf_peek (p);
  if (t->kind != SF_TOK_IDENT)
    sf_parse_error (p, sf_here (p), "expected %s", what);
  if (tok)
    *tok = sf_here (p);
  sf_advance (p);
  return sf_arena_strdup (p->arena, t->text);
}

/* Enter one more level of nesting at token TOK, or report that the
   expression is nested too deeply.  */
static void
sf_nest (sf_parser *p, int tok)
{
  if (++p->depth > SF_MAX_NESTING)
    sf_parse_error (p, tok, "expression nested too deeply (more than %d "
		    "levels of parentheses and unary minus)", SF_MAX_NESTING);
}

/* Count one more expression node at token TOK, or report that the pragma
   has too many.  */
static void
sf_count_node (sf_parser *p, int tok)
{
  if (++p->nodes > SF_MAX_NODES)
    sf_parse_error (p, tok, "expression too large (more than %d operands, "
		    "numbers and operators)", SF_MAX_NODES);
}

/* ---- spelling suggestions ---- */

/* Return the edit distance between A and B (insert, delete, replace).  */
static int
sf_edit_distance (const char *a, const char *b)
{
  int lb = (int) strlen (b);
  int row[64];
  if (lb >= 64)
    return 64;
  for (int j = 0; j <= lb; j++)
    row[j] = j;
  for (int i = 1; a[i - 1]; i++)
    {
      int diag = row[0];
      row[0] = i;
      for (int j = 1; j <= lb; j++)
	{
	  int up = row[j];
	  int best = diag + (a[i - 1] != b[j - 1]);
	  if (up + 1 < best)
	    best = up + 1;
	  if (row[j - 1] + 1 < best)
	    best = row[j - 1] + 1;
	  row[j] = best;
	  diag = up;
	}
    }
  return row[lb];
}

/* Return the word of the NULL-terminated list WORDS closest to WORD when it
   is close enough to be a likely misspelling, else NULL.  */
static const char *
sf_suggest (const char *word, const char *const *words)
{
  const char *best = NULL;
  int best_distance = 0;
  for (int i = 0; words[i]; i++)
    {
      int d = sf_edit_distance (word, words[i]);
      int longer = (int) (strlen (word) > strlen (words[i])
			  ? strlen (word) : strlen (words[i]));
      if (d <= (longer + 2) / 3 && (!best || d < best_distance))
	best = words[i], best_distance = d;
    }
  return best;
}

/* ---- integer and floating constants ---- */

/* Return nonzero when S holds only integer or floating suffix letters.  */
static int
sf_is_suffix (const char *s, const char *letters)
{
  return strspn (s, letters) == strlen (s);
}

/* integer ::= NUMBER   (a C integer constant: 12, 0x1f, 3u)
   Consume it and return its value, or report "expected an integer constant
   CONTEXT".  */
static long long
sf_parse_integer (sf_parser *p, const char *context)
{
  const sf_token *t = sf_peek (p);
  char *end = NULL;
  long long v = 0;
  if (t->kind == SF_TOK_NUMBER)
    v = strtoll (t->text, &end, 0);
  if (!end || end == t->text || !sf_is_suffix (end, "uUlL"))
    sf_parse_error (p, sf_here (p), "expected an integer constant %s",
		    context);
  sf_advance (p);
  return v;
}

/* Return the value of the number token T (1.5, 2e-3, 1.0f, 7), or report
   "invalid number".  */
static double
sf_number_value (sf_parser *p, const sf_token *t)
{
  char *end;
  double v = strtod (t->text, &end);
  if (end == t->text || !sf_is_suffix (end, "fFlLuU"))
    sf_parse_error (p, sf_here (p), "invalid number %qs", t->text);
  return v;
}

/* Return the C type of the number spelled TEXT: F64 for a floating
   constant (a point, an exponent; F32 with an f suffix), VOID for an
   integer constant.  */
static sf_ty
sf_literal_type (const char *text)
{
  int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  if (!strpbrk (text, hex ? ".pP" : ".eE"))
    return SF_TY_VOID;
  size_t n = strlen (text);
  return !hex && n && (text[n - 1] == 'f' || text[n - 1] == 'F') ? SF_TY_F32
	 : SF_TY_F64;
}

/* ==== format declarations ==== */

/* field ::= IDENT [ "[" integer "]" ]   (a member designator)  */
static sf_field_ref
sf_parse_field (sf_parser *p, const char *what)
{
  sf_field_ref f;
  f.tok = sf_here (p);
  f.name = sf_expect_ident (p, what, NULL);
  f.subscript = -1;
  f.expr = NULL;
  if (sf_accept (p, "["))
    {
      long long v = sf_parse_integer (p, "as subscript");
      if (v < 0 || v > 1000000)
	sf_parse_error (p, sf_here (p) - 1, "subscript out of range");
      f.subscript = (int) v;
      sf_expect (p, "]", "after the subscript");
    }
  return f;
}

static sf_cexpr *sf_parse_cexpr (sf_parser *p);

/* field-expr ::= cexpr   (with '&', '*' and '[]': a tensor declared in a
   function).  ROLE names the field ("pos1", "vals"), which names its
   parameter in the generated code.  */
static sf_field_ref
sf_parse_field_expr (sf_parser *p, const char *role)
{
  sf_field_ref f;
  f.tok = sf_here (p);
  f.name = role;
  f.subscript = -1;
  p->in_field = 1;
  f.expr = sf_parse_cexpr (p);
  p->in_field = 0;
  return f;
}

/* Parse a field: a member designator, or inside a function a C
   expression of role ROLE_FMT (a printf format taking N).  WHAT is the
   designator's description for errors.  */
static sf_field_ref
sf_parse_any_field (sf_parser *p, const char *what, const char *role_fmt,
		    int n)
{
  if (p->in_function)
    return sf_parse_field_expr (p, sf_arena_printf (p->arena, role_fmt, n));
  return sf_parse_field (p, what);
}

static const char *const sf_level_words[] = {
  "dense", "compressed", "singleton", "coo", NULL
};

/* Consume the level kind word and return its kind.  */
static sf_level_kind
sf_parse_level_kind (sf_parser *p)
{
  const sf_token *t = sf_peek (p);
  if (t->kind != SF_TOK_IDENT)
    sf_parse_error (p, sf_here (p), "expected a level: dense, compressed, "
		    "singleton or coo");
  for (int k = 0; sf_level_words[k]; k++)
    if (strcmp (t->text, sf_level_words[k]) == 0)
      {
	sf_advance (p);
	return (sf_level_kind) k;	/* same order as sf_level_kind */
      }
  const char *hint = sf_suggest (t->text, sf_level_words);
  if (hint)
    sf_parse_error (p, sf_here (p), "unknown level kind %qs; did you mean "
		    "%qs?", t->text, hint);
  sf_parse_error (p, sf_here (p), "unknown level kind %qs; expected dense, "
		  "compressed, singleton or coo", t->text);
}

/* level ::= "dense"
           | "compressed" "(" field "," field ")"     POS, CRD
           | "singleton" "(" field ")"                CRD
           | "coo" "(" field "," field ")"            NNZ, CRD  */
static sf_level
sf_parse_level (sf_parser *p)
{
  sf_level l;
  memset (&l, 0, sizeof l);
  l.tok = sf_here (p);
  l.kind = sf_parse_level_kind (p);
  l.pos.subscript = l.crd.subscript = -1;
  l.pos.tok = l.crd.tok = -1;
  if (l.kind == SF_LEVEL_DENSE)
    {
      if (sf_is (p, "("))
	sf_parse_error (p, sf_here (p), "%qs takes no fields; its extent "
			"comes from dims()", "dense");
      return l;
    }
  sf_expect (p, "(", "after the level kind");
  if (l.kind == SF_LEVEL_COMPRESSED || l.kind == SF_LEVEL_COO)
    {
      l.pos = sf_parse_any_field (p, l.kind == SF_LEVEL_COO
				  ? "the NNZ field name" : "the POS field name",
				  l.kind == SF_LEVEL_COO ? "nnz%d" : "pos%d",
				  p->level);
      sf_expect (p, ",", "between the fields of the level");
    }
  l.crd = sf_parse_any_field (p, "the CRD field name", "crd%d", p->level);
  sf_expect (p, ")", "after the fields of the level");
  return l;
}

/* Parse "(" ITEM {"," ITEM} ")" with ITEM parsed by EACH (given index I),
   at most MAX items; return their number.  */
static int
sf_parse_list (sf_parser *p, void *ctx, int max, const char *what,
	       void (*each) (sf_parser *, void *, int))
{
  int n = 0;
  sf_expect (p, "(", "after the clause name");
  do
    {
      if (n == max)
	sf_parse_error (p, sf_here (p), "too many %s (at most %d)", what, max);
      each (p, ctx, n++);
    }
  while (sf_accept (p, ","));
  sf_expect (p, ")", "after the list");
  return n;
}

static void
sf_parse_dims_item (sf_parser *p, void *ctx, int i)
{
  ((sf_format *) ctx)->dims[i] = sf_parse_any_field (p, "a dims field name",
						     "dim%d", i);
}

static void
sf_parse_levels_item (sf_parser *p, void *ctx, int i)
{
  p->level = i;
  ((sf_format *) ctx)->levels[i] = sf_parse_level (p);
}

static void
sf_parse_modes_item (sf_parser *p, void *ctx, int i)
{
  long long v = sf_parse_integer (p, "in modes()");
  if (v < 0 || v >= SF_MAX_ORDER)
    sf_parse_error (p, sf_here (p) - 1, "mode %lld out of range", v);
  ((sf_format *) ctx)->modes[i] = (int) v;
}

/* The clauses of a format declaration, in the order of their words.  */
enum sf_format_clause
{
  SF_FORMAT_DIMS, SF_FORMAT_LEVELS, SF_FORMAT_VALUES, SF_FORMAT_MODES,
  SF_FORMAT_BASE, SF_FORMAT_NCLAUSES
};

static const char *const sf_format_clauses[] = {
  "dims", "levels", "values", "modes", "base", NULL
};

/* Report an unknown clause word at the current token, suggesting one of
   WORDS; EXPECTED lists them for the message.  */
static _Noreturn void
sf_unknown_clause (sf_parser *p, const char *const *words,
		   const char *expected)
{
  const char *word = sf_peek (p)->text;
  const char *hint = sf_suggest (word, words);
  if (hint)
    sf_parse_error (p, sf_here (p), "unknown clause %qs; did you mean %qs?",
		    word, hint);
  sf_parse_error (p, sf_here (p), "unknown clause %qs; expected %s", word,
		  expected);
}

/* Return the index of the current word in WORDS, or report it.  */
static int
sf_clause_word (sf_parser *p, const char *const *words, const char *expected)
{
  if (sf_peek (p)->kind == SF_TOK_IDENT)
    for (int i = 0; words[i]; i++)
      if (strcmp (sf_peek (p)->text, words[i]) == 0)
	return i;
  if (sf_peek (p)->kind != SF_TOK_IDENT)
    sf_parse_error (p, sf_here (p), "expected a clause (%s)", expected);
  sf_unknown_clause (p, words, expected);
  return -1;
}

/* base-clause ::= "base" "(" integer ")"   (after "base")  */
static void
sf_parse_base (sf_parser *p, sf_format *f)
{
  sf_expect (p, "(", "after the clause name");
  f->base_tok = sf_here (p);
  long long base = sf_parse_integer (p, "in base()");
  if (base < -1000 || base > 1000)
    sf_parse_error (p, f->base_tok, "base must be 0 or 1");
  f->base = (int) base;
  sf_expect (p, ")", "after the base");
}

/* format-clause ::= "dims" "(" field {"," field} ")"
                   | "levels" "(" level {"," level} ")"
                   | "values" "(" field ")"
                   | "modes" "(" integer {"," integer} ")"
                   | base-clause
   SEEN[c] records the token of clause c (each at most once).  */
static void
sf_parse_format_clause (sf_parser *p, sf_format *f, int *seen)
{
  static const char expected[] = "dims, levels, values, modes or base";
  int c = sf_clause_word (p, sf_format_clauses, expected);
  if (seen[c] >= 0)
    sf_parse_error (p, sf_here (p), "duplicate %qs clause",
		    sf_format_clauses[c]);
  seen[c] = sf_here (p);
  sf_advance (p);
  switch (c)
    {
    case SF_FORMAT_DIMS:
      f->ndims = sf_parse_list (p, f, SF_MAX_ORDER, "dimensions",
				sf_parse_dims_item);
      break;
    case SF_FORMAT_LEVELS:
      f->nlevels = sf_parse_list (p, f, SF_MAX_ORDER, "levels",
				  sf_parse_levels_item);
      break;
    case SF_FORMAT_MODES:
      f->has_modes = 1;
      f->modes_tok = seen[c];
      f->nmodes = sf_parse_list (p, f, SF_MAX_ORDER, "modes",
				 sf_parse_modes_item);
      break;
    case SF_FORMAT_VALUES:
      sf_expect (p, "(", "after the clause name");
      f->values = sf_parse_any_field (p, "the values field name", "vals", 0);
      sf_expect (p, ")", "after the values field");
      break;
    default:
      sf_parse_base (p, f);
      break;
    }
}

/* type ::= "struct" IDENT | IDENT
   (inside a function: NAME, the tensor's name)  */
static const char *
sf_parse_type_name (sf_parser *p)
{
  if (p->in_function && sf_is (p, "struct"))
    sf_parse_error (p, sf_here (p), "'#pragma tensor format' of a struct "
		    "type must appear at file scope; inside a function, "
		    "'format NAME ...' declares a tensor NAME made of arrays "
		    "in scope");
  if (sf_accept (p, "struct"))
    {
      const char *tag = sf_expect_ident (p, "a struct tag after 'struct'",
					 NULL);
      return sf_arena_printf (p->arena, "struct %s", tag);
    }
  if (sf_peek (p)->kind != SF_TOK_IDENT)
    sf_parse_error (p, sf_here (p), "expected %qs TAG or a type name after "
		    "%qs", "struct", "format");
  return sf_expect_ident (p, "a type name", NULL);
}

/* format ::= "format" type format-clause* EOF   */
static void
sf_parse_format (sf_parser *p, sf_format *f)
{
  int seen[SF_FORMAT_NCLAUSES] = { -1, -1, -1, -1, -1 };
  int format_tok = sf_here (p);
  sf_advance (p);
  f->tok = sf_here (p);
  f->type_name = sf_parse_type_name (p);
  f->is_tensor = p->in_function;
  while (!sf_at_eof (p))
    sf_parse_format_clause (p, f, seen);
  for (int c = SF_FORMAT_DIMS; c <= SF_FORMAT_VALUES; c++)	/* required */
    if (seen[c] < 0)
      sf_parse_error (p, format_tok, "format declaration of %qs has no "
		      "%qs clause", f->type_name, sf_format_clauses[c]);
  if (!f->has_modes)
    {
      f->nmodes = f->nlevels;
      for (int l = 0; l < f->nlevels; l++)
	f->modes[l] = l;
    }
}

/* ==== computations ==== */

/* Return the id of operand NAME, adding it (first seen at token TOK).  */
static int
sf_operand_id (sf_parser *p, const char *name, int tok)
{
  sf_comp *c = p->comp;
  for (int i = 0; i < c->noperands; i++)
    if (strcmp (c->operands[i].name, name) == 0)
      return i;
  for (int i = 0; i < c->nindices; i++)
    if (strcmp (c->index_names[i], name) == 0)
      sf_parse_error (p, tok, "%qs is used both as an index and as an "
		      "operand", name);
  if (c->noperands == SF_MAX_OPERANDS)
    sf_parse_error (p, tok, "too many operands (at most %d)",
		    SF_MAX_OPERANDS);
  sf_operand *o = &c->operands[c->noperands];
  o->name = name;
  o->tok = tok;
  for (int d = 0; d < SF_MAX_ORDER; d++)
    o->const_extent[d] = -1;
  return c->noperands++;
}

/* Return the id of operand NAME used in a clause at token TOK, or report
   that the expression does not use it.  */
static int
sf_clause_operand (sf_parser *p, const char *name, int tok,
		   const char *clause)
{
  for (int i = 0; i < p->comp->noperands; i++)
    if (strcmp (p->comp->operands[i].name, name) == 0)
      return i;
  sf_parse_error (p, tok, "%qs in %s() is not an operand of the expression",
		  name, clause);
}

/* Return the id of index NAME, adding it (first seen at token TOK).  */
static int
sf_index_id (sf_parser *p, const char *name, int tok)
{
  sf_comp *c = p->comp;
  for (int i = 0; i < c->nindices; i++)
    if (strcmp (c->index_names[i], name) == 0)
      return i;
  for (int i = 0; i < c->noperands; i++)
    if (strcmp (c->operands[i].name, name) == 0)
      sf_parse_error (p, tok, "%qs is used both as an operand and as an "
		      "index", name);
  if (c->nindices == SF_MAX_INDICES)
    sf_parse_error (p, tok, "too many indices (at most %d)", SF_MAX_INDICES);
  c->index_names[c->nindices] = name;
  c->index_tok[c->nindices] = tok;
  return c->nindices++;
}

static sf_expr *
sf_new_expr (sf_parser *p, sf_expr_kind kind, int tok)
{
  sf_count_node (p, tok);
  sf_expr *e = SF_NEW (p->arena, sf_expr);
  e->kind = kind;
  e->tok = tok;
  e->operand = -1;
  return e;
}

/* index-list ::= "(" IDENT {"," IDENT} ")"
   Append the indices to access E.  */
static void
sf_parse_index_list (sf_parser *p, sf_expr *e)
{
  sf_expect (p, "(", "before the index list");
  do
    {
      int tok;
      const char *name = sf_expect_ident (p, "an index name", &tok);
      if (e->nidx == SF_MAX_ORDER)
	sf_parse_error (p, tok, "too many indices in one access (at most %d)",
			SF_MAX_ORDER);
      e->idx_tok[e->nidx] = tok;
      e->idx[e->nidx++] = sf_index_id (p, name, tok);
    }
  while (sf_accept (p, ","));
  if (!sf_is (p, ")"))
    sf_parse_error (p, sf_here (p), "expected %qs after index list", ")");
  sf_advance (p);
}

/* access ::= IDENT [ index-list ]   */
static sf_expr *
sf_parse_access (sf_parser *p)
{
  int tok;
  const char *name = sf_expect_ident (p, "an operand name", &tok);
  sf_expr *e = sf_new_expr (p, SF_EXPR_ACCESS, tok);
  e->operand = sf_operand_id (p, name, tok);
  if (sf_is (p, "("))
    sf_parse_index_list (p, e);
  else if (sf_is (p, "["))
    sf_parse_error (p, sf_here (p), "write tensor accesses as '%s(i,j)', "
		    "not with %qs", name, "[");
  return e;
}

static sf_expr *sf_parse_expr (sf_parser *p);

/* factor ::= NUMBER | access | "(" expr ")" | "-" factor   */
static sf_expr *
sf_parse_factor (sf_parser *p)
{
  const sf_token *t = sf_peek (p);
  int tok = sf_here (p);
  if (t->kind == SF_TOK_NUMBER)
    {
      sf_expr *e = sf_new_expr (p, SF_EXPR_NUMBER, tok);
      e->number = sf_number_value (p, t);
      e->literal = sf_literal_type (t->text);
      sf_advance (p);
      return e;
    }
  if (t->kind == SF_TOK_IDENT)
    return sf_parse_access (p);
  if (sf_accept (p, "("))
    {
      sf_nest (p, tok);
      sf_expr *e = sf_parse_expr (p);
      sf_expect (p, ")", "after the parenthesized expression");
      p->depth--;
      return e;
    }
  if (sf_accept (p, "-"))
    {
      sf_nest (p, tok);
      sf_expr *e = sf_new_expr (p, SF_EXPR_NEG, tok);
      e->a = sf_parse_factor (p);
      p->depth--;
      return e;
    }
  sf_parse_error (p, tok, "expected an operand, a number or %qs", "(");
}

/* Return a binary node KIND over A and B for the operator at token TOK.  */
static sf_expr *
sf_new_binary (sf_parser *p, sf_expr_kind kind, int tok, sf_expr *a,
	       sf_expr *b)
{
  sf_expr *e = sf_new_expr (p, kind, tok);
  e->a = a;
  e->b = b;
  return e;
}

/* term ::= factor { "*" factor }   */
static sf_expr *
sf_parse_term (sf_parser *p)
{
  sf_expr *e = sf_parse_factor (p);
  for (;;)
    {
      int tok = sf_here (p);
      if (sf_is (p, "/"))
	sf_parse_error (p, tok, "division is not supported in tensor "
			"expressions; multiply by a reciprocal instead");
      if (!sf_accept (p, "*"))
	return e;
      e = sf_new_binary (p, SF_EXPR_MUL, tok, e, sf_parse_factor (p));
    }
}

/* expr ::= term { ("+" | "-") term }   */
static sf_expr *
sf_parse_expr (sf_parser *p)
{
  sf_expr *e = sf_parse_term (p);
  for (;;)
    {
      int tok = sf_here (p);
      if (sf_accept (p, "+"))
	e = sf_new_binary (p, SF_EXPR_ADD, tok, e, sf_parse_term (p));
      else if (sf_accept (p, "-"))
	e = sf_new_binary (p, SF_EXPR_SUB, tok, e, sf_parse_term (p));
      else
	return e;
    }
}

/* ---- clause expressions (CEXPR, CONSTRAINT) ---- */

static sf_cexpr *
sf_new_cexpr (sf_parser *p, sf_cexpr_kind kind, int tok)
{
  sf_count_node (p, tok);
  sf_cexpr *e = SF_NEW (p->arena, sf_cexpr);
  e->kind = kind;
  e->tok = tok;
  e->operand = -1;
  return e;
}

/* Return the id of operand NAME named in nnz() or dim(), or -1 when the
   expression does not use it (reported by the checks).  */
static int
sf_lookup_operand (const sf_parser *p, const char *name)
{
  for (int i = 0; i < p->comp->noperands; i++)
    if (strcmp (p->comp->operands[i].name, name) == 0)
      return i;
  return -1;
}

/* size-function ::= "nnz" "(" IDENT ")" | "dim" "(" IDENT "," integer ")"
   (assume() only)  */
static sf_cexpr *
sf_parse_size_function (sf_parser *p)
{
  int tok = sf_here (p);
  int is_dim = sf_is (p, "dim");
  const char *fn = is_dim ? "dim" : "nnz";
  if (!p->in_assume)
    sf_parse_error (p, tok, "'%s()' is only allowed in assume()", fn);
  sf_advance (p);
  sf_cexpr *e = sf_new_cexpr (p, is_dim ? SF_CEXPR_DIM : SF_CEXPR_NNZ, tok);
  sf_expect (p, "(", is_dim ? "after 'dim'" : "after 'nnz'");
  e->name = sf_expect_ident (p, "an operand name", NULL);
  e->operand = sf_lookup_operand (p, e->name);
  if (is_dim)
    {
      sf_expect (p, ",", "after the operand of dim()");
      e->ival = sf_parse_integer (p, "as the dimension of dim()");
    }
  sf_expect (p, ")", is_dim ? "after the dimension" : "after the operand");
  return e;
}

static sf_cexpr *sf_new_cbinary (sf_parser *p, sf_cexpr_kind kind,
				sf_cexpr *a, sf_cexpr *b);

/* cprimary ::= integer | IDENT | "(" cexpr ")" | size-function   */
static sf_cexpr *
sf_parse_cprimary (sf_parser *p)
{
  const sf_token *t = sf_peek (p);
  int tok = sf_here (p);
  if (t->kind == SF_TOK_NUMBER)
    {
      sf_cexpr *e = sf_new_cexpr (p, SF_CEXPR_INT, tok);
      e->ival = sf_parse_integer (p, "in a clause expression");
      return e;
    }
  if ((sf_is (p, "nnz") || sf_is (p, "dim"))
      && sf_token_is (sf_peek_at (p, 1), "("))
    return sf_parse_size_function (p);
  if (t->kind == SF_TOK_IDENT)
    {
      sf_cexpr *e = sf_new_cexpr (p, SF_CEXPR_NAME, tok);
      e->name = sf_expect_ident (p, "a name", NULL);
      if (sf_is (p, "("))
	sf_parse_error (p, sf_here (p), "function calls are not allowed in "
			"clause expressions");
      return e;
    }
  if (sf_accept (p, "("))
    {
      sf_nest (p, tok);
      sf_cexpr *e = sf_parse_cexpr (p);
      sf_expect (p, ")", "after the parenthesized expression");
      p->depth--;
      return e;
    }
  sf_parse_error (p, tok, "expected a name, an integer constant or %qs", "(");
}

/* cpostfix ::= cprimary { ("." | "->") IDENT | "[" cexpr "]" }
   ('[' in the fields of a tensor declared in a function only)  */
static sf_cexpr *
sf_parse_cpostfix (sf_parser *p)
{
  int tok = sf_here (p);
  sf_cexpr *e = sf_parse_cprimary (p);
  for (;;)
    {
      sf_cexpr_kind kind;
      if (p->in_field && sf_is (p, "["))
	{
	  int open = sf_here (p);
	  sf_advance (p);
	  sf_nest (p, open);
	  sf_cexpr *x = sf_new_cbinary (p, SF_CEXPR_INDEX, e,
					sf_parse_cexpr (p));
	  x->tok = open;
	  sf_expect (p, "]", "after the subscript");
	  p->depth--;
	  e = x;
	  continue;
	}
      if (sf_accept (p, "."))
	kind = SF_CEXPR_MEMBER;
      else if (sf_accept (p, "->"))
	kind = SF_CEXPR_ARROW;
      else
	return e;
      sf_cexpr *m = sf_new_cexpr (p, kind, tok);
      m->a = e;
      m->name = sf_expect_ident (p, "a member name", NULL);
      e = m;
    }
}

/* cunary ::= ("-" | "&" | "*") cunary | cpostfix
   ('&' and '*' in the fields of a tensor declared in a function only)  */
static sf_cexpr *
sf_parse_cunary (sf_parser *p)
{
  int tok = sf_here (p);
  sf_cexpr_kind kind = SF_CEXPR_NEG;
  if (p->in_field && sf_accept (p, "&"))
    kind = SF_CEXPR_ADDR;
  else if (p->in_field && sf_accept (p, "*"))
    kind = SF_CEXPR_DEREF;
  else if (!sf_accept (p, "-"))
    return sf_parse_cpostfix (p);
  sf_nest (p, tok);
  sf_cexpr *e = sf_new_cexpr (p, kind, tok);
  e->a = sf_parse_cunary (p);
  p->depth--;
  return e;
}

/* Return a binary clause expression KIND over A and B.  */
static sf_cexpr *
sf_new_cbinary (sf_parser *p, sf_cexpr_kind kind, sf_cexpr *a, sf_cexpr *b)
{
  sf_cexpr *e = sf_new_cexpr (p, kind, a->tok);
  e->a = a;
  e->b = b;
  return e;
}

/* cterm ::= cunary { ("*" | "/") cunary }   ('/' not in assume())  */
static sf_cexpr *
sf_parse_cterm (sf_parser *p)
{
  sf_cexpr *e = sf_parse_cunary (p);
  for (;;)
    {
      if (sf_is (p, "/") && p->in_assume)
	sf_parse_error (p, sf_here (p), "division is not allowed in "
			"assume()");
      if (sf_accept (p, "*"))
	e = sf_new_cbinary (p, SF_CEXPR_MUL, e, sf_parse_cunary (p));
      else if (sf_accept (p, "/"))
	e = sf_new_cbinary (p, SF_CEXPR_DIV, e, sf_parse_cunary (p));
      else
	return e;
    }
}

/* cexpr ::= cterm { ("+" | "-") cterm }   */
static sf_cexpr *
sf_parse_cexpr (sf_parser *p)
{
  sf_cexpr *e = sf_parse_cterm (p);
  for (;;)
    {
      if (sf_accept (p, "+"))
	e = sf_new_cbinary (p, SF_CEXPR_ADD, e, sf_parse_cterm (p));
      else if (sf_accept (p, "-"))
	e = sf_new_cbinary (p, SF_CEXPR_SUB, e, sf_parse_cterm (p));
      else
	return e;
    }
}

static const char *const sf_cmp_words[] = { "<", "<=", ">", ">=", "==" };

/* constraint ::= cexpr ("<" | "<=" | ">" | ">=" | "==") cexpr   */
static sf_constraint
sf_parse_constraint (sf_parser *p)
{
  sf_constraint c;
  c.tok = sf_here (p);
  c.lhs = sf_parse_cexpr (p);
  for (int op = 0; op < 5; op++)
    if (sf_accept (p, sf_cmp_words[op]))
      {
	c.op = (sf_cmp) op;
	c.rhs = sf_parse_cexpr (p);
	return c;
      }
  sf_parse_error (p, sf_here (p), "expected a comparison (%qs, %qs, %qs, "
		  "%qs or %qs) in assume()", "<", "<=", ">", ">=", "==");
}

/* Return nonzero when clause expressions A and B are the same tree.  */
static int
sf_cexpr_equal (const sf_cexpr *a, const sf_cexpr *b)
{
  if (!a || !b)
    return a == b;
  if (a->kind != b->kind || a->ival != b->ival)
    return 0;
  if ((a->name || b->name)
      && (!a->name || !b->name || strcmp (a->name, b->name) != 0))
    return 0;
  return sf_cexpr_equal (a->a, b->a) && sf_cexpr_equal (a->b, b->b);
}

sf_cexpr *
sf_cexpr_copy (sf_arena *arena, const sf_cexpr *e, int tok)
{
  if (!e)
    return NULL;
  sf_cexpr *c = SF_NEW (arena, sf_cexpr);
  *c = *e;
  c->tok = tok;
  if (e->name)
    c->name = sf_arena_strdup (arena, e->name);
  c->a = sf_cexpr_copy (arena, e->a, tok);
  c->b = sf_cexpr_copy (arena, e->b, tok);
  return c;
}

/* ---- clauses ---- */

/* Return nonzero at the ',' that ends one operand's extents in shape():
   the next item starts with IDENT ':'.  */
static int
sf_at_next_shape_item (const sf_parser *p)
{
  return sf_is (p, ",") && sf_peek_at (p, 1)->kind == SF_TOK_IDENT
	 && sf_token_is (sf_peek_at (p, 2), ":");
}

/* shape-item ::= IDENT ":" cexpr { "," cexpr }   */
static void
sf_parse_shape_item (sf_parser *p)
{
  int tok;
  const char *name = sf_expect_ident (p, "an operand name", &tok);
  sf_operand *o = &p->comp->operands[sf_clause_operand (p, name, tok,
							"shape")];
  if (o->nshape)
    sf_parse_error (p, tok, "shape of %qs given twice", name);
  sf_expect (p, ":", "after the operand name in shape()");
  do
    {
      if (o->nshape == SF_MAX_ORDER)
	sf_parse_error (p, sf_here (p), "too many extents for %qs (at most "
			"%d)", name, SF_MAX_ORDER);
      o->shape[o->nshape++] = sf_parse_cexpr (p);
    }
  while (!sf_at_next_shape_item (p) && sf_accept (p, ","));
}

/* shape-clause ::= "shape" "(" shape-item { "," shape-item } ")"
   e.g. shape(C: M, K, x: N): a new item starts at IDENT ':'.  */
static void
sf_parse_shape (sf_parser *p)
{
  sf_expect (p, "(", "after 'shape'");
  do
    sf_parse_shape_item (p);
  while (sf_accept (p, ","));
  sf_expect (p, ")", "after the shape list");
}

/* colmajor-clause ::= "colmajor" "(" IDENT {"," IDENT} ")"   */
static void
sf_parse_colmajor (sf_parser *p)
{
  sf_expect (p, "(", "after 'colmajor'");
  do
    {
      int tok;
      const char *name = sf_expect_ident (p, "an operand name", &tok);
      p->comp->operands[sf_clause_operand (p, name, tok, "colmajor")]
	.colmajor = 1;
    }
  while (sf_accept (p, ","));
  sf_expect (p, ")", "after the operand list");
}

/* relayout-clause ::= "relayout" "(" IDENT {"," IDENT} ")"   */
static void
sf_parse_relayout (sf_parser *p)
{
  sf_expect (p, "(", "after 'relayout'");
  do
    {
      int tok;
      const char *name = sf_expect_ident (p, "an operand name", &tok);
      sf_operand *o = &p->comp->operands[sf_clause_operand (p, name, tok,
							    "relayout")];
      o->relayout = 1;
      o->relayout_tok = tok;
    }
  while (sf_accept (p, ","));
  sf_expect (p, ")", "after the operand list");
}

/* scratch-clause ::= "scratch" "(" IDENT {"," IDENT} ")": arrays of the
   function the statement uses as work space, whose contents after it do
   not matter; C variables the expression does not name.  */
static void
sf_parse_scratch (sf_parser *p)
{
  sf_comp *c = p->comp;
  sf_expect (p, "(", "after 'scratch'");
  do
    {
      int tok;
      const char *name = sf_expect_ident (p, "the name of an array", &tok);
      if (sf_lookup_operand (p, name) >= 0)
	sf_parse_error (p, tok, "scratch() names work arrays the expression "
			"does not use; %qs is an operand", name);
      int seen = 0;
      for (int k = 0; k < c->nscratch; k++)
	seen |= strcmp (c->scratch[k], name) == 0;
      if (seen)
	continue;
      if (c->nscratch == SF_MAX_SCRATCH)
	sf_parse_error (p, tok, "too many arrays in scratch() (at most %d)",
			SF_MAX_SCRATCH);
      c->scratch[c->nscratch] = name;
      c->scratch_tok[c->nscratch++] = tok;
    }
  while (sf_accept (p, ","));
  sf_expect (p, ")", "after the array list");
}

static const char *const sf_schedule_words[] = {
  "auto", "naive", "unfused", NULL
};

/* schedule-clause ::= "schedule" "(" ("auto" | "naive" | "unfused") ")"   */
static void
sf_parse_schedule (sf_parser *p)
{
  sf_comp *c = p->comp;
  sf_expect (p, "(", "after 'schedule'");
  int tok;
  const char *word = sf_expect_ident (p, "a schedule: auto, naive or unfused",
				      &tok);
  int s = 0;
  while (sf_schedule_words[s] && strcmp (word, sf_schedule_words[s]) != 0)
    s++;
  if (!sf_schedule_words[s] && sf_suggest (word, sf_schedule_words))
    sf_parse_error (p, tok, "unknown schedule %qs; did you mean %qs?", word,
		    sf_suggest (word, sf_schedule_words));
  if (!sf_schedule_words[s])
    sf_parse_error (p, tok, "unknown schedule %qs; expected auto, naive or "
		    "unfused", word);
  if (c->schedule_tok >= 0 && c->schedule != (sf_schedule) s)
    sf_parse_error (p, tok, "conflicting schedules %qs and %qs",
		    sf_schedule_words[c->schedule], word);
  c->schedule = (sf_schedule) s;
  c->schedule_tok = tok;
  sf_expect (p, ")", "after the schedule");
}

/* assume-clause ::= "assume" "(" constraint {"," constraint} ")"   */
static void
sf_parse_assume (sf_parser *p)
{
  sf_comp *c = p->comp;
  sf_expect (p, "(", "after 'assume'");
  p->in_assume = 1;
  do
    {
      sf_constraint *v = SF_NEW_ARRAY (p->arena, sf_constraint,
				       c->nassumes + 1);
      if (c->nassumes)
	memcpy (v, c->assumes, sizeof *v * (size_t) c->nassumes);
      v[c->nassumes] = sf_parse_constraint (p);
      c->assumes = v;
      c->nassumes++;
    }
  while (sf_accept (p, ","));
  p->in_assume = 0;
  sf_expect (p, ")", "after the constraints");
}

/* memory-clause ::= "memory" "(" cexpr ")"
   threads-clause ::= "threads" "(" cexpr ")"
   Store the expression in *SLOT; a repeated clause must say the same.  */
static void
sf_parse_cexpr_clause (sf_parser *p, const char *clause, sf_cexpr **slot)
{
  int clause_tok = sf_here (p) - 1;
  if (!sf_is (p, "("))
    sf_parse_error (p, sf_here (p), "expected %qs after %qs", "(", clause);
  sf_advance (p);
  sf_cexpr *e = sf_parse_cexpr (p);
  sf_expect (p, ")", "after the clause expression");
  if (*slot && !sf_cexpr_equal (*slot, e))
    sf_parse_error (p, clause_tok, "conflicting %qs clauses", clause);
  *slot = e;
}

/* The clauses of a computation, in the order of their words.  */
enum sf_comp_clause
{
  SF_CLAUSE_SHAPE, SF_CLAUSE_COLMAJOR, SF_CLAUSE_SCHEDULE, SF_CLAUSE_ASSUME,
  SF_CLAUSE_MEMORY, SF_CLAUSE_SERIAL, SF_CLAUSE_THREADS, SF_CLAUSE_CHECK,
  SF_CLAUSE_RELAYOUT, SF_CLAUSE_SCRATCH
};

static const char *const sf_comp_clauses[] = {
  "shape", "colmajor", "schedule", "assume", "memory", "serial", "threads",
  "check", "relayout", "scratch", NULL
};

/* Return nonzero when the current word, found where a clause should
   start, rather looks like an operand after a missing operator: it names
   an operand, or an index list of known indices follows it.  */
static int
sf_looks_like_access (const sf_parser *p)
{
  const sf_token *next = sf_peek_at (p, 1), *after = sf_peek_at (p, 2);
  if (sf_lookup_operand (p, sf_peek (p)->text) >= 0)
    return 1;
  if (!sf_token_is (next, "(") || after->kind != SF_TOK_IDENT)
    return 0;
  for (int i = 0; i < p->comp->nindices; i++)
    if (strcmp (p->comp->index_names[i], after->text) == 0)
      return 1;
  return 0;
}

/* clause ::= shape-clause | colmajor-clause | schedule-clause
            | assume-clause | memory-clause | "serial" | threads-clause
            | "check" | relayout-clause | scratch-clause   */
static void
sf_parse_clause (sf_parser *p)
{
  const sf_token *t = sf_peek (p);
  if (t->kind != SF_TOK_IDENT)
    sf_parse_error (p, sf_here (p), "unexpected %qs after the expression",
		    t->text);
  int c = 0;
  while (sf_comp_clauses[c] && strcmp (t->text, sf_comp_clauses[c]) != 0)
    c++;
  if (!sf_comp_clauses[c] && !sf_suggest (t->text, sf_comp_clauses)
      && sf_looks_like_access (p))
    sf_parse_error (p, sf_here (p), "expected an operator (%qs, %qs or %qs) "
		    "before %qs", "+", "-", "*", t->text);
  if (!sf_comp_clauses[c])
    sf_unknown_clause (p, sf_comp_clauses, "an operator or one of shape, "
		       "colmajor, schedule, assume, memory, serial, threads, "
		       "check, relayout, scratch");
  sf_advance (p);
  if ((c == SF_CLAUSE_SERIAL || c == SF_CLAUSE_CHECK) && sf_is (p, "("))
    sf_parse_error (p, sf_here (p), "%qs takes no arguments", t->text);
  switch ((enum sf_comp_clause) c)
    {
    case SF_CLAUSE_SHAPE: sf_parse_shape (p); break;
    case SF_CLAUSE_COLMAJOR: sf_parse_colmajor (p); break;
    case SF_CLAUSE_SCHEDULE: sf_parse_schedule (p); break;
    case SF_CLAUSE_ASSUME: sf_parse_assume (p); break;
    case SF_CLAUSE_MEMORY:
      sf_parse_cexpr_clause (p, "memory", &p->comp->memory);
      break;
    case SF_CLAUSE_SERIAL: p->comp->serial = 1; break;
    case SF_CLAUSE_THREADS:
      sf_parse_cexpr_clause (p, "threads", &p->comp->threads);
      break;
    case SF_CLAUSE_CHECK: p->comp->check = 1; break;
    case SF_CLAUSE_RELAYOUT: sf_parse_relayout (p); break;
    case SF_CLAUSE_SCRATCH: sf_parse_scratch (p); break;
    }
}

/* Return nonzero when the tokens after an output are another reduction
   than a sum: "max =", "min =", "*=", "-=", "|=", "&=" ("NAME =" for any
   name: a reduction operator written as a word).  */
static int
sf_other_reduction (const sf_parser *p)
{
  static const char *const ops[] = { "*=", "-=", "/=", "|=", "&=", "^=" };
  const sf_token *t = sf_peek (p);
  if (t->kind == SF_TOK_IDENT && sf_token_is (sf_peek_at (p, 1), "="))
    return 1;
  for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
    if (sf_token_is (t, ops[k]))
      return 1;
  return 0;
}

/* comp ::= access ("=" | "+=") expr clause* EOF
   The output access may be a scalar name without indices.  */
static void
sf_parse_comp (sf_parser *p, sf_comp *c)
{
  p->comp = c;
  c->schedule_tok = -1;
  c->assign_tok = -1;
  if (sf_peek (p)->kind != SF_TOK_IDENT)
    sf_parse_error (p, sf_here (p), "expected %qs or an output operand after "
		    "%qs", "format", "tensor");
  c->lhs = sf_parse_access (p);
  c->assign_tok = sf_here (p);
  if (sf_accept (p, "+="))
    c->accumulate = 1;
  else if (sf_other_reduction (p))
    {
      /* Well formed, not supported: a warning, and the statement stays
	 as it is (the caller makes no region).  */
      sf_diag_warning (p->diags, sf_here (p), "sparsefuse keeps the original "
		       "statement because reductions other than + are not "
		       "supported");
      longjmp (p->fail, 1);
    }
  else if (!sf_accept (p, "="))
    sf_parse_error (p, sf_here (p), "expected %qs or %qs after the output",
		    "=", "+=");
  c->rhs = sf_parse_expr (p);
  while (!sf_at_eof (p))
    sf_parse_clause (p);
}

/* Return nonzero when the tokens start a format declaration: the word
   "format" not followed by '(', '=' or '+=' (which would make it the name
   of an output).  */
static int
sf_starts_format (const sf_parser *p)
{
  const sf_token *next = sf_peek_at (p, 1);
  return sf_is (p, "format") && sf_peek (p)->kind == SF_TOK_IDENT
	 && !sf_token_is (next, "(") && !sf_token_is (next, "=")
	 && !sf_token_is (next, "+=");
}

int
sf_parse_pragma (sf_arena *arena, const sf_token *toks, int ntoks,
		 sf_pragma *out, sf_diags *diags)
{
  return sf_parse_pragma_in (arena, toks, ntoks, 0, out, diags);
}

int
sf_parse_pragma_in (sf_arena *arena, const sf_token *toks, int ntoks,
		    int in_function, sf_pragma *out, sf_diags *diags)
{
  sf_parser p;
  memset (&p, 0, sizeof p);
  p.in_function = in_function;
  p.arena = arena;
  p.toks = toks;
  p.ntoks = ntoks;
  p.diags = diags;
  memset (out, 0, sizeof *out);
  out->format.modes_tok = out->format.base_tok = -1;
  if (setjmp (p.fail))
    return 1;
  if (sf_starts_format (&p))
    {
      out->kind = SF_PRAGMA_FORMAT;
      sf_parse_format (&p, &out->format);
    }
  else
    {
      out->kind = SF_PRAGMA_COMP;
      sf_parse_comp (&p, &out->comp);
    }
  return 0;
}
