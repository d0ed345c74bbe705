/* Run-time support of the programs the differential fuzzer writes: a
   seeded generator, random sparse tensors stored in any level format,
   dense arrays, and the comparison of an annotated function's result with
   its unannotated copy.

   A generated case builds its operands for one data set,

     fz_tensor t;
     fz_tensor_random (&t, 2, dims, FZ_DATA_RANDOM, 0);   two modes
     fz_levels L;
     fz_levels_build (&L, &t, 2, kinds, modes);         CSR: dense,
                                                        compressed
   copies L's arrays into the fields of its own struct (any index type,
   float or double values, base 0 or 1), runs the reference, the annotated
   function and the reference again, and calls

     fz_compare (case, data set, got, want, bound, n, tol);

   which fails when an element differs from the reference by more than TOL
   times BOUND, the same computation on absolute values (so rounding
   differences of reordered sums never count, and cancellation never hides
   a wrong term).  Every result line starts with "fz: "; the driver reads
   them.  */

#ifndef FZ_RT_H
#define FZ_RT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_MAX_ORDER 8

/* The kinds of data set a case runs on.  */
enum fz_data
{
  FZ_DATA_RANDOM,		/* about a third of the entries set */
  FZ_DATA_EMPTY,		/* no entries at all */
  FZ_DATA_SINGLE,		/* exactly one entry */
  FZ_DATA_FULL,			/* every entry set */
  FZ_DATA_EXTREME,		/* random pattern, values of extreme scale */
  FZ_DATA_SPARSE,		/* few entries, most fibers empty */
  FZ_DATA_COUNT
};

/* Level kinds, as in the format declarations.  */
enum fz_level { FZ_DENSE, FZ_COMPRESSED, FZ_SINGLETON, FZ_COO };

static unsigned long long fz_state;
static int fz_failures;

/* Every array a data set makes, freed when it ends (fz_run).  */
static void **fz_allocs;
static long fz_nallocs, fz_capallocs;

/* Remember P for fz_free_all; return P.  */
static void *
fz_track (void *p)
{
  if (fz_nallocs == fz_capallocs)
    {
      fz_capallocs = 2 * fz_capallocs + 64;
      fz_allocs = (void **) realloc (fz_allocs,
				     fz_capallocs * sizeof (void *));
    }
  fz_allocs[fz_nallocs++] = p;
  return p;
}

/* Free every array remembered by fz_track.  */
static void
fz_free_all (void)
{
  for (long k = 0; k < fz_nallocs; k++)
    free (fz_allocs[k]);
  fz_nallocs = 0;
}

/* Seed the generator with S.  */
static void
fz_seed (unsigned long long s)
{
  fz_state = s * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL;
}

/* Return the next 64 random bits (splitmix64).  */
static unsigned long long
fz_bits (void)
{
  unsigned long long z = (fz_state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Return a uniform integer in [0, N), 0 when N <= 0.  */
static long
fz_below (long n)
{
  return n > 0 ? (long) (fz_bits () % (unsigned long long) n) : 0;
}

/* Return a uniform double in [0, 1).  */
static double
fz_unit (void)
{
  return (double) (fz_bits () >> 11) / 9007199254740992.0;
}

/* Return a random value for data set DATA: uniform in [-1, 1), exact
   zeros now and then; for FZ_DATA_EXTREME a power of two times a small
   integer, between 2^-LIMIT and 2^LIMIT in magnitude.  */
static double
fz_value (int data, int limit)
{
  if (fz_below (16) == 0)
    return 0.0;
  if (data != FZ_DATA_EXTREME)
    return fz_unit () * 2.0 - 1.0;
  double v = ldexp ((double) (fz_below (7) + 1), (int) fz_below (2 * limit + 1)
		    - limit);
  return fz_below (2) ? -v : v;
}

/* ---- sparse tensors ---- */

/* A set of distinct coordinates with values: entry e has coordinates
   crd[e * order .. e * order + order - 1].  */
typedef struct fz_tensor
{
  int order;
  long dims[FZ_MAX_ORDER];
  long nnz;
  long *crd;
  double *vals;
} fz_tensor;

/* Make T a random ORDER-mode tensor of extents DIMS for data set DATA,
   values within 2^+-LIMIT (FLT: rounded to float).  */
static void
fz_tensor_random (fz_tensor *t, int order, const long *dims, int data,
		  int limit, int flt)
{
  long total = 1;
  t->order = order;
  for (int m = 0; m < order; m++)
    t->dims[m] = dims[m], total *= dims[m];
  t->crd = (long *) fz_track (malloc (((size_t) total + 1) * order
				     * sizeof (long) + 8));
  t->vals = (double *) fz_track (malloc (((size_t) total + 1)
					 * sizeof (double)));
  t->nnz = 0;
  long single = total ? fz_below (total) : -1;
  double density = data == FZ_DATA_FULL ? 1.0
		   : data == FZ_DATA_SPARSE ? 0.08 : 0.15 + 0.4 * fz_unit ();
  for (long e = 0; e < total; e++)
    {
      int keep = data == FZ_DATA_EMPTY ? 0
		 : data == FZ_DATA_SINGLE ? e == single : fz_unit () < density;
      if (!keep)
	continue;
      long rest = e;
      for (int m = order - 1; m >= 0; m--)
	{
	  t->crd[t->nnz * order + m] = rest % dims[m];
	  rest /= dims[m];
	}
      double v = fz_value (data, limit);
      t->vals[t->nnz++] = flt ? (float) v : v;
    }
}

/* A tensor stored level by level.  Level l stores mode modes[l]; its
   positions run 0..size[l]-1; pos[l] (compressed: size[l-1]+1 entries)
   and crd[l] (compressed, singleton, coo: size[l] entries) are 0-based;
   vals has size[nlevels-1] entries (zeros where a dense level adds
   entries the tensor lacks).  */
typedef struct fz_levels
{
  int nlevels;
  int kinds[FZ_MAX_ORDER], modes[FZ_MAX_ORDER];
  long dims[FZ_MAX_ORDER];	/* extent of the mode each level stores */
  long size[FZ_MAX_ORDER];
  long cap[FZ_MAX_ORDER], pcap[FZ_MAX_ORDER];
  long *pos[FZ_MAX_ORDER], *crd[FZ_MAX_ORDER];
  double *vals;
  long nvals;
} fz_levels;

static const fz_tensor *fz_sort_tensor;
static const int *fz_sort_modes;

/* qsort comparison of entries (their indices) in level order.  */
static int
fz_entry_cmp (const void *a, const void *b)
{
  long x = *(const long *) a, y = *(const long *) b;
  const fz_tensor *t = fz_sort_tensor;
  for (int l = 0; l < t->order; l++)
    {
      long cx = t->crd[x * t->order + fz_sort_modes[l]];
      long cy = t->crd[y * t->order + fz_sort_modes[l]];
      if (cx != cy)
	return cx < cy ? -1 : 1;
    }
  return 0;
}

/* Append a position of coordinate C to level L of S (growing its
   arrays); return the position.  */
static long
fz_push (fz_levels *s, int l, long c)
{
  if (s->size[l] + 2 > s->cap[l])
    {
      s->cap[l] = 2 * s->cap[l] + 16;
      s->crd[l] = (long *) realloc (s->crd[l], s->cap[l] * sizeof (long));
    }
  s->crd[l][s->size[l]] = c;
  return s->size[l]++;
}

/* Set pos[L][P + 1] of S to the current size of level L (growing pos).  */
static void
fz_end_parent (fz_levels *s, int l, long p)
{
  if (p + 2 > s->pcap[l])
    {
      long old = s->pcap[l];
      s->pcap[l] = 2 * (p + 2) + 16;
      s->pos[l] = (long *) realloc (s->pos[l], s->pcap[l] * sizeof (long));
      memset (s->pos[l] + old, 0, (s->pcap[l] - old) * sizeof (long));
    }
  s->pos[l][p + 1] = s->size[l];
}

/* Return the coordinate of the entry ORDER[E] at level L.  */
static long
fz_coord (const fz_tensor *t, const fz_levels *s, const long *order, long e,
	  int l)
{
  return t->crd[order[e] * t->order + s->modes[l]];
}

static void fz_build_level (fz_levels *s, const fz_tensor *t,
			    const long *order, long lo, long hi, int l);

/* Below the position just made at level L, build the next level for the
   entries ORDER[LO..HI), or store their value at the last level.  */
static void
fz_build_child (fz_levels *s, const fz_tensor *t, const long *order,
		long lo, long hi, int l)
{
  if (l + 1 < s->nlevels)
    fz_build_level (s, t, order, lo, hi, l + 1);
  else
    s->vals[s->size[l] - 1] = lo < hi ? t->vals[order[lo]] : 0.0;
}

/* Build the positions of level L below one parent for the sorted entries
   ORDER[LO..HI) (equal in the levels above).  */
static void
fz_build_level (fz_levels *s, const fz_tensor *t, const long *order, long lo,
		long hi, int l)
{
  int kind = s->kinds[l];
  long parent = l ? s->size[l - 1] - 1 : 0;
  if (kind == FZ_DENSE)
    for (long c = 0, e = lo; c < s->dims[l]; c++)
      {
	long f = e;
	while (f < hi && fz_coord (t, s, order, f, l) == c)
	  f++;
	fz_push (s, l, c);
	fz_build_child (s, t, order, e, f, l);
	e = f;
      }
  else if (kind == FZ_COMPRESSED)
    for (long e = lo; e < hi;)
      {
	long c = fz_coord (t, s, order, e, l), f = e;
	while (f < hi && fz_coord (t, s, order, f, l) == c)
	  f++;
	fz_push (s, l, c);
	fz_build_child (s, t, order, e, f, l);
	e = f;
      }
  else				/* coo and singleton: one position per entry */
    for (long e = lo; e < hi; e++)
      {
	fz_push (s, l, fz_coord (t, s, order, e, l));
	fz_build_child (s, t, order, e, e + 1, l);
      }
  fz_end_parent (s, l, parent);
}

/* Store tensor T in S with NLEVELS levels of KINDS storing MODES (coo is
   the root, singleton levels follow it).  */
static void
fz_levels_build (fz_levels *s, const fz_tensor *t, int nlevels,
		 const int *kinds, const int *modes)
{
  memset (s, 0, sizeof *s);
  s->nlevels = nlevels;
  long full = 1;
  for (int l = 0; l < nlevels; l++)
    {
      s->kinds[l] = kinds[l];
      s->modes[l] = modes[l];
      s->dims[l] = t->dims[modes[l]];
      full *= s->dims[l] + 1;
      fz_end_parent (s, l, 0);
      s->pos[l][1] = 0;
    }
  long *order = (long *) malloc (((size_t) t->nnz + 1) * sizeof (long));
  for (long e = 0; e < t->nnz; e++)
    order[e] = e;
  fz_sort_tensor = t;
  fz_sort_modes = modes;
  qsort (order, (size_t) t->nnz, sizeof (long), fz_entry_cmp);
  s->vals = (double *) calloc ((size_t) (full + t->nnz + 1), sizeof (double));
  fz_build_level (s, t, order, 0, t->nnz, 0);
  s->nvals = nlevels ? s->size[nlevels - 1] : 0;
  free (order);
  fz_track (s->vals);
  for (int l = 0; l < nlevels; l++)
    fz_track (s->pos[l]), fz_track (s->crd[l]);
}

/* ---- comparison ---- */

/* Compare N results GOT of case CASE on data set DATA with the reference
   WANT; BOUND is the reference computed on absolute values.  Print one
   "fz: FAIL" line for the first element off by more than TOL * BOUND.
   With FZ_DUMP set in the environment, first print every element of
   WANT ("fz: value CASE DATA I VALUE"): tools/fuzz/test_lie.py checks
   the lying mode's port of this file's data against them.  */
static int
fz_compare (int c, int data, const char *what, const double *got,
	    const double *want, const double *bound, long n, double tol)
{
  if (getenv ("FZ_DUMP"))
    for (long i = 0; i < n; i++)
      printf ("fz: value %d %d %ld %.17g\n", c, data, i, want[i]);
  for (long i = 0; i < n; i++)
    {
      /* Equal values pass, infinities of one sign among them (floats of
	 extreme scale overflow alike in both), and so do two NaNs.  */
      if (got[i] == want[i] || (got[i] != got[i] && want[i] != want[i]))
	continue;
      double slack = tol * bound[i] + 1e-300;
      if (!(fabs (got[i] - want[i]) <= slack))
	{
	  printf ("fz: FAIL case %d data %d: %s element %ld is %.17g, "
		  "expected %.17g (bound %.3g)\n", c, data, what, i, got[i],
		  want[i], bound[i]);
	  fz_failures++;
	  return 1;
	}
    }
  return 0;
}

/* Fail case C on data set DATA when the N doubles at A and B differ.  */
static int
fz_same (int c, int data, const char *what, const double *a, const double *b,
	 long n)
{
  for (long i = 0; i < n; i++)
    if (!(a[i] == b[i]) && !(a[i] != a[i] && b[i] != b[i]))
      {
	printf ("fz: FAIL case %d data %d: %s element %ld changed from %.17g "
		"to %.17g\n", c, data, what, i, a[i], b[i]);
	fz_failures++;
	return 1;
      }
  return 0;
}

/* The value written past the end of every output.  */
#define FZ_CANARY (-12345.0)

/* Point P at a new array of N elements (of P's type) followed by eight
   canaries.  */
#define FZ_ALLOC(P, N)							\
  do									\
    {									\
      (P) = fz_track (malloc (((size_t) (N) + 8) * sizeof *(P)));	\
      for (int fz_k = 0; fz_k < 8; fz_k++)				\
	(P)[(N) + fz_k] = FZ_CANARY;					\
    }									\
  while (0)

/* Fail case C on data set DATA when a canary after the N elements at P
   was overwritten.  */
#define FZ_CANARY_CHECK(C, DATA, WHAT, P, N)				\
  do									\
    {									\
      for (int fz_k = 0; fz_k < 8; fz_k++)				\
	if ((P)[(N) + fz_k] != FZ_CANARY)				\
	  {								\
	    printf ("fz: FAIL case %d data %d: %s written past its end "	\
		    "(element %ld)\n", (C), (DATA), (WHAT),		\
		    (long) (N) + fz_k);					\
	    fz_failures++;						\
	    break;							\
	  }								\
    }									\
  while (0)

/* Point DST (a pointer to TYPE, maybe const) at a new array holding the
   N values of SRC plus ADD, converted to TYPE.  */
#define FZ_COPY_T(TYPE, DST, SRC, N, ADD)				\
  do									\
    {									\
      TYPE *fz_p = (TYPE *) fz_track (malloc (((size_t) (N) + 1)	\
					       * sizeof (TYPE)));	\
      for (long fz_t = 0; fz_t < (long) (N); fz_t++)			\
	fz_p[fz_t] = (TYPE) ((SRC)[fz_t] + (ADD));			\
      (DST) = fz_p;							\
    }									\
  while (0)

/* Choose the extents EXT[0..N-1] of the index classes for data set DATA;
   FIXED[c] > 0 is a constant extent.  The product stays small enough for
   the reference loops, which may run over every index.  */
static void
fz_extents (long *ext, int n, const long *fixed, int data)
{
  long most = data == FZ_DATA_SPARSE ? 9 : data == FZ_DATA_FULL ? 3 : 5;
  long zero = data == FZ_DATA_SPARSE && fz_below (3) == 0 ? fz_below (n)
	      : -1;
  for (int c = 0; c < n; c++)
    ext[c] = fixed[c] > 0 ? fixed[c] : c == zero ? 0 : 1 + fz_below (most);
  for (;;)
    {
      long prod = 1, big = -1;
      for (int c = 0; c < n; c++)
	{
	  prod *= ext[c] ? ext[c] : 1;
	  if (fixed[c] <= 0 && (big < 0 || ext[c] > ext[big]))
	    big = c;
	}
      if (prod <= 3000 || big < 0 || ext[big] <= 1)
	return;
      ext[big]--;
    }
}

/* Run case FN (number C) on every data set, printing "fz: start",
   then "fz: ok" unless it failed.  The same start line goes to stderr,
   so that the check clause's reports there can be told apart by data
   set.  */
static void
fz_run (int c, void (*fn) (int data))
{
  for (int data = 0; data < FZ_DATA_COUNT; data++)
    {
      printf ("fz: start case %d data %d\n", c, data);
      fflush (stdout);
      fprintf (stderr, "fz: start case %d data %d\n", c, data);
      int before = fz_failures;
      fn (data);
      fz_free_all ();
      if (fz_failures == before)
	printf ("fz: ok case %d data %d\n", c, data);
      fflush (stdout);
    }
  free (fz_allocs);
  fz_allocs = NULL;
  fz_capallocs = 0;
}

/* Return nonzero when case C is selected by the command line: no
   arguments select every case.  */
static int
fz_selected (int argc, char **argv, int c)
{
  if (argc < 2)
    return 1;
  for (int k = 1; k < argc; k++)
    if (atoi (argv[k]) == c)
      return 1;
  return 0;
}

#endif /* FZ_RT_H */
