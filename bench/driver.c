/* driver.c: run every variant of the benchmarked kernels on one input, in
   one process, and append one CSV row per (kernel, threads, variant).

     bench/driver [options] INPUT          (INPUT: see inputs.c)
       -k LIST    kernels to run, comma-separated (default: all that take
                  the input's order)
       -K N -L N -M N   dense extents (defaults 32, 32, 8); each kernel
                  takes the ones its case names
       -t LIST    thread counts (default 1,2)
       -r N       rounds of timed runs (default 5): one sample of each
                  variant per round
       -c SEC     no more samples of a variant once it has had SEC seconds
                  (default 20), keeping the ones done (the CSV says how
                  many)
       -o FILE    CSV to append to (default stdout)
       -s SCRIPT  the SciPy baseline script; -d DIR its scratch folder
       -a DIR     the candidates instead (candidates.sh): auto, hand and
                  every DIR/NAME-cK.so, the kernel file compiled with
                  -fplugin-arg-sparsefuse-candidate=K, as variant cK

   For each kernel: the plain loop (no plugin) runs first, serially; its
   result is the reference.  Every other variant, at each thread count,
   first runs once on an output filled with NaN; its result must agree
   with the reference (max |a - r| / max |r| <= 1e-12, or 1e-9 with more
   than one thread, where reductions may be reordered) before any time
   is measured: a variant that disagrees gets status "wrong" and no time.
   Then the variants are timed side by side, in rounds of random order
   (measure_all): median, min and max of their samples.  The SciPy
   baseline, a child process, is timed after them.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <dlfcn.h>
#include <unistd.h>
#include <omp.h>
#include "bench.h"

const char *const bench_variant_names[BV_COUNT] = {
  "plain", "untidy", "naive", "unfused", "auto", "hand", "cand", "graphblas", "scipy"
};

/* The candidate being measured, per kernel, and where to set it.  */
#define BENCH_CAND_DEF(name, ...) \
  void (*BENCH_CAT (name, candfn)) (__VA_ARGS__);
BENCH_PROTOS (BENCH_CAND_DEF)
#define BENCH_CAND_SLOT(name, ...) \
  { #name, (void **) &BENCH_CAT (name, candfn) },
static const struct { const char *name; void **fn; } cand_slots[] = {
  BENCH_PROTOS (BENCH_CAND_SLOT)
};

/* The kernels with a second baseline: NAME_untidy is weak, null where the
   kernel file has no untidy form.  */
#define BENCH_UNTIDY_SLOT(name, ...) \
  { #name, (void *) BENCH_CAT (name, untidy) },
static const struct { const char *name; void *fn; } untidy_slots[] = {
  BENCH_PROTOS (BENCH_UNTIDY_SLOT)
};

/* Whether case C has the untidy baseline.  */
static int
has_untidy (const bench_case *c)
{
  for (size_t s = 0; s < sizeof untidy_slots / sizeof *untidy_slots; s++)
    if (!strcmp (untidy_slots[s].name, c->name))
      return untidy_slots[s].fn != NULL;
  return 0;
}

typedef struct options
{
  const char *kernels, *csv, *script, *scratch, *cands;
  int64_t K, L, M;
  int threads[8], nthreads, reps;
  double cap;
} options;

typedef struct timing
{
  double median, min, max, err;
  int runs;
  const char *status;
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

/* Return max |A - R| / max |R| over N entries (infinity if A has a NaN).  */
static double
rel_error (const double *a, const double *r, size_t n)
{
  double diff = 0, scale = 0;
  for (size_t i = 0; i < n; i++)
    {
      if (isnan (a[i]))
	return INFINITY;
      diff = fmax (diff, fabs (a[i] - r[i]));
      scale = fmax (scale, fabs (r[i]));
    }
  return scale > 0 ? diff / scale : diff;
}

/* Sort the N times in T into TM's median, min and max.  */
static void
summarise (double *t, int n, timing *tm)
{
  qsort (t, n, sizeof *t, cmp_double);
  tm->runs = n;
  tm->min = t[0], tm->max = t[n - 1];
  tm->median = n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]);
}

/* Write "NAME=VALUE ..." for CASE's dense extents into BUF, and set
   OPS->K, L, M from the options in the order the case names them.  */
static void
dims_of (const bench_case *c, const options *o, bench_ops *ops, char *buf,
	 size_t size)
{
  int64_t *slot[3] = { &ops->K, &ops->L, &ops->M };
  const char *d = c->dims;
  int n = 0;
  buf[0] = 0;
  while (*d && n < 3)
    {
      char name = d[0], src = d[2];
      int64_t v = src == 'K' ? o->K : src == 'L' ? o->L : o->M;
      *slot[n++] = v;
      snprintf (buf + strlen (buf), size - strlen (buf), "%s%c=%lld",
		n > 1 ? " " : "", name, (long long) v);
      d += d[3] ? 4 : 3;
    }
}

/* Write the input's shape ("2003x2003", "12092x9184x28818", "4x32^3") and
   return its number of stored entries.  */
static int64_t
shape_of (const bench_input *in, char *buf, size_t size)
{
  if (in->order == 0)
    {
      snprintf (buf, size, "4x%lld^3", (long long) in->net[0].dims[0]);
      return sf_csf_nnz (&in->net[0]);
    }
  if (in->order == 2)
    snprintf (buf, size, "%lldx%lld", (long long) in->B.nrows,
	      (long long) in->B.ncols);
  else
    snprintf (buf, size, "%lldx%lldx%lld", (long long) in->T.dims[0],
	      (long long) in->T.dims[1], (long long) in->T.dims[2]);
  return in->coo.nnz;
}

static FILE *csv;

/* Append the CSV row of one measurement.  */
static void
row (const bench_case *c, const bench_input *in, const char *dims,
     int threads, const char *variant, const timing *tm,
     const bench_ops *ops, const char *note)
{
  char shape[64];
  int64_t nnz = shape_of (in, shape, sizeof shape);
  fprintf (csv, "%s,%s,%s,%lld,\"%s\",%d,%s,%s,", c->name, in->name, shape,
	   (long long) nnz, dims, threads, variant, tm->status);
  if (tm->runs)
    fprintf (csv, "%.6g,%.6g,%.6g,%d,", tm->median, tm->min, tm->max,
	     tm->runs);
  else
    fprintf (csv, ",,,0,");
  fprintf (csv, "%.3g,%.6g,\"%s\"\n", tm->err, ops->bytes, note ? note : "");
  fflush (csv);
  fprintf (stderr, "  %-16s %-10s t=%d %-6s %10.3f ms  (%d runs, err %.2g)%s%s\n",
	   c->name, variant, threads, tm->status,
	   1e3 * tm->median, tm->runs, tm->err, note ? "  " : "",
	   note ? note : "");
}

static const char csv_header[] =
  "kernel,input,shape,nnz,dims,threads,variant,status,median_s,min_s,"
  "max_s,runs,rel_err,bytes,note\n";

/* ---- the SciPy baseline: operands written to files, a child process ---- */

/* Write N elements of SIZE bytes at P to DIR/NAME.bin; return 0 or -1.  */
static int
dump (const char *dir, const char *name, const void *p, size_t size, size_t n)
{
  char path[4096];
  snprintf (path, sizeof path, "%s/%s.bin", dir, name);
  FILE *f = fopen (path, "wb");
  int rc = f && fwrite (p, size, n, f) == n ? 0 : -1;
  if (f && fclose (f))
    rc = -1;
  return rc;
}

/* Write CSR matrix S as NAME_pos, NAME_crd, NAME_vals and its manifest
   line.  */
static int
dump_csr (FILE *man, const char *dir, const char *name, const sf_csr *s)
{
  char n[64];
  int64_t nnz = sf_csr_nnz (s);
  fprintf (man, "%s csr %lld %lld %lld\n", name, (long long) s->nrows,
	   (long long) s->ncols, (long long) nnz);
  snprintf (n, sizeof n, "%s_pos", name);
  int rc = dump (dir, n, s->pos, sizeof *s->pos, s->nrows + 1);
  snprintf (n, sizeof n, "%s_crd", name);
  rc |= dump (dir, n, s->crd, sizeof *s->crd, nnz);
  snprintf (n, sizeof n, "%s_vals", name);
  return rc | dump (dir, n, s->vals, sizeof *s->vals, s->vals ? nnz : 0);
}

/* Write a sorted COO (any order) as NAME_i0.., NAME_vals.  */
static int
dump_coo (FILE *man, const char *dir, const char *name, const sf_coo *c)
{
  char n[64];
  int rc = 0;
  fprintf (man, "%s coo %d %lld", name, c->order, (long long) c->nnz);
  for (int m = 0; m < c->order; m++)
    {
      fprintf (man, " %lld", (long long) c->dims[m]);
      snprintf (n, sizeof n, "%s_i%d", name, m);
      rc |= dump (dir, n, c->crd[m], sizeof *c->crd[m], c->nnz);
    }
  fprintf (man, "\n");
  snprintf (n, sizeof n, "%s_vals", name);
  return rc | dump (dir, n, c->vals, sizeof *c->vals, c->nnz);
}

/* Write every operand of OPS (case C) into DIR with DIR/manifest.txt.  */
static int
export_ops (const bench_case *c, const bench_ops *ops, const char *dir)
{
  char path[4096], names[64], *save, *tok;
  snprintf (path, sizeof path, "%s/manifest.txt", dir);
  FILE *man = fopen (path, "w");
  if (!man)
    return -1;
  int rc = ops->in->order == 2 ? dump_csr (man, dir, "B", &ops->in->B)
	   : ops->in->order == 3 ? dump_coo (man, dir, "B", &ops->in->coo) : 0;
  for (int s = 0; s < 3; s++)
    if (ops->S[s].pos)
      {
	char n[8];
	snprintf (n, sizeof n, "S%d", s);
	rc |= dump_csr (man, dir, n, &ops->S[s]);
      }
  for (int v = 0; v < 2; v++)
    if (ops->v[v].crd)
      {
	char n[16];
	fprintf (man, "v%d svec %lld %lld\n", v, (long long) ops->v[v].n,
		 (long long) ops->v[v].pos[1]);
	snprintf (n, sizeof n, "v%d_crd", v);
	rc |= dump (dir, n, ops->v[v].crd, sizeof (sf_crd_t), ops->v[v].pos[1]);
	snprintf (n, sizeof n, "v%d_vals", v);
	rc |= dump (dir, n, ops->v[v].vals, sizeof (double), ops->v[v].pos[1]);
      }
  if (ops->A.pos)
    {
      sf_csr pattern = ops->A;
      pattern.vals = NULL;
      rc |= dump_csr (man, dir, "A", &pattern);
    }
  snprintf (names, sizeof names, "%s", c->dense_names);
  tok = strtok_r (names, " ", &save);
  for (int d = 0; tok && d < 5; d++, tok = strtok_r (NULL, " ", &save))
    {
      fprintf (man, "%s dense %lld %lld\n", tok,
	       (long long) ops->dense_shape[d][0],
	       (long long) ops->dense_shape[d][1]);
      rc |= dump (dir, tok, ops->dense[d], sizeof (double),
		  ops->dense_shape[d][0] * ops->dense_shape[d][1]);
    }
  fprintf (man, "dims %lld %lld %lld\nout %zu\n", (long long) ops->K,
	   (long long) ops->L, (long long) ops->M, ops->nout);
  return fclose (man) || rc ? -1 : 0;
}

/* The kernels the SciPy script has ("\n"-separated, from --list), or
   empty when the script or SciPy is missing.  */
static char scipy_kernels[1024];

/* Ask SCRIPT for its kernels into scipy_kernels.  */
static void
scipy_list (const char *script)
{
  char cmd[4096];
  snprintf (cmd, sizeof cmd, "/usr/bin/python3 %s --list 2>/dev/null", script);
  FILE *p = popen (cmd, "r");
  size_t n = p ? fread (scipy_kernels, 1, sizeof scipy_kernels - 1, p) : 0;
  scipy_kernels[n] = 0;
  if (p && pclose (p) != 0)
    scipy_kernels[0] = 0;
}

/* Return 1 if the SciPy script has a baseline for KERNEL.  */
static int
scipy_has (const char *kernel)
{
  size_t n = strlen (kernel);
  for (const char *l = scipy_kernels; *l; l += strcspn (l, "\n") + 1)
    if (strncmp (l, kernel, n) == 0 && l[n] == '\n')
      return 1;
  return 0;
}

/* Read DIR/NAME (text) into BUF; return 0 or -1.  */
static int
slurp (const char *dir, const char *name, char *buf, size_t size)
{
  char path[4096];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen (path, "r");
  if (!f)
    return -1;
  size_t n = fread (buf, 1, size - 1, f);
  buf[n] = 0;
  fclose (f);
  return 0;
}

/* Run the SciPy baseline of C with THREADS threads on the exported
   operands; read its result into OPS->out, check it against REF and fill
   TM from the times it reports.  */
static void
run_scipy (const bench_case *c, bench_ops *ops, const double *ref,
	   int threads, const options *o, timing *tm)
{
  char cmd[8192], text[4096], path[4096];
  memset (tm, 0, sizeof *tm);
  tm->status = "error";
  snprintf (cmd, sizeof cmd,
	    "OMP_NUM_THREADS=%d OPENBLAS_NUM_THREADS=%d /usr/bin/python3 %s "
	    "%s %s %d %g", threads, threads, o->script, c->name, o->scratch,
	    o->reps, o->cap);
  if (system (cmd) != 0 || slurp (o->scratch, "times.txt", text, sizeof text))
    return;
  snprintf (path, sizeof path, "%s/out.bin", o->scratch);
  FILE *f = fopen (path, "rb");
  size_t got = f ? fread (ops->out, sizeof (double), ops->nout, f) : 0;
  if (f)
    fclose (f);
  if (got != ops->nout)
    return;
  tm->err = rel_error (ops->out, ref, ops->nout);
  if (!(tm->err <= (threads > 1 ? 1e-9 : 1e-12)))
    {
      tm->status = "wrong";
      return;
    }
  double t[64];
  int n = 0;
  for (char *s = strtok (text, "\n"); s && n < 64; s = strtok (NULL, "\n"))
    t[n++] = atof (s);
  if (n == 0)
    return;
  tm->status = "ok";
  summarise (t, n, tm);
}

/* ---- the run ---- */

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

/* One variant being measured: its entry (through the candidate slot
   when FN, from LIB, is set), what copies a library's result out, the
   calls per sample and its samples.  */
typedef struct variant
{
  char name[16];
  bench_fn *run, *collect;
  void *fn, *lib;
  int calls, n;
  double t[64], spent;
  timing tm;
  int wrong;			/* its result disagreed with the reference */
  int slow;			/* a call takes 0.1 s or more: no untimed call
				   before its samples */
  const char *note;		/* never measured: why (NULL: measured) */
} variant;

/* Measure the NV variants V at THREADS threads.  Each first runs once
   on an output filled with NaN and must agree with REF; then the timed
   samples go in rounds, one sample of each variant per round, each round
   in a new random order, each sample after one untimed call (not for
   calls of 0.1 s or more, which warm-up does not change), until REPS
   rounds or each variant has had CAP seconds (at least one round).  A
   drift of the machine (clock, other processes) then spreads over all of
   them, and no variant always runs after the same one: measured one
   after the other, identical code came out 9% apart depending on which
   variant ran before it (SDDMM on R-MAT 2^15).  A call under 10 ms is
   repeated within a sample (about 10 ms); times are per call.  SLOT is
   where a loaded variant's entry goes.  */
static void
measure_all (bench_ops *ops, const double *ref, int threads,
	     const options *o, variant *v, int nv, void **slot)
{
  omp_set_num_threads (threads);
  bench_gb_threads (threads);
  for (int i = 0; i < nv; i++)
    {
      variant *x = &v[i];
      x->n = 0, x->spent = 0, x->wrong = 0;
      x->tm = (timing) { 0, 0, 0, 0, 0, x->note ? "n/a" : "error" };
      if (x->note)
	continue;
      if (x->fn)
	*slot = x->fn;
      for (size_t e = 0; e < ops->nout; e++)
	ops->out[e] = NAN;
      double t0 = now ();
      x->run (ops);
      double once = now () - t0;
      if (x->collect)
	x->collect (ops);
      x->tm.err = rel_error (ops->out, ref, ops->nout);
      if (!(x->tm.err <= (threads > 1 ? 1e-9 : 1e-12)))
	{
	  x->tm.status = "wrong";
	  x->wrong = 1;
	  continue;
	}
      x->tm.status = "ok";
      x->calls = once >= 0.01 ? 1 : once < 1e-6 ? 10000 : (int) (0.01 / once);
      x->slow = once >= 0.1;
    }
  uint64_t seed = 42;
  for (int r = 0; r < o->reps && r < 64; r++)
    {
      int more = 0, perm[128];
      for (int j = 0; j < nv; j++)
	perm[j] = j;
      for (int j = nv - 1; j > 0; j--)
	{
	  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
	  int q = (int) ((seed >> 33) % (uint64_t) (j + 1)), tmp = perm[j];
	  perm[j] = perm[q], perm[q] = tmp;
	}
      for (int j = 0; j < nv; j++)
	{
	  variant *x = &v[perm[j]];
	  if (x->note || x->wrong || (r > 0 && x->spent >= o->cap))
	    continue;
	  if (x->fn)
	    *slot = x->fn;
	  if (!x->slow)
	    x->run (ops);
	  double t0 = now ();
	  for (int k = 0; k < x->calls; k++)
	    x->run (ops);
	  x->t[x->n] = (now () - t0) / x->calls;
	  x->spent += x->t[x->n++] * x->calls;
	  more = 1;
	}
      if (!more)
	break;
    }
  for (int i = 0; i < nv; i++)
    if (v[i].n)
      summarise (v[i].t, v[i].n, &v[i].tm);
  if (slot)
    *slot = NULL;
}

/* Set X to measure variant NAME calling RUN (a NULL RUN: not measured,
   NOTE says why).  */
static void
variant_init (variant *x, const char *name, bench_fn *run, const char *note)
{
  memset (x, 0, sizeof *x);
  snprintf (x->name, sizeof x->name, "%s", name);
  x->run = run;
  x->note = run ? NULL : note;
}

/* Fill V with the variants of C to measure; return their number.  With
   a candidate folder: auto (from NAME-auto.so when it is there, so that
   it runs as position-independent code from a shared object as the
   candidates do), hand, and every NAME-cK.so there (K from 1, as
   variant cK); else the compiled variants, hand and GraphBLAS.  *SLOT
   gets where a loaded entry goes.  */
static int
variants_of (const bench_case *c, const options *o, variant *v,
	     void ***slot)
{
  int nv = 0;
  *slot = NULL;
  if (!o->cands)
    {
      for (int b = BV_NAIVE; b < BV_SCIPY; b++)
	if (b != BV_CAND)
	  {
	    variant_init (&v[nv], bench_variant_names[b], c->run[b],
			  "no library call");
	    if (b == BV_GRAPHBLAS)
	      v[nv].collect = c->collect;
	    nv++;
	  }
      return nv;
    }
  for (size_t s = 0; s < sizeof cand_slots / sizeof *cand_slots; s++)
    if (!strcmp (cand_slots[s].name, c->name))
      *slot = cand_slots[s].fn;
  char path[4096], sym[128], name[16];
  snprintf (sym, sizeof sym, "%s_cand", c->name);
  for (int k = -1; k < 100; k++)
    {
      if (k < 0)
	snprintf (path, sizeof path, "%s/%s-auto.so", o->cands, c->name);
      else
	snprintf (path, sizeof path, "%s/%s-c%d.so", o->cands, c->name, k);
      int loaded = *slot && k != 0 && !access (path, R_OK);
      if (k > 0 && !loaded)
	continue;
      if (k > 0)
	snprintf (name, sizeof name, "c%d", k);
      else
	snprintf (name, sizeof name, "%s", k ? "auto" : "hand");
      variant *x = &v[nv++];
      variant_init (x, name, loaded ? c->run[BV_CAND]
		    : c->run[k ? BV_AUTO : BV_HAND], NULL);
      if (loaded)
	{
	  x->lib = dlopen (path, RTLD_NOW | RTLD_LOCAL);
	  x->fn = x->lib ? dlsym (x->lib, sym) : NULL;
	  if (!x->fn)
	    x->note = x->lib ? "no entry point" : dlerror ();
	}
    }
  return nv;
}

/* Run the SciPy baseline of C at THREADS threads (when SCIPY) and write
   its row.  */
static void
run_scipy_row (const bench_case *c, bench_ops *ops, const double *ref,
	       const char *dims, int threads, int scipy, const options *o)
{
  timing tm = { 0, 0, 0, 0, 0, "n/a" };
  const char *note = NULL;
  if (scipy)
    run_scipy (c, ops, ref, threads, o, &tm);
  else
    note = !o->script ? "not run (no -s)"
	   : !scipy_kernels[0] ? "SciPy not available (/usr/bin/python3)"
	   : "no SciPy formulation";
  row (c, ops->in, dims, threads, "scipy", &tm, ops, note);
}

/* Run every variant of case C on IN.  */
static void
run_case (const bench_case *c, const bench_input *in, const options *o)
{
  bench_ops ops;
  char dims[128];
  memset (&ops, 0, sizeof ops);
  ops.in = in;
  dims_of (c, o, &ops, dims, sizeof dims);
  fprintf (stderr, "bench: %s on %s (%s)\n", c->name, in->name, dims);
  if (c->setup (&ops))
    {
      timing tm = { 0, 0, 0, 0, 0, "error" };
      row (c, in, dims, 1, "plain", &tm, &ops, "setup failed (memory?)");
      bench_ops_free (&ops);
      return;
    }
  /* The reference: the plain loop (serial), also its warm-up.  It is
     timed with the others at the first thread count (the loop runs
     serially whatever the count; its row says 1 thread).  */
  double *ref = malloc ((ops.nout + 1) * sizeof *ref);
  c->run[BV_PLAIN] (&ops);
  memcpy (ref, ops.out, ops.nout * sizeof *ref);
  int scipy = o->script && scipy_has (c->name)
	      && export_ops (c, &ops, o->scratch) == 0;
  static variant v[105];
  void **slot;
  variant_init (&v[0], "plain", c->run[BV_PLAIN], NULL);
  /* The serial baselines: the loop, and the untidy loop where there is
     one; they run at the first thread count only.  */
  int nserial = 1;
  if (!o->cands && has_untidy (c))
    variant_init (&v[nserial++], "untidy", c->run[BV_UNTIDY], NULL);
  int nv = nserial + variants_of (c, o, v + nserial, &slot);
  for (int t = 0; t < o->nthreads; t++)
    {
      int first = t == 0 && !o->cands ? 0 : nserial;
      measure_all (&ops, ref, o->threads[t], o, v + first, nv - first, slot);
      for (int i = first; i < nv; i++)
	row (c, in, dims, i >= nserial ? o->threads[t] : 1, v[i].name,
	     &v[i].tm, &ops,
	     i >= nserial ? v[i].note
	     : i ? "serial loop written less carefully (second baseline)"
	     : "serial loop (reference)");
      if (!o->cands)
	run_scipy_row (c, &ops, ref, dims, o->threads[t], scipy, o);
    }
  for (int i = 0; i < nv; i++)
    if (v[i].lib)
      dlclose (v[i].lib);
  free (ref);
  bench_ops_free (&ops);
}

/* Parse ARGV into O; return the index of the input argument.  */
static int
parse (int argc, char **argv, options *o)
{
  *o = (options) { NULL, NULL, NULL, NULL, NULL, 32, 32, 8, { 1, 2 }, 2, 5,
		   20 };
  int a = 1;
  for (; a + 1 < argc && argv[a][0] == '-'; a += 2)
    {
      const char *v = argv[a + 1];
      switch (argv[a][1])
	{
	case 'k': o->kernels = v; break;
	case 'K': o->K = atoll (v); break;
	case 'L': o->L = atoll (v); break;
	case 'M': o->M = atoll (v); break;
	case 'r': o->reps = atoi (v); break;
	case 'c': o->cap = atof (v); break;
	case 'o': o->csv = v; break;
	case 's': o->script = v; break;
	case 'd': o->scratch = v; break;
	case 'a': o->cands = v; break;
	case 't':
	  o->nthreads = 0;
	  for (char *s = (char *) v; *s && o->nthreads < 8; s += *s == ',')
	    o->threads[o->nthreads++] = (int) strtol (s, &s, 10);
	  break;
	default: bench_die ("unknown option (see the comment in driver.c)");
	}
    }
  if (a != argc - 1 || o->K < 1 || o->L < 1 || o->M < 1 || o->reps < 1
      || o->reps > 64 || (o->script && !o->scratch))
    bench_die ("usage: driver [-k LIST] [-K N] [-L N] [-M N] [-t LIST] "
	       "[-r N] [-c SEC] [-o CSV] [-s SCRIPT -d DIR] [-a DIR] INPUT");
  return a;
}

/* Print "name,expr,what" for every kernel (for the report).  */
static void
describe (void)
{
  const bench_case *sets[2] = { bench_matrix_cases, bench_tensor_cases };
  printf ("kernel,order,expr,what\n");
  for (int s = 0; s < 2; s++)
    for (const bench_case *c = sets[s]; c->name; c++)
      printf ("%s,%d,\"%s\",\"%s\"\n", c->name, c->order, c->expr, c->what);
}

int
main (int argc, char **argv)
{
  options o;
  bench_input in;
  if (argc == 2 && strcmp (argv[1], "--describe") == 0)
    {
      describe ();
      return 0;
    }
  int a = parse (argc, argv, &o);
  if (bench_load (argv[a], &in) || bench_gb_init ())
    return 1;
  if (o.script)
    scipy_list (o.script);
  csv = stdout;
  if (o.csv)
    {
      FILE *probe = fopen (o.csv, "r");
      csv = fopen (o.csv, "a");
      if (!csv)
	bench_die ("cannot open the CSV file");
      if (!probe)
	fputs (csv_header, csv);
      else
	fclose (probe);
    }
  else
    fputs (csv_header, csv);
  const bench_case *sets[2] = { bench_matrix_cases, bench_tensor_cases };
  for (int s = 0; s < 2; s++)
    for (const bench_case *c = sets[s]; c->name; c++)
      if (c->order == in.order && listed (o.kernels, c->name))
	run_case (c, &in, &o);
  bench_input_free (&in);
  if (csv != stdout)
    fclose (csv);
  return 0;
}
