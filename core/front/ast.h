/* The abstract syntax of #pragma tensor, shared by the parser, the checks,
   the lowering and the GCC glue.

     #pragma tensor format struct csr dims(n, m)
             levels(dense, compressed(rowptr, colidx)) values(vals)
   becomes an sf_format; and
     #pragma tensor y(i) = alpha * B(i,j) * x(j) schedule(naive)
   becomes an sf_comp with operands {y, alpha, B, x}, indices {i, j},
   lhs = ACCESS y(i), rhs = MUL(MUL(alpha, ACCESS B(i,j)), ACCESS x(j)).

   Who fills what:
     parser (core)     every syntactic field, names, token indices
     glue (pragmas/)   sf_operand's kind/vtype/format/by_pointer/rank/
                       type_extent/const_extent; sf_format.vtype
     checks (core)     sf_comp.extent[], the remaining semantic fields  */

#ifndef SF_AST_H
#define SF_AST_H

#include "levels.h"

#define SF_MAX_INDICES 16
#define SF_MAX_OPERANDS 32
#define SF_MAX_SCRATCH 8		/* arrays a scratch() clause names */

/* ---- tokens, as the glue hands them over from GCC's pragma lexer ---- */

typedef enum sf_token_kind
{
  SF_TOK_IDENT,			/* identifiers and keywords */
  SF_TOK_NUMBER,		/* integer or floating literal, as spelled */
  SF_TOK_PUNCT,			/* ( ) [ ] , : . -> = += + - * / < <= > >= == */
  SF_TOK_OTHER,			/* anything else (a string, '%', ...) */
  SF_TOK_EOF			/* end of the pragma line; always last */
} sf_token_kind;

typedef struct sf_token
{
  sf_token_kind kind;
  const char *text;
} sf_token;

/* ---- scalar types known to the core ---- */

typedef enum sf_ty
{
  SF_TY_VOID,
  SF_TY_BOOL,
  SF_TY_INDEX,			/* any integer; computed as 64-bit signed */
  SF_TY_F32,
  SF_TY_F64,
  /* Integer values (of tensors, dense operands, scalars), with C's
     width and signedness: int8_t ... uint64_t (char, short, int, long
     and their unsigned forms on LP64).  */
  SF_TY_I8, SF_TY_U8, SF_TY_I16, SF_TY_U16,
  SF_TY_I32, SF_TY_U32, SF_TY_I64, SF_TY_U64
} sf_ty;

/* Return nonzero when TY is float or double.  */
static inline int
sf_ty_is_float (sf_ty ty)
{
  return ty == SF_TY_F32 || ty == SF_TY_F64;
}

/* Return nonzero when TY is an integer value type (not INDEX).  */
static inline int
sf_ty_is_int (sf_ty ty)
{
  return ty >= SF_TY_I8 && ty <= SF_TY_U64;
}

/* Return nonzero when TY may hold a tensor's values: float, double or
   an integer value type.  */
static inline int
sf_ty_is_value (sf_ty ty)
{
  return sf_ty_is_float (ty) || sf_ty_is_int (ty);
}

/* Return nonzero when TY is an unsigned integer value type.  */
static inline int
sf_ty_is_unsigned (sf_ty ty)
{
  return sf_ty_is_int (ty) && (ty - SF_TY_I8) % 2 == 1;
}

/* Return the size in bytes of a value of TY (8 for INDEX).  */
static inline int
sf_ty_bytes (sf_ty ty)
{
  if (sf_ty_is_int (ty))
    return 1 << (ty - SF_TY_I8) / 2;
  return ty == SF_TY_F32 ? 4 : ty == SF_TY_BOOL ? 1 : 8;
}

/* Return the integer value type of BYTES bytes (1, 2, 4 or 8), unsigned
   when UNS; VOID for another size.  */
static inline sf_ty
sf_ty_int_of (int bytes, int uns)
{
  int k = bytes == 1 ? 0 : bytes == 2 ? 1 : bytes == 4 ? 2 : bytes == 8 ? 3 : -1;
  return k < 0 ? SF_TY_VOID : (sf_ty) (SF_TY_I8 + 2 * k + !!uns);
}

/* Return TY after C's integer promotions: a value type narrower than
   int becomes int.  */
static inline sf_ty
sf_ty_promoted (sf_ty ty)
{
  return sf_ty_is_int (ty) && ty < SF_TY_I32 ? SF_TY_I32 : ty;
}

/* Return the type C's usual arithmetic conversions give integer value
   types A and B (both promoted): the same type, the higher rank when the
   signedness agrees, the unsigned one when its rank is not lower, the
   signed one when it is wider, else the signed one's unsigned type.  */
static inline sf_ty
sf_ty_int_common (sf_ty a, sf_ty b)
{
  if (a == b)
    return a;
  int ua = sf_ty_is_unsigned (a), ub = sf_ty_is_unsigned (b);
  int ra = sf_ty_bytes (a), rb = sf_ty_bytes (b);
  if (ua == ub)
    return ra >= rb ? a : b;
  sf_ty u = ua ? a : b, i = ua ? b : a;
  if (sf_ty_bytes (u) >= sf_ty_bytes (i))
    return u;
  return i;
}

/* Return the type of a binary operation over A and B: VOID is no type
   (a number, which takes the other's); floats win, double over float;
   two integer value types as C's usual arithmetic conversions say (after
   the promotions); INDEX (a long) with a value type as the long it is;
   otherwise the greater of the two (BOOL < INDEX).  */
static inline sf_ty
sf_ty_wider (sf_ty a, sf_ty b)
{
  if (a == SF_TY_VOID || b == SF_TY_VOID)
    return a == SF_TY_VOID ? b : a;
  if (a == SF_TY_F64 || b == SF_TY_F64)
    return SF_TY_F64;
  if (a == SF_TY_F32 || b == SF_TY_F32)
    return SF_TY_F32;
  if (!sf_ty_is_int (a) && !sf_ty_is_int (b))
    return a > b ? a : b;
  sf_ty pa = a == SF_TY_INDEX || a == SF_TY_BOOL ? (a == SF_TY_INDEX
						    ? SF_TY_I64 : SF_TY_I32)
	     : sf_ty_promoted (a);
  sf_ty pb = b == SF_TY_INDEX || b == SF_TY_BOOL ? (b == SF_TY_INDEX
						    ? SF_TY_I64 : SF_TY_I32)
	     : sf_ty_promoted (b);
  return sf_ty_int_common (pa, pb);
}

/* ---- format declarations ---- */

/* A member designator: NAME or NAME[SUBSCRIPT].  In a tensor declared
   inside a function (sf_format.is_tensor) the field is a C expression
   over variables in scope instead: EXPR, with NAME the field's role
   ("pos1", "crd1", "vals", "dim0"), which names its parameter.  */
typedef struct sf_field_ref
{
  const char *name;		/* NULL when absent */
  int subscript;		/* -1 when there is none */
  int tok;
  const struct sf_cexpr *expr;	/* is_tensor formats: the C expression */
} sf_field_ref;

typedef struct sf_level
{
  sf_level_kind kind;
  sf_field_ref pos;		/* compressed: POS; coo: NNZ; else absent */
  sf_field_ref crd;		/* compressed, singleton, coo: CRD */
  int tok;
} sf_level;

typedef struct sf_format
{
  const char *type_name;	/* "struct csr" or a typedef name */
  int tok;			/* first token of TYPE */
  int ndims;
  sf_field_ref dims[SF_MAX_ORDER];	/* extent of each mode */
  int nlevels;
  sf_level levels[SF_MAX_ORDER];	/* storage order */
  sf_field_ref values;
  int modes[SF_MAX_ORDER];	/* mode stored by level l (identity default) */
  int has_modes, modes_tok;
  int base;			/* 0 or 1 */
  int base_tok;
  sf_ty vtype;			/* glue: F32, F64 or an integer value type,
				   from the values field */
  int nmodes;			/* entries in MODES (nlevels unless modes()
				   says otherwise) */
  int is_tensor;		/* declared inside a function: TYPE_NAME is
				   the name of a tensor made of arrays in
				   scope, and every field has an EXPR */
} sf_format;

/* ---- integer C expressions in clauses (CEXPR and CONSTRAINT) ---- */

typedef enum sf_cexpr_kind
{
  SF_CEXPR_INT,			/* ival */
  SF_CEXPR_NAME,		/* name */
  SF_CEXPR_MEMBER,		/* a.name */
  SF_CEXPR_ARROW,		/* a->name */
  SF_CEXPR_ADD, SF_CEXPR_SUB, SF_CEXPR_MUL, SF_CEXPR_DIV,	/* a op b */
  SF_CEXPR_NEG,			/* -a */
  SF_CEXPR_NNZ,			/* nnz(X): operand (assume only) */
  SF_CEXPR_DIM,			/* dim(X, ival): operand (assume only) */
  SF_CEXPR_ADDR,		/* &a (fields of a tensor declared in a
				   function only, as the two below) */
  SF_CEXPR_DEREF,		/* *a */
  SF_CEXPR_INDEX		/* a[b] */
} sf_cexpr_kind;

typedef struct sf_cexpr
{
  sf_cexpr_kind kind;
  int tok;
  long long ival;
  const char *name;
  int operand;			/* NNZ, DIM: operand id */
  struct sf_cexpr *a, *b;
} sf_cexpr;

typedef enum sf_cmp { SF_CMP_LT, SF_CMP_LE, SF_CMP_GT, SF_CMP_GE, SF_CMP_EQ } sf_cmp;

typedef struct sf_constraint
{
  sf_cmp op;
  sf_cexpr *lhs, *rhs;
  int tok;
} sf_constraint;

/* ---- computations ---- */

typedef enum sf_operand_kind
{
  SF_OPERAND_UNRESOLVED,
  SF_OPERAND_SPARSE,		/* object of (or pointer to) a declared format */
  SF_OPERAND_DENSE,		/* array of / pointer to an arithmetic type */
  SF_OPERAND_SCALAR		/* arithmetic variable used without indices */
} sf_operand_kind;

typedef struct sf_operand
{
  const char *name;
  int tok;			/* first occurrence */
  /* Filled by the glue.  */
  sf_operand_kind kind;
  sf_ty vtype;			/* element type: F32, F64 or an integer
				   value type (I8 ... U64) */
  int format;			/* SPARSE: index in the format table */
  int by_pointer;		/* SPARSE: the variable is a pointer to it */
  int rank;			/* DENSE: array/pointer depth of the C type;
				   SPARSE: format ndims; SCALAR: 0 */
  int flat_pointer;		/* DENSE: a plain T* (may take any number of
				   indices when shape() gives the extents) */
  unsigned type_extent;		/* DENSE: bit d set when the C type gives
				   the extent of dim d */
  long long const_extent[SF_MAX_ORDER];	/* DENSE: constant extent, or -1 */
  long long param_extent0;	/* DENSE: a parameter declared as an array
				   of arrays (double W[7][9]): the size of
				   its first dimension, which C drops from
				   the type (a minimum: W[static 7]); 0
				   when unknown.  Only the checker reads it
				   (verify/inputs.c).  */
  /* Filled by the parser from clauses.  */
  int colmajor;
  int relayout;			/* relayout(X): may be read from a dense copy */
  int relayout_tok;
  int nshape;
  sf_cexpr *shape[SF_MAX_ORDER];	/* shape(X: e0, e1, ...) */
  /* Filled by the checks.  */
  int nuses;			/* occurrences in the rhs */
  int is_old;			/* the output read on the right-hand side at
				   its own indices (y(i) = ... + beta*y(i)):
				   an input operand of the same C variable,
				   holding the output's values before the
				   statement; OLD_OF is the output's id */
  int old_of;
} sf_operand;

typedef enum sf_expr_kind
{
  SF_EXPR_NUMBER,		/* number */
  SF_EXPR_ACCESS,		/* operand(idx...) or a scalar operand */
  SF_EXPR_ADD, SF_EXPR_SUB, SF_EXPR_MUL,	/* a op b */
  SF_EXPR_NEG			/* -a */
} sf_expr_kind;

typedef struct sf_expr
{
  sf_expr_kind kind;
  int tok;
  double number;
  sf_ty literal;		/* NUMBER: its C type when spelled as a
				   floating constant (1.0, 2e-3: F64; 0.5f:
				   F32), VOID for an integer constant */
  int operand;
  int nidx;
  int idx[SF_MAX_ORDER];	/* index ids */
  int idx_tok[SF_MAX_ORDER];
  struct sf_expr *a, *b;
} sf_expr;

typedef enum sf_schedule
{
  SF_SCHEDULE_AUTO,
  SF_SCHEDULE_NAIVE,
  SF_SCHEDULE_UNFUSED
} sf_schedule;

/* Where the extent of an index comes from (filled by the checks).  */
typedef enum sf_extent_kind
{
  SF_EXTENT_UNKNOWN,
  SF_EXTENT_FORMAT_DIM,		/* operand's format dims[dim] field */
  SF_EXTENT_TYPE,		/* dense operand's C type, dim DIM */
  SF_EXTENT_SHAPE,		/* shape clause expression */
  SF_EXTENT_CONST		/* compile-time constant */
} sf_extent_kind;

typedef struct sf_extent
{
  sf_extent_kind kind;
  int operand, dim;
  const sf_cexpr *shape;
  long long value;		/* CONST (also set for TYPE when constant) */
} sf_extent;

typedef struct sf_comp
{
  int noperands;
  sf_operand operands[SF_MAX_OPERANDS];	/* operands[lhs->operand] is OUT */
  int nindices;
  const char *index_names[SF_MAX_INDICES];
  int index_tok[SF_MAX_INDICES];	/* first occurrence */
  sf_expr *lhs;			/* ACCESS of the output */
  int accumulate;		/* 1 for +=, 0 for = */
  int assign_tok;
  sf_expr *rhs;
  /* Clauses.  */
  sf_schedule schedule;
  int schedule_tok;
  int serial;
  sf_cexpr *threads;
  sf_cexpr *memory;
  int check;
  int nassumes;
  sf_constraint *assumes;
  int nscratch;			/* scratch(W, ...): work arrays of the
				   statement, C variables (not operands) */
  const char *scratch[SF_MAX_SCRATCH];
  int scratch_tok[SF_MAX_SCRATCH];
  /* Filled by the checks.  */
  sf_extent extent[SF_MAX_INDICES];
} sf_comp;

typedef enum sf_pragma_kind { SF_PRAGMA_FORMAT, SF_PRAGMA_COMP } sf_pragma_kind;

typedef struct sf_pragma
{
  sf_pragma_kind kind;
  sf_format format;
  sf_comp comp;
} sf_pragma;

#endif /* SF_AST_H */
