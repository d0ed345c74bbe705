/* Internals of the checker shared by its files: values, the memory model,
   the interpreter, synthetic inputs and the dense reference.  */

#ifndef SF_VERIFY_INT_H
#define SF_VERIFY_INT_H

#include "verify.h"

/* A value in a register or read from memory: an integer (I), a floating
   value (F), or a pointer: byte offset I into block BLK (0: no block).  */
typedef struct vf_val
{
  long long i;
  double f;
  int blk;
} vf_val;

/* A block of the memory model: SIZE bytes, PROV[k] the block a pointer
   stored at byte K points into (0: plain data).  ELEM: the size of the
   elements the block holds (0: not an array), for messages.  UNBOUND: a
   pointer the annotation does not describe (any access stops the run).
   DECLARED: an array the annotation declares (accesses outside are
   errors of the annotation, not the checker's limits).  */
typedef struct vf_block
{
  const char *name;
  unsigned char *data;
  int *prov;
  long size;
  int elem;
  int unbound;
  int declared;
  int fake;			/* random values standing for an array the
				   annotation does not describe */
  int in_fake;			/* an array of a fake struct (its extents
				   the checker's choice) */
  int typed;			/* an array variable, of its C type's size */
  int from_blk;			/* made for the pointer at byte FROM_OFF of
				   block FROM_BLK (0: a variable's, or
				   none): how the glue names what it holds */
  long from_off;
} vf_block;
/* PROV[k] == VF_GUESSED: byte K holds a value the checker guessed (an
   integer the annotation does not bind); a run that reads it cannot
   blame the annotation.  */
#define VF_GUESSED (-1)

typedef struct vf_mem
{
  vf_block *b;
  int n, cap;
  const char *guessed;		/* a guessed value the run read: its block */
  int ngread;			/* the guessed values the run read: block */
  int gread_blk[16];		/* and byte of each, the first 16 */
  long gread_off[16];
  const char *fake_read;	/* a fake block the run read: its name */
  const char *fake_struct_read;	/* an array of a fake struct the run
				   read (in_fake): its name */
  int fake_plain;		/* it read a fake array of no declared
				   format (not a fake struct's) */
  int fake_outside;		/* the run stopped outside a fake struct's
				   array */
  int fake_short;		/* it stopped outside a fake array */
  int typed_outside;		/* outside an array of a C type's size,
				   after reading a guessed value */
  int undescribed;		/* it stopped on an array the annotation
				   does not describe */
} vf_mem;

void vf_mem_init (vf_mem *m);
void vf_mem_free (vf_mem *m);
/* Return the id of a new block NAME of SIZE zeroed bytes holding
   elements of ELEM bytes.  NAME must outlive M.  */
int vf_mem_new (vf_mem *m, const char *name, long size, int elem);
/* Grow block BLK to SIZE bytes (new bytes zero).  */
void vf_mem_resize (vf_mem *m, int blk, long size);
/* Write V of type TY at byte OFF of block BLK; return 0, or nonzero
   when it does not fit.  */
int vf_mem_write (vf_mem *m, int blk, long off, vf_ty ty, vf_val v);
int vf_mem_read (const vf_mem *m, int blk, long off, vf_ty ty, vf_val *v);
/* vf_mem_write of the number D as a value of type TY (vf_val_of).  */
int vf_mem_write_number (vf_mem *m, int blk, long off, vf_ty ty, double d);
/* Return the value of integer V as a double, or of floating V.  */
double vf_val_number (vf_ty ty, vf_val v);
/* Return V (a double) as a value of type TY.  */
vf_val vf_val_of (vf_ty ty, double d);

/* Run PROG over memory M (its variables' blocks are 1..nvars) for at most
   BUDGET statements; add the statements run to *STEPS.  Returns VF_OK,
   VF_OUT_OF_BOUNDS or VF_UNVERIFIED with *MSG (in PROG's arena).  */
vf_status vf_run (vf_prog *prog, vf_mem *m, long budget, long *steps,
		  const char **msg);
/* PROG compiled once for many runs (interp.c), in ARENA; PROG must not
   change while it is in use.  */
typedef struct vf_code vf_code;
const vf_code *vf_compile (sf_arena *arena, vf_prog *prog);
/* vf_run of the program CODE was compiled from.  */
vf_status vf_run_code (const vf_code *code, vf_mem *m, long budget,
		       long *steps, const char **msg);

/* A small random generator, the same on every host.  */
typedef struct vf_rng { unsigned long long s; } vf_rng;
unsigned vf_rand (vf_rng *r, unsigned n);	/* 0 .. n-1 */

#endif /* SF_VERIFY_INT_H */

/* ---- synthetic inputs (inputs.c) ---- */

/* One operand's data on one input set: coordinates of its value
   positions, its values, its dense image, and where each value lives in
   the memory model.  */
typedef struct vf_tensor
{
  int ndims;
  long dims[SF_MAX_ORDER];	/* extent of each mode */
  long nvals;			/* value positions (dense: elements) */
  double *vals;
  long *coord;			/* NVALS * NDIMS, mode order */
  double *dense;		/* row-major by mode */
  long npos[SF_MAX_ORDER], ncrd[SF_MAX_ORDER], nnz;
  long *pos[SF_MAX_ORDER], *crd[SF_MAX_ORDER];	/* 0-based */
  long *up[SF_MAX_ORDER], *cl[SF_MAX_ORDER];	/* each position's parent
						   position and coordinate */
  long nlev[SF_MAX_ORDER];	/* positions of each level */
  int *vblk;			/* the block and offset of each value */
  long *voff;
  vf_ty vty;
  double *before;		/* output: the values before the loop */
} vf_tensor;

/* The most integers the annotation does not bind that a binding sets.  */
#define VF_MAX_GUESSES VF_MAX_BOUND

/* Values for the integers the annotation does not bind (check.c infers
   them): slot K, the integer at byte OFF[K] of block BLK[K], takes the
   extent of index IDX[K] plus DELTA[K] (IDX[K] < 0: DELTA[K]).  DISTINCT: the set gives the
   classes of indices distinct extents, so that a binding tells them
   apart.  */
typedef struct vf_binding
{
  int n;
  int blk[VF_MAX_GUESSES];
  long off[VF_MAX_GUESSES];
  int idx[VF_MAX_GUESSES];
  long delta[VF_MAX_GUESSES];
  int distinct;
  int fake;			/* nonzero: pointers to floating values the
				   annotation does not describe point to
				   random values (filling number FAKE) */
  int fake_shape;		/* the extents of the structs of a format
				   the annotation does not name (inputs.c's
				   fake_sparse) */
  int full;			/* every compressed fiber full, every coo
				   tuple present: patterns that meet */
  int fake_big;			/* fake arrays of VF_FAKE_BIG elements */
} vf_binding;

/* The most choices of extents a fake struct is tried with.  */
#define VF_FAKE_SHAPES 16

/* An integer the annotation does not bind, as the inputs guessed it.  */
typedef struct vf_guess
{
  int blk;
  long off;
  vf_ty ty;
  const char *name;
} vf_guess;

typedef struct vf_inputs
{
  sf_arena arena;		/* everything of this set */
  const sf_comp *comp;
  const sf_format *formats;
  int nformats;
  vf_prog *prog;
  long ext[SF_MAX_INDICES];
  vf_tensor t[SF_MAX_OPERANDS];
  double scalar[SF_MAX_OPERANDS];
  vf_mem mem;
  vf_rng rng;
  int set;
  int depth;			/* structs reached through pointers */
  long uniform;			/* the extent of every index (-1: they
				   differ) */
  char *bound;			/* per block: the binder wrote it */
  struct { int blk; long off; double v; } scalars[64];	/* bound so far */
  int nscalars;
  const char *why;		/* not NULL: cannot be bound */
  int has_float;		/* some operand holds floats */
  int cls[SF_MAX_INDICES];	/* the class of each index (its
				   representative) */
  vf_guess guess[64];		/* the integers guessed */
  int nguess;
  int fake;			/* the binding's FAKE */
  int fake_big;			/* and FAKE_BIG */
  int fake_shape;		/* and FAKE_SHAPE */
  int fake_shapes;		/* the choices of extents the fake structs
				   have (0: none) */
  int full;			/* the binding's FULL */
  struct { int blk; const vf_ctype *elem; } fakes[64];	/* pointers'
				   targets that may be fake arrays */
  int nfakes;
} vf_inputs;

/* Build input set SET (0 the smallest) for PROG and COMP into IN, its
   memory ready to run; BIND (or NULL) sets the integers the annotation
   does not bind.  Returns 0, or nonzero with IN->why.  */
int vf_inputs_build (vf_inputs *in, vf_prog *prog, const sf_comp *comp,
		     const sf_format *formats, int nformats, int set,
		     unsigned seed, const vf_binding *bind);
void vf_inputs_free (vf_inputs *in);
/* Return the format of operand OP of COMP: its declared format, or the
   tensor declared in a function whose name it has; NULL for a C array.  */
/* The checker's type of an operand's values of type TY (inputs.c).  */
vf_ty vf_value_ty (sf_ty ty);

const sf_format *vf_operand_format (const sf_comp *comp,
				    const sf_format *formats, int op);

/* ---- the dense reference (reference.c) ---- */

typedef struct vf_ref vf_ref;
/* Return COMP's right-hand side with its sums explicit (SPEC 1.2).  */
vf_ref *vf_ref_build (sf_arena *arena, const sf_comp *comp);
/* Return the right-hand side's value with the indices at ENV (the output's
   indices set), and in *MAG the magnitude of its terms.  */
double vf_ref_eval (const vf_ref *r, const vf_inputs *in, long *env,
		    double *mag);
/* The same, setting in *LIVE the bit of each term (the right-hand side,
   and the operands of its sums and differences at any depth: at most
   32) whose magnitude, times its factors', is not zero.  */
double vf_ref_eval_live (const vf_ref *r, const vf_inputs *in, long *env,
			 double *mag, unsigned *live);
/* Return the number of R's terms.  */
int vf_ref_nterms (const vf_ref *r);
