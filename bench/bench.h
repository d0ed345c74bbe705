/* bench.h: the benchmark driver's pieces.  driver.c runs every variant of
   every kernel on one input, in one process:

     plain     the annotated loop compiled by gcc without the plugin
     untidy    where the kernel file has one (BENCH_UNTIDY), the same loop
               written less carefully (accumulating in memory, operands
               indexed in the innermost loop): a second baseline
     naive, unfused, auto
               the same file compiled with the plugin and that schedule
     hand      a careful hand-written kernel (hand.c)
     cand      with -a DIR: the file compiled once per candidate of the
               auto-scheduler's enumeration (candidates.sh), each loaded
               from DIR/NAME-cK.so and reported as variant cK
     graphblas SuiteSparse:GraphBLAS calls (graphblas.c), where one exists
     scipy     SciPy/NumPy calls (scipy_chains.py, run as a child process on
               the same data), where one exists

   Each result is checked against the plain loop's before any time is
   kept.  Cases (cases_matrix.c, cases_tensor.c) say how to build the
   operands of one kernel from the input and how to call each variant.  */

#ifndef BENCH_H
#define BENCH_H

#include <stddef.h>
#include "kernels.h"

enum bench_variant
{
  BV_PLAIN, BV_UNTIDY, BV_NAIVE, BV_UNFUSED, BV_AUTO, BV_HAND, BV_CAND, BV_GRAPHBLAS,
  BV_SCIPY, BV_COUNT
};

extern const char *const bench_variant_names[BV_COUNT];

/* One input: a matrix (order 2, as CSR), a 3-tensor (as CSF (0,1,2)), or
   (order 0) four random 3-tensors of extent n for the tensor network.  */
typedef struct bench_input
{
  char name[64];
  int order;
  sf_coo coo; /* sorted, duplicates summed */
  sf_csr B;
  sf_csf T;
  sf_csf net[4];
} bench_input;

/* The operands of one kernel on one input.  Cases fill what they use;
   bench_ops_free releases what is not NULL.  */
typedef struct bench_ops
{
  const bench_input *in;
  int64_t K, L, M;            /* dense extents from the command line */
  sf_csr S[3];                /* extra sparse matrices */
  sf_csr A;                   /* sparse output */
  int A_owns_pattern;         /* A.pos/A.crd allocated (not B's) */
  sf_csc Bc;
  bench_ccd At;
  bench_svec v[2];
  double *dense[5];           /* x / C, D, E, F in the cases' order */
  int64_t dense_shape[5][2];  /* rows, columns */
  double *out;                /* where every variant writes its result */
  size_t nout;
  double bytes;               /* bytes a pass must move (0: not reported) */
  void *lib;                  /* GraphBLAS state */
} bench_ops;

typedef void bench_fn (bench_ops *);

/* Define NAME_run_V (ops) calling NAME_V ARGS for the four compiled
   variants, the hand-written kernel and the loaded candidate; RUNS lists
   them in the order of bench_variant.  */
#define DEF_RUN(v, name, args) \
  static void name##_run_##v (bench_ops *o) { BENCH_CAT (name, v) args; }
#define DEF_RUNS(name, args) \
  DEF_RUN (plain, name, args) DEF_RUN (untidy, name, args) \
  DEF_RUN (naive, name, args) \
  DEF_RUN (unfused, name, args) DEF_RUN (auto, name, args) \
  DEF_RUN (hand, name, args) DEF_RUN (candfn, name, args)
#define RUNS(name) \
  name##_run_plain, name##_run_untidy, name##_run_naive, name##_run_unfused, name##_run_auto, \
  name##_run_hand, name##_run_candfn

typedef struct bench_case
{
  const char *name;
  const char *expr;
  const char *what;           /* one line for the report */
  int order;                  /* input order the kernel takes (0: the
				 generated network of four tensors) */
  /* Build the operands into OPS (in and K, L, M set); return 0 or -1.  */
  int (*setup) (bench_ops *ops);
  bench_fn *run[BV_SCIPY];    /* NULL: no such variant */
    /* Copy the GraphBLAS result into OPS->out (NULL: none).  */
  bench_fn *collect;
  /* The dense extents it uses, as NAME:SOURCE pairs: "J:K M:L" means its
     J is the command line's K and its M is L.  */
  const char *dims;
  const char *dense_names;    /* names of ops->dense[0..], e.g. "C D E" */
} bench_case;

extern const bench_case bench_matrix_cases[];
extern const bench_case bench_tensor_cases[];

/* inputs.c */
int bench_load (const char *spec, bench_input *in);
void bench_input_free (bench_input *in);
double *bench_dense (size_t n, uint64_t seed);
int bench_union_pattern (const sf_csr *const *ms, int n, sf_csr *out);
int bench_random_like (const sf_csr *b, double density_ratio, uint64_t seed,
		       sf_csr *out);
void bench_ops_free (bench_ops *ops);
void bench_die (const char *what);

/* hand.c: one per kernel, same arguments as the annotated kernels.  */
#define BENCH_HAND_DECL(name, ...) BENCH_DECL (hand, name, __VA_ARGS__)
BENCH_PROTOS (BENCH_HAND_DECL)

/* driver.c: NAME_candfn points to the candidate being measured (loaded
   from a shared object); the cases call it as variant cand.  */
#define BENCH_CAND_DECL(name, ...) \
  extern void (*BENCH_CAT (name, candfn)) (__VA_ARGS__);
BENCH_PROTOS (BENCH_CAND_DECL)

/* graphblas.c */
int bench_gb_init (void);
void bench_gb_threads (int n);
void bench_gb_free (bench_ops *ops);
int bench_gb_setup_spmv (bench_ops *ops);
int bench_gb_setup_spmm (bench_ops *ops);
int bench_gb_setup_sddmm (bench_ops *ops);
int bench_gb_setup_gnn (bench_ops *ops);
bench_fn bench_gb_spmv, bench_gb_spmm, bench_gb_sddmm, bench_gb_gnn;
bench_fn bench_gb_collect;

#endif /* BENCH_H */
