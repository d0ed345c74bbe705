/* t_gen.c: the generators are deterministic, valid and shaped as asked.

     sf_gen_rmat (8, 4.0, 0.57, 0.19, 0.19, 42, ...)   twice: identical;
       sorted without repeats; at most 1024 entries; row 0 heavier than
       the average row; checksum fixed (the same on every platform)
     sf_gen_uniform (3, {4, 5, 6}, 90, ...)   exactly 90 distinct entries
     sf_gen_powerlaw (3, {100, 100, 100}, 2000, 1.0, ...)   2000 entries,
       coordinate 0 of mode 0 far more frequent than coordinate 99  */

#include "harness.h"

#include <stdio.h>
#include <string.h>

/* Return an FNV-1a hash of A's coordinates and value bits.  */
static uint64_t
checksum (const sf_coo *a)
{
  uint64_t h = 1469598103934665603ULL;
  for (int64_t k = 0; k < a->nnz; k++)
    {
      uint64_t v;
      memcpy (&v, &a->vals[k], sizeof v);
      for (int m = 0; m < a->order; m++)
        h = (h ^ (uint64_t) a->crd[m][k]) * 1099511628211ULL;
      h = (h ^ v) * 1099511628211ULL;
    }
  return h;
}

/* Return 1 when A is sorted without repeats, its values in [-1, 1).  */
static int
valid_unique (const sf_coo *a)
{
  if (sf_check_coo (a, NULL) != SF_OK)
    return 0;
  for (int64_t k = 0; k < a->nnz; k++)
    {
      if (!(a->vals[k] >= -1.0 && a->vals[k] < 1.0))
        return 0;
      int same = k > 0;
      for (int m = 0; m < a->order && same; m++)
        same = a->crd[m][k] == a->crd[m][k - 1];
      if (same)
        return 0;
    }
  return 1;
}

/* Return the number of entries of A whose mode M coordinate is C.  */
static int64_t
count_coord (const sf_coo *a, int m, sf_crd_t c)
{
  int64_t n = 0;
  for (int64_t k = 0; k < a->nnz; k++)
    n += a->crd[m][k] == c;
  return n;
}

static void
rmat (void)
{
  sf_coo a, b, c;
  sf_error err;
  int rc = sf_gen_rmat (8, 4.0, 0.57, 0.19, 0.19, 42, &a, &err);
  rc |= sf_gen_rmat (8, 4.0, 0.57, 0.19, 0.19, 42, &b, &err);
  rc |= sf_gen_rmat (8, 4.0, 0.57, 0.19, 0.19, 43, &c, &err);
  uint64_t h = checksum (&a);
  t_result ("gen/rmat/deterministic", !rc && checksum (&b) == h
                                        && checksum (&c) != h,
            "rc %d", rc);
  t_result ("gen/rmat/valid", !rc && valid_unique (&a) && a.nnz <= 1024
                                && a.nnz > 512 && a.dims[0] == 256
                                && a.dims[1] == 256,
            "nnz %lld", (long long) a.nnz);
  t_result ("gen/rmat/skewed", count_coord (&a, 0, 0) > 4 * a.nnz / 256,
            "row 0 has %lld entries of %lld",
            (long long) count_coord (&a, 0, 0), (long long) a.nnz);
  t_result ("gen/rmat/checksum", h == 0xccce49dd1e02d318ULL,
            "checksum %016llx", (unsigned long long) h);
  sf_coo_free (&a);
  sf_coo_free (&b);
  sf_coo_free (&c);
  rc = sf_gen_rmat (4, 2.0, 0.6, 0.3, 0.3, 1, &a, &err);
  t_result ("gen/rmat/reject-probabilities", rc == SF_ERR_INVALID
                                               && a.vals == NULL,
            "rc %d", rc);
  rc = sf_gen_rmat (31, 1.0, 0.25, 0.25, 0.25, 1, &a, &err);
  t_result ("gen/rmat/reject-scale", rc == SF_ERR_INVALID, "rc %d", rc);
  rc = sf_gen_rmat (0, 0.0, 0.25, 0.25, 0.25, 1, &a, &err);
  t_result ("gen/rmat/empty", rc == 0 && a.nnz == 0 && a.dims[0] == 1,
            "rc %d", rc);
  sf_coo_free (&a);
}

static void
uniform (void)
{
  int64_t d[3] = { 10, 20, 30 }, small[3] = { 4, 5, 6 };
  sf_coo a, b;
  sf_error err;
  int rc = sf_gen_uniform (3, d, 500, 42, &a, &err);
  rc |= sf_gen_uniform (3, d, 500, 42, &b, &err);
  t_result ("gen/uniform/deterministic", !rc && checksum (&a) == checksum (&b),
            "rc %d", rc);
  t_result ("gen/uniform/exact-nnz", !rc && a.nnz == 500 && valid_unique (&a),
            "nnz %lld", (long long) a.nnz);
  t_result ("gen/uniform/checksum", checksum (&a) == 0xd2489f2f2e5fd197ULL,
            "checksum %016llx", (unsigned long long) checksum (&a));
  sf_coo_free (&a);
  sf_coo_free (&b);
  rc = sf_gen_uniform (3, small, 90, 7, &a, &err);
  t_result ("gen/uniform/dense-path", !rc && a.nnz == 90 && valid_unique (&a),
            "rc %d nnz %lld", rc, (long long) a.nnz);
  sf_coo_free (&a);
  rc = sf_gen_uniform (3, small, 120, 7, &a, &err);
  t_result ("gen/uniform/full", !rc && a.nnz == 120 && valid_unique (&a),
            "rc %d nnz %lld", rc, (long long) a.nnz);
  sf_coo_free (&a);
  rc = sf_gen_uniform (3, small, 121, 7, &a, &err);
  t_result ("gen/uniform/reject-too-many", rc == SF_ERR_RANGE,
            "rc %d", rc);
  rc = sf_gen_uniform (0, small, 1, 7, &a, &err);
  t_result ("gen/uniform/reject-order", rc == SF_ERR_INVALID, "rc %d", rc);
  rc = sf_gen_uniform (2, NULL, 1, 7, &a, &err);
  t_result ("gen/uniform/reject-null-dims", rc == SF_ERR_INVALID,
            "rc %d", rc);
}

static void
powerlaw (void)
{
  int64_t d[3] = { 100, 100, 100 }, tiny[2] = { 50, 50 };
  sf_coo a, b;
  sf_error err;
  int rc = sf_gen_powerlaw (3, d, 2000, 1.0, 5, &a, &err);
  rc |= sf_gen_powerlaw (3, d, 2000, 1.0, 5, &b, &err);
  t_result ("gen/powerlaw/deterministic",
            !rc && checksum (&a) == checksum (&b), "rc %d", rc);
  t_result ("gen/powerlaw/valid", !rc && a.nnz == 2000 && valid_unique (&a),
            "nnz %lld", (long long) a.nnz);
  int64_t head = count_coord (&a, 0, 0), tail = count_coord (&a, 0, 99);
  t_result ("gen/powerlaw/skewed", head > 10 * (tail + 1),
            "coordinate 0: %lld entries, coordinate 99: %lld",
            (long long) head, (long long) tail);
  sf_coo_free (&a);
  sf_coo_free (&b);
  rc = sf_gen_powerlaw (2, tiny, 2000, 3.0, 5, &a, &err);
  t_result ("gen/powerlaw/very-skewed", !rc && a.nnz <= 2000 && a.nnz > 0
                                          && valid_unique (&a),
            "rc %d nnz %lld", rc, (long long) a.nnz);
  sf_coo_free (&a);
  rc = sf_gen_powerlaw (2, tiny, 10, -1.0, 5, &a, &err);
  t_result ("gen/powerlaw/reject-alpha", rc == SF_ERR_INVALID, "rc %d", rc);
}

static void
dense (void)
{
  double x[1000], y[1000];
  int rc = sf_gen_dense (x, 1000, 9) | sf_gen_dense (y, 1000, 9);
  int ok = !rc && memcmp (x, y, sizeof x) == 0;
  double lo = 1, hi = -1;
  for (int i = 0; i < 1000; i++)
    {
      lo = x[i] < lo ? x[i] : lo;
      hi = x[i] > hi ? x[i] : hi;
    }
  t_result ("gen/dense/deterministic-in-range",
            ok && lo >= -1 && hi < 1 && lo < -0.9 && hi > 0.9,
            "rc %d, range %g..%g", rc, lo, hi);
  t_result ("gen/dense/reject-null", sf_gen_dense (NULL, 5, 1)
                                       == SF_ERR_INVALID, "accepted NULL");
  t_result ("gen/dense/empty", sf_gen_dense (NULL, 0, 1) == SF_OK,
            "refused an empty array");
}

void
t_gen (void)
{
  rmat ();
  uniform ();
  powerlaw ();
  dense ();
}
