/* The end-to-end lowering tests: kernels as pragma text, lowered by the
   core, printed as C into test programs that run them on random data
   against a hand-written reference loop.

     { "spmv_csr", "y(i) = B(i,j) * x(j)", "y=d B=csr x=d",
       "L(i) L(j) R(i) += B(i,j) * x(j);" }

   becomes, in a generated batch file,
     static void kern_spmv_csr (rt_case *c)   the printed region, its
                                              parameters bound to the
                                              case's operands
     static void ref_spmv_csr (rt_case *c)    the reference (R: output)
     static int test_spmv_csr (char *why)     ten data sets compared

   Reference code uses L(v) for "for (int64_t v = 0; v < N_v; v++)", the
   operand names as element macros (B(i,j), alpha) and R(...) for the
   reference output (accumulated into: it starts at 0 for "=", at the
   output's initial values for "+=").  */

#ifndef LOWER_TESTS_H
#define LOWER_TESTS_H

#include <stdio.h>
#include "sf_core.h"

/* A format of the tests: its declaration and C types.  */
typedef struct lt_format
{
  const char *name;		/* "csr" */
  const char *decl;		/* "format struct csr dims(n, m) ..." */
  const char *itype;		/* "int" or "int64_t" */
  const char *vtype;		/* "double" or "float" */
} lt_format;

/* A kernel test.  */
typedef struct lt_kernel
{
  const char *name;
  const char *pragma;		/* computation, without "tensor" */
  const char *operands;		/* "y=d B=csr x=d alpha=s" */
  const char *ref;		/* reference code; NULL: lowering must fail */
  const char *expect;		/* substring of the schedule text ("!x":
				   must not contain x), or NULL */
  const char *pattern;		/* sparse output: "share=B", "copy=B", NULL */
} lt_kernel;

/* A kernel once lowered.  */
typedef struct lt_lowered
{
  const lt_kernel *k;
  int number;
  sf_arena arena;
  sf_pragma pragma;
  sf_comp *comp;
  sf_region *region;
  char spec[SF_MAX_OPERANDS][16];	/* operand kinds from k->operands */
  int fmt[SF_MAX_OPERANDS];		/* test format of sparse operands */
} lt_lowered;

extern const lt_format lt_formats[];
extern const int lt_nformats;
extern sf_format lt_parsed_formats[];

/* Parse, resolve and check the computation of K into L (numbered
   NUMBER); return nonzero with a malloc'd reason in *WHY on failure.  */
int lt_prepare (lt_lowered *l, const lt_kernel *k, int number, char **why);

/* lower_units.c: table-driven tests of reductions and merge lattices.  */
void lt_unit_tests (void);

/* Store in IDX the indices of the first access of operand O (the output
   included); return their number, -1 when O is not accessed.  */
int lt_access_indices (const sf_comp *comp, int o, int *idx);

/* lower_emit.c: write the C of kernel K to OUT.  */
void lt_emit_prelude (FILE *out);
void lt_emit_format (FILE *out, int f);
void lt_emit_kernel (FILE *out, const lt_lowered *k);

#endif /* LOWER_TESTS_H */
