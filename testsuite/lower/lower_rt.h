/* Support of the generated end-to-end lowering tests: random operands,
   sparse tensors in any level format built from dense ones, and the
   comparison of a kernel's result with the reference loop's.

     rt_case c;  rt_case_init (&c, seed, shape);      extents per index
     rt_dense_operand (&c, 2, ...);                    x: random dense
     rt_sparse_operand (&c, 1, ..., kinds, modes, base); B: random CSR...
     kernel (&c);  reference (&c);  rt_compare (&c, 0, name)

   Every tensor keeps a dense row-major double copy ("dense") over its
   logical dims, which the reference loops read; kernels read the
   representation handed to them ("data" for dense operands, the level
   arrays for sparse ones).  */

#ifndef LOWER_RT_H
#define LOWER_RT_H

#include <stddef.h>
#include <stdint.h>

#define RT_MAX_OPS 16
#define RT_MAX_IDX 16

/* A sparse tensor as levels, with 64-bit arrays (the generated fill
   functions convert them to the format's index type).  */
typedef struct rt_sparse
{
  int nlevels, kinds[8], modes[8], base;	/* kinds: 0 dense, 1 compressed,
						   2 singleton, 3 coo */
  int64_t dims[8];
  int64_t *pos[8], npos[8];
  int64_t *crd[8], ncrd[8];
  int64_t nnz;			/* coo root: entries */
  int64_t nvals;
  double *vals;
  int64_t *coords;		/* nvals x rank logical coordinates */
} rt_sparse;

typedef struct rt_operand
{
  int kind;			/* 0 dense, 1 sparse, 2 scalar */
  int is_float, is_int, colmajor;
  int rank;
  int idx[8];			/* index of each dim */
  int64_t dims[8];
  int64_t size;			/* elements of the dense copy */
  double *dense;		/* logical row-major copy */
  void *data;			/* dense: float/double array in layout */
  rt_sparse sp;
  double scalar;
} rt_operand;

typedef struct rt_case
{
  unsigned seed;
  int shape;			/* 0 random, 1 empty rows, 2 empty tensor,
				   3 single entry, 4 larger */
  int64_t ext[RT_MAX_IDX];
  rt_operand op[RT_MAX_OPS];
  double *ref;			/* reference output (dense copy layout) */
} rt_case;

/* Start case C: random extents for NIDX indices (fixed by SHAPE); the
   environment variable LOWER_SEED, when set, varies SEED.  */
void rt_case_init (rt_case *c, unsigned seed, int shape, int nidx);
void rt_case_free (rt_case *c);
/* Set operand O to a random dense tensor over indices IDX[0..RANK).  */
void rt_dense_operand (rt_case *c, int o, int rank, const int *idx,
		       int is_float, int colmajor);
void rt_scalar_operand (rt_case *c, int o, int is_float, int is_int);
/* Set operand O to a random sparse tensor over IDX in the given format.
   DENSITY scales the nonzeros (the case's shape may empty rows, empty the
   tensor or keep one entry).  */
void rt_sparse_operand (rt_case *c, int o, int rank, const int *idx,
			int nlevels, const int *kinds, const int *modes,
			int base, int is_float, double density);
/* Give sparse operand O (already drawn) new random values on the pattern
   that FROM induces on O's first NKEY levels: an entry of O exists iff
   FROM has an entry with the same coordinates for the indices of those
   levels (for A(i,j) and B(i,j): the same pattern).  */
void rt_sparse_pattern_like (rt_case *c, int o, int from, int nkey);
/* Set the reference output to 0 (ACCUMULATE: to operand O's values).  */
void rt_ref_init (rt_case *c, int o, int accumulate);
/* Copy the values written into a sparse output's arrays back.  */
void rt_sparse_values_back (rt_case *c, int o, const void *vals);
/* Compare operand O with the reference; return nonzero, with a
   description in WHY (SIZE bytes), when they differ.  */
int rt_compare (rt_case *c, int o, char *why, size_t size);

/* Index arrays in the format's type, values in its type.  */
int32_t *rt_idx32 (const int64_t *v, int64_t n);
int64_t *rt_idx64 (const int64_t *v, int64_t n);
void *rt_vals (const rt_sparse *s, int is_float);

#endif /* LOWER_RT_H */
