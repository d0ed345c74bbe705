/* sf_internal.h: helpers shared by the runtime's files, hidden from users
   of the shared library.

     if (n > SF_DIM_MAX)
       return sfr_fail_at (err, SF_ERR_RANGE, "a.mtx", 2,
                           "%lld rows exceed the limit %d", n, SF_DIM_MAX);
       (err->message = "a.mtx:2: 4000000000 rows exceed the limit 2147483647")

   Also: checked allocation, the permutation that sorts a COO, and the
   pseudo-random generator of the generators.  */

#ifndef SF_INTERNAL_H
#define SF_INTERNAL_H

#include "levels.h"
#include "sparsefuse.h"

#include <stdarg.h>

#define SFR_HIDDEN __attribute__ ((visibility ("hidden")))
#define SFR_PRINTF(f, a) __attribute__ ((format (printf, f, a)))

_Static_assert (SF_MAX_ORDER == 8, "sparsefuse.h and levels.h disagree");

/* error.c */
SFR_HIDDEN int sfr_fail (sf_error *err, int code, const char *fmt, ...)
  SFR_PRINTF (3, 4);
SFR_HIDDEN int sfr_fail_at (sf_error *err, int code, const char *file,
                            int64_t line, const char *fmt, ...)
  SFR_PRINTF (5, 6);
SFR_HIDDEN int sfr_ok (sf_error *err);
SFR_HIDDEN void *sfr_alloc (int64_t n, size_t size);
SFR_HIDDEN void *sfr_calloc (int64_t n, size_t size);
SFR_HIDDEN int sfr_shrink (void **p, int64_t n, size_t size);
SFR_HIDDEN int sfr_nomem (sf_error *err, const char *what, int64_t n);

/* coo.c */
SFR_HIDDEN int sfr_check_order (int order, const int *mode_order,
                                sf_error *err);
SFR_HIDDEN int sfr_coo_check_ranges (const sf_coo *a, sf_error *err);
SFR_HIDDEN int sfr_coo_perm (const sf_coo *a, const int *mode_order,
                             int64_t **perm, sf_error *err);
SFR_HIDDEN int sfr_coo_alloc_arrays (sf_coo *a, int64_t cap);
SFR_HIDDEN int sfr_coo_apply_perm (sf_coo *a, const int64_t *perm,
                                   sf_error *err);

/* prng.c: xoshiro256** seeded by splitmix64.  */
typedef struct sfr_rng
{
  uint64_t s[4];
} sfr_rng;

SFR_HIDDEN void sfr_rng_seed (sfr_rng *r, uint64_t seed);
SFR_HIDDEN uint64_t sfr_rng_next (sfr_rng *r);
SFR_HIDDEN double sfr_rng_unit (sfr_rng *r);
SFR_HIDDEN int64_t sfr_rng_below (sfr_rng *r, int64_t n);
SFR_HIDDEN double sfr_rng_value (sfr_rng *r);

#endif /* SF_INTERNAL_H */
