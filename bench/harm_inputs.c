/* harm_inputs.c: the inputs of `make bench-harm`.

   An input SPEC is one of
     PATH.mtx               a Matrix Market matrix (symmetric expanded)
     PATH.tns               a FROSTT 3-tensor
     lap2d:G                the 5-point Laplacian of a G x G grid (4 on the
                            diagonal, -1 for each neighbour)
     rows:N:LO:HI           N x N, each row LO..HI entries (uniform), at
                            distinct uniformly random columns
     band:N:E:W             N x N, E entries per row (the diagonal and
                            E - 1 others) in the band of width W around
                            the diagonal: FEM-like, the accesses to x local
     rmat:S                 R-MAT graph, 2^S rows, 16 entries per row on
                            average (a, b, c = 0.57, 0.19, 0.19)
     powerlaw:NNZ:D0xD1xD2  power-law 3-tensor (alpha 0.8 per mode)
     fibers:N:A:B           N x N x N tensor built as CSF directly: every i
                            has 1..2A-1 j fibers (uniform), each 1..2B-1
                            entries, at random distinct coordinates (about
                            N A B entries; large ones quickly)
   optionally prefixed by NAME= to name it in the report.  Generated
   values are uniform in [-1, 1); everything is seeded, so the same SPEC
   gives the same data on every run.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "harm_driver.h"

void
harm_die (const char *what)
{
  fprintf (stderr, "harm: %s\n", what);
  exit (1);
}

/* Return the next number of the splitmix64 sequence in *S.  */
static uint64_t
rng_next (uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/* Return a value uniform in [-1, 1) from *S.  */
static double
rng_value (uint64_t *s)
{
  return (double) (rng_next (s) >> 11) * 0x1p-52 - 1.0;
}

/* Allocate OUT as an N x N CSR with room for CAP entries, pos[0] = 0;
   return 0 or -1.  */
static int
csr_alloc (int64_t n, int64_t cap, sf_csr *out)
{
  out->nrows = out->ncols = n;
  out->pos = calloc (n + 1, sizeof *out->pos);
  out->crd = malloc ((cap + 1) * sizeof *out->crd);
  out->vals = malloc ((cap + 1) * sizeof *out->vals);
  return out->pos && out->crd && out->vals ? 0 : -1;
}

/* The 5-point Laplacian of a G x G grid, rows in grid order.  */
static int
gen_lap2d (int64_t g, sf_csr *out)
{
  int64_t n = g * g, q = 0;
  if (g < 1 || csr_alloc (n, 5 * n, out))
    return -1;
  for (int64_t i = 0; i < n; i++)
    {
      int64_t r = i / g, c = i % g;
      int64_t nb[5] = { r > 0 ? i - g : -1, c > 0 ? i - 1 : -1, i,
			c < g - 1 ? i + 1 : -1, r < g - 1 ? i + g : -1 };
      for (int e = 0; e < 5; e++)
	if (nb[e] >= 0)
	  {
	    out->crd[q] = (sf_crd_t) nb[e];
	    out->vals[q++] = e == 2 ? 4.0 : -1.0;
	  }
      out->pos[i + 1] = q;
    }
  return 0;
}

/* Put LEN distinct random columns below N, sorted, at CRD (LEN <= N).  */
static void
random_columns (int64_t n, int len, uint64_t *s, sf_crd_t *crd)
{
  for (int have = 0; have < len;)
    {
      sf_crd_t j = (sf_crd_t) (rng_next (s) % (uint64_t) n);
      int q = have;
      while (q > 0 && crd[q - 1] > j)
	q--;
      if (q > 0 && crd[q - 1] == j)
	continue;
      memmove (crd + q + 1, crd + q, (have - q) * sizeof *crd);
      crd[q] = j, have++;
    }
}

/* N x N with LO..HI entries per row at random columns.  */
static int
gen_rows (int64_t n, int lo, int hi, sf_csr *out)
{
  uint64_t s = 1001;
  if (n < 1 || lo < 0 || hi < lo || hi > n || csr_alloc (n, n * hi, out))
    return -1;
  for (int64_t i = 0; i < n; i++)
    {
      int len = lo + (int) (rng_next (&s) % (uint64_t) (hi - lo + 1));
      sf_pos_t p = out->pos[i];
      random_columns (n, len, &s, out->crd + p);
      for (int e = 0; e < len; e++)
	out->vals[p + e] = rng_value (&s);
      out->pos[i + 1] = p + len;
    }
  return 0;
}

/* N x N, row i holding the diagonal and E - 1 other columns chosen
   uniformly (selection sampling, so in order) in [i - W/2, i + W/2].  */
static int
gen_band (int64_t n, int e, int w, sf_csr *out)
{
  uint64_t s = 2002;
  if (n < 1 || e < 1 || w < e || csr_alloc (n, n * (int64_t) e, out))
    return -1;
  sf_pos_t q = 0;
  for (int64_t i = 0; i < n; i++)
    {
      int64_t lo = i - w / 2 > 0 ? i - w / 2 : 0;
      int64_t hi = i + w / 2 < n - 1 ? i + w / 2 : n - 1;
      int64_t left = hi - lo, need = left < e - 1 ? left : e - 1;
      for (int64_t c = lo; c <= hi; c++)
	{
	  if (c != i)
	    {
	      int take = (int64_t) (rng_next (&s) % (uint64_t) left) < need;
	      left--;
	      if (!take)
		continue;
	      need--;
	    }
	  out->crd[q] = (sf_crd_t) c;
	  out->vals[q++] = rng_value (&s);
	}
      out->pos[i + 1] = q;
    }
  return 0;
}

/* Append to level L of T (pos[L] counted up to entry E of level L - 1)
   a fiber of 1..2M-1 random distinct coordinates below N; return its
   length.  */
static int
csf_fiber (sf_csf *t, int l, int64_t e, int64_t n, int m, uint64_t *s)
{
  int len = 1 + (int) (rng_next (s) % (uint64_t) (2 * m - 1));
  if (len > n)
    len = (int) n;
  sf_pos_t p = t->pos[l][e];
  random_columns (n, len, s, t->crd[l] + p);
  t->pos[l][e + 1] = p + len;
  return len;
}

/* The fibers:N:A:B tensor into T (CSF, mode order 0, 1, 2).  */
static int
gen_fibers (int64_t n, int a, int b, sf_csf *t)
{
  uint64_t s = 3003;
  int64_t nj = n * (2 * a - 1), nk = nj * (2 * b - 1);
  if (n < 1 || a < 1 || b < 1)
    return -1;
  *t = (sf_csf) { .order = 3, .dims = { n, n, n }, .mode_order = { 0, 1, 2 } };
  int64_t size[3] = { n, nj, nk };
  for (int l = 0; l < 3; l++)
    {
      t->pos[l] = calloc (l ? size[l - 1] + 1 : 2, sizeof *t->pos[l]);
      t->crd[l] = malloc ((size[l] + 1) * sizeof *t->crd[l]);
    }
  t->vals = malloc ((nk + 1) * sizeof *t->vals);
  if (!t->pos[0] || !t->pos[1] || !t->pos[2] || !t->crd[0] || !t->crd[1]
      || !t->crd[2] || !t->vals)
    return -1;
  for (int64_t i = 0; i < n; i++)
    t->crd[0][i] = (sf_crd_t) i;
  t->pos[0][1] = n;
  for (int64_t i = 0; i < n; i++)
    csf_fiber (t, 1, i, n, a, &s);
  for (int64_t j = 0; j < t->pos[1][n]; j++)
    csf_fiber (t, 2, j, n, b, &s);
  t->nnz = t->pos[2][t->pos[1][n]];
  for (int64_t k = 0; k < t->nnz; k++)
    t->vals[k] = rng_value (&s);
  return 0;
}

/* Set IN's name from SPEC: the file's base name without its suffix, or
   the generator spec with ':' turned into '-'.  */
static void
default_name (const char *spec, harm_input *in)
{
  const char *base = strrchr (spec, '/');
  base = base ? base + 1 : spec;
  snprintf (in->name, sizeof in->name, "%.*s", (int) strcspn (base, "."),
	    base);
  for (char *c = in->name; *c; c++)
    if (*c == ':')
      *c = '-';
}

/* Read or generate the COO of SPEC (.mtx, .tns, rmat:, powerlaw:) into
   C; return SF_OK or a code with ERR set.  */
static int
make_coo (const char *spec, sf_coo *c, sf_error *err)
{
  size_t len = strlen (spec);
  int64_t d[3], nnz;
  int rc;
  if (strncmp (spec, "rmat:", 5) == 0)
    rc = sf_gen_rmat (atoi (spec + 5), 16.0, 0.57, 0.19, 0.19, 42, c, err);
  else if (sscanf (spec, "powerlaw:%" SCNd64 ":%" SCNd64 "x%" SCNd64
		   "x%" SCNd64, &nnz, &d[0], &d[1], &d[2]) == 4)
    rc = sf_gen_powerlaw (3, d, nnz, 0.8, 42, c, err);
  else if (len > 4 && strcmp (spec + len - 4, ".mtx") == 0)
    rc = sf_read_mtx (spec, c, err);
  else if (len > 4 && strcmp (spec + len - 4, ".tns") == 0)
    rc = sf_read_tns (spec, c, err);
  else
    {
      snprintf (err->message, sizeof err->message, "%s: unknown input", spec);
      return SF_ERR_INVALID;
    }
  return rc == SF_OK ? sf_coo_sum_duplicates (c, err) : rc;
}

/* Fill IN from a COO input SPEC; return 0 or -1 (message printed).  */
static int
load_coo (const char *spec, harm_input *in)
{
  sf_error err = { 0, "" };
  sf_coo c;
  memset (&c, 0, sizeof c);
  int rc = make_coo (spec, &c, &err);
  if (rc == SF_OK && c.order == 2)
    rc = sf_coo_to_csr (&c, &in->A, &err);
  else if (rc == SF_OK && c.order == 3)
    rc = sf_coo_to_csf (&c, NULL, &in->T, &err);
  else if (rc == SF_OK)
    {
      snprintf (err.message, sizeof err.message, "%s: order %d", spec,
		c.order);
      rc = SF_ERR_UNSUPPORTED;
    }
  in->order = c.order;
  in->nnz = c.nnz;
  sf_coo_free (&c);
  if (rc != SF_OK)
    fprintf (stderr, "harm: %s\n", err.message);
  return rc == SF_OK ? 0 : -1;
}

/* Load SPEC into IN (zeroed first); return 0, or print why and -1.  */
int
harm_load (const char *spec, harm_input *in)
{
  memset (in, 0, sizeof *in);
  const char *eq = strchr (spec, '=');
  if (eq && eq - spec < (ptrdiff_t) sizeof in->name)
    {
      memcpy (in->name, spec, eq - spec);
      spec = eq + 1;
    }
  else
    default_name (spec, in);
  int64_t n;
  int a, b, rc;
  if (sscanf (spec, "lap2d:%" SCNd64, &n) == 1)
    rc = gen_lap2d (n, &in->A);
  else if (sscanf (spec, "rows:%" SCNd64 ":%d:%d", &n, &a, &b) == 3)
    rc = gen_rows (n, a, b, &in->A);
  else if (sscanf (spec, "band:%" SCNd64 ":%d:%d", &n, &a, &b) == 3)
    rc = gen_band (n, a, b, &in->A);
  else if (sscanf (spec, "fibers:%" SCNd64 ":%d:%d", &n, &a, &b) == 3)
    {
      rc = gen_fibers (n, a, b, &in->T);
      in->order = 3;
      in->nnz = in->T.nnz;
    }
  else
    return load_coo (spec, in);
  if (in->order == 0)
    {
      in->order = 2;
      in->nnz = in->A.pos ? sf_csr_nnz (&in->A) : 0;
    }
  if (rc)
    fprintf (stderr, "harm: %s: bad parameters or out of memory\n", spec);
  return rc;
}

void
harm_input_free (harm_input *in)
{
  sf_csr_free (&in->A);
  sf_csf_free (&in->T);
}
