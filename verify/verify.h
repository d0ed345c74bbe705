/* The annotation checker (SPEC 1.7): pure C11, no GCC headers.

   The glue (passes/verify.cc) translates the statements of a region, as
   GCC holds them, into a small program of this IR; the checker runs it on
   synthetic inputs built from the declared formats and compares what it
   stores with the index notation evaluated densely on the same inputs.

     #pragma tensor y(i) = B(i,j) * x(j)        B CSR (struct csr), x, y
     for (i = 0; i < B.n; i++) ...              ->  vf_prog:
       B, x, y: environment variables (vf_env: name, C type)
       i, p:    local variables (blocks of the memory model)
       _5 = B.rowptr: REG 5 = LOAD ptr (ADDR B + 8)
       if (i < _69) goto L1 else goto L2: IF ...

   vf_check (prog, comp, formats, options, result) binds every environment
   variable to synthetic data (the operands' arrays, their extents, random
   scalars), runs the program with a step budget on input sets of growing
   size, and answers VF_OK, VF_MISMATCH (an element the loop stores
   differs from the notation's), VF_OUT_OF_BOUNDS (an access outside the
   declared arrays) or VF_UNVERIFIED (why in RESULT->message).

   Everything lives in the program's arena (sf_arena); nothing prints.  */

#ifndef SF_VERIFY_H
#define SF_VERIFY_H

#include "sf_core.h"

/* ---- scalar types of the IR ---- */

typedef enum vf_tkind { VF_T_VOID, VF_T_INT, VF_T_FLT, VF_T_PTR } vf_tkind;

typedef struct vf_ty
{
  unsigned char kind;		/* vf_tkind */
  unsigned char bits;		/* INT: 1..64; FLT: 32 or 64; PTR: 64 */
  unsigned char uns;		/* INT: unsigned */
} vf_ty;

vf_ty vf_int_ty (int bits, int uns);
vf_ty vf_flt_ty (int bits);
vf_ty vf_ptr_ty (void);

/* ---- C types of environment variables (what the binder fills) ---- */

typedef enum vf_ckind
{
  VF_C_SCALAR,			/* integer or floating: SCALAR */
  VF_C_POINTER,			/* to ELEM */
  VF_C_ARRAY,			/* NELEM (-1: unknown) of ELEM */
  VF_C_STRUCT,			/* NFIELDS members */
  VF_C_OTHER			/* anything else (bound to nothing) */
} vf_ckind;

typedef struct vf_ctype vf_ctype;
typedef struct vf_cfield
{
  const char *name;
  long offset;			/* bytes from the struct's start */
  const vf_ctype *type;
} vf_cfield;

struct vf_ctype
{
  vf_ckind kind;
  long size;			/* bytes (-1: unknown, a VLA) */
  vf_ty scalar;
  const vf_ctype *elem;
  long nelem;
  const char *nelem_var;	/* ARRAY: the variable whose value NELEM is
				   (a VLA's [K]), or NULL */
  int nfields;
  vf_cfield *fields;
};

/* ---- expressions and statements ---- */

typedef enum vf_op
{
  VF_CST,			/* ival (INT) or fval (FLT) */
  VF_REG,			/* register REG */
  VF_ADDR,			/* address of block BLOCK */
  VF_LOAD,			/* *(TY *) a */
  VF_CONV,			/* (TY) a */
  VF_NEG, VF_BITNOT, VF_NOT, VF_ABS,
  VF_ADD, VF_SUB, VF_MUL, VF_DIV, VF_MOD, VF_MIN, VF_MAX,
  VF_BITAND, VF_BITOR, VF_BITXOR, VF_SHL, VF_SHR,
  VF_LT, VF_LE, VF_GT, VF_GE, VF_EQ, VF_NE,
  VF_PTRADD,			/* pointer a + signed byte offset b */
  VF_PTRDIFF,			/* bytes between pointers a and b */
  VF_SELECT,			/* a ? b : c */
  VF_CALL			/* math function FN of a (and b) */
} vf_op;

typedef enum vf_fn
{
  VF_FN_FABS, VF_FN_SQRT, VF_FN_EXP, VF_FN_LOG, VF_FN_FMIN, VF_FN_FMAX,
  VF_FN_POW, VF_FN_SIN, VF_FN_COS, VF_FN_FLOOR, VF_FN_CEIL
} vf_fn;

typedef struct vf_expr
{
  vf_op op;
  vf_ty ty;			/* type of the result */
  long long ival;
  double fval;
  int reg, block, fn;
  struct vf_expr *a, *b, *c;
} vf_expr;

typedef enum vf_stmt_kind
{
  VF_S_SET,			/* register REG = VAL */
  VF_S_STORE,			/* *(TY *) ADDR = VAL */
  VF_S_IF,			/* if (VAL) goto LTRUE else goto LFALSE */
  VF_S_GOTO,			/* goto LTRUE */
  VF_S_LABEL			/* label LTRUE */
} vf_stmt_kind;

typedef struct vf_stmt
{
  vf_stmt_kind kind;
  int reg;
  vf_ty ty;
  vf_expr *addr, *val;
  int ltrue, lfalse;
} vf_stmt;

/* A block of the memory model the program names: a variable of the
   region (LOCAL) or one it reads from outside (ENV, bound by the
   checker from the annotation).  */
typedef struct vf_var
{
  const char *name;
  const vf_ctype *type;
  int env;
  int format;			/* a struct or a pointer to one: 1 + the
				   index of its declared format in the
				   table vf_check gets; 0: none */
  const void *user;		/* the caller's (the glue: its declaration) */
  int scratch;			/* ENV: an array of the function the region
				   may use as work space (a row accumulator
				   'double acc[R];' declared before it);
				   one whose size only the program knows
				   gets VF_SCRATCH_ELEMS random values */
} vf_var;

typedef struct vf_prog
{
  sf_arena *arena;
  vf_stmt *stmts;
  int nstmts, cap;
  vf_var *vars;
  int nvars, vcap;
  int nregs, nlabels;
  const char *unsupported;	/* set while building: why the program
				   cannot be run (the first reason) */
} vf_prog;

void vf_prog_init (vf_prog *p, sf_arena *arena);
/* Return the block id of a new variable NAME of TYPE (ENV: from outside
   the region).  */
int vf_prog_var (vf_prog *p, const char *name, const vf_ctype *type, int env);
int vf_prog_label (vf_prog *p);
int vf_prog_reg (vf_prog *p);
void vf_emit (vf_prog *p, vf_stmt s);
/* Record WHY the program cannot be run (the first one stays).  */
void vf_unsupported (vf_prog *p, const char *why);

vf_expr *vf_cst_int (vf_prog *p, vf_ty ty, long long v);
vf_expr *vf_cst_flt (vf_prog *p, vf_ty ty, double v);
vf_expr *vf_reg (vf_prog *p, vf_ty ty, int reg);
vf_expr *vf_addr (vf_prog *p, int block);
vf_expr *vf_load (vf_prog *p, vf_ty ty, vf_expr *addr);
vf_expr *vf_unary (vf_prog *p, vf_op op, vf_ty ty, vf_expr *a);
vf_expr *vf_binary (vf_prog *p, vf_op op, vf_ty ty, vf_expr *a, vf_expr *b);
vf_expr *vf_select (vf_prog *p, vf_ty ty, vf_expr *c, vf_expr *a, vf_expr *b);
vf_expr *vf_call (vf_prog *p, vf_fn fn, vf_ty ty, vf_expr *a, vf_expr *b);

/* ---- the check ---- */

/* The most integers a binding holds.  */
#define VF_MAX_BOUND 16
#define VF_MAX_DEREF 3
#define VF_BOUND_EQ 1
#define VF_BOUND_GE 2

typedef enum vf_status
{
  VF_OK,
  VF_MISMATCH,
  VF_OUT_OF_BOUNDS,
  VF_UNVERIFIED,
  VF_INCONCLUSIVE		/* internal: a set whose failure came from a
				   value the checker guessed */
} vf_status;

typedef struct vf_options
{
  unsigned seed;
  int nsets;			/* input sets (0: the default, 8) */
  long step_budget;		/* per run (0: the default) */
  int nformats;			/* entries in the format table */
} vf_options;

typedef struct vf_result
{
  vf_status status;
  const char *message;		/* MISMATCH, OUT_OF_BOUNDS: the error's
				   text; UNVERIFIED: the reason */
  const char *inputs;		/* MISMATCH, OUT_OF_BOUNDS: the inputs */
  int sets_run;			/* input sets run to the end and agreeing */
  const char *guessed;		/* a variable the annotation does not bind
				   whose guessed value made a set fail */
  long steps;			/* statements executed, all sets */
  const char *binding;		/* OK: the extents inferred for the integers
				   the annotation does not bind ("ext0 = the
				   extent of i"), or NULL */
  /* OK: the same binding, for a test at run time that the program
     passes these values: integer number K (BOUND_NAME[K]) is at byte
     BOUND_OFF[K] of the block BOUND_BLK[K] (variable BOUND_BLK[K] - 1
     when it is one), and must be equal to (BOUND_HOW[K] VF_BOUND_EQ) or
     at least (VF_BOUND_GE) the extent of index BOUND_IDX[K] plus
     BOUND_DELTA[K] (BOUND_IDX[K] -1: the value BOUND_DELTA[K] itself);
     the integers whose value the loop's result does not pin down are not
     among them.  */
  int nbound;
  int held;			/* OK only at these values: some integer
				   held at a constant (a flag, a factor),
				   every integer of the binding among the
				   bounds; MESSAGE says why the region is
				   not verified at every value */
  int bound_how[VF_MAX_BOUND];
  unsigned bound_alt[VF_MAX_BOUND];	/* other indices whose extent it
					   may equal as well (a bit each) */
  const char *bound_name[VF_MAX_BOUND];
  int bound_blk[VF_MAX_BOUND];
  long bound_off[VF_MAX_BOUND];
  int bound_idx[VF_MAX_BOUND];
  long bound_delta[VF_MAX_BOUND];
  /* An integer behind pointers: BOUND_BLK[K] and BOUND_OFF[K] are then
     the variable and the byte of the first pointer, and BOUND_PATH[K][D]
     the byte in what pointer D points to (of BOUND_NDEREF[K]) of the
     next pointer, the last of the integer (p->mode_order[1]: p, then the
     member's byte).  */
  int bound_nderef[VF_MAX_BOUND];
  long bound_path[VF_MAX_BOUND][VF_MAX_DEREF];
} vf_result;

/* Check that PROG (the region's statement) computes COMP (checked, over
   format table FORMATS) on synthetic inputs.  Strings of RESULT live in
   PROG's arena.  Returns RESULT->status.  */
vf_status vf_check (vf_prog *prog, const sf_comp *comp,
		    const sf_format *formats, const vf_options *options,
		    vf_result *result);

/* ---- the probe of the annotation search (probe.c) ---- */

/* One input set for SHAPE (the output and every operand a candidate may
   use, each accessed once), the loop run on it once; candidates over the
   same operands are then compared with what it stored without running
   it again.  NULL when the probe cannot serve (a constant extent, inputs
   that cannot be bound, a run that stops).  */
typedef struct vf_probe vf_probe;
vf_probe *vf_probe_new (vf_prog *prog, const sf_comp *shape,
			const sf_format *formats, int nformats,
			unsigned seed);
/* Return the operands of the shape (a bit each) whose values change what
   the loop stores: each scaled in turn and the loop run again (the
   output's bit: its values before the loop matter).  *OTHER_STORE: the
   loop wrote an operand other than the output; *STORES: it changed the
   output.  */
unsigned vf_probe_influence (vf_probe *p, int *other_store, int *stores);
/* Return nonzero when COMP (over the shape's operands, with the same
   output) gives what the loop stored on the probe's inputs.  */
int vf_probe_agrees (vf_probe *p, const sf_comp *comp);
void vf_probe_free (vf_probe *p);

#endif /* SF_VERIFY_H */
