/* inputs.c: the benchmark inputs and operand helpers.

   An input SPEC is one of
     PATH.mtx                  a Matrix Market matrix (symmetric expanded)
     PATH.tns                  a FROSTT 3-tensor
     rmat:S                    R-MAT graph, 2^S rows, 16 nonzeros per row
                               on average (a, b, c = 0.57, 0.19, 0.19)
     powerlaw:NNZ:D0xD1xD2     power-law 3-tensor (alpha 0.8 per mode)
     net:N:NNZ                 four uniform random N x N x N tensors with
                               NNZ entries each (the tensor network)
   optionally prefixed by NAME= to name it in the report.  Everything is
   seeded: the same SPEC gives the same data on every run.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <inttypes.h>
#include "bench.h"

void
bench_die (const char *what)
{
  fprintf (stderr, "bench: %s\n", what);
  exit (1);
}

/* Set IN's name from SPEC: the file's base name without its suffix, or
   the generator spec with ':' removed.  */
static void
default_name (const char *spec, bench_input *in)
{
  const char *base = strrchr (spec, '/');
  base = base ? base + 1 : spec;
  size_t n = strcspn (base, ".");
  if (n >= sizeof in->name)
    n = sizeof in->name - 1;
  memcpy (in->name, base, n);
  in->name[n] = 0;
}

/* Read or generate SPEC's tensor into IN->coo; return SF_OK or a code.  */
static int
make_coo (const char *spec, bench_input *in, sf_error *err)
{
  size_t len = strlen (spec);
  int64_t d[3], nnz;
  if (strncmp (spec, "rmat:", 5) == 0)
    return sf_gen_rmat (atoi (spec + 5), 16.0, 0.57, 0.19, 0.19, 42,
			&in->coo, err);
  if (sscanf (spec, "powerlaw:%" SCNd64 ":%" SCNd64 "x%" SCNd64 "x%" SCNd64,
	      &nnz, &d[0], &d[1], &d[2]) == 4)
    return sf_gen_powerlaw (3, d, nnz, 0.8, 42, &in->coo, err);
  if (len > 4 && strcmp (spec + len - 4, ".mtx") == 0)
    return sf_read_mtx (spec, &in->coo, err);
  if (len > 4 && strcmp (spec + len - 4, ".tns") == 0)
    return sf_read_tns (spec, &in->coo, err);
  snprintf (err->message, sizeof err->message, "%s: unknown input", spec);
  return SF_ERR_INVALID;
}

/* The tensor network: four uniform N^3 tensors of NNZ entries.  */
static int
make_network (int64_t n, int64_t nnz, bench_input *in, sf_error *err)
{
  int64_t d[3] = { n, n, n };
  in->order = 0;
  for (int t = 0; t < 4; t++)
    {
      sf_coo c;
      int rc = sf_gen_uniform (3, d, nnz, 50 + t, &c, err);
      if (rc == SF_OK)
	rc = sf_coo_to_csf (&c, NULL, &in->net[t], err);
      sf_coo_free (&c);
      if (rc != SF_OK)
	return rc;
    }
  return SF_OK;
}

/* Load SPEC into IN (zeroed first); return 0, or print why and return -1.  */
int
bench_load (const char *spec, bench_input *in)
{
  sf_error err = { 0, "" };
  memset (in, 0, sizeof *in);
  const char *eq = strchr (spec, '=');
  if (eq && eq - spec < (ptrdiff_t) sizeof in->name)
    {
      memcpy (in->name, spec, eq - spec);
      spec = eq + 1;
    }
  else
    default_name (spec, in);
  int64_t n, nnz;
  int rc;
  if (sscanf (spec, "net:%" SCNd64 ":%" SCNd64, &n, &nnz) == 2)
    rc = make_network (n, nnz, in, &err);
  else if ((rc = make_coo (spec, in, &err)) == SF_OK
	   && (rc = sf_coo_sum_duplicates (&in->coo, &err)) == SF_OK)
    {
      in->order = in->coo.order;
      if (in->order == 2)
	rc = sf_coo_to_csr (&in->coo, &in->B, &err);
      else if (in->order == 3)
	rc = sf_coo_to_csf (&in->coo, NULL, &in->T, &err);
      else
	{
	  snprintf (err.message, sizeof err.message,
		    "%s: order %d: no benchmarked kernel takes it", spec,
		    in->order);
	  rc = SF_ERR_UNSUPPORTED;
	}
    }
  if (rc != SF_OK)
    {
      fprintf (stderr, "bench: %s\n", err.message);
      bench_input_free (in);
      return -1;
    }
  return 0;
}

void
bench_input_free (bench_input *in)
{
  sf_coo_free (&in->coo);
  sf_csr_free (&in->B);
  sf_csf_free (&in->T);
  for (int t = 0; t < 4; t++)
    sf_csf_free (&in->net[t]);
}

/* Return N doubles uniform in [-1, 1) from SEED (malloc'd), or NULL.  */
double *
bench_dense (size_t n, uint64_t seed)
{
  double *x = malloc ((n + 1) * sizeof *x);
  if (x)
    sf_gen_dense (x, n, seed);
  return x;
}

/* Make OUT a CSR matrix with the union of the patterns of MS[0..N-1] (all
   of one shape) and zero values; return 0 or -1.  */
int
bench_union_pattern (const sf_csr *const *ms, int n, sf_csr *out)
{
  int64_t rows = ms[0]->nrows, total = 0;
  for (int m = 0; m < n; m++)
    total += sf_csr_nnz (ms[m]);
  memset (out, 0, sizeof *out);
  out->nrows = rows, out->ncols = ms[0]->ncols;
  out->pos = calloc (rows + 1, sizeof *out->pos);
  out->crd = malloc ((total + 1) * sizeof *out->crd);
  if (!out->pos || !out->crd)
    return -1;
  sf_pos_t q = 0;
  for (int64_t i = 0; i < rows; i++)
    {
      sf_pos_t p[8], e[8];
      for (int m = 0; m < n; m++)
	p[m] = ms[m]->pos[i], e[m] = ms[m]->pos[i + 1];
      for (;;)
	{
	  int64_t lo = INT64_MAX;
	  for (int m = 0; m < n; m++)
	    if (p[m] < e[m] && ms[m]->crd[p[m]] < lo)
	      lo = ms[m]->crd[p[m]];
	  if (lo == INT64_MAX)
	    break;
	  out->crd[q++] = (sf_crd_t) lo;
	  for (int m = 0; m < n; m++)
	    p[m] += p[m] < e[m] && ms[m]->crd[p[m]] == lo;
	}
      out->pos[i + 1] = q;
    }
  out->vals = calloc (q + 1, sizeof *out->vals);
  return out->vals ? 0 : -1;
}

/* Make OUT a uniform random matrix of B's shape with RATIO * nnz(B)
   entries (SEED); return 0 or -1.  */
int
bench_random_like (const sf_csr *b, double ratio, uint64_t seed, sf_csr *out)
{
  int64_t d[2] = { b->nrows, b->ncols };
  int64_t nnz = (int64_t) (ratio * sf_csr_nnz (b));
  sf_coo c;
  memset (out, 0, sizeof *out);
  if (nnz > d[0] * d[1] / 2)
    nnz = d[0] * d[1] / 2;
  int rc = sf_gen_uniform (2, d, nnz, seed, &c, NULL);
  if (rc == SF_OK)
    rc = sf_coo_to_csr (&c, out, NULL);
  sf_coo_free (&c);
  return rc == SF_OK ? 0 : -1;
}

/* Free what OPS owns (not the input's arrays, not shared patterns).  */
void
bench_ops_free (bench_ops *ops)
{
  bench_gb_free (ops);
  for (int s = 0; s < 3; s++)
    sf_csr_free (&ops->S[s]);
  if (ops->A_owns_pattern)
    free (ops->A.pos), free (ops->A.crd);
  sf_csc_free (&ops->Bc);
  for (int v = 0; v < 2; v++)
    free (ops->v[v].crd), free (ops->v[v].vals);
  for (int d = 0; d < 5; d++)
    free (ops->dense[d]);
  free (ops->out);
  memset (ops, 0, sizeof *ops);
}
