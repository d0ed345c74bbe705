/* The symbols of the cost model and the costs built from them.

   For A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l), B CSR, the space holds

     extents   I J K L                    (one per index)
     nnz       nnz(B)                     (level 1 of B; level 0 is dense,
                                           its prefix term is I)
     scalars   names from assume(...)     (added on demand)

   and the naive nest  forall i, forall B positions, forall k, forall l
   costs nnz(B)*K*L iterations, the fused where-program
   forall i, forall B positions: (forall k) ; (forall l)
   costs nnz(B)*K + nnz(B)*L.

   Prefix nnz terms.  nnz(X_{0..l}) is the number of positions of level l
   of X, i.e. how many times a loop over level l nested under loops over
   its parent levels runs in total (not the product of extents):
     dense level       nnz(X_{0..l-1}) * N_l    (no symbol of its own)
     singleton level   nnz(X_{0..l-1})          (one child per parent)
     compressed, coo   a symbol of its own, printed nnz(B_ij), or nnz(B)
                       for the last one (the number of values)
     singleton after   a symbol of its own too: the lowering walks a coo
       a coo level     level as runs of equal coordinates, so the coo
                       level's positions are the runs (distinct i of a
                       COO matrix) and the entries are the next level's
   So CSR has nnz(B_i) = I and nnz(B) one symbol; CSF has nnz(B_i),
   nnz(B_ij) and nnz(B); DCSR and COO nnz(B_i) and nnz(B).  (The
   runtime's sf_nnz_prefix counts a coo level's entries, not its runs: a
   run-time dispatch over COO operands must count the runs itself.)

   Facts that always hold (sf_cost_facts), for the solver:
     N >= 1 for every extent, nnz >= 1 for every nnz symbol,
     nnz(X_{0..l}) <= nnz(X_{0..l-1}) * N_l * (extents of the singleton
       levels right after l)                  (at most N_l children each)
     nnz(X_{0..l}) <= the product of the extents of levels 0..l
     nnz(X_{0..l-1}) <= nnz(X_{0..l}) when level l-1 is stored sparsely
       (compressed, singleton, coo: a stored fiber is never empty, as the
       runtime's conversions build them; a dense parent may have empty
       fibers: rows of CSR).  */

#ifndef SF_COST_H
#define SF_COST_H

#include "front/ast.h"
#include "sched/poly.h"

#define SF_COST_MAX_SYMS 128

typedef enum sf_sym_kind
{
  SF_SYM_NNZ,			/* prefix nnz term of a sparse operand */
  SF_SYM_EXTENT,		/* extent of an index */
  SF_SYM_SCALAR			/* a name from assume(...) */
} sf_sym_kind;

typedef struct sf_sym
{
  sf_sym_kind kind;
  const char *name;		/* printed: "I", "nnz(B_ij)", "nnz(B)", "K" */
  int index;			/* EXTENT: index id (-1: none) */
  int operand, level;		/* NNZ: positions of level LEVEL of OPERAND */
} sf_sym;

/* One sparse operand's levels, as the cost model sees them.  */
typedef struct sf_cost_tensor
{
  int operand;			/* -1: unused slot */
  int nlevels;
  sf_level_kind kind[SF_MAX_ORDER];
  int extent_sym[SF_MAX_ORDER];	/* extent symbol of the index of level l */
  int nnz_sym[SF_MAX_ORDER];	/* symbol of level l, -1 for dense and
				   singleton levels */
  const sf_poly *prefix[SF_MAX_ORDER];	/* nnz(X_{0..l}) */
} sf_cost_tensor;

typedef struct sf_cost_space
{
  sf_arena *arena;		/* names and polynomials live here */
  int nsyms;
  sf_sym syms[SF_COST_MAX_SYMS];
  const char *names[SF_COST_MAX_SYMS];	/* syms[s].name, for the printer */
  int order[SF_COST_MAX_SYMS];	/* print rank: nnz, extents, scalars */
  int index_sym[SF_MAX_INDICES];	/* extent symbol of index i, or -1 */
  int ntensors;
  sf_cost_tensor tensors[SF_MAX_OPERANDS];
} sf_cost_space;

/* A loop of a nest, for sf_cost_nest: a dense loop over the extent of
   INDEX when OPERAND < 0, else a loop over the positions of level LEVEL
   of sparse OPERAND.  */
typedef struct sf_cost_loop
{
  int index;
  int operand, level;
} sf_cost_loop;

/* ---- building a space ---- */

/* Start an empty space whose names and polynomials live in ARENA.  */
void sf_cost_space_init (sf_cost_space *s, sf_arena *arena);
/* Return the symbol of the extent of index INDEX (-1: not an index),
   named NAME, adding it when new; -1 when the space is full.  */
int sf_cost_extent (sf_cost_space *s, int index, const char *name);
/* Return the symbol of the user scalar NAME, adding it when new; -1 when
   the space is full.  */
int sf_cost_scalar (sf_cost_space *s, const char *name);
/* Describe sparse OPERAND, named NAME, with NLEVELS levels of kinds KINDS
   whose indices have the extent symbols EXTENT_SYMS and the names
   INDEX_NAMES (for printing nnz(B_ij)).  Adds one nnz symbol per
   compressed or coo level.  Returns 0, or -1 when a table is full.  */
int sf_cost_tensor_add (sf_cost_space *s, int operand, const char *name,
			int nlevels, const sf_level_kind *kinds,
			const int *extent_syms,
			const char *const *index_names);
/* Fill S from the checked COMP: an extent symbol per index (its name in
   capitals: i -> I) and the levels of every sparse operand, read through
   its first access.  Returns 0, or -1 when a table is full.  */
int sf_cost_space_from_comp (sf_cost_space *s, sf_arena *arena,
			     const sf_comp *comp, const sf_format *formats);
/* Return the printer's view of S's symbol names.  */
sf_poly_names sf_cost_names (const sf_cost_space *s);

/* ---- costs ---- */

/* Return nnz(OPERAND_{0..LEVEL}): the number of positions of that level
   (1 for LEVEL < 0); NULL when OPERAND is not described in S.  */
const sf_poly *sf_cost_nnz (const sf_cost_space *s, int operand, int level);
/* Return the number of times the body of the nest LOOPS[0..N-1]
   (outermost first) runs: the product of the extents of dense loops,
   where a loop over the positions of level l of X under the loops of its
   parent levels contributes nnz(X_{0..l}) / nnz(X_{0..l-1}).  Returns
   NULL and sets *ERROR (static text) when a position loop is not nested
   inside loops over all its parent levels.  */
const sf_poly *sf_cost_nest (const sf_cost_space *s, const sf_cost_loop *loops,
			     int n, const char **error);
/* Return the memory of a temporary over the N indices INDICES, in units
   of ELEM_BYTES: ELEM_BYTES * product of their extents; 0 for a scalar
   (N == 0), which lives in a register.  */
const sf_poly *sf_cost_temp (const sf_cost_space *s, const int *indices,
			     int n, double elem_bytes);

/* ---- constraints ---- */

/* A constraint POLY OP 0, OP one of SF_CMP_*.  */
typedef struct sf_cost_fact
{
  const sf_poly *poly;
  sf_cmp op;
} sf_cost_fact;

/* Store in FACTS (room for MAX) the facts that always hold in S (see the
   top of this file); return their number, or -1 when MAX is too small.  */
int sf_cost_facts (const sf_cost_space *s, sf_cost_fact *facts, int max);
/* Translate the assume() constraint C of COMP into *OUT: nnz(X) is the
   last prefix term of X, dim(X, n) and a sparse operand's dims field
   (B.n, B->n) the extent of the index at mode n of X's first access, a
   name that is the shape() of an index that index's extent, any other name
   (or member) a scalar symbol.  Integer semantics: a < b becomes
   a + 1 <= b.  Returns 0, or -1 with *ERROR (static text) and *ERROR_TOK
   the token at fault.  */
int sf_cost_constraint (sf_cost_space *s, const sf_comp *comp,
			const sf_format *formats, const sf_constraint *c,
			sf_cost_fact *out, const char **error, int *error_tok);

#endif /* SF_COST_H */
