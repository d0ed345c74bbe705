/* The explain tool's shared state (sfexplain.c: command line, operands,
   the explanation and the kernel as C; sfexplain_program.c: the
   self-contained test program).

     sfexplain 'A(i,j) = B(i,j) * C(i,k) * D(j,k)' -f B:csr -f A:csr@B \
               -d C:IxK -d D:JxK
   holds  comp      the parsed, resolved and checked computation
          formats   one per distinct format spec: "csr" -> struct sx_csr
          ops[o]    per operand: its spec (format, share, dims, scalar type)
          region    what sf_lower made of it  */

#ifndef SFEXPLAIN_H
#define SFEXPLAIN_H

#include <stdio.h>
#include "sf_core.h"

#define SX_MAX_FORMATS 32

/* A format of the tool: the core's description and the C struct the
   generated code reads.  */
typedef struct sx_format
{
  const char *spec;		/* as written after NAME: "csr:base1" */
  const char *decl;		/* text after "#pragma tensor " */
  const char *itype, *vtype;	/* C types of pos/crd and of values */
} sx_format;

/* What the command line says about an operand.  */
typedef struct sx_operand
{
  int format;			/* -f: index into formats, else -1 */
  const char *share;		/* -f A:...@B: operand whose pattern A uses */
  int ndims;			/* -d NAME:AxB: the extents' texts */
  const char *dims[SF_MAX_ORDER];
  int colmajor, is_float, is_int;	/* -d/-s modifiers */
  int declared;			/* named by -f, -d or -s */
  int scalar;			/* -s */
} sx_operand;

typedef struct sx_tool
{
  sf_arena arena;
  const char *text;		/* the computation */
  sf_pragma pragma;
  sf_comp *comp;
  int nformats;
  sx_format fmt[SX_MAX_FORMATS];
  sf_format formats[SX_MAX_FORMATS];
  sx_operand ops[SF_MAX_OPERANDS];
  sf_lower_options options;
  sf_region *region;
  unsigned long seed;		/* --program */
  int sets;
} sx_tool;

/* sfexplain.c */
/* Print the C type name of TY.  */
const char *sx_ctype (sf_ty ty);
/* Print field REF ("pos[1]", "vals").  */
void sx_print_field (FILE *out, const sf_field_ref *ref);
/* Print clause expression E as C, operands X as op_X.  */
void sx_print_cexpr (FILE *out, const sx_tool *t, const sf_cexpr *e);
/* Print the struct declarations of the formats and the kernel function
   sf_kernel.  */
void sx_print_structs (FILE *out, const sx_tool *t);
void sx_print_kernel (FILE *out, const sx_tool *t);
/* Return the access of operand O (the output first), or NULL.  */
const sf_expr *sx_access (const sf_comp *comp, int o);

/* sfexplain_program.c */
/* Print a self-contained C program that runs sf_kernel against the
   dense reference on T->sets random data sets; return nonzero (with a
   message on stderr) when the computation cannot be tested so.  */
int sx_print_program (FILE *out, sx_tool *t);

#endif /* SFEXPLAIN_H */
