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
#define VF_DEFAULT_BUDGET 1000000

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
      if (o->is_old)
	continue;		/* the output "before the loop" */
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
   VF_OK or VF_MISMATCH with RESULT->message.  *LIVE gets the reference's
   terms that were not zero at some position compared, *NLIVE the
   positions where some term was not zero.  */
static vf_status
compare_output (vf_inputs *in, const vf_ref *r, vf_result *result,
		sf_arena *arena, unsigned *live, long *nlive)
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
      vf_val got;
      if (!t->vblk[q]
	  || vf_mem_read (&in->mem, t->vblk[q], t->voff[q], t->vty, &got))
	continue;
      double mag, want = vf_ref_eval_live (r, in, env, &mag, live);
      *nlive += mag > 0;
      if (c->accumulate)
	{
	  want += t->before[q];
	  mag += fabs (t->before[q]);
	}
      double have = vf_val_number (t->vty, got);
      if (t->vty.kind == VF_T_INT)
	{
	  /* Integers compare exactly, after C's conversion to the
	     output's type (modulo 2^N): the inputs' small values keep
	     the reference's doubles exact.  */
	  want = vf_val_number (t->vty, vf_val_of (t->vty, want));
	  if (have == want)
	    continue;
	}
      else if (fabs (have - want) <= rel * mag + 1e-300 && have == have)
	continue;
      result->message = sf_arena_printf
	(arena, "the loop does not compute what the annotation says: at %s "
	 "the loop stores %s, the annotation gives %s",
	 element_name (in, q, arena), number_text (arena, have),
	 number_text (arena, want));
      return VF_MISMATCH;
    }
  return VF_OK;
}

/* What the check runs against: the program, the annotation, its reference,
   the options, the result being filled.  */
typedef struct vf_job
{
  vf_prog *prog;
  const sf_comp *comp;
  const sf_format *formats;
  const vf_ref *ref;
  const vf_options *opt;
  vf_result *result;
  long limit;			/* the steps the check may reach (0: none) */
  const char *culprit;		/* an integer a witness could not clear */
  int fake_shape;		/* the extents of the fake structs */
  int full;			/* the dependence test's runs: full patterns */
  const vf_code *code;		/* the program compiled (first run) */
  int fake_outside_ok;		/* an access outside a declared array
				   after reading a fake struct fails the
				   run (the dependence test's values no
				   caller passes), else no verdict */
  int fake_structs;		/* every run gives the structs of a
				   declared format the annotation does not
				   name a tensor of their format (a loop
				   whose result does not depend on them) */
} vf_job;

/* What one run of the program on one input set gave: its status, the
   message for a failure, the set and binding that give its inputs again
   (trial_inputs describes them), the output's value positions after the
   run (OUT, malloc'd), and the guessed integers it read.  */
typedef struct vf_trial
{
  vf_status st;
  const char *msg;
  int built;			/* its inputs were built: set SET, and the
				   binding BIND when BOUND */
  int set, bound;
  vf_binding bind;
  long steps;
  unsigned live;		/* the reference's terms not zero somewhere */
  long nlive;			/* the output positions where one was not */
  double *out;
  long nout;
  double rel;			/* the rounding the output may differ by,
				   relative (compare_output's) */
  int same_extents;		/* every index had the extent EXTENT */
  long extent;
  long maxext;			/* the largest extent */
  long value[VF_MAX_GUESSES];	/* the value of each slot of the binding */
  const char *fake;		/* a fake array the run read */
  int fake_outside;		/* it stopped outside a fake struct */
  int fake_struct_out;		/* no verdict: outside a declared array
				   after reading FAKE_STRUCT */
  const char *fake_struct;	/* a fake struct it read, whose extents
				   are the checker's choice: an access
				   outside a declared array is no verdict
				   on a binding (fake_struct_outside) */
  int typed_outside;		/* outside an array of a C type's size,
				   after reading a guessed integer */
  int undescribed;		/* on an array the annotation does not
				   describe */
  int fake_plain;		/* it read a fake array of no declared
				   format */
  long size[24];		/* the sizes of the inputs: each operand's
				   value positions, positions per level */
  int nsize;
  int fake_shapes;		/* the choices of the fake structs' extents */
  int nread;
  int rblk[16];
  long roff[16];
  const char *rname[16];
} vf_trial;

/* Make run R, outside a declared array after reading a fake struct (the
   struct a dropped factor names, its extents the checker's choice), no
   verdict: with the struct's own extents the loop may stay inside.  */
static void
fake_struct_outside (vf_trial *r, sf_arena *arena)
{
  if (r->st != VF_OUT_OF_BOUNDS || !r->fake_struct)
    return;
  r->st = VF_UNVERIFIED;
  r->fake_struct_out = 1;
  r->msg = sf_arena_printf (arena, "%s, with the extents the checker gave "
			    "'%s', which the annotation does not describe",
			    r->msg, r->fake_struct);
}

/* Return the name of the guessed integer at byte OFF of block BLK in IN.  */
static const char *
guess_name (const vf_inputs *in, int blk, long off)
{
  for (int g = 0; g < in->nguess; g++)
    if (in->guess[g].blk == blk && in->guess[g].off == off)
      return in->guess[g].name;
  return in->mem.b[blk].name;
}

static void run_one (vf_job *job, int set, const vf_binding *bind,
		     vf_trial *r);

/* Run input set SET with the guessed integers set by BIND (or NULL) and
   fill R.  */
static void
run_raw (vf_job *job, int set, const vf_binding *bind, vf_trial *r)
{
  vf_inputs in;
  sf_arena *arena = job->prog->arena;
  const vf_options *opt = job->opt;
  memset (r, 0, sizeof *r);
  if (job->limit && job->result->steps >= job->limit)
    {
      r->st = VF_UNVERIFIED;	/* the time of the compile: no more */
      r->msg = "";
      return;
    }
  if (vf_inputs_build (&in, job->prog, job->comp, job->formats,
		       opt->nformats, set, opt->seed, bind))
    {
      r->st = VF_UNVERIFIED;
      r->msg = in.why;
      vf_inputs_free (&in);
      return;
    }
  long budget = opt->step_budget > 0 ? opt->step_budget : VF_DEFAULT_BUDGET;
  if (!job->code)
    job->code = vf_compile (arena, job->prog);
  r->st = vf_run_code (job->code, &in.mem, budget, &r->steps, &r->msg);
  job->result->steps += r->steps;
  if (r->st == VF_UNVERIFIED && in.mem.fake_short && bind && !bind->fake_big)
    {
      /* past a fake array: again with large ones */
      vf_binding big = *bind;
      big.fake_big = 1;
      vf_inputs_free (&in);
      run_one (job, set, &big, r);
      return;
    }
  r->fake_struct = in.mem.fake_struct_read;
  if (!job->fake_outside_ok)
    fake_struct_outside (r, arena);
  vf_result tmp;
  memset (&tmp, 0, sizeof tmp);
  if (r->st == VF_OK)
    {
      r->st = compare_output (&in, job->ref, &tmp, arena, &r->live,
			      &r->nlive);
      r->msg = tmp.message;
    }
  r->built = 1;
  r->set = set;
  r->bound = bind != NULL;
  if (bind)
    r->bind = *bind;
  r->fake = in.mem.fake_read;
  r->fake_outside = in.mem.fake_outside;
  r->undescribed = in.mem.undescribed;
  r->fake_plain = in.mem.fake_plain;
  r->typed_outside = in.mem.typed_outside;
  r->fake_shapes = in.fake_shapes;
  r->same_extents = in.uniform >= 0;
  r->extent = in.uniform;
  for (int v = 0; v < job->comp->nindices; v++)
    if (in.ext[v] > r->maxext)
      r->maxext = in.ext[v];
  for (int j = 0; bind && j < bind->n; j++)
    r->value[j] = (bind->idx[j] >= 0 ? in.ext[bind->idx[j]] : 0)
		  + bind->delta[j];
  for (int k = 0; k < in.mem.ngread; k++)
    {
      r->rblk[k] = in.mem.gread_blk[k];
      r->roff[k] = in.mem.gread_off[k];
      r->rname[k] = guess_name (&in, r->rblk[k], r->roff[k]);
    }
  r->nread = in.mem.ngread;
  for (int op = 0; op < job->comp->noperands; op++)
    {
      const vf_tensor *t = &in.t[op];
      if (r->nsize < 24 && t->nvals > 0)
	r->size[r->nsize++] = t->nvals;
      for (int l = 0; l < t->ndims && r->nsize < 24; l++)
	if (t->nlev[l] > 0)
	  r->size[r->nsize++] = t->nlev[l];
    }
  const vf_tensor *t = &in.t[job->comp->lhs->operand];
  r->rel = in.has_float || t->vty.bits == 32 ? 1e-4 : 1e-9;
  r->nout = t->nvals;
  r->out = calloc ((size_t) t->nvals + 1, sizeof (double));
  for (long q = 0; r->out && q < t->nvals; q++)
    {
      vf_val v;
      if (t->vblk && t->vblk[q]
	  && !vf_mem_read (&in.mem, t->vblk[q], t->voff[q], t->vty, &v))
	r->out[q] = vf_val_number (t->vty, v);
    }
  vf_inputs_free (&in);
}

/* Run set SET as run_raw does; once the structs of a declared format
   the annotation does not name are known not to change the loop's
   result (JOB->fake_structs), each run gives them a tensor of their
   format, as the run that showed it did, but for a run that reads a
   fake array of no format: that one runs as before.  */
static void
run_one (vf_job *job, int set, const vf_binding *bind, vf_trial *r)
{
  if (!job->fake_structs || (bind && bind->fake))
    {
      run_raw (job, set, bind, r);
      return;
    }
  vf_binding f;
  if (bind)
    f = *bind;
  else
    memset (&f, 0, sizeof f);
  f.fake = 1;
  run_raw (job, set, &f, r);
  if (r->fake_plain)
    {
      free (r->out);
      run_raw (job, set, bind, r);
    }
}

/* Return the description of the inputs of run R (NULL when it built
   none): its set built again (the same set and binding give the same
   inputs), described only for the message that shows them.  */
static const char *
trial_inputs (vf_job *job, const vf_trial *r)
{
  vf_inputs in;
  const char *text = NULL;
  if (!r->built)
    return NULL;
  if (!vf_inputs_build (&in, job->prog, job->comp, job->formats,
			job->opt->nformats, r->set, job->opt->seed,
			r->bound ? &r->bind : NULL))
    text = describe_inputs (&in, job->prog->arena);
  vf_inputs_free (&in);
  return text;
}

/* Return nonzero when runs A and B left the same output: the same value
   at each position, -0 as 0 (0 * w is -0 for a negative w: a term that
   is zero does not depend on w) and a NaN as a NaN.  */
static int
same_output (const vf_trial *a, const vf_trial *b)
{
  if (a->nout != b->nout || !a->out || !b->out)
    return 0;
  for (long q = 0; q < a->nout; q++)
    if (a->out[q] != b->out[q]
	&& !(isnan (a->out[q]) && isnan (b->out[q])))
      return 0;
  return 1;
}

/* Return nonzero when run R read a guessed integer BIND does not set.  */
static int
stray (const vf_trial *r, const vf_binding *bind)
{
  for (int k = 0; k < r->nread; k++)
    {
      int j = 0;
      while (j < bind->n && (bind->blk[j] != r->rblk[k]
			     || bind->off[j] != r->roff[k]))
	j++;
      if (j == bind->n)
	return 1;
    }
  return 0;
}

/* Return nonzero when runs A and B, on other values of the arrays the
   annotation does not describe, left the same output up to rounding:
   each value within A's REL times the largest magnitude of either
   output (at least 1).  Terms that cancel (w * x - w * x, summed in two
   orders) leave a rounding residue that changes with the values; the
   values a dropped factor or term brings change the output by about
   their own size.  */
static int
close_output (const vf_trial *a, const vf_trial *b)
{
  if (a->nout != b->nout || !a->out || !b->out)
    return 0;
  double scale = 1;
  for (long q = 0; q < a->nout; q++)
    scale = fmax (scale, fmax (fabs (a->out[q]), fabs (b->out[q])));
  for (long q = 0; q < a->nout; q++)
    if (!(fabs (a->out[q] - b->out[q]) <= a->rel * scale)
	&& !(isnan (a->out[q]) && isnan (b->out[q])))
      return 0;
  return 1;
}

/* Return nonzero when R failed: a difference or an access outside.  */
static int
failed (const vf_trial *r)
{
  return r->st == VF_MISMATCH || r->st == VF_OUT_OF_BOUNDS;
}

/* ---- integers the annotation does not bind ----

   A loop bounded by a parameter (for (i = 0; i < ext0; i++)) computes
   the annotation only when the parameter is the extent of the modes i
   indexes; the caller passes it, the replacement ignores it.  So each
   such integer the loop reads is bound to an extent of the annotation's
   indices:

   1. The sets whose indices all have one extent give every binding the
      same values.  A failure there is blamed on the annotation when the
      run is a witness (below), on the set's random patterns or, failing
      that, on the same set with full ones (where a loop cut to nothing
      no longer agrees with a result that the random patterns left zero);
      with no witness no binding can agree: not verified.
   2. Otherwise each binding of the integers to the classes of indices
      is run on sets where the classes have distinct extents (and on the
      other sets; past VF_MAX_BINDINGS, only the classes saturated
      keeps); one that agrees on every set, each integer as high as
      the arrays allow (larger values go outside an array or change
      nothing), verifies the region.  A
      class whose extent takes the loop outside an array with the other
      integers 1 is no candidate for an integer; an integer with no
      candidate at all makes every binding go outside: a verdict.
   3. When none agrees, and each fails (a difference or an access
      outside, not a value left guessed), the annotation is wrong: the
      sets with one extent agreed with every integer that extent, so each
      is an extent, and no extent makes the loop agree.  Else not
      verified.

   A witness (step 1): a failing run where no value of any integer read,
   from 0 (1 for a loop bound) to one past the largest extent, makes the
   loop agree (each tried with the others as they are), nor a size a
   bound may stand for (but those too long to run for a bound that runs
   idle past the extent, idle_bound), and values above the extent only
   go outside an array or change nothing (a bound as high as the arrays
   allow; a guard such as ext0 >= 0).  A correct annotation whose
   integer is another value in that range (n - 1 for i <= n, a flag 0)
   has no witness, nor one whose larger values keep changing the output
   (n * m, a factor).  A value that takes the loop outside a declared
   array (sized by the annotation's extents) counts as failing; outside
   an array whose size its C type fixes (a local x[4][2]) it does not:
   the other integers, held at their guess while one varies, may be what
   takes it there (c[mode_order[k]] with int64_t c[3]).  */

/* Return nonzero when the N runs R, an integer at 0, 1, ... N - 1, show
   it acting as a loop bound: more steps with each value from 1 up to the
   last that stays inside the arrays (*LAST, which gets it).  */
static int
loop_bound (const vf_trial *r, long n, long *last)
{
  *last = 0;
  while (*last + 1 < n && r[*last + 1].st != VF_OUT_OF_BOUNDS
	 && r[*last + 1].st != VF_UNVERIFIED)
    ++*last;
  int bound = *last >= 2 && r[1].st != VF_OUT_OF_BOUNDS;
  for (long v = 2; bound && v <= *last; v++)
    bound = r[v].steps > r[v - 1].steps;
  return bound;
}

/* Return nonzero when the loop bound whose runs at 0 to LAST are R (each
   inside the arrays) bounds nested loops that find nothing past the
   extent E: each value adds more steps than the one before (a round of
   the outer loop runs the inner ones to the bound too), and the output
   is the one at E for every value from E to LAST (one more at least).
   A count of entries (nnz, n * m) bounds one loop, whose rounds cost
   about alike, and each round adds an entry to the output: larger
   values of such a bound only run more rounds that find nothing.  */
static int
idle_bound (const vf_trial *r, long e, long last)
{
  if (last < 3 || e < 1 || last < e + 1)
    return 0;
  for (long v = 2; v <= last; v++)
    if (r[v].steps - r[v - 1].steps <= r[v - 1].steps - r[v - 2].steps)
      return 0;
  for (long v = e + 1; v <= last; v++)
    if (r[v].st == VF_UNVERIFIED || !same_output (&r[v], &r[e]))
      return 0;
  return 1;
}

/* The largest size not_the_guess tries for an integer.  */
#define VF_MAX_SIZE 1024

/* Return nonzero when the integer whose runs at the values 0 to N - 1
   are R (under binding B, or any when NULL), which is no loop bound,
   gives the output another value at each value it takes (three at
   least): it enters the arithmetic (a factor or a term the annotation
   left out), and a value far from the extent that agrees (1 for a
   factor, 0 for a term) is no excuse.  A flag gives two outputs at
   most; a stride agrees at the extent or next to it.  */
static int
numeric_int (const vf_trial *r, long n, const vf_binding *b)
{
  int numeric = 1, count = 0;
  for (long v = 0; numeric && v < n; v++)
    {
      if ((b && stray (&r[v], b))
	  || (r[v].st != VF_OK && r[v].st != VF_MISMATCH))
	continue;
      count++;
      for (long w = 0; numeric && w < v; w++)
	if ((!b || !stray (&r[w], b))
	    && (r[w].st == VF_OK || r[w].st == VF_MISMATCH))
	  numeric = !same_output (&r[w], &r[v]);
    }
  return numeric && count >= 3;
}

/* Return nonzero when slot J of BIND cannot be blamed for the failure of
   run BASE of set SET: with any value from 0 to one more than the
   largest extent, and with any size of the inputs a loop may run to
   (on a set with one extent, its square; each operand's entries and
   positions per level), the run fails too.
   A larger value that changes the output and still differs is tried
   for the bound it may stand for (n * m, nnz), not excused; a size over
   VF_MAX_SIZE gives no verdict.  When the slot acts as a loop bound
   (more steps with each value from 1 up to the last that stays inside
   the arrays), a value that agrees is no excuse either when a larger
   one inside the arrays changes the output: that value cuts the loop
   short (a term's loop bounded at 0 agrees with an annotation that lacks
   the term), and the integer the annotation assumes is as high as the
   arrays allow.  */
static int
not_the_guess (vf_job *job, int set, const vf_binding *bind, int j,
	       const vf_trial *base)
{
  vf_binding b = *bind;
  long e = base->value[j], n = base->maxext + 2;
  long more[40];
  int nmore = 0;
  if (n > 32)
    return 0;
  if (base->same_extents && e >= 2 && job->comp->nindices >= 2)
    more[nmore++] = e * e;
  for (int k = 0; k < base->nsize && nmore < 40; k++)
    {
      if (base->size[k] > VF_MAX_SIZE)
	return 0;
      int dup = base->size[k] < n;
      for (int q = 0; q < nmore && !dup; q++)
	dup = more[q] == base->size[k];
      if (!dup)
	more[nmore++] = base->size[k];
    }
  /* 1. the values up to one past the largest extent */
  vf_trial r[32];
  int fails[32];
  for (long v = 0; v < n; v++)
    {
      b.idx[j] = -1, b.delta[j] = v;
      if (v == e)
	r[v] = *base;
      else
	run_one (job, set, &b, &r[v]);
      fails[v] = !stray (&r[v], &b) && failed (&r[v]);
    }
  long last;			/* the last value inside the arrays */
  int bound = loop_bound (r, n, &last);
  int numeric = !bound && numeric_int (r, n, &b);
  int idle = bound && idle_bound (r, e, last);
  int ok = 1;
  for (long v = bound ? 1 : 0; ok && v < n; v++)
    {
      if (fails[v] || (numeric && (v < e - 1 || v > e + 1)))
	continue;
      int cut = 0;
      for (long w = v + 1; bound && !cut && v <= last && w <= last; w++)
	cut = r[v].st == VF_OK && !stray (&r[w], &b)
	      && r[w].st != VF_UNVERIFIED && !same_output (&r[w], &r[v]);
      ok = cut;
    }
  for (long v = 0; v < n; v++)
    if (v != e)
      free (r[v].out);
  /* 2. the sizes beyond, until one agrees: the smallest first */
  for (int a = 1; a < nmore; a++)
    for (int z = a; z > 0 && more[z] < more[z - 1]; z--)
      {
	long t = more[z];
	more[z] = more[z - 1];
	more[z - 1] = t;
      }
  long budget = job->opt->step_budget > 0 ? job->opt->step_budget
		: VF_DEFAULT_BUDGET;
  for (int q = 0; ok && q < nmore; q++)
    {
      vf_trial t;
      b.idx[j] = -1, b.delta[j] = more[q];
      if (idle)
	{
	  /* at least the last round's steps for each value added */
	  long d = r[last].steps - r[last - 1].steps;
	  if (r[last].steps + (more[q] - last) * d >= budget)
	    break;
	}
      run_one (job, set, &b, &t);
      if (idle && t.st == VF_UNVERIFIED && t.steps >= budget)
	{
	  free (t.out);
	  break;		/* so would every larger size */
	}
      ok = !stray (&t, &b) && failed (&t);
      free (t.out);
    }
  return ok;
}

/* Return nonzero when run BASE of set SET under BIND is a witness.  */
static int
witness (vf_job *job, int set, const vf_binding *bind, const vf_trial *base)
{
  if (!failed (base) || stray (base, bind))
    return 0;
  for (int k = 0; k < base->nread; k++)
    {
      int j = 0;
      while (bind->blk[j] != base->rblk[k] || bind->off[j] != base->roff[k])
	j++;
      if (!not_the_guess (job, set, bind, j, base))
	{
	  job->culprit = base->rname[k];
	  return 0;
	}
    }
  return 1;
}

/* Return the text of binding BIND, its slots named NAMES: "ext0 = the
   extent of i", and when HELD the integers held at a value too ("negate
   = 0").  */
static const char *
binding_text (vf_job *job, const vf_binding *bind, const char *const *names,
	      int held)
{
  char buf[400];
  int n = 0;
  buf[0] = 0;
  for (int j = 0; j < bind->n && n < 300; j++)
    if (names[j] && bind->idx[j] >= 0)
      n += snprintf (buf + n, sizeof buf - (size_t) n,
		     "%s%s = the extent of %s", n ? ", " : "", names[j],
		     job->comp->index_names[bind->idx[j]]);
    else if (names[j] && held)
      n += snprintf (buf + n, sizeof buf - (size_t) n, "%s%s = %ld",
		     n ? ", " : "", names[j], bind->delta[j]);
  return sf_arena_strdup (job->prog->arena, buf);
}

/* Report failing run R under BIND (a witness) in RESULT; return its
   status.  */
static vf_status
blame (vf_job *job, const vf_binding *bind, const char *const *names,
       const vf_trial *r)
{
  vf_result *res = job->result;
  res->status = r->st;
  res->message = r->msg;
  const char *text = binding_text (job, bind, names, 0);
  if (r->same_extents)
    {
      /* every index one extent: the values say more than the classes */
      char buf[400];
      int n = 0;
      buf[0] = 0;
      for (int j = 0; j < bind->n && n < 300; j++)
	if (names[j])
	  n += snprintf (buf + n, sizeof buf - (size_t) n, "%s%s = %ld",
			 n ? ", " : "", names[j], r->value[j]);
      text = sf_arena_strdup (job->prog->arena, buf);
    }
  if (r->fake && r->st == VF_MISMATCH)
    res->message = sf_arena_printf
      (job->prog->arena, "%s, with random values in '%s', which the "
       "annotation does not describe", r->msg, r->fake);
  res->inputs = sf_arena_printf (job->prog->arena, "%s; %s",
				 trial_inputs (job, r), text);
  res->guessed = NULL;
  return r->st;
}

/* The integers read, the classes of indices they may take, the sets run
   so far.  */
typedef struct vf_infer
{
  vf_binding slots;		/* the integers read (IDX unused) */
  const char *names[VF_MAX_GUESSES];
  int reps[SF_MAX_INDICES], nreps;	/* a representative index per class */
  int cand[VF_MAX_GUESSES][SF_MAX_INDICES];	/* the classes each slot
						   may take */
  int ncand[VF_MAX_GUESSES];
  int failed_same[8];		/* pass 1: sets with one extent that failed */
  int failed_full[8];		/* ... with full patterns (full_sets) */
  int nfailed_same;
  int varied[8], nvaried;	/* pass 1: sets with several extents */
  int full;			/* some term of the reference was zero on
				   every set run: a binding runs sets 8 and
				   9 with full patterns too */
  int order[14], norder;	/* the sets a binding runs, the last that
				   failed first (below 0: -1 - a set with
				   distinct extents, 8 to 11, or -1 - (4 +
				   8 or 9) for one with full patterns) */
  long ext[12][SF_MAX_INDICES];	/* the extents of sets 8-11 with
				   distinct extents, then of sets 0-7 */
  int ext_known[12];
  struct vf_seen *seen;		/* the failures by set and values */
  int too_many;			/* more integers than a binding holds */
  int cand_known;		/* CAND and NCAND filled (candidates) */
  const char *why;		/* not verified: why no binding is chosen */
} vf_infer;

/* Add the guessed integers run R read to IF's slots.  */
static void
add_slots (vf_infer *inf, const vf_trial *r)
{
  for (int k = 0; k < r->nread; k++)
    {
      int j = 0;
      while (j < inf->slots.n && (inf->slots.blk[j] != r->rblk[k]
				  || inf->slots.off[j] != r->roff[k]))
	j++;
      if (j < inf->slots.n)
	continue;
      if (j == VF_MAX_GUESSES)
	{
	  inf->too_many = 1;
	  continue;
	}
      inf->slots.blk[j] = r->rblk[k], inf->slots.off[j] = r->roff[k];
      inf->names[j] = r->rname[k];
      inf->slots.n++;
    }
}

/* Fill IF's classes of indices: one representative per class, from the
   extents of set 0 built with distinct extents.  */
static void
find_classes (vf_job *job, vf_infer *inf)
{
  vf_inputs in;
  vf_binding d;
  memset (&d, 0, sizeof d);
  d.distinct = 1;
  const sf_comp *c = job->comp;
  inf->nreps = 0;
  if (vf_inputs_build (&in, job->prog, c, job->formats, job->opt->nformats,
		       8, job->opt->seed, &d))
    {
      vf_inputs_free (&in);
      return;
    }
  for (int v = 0; v < c->nindices; v++)
    if (in.cls[v] == v && strcmp (c->index_names[v], "scalar_"))
      inf->reps[inf->nreps++] = v;
  memcpy (inf->ext[0], in.ext, sizeof inf->ext[0]);	/* set 8 */
  inf->ext_known[0] = 1;
  vf_inputs_free (&in);
}

/* A failure of the binding search: set CODE (as in ORDER) failed with
   the integers at VALUE.  Two bindings that give the integers the same
   values on a set run the same program on the same inputs, so the
   second need not run: on a set whose indices share few extents, many
   bindings are one run.  */
typedef struct vf_seen
{
  int used, code;
  long value[VF_MAX_GUESSES];
  vf_trial r;			/* its run, without the output */
} vf_seen;

#define VF_SEEN 4096

/* Return the entry of IF's failures for set CODE and the N VALUE, a free
   one when it is not there, or NULL when the table is full.  */
static vf_seen *
seen_slot (vf_infer *inf, int code, const long *value, int n)
{
  if (!inf->seen)
    inf->seen = calloc (VF_SEEN, sizeof (vf_seen));
  if (!inf->seen)
    return NULL;
  unsigned long long h = (unsigned long long) (code + 13) * 0x9e3779b97f4a7c15ull;
  for (int j = 0; j < n; j++)
    h = (h ^ (unsigned long long) value[j]) * 0x100000001b3ull;
  for (int k = 0; k < VF_SEEN; k++)
    {
      vf_seen *e = &inf->seen[(h + (unsigned long long) k) % VF_SEEN];
      if (!e->used
	  || (e->code == code
	      && !memcmp (e->value, value, sizeof (long) * (size_t) n)))
	return e;
    }
  return NULL;
}

/* When run R of set SET under BIND went outside a declared array after
   reading a fake struct, run the set with the struct's other extents
   (vf_binding.fake_shape) in turn: the first that agrees, or else the
   first that fails, replaces R.  The program's struct has one of those
   shapes (their extents are the annotation's); when the loop goes
   outside with each, it is the binding's doing, and R fails as it
   went.  */
static void
other_shapes (vf_job *job, int set, vf_binding *bind, vf_trial *r)
{
  if (!r->fake_struct_out)
    return;
  int shape = bind->fake_shape, found = 0, outside = 1;
  vf_trial best;
  for (int k = 0; k < r->fake_shapes; k++)
    {
      if (k == shape)
	continue;
      vf_trial t;
      bind->fake_shape = k;
      run_one (job, set, bind, &t);
      outside &= t.fake_struct_out;
      if ((t.st == VF_OK && !stray (&t, bind)) || (failed (&t) && !found))
	{
	  if (found)
	    free (best.out);
	  best = t, found = 1;
	  if (t.st == VF_OK)
	    break;
	}
      else
	free (t.out);
    }
  bind->fake_shape = shape;
  if (found)
    {
      free (r->out);
      *r = best;
    }
  else if (outside && r->fake_shapes > 1)
    r->st = VF_OUT_OF_BOUNDS;
}

/* Return the status of binding BIND over the sets with several extents:
   VF_OK when every one agrees; else the status of the first failure,
   its run in *FAIL (its set in *FSET).  The set that failed moves to
   the front: a wrong annotation fails most bindings on the same set, so
   each costs one run, or none when an earlier binding gave the
   integers the same values there.  A set whose run went outside after
   reading a fake struct comes last, its struct's other extents tried
   (other_shapes) only when no other set failed.  */
static vf_status
try_binding (vf_job *job, vf_infer *inf, vf_binding *bind, vf_trial *fail,
	     int *fset)
{
  if (!inf->norder)
    {
      /* the first sets first: their indices share few extents, so
	 their runs serve many bindings */
      for (int k = 0; k < inf->nvaried; k++)
	inf->order[inf->norder++] = inf->varied[k];
      for (int k = 0; k < 4; k++)
	inf->order[inf->norder++] = -1 - (8 + k);
      for (int k = 0; inf->full && k < 2; k++)
	inf->order[inf->norder++] = -1 - (12 + k);
    }
  int full = bind->full;
  vf_trial later[14];		/* runs outside after reading a fake
				   struct: its other extents last */
  int nlater = 0, later_k[14];
  for (int pass = 0; pass < 2; pass++)
  for (int q = 0; q < (pass ? nlater : inf->norder); q++)
    {
      int k = pass ? later_k[q] : q;
      int code = inf->order[k];
      int set = code < 0 ? -1 - code : code;
      bind->full = set >= 12;
      set -= set >= 12 ? 4 : 0;	/* the same extents as without */
      int place = code < 0 ? set - 8 : 4 + set;
      bind->distinct = code < 0;
      vf_seen *e = NULL;
      long value[VF_MAX_GUESSES];
      if (!inf->ext_known[place])
	{
	  /* the extents do not depend on the binding's values */
	  vf_inputs in;
	  if (!vf_inputs_build (&in, job->prog, job->comp, job->formats,
				job->opt->nformats, set, job->opt->seed, bind))
	    {
	      memcpy (inf->ext[place], in.ext, sizeof in.ext);
	      inf->ext_known[place] = 1;
	    }
	  vf_inputs_free (&in);
	}
      if (inf->ext_known[place])
	{
	  for (int j = 0; j < bind->n; j++)
	    value[j] = (bind->idx[j] >= 0 ? inf->ext[place][bind->idx[j]] : 0)
		       + bind->delta[j];
	  e = seen_slot (inf, code, value, bind->n);
	}
      vf_trial r;
      if (pass)
	{
	  /* no other set failed: the struct's other extents decide */
	  r = later[q];
	  other_shapes (job, set, bind, &r);
	}
      else if (e && e->used)
	{
	  r = e->r;
	  r.out = NULL;
	}
      else
	{
	  run_one (job, set, bind, &r);
	  if (r.fake_struct_out && nlater < 14)
	    {
	      free (r.out);
	      r.out = NULL;
	      later[nlater] = r;
	      later_k[nlater++] = k;
	      bind->full = full;
	      continue;
	    }
	}
      bind->full = full;
      if (r.st == VF_OK && !stray (&r, bind))
	{
	  free (r.out);
	  continue;
	}
      if (r.st == VF_UNVERIFIED && r.typed_outside && !stray (&r, bind))
	r.st = VF_OUT_OF_BOUNDS;	/* every integer it read bound: the
					   array's size is the program's */
      if (e && !e->used && failed (&r))
	{
	  e->used = 1, e->code = code;
	  memcpy (e->value, value, sizeof (long) * (size_t) bind->n);
	  e->r = r;
	  e->r.out = NULL;
	}
      if (!pass)
	{
	  memmove (inf->order + 1, inf->order, sizeof (int) * (size_t) k);
	  inf->order[0] = code;
	}
      *fail = r;
      *fset = set;
      return r.st == VF_OK ? VF_INCONCLUSIVE : r.st;
    }
  return VF_OK;
}

/* Return the binding number K of IF's slots: slot J takes the class
   CAND[J][K's digit J], in the mixed base of the counts NCAND.  */
static vf_binding
nth_binding (const vf_infer *inf, long k)
{
  vf_binding b = inf->slots;
  for (int j = 0; j < b.n; j++)
    {
      b.idx[j] = inf->cand[j][k % inf->ncand[j]];
      k /= inf->ncand[j];
      b.delta[j] = 0;
    }
  b.distinct = 0;
  return b;
}

/* Return IF's integers each at 1, on a set with distinct extents: the
   binding the probes of one integer start from (candidates, saturated,
   acts_as_bound).  */
static vf_binding
all_ones (const vf_infer *inf)
{
  vf_binding b = inf->slots;
  for (int o = 0; o < b.n; o++)
    b.idx[o] = -1, b.delta[o] = 1;
  b.distinct = 1;
  return b;
}

/* Fill IF's candidates: slot J may take class C unless, on a set with
   distinct extents, the loop goes outside an array with slot J at C's
   extent and every other slot 1 (more iterations elsewhere would not
   bring it back inside).  Return a slot that may take none, with the
   run that went outside at its last class in *OUT under *OUTB; or -1.  */
static int
candidates (vf_job *job, vf_infer *inf, vf_trial *out, vf_binding *outb)
{
  int none = -1;
  inf->cand_known = 1;
  for (int j = 0; j < inf->slots.n; j++)
    {
      inf->ncand[j] = 0;
      for (int c = 0; c < inf->nreps; c++)
	{
	  vf_binding b = all_ones (inf);
	  b.idx[j] = inf->reps[c], b.delta[j] = 0;
	  vf_trial r;
	  run_one (job, 8, &b, &r);
	  free (r.out);
	  r.out = NULL;
	  if (r.st != VF_OUT_OF_BOUNDS || stray (&r, &b))
	    inf->cand[j][inf->ncand[j]++] = inf->reps[c];
	  else if (none < 0 && c == inf->nreps - 1 && !inf->ncand[j])
	    {
	      none = j;
	      *out = r;
	      *outb = b;
	    }
	}
      /* The largest extent first: a loop bound is most often the largest
	 extent that keeps the loop inside its arrays, so the binding
	 that agrees comes early.  */
      for (int a = 1; a < inf->ncand[j]; a++)
	for (int z = a; z > 0 && inf->ext[0][inf->cand[j][z]]
				 > inf->ext[0][inf->cand[j][z - 1]]; z--)
	  {
	    int t = inf->cand[j][z];
	    inf->cand[j][z] = inf->cand[j][z - 1];
	    inf->cand[j][z - 1] = t;
	  }
    }
  return none;
}

/* Return nonzero when binding BIND, which agrees, sets each integer as
   high as the arrays allow on the first set with distinct extents: any
   larger value, up to one past the largest extent, goes outside an
   array or leaves the output as it was.  A binding that cuts a loop
   short (a term's loop bounded by the extent of another, smaller index)
   may agree with an annotation that lacks the term; it verifies
   nothing.  */
static int
natural (vf_job *job, const vf_binding *bind)
{
  vf_binding b = *bind;
  b.distinct = 1;
  vf_trial base;
  run_one (job, 8, &b, &base);
  int ok = base.st == VF_OK && !stray (&base, &b);
  for (int j = 0; ok && j < b.n; j++)
    for (long v = base.value[j] + 1; ok && v <= base.maxext + 1; v++)
      {
	vf_binding u = b;
	vf_trial r;
	u.idx[j] = -1, u.delta[j] = v;
	run_one (job, 8, &u, &r);
	ok = !stray (&r, &u) && (r.st == VF_OUT_OF_BOUNDS
				 || (r.st != VF_UNVERIFIED
				     && same_output (&r, &base)));
	int outside = r.st == VF_OUT_OF_BOUNDS;
	free (r.out);
	if (outside)
	  break;
      }
  free (base.out);
  return ok;
}

/* The steps the test of whether a binding pins an integer may take
   (about 1.5 ms); past them the integer goes untested at run time.  */
#define VF_PINNED_BUDGET 300000

/* Return how integer J of binding BIND, which agrees, may differ from
   the value BIND gives it, on the first set with distinct extents,
   with full patterns, trying every other value from 0 to one past the
   largest extent:
   0 when no other value makes the loop differ or go outside an array
   (if (ext0 >= 0) ...: the integer does not matter), VF_BOUND_GE when
   every smaller one does and no larger one (a loop that searches its
   indices: more rounds find nothing), else VF_BOUND_EQ: when every
   other value fails, when some smaller ones agree and others not (a
   flag: any value from 1 agrees, 0 does not), and when a run gives no
   verdict or the steps run out, since then no other value is known to
   do.  The region tests the integer at run time (vf_result.bound_*) as
   the last two say; with 0 the program may pass it anything.  */
static int
pinned (vf_job *job, const vf_binding *bind, int j)
{
  vf_binding b = *bind;
  b.distinct = 1;
  b.full = 1;			/* no empty fiber: a loop cut short shows */
  long limit = job->limit;
  job->limit = job->result->steps + VF_PINNED_BUDGET;	/* its own */
  vf_trial base;
  run_one (job, 8, &b, &base);
  free (base.out);
  int below = base.st == VF_OK, above = 1, late = 0, fails = 0;
  vf_trial other;		/* the binding on set 9 */
  other.st = VF_INCONCLUSIVE;
  for (long v = 0; v <= base.maxext + 1 && base.st == VF_OK; v++)
    {
      if (v == base.value[j])
	continue;
      vf_binding u = b;
      u.idx[j] = -1, u.delta[j] = v;
      vf_trial r;
      run_one (job, 8, &u, &r);
      free (r.out);
      if (r.st == VF_UNVERIFIED && !(r.typed_outside && !stray (&r, &u)))
	{
	  late = 1;		/* out of time, or no verdict */
	  break;
	}
      if (failed (&r) || r.st == VF_UNVERIFIED)
	{
	  fails = 1;
	  continue;
	}
      /* It agrees: unless it fails on set 9, as far from the binding's
	 value (a slice whose values happen to sum to zero agrees once).  */
      if (other.st == VF_INCONCLUSIVE)
	{
	  run_one (job, 9, &b, &other);
	  free (other.out);
	}
      long w = v - base.value[j] + other.value[j];
      if (other.st == VF_OK && w >= 0)
	{
	  u.delta[j] = w;
	  run_one (job, 9, &u, &r);
	  free (r.out);
	  if (failed (&r) && !stray (&r, &u))
	    {
	      fails = 1;
	      continue;
	    }
	}
      *(v < base.value[j] ? &below : &above) = 0;
    }
  job->limit = limit;
  if (late || base.st != VF_OK)
    return VF_BOUND_EQ;		/* not known whether other values would
				   do: the value the binding gives */
  if (!below && !above && !fails)
    return 0;			/* no value makes the loop differ */
  return below && !above ? VF_BOUND_GE : VF_BOUND_EQ;
}

/* Add slot J of binding B (IF's integers) to RESULT's bounds, tested as
   HOW says, or as equal to the extent of the classes in ALT too.  */
static void
add_bound (vf_result *res, const vf_infer *inf, const vf_binding *b, int j,
	   int how, unsigned alt)
{
  int m = res->nbound++;
  res->bound_alt[m] = alt;
  res->bound_how[m] = how;
  res->bound_name[m] = inf->names[j];
  res->bound_blk[m] = b->blk[j];
  res->bound_off[m] = b->off[j];
  res->bound_idx[m] = b->idx[j];
  res->bound_delta[m] = b->delta[j];
}

/* Express each bound integer of JOB's result (as BIND's run of set 8
   read it) from a variable: a block the inputs made for a pointer (the
   struct a parameter points to) gives the pointer's block and byte, up
   to VF_MAX_DEREF pointers (vf_result.bound_path).  One reached through
   no variable gets block 0: the test at the entry cannot read it.  */
static void
root_bounds (vf_job *job, const vf_binding *bind)
{
  vf_result *res = job->result;
  vf_inputs in;
  vf_binding b = *bind;
  b.distinct = 1;
  int built = !vf_inputs_build (&in, job->prog, job->comp, job->formats,
				job->opt->nformats, 8, job->opt->seed, &b);
  for (int k = 0; k < res->nbound; k++)
    {
      int blk = res->bound_blk[k], d = 0;
      long off = res->bound_off[k], path[VF_MAX_DEREF];
      while (built && blk > job->prog->nvars && blk < in.mem.n
	     && in.mem.b[blk].from_blk > 0 && d < VF_MAX_DEREF)
	{
	  path[d++] = off;
	  off = in.mem.b[blk].from_off;
	  blk = in.mem.b[blk].from_blk;
	}
      res->bound_nderef[k] = d;
      for (int i = 0; i < d; i++)
	res->bound_path[k][i] = path[d - 1 - i];
      res->bound_blk[k] = blk <= job->prog->nvars ? blk : 0;
      res->bound_off[k] = off;
    }
  vf_inputs_free (&in);
}

/* Store in ALT[J] the classes of indices (a bit per representative)
   slot J takes in the bindings after number FROM (up to TOTAL) that
   agree too: where the inputs give two classes one extent (a constant of
   a C type, and a format's dims that may not exceed it), the checker
   cannot tell which one the program passes, and the test at run time
   must accept each.  Return zero when the search ran out of its steps:
   the integers then go untested.  */
static int
every_agreeing (vf_job *job, vf_infer *inf, long from, long total,
		unsigned *alt)
{
  long limit = job->limit;
  job->limit = job->result->steps + 2 * VF_PINNED_BUDGET;
  int complete = 1;
  memset (alt, 0, sizeof (unsigned) * (size_t) inf->slots.n);
  for (long k = from + 1; k < total && complete; k++)
    {
      vf_binding u = nth_binding (inf, k);
      vf_trial r;
      int set;
      vf_status st = try_binding (job, inf, &u, &r, &set);
      if (st == VF_OK)
	for (int j = 0; j < u.n; j++)
	  alt[j] |= 1u << u.idx[j];
      else
	{
	  free (r.out);
	  complete = st != VF_UNVERIFIED;
	}
    }
  job->limit = limit;
  return complete;
}

/* The steps saturated may take, of the inference's.  */
#define VF_SATURATE_BUDGET 1000000

/* Keep, of IF's candidates for each slot, the classes whose extent
   gives the output the slot's largest values give; return nonzero when
   some slot lost some.  On the first set with distinct extents, with
   full patterns and the other integers 1, the slot runs at 1, 2, ... one
   past the largest extent, or up to the last value inside the arrays.
   A loop bound runs the rounds of its index: each round up to the
   extent changes the output (every coordinate is there), the rounds past
   it find nothing (the output stays) or go outside an array.  A class
   of a smaller extent, where the output is not yet the last one, cuts
   the loop short: a binding that takes it agrees at best by leaving out
   what those rounds add, which verifies nothing (natural).  A class of
   an extent past the last value inside goes outside with the other
   integers larger too.  So neither is tried.  A slot with no class left
   (no value gave the last output before it, as for a stride or a count
   of entries) keeps its candidates, and so does a slot whose runs read
   an integer the binding lacks, give no verdict or run out of the
   steps.  */
static int
saturated (vf_job *job, vf_infer *inf)
{
  int cut = 0;
  long top = 0, limit = job->limit;
  for (int c = 0; c < inf->nreps; c++)
    if (inf->ext[0][inf->reps[c]] > top)
      top = inf->ext[0][inf->reps[c]];
  if (job->result->steps + VF_SATURATE_BUDGET < limit)
    job->limit = job->result->steps + VF_SATURATE_BUDGET;
  for (int j = 0; j < inf->slots.n && top < 32; j++)
    {
      vf_binding b = all_ones (inf);
      b.full = 1;
      vf_trial r[32];
      long n = 0;		/* r[v - 1]: the slot at V, inside */
      int outside = 0, stop = 0;
      for (long v = 1; v <= top + 1 && !stop; v++)
	{
	  b.delta[j] = v;
	  vf_trial *t = &r[n];
	  run_one (job, 8, &b, t);
	  if (stray (t, &b))
	    stop = 2;		/* an integer it lacks */
	  else if (t->st == VF_OUT_OF_BOUNDS
		   || (t->st == VF_UNVERIFIED && t->typed_outside))
	    stop = outside = 1;
	  else if (t->st == VF_UNVERIFIED)
	    stop = 2;		/* no verdict, or out of steps */
	  else
	    n++;
	  if (stop)
	    free (t->out);
	}
      int keep = 0;
      for (int c = 0; stop != 2 && n && c < inf->ncand[j]; c++)
	{
	  long x = inf->ext[0][inf->cand[j][c]];
	  if (x >= 1 && (x <= n ? same_output (&r[x - 1], &r[n - 1])
			 : !outside))
	    inf->cand[j][keep++] = inf->cand[j][c];
	}
      if (keep && keep < inf->ncand[j])
	inf->ncand[j] = keep, cut = 1;
      for (long v = 0; v < n; v++)
	free (r[v].out);
    }
  job->limit = limit;
  return cut;
}

#define VF_MAX_BINDINGS 1024
/* The steps the inference may run beyond the first sets' (about 20 ms
   on a quiet machine, at some 200 million steps a second), and half as many for the search of a dependence
   on arrays the annotation does not describe: a region that spends
   them is one the checker cannot settle, or a wrong annotation.  */
#define VF_INFER_BUDGET 4000000
#define TOO_LONG "and binding it to the annotation's extents takes longer " \
  "than the checker allows"

/* Infer the integers of IF the annotation does not bind (the outline
   above); return the status, RESULT filled.  */
static vf_status
infer (vf_job *job, vf_infer *inf)
{
  vf_result *res = job->result;
  find_classes (job, inf);
  if (inf->nreps == 0 || inf->too_many)
    {
      inf->why = inf->nreps == 0 ? "and the annotation has no extent it may "
		 "take" : "nor the others, too many for the checker";
      return VF_UNVERIFIED;
    }
  job->limit = res->steps + VF_INFER_BUDGET;
  /* 1. the sets with one extent; each with random patterns again with
     full ones (any set's witness will do): a value that agrees only
     because the patterns never met (the annotation's result zero, the
     loop's cut to nothing) fails there  */
  for (int g = 0; g < 2 * inf->nfailed_same; g++)
    {
      int f = g % inf->nfailed_same, full = g >= inf->nfailed_same;
      if (full && inf->failed_full[f])
	continue;
      vf_binding b = inf->slots;	/* one extent: any class */
      for (int j = 0; j < b.n; j++)
	b.idx[j] = inf->reps[0], b.delta[j] = 0;
      b.full = full || inf->failed_full[f];
      vf_trial r;
      run_one (job, inf->failed_same[f], &b, &r);
      int w = witness (job, inf->failed_same[f], &b, &r);
      if (w)
	blame (job, &b, inf->names, &r);
      free (r.out);
      if (w)
	return res->status;
    }
  if (inf->nfailed_same)
    {
      inf->why = res->steps >= job->limit ? TOO_LONG
		 : "and with it set to the extents the loop differs, but "
		   "another value of it may make it agree";
      return VF_UNVERIFIED;
    }
  /* 2. every binding */
  vf_trial out;
  vf_binding outb;
  if (candidates (job, inf, &out, &outb) >= 0)
    {
      /* every class takes the loop outside an array: so does every
	 binding */
      if (res->steps >= job->limit)
	{
	  inf->why = TOO_LONG;
	  return VF_UNVERIFIED;
	}
      blame (job, &outb, inf->names, &out);
      res->inputs = sf_arena_printf (job->prog->arena, "%s (the others 1)",
				     res->inputs);
      return res->status;
    }
  long total = 1;
  for (int j = 0; j < inf->slots.n && total <= VF_MAX_BINDINGS; j++)
    total *= inf->ncand[j];
  if (total > VF_MAX_BINDINGS && saturated (job, inf))
    {
      total = 1;
      for (int j = 0; j < inf->slots.n && total <= VF_MAX_BINDINGS; j++)
	total *= inf->ncand[j];
    }
  if (total > VF_MAX_BINDINGS)
    {
      inf->why = "nor the others, too many ways to bind them to the "
		 "annotation's extents";
      return VF_UNVERIFIED;
    }
  vf_binding blamed;
  vf_trial first;
  memset (&first, 0, sizeof first);
  int conclusive = 1, cut = 0;
  for (long k = 0; k < total; k++)
    {
      vf_binding b = nth_binding (inf, k);
      vf_trial r;
      int set;
      vf_status st = try_binding (job, inf, &b, &r, &set);
      if (st == VF_OK && !natural (job, &b))
	{
	  conclusive = 0;	/* agrees, but owes it to a bound cut short */
	  cut = 1;
	  continue;
	}
      if (st == VF_OK)
	{
	  free (first.out);
	  res->binding = binding_text (job, &b, inf->names, 0);
	  int how;
	  unsigned alt[VF_MAX_GUESSES];
	  int known = every_agreeing (job, inf, k, total, alt);
	  for (int j = 0; j < b.n && known; j++)
	    if (b.idx[j] >= 0 && (how = pinned (job, &b, j)))
	      add_bound (res, inf, &b, j, how, alt[j] & ~(1u << b.idx[j]));
	  root_bounds (job, &b);
	  return VF_OK;
	}
      /* 3. every binding fails: the first difference is the message */
      conclusive &= st == VF_MISMATCH || st == VF_OUT_OF_BOUNDS;
      if (!first.st || (first.st != VF_MISMATCH && st == VF_MISMATCH))
	{
	  free (first.out);
	  first = r;
	  blamed = b;
	}
      else
	free (r.out);
    }
  if (conclusive && first.st)
    blame (job, &blamed, inf->names, &first);
  free (first.out);
  if (conclusive && first.st)
    return res->status;
  inf->why = res->steps >= job->limit ? TOO_LONG
	     : cut ? "and the bindings of it to the annotation's extents that "
		     "agree cut a loop short"
	     : "and no binding of it to the annotation's extents agrees, but "
	       "some run read a value still guessed";
  return VF_UNVERIFIED;
}

/* ---- arrays the annotation does not describe ----

   A loop that reads an array the annotation does not mention (a factor
   or a term dropped from it) cannot be run on the inputs alone.  When the
   array holds floating values, it is given random values three times, the
   rest of the inputs alike: when the output differs, the loop's result
   depends on the array and the annotation's, which ignores it, cannot be
   right.
   With integers the annotation does not bind, the result must differ
   with each of them at every value from 0 (1 for a loop bound) to one
   past the largest extent, but the values that go outside an array, so
   that no value of theirs can be what the annotation assumed.  */

/* Return nonzero when the runs of set SET under BIND with three fillings
   of the fake arrays complete and do not all leave the same output; *A
   gets the first run (its output kept), when A.  */
static int
differs (vf_job *job, int set, vf_binding *bind, vf_trial *a)
{
  vf_trial r[3];
  int done = 1;
  for (int k = 0; k < 3; k++)
    {
      bind->fake = k + 1;
      bind->fake_shape = job->fake_shape;
      bind->full = job->full;
      run_one (job, set, bind, &r[k]);
      done &= r[k].st == VF_OK || r[k].st == VF_MISMATCH;
    }
  int d = r[0].fake && done && (!close_output (&r[0], &r[1])
				|| !close_output (&r[0], &r[2]));
  for (int k = 1; k < 3; k++)
    free (r[k].out);
  if (a)
    *a = r[0];
  else
    free (r[0].out);
  return d;
}

/* Return nonzero when, on set SET, no value of slot J of IF from 0 to
   one past MAXEXT makes the loop agree with the annotation whatever the
   fake arrays hold: at each value the output differs with the fillings,
   or it goes outside an array (no caller passes that value; 0 aside),
   or, above the values that stay inside, outside a fake struct (whose
   extents are the checker's choice: the loop reads more of it there),
   or it differs from the annotation alike with every filling, or (when
   the slot acts as a loop bound: more steps with each value from 1 up
   to the last inside the arrays) it agrees but a larger value inside
   the arrays changes the output: a loop cut short, while the annotation
   assumes each bound as high as the arrays allow.  */
static int
differs_always (vf_job *job, vf_infer *inf, int set, int j, long maxext)
{
  vf_binding b;
  memset (&b, 0, sizeof b);
  b.full = job->full;
  b.n = 1;
  b.blk[0] = inf->slots.blk[j], b.off[0] = inf->slots.off[j];
  b.idx[0] = -1;
  vf_trial a[64];
  int diff[64];
  long n = maxext + 2;
  if (n > 64)
    return 0;
  for (long v = 0; v < n; v++)
    {
      b.delta[0] = v;
      diff[v] = differs (job, set, &b, &a[v]);
    }
  long last;
  int bound = loop_bound (a, n, &last);
  /* as in not_the_guess, with the first filling's runs */
  long e = a[0].same_extents ? a[0].extent : -1;
  int numeric = !bound && e >= 0 && numeric_int (a, n, NULL);
  int all = 1;
  for (long v = bound ? 1 : 0; all && v < n; v++)
    {
      if (diff[v] || a[v].st == VF_MISMATCH
	  || (v >= 1 && (a[v].st == VF_OUT_OF_BOUNDS
			 || (v > last && a[v].fake_outside)))
	  || (numeric && (v < e - 1 || v > e + 1)))
	continue;
      int cut = 0;
      for (long w = v + 1; bound && !cut && a[v].st == VF_OK && w <= last;
	   w++)
	cut = a[w].st != VF_UNVERIFIED && (diff[w]
					   || !same_output (&a[w], &a[v]));
      all = cut;
    }
  for (long v = 0; v < n; v++)
    free (a[v].out);
  return all;
}

/* The bindings every_binding_differs tries at most.  */
#define VF_DEPENDS_BINDINGS 256

/* Return nonzero when, on set SET, every binding of IF's integers to
   the classes of indices (at most VF_DEPENDS_BINDINGS of them) leaves
   an output that differs with the fillings of the fake arrays, or
   differs from the annotation alike with each, or goes outside an
   array: none makes the loop agree whatever those arrays hold.  */
static int
every_binding_differs (vf_job *job, vf_infer *inf, int set)
{
  if (!inf->nreps)
    find_classes (job, inf);
  long total = 1;
  for (int j = 0; j < inf->slots.n && total <= VF_DEPENDS_BINDINGS; j++)
    total *= inf->nreps;
  if (!inf->nreps || total > VF_DEPENDS_BINDINGS)
    return 0;
  for (long k = 0; k < total; k++)
    {
      vf_binding b = inf->slots;
      long q = k;
      for (int j = 0; j < b.n; j++, q /= inf->nreps)
	b.idx[j] = inf->reps[q % inf->nreps], b.delta[j] = 0;
      vf_trial a;
      int d = differs (job, set, &b, &a);
      vf_status st = a.st;
      free (a.out);
      if (!d && st != VF_MISMATCH && st != VF_OUT_OF_BOUNDS)
	return 0;		/* agrees, or no verdict */
    }
  return 1;
}

/* Return the name of the declared format of the variable NAME when it
   is a struct (or a pointer to one) the inputs give a tensor of that
   format, a fake one; else NULL.  */
static const char *
fake_format (const vf_job *job, const char *name)
{
  for (int k = 0; name && k < job->prog->nvars; k++)
    {
      const vf_var *v = &job->prog->vars[k];
      const vf_ctype *t = v->type;
      if (t && t->kind == VF_C_POINTER)
	t = t->elem;
      if (v->env && v->name && !strcmp (v->name, name) && t
	  && t->kind == VF_C_STRUCT && v->format >= 1
	  && v->format <= job->opt->nformats && job->formats)
	{
	  const char *f = job->formats[v->format - 1].type_name;
	  return strncmp (f, "struct ", 7) ? f : f + 7;
	}
    }
  return NULL;
}

/* Look for a set where the loop's result depends on an array the
   annotation does not describe (IF: the integers guessed); return
   VF_MISMATCH with RESULT filled, or VF_UNVERIFIED.  */
static vf_status
depends (vf_job *job, vf_infer *inf)
{
  static const int sets[] = { 1, 2, 0, 4, 5, 6, 7 };
  vf_result *res = job->result;
  /* a budget of its own: the binding search may have spent its one */
  job->limit = res->steps + VF_INFER_BUDGET / 2;
  job->fake_outside_ok = 1;
  /* Random patterns first, then full ones on the first three sets: an
     undescribed struct, or the sparse output whose entries it adds to,
     may be empty on every set.  */
  for (int k = 0; k < 10; k++)
    {
      job->full = k >= 7;
      vf_binding b;
      vf_trial a;
      int d = 0;
      /* Each choice of the extents of the structs the annotation does
	 not name, until one shows the dependence.  */
      for (job->fake_shape = 0;; job->fake_shape++)
	{
	  memset (&b, 0, sizeof b);
	  d = differs (job, sets[k % 7], &b, &a);
	  free (a.out);
	  a.out = NULL;
	  if (d || job->fake_shape + 1 >= a.fake_shapes)
	    break;
	}
      if (!d)
	continue;
      add_slots (inf, &a);
      /* Each integer varies with the others at their guess: on a set of
	 one extent, that extent; elsewhere a guess that may be wrong for
	 two of them at once (terms that cancel when both are right), so
	 there every binding of them to the classes must differ too.  */
      int all = !inf->too_many;
      if (all && inf->slots.n >= 2 && !a.same_extents)
	all = every_binding_differs (job, inf, sets[k % 7]);
      for (int j = 0; j < inf->slots.n && all; j++)
	all = differs_always (job, inf, sets[k % 7], j, a.maxext);
      if (!all)
	continue;
      job->full = 0;
      res->status = VF_MISMATCH;
      const char *fmt = fake_format (job, a.fake);
      res->message = fmt ? sf_arena_printf
	(job->prog->arena, "the loop does not compute what the annotation "
	 "says: it reads the tensor '%s' (format %s), which the annotation "
	 "does not use: a factor or a term is missing", a.fake, fmt)
	: sf_arena_printf
	(job->prog->arena, "the loop does not compute what the annotation "
	 "says: its result depends on '%s', which the annotation does not "
	 "describe", a.fake);
      res->inputs = sf_arena_printf
	(job->prog->arena, "%s; '%s' random", trial_inputs (job, &a), a.fake);
      res->guessed = NULL;
      job->fake_outside_ok = 0;
      return VF_MISMATCH;
    }
  job->full = 0;
  job->fake_outside_ok = 0;
  return VF_UNVERIFIED;
}

/* ---- integers held at a value ----

   When no binding of the integers to the extents agrees, one that holds
   some of them at a small value may: a flag (negate ? -s : s, with
   negate 0), a factor or a term the annotation leaves out (E * G with G
   1, + v with v 0).  The annotation then describes the loop at that
   value alone.  The region verifies with every integer of the binding
   tested at its entry (vf_result.held; a held one has BOUND_IDX -1),
   and the loop runs at any other value: the program stays right, and
   the note says what the annotation assumes.

   An integer that acts as a loop bound (more steps with each value) is
   held at no value: a loop bounded at 0 agrees with an annotation that
   lacks its term, and such a test would leave the loop at every size
   that matters.

   Each integer's options come in an order: a loop bound's classes (the
   largest extent first); another's values 0 to VF_NHELD - 1, then its
   classes.  The bindings are tried by the sum of their options' places
   in those orders, so that the four elements of an order-4 CSF's
   mode_order, all held, come before the bindings that hold one of them
   and give the others classes (2,000 of those, against the search's
   cap of VF_MAX_BINDINGS tries).  */

/* The values an integer may be held at: 0 to VF_NHELD - 1.  */
#define VF_NHELD 4

/* Return nonzero when binding BIND agrees on every set: the first sets,
   the sets with distinct extents, and two with full patterns.  ORDER
   (NORDER codes, as in vf_infer.order; full patterns from 100 up) puts
   the last set that failed first.  A run that reads an integer BIND
   does not hold fails, and the integer joins IF's.  */
static int
holds (vf_job *job, vf_infer *inf, const vf_binding *bind, int *order,
       int norder)
{
  for (int k = 0; k < norder; k++)
    {
      int code = order[k];
      vf_binding b = *bind;
      int set = code >= 100 ? code - 100 : code < 0 ? -1 - code : code;
      b.distinct = code < 0 || (code >= 100 && set >= 8);
      b.full = code >= 100;
      vf_trial r;
      run_one (job, set, &b, &r);
      free (r.out);
      if (stray (&r, &b))
	add_slots (inf, &r);
      if (r.st != VF_OK || stray (&r, &b))
	{
	  memmove (order + 1, order, sizeof (int) * (size_t) k);
	  order[0] = code;
	  return 0;
	}
    }
  return 1;
}

/* Return nonzero when slot J of IF acts as a loop bound: on the first
   set with distinct extents, the other integers 1, each value from 1 to
   the last inside the arrays (up to one past the largest extent) takes
   more steps than the one before.  Such an integer is held at no value
   (held_how), so held() tries only its classes.  */
static int
acts_as_bound (vf_job *job, const vf_infer *inf, int j)
{
  vf_binding b = all_ones (inf);
  vf_trial r[34];
  long n = 1;			/* from the first run's extents */
  for (long v = 0; v < n; v++)
    {
      b.delta[j] = v;
      run_one (job, 8, &b, &r[v]);
      free (r[v].out);
      if (v == 0)
	n = r[0].maxext + 2 < 34 ? r[0].maxext + 2 : 34;
    }
  long last;
  return loop_bound (r, n, &last);
}

/* Return how slot J of BIND, which agrees holding it at a value, is
   tested at the region's entry: VF_BOUND_GE when every smaller value
   from 0 fails and every larger one up to one past the largest extent
   agrees (a flag read as nonzero, held at 1), else VF_BOUND_EQ; or 0
   when it acts as a loop bound, or the runs took longer than the check
   allows.  */
static int
held_how (vf_job *job, const vf_binding *bind, int j)
{
  vf_binding b = *bind;
  b.distinct = 1;
  b.full = 1;
  vf_trial r[34];
  long n = 1;			/* from the first run's extents */
  int how = VF_BOUND_EQ, below = 1, above = 1, late = 0;	/* fail, agree */
  for (long v = 0; v < n; v++)
    {
      vf_binding u = b;
      u.delta[j] = v;
      run_one (job, 8, &u, &r[v]);
      if (v == 0)
	n = r[0].maxext + 2 < 34 ? r[0].maxext + 2 : 34;
      late |= r[v].st == VF_UNVERIFIED && !r[v].steps;
      if (v < bind->delta[j])
	below &= failed (&r[v]);
      else if (v > bind->delta[j])
	above &= r[v].st == VF_OK && !stray (&r[v], &u);
    }
  long last;
  if (late || loop_bound (r, n, &last))
    how = 0;
  else if (below && above && bind->delta[j] > 0)
    how = VF_BOUND_GE;
  for (long v = 0; v < n; v++)
    free (r[v].out);
  return how;
}

/* Fill the result of JOB with binding BIND, which holds some integers
   at a value and agrees, each integer tested as HOW says (0: equal).  */
static void
record_held (vf_job *job, const vf_infer *inf, const vf_binding *b,
	     const int *how)
{
  vf_result *res = job->result;
  res->nbound = 0;
  for (int j = 0; j < b->n; j++)
    add_bound (res, inf, b, j, how[j] ? how[j] : VF_BOUND_EQ, 0);
  res->binding = binding_text (job, b, inf->names, 1);
  res->held = 1;
  root_bounds (job, b);
}

/* Look for a binding of IF's integers that holds some at a value and
   agrees (the outline above); return VF_OK with RESULT's binding and
   bounds filled, or VF_UNVERIFIED.  */
static vf_status
held (vf_job *job, vf_infer *inf)
{
  vf_result *res = job->result;
  long limit = job->limit;
  job->limit = res->steps + VF_INFER_BUDGET / 2;
  int order[16], norder = 0;
  for (int s = 0; s < job->opt->nsets && s < 8; s++)
    order[norder++] = s;
  for (int s = 8; s < 12; s++)
    order[norder++] = -1 - s;
  order[norder++] = 101;
  order[norder++] = 108;
  vf_status st = VF_UNVERIFIED;
  long tried = 0;
  /* A run may read an integer no earlier run read (a third mode_order[k]
     after the first two): the search starts again with it.  */
  for (int round = 0; round < 3 && st != VF_OK; round++)
    {
      vf_binding base = inf->slots;
      int n = base.n;
      if (n == 0 || inf->too_many)
	break;
      if (round > 0 || !inf->cand_known)
	{
	  /* the classes that keep the loop inside its arrays */
	  vf_trial out;
	  vf_binding outb;
	  if (candidates (job, inf, &out, &outb) >= 0)
	    free (out.out);
	}
      /* each slot's options: a loop bound's classes; another's values,
	 then its classes */
      int opt[VF_MAX_GUESSES][SF_MAX_INDICES + VF_NHELD];
      int nopt[VF_MAX_GUESSES];
      long total = 1;
      int most = 0;		/* the largest sum of option numbers */
      for (int j = 0; j < n && total <= 64 * VF_MAX_BINDINGS; j++)
	{
	  nopt[j] = 0;
	  int bound = acts_as_bound (job, inf, j);
	  for (int v = 0; v < VF_NHELD && !bound; v++)
	    opt[j][nopt[j]++] = -1 - v;
	  for (int c = 0; c < inf->ncand[j]; c++)
	    opt[j][nopt[j]++] = inf->cand[j][c];
	  total *= nopt[j];
	  most += nopt[j] - 1;
	}
      if (total == 0 || total > 64 * VF_MAX_BINDINGS)
	break;
      /* the first options first: the bindings by the sum of their
	 option numbers */
      for (int sum = 0; sum <= most && st != VF_OK && inf->slots.n == n;
	   sum++)
	for (long k = 0; k < total && st != VF_OK && inf->slots.n == n; k++)
	  {
	    if (res->steps >= job->limit || tried >= VF_MAX_BINDINGS)
	      break;
	    vf_binding b = base;
	    long q = k;
	    int nheld = 0, rank = 0;
	    for (int j = 0; j < n; j++)
	      {
		int o = opt[j][q % nopt[j]];
		rank += (int) (q % nopt[j]);
		q /= nopt[j];
		b.idx[j] = o >= 0 ? o : -1;
		b.delta[j] = o >= 0 ? 0 : -1 - o;
		nheld += o < 0;
	      }
	    if (rank != sum || !nheld)
	      continue;
	    tried++;
	    if (!holds (job, inf, &b, order, norder))
	      continue;
	    int how[VF_MAX_GUESSES], ok = 1;
	    for (int j = 0; j < n && ok; j++)
	      if (b.idx[j] < 0)
		ok = (how[j] = held_how (job, &b, j)) != 0;
	      else
		how[j] = pinned (job, &b, j);
	    if (ok)
	      {
		record_held (job, inf, &b, how);
		st = VF_OK;
	      }
	  }
      if (inf->slots.n == n)
	break;
    }
  job->limit = limit;
  return st;
}

/* ---- terms the inputs never made nonzero ----

   The random patterns of two operands of one product may never meet
   (x's rows never where F has entries): the term is zero on every set,
   in the loop and in the reference alike, and a wrong index or factor in
   it goes unseen.  When some term of the reference (an operand of one of
   its sums, at any depth, or the whole) was zero at every position
   compared on every set, the check runs the sets again
   with full patterns: every compressed fiber full, every coo tuple
   present.  Nothing is blamed on a run that read a guessed integer or
   could not complete.  */

/* Return VF_OK, or the status of a failure of the sets with full
   patterns (RESULT filled) when LIVE, the terms nonzero so far, lacks
   one of the reference's terms, or when THIN (the first sets compared
   few values: a sparse output with an entry or two, where a swapped
   mode may land on the same element); VF_INCONCLUSIVE when a run read a
   guessed integer (a set with one extent that failed so: the guess is
   that extent): IF then holds it, and the integers must be bound.  */
static vf_status
full_sets (vf_job *job, unsigned live, int thin, long total, vf_infer *inf)
{
  static const int sets[] = { 1, 2, 8, 9 };
  int nterms = vf_ref_nterms (job->ref);
  unsigned all = nterms >= 32 ? ~0u : (1u << nterms) - 1;
  vf_result *res = job->result;
  for (int k = 0; k < 4 && (thin || (live & all) != all) && res->steps < total;
       k++)
    {
      vf_binding b;
      vf_trial r;
      memset (&b, 0, sizeof b);
      b.full = 1;
      b.distinct = sets[k] >= 8;
      run_one (job, sets[k], &b, &r);
      free (r.out);
      if (r.nread && failed (&r) && r.same_extents && r.extent > 0
	  && inf->nfailed_same < 8)
	{
	  add_slots (inf, &r);
	  inf->failed_full[inf->nfailed_same] = 1;
	  inf->failed_same[inf->nfailed_same++] = sets[k];
	  res->guessed = r.rname[0];
	  return VF_INCONCLUSIVE;
	}
      if (r.st == VF_UNVERIFIED)
	break;
      if (r.nread)
	{
	  /* An integer the random patterns never reached: it must be
	     bound, on the sets with full patterns too, before the region
	     verifies.  So must one when the run failed.  One the first
	     sets read and that agrees here too goes on with them (held
	     or bound after matters()).  */
	  int known = inf->slots.n;
	  add_slots (inf, &r);
	  if (inf->slots.n > known || r.st != VF_OK || inf->too_many)
	    {
	      res->guessed = r.rname[0];
	      return VF_INCONCLUSIVE;
	    }
	}
      if (failed (&r))
	{
	  res->status = r.st;
	  res->message = r.msg;
	  res->inputs = trial_inputs (job, &r);
	  return r.st;
	}
      live |= r.live;
      res->sets_run++;
    }
  return VF_OK;
}

/* Return nonzero when slot J of IF, which the runs read and agreed
   with as guessed (on the first set with distinct extents too: the
   caller's run), makes the loop differ from the annotation at another
   value there: the values a flag takes and held() may hold it at, 0 to
   VF_NHELD - 1.  */
static int
matters (vf_job *job, vf_infer *inf, int j)
{
  vf_binding b;
  memset (&b, 0, sizeof b);
  b.distinct = 1;
  b.n = 1;
  b.blk[0] = inf->slots.blk[j], b.off[0] = inf->slots.off[j];
  b.idx[0] = -1;
  int differs = 0;
  for (long v = 0; v < VF_NHELD && !differs; v++)
    {
      vf_trial r;
      b.delta[0] = v;
      run_one (job, 8, &b, &r);
      free (r.out);
      differs = r.st == VF_MISMATCH;
    }
  return differs;
}

/* With integers the annotation does not bind (IF's slots), a term of the
   reference that was zero at every position compared on every set
   (LIVE lacks it) agrees with any binding of them: a loop whose only
   term never met on the random patterns verified whatever it read
   (y(i,j) for y(j,i) in a product of five operands).  So the first
   sets with one extent run again with full patterns, their failures
   left to the binding search's first pass as the failures of the sets
   with one extent are, and each binding runs sets 8 and 9 with full
   patterns too (IF->full).  When no set with one extent failed, those
   two run with full patterns as well (a sparse output may have had no
   entry on them): the search's first pass is cheaper than every
   binding of five loop bounds.  Return VF_OK, or the status of a
   failure that read no guessed integer (RESULT filled).  */
static vf_status
guessed_full (vf_job *job, vf_infer *inf, unsigned live, int thin,
	      long total)
{
  static const int sets[] = { 1, 2 };
  int nterms = vf_ref_nterms (job->ref);
  unsigned all = nterms >= 32 ? ~0u : (1u << nterms) - 1;
  vf_result *res = job->result;
  int zero = thin || (live & all) != all;
  if (!zero && inf->nfailed_same)
    return VF_OK;
  inf->full = zero;
  for (int k = 0; k < 2 && res->steps < total; k++)
    {
      int known = 0;		/* full_sets saw it fail */
      for (int f = 0; f < inf->nfailed_same; f++)
	known |= inf->failed_same[f] == sets[k] && inf->failed_full[f];
      if (known)
	continue;
      vf_binding b;
      vf_trial r;
      memset (&b, 0, sizeof b);
      b.full = 1;
      b.fake = inf->slots.fake;
      run_one (job, sets[k], &b, &r);
      free (r.out);
      if (r.st == VF_UNVERIFIED)
	break;
      add_slots (inf, &r);
      if (failed (&r) && !r.nread && !r.fake)
	{
	  res->status = r.st;
	  res->message = r.msg;
	  res->inputs = trial_inputs (job, &r);
	  return r.st;
	}
      if (failed (&r) && r.nread && r.same_extents && r.extent > 0
	  && inf->nfailed_same < 8)
	{
	  inf->failed_full[inf->nfailed_same] = 1;
	  inf->failed_same[inf->nfailed_same++] = sets[k];
	}
    }
  return VF_OK;
}

/* Fewer output values than this compared over the first sets, where
   some term of the reference was not zero (a zero compared with a zero
   tells nothing: a factor left out of a sum over entries no set had),
   run the sets with full patterns too.  */
#define VF_THIN 16

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
  vf_job job = { prog, comp, formats, ref, &opt, result, 0, NULL, 0, 0,
		 NULL, 0, 0 };
  vf_infer inf;
  memset (&inf, 0, sizeof inf);
  long total = 2 * (opt.step_budget > 0 ? opt.step_budget : VF_DEFAULT_BUDGET);
  unsigned live = 0;		/* the terms some set made nonzero */
  long compared = 0;		/* the output values they compared, where
				   the reference was not zero */
  for (int set = 0; set < opt.nsets; set++)
    {
      if (set > 0 && result->steps >= total)
	break;			/* the time of the compile: enough sets */
      vf_trial r;
      run_one (&job, set, NULL, &r);
      if (r.st == VF_UNVERIFIED && r.undescribed && r.nread)
	{
	  /* It read a guessed integer and stopped on an array the
	     annotation does not describe (a factor dropped from it): run
	     it again with random values there, and bind the integers on
	     such runs.  A difference there is the annotation's: either
	     the loop's result does not depend on those values, or it does
	     and the annotation, which ignores them, cannot be right.  */
	  vf_binding f;
	  vf_trial r2;
	  memset (&f, 0, sizeof f);
	  f.fake = 1;
	  run_one (&job, set, &f, &r2);
	  if (r2.st != VF_UNVERIFIED || !r2.undescribed)
	    {
	      free (r.out);
	      r = r2;
	      inf.slots.fake = 1;
	    }
	  else
	    free (r2.out);
	}
      free (r.out);
      add_slots (&inf, &r);
      if (r.nread && !r.same_extents && set < 8 && inf.nvaried < 8)
	inf.varied[inf.nvaried++] = set;
      if (r.st != VF_OK && r.nread)
	{
	  /* The run read a value the checker guessed: no verdict yet.  */
	  if (!result->guessed)
	    result->guessed = r.rname[0];
	  if (r.same_extents && r.extent > 0 && inf.nfailed_same < 8)
	    inf.failed_same[inf.nfailed_same++] = set;
	  continue;
	}
      if (r.st == VF_UNVERIFIED && depends (&job, &inf) == VF_MISMATCH)
	return VF_MISMATCH;
      if (r.st == VF_UNVERIFIED && r.undescribed && !r.nread)
	{
	  /* Its result does not depend on those values, as far as the
	     test saw: with random values there, a difference is the
	     annotation's all the same (a term times 0 beside a constant
	     left out).  */
	  vf_binding f;
	  vf_trial r2;
	  memset (&f, 0, sizeof f);
	  f.fake = 1;
	  run_one (&job, set, &f, &r2);
	  free (r2.out);
	  r2.out = NULL;	/* as R's, freed above */
	  if (r2.st == VF_MISMATCH && !r2.nread)
	    r = r2;
	  else if (r2.st == VF_OK && !r2.nread && !r2.fake_plain)
	    {
	      /* What it read and the annotation does not describe were
		 structs of a declared format, given tensors of their
		 formats: the loop agrees with them, its result does not
		 depend on their values, and the other runs get them
		 too.  */
	      r = r2;
	      job.fake_structs = 1;
	    }
	}
      if (r.st != VF_OK)
	{
	  result->status = r.st;
	  result->message = r.fake && r.st == VF_MISMATCH
	    ? sf_arena_printf (prog->arena, "%s, with random values in '%s', "
			       "which the annotation does not describe",
			       r.msg, r.fake)
	    : r.msg;
	  result->inputs = trial_inputs (&job, &r);
	  return r.st;
	}
      result->sets_run++;
      live |= r.live;
      compared += r.nlive;
    }
  /* Two sets where each class of indices has its own extent: a swapped
     index or a mode order shows only when the extents differ.  */
  for (int k = 0; k < 2 && !result->guessed && result->steps < total; k++)
    {
      vf_binding d;
      vf_trial r;
      memset (&d, 0, sizeof d);
      d.distinct = 1;
      run_one (&job, 8 + k, &d, &r);
      free (r.out);
      if (r.nread)
	{
	  /* It read a guessed value: with all sets above agreeing, a
	     failure here is no verdict, but the integers must be bound
	     before the region verifies.  */
	  if (r.st != VF_OK)
	    {
	      add_slots (&inf, &r);
	      result->guessed = r.rname[0];
	    }
	  break;
	}
      if (r.st == VF_MISMATCH || r.st == VF_OUT_OF_BOUNDS)
	{
	  result->status = r.st;
	  result->message = r.msg;
	  result->inputs = trial_inputs (&job, &r);
	  return r.st;
	}
      result->sets_run += r.st == VF_OK;
      live |= r.live;
      compared += r.st == VF_OK ? r.nlive : 0;
    }
  if (!result->guessed)
    {
      vf_status st = full_sets (&job, live, compared < VF_THIN, total,
				&inf);
      if (st != VF_OK && st != VF_INCONCLUSIVE)
	return st;
    }
  /* Every run agreed, some reading a guessed integer: one that makes
     the loop differ at another value (a flag the guesses happened to
     set: if (!acc) y[i] = 0) is held at a value that agrees, or bound,
     and tested at the region's entry.  */
  vf_trial base;
  base.st = VF_UNVERIFIED;
  if (inf.slots.n && !result->guessed && !inf.too_many)
    {
      vf_binding none;
      memset (&none, 0, sizeof none);
      none.distinct = 1;
      run_one (&job, 8, &none, &base);
      free (base.out);
    }
  for (int j = 0; j < inf.slots.n && base.st == VF_OK && !result->guessed
       && !inf.too_many && result->steps < total; j++)
    if (matters (&job, &inf, j))
      {
	if (held (&job, &inf) == VF_OK)
	  {
	    result->status = VF_OK;
	    return VF_OK;
	  }
	result->guessed = inf.names[j];
      }
  if (result->guessed)
    {
      int sets = result->sets_run;
      /* The first sets needed random values in undescribed arrays: a
	 dependence on them is the plainer message, when it shows.  */
      if (inf.slots.fake && depends (&job, &inf) == VF_MISMATCH)
	return VF_MISMATCH;
      vf_status st = guessed_full (&job, &inf, live,
				   compared < VF_THIN, total);
      if (st != VF_OK)
	return st;
      job.limit = 0;
      st = infer (&job, &inf);
      free (inf.seen);
      inf.seen = NULL;
      if (st == VF_OK || st == VF_MISMATCH || st == VF_OUT_OF_BOUNDS)
	{
	  result->status = st;
	  if (st == VF_OK)
	    result->message = result->inputs = NULL;
	  return st;
	}
      if (!inf.slots.fake && depends (&job, &inf) == VF_MISMATCH)
	return VF_MISMATCH;
      const char *culprit = job.culprit ? job.culprit : result->guessed;
      /* a search that ran out of its steps leaves held() none of its
	 own worth spending: its runs are as long */
      vf_status h = inf.why && !strcmp (inf.why, TOO_LONG) ? VF_UNVERIFIED
		     : held (&job, &inf);
      result->sets_run = sets;
      result->status = h == VF_OK ? VF_OK : VF_UNVERIFIED;
      result->inputs = NULL;
      result->message = sf_arena_printf
	(prog->arena, "the loop depends on '%s', which the annotation does "
	 "not bind, %s", culprit, inf.why ? inf.why : "");
      return result->status;
    }
  result->message = NULL;
  result->inputs = NULL;
  result->status = VF_OK;
  return VF_OK;
}
