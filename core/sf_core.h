/* The public interface of the sparsefuse compiler core: pure C11, no GCC
   headers.  The glue (pragmas/, passes/) and the tools call only this.

   The life of one #pragma tensor computation:

     sf_parse_pragma    tokens -> sf_pragma (syntax errors as diagnostics)
     (glue)             resolve names: fill sf_operand kinds and types
     sf_check_comp      ranks, extents, output aliasing -> sf_comp.extent
     sf_lower           sf_comp -> sf_region (params + loop IR)
     (glue)             params -> marker call arguments; IR -> GENERIC

   Every function reports problems by appending to an sf_diags list and
   returns 0 on success, nonzero when it found an error.  */

#ifndef SF_CORE_H
#define SF_CORE_H

#include <stdio.h>
#include "ir/arena.h"
#include "front/diag.h"
#include "front/ast.h"
#include "ir/loop_ir.h"
#include "front/lex.h"		/* sf_lex: pragma text -> tokens */

/* ---- parsing (parse.c) ---- */

/* Parse the tokens of one pragma line (after "tensor"; TOKS[NTOKS-1] is
   SF_TOK_EOF) into OUT.  Strings and nodes live in ARENA.  */
int sf_parse_pragma (sf_arena *arena, const sf_token *toks, int ntoks,
		     sf_pragma *out, sf_diags *diags);
/* The same for a pragma inside a function body when IN_FUNCTION: there a
   format declaration names a tensor made of arrays in scope ("format A
   dims(n, n) levels(dense, compressed(rowstr + 1, colidx + 1)) values(a
   + 1)"): sf_format.is_tensor, each field a C expression (SPEC 1.5).  */
int sf_parse_pragma_in (sf_arena *arena, const sf_token *toks, int ntoks,
			int in_function, sf_pragma *out, sf_diags *diags);

/* Return a copy of clause expression E in ARENA, every node at token TOK
   (-1: none, for an expression kept beyond its pragma).  */
sf_cexpr *sf_cexpr_copy (sf_arena *arena, const sf_cexpr *e, int tok);

/* ---- checks (check.c) ---- */

/* Check a format declaration on its own: levels match dims, modes form a
   permutation, coo only first, singleton only after coo or compressed...  */
int sf_check_format (const sf_format *format, sf_diags *diags);

/* Check COMP once the glue has resolved its operands: ranks, index extents
   (fills COMP->extent), undetermined extents, the output used as an input
   in a way the generated code cannot honour.  FORMATS is the format table
   that sf_operand.format indexes.  */
int sf_check_comp (sf_comp *comp, const sf_format *formats, sf_diags *diags);

/* Return the test, at the entry of region R (lowered from COMP over
   FORMATS), that the first and the last entry of each sparse operand's
   first level with coordinates, and of the singleton levels below it,
   lie inside the extents the format names (lower/entry.c), adding the
   parameters it reads to R; NULL when no operand has coordinates.
   *TEXT (in ARENA) says what it tests.  */
sf_ir_expr *sf_region_entry_test (sf_arena *arena, sf_region *r,
				  const sf_comp *comp,
				  const sf_format *formats,
				  const char **text);

/* Return a test that holds whenever gain test TEST does, without
   asking the system for the last-level cache: TEST with half the cache
   read as what the program has found so far (SF_IR_LLC_HALF in a test
   the glue lowers with LLC_SEEN: 0 before the first question), and any
   other part that reads the cache true; with NO_CALLS, for a caller
   whose callee tests TEST again, any part that asks for the team's size
   (SF_IR_MAX_THREADS) true as well, half the cache the half of the
   smallest one the bound assumes, and the tests of large sizes merged
   into one; NULL when only the constant true would do.  *EXACT is set
   when it is TEST itself (opt/gain.c).  */
sf_ir_expr *sf_gain_bound (sf_arena *arena, const sf_ir_expr *test,
			   int no_calls, int *exact);

/* Store in OUT (room for MAX) every source of index INDEX's extent that
   the accesses of checked COMP offer, each operand dimension and kind
   once (the chosen one, COMP->extent[INDEX], among them): the
   annotation promises they agree, a promise only the program's data
   can keep (pragmas/resolve.cc tests it at run time).  Return their
   number.  */
int sf_extent_sources (const sf_comp *comp, int index, sf_extent *out,
		       int max);

/* Return nonzero and store the value of E in *VALUE when E is an integer
   constant expression whose evaluation does not overflow (shape(W: N, M)
   with N and M macros).  */
int sf_cexpr_constant (const sf_cexpr *e, long long *value);

/* Make COMP's output, when it is a floating scalar written without
   indices, the one element of a vector over a new index of extent 1
   (its data the scalar's address, which the glue supplies); return
   nonzero when it did.  */
int sf_scalar_output_as_vector (sf_arena *arena, sf_comp *comp);

/* ---- lowering (lower/lower.c) ---- */

/* Threads run only for regions whose estimated iterations reach this
   many (docs/fusion.md, "Parallel code"): below it, waking them costs
   more than they save.  */
#define SF_PARALLEL_MIN_DEFAULT 32768

typedef struct sf_lower_options
{
  int openmp;			/* may emit parallel loops */
  sf_schedule schedule;		/* after the clause and -fplugin-arg override */
  int no_dispatch;		/* auto: emit one schedule, never several
				   with a run-time choice */
  long parallel_min;		/* threads only when the region's estimated
				   iterations reach this many (0: always) */
  int orders;			/* auto: loop orders tried, the preferred
				   one and departures from it (0: the
				   default, 5; 1: the preferred only, and
				   the product associated as written) */
  int candidate;		/* auto: 0, the auto-scheduler's choice;
				   N > 0, candidate N of the enumeration
				   alone (the dump lists them; for
				   benchmarks and tests) */
  int all_alternatives;		/* auto: emit every alternative of the
				   frontier (up to 4), also those never
				   predicted 1.5x faster than the others */
} sf_lower_options;

/* Lower the checked COMP to loop IR.  Returns NULL (with a diagnostic
   saying why, as a warning: the glue then keeps the original statement)
   when the computation is outside what the lowering supports.  */
sf_region *sf_lower (sf_arena *arena, const sf_comp *comp,
		     const sf_format *formats, const sf_lower_options *options,
		     sf_diags *diags);

/* ---- two computations as one (fuse_regions.c) ---- */

/* Return computation B with the output of computation A (a dense
   intermediate) replaced by A's right-hand side, unchecked, in ARENA;
   AMAP and BMAP get the fused operand id of each operand of A and B (-1
   for the intermediate); A's tokens are numbered from TOK_OFFSET.  NULL
   with *WHY when the substitution would not be exact.  */
sf_comp *sf_fuse_comps (sf_arena *arena, const sf_comp *a, const sf_comp *b,
			int tok_offset, int *amap, int *bmap,
			const char **why);

/* ---- explaining (lower/explain.c) ---- */

/* Print to OUT how sf_lower sees COMP, section by section: the index
   notation with its reductions explicit, the iteration graph, the loop
   order and the merge lattice of each index.  Returns 0, or nonzero with
   a warning in DIAGS saying why COMP cannot be lowered.  */
int sf_explain (FILE *out, sf_arena *arena, const sf_comp *comp,
		const sf_format *formats, const sf_lower_options *options,
		sf_diags *diags);

/* Print to OUT the C statement (GNU C: reductions are statement
   expressions) that computes the element of COMP's output at the
   coordinates v_INDEX densely: "ref_out[(v_i * ext_j + v_j)] = ...",
   reading ref_NAME[] (each operand's entries, zeros included, row-major
   over its indices' extents ext_INDEX) and scalars by name.  Returns
   nonzero when COMP cannot be read so.  */
int sf_print_reference_c (FILE *out, sf_arena *arena, const sf_comp *comp,
			  const sf_format *formats);

/* ---- printing (print.c) ---- */

/* Print COMP in index notation, e.g. "y(i) = B(i,j) * x(j)".  */
void sf_print_comp (FILE *out, const sf_comp *comp);
/* Print COMP's clauses in canonical order, each after a space, leaving out
   defaults: " shape(C: K, L) schedule(naive) serial" (print_comp.c).  */
void sf_print_clauses (FILE *out, const sf_comp *comp);
/* Print the subexpression E of COMP, e.g. "B(i,j) + C(i,j)".  */
void sf_print_expr (FILE *out, const sf_comp *comp, const sf_expr *e);
/* Print a clause expression, e.g. "B.n + 1" or "nnz(B)".  */
void sf_print_cexpr (FILE *out, const sf_cexpr *e);
/* Print FORMAT as the canonical text after "#pragma tensor", e.g.
   "format struct csr dims(n, m) levels(dense, compressed(rowptr, colidx))
   values(vals)"; modes() only when not the identity, base() only when 1.  */
void sf_print_format (FILE *out, const sf_format *format);
/* Print REGION as a C function body over its parameters (the names in
   sf_param.name), compilable after declaring the parameters.  */
void sf_print_region_c (FILE *out, const sf_region *region, int indent);
/* Print one comment line per parameter of REGION: its number, element
   type, name and where its value comes from.  */
void sf_print_region_params (FILE *out, const sf_region *region);

#endif /* SF_CORE_H */
