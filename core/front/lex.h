/* A tokenizer for #pragma tensor text given as a string, for the unit
   tests and the standalone tools.  It yields the same token kinds and
   texts that the GCC glue builds from GCC's pragma lexer:

     "y(i) = 2.5f * B(i,j)"  ->
       IDENT y, PUNCT (, IDENT i, PUNCT ), PUNCT =, NUMBER 2.5f, PUNCT *,
       IDENT B, PUNCT (, IDENT i, PUNCT ,, IDENT j, PUNCT ), EOF
     offsets 0 1 2 3 5 7 12 14 15 16 17 18 19 20  */

#ifndef SF_LEX_H
#define SF_LEX_H

#include "ir/arena.h"
#include "front/ast.h"

/* Split TEXT into tokens.  Stores in *TOKS an array of *NTOKS tokens whose
   last is SF_TOK_EOF, and in *OFFSETS (when OFFSETS is not NULL) the byte
   offset in TEXT where each token starts (the EOF token: strlen (TEXT)).
   Arrays and token texts live in ARENA.  Returns 0 (any character is some
   token, so lexing cannot fail).  */
int sf_lex (sf_arena *arena, const char *text, sf_token **toks,
	    int **offsets, int *ntoks);

#endif /* SF_LEX_H */
