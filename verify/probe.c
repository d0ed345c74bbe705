/* A probe for the annotation search (passes/suggest.cc): the loop run
   once on one input set, and every candidate computation over the same
   operands compared with what it stored, without running it again.

     loop: for i ... y[i] = s (s the sum of B->vals[p] * x[B->colidx[p]])
     shape y(i) = B(i,j) * x(j) (every operand once; all extents 3)
     probe: bind, run once; y = {0.4, -1.2, 2.0}
     y(i) = B(i,j) * x(i)  ->  differs at y[0]: rejected, no run
     y(i) = B(i,j) * x(j)  ->  agrees: the caller then runs vf_check

   1. Build input set 2 for the shape (every extent 3 unless a constant
      says otherwise: then the probe cannot serve, as the candidates'
      extents would differ from the shape's) and run the loop.
   2. Influence: for each operand in turn, build the same set again,
      scale that operand's values, run, and see whether the output
      changes: the operands the loop reads (the output's own values
      before the loop among them, for '+=').  A store into another
      operand is noted too.
   3. A candidate agrees when its dense reference, evaluated on the
      probe's inputs, matches every stored value as vf_check would
      compare it (relative 1e-9, 1e-4 with floats).  */

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "verify_int.h"

#define VF_PROBE_SET 2		/* extents 3 (inputs.c, choose_extents) */
#define VF_PROBE_BUDGET 200000
#define VF_PROBE_SEEDS 6	/* input sets built to pick the richest */

struct vf_probe
{
  vf_prog *prog;
  const sf_comp *shape;
  const sf_format *formats;
  int nformats;
  unsigned seed;
  vf_inputs in;			/* after the run */
  double *stored;		/* the output's values after the run */
  int *stored_ok;
  int other_store;		/* another operand was written */
};

/* Return the values of operand OP of IN as they are in memory now, in a
   new array of its NVALS (entries without a place are NaN).  */
static double *
read_values (vf_inputs *in, int op)
{
  vf_tensor *t = &in->t[op];
  double *v = malloc (((size_t) t->nvals + 1) * sizeof *v);
  if (!v)
    abort ();
  for (long q = 0; q < t->nvals; q++)
    {
      vf_val got;
      v[q] = NAN;
      if (t->vblk && t->vblk[q]
	  && !vf_mem_read (&in->mem, t->vblk[q], t->voff[q], t->vty, &got))
	v[q] = got.f;
    }
  return v;
}

/* Return the block of the variable NAME of PROG from outside the loop,
   or 0.  */
static int
env_var (const vf_prog *prog, const char *name)
{
  for (int k = 0; k < prog->nvars; k++)
    if (prog->vars[k].env && prog->vars[k].name
	&& !strcmp (prog->vars[k].name, name))
      return k + 1;
  return 0;
}

/* Scale the values of operand OP of IN in memory (a scalar: its
   variable).  */
static void
perturb (vf_inputs *in, int op)
{
  const sf_operand *o = &in->comp->operands[op];
  if (o->kind == SF_OPERAND_SCALAR)
    {
      int blk = env_var (in->prog, o->name);
      const vf_ctype *ct = blk ? in->prog->vars[blk - 1].type : NULL;
      vf_val v;
      if (ct && ct->kind == VF_C_SCALAR && ct->scalar.kind == VF_T_FLT
	  && !vf_mem_read (&in->mem, blk, 0, ct->scalar, &v))
	vf_mem_write (&in->mem, blk, 0, ct->scalar,
		      vf_val_of (ct->scalar, v.f * 1.5 + 0.25));
      return;
    }
  vf_tensor *t = &in->t[op];
  for (long q = 0; t->vblk && q < t->nvals; q++)
    {
      vf_val v;
      if (t->vblk[q]
	  && !vf_mem_read (&in->mem, t->vblk[q], t->voff[q], t->vty, &v))
	vf_mem_write (&in->mem, t->vblk[q], t->voff[q], t->vty,
		      vf_val_of (t->vty, v.f * 1.5 + 0.25));
    }
}

/* Build the probe's input set into IN, perturb operand PERTURB (-1:
   none), run; return 0 when it ran to the end.  */
static int
build_and_run (vf_probe *p, vf_inputs *in, int perturb_op)
{
  if (vf_inputs_build (in, p->prog, p->shape, p->formats, p->nformats,
		       VF_PROBE_SET, p->seed, NULL)
      || in->uniform <= 0)
    return 1;
  if (perturb_op >= 0)
    perturb (in, perturb_op);
  long steps = 0;
  const char *msg = NULL;
  return vf_run (p->prog, &in->mem, VF_PROBE_BUDGET, &steps, &msg) != VF_OK;
}

/* Return the seed, among SEED and the few after it, whose input set
   gives the sparse operands of P's shape the most entries (the fewest
   entries of any of them first, then their sum): a probe over an empty
   matrix tells nothing.  */
static unsigned
richest_seed (vf_probe *p, unsigned seed)
{
  unsigned best = seed;
  long best_min = -1, best_sum = -1;
  for (unsigned s = seed; s < seed + VF_PROBE_SEEDS; s++)
    {
      vf_inputs in;
      if (!vf_inputs_build (&in, p->prog, p->shape, p->formats, p->nformats,
			    VF_PROBE_SET, s, NULL))
	{
	  long lo = -1, sum = 0;
	  for (int op = 0; op < p->shape->noperands; op++)
	    if (vf_operand_format (p->shape, p->formats, op))
	      {
		long n = in.t[op].nvals;
		lo = lo < 0 || n < lo ? n : lo;
		sum += n;
	      }
	  if (lo > best_min || (lo == best_min && sum > best_sum))
	    best = s, best_min = lo, best_sum = sum;
	}
      vf_inputs_free (&in);
    }
  return best;
}

vf_probe *
vf_probe_new (vf_prog *prog, const sf_comp *shape, const sf_format *formats,
	      int nformats, unsigned seed)
{
  if (prog->unsupported)
    return NULL;
  vf_probe *p = calloc (1, sizeof *p);
  if (!p)
    abort ();
  p->prog = prog, p->shape = shape, p->formats = formats;
  p->nformats = nformats, p->seed = seed;
  int out = shape->lhs->operand;
  p->seed = richest_seed (p, seed);
  /* Each operand's values before the run: a change is a store.  */
  if (vf_inputs_build (&p->in, prog, shape, formats, nformats, VF_PROBE_SET,
		       p->seed, NULL) || p->in.uniform <= 0)
    {
      vf_probe_free (p);
      return NULL;
    }
  double *before[SF_MAX_OPERANDS] = { 0 };
  for (int op = 0; op < shape->noperands; op++)
    if (op != out && shape->operands[op].kind != SF_OPERAND_SCALAR)
      before[op] = read_values (&p->in, op);
  long steps = 0;
  const char *msg = NULL;
  int failed = vf_run (prog, &p->in.mem, VF_PROBE_BUDGET, &steps, &msg)
	       != VF_OK;
  for (int op = 0; op < shape->noperands; op++)
    if (before[op])
      {
	double *after = read_values (&p->in, op);
	for (long q = 0; q < p->in.t[op].nvals; q++)
	  if (memcmp (&before[op][q], &after[q], sizeof (double)))
	    p->other_store = 1;
	free (after);
	free (before[op]);
      }
  if (failed)
    {
      vf_probe_free (p);
      return NULL;
    }
  p->stored = read_values (&p->in, out);
  return p;
}

unsigned
vf_probe_influence (vf_probe *p, int *other_store, int *stores)
{
  const sf_comp *c = p->shape;
  int out = c->lhs->operand;
  const vf_tensor *t = &p->in.t[out];
  *other_store = p->other_store;
  *stores = 0;
  for (long q = 0; q < t->nvals; q++)
    *stores |= !isnan (p->stored[q]) && p->stored[q] != t->before[q];
  unsigned mask = 0;
  for (int op = 0; op < c->noperands; op++)
    {
      vf_inputs in;
      if (!build_and_run (p, &in, op))
	{
	  double *v = read_values (&in, out);
	  for (long q = 0; q < t->nvals && q < in.t[out].nvals; q++)
	    if (memcmp (&v[q], &p->stored[q], sizeof (double)))
	      mask |= 1u << op;
	  free (v);
	}
      else
	mask |= 1u << op;	/* no answer: keep it */
      vf_inputs_free (&in);
    }
  return mask;
}

int
vf_probe_agrees (vf_probe *p, const sf_comp *comp)
{
  sf_arena arena;
  sf_arena_init (&arena);
  const vf_ref *r = vf_ref_build (&arena, comp);
  vf_inputs *in = &p->in;
  const vf_tensor *t = &in->t[comp->lhs->operand];
  for (int v = 0; v < SF_MAX_INDICES; v++)
    in->ext[v] = in->uniform;
  double rel = in->has_float || t->vty.bits == 32 ? 1e-4 : 1e-9;
  int agrees = 1;
  for (long q = 0; q < t->nvals && agrees; q++)
    {
      long env[SF_MAX_INDICES] = { 0 };
      for (int d = 0; d < t->ndims; d++)
	env[comp->lhs->idx[d]] = t->coord[q * t->ndims + d];
      double mag, want = vf_ref_eval (r, in, env, &mag);
      if (comp->accumulate)
	{
	  want += t->before[q];
	  mag += fabs (t->before[q]);
	}
      double got = p->stored[q];
      if (isnan (got))
	continue;
      agrees = fabs (got - want) <= rel * mag + 1e-300;
    }
  sf_arena_free (&arena);
  return agrees;
}

void
vf_probe_free (vf_probe *p)
{
  if (!p)
    return;
  vf_inputs_free (&p->in);
  free (p->stored);
  free (p);
}
