/* The check: run the region's program on input sets of growing size and
   compare what it stores in the output with the dense reference.

     y(i) = B(i,j) * x(j) over a loop that reads x[i] instead of x[j]
     set 0 (extents 1): agrees;  set 1 (extents 2): y[0] = 0.75, the
     reference 1.5  ->  VF_MISMATCH "the loop does not compute what the
     annotation says: at y[0] the loop stores 0.75, the annotation gives 1.5"

   1. The program may not be runnable at all (a call, an unknown
      construct): VF_UNVERIFIED at once.
   2. For each input set: build and bind the inputs, run, and compare
      every output value position: `=` expects the reference, `+=` the
      value before plus the reference; the difference may be at most
      1e-9 (1e-4 with floats) of the magnitude of the terms.
   3. The first set that fails gives the message and its inputs.
   Each set runs at most the step budget; once the sets together have run
   twice that, the check stops with the sets it has (a bound on the
   compile time of every region).  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "verify_int.h"

#define VF_DEFAULT_SETS 8
#define VF_DEFAULT_BUDGET 200000

/* Return the shortest text of D that reads back as D, with a decimal
   point: 1.5, 3.0, 0.1, 1e+300.  */
static const char *
number_text (sf_arena *arena, double d)
{
  char buf[40];
  for (int prec = 1; prec <= 17; prec++)
    {
      snprintf (buf, sizeof buf, "%.*g", prec, d);
      if (strtod (buf, NULL) == d)
	break;
    }
  if (!strpbrk (buf, ".eEni"))
    strcat (buf, ".0");
  return sf_arena_strdup (arena, buf);
}

/* Append to the stream F the N values V.  */
static void
print_values (FILE *f, sf_arena *arena, const double *v, long n)
{
  fputc ('{', f);
  for (long k = 0; k < n && k < 24; k++)
    fprintf (f, "%s%s", k ? ", " : "", number_text (arena, v[k]));
  if (n > 24)
    fputs (", ...", f);
  fputc ('}', f);
}

/* Append to F the N longs V.  */
static void
print_longs (FILE *f, const long *v, long n, long base)
{
  fputc ('{', f);
  for (long k = 0; k < n && k < 24; k++)
    fprintf (f, "%s%ld", k ? ", " : "", v[k] + base);
  if (n > 24)
    fputs (", ...", f);
  fputc ('}', f);
}

/* Return the description of input set IN: extents, then each operand's
   arrays.  */
static const char *
describe_inputs (vf_inputs *in, sf_arena *arena)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  if (!f)
    return "";
  const sf_comp *c = in->comp;
  fputs ("extents", f);
  for (int v = 0; v < c->nindices; v++)
    if (strcmp (c->index_names[v], "scalar_"))
      fprintf (f, " %s=%ld", c->index_names[v], in->ext[v]);
  for (int op = 0; op < c->noperands; op++)
    {
      const sf_operand *o = &c->operands[op];
      const vf_tensor *t = &in->t[op];
      const sf_format *fm = vf_operand_format (c, in->formats, op);
      if (o->kind == SF_OPERAND_SCALAR)
	{
	  fprintf (f, "; %s = %s", o->name, number_text (arena, in->scalar[op]));
	  continue;
	}
      fprintf (f, "; %s", o->name);
      for (int l = 0; fm && l < fm->nlevels; l++)
	{
	  if (t->pos[l])
	    {
	      fprintf (f, " pos%d ", l);
	      print_longs (f, t->pos[l], t->npos[l], fm->base);
	    }
	  if (fm->levels[l].kind == SF_LEVEL_COO)
	    fprintf (f, " nnz %ld", t->nnz);
	  if (t->crd[l])
	    {
	      fprintf (f, " crd%d ", l);
	      print_longs (f, t->crd[l], t->ncrd[l], fm->base);
	    }
	}
      fputs (fm ? " vals " : " ", f);
      print_values (f, arena, op == c->lhs->operand ? t->before : t->vals,
		    t->nvals);
      if (op == c->lhs->operand)
	fputs (" before the loop", f);
    }
  fclose (f);
  const char *s = sf_arena_strdup (arena, buf);
  free (buf);
  return s;
}

/* Return the name of output value position Q: "y[2]", "A[1][0]", "s",
   or for a sparse output "A(1,0)".  */
static const char *
element_name (const vf_inputs *in, long q, sf_arena *arena)
{
  const sf_comp *c = in->comp;
  int op = c->lhs->operand;
  const vf_tensor *t = &in->t[op];
  const char *name = c->operands[op].name;
  if (t->ndims == 1 && !strcmp (c->index_names[c->lhs->idx[0]], "scalar_"))
    return name;
  int sparse = vf_operand_format (c, in->formats, op) != NULL;
  char buf[256];
  int n = snprintf (buf, sizeof buf, "%s%s", name, sparse ? "(" : "");
  for (int d = 0; d < t->ndims && n < 200; d++)
    {
      long x = t->coord[q * t->ndims + d];
      if (sparse)
	n += snprintf (buf + n, sizeof buf - (size_t) n, "%s%ld", d ? "," : "", x);
      else
	n += snprintf (buf + n, sizeof buf - (size_t) n, "[%ld]", x);
    }
  if (sparse)
    snprintf (buf + n, sizeof buf - (size_t) n, ")");
  return sf_arena_strdup (arena, buf);
}

/* Compare the output of IN after the run with the reference R; return
   VF_OK or VF_MISMATCH with RESULT->message.  */
static vf_status
compare_output (vf_inputs *in, const vf_ref *r, vf_result *result,
		sf_arena *arena)
{
  const sf_comp *c = in->comp;
  int op = c->lhs->operand;
  vf_tensor *t = &in->t[op];
  double rel = in->has_float || t->vty.bits == 32 ? 1e-4 : 1e-9;
  for (long q = 0; q < t->nvals; q++)
    {
      long env[SF_MAX_INDICES] = { 0 };
      for (int d = 0; d < t->ndims; d++)
	env[c->lhs->idx[d]] = t->coord[q * t->ndims + d];
      double mag, want = vf_ref_eval (r, in, env, &mag);
      if (c->accumulate)
	{
	  want += t->before[q];
	  mag += fabs (t->before[q]);
	}
      vf_val got;
      if (!t->vblk[q]
	  || vf_mem_read (&in->mem, t->vblk[q], t->voff[q], t->vty, &got))
	continue;
      double diff = fabs (got.f - want);
      if (diff <= rel * mag + 1e-300 && got.f == got.f)
	continue;
      result->message = sf_arena_printf
	(arena, "the loop does not compute what the annotation says: at %s "
	 "the loop stores %s, the annotation gives %s",
	 element_name (in, q, arena), number_text (arena, got.f),
	 number_text (arena, want));
      return VF_MISMATCH;
    }
  return VF_OK;
}

/* Run input set SET; return its status with RESULT filled.  */
static vf_status
run_set (vf_prog *prog, const sf_comp *comp, const sf_format *formats,
	 const vf_ref *ref, int set, const vf_options *opt, vf_result *result)
{
  vf_inputs in;
  vf_status st = VF_OK;
  sf_arena *arena = prog->arena;
  if (vf_inputs_build (&in, prog, comp, formats, opt->nformats, set,
		       opt->seed))
    {
      result->message = in.why;
      vf_inputs_free (&in);
      return VF_UNVERIFIED;
    }
  const char *inputs = describe_inputs (&in, arena);
  long budget = opt->step_budget > 0 ? opt->step_budget : VF_DEFAULT_BUDGET;
  st = vf_run (prog, &in.mem, budget, &result->steps, &result->message);
  if (st == VF_OK)
    st = compare_output (&in, ref, result, arena);
  if (st != VF_OK && in.mem.guessed)
    {
      /* The run read a value the checker guessed: no verdict.  */
      result->guessed = sf_arena_strdup (arena, in.mem.guessed);
      st = VF_INCONCLUSIVE;
    }
  if (st != VF_OK)
    result->inputs = inputs;
  vf_inputs_free (&in);
  return st;
}

vf_status
vf_check (vf_prog *prog, const sf_comp *comp, const sf_format *formats,
	  const vf_options *options, vf_result *result)
{
  vf_options opt = { 1, VF_DEFAULT_SETS, VF_DEFAULT_BUDGET, 0 };
  if (options)
    opt = *options;
  if (opt.nsets <= 0)
    opt.nsets = VF_DEFAULT_SETS;
  memset (result, 0, sizeof *result);
  if (prog->unsupported)
    {
      result->status = VF_UNVERIFIED;
      result->message = prog->unsupported;
      return VF_UNVERIFIED;
    }
  const vf_ref *ref = vf_ref_build (prog->arena, comp);
  long total = 2 * (opt.step_budget > 0 ? opt.step_budget : VF_DEFAULT_BUDGET);
  for (int set = 0; set < opt.nsets; set++)
    {
      if (set > 0 && result->steps >= total)
	break;			/* the time of the compile: enough sets */
      vf_status st = run_set (prog, comp, formats, ref, set, &opt, result);
      if (st == VF_INCONCLUSIVE)
	continue;
      if (st != VF_OK)
	{
	  result->status = st;
	  return st;
	}
      result->sets_run++;
    }
  /* A set whose run differed but read a guessed value gave no verdict;
     the sets that agreed may owe it to the guess as much (a loop bound
     the annotation does not bind, guessed 0 or 1): not verified.  */
  if (result->guessed)
    {
      result->status = VF_UNVERIFIED;
      result->message = sf_arena_printf
	(prog->arena, "the loop depends on '%s', which the annotation does "
	 "not bind", result->guessed);
      return VF_UNVERIFIED;
    }
  result->message = NULL;
  result->inputs = NULL;
  result->status = VF_OK;
  return VF_OK;
}
