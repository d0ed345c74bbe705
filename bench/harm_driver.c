/* harm_driver.c: "do no harm" (SPEC.md 4): is the code the plugin puts
   in place of a tidy loop ever slower than GCC's own compilation of that
   loop?  Runs every kernel of bench/harm/ on one input, in one process,
   and appends one CSV row per kernel x thread count.

     build/bench/harm/driver [options] INPUT  (INPUT: see harm_inputs.c)
       -k LIST    kernels, comma-separated (default: all that take the
                  input's order)
       -K N       dense extent of SpMM, SDDMM and MTTKRP (default 16)
       -t LIST    thread counts (default 1,2)
       -r N       timed rounds (default 9, at most 64)
       -m SEC     shortest sample: a call shorter than this is repeated
                  inside each sample (default 0.005)
       -l DIR     the plugin's reports, DIR/NAME.log: a kernel whose
                  region the plugin kept is reported as kept, not timed
       -b LOAD    a comparison during which other processes used more
                  than LOAD cores (default 0.25) is measured again, up
                  to twice when it takes under 2 s; the least disturbed
                  attempt is kept
       -o FILE    CSV to append to (default stdout)

   For each kernel: the loop (no plugin) runs first at one thread; its
   result is the reference.  At each thread count T the plugin variant
   then runs once at T threads on an output filled with NaN and must
   agree with it (max |a - r| / max |r| <= 1e-12 in double, 1e-9 in
   double at more than one thread, 1e-5 in float), and so must a loop
   with its own OpenMP directive at T threads; only then are the two
   timed, side by side (measure_pair).  The comparison of a row is
     serial     the serial loop against the plugin, both at one thread
     serial-2t  the serial loop (one thread) against the plugin at T
                threads (informational: what the plugin's threads add)
     omp        a loop with its own OpenMP against the plugin, both at
                T threads
   and its ratio is loop time / plugin time: above 1 the plugin is
   faster.  Each row also says how many cores other processes used
   while it was measured (other_load, from /proc/stat less this
   process's own CPU time), and after how many attempts.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <unistd.h>
#include <omp.h>
#include "harm_driver.h"

typedef struct options
{
  const char *kernels, *csv, *logs;
  int64_t K;
  int threads[8], nthreads, reps;
  double min_sample, max_load;
} options;

/* The samples of one variant: per-call median, min and max.  */
typedef struct timing
{
  double median, min, max;
  int n, calls;
} timing;

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Sort the N times in T into TM's median, min and max.  */
static void
summarise (double *t, int n, timing *tm)
{
  qsort (t, n, sizeof *t, cmp_double);
  tm->n = n;
  tm->min = t[0], tm->max = t[n - 1];
  tm->median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* Return entry I of OPS's output as a double.  */
static double
out_at (const harm_ops *ops, size_t i)
{
  return ops->is_float ? ((const float *) ops->out)[i]
	 : ((const double *) ops->out)[i];
}

/* Return a copy of OPS's output as doubles (malloc'd).  */
static double *
snapshot (const harm_ops *ops)
{
  double *r = malloc ((ops->nout + 1) * sizeof *r);
  if (!r)
    harm_die ("out of memory");
  for (size_t i = 0; i < ops->nout; i++)
    r[i] = out_at (ops, i);
  return r;
}

/* Return max |out - R| / max |R| (infinity if out has a NaN).  */
static double
rel_error (const harm_ops *ops, const double *r)
{
  double diff = 0, scale = 0;
  for (size_t i = 0; i < ops->nout; i++)
    {
      double a = out_at (ops, i);
      if (isnan (a))
	return INFINITY;
      diff = fmax (diff, fabs (a - r[i]));
      scale = fmax (scale, fabs (r[i]));
    }
  return scale > 0 ? diff / scale : diff;
}

/* Run F at THREADS threads on an output filled with NaN; return its
   error against REF.  */
static double
check (harm_ops *ops, harm_fn *f, int threads, const double *ref)
{
  for (size_t i = 0; i < ops->nout; i++)
    if (ops->is_float)
      ((float *) ops->out)[i] = NAN;
    else
      ((double *) ops->out)[i] = NAN;
  omp_set_num_threads (threads);
  f (ops);
  return rel_error (ops, ref);
}

/* Return the error case C may have at THREADS threads.  */
static double
tolerance (const harm_case *c, int threads)
{
  if (!strcmp (c->type, "float"))
    return 1e-5;
  return threads > 1 ? 1e-9 : 1e-12;
}

/* Return 1 if the plugin kept (did not replace) a region of kernel NAME,
   by its report LOGS/NAME.log, with the reason in WHY; 0 if every region
   was replaced; -1 without a log.  */
static int
kept (const char *logs, const char *name, char *why, size_t size)
{
  char path[4096], line[4096];
  snprintf (path, sizeof path, "%s/%s.log", logs, name);
  FILE *f = logs ? fopen (path, "r") : NULL;
  if (!f)
    return -1;
  int replaced = 0, keeps = 0;
  while (!keeps && fgets (line, sizeof line, f))
    {
      char *because = strstr (line, "keeps the original statement");
      if (because)
	{
	  keeps = 1;
	  snprintf (why, size, "%s", because);
	  why[strcspn (why, "\n")] = 0;
	}
      replaced |= strstr (line, "note: sparsefuse:") != NULL;
    }
  fclose (f);
  if (!keeps && !replaced)
    snprintf (why, size, "no region replaced (no report note in %s.log)",
	      name);
  return keeps || !replaced;
}

/* Return how many calls of F at THREADS threads make a sample of at
   least O->min_sample seconds, after one untimed warm-up call.  */
static int
calls_per_sample (harm_ops *ops, harm_fn *f, int threads, const options *o)
{
  omp_set_num_threads (threads);
  f (ops);
  double t0 = now ();
  f (ops);
  double once = now () - t0;
  if (once >= o->min_sample)
    return 1;
  return (int) ceil (o->min_sample / fmax (once, 1e-8));
}

/* One measurement of a loop against a plugin variant: their timings,
   the median and quartiles of the per-round ratios loop / plugin (the
   two samples of a round are taken one after the other, so their ratio
   is the least disturbed view of the difference: a drift of the
   machine's speed between rounds moves both), and the cores other
   processes used meanwhile.  */
typedef struct pair
{
  timing tm[2];
  double q1, q2, q3, load;
} pair;

/* Return the CPU seconds all processes of the machine have used so far
   (user, system, interrupts, and time the hypervisor stole), or 0.  */
static double
machine_busy (void)
{
  unsigned long long u = 0, n = 0, sy = 0, id = 0, io = 0, irq = 0, sirq = 0,
    st = 0;
  FILE *f = fopen ("/proc/stat", "r");
  if (!f)
    return 0;
  int got = fscanf (f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &u, &n,
		    &sy, &id, &io, &irq, &sirq, &st);
  fclose (f);
  return got == 8 ? (double) (u + n + sy + irq + sirq + st)
		    / sysconf (_SC_CLK_TCK) : 0;
}

/* Return the CPU seconds this process (all its threads) has used.  */
static double
own_cpu (void)
{
  struct timespec t;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Time F[0] (the loop, at TH[0] threads) against F[1] (the plugin, at
   TH[1]) into P: after a warm-up call of each (which also sets its calls
   per sample), O->reps rounds of one sample of each, the two in a random
   order in each round, so that a drift of the machine falls on both and
   neither always runs after the other.  Times are per call.  */
static void
measure_pair (harm_ops *ops, harm_fn *const f[2], const int th[2],
	      const options *o, pair *p)
{
  static double t[2][64], ratio[64];
  uint64_t seed = 0x9e3779b97f4a7c15ULL;
  double wall = now (), busy = machine_busy (), own = own_cpu ();
  for (int v = 0; v < 2; v++)
    p->tm[v].calls = calls_per_sample (ops, f[v], th[v], o);
  for (int r = 0; r < o->reps; r++)
    {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      int first = (int) (seed >> 63);
      for (int j = 0; j < 2; j++)
	{
	  int v = j ^ first;
	  omp_set_num_threads (th[v]);
	  double t0 = now ();
	  for (int k = 0; k < p->tm[v].calls; k++)
	    f[v] (ops);
	  t[v][r] = (now () - t0) / p->tm[v].calls;
	}
      ratio[r] = t[0][r] / t[1][r];
    }
  double other = machine_busy () - busy - (own_cpu () - own);
  p->load = other > 0 ? other / (now () - wall) : 0;
  for (int v = 0; v < 2; v++)
    summarise (t[v], o->reps, &p->tm[v]);
  qsort (ratio, o->reps, sizeof *ratio, cmp_double);
  p->q1 = ratio[(o->reps - 1) / 4], p->q3 = ratio[3 * (o->reps - 1) / 4];
  p->q2 = (ratio[(o->reps - 1) / 2] + ratio[o->reps / 2]) / 2;
}

static FILE *csv;

static const char csv_header[] =
  "kernel,input,shape,nnz,type,index,K,comparison,loop_threads,"
  "plugin_threads,status,loop_s,plugin_s,ratio,loop_min_s,loop_max_s,"
  "plugin_min_s,plugin_max_s,samples,loop_calls,plugin_calls,"
  "ratio_q1,ratio_q3,ratio_of_medians,rel_err,bytes,other_load,attempts,"
  "note\n";

/* One comparison's outcome.  */
typedef struct result
{
  const char *cmp, *status;
  int th[2];
  pair p;
  double err;
  int attempts;
  const char *note;
} result;

/* Write the input's shape into BUF.  */
static void
shape_of (const harm_input *in, char *buf, size_t size)
{
  if (in->order == 2)
    snprintf (buf, size, "%lldx%lld", (long long) in->A.nrows,
	      (long long) in->A.ncols);
  else
    snprintf (buf, size, "%lldx%lldx%lld", (long long) in->T.dims[0],
	      (long long) in->T.dims[1], (long long) in->T.dims[2]);
}

/* Append the CSV row of RES (case C on IN) and a line on stderr.  */
static void
row (const harm_case *c, const harm_input *in, const options *o,
     const harm_ops *ops, const result *res)
{
  char shape[64], k[32] = "";
  shape_of (in, shape, sizeof shape);
  if (c->uses_k)
    snprintf (k, sizeof k, "%lld", (long long) o->K);
  fprintf (csv, "%s,%s,%s,%lld,%s,\"%s\",%s,%s,%d,%d,%s,", c->name, in->name,
	   shape, (long long) in->nnz, c->type, c->index, k, res->cmp,
	   res->th[0], res->th[1], res->status);
  const timing *l = &res->p.tm[0], *p = &res->p.tm[1];
  if (l->n && p->n)
    fprintf (csv, "%.6g,%.6g,%.4f,%.6g,%.6g,%.6g,%.6g,%d,%d,%d,%.4f,%.4f,"
	     "%.4f,", l->median, p->median, res->p.q2, l->min, l->max, p->min,
	     p->max, l->n, l->calls, p->calls, res->p.q1, res->p.q3,
	     l->median / p->median);
  else
    fprintf (csv, ",,,,,,,0,,,,,,");
  fprintf (csv, "%.3g,%.6g,%.2f,%d,\"%s\"\n", res->err, ops->bytes,
	   res->p.load, res->attempts, res->note ? res->note : "");
  fflush (csv);
  fprintf (stderr, "  %-14s %-10s %-9s loop %dT %10.4f ms  plugin %dT "
	   "%10.4f ms  %6.3fx  %s (others %.2f cores, %d)%s%s\n", c->name,
	   in->name, res->cmp, res->th[0], 1e3 * l->median, res->th[1],
	   1e3 * p->median, l->n && p->n ? res->p.q2 : 0.0,
	   res->status, res->p.load, res->attempts,
	   res->note ? "  " : "", res->note ? res->note : "");
}

/* Measure the pair F at RES->th into RES; while other processes used
   more than O->max_load cores meanwhile, measure it again (at most three
   attempts, and none after one of more than two seconds: those average
   over a disturbance anyway); keep the least disturbed attempt.  */
static void
measure_calm (harm_ops *ops, harm_fn *const f[2], const options *o,
	      result *res)
{
  for (int a = 1; a <= 3; a++)
    {
      pair p;
      double t0 = now ();
      measure_pair (ops, f, res->th, o, &p);
      res->attempts = a;
      if (a == 1 || p.load < res->p.load)
	res->p = p;
      if (res->p.load <= o->max_load || now () - t0 > 2.0)
	return;
    }
}

/* Compare case C's two variants at T threads (operands OPS, reference
   REF; IS_KEPT: the plugin kept its region, for the reason WHY) into
   RES.  */
static void
compare (const harm_case *c, harm_ops *ops, const double *ref, int t,
	 int is_kept, const char *why, const options *o, result *res)
{
  memset (res, 0, sizeof *res);
  res->cmp = c->omp ? "omp" : t == 1 ? "serial" : "serial-2t";
  res->th[0] = c->omp ? t : 1, res->th[1] = t;
  res->status = "ok";
  harm_fn *const f[2] = { c->loop, c->plugin };
  if (c->omp && t > 1
      && !(check (ops, c->loop, t, ref) <= tolerance (c, t)))
    {
      res->status = "wrong", res->note = "the loop's own OpenMP disagrees";
      return;
    }
  res->err = check (ops, c->plugin, t, ref);
  if (!(res->err <= tolerance (c, t)))
    res->status = "wrong", res->note = "the plugin's result disagrees";
  else if (is_kept)
    res->status = "kept", res->note = why;
  else
    measure_calm (ops, f, o, res);
}

/* Run case C on IN at every thread count.  */
static void
run_case (const harm_case *c, const harm_input *in, const options *o)
{
  harm_ops ops;
  result res;
  char why[512] = "";
  memset (&ops, 0, sizeof ops);
  ops.in = in, ops.K = o->K;
  const char *fail = "setup failed";
  if (c->setup (&ops, &fail))
    {
      memset (&res, 0, sizeof res);
      res.cmp = c->omp ? "omp" : "serial", res.th[0] = res.th[1] = 1;
      res.status = "error", res.note = fail;
      row (c, in, o, &ops, &res);
      harm_ops_free (&ops);
      return;
    }
  int is_kept = kept (o->logs, c->name, why, sizeof why);
  if (is_kept < 0)
    snprintf (why, sizeof why, "no plugin report (-l): not checked for kept "
	      "regions");
  omp_set_num_threads (1);
  c->loop (&ops);
  double *ref = snapshot (&ops);
  for (int t = 0; t < o->nthreads; t++)
    {
      compare (c, &ops, ref, o->threads[t], is_kept > 0, why, o, &res);
      if (is_kept < 0 && !res.note)
	res.note = why;
      row (c, in, o, &ops, &res);
    }
  free (ref);
  harm_ops_free (&ops);
}

/* Return 1 if NAME is in the comma-separated LIST (NULL: everything).  */
static int
listed (const char *list, const char *name)
{
  if (!list)
    return 1;
  size_t n = strlen (name);
  for (const char *p = list; *p;)
    {
      size_t len = strcspn (p, ",");
      if (len == n && strncmp (p, name, n) == 0)
	return 1;
      p += len + (p[len] == ',');
    }
  return 0;
}

/* Parse ARGV into O; return the index of the input argument.  */
static int
parse (int argc, char **argv, options *o)
{
  *o = (options) { NULL, NULL, NULL, 16, { 1, 2 }, 2, 9, 0.005, 0.25 };
  int a = 1;
  for (; a + 1 < argc && argv[a][0] == '-'; a += 2)
    {
      const char *v = argv[a + 1];
      switch (argv[a][1])
	{
	case 'k': o->kernels = v; break;
	case 'K': o->K = atoll (v); break;
	case 'r': o->reps = atoi (v); break;
	case 'm': o->min_sample = atof (v); break;
	case 'b': o->max_load = atof (v); break;
	case 'l': o->logs = v; break;
	case 'o': o->csv = v; break;
	case 't':
	  o->nthreads = 0;
	  for (char *s = (char *) v; *s && o->nthreads < 8; s += *s == ',')
	    o->threads[o->nthreads++] = (int) strtol (s, &s, 10);
	  break;
	default: harm_die ("unknown option (see the comment in harm_driver.c)");
	}
    }
  if (a != argc - 1 || o->K < 1 || o->reps < 1 || o->reps > 64
      || o->nthreads < 1)
    harm_die ("usage: harm_driver [-k LIST] [-K N] [-t LIST] [-r N] "
	      "[-m SEC] [-b LOAD] [-l DIR] [-o CSV] INPUT");
  return a;
}

/* Open O->csv for appending (with the header when new), else stdout.  */
static void
open_csv (const options *o)
{
  csv = stdout;
  if (!o->csv)
    {
      fputs (csv_header, csv);
      return;
    }
  FILE *probe = fopen (o->csv, "r");
  csv = fopen (o->csv, "a");
  if (!csv)
    harm_die ("cannot open the CSV file");
  if (!probe)
    fputs (csv_header, csv);
  else
    fclose (probe);
}

int
main (int argc, char **argv)
{
  options o;
  harm_input in;
  int a = parse (argc, argv, &o);
  double t0 = now ();
  if (harm_load (argv[a], &in))
    return 1;
  fprintf (stderr, "harm: %s: %lld nonzeros (%.1f s to load)\n", in.name,
	   (long long) in.nnz, now () - t0);
  open_csv (&o);
  for (const harm_case *c = harm_cases; c->name; c++)
    if (c->order == in.order && listed (o.kernels, c->name))
      run_case (c, &in, &o);
  harm_input_free (&in);
  if (csv != stdout)
    fclose (csv);
  return 0;
}
