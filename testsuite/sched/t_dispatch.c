/* The dispatcher (core/dispatch.c): its IR expression, run by a tiny
   interpreter, must pick what the rule picks, on sizes where each
   candidate should win; and the stride score.

     SpMM,GEMM: 0 naive nnz(B)*K*L, 0 bytes; 1 row-fused nnz(B)*K + I*K*L,
     8*K bytes.  Dense rows (nnz = I*J) -> 1; one entry per row -> 0;
     a cap below 8*K -> 0 whatever the time.  */

#include <math.h>
#include <string.h>
#include "sched_test.h"

/* Return the value of E with parameter p equal to PARAM_VALUE[p].  Covers
   the operations the dispatcher emits.  */
static double
eval (const sf_ir_expr *e, const double *param_value)
{
  switch (e->op)
    {
    case SF_IR_INT: return (double) e->ival;
    case SF_IR_FLOAT: return e->fval;
    case SF_IR_PARAM: return param_value[e->param];
    case SF_IR_CONVERT: return eval (e->a, param_value);
    case SF_IR_ADD: return eval (e->a, param_value) + eval (e->b, param_value);
    case SF_IR_SUB: return eval (e->a, param_value) - eval (e->b, param_value);
    case SF_IR_MUL: return eval (e->a, param_value) * eval (e->b, param_value);
    case SF_IR_LT: return eval (e->a, param_value) < eval (e->b, param_value);
    case SF_IR_LE: return eval (e->a, param_value) <= eval (e->b, param_value);
    case SF_IR_AND: return eval (e->a, param_value) && eval (e->b, param_value);
    case SF_IR_OR: return eval (e->a, param_value) || eval (e->b, param_value);
    case SF_IR_NOT: return !eval (e->a, param_value);
    case SF_IR_SELECT:
      return eval (e->a, param_value) ? eval (e->b, param_value)
				      : eval (e->c, param_value);
    default: return NAN;	/* not emitted by the dispatcher */
    }
}

/* One dispatch case: symbol values (I J K L M N R nnz(B)) and the cap,
   the expected pick.  */
typedef struct pick_case
{
  const char *name;
  double values[8];
  double cap;
  int want;
} pick_case;

static void
spmm_gemm_dispatch (void)
{
  sf_arena a;
  sf_cost_space s;
  sf_arena_init (&a);
  kernel_space (&s, &a, 2, (sf_level_kind[]) { SF_LEVEL_DENSE,
		SF_LEVEL_COMPRESSED }, (int[]) { IX_I, IX_J });
  sf_candidate c[3] = {
    { poly_of (&s, "nnz(B)*K*L"), poly_of (&s, "0"), 4, 0, 0 },
    { poly_of (&s, "nnz(B)*K + I*K*L"), poly_of (&s, "8*K"), 3, 1, 5 },
    { poly_of (&s, "nnz(B)*K + I*K*L"), poly_of (&s, "8*K"), 3, 1, 2 },
  };
  /* Symbols as parameters of a region: parameter p holds symbol p.  */
  sf_region *r = sf_region_new (&a);
  sf_ir_expr *val[SF_COST_MAX_SYMS] = { 0 };
  for (int i = 0; i < s.nsyms; i++)
    {
      sf_param prm = { .kind = SF_PARAM_SCALAR, .operand = i, .ty = SF_TY_INDEX,
		       .name = s.syms[i].name };
      val[i] = sf_ir_param_ref (&a, r, sf_region_param (&a, r, &prm));
    }
  sf_param capp = { .kind = SF_PARAM_SCALAR, .operand = 99, .ty = SF_TY_INDEX,
		    .name = "cap" };
  int cap_param = sf_region_param (&a, r, &capp);
  sf_ir_expr *e2 = sf_dispatch_expr (&a, c, 2, val, sf_ir_param_ref (&a, r, cap_param));
  sf_ir_expr *e3 = sf_dispatch_expr (&a, c, 3, val, sf_ir_param_ref (&a, r, cap_param));
  static const pick_case cases[] = {
    { "dispatch/dense-rows-pick-fused", { 1000, 1000, 64, 64, 1, 1, 1, 1e6 }, 4e6, 1 },
    { "dispatch/sparse-rows-pick-naive", { 1000, 1000, 64, 64, 1, 1, 1, 1000 }, 4e6, 0 },
    { "dispatch/over-cap-pick-naive", { 1000, 1000, 64, 64, 1, 1, 1, 1e6 }, 256, 0 },
    { "dispatch/equal-time", { 1000, 1000, 1, 2, 1, 1, 1, 2000 }, 4e6, 0 },
  };
  for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
    {
      double pv[SF_COST_MAX_SYMS + 1];
      for (int i = 0; i < s.nsyms; i++)
	pv[i] = cases[k].values[i];
      pv[cap_param] = cases[k].cap;
      double got = e2 ? eval (e2, pv) : -1;
      int rule = sf_dispatch_pick (c, 2, cases[k].values, cases[k].cap);
      check (cases[k].name, got == cases[k].want && rule == cases[k].want,
	     "expression picked %g, rule %d, expected %d", got, rule,
	     cases[k].want);
    }
  /* Three candidates, two with equal costs: the smaller stride wins.  */
  double pv[SF_COST_MAX_SYMS + 1];
  for (int i = 0; i < s.nsyms; i++)
    pv[i] = cases[0].values[i];
  pv[cap_param] = cases[0].cap;
  double got = e3 ? eval (e3, pv) : -1;
  check ("dispatch/stride-tie-break", got == 2
	 && sf_dispatch_pick (c, 3, cases[0].values, cases[0].cap) == 2,
	 "picked %g", got);
  /* Nothing fits: the least memory.  */
  pv[cap_param] = -1;
  got = e3 ? eval (e3, pv) : -1;
  check ("dispatch/nothing-fits-least-memory", got == 0, "picked %g", got);
  check ("dispatch/bad-count", sf_dispatch_expr (&a, c, 1, val, val[0]) == NULL,
	 "a dispatcher over one candidate was built");
  sf_ir_expr *none[SF_COST_MAX_SYMS] = { 0 };
  check ("dispatch/missing-value", sf_dispatch_expr (&a, c, 2, none, val[0]) == NULL,
	 "built without symbol values");
  sf_arena_free (&a);
}

static void
stride_cases (void)
{
  /* SpMM A(i,k) = B(i,j) * C(j,k), one leaf with innermost k.  */
  sf_stride_access acc[] = { { 2, { IX_I, IX_K } }, { 2, { IX_I, IX_J } },
			     { 2, { IX_J, IX_K } } };
  sf_stride_leaf leaf = { IX_K, 3, acc };
  int ijk = sf_stride_score ((int[]) { IX_I, IX_J, IX_K }, 3, &leaf, 1);
  leaf.innermost = IX_J;
  int ikj = sf_stride_score ((int[]) { IX_I, IX_K, IX_J }, 3, &leaf, 1);
  check ("dispatch/stride-ijk", ijk == 0, "i,j,k scored %d", ijk);
  check ("dispatch/stride-ikj", ikj == 1001,
	 "i,k,j scored %d (C(j,k) strided, one inversion)", ikj);
}

void
dispatch_suite (void)
{
  spmm_gemm_dispatch ();
  stride_cases ();
}
