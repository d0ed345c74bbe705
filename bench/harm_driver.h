/* harm_driver.h: the pieces of bench/harm_driver.c, which measures the
   kernels of bench/harm/ ("do no harm", SPEC.md 4): each tidy loop
   compiled by gcc alone (variant loop) against the same file compiled
   with the plugin (variant plugin), on one input per process.

     harm_inputs.c   the input: a matrix (CSR) or a 3-tensor (CSF),
                     read or generated
     harm_cases.c    per kernel: how to build its operands from the input
                     (in the struct layout and index type of its file)
                     and how to call its two variants  */

#ifndef BENCH_HARM_DRIVER_H
#define BENCH_HARM_DRIVER_H

#include <stddef.h>
#include "sparsefuse.h"
#include "harm.h"

/* One input: a matrix (order 2, sorted CSR without duplicates) or a
   3-tensor (order 3, CSF (i, j, k)).  */
typedef struct harm_input
{
  char name[64];
  int order;
  sf_csr A;
  sf_csf T;
  int64_t nnz;
} harm_input;

/* The operands of one kernel on one input; a case fills what it uses.
   Every array a case allocates goes through harm_alloc and is freed by
   harm_ops_free; the others point into the input.  */
typedef struct harm_ops
{
  const harm_input *in;
  int64_t K;                  /* dense extent: SpMM, SDDMM columns, rank */
  harm_csr_d csr_d;
  harm_csr_f csr_f;
  harm_csr_fu csr_fu;
  harm_csr_di csr_di;
  harm_csc_d csc_d;
  harm_coo_d coo_d;
  harm_csf3 csf3;
  harm_csr_d out_csr;         /* SDDMM's output, sharing B's pattern */
  int n1, *rowstr1, *colidx1; /* spmv_base1: arrays from 1 */
  double *a1;
  void *dense[3];             /* x, or C and D */
  void *work;                 /* spmv_orphan_d: the intermediate vector */
  void *out;                  /* where both variants write the result */
  size_t nout;
  int is_float;               /* out holds floats */
  double bytes;               /* bytes a call moves at least (0: n/a) */
  void *owned[24];
  int nowned;
} harm_ops;

typedef void harm_fn (harm_ops *);

/* Define NAME_run_loop and NAME_run_plugin (OPS) calling NAME_V ARGS.  */
#define HARM_RUN(v, name, args) \
  static void name##_run_##v (harm_ops *o) { HARM_CAT (name, v) args; }
#define HARM_RUNS(name, args) \
  HARM_RUN (loop, name, args) HARM_RUN (plugin, name, args)

typedef struct harm_case
{
  const char *name;           /* its file, bench/harm/NAME.c */
  const char *expr;
  const char *type;           /* "double" or "float" */
  const char *index;          /* index types, e.g. "i64/i32" */
  int order;                  /* 2: takes a matrix, 3: a 3-tensor */
  int omp;                    /* the loop has its own OpenMP directive */
  int uses_k;                 /* takes the dense extent K */
  /* Build the operands into OPS (in and K set); return 0, or -1 with
     *WHY set.  */
  int (*setup) (harm_ops *ops, const char **why);
  harm_fn *loop, *plugin;
} harm_case;

extern const harm_case harm_cases[];

/* harm_inputs.c */
int harm_load (const char *spec, harm_input *in);
void harm_input_free (harm_input *in);
void harm_die (const char *what);

/* harm_cases.c */
void *harm_alloc (harm_ops *ops, size_t bytes);
void harm_ops_free (harm_ops *ops);

#endif /* BENCH_HARM_DRIVER_H */
