/* harness.h: reporting and shared helpers of the runtime library tests.

     t_result ("mtx/edge/empty.mtx", ok, "nnz %lld, expected 0", nnz);
       prints "PASS: mtx/edge/empty.mtx"
           or "FAIL: mtx/edge/empty.mtx: nnz 3, expected 0"
     t_unsupported ("mtx/matrices");   "UNSUPPORTED: mtx/matrices (no data)"

   Names get the prefix given with --prefix (e.g. "asan/"), so the runs of
   the plain, sanitized and valgrind binaries stay apart in one log.  */

#ifndef T_HARNESS_H
#define T_HARNESS_H

#include "sparsefuse.h"

#include <stdarg.h>
#include <stddef.h>

typedef struct t_env
{
  const char *data;   /* the data folder, NULL when absent */
  const char *tmp;    /* a writable scratch folder */
  const char *prefix; /* test name prefix */
} t_env;

extern t_env t;

/* Report the test NAME as passed when OK, else failed with FMT.  Return
   OK.  */
int t_result (const char *name, int ok, const char *fmt, ...)
  __attribute__ ((format (printf, 3, 4)));
void t_unsupported (const char *name, const char *why);

/* Return a path "TMP/NAME" in static storage (one of 8 rotating).  */
const char *t_tmp (const char *name);
/* Return a path "DATA/SUB/NAME" in static storage, or NULL without data.  */
const char *t_data (const char *sub, const char *name);
/* Write the N bytes S to PATH.  Return 0 on success.  */
int t_write_file (const char *path, const char *s, size_t n);
/* Return the sorted names of the regular files of DIR (NULL-terminated,
   malloc'd), or NULL.  */
char **t_list_dir (const char *dir);
void t_free_list (char **names);

/* A canonical tuple list: entries sorted by MODE_ORDER with repeats
   summed, as an independent reference for the converters.  */
typedef struct t_tuples
{
  int order;
  int64_t n;
  int32_t *crd;  /* n * order, entry k at crd[k*order], in mode order */
  double *vals;
} t_tuples;

int t_reference (const sf_coo *a, const int *mode_order, t_tuples *out);
void t_tuples_free (t_tuples *r);
/* Compare list GOT to REF; on a difference write it into WHY.  Return 1
   when equal (coordinates and bit-identical values).  */
int t_tuples_equal (const t_tuples *got, const t_tuples *ref, char *why,
                    size_t size);

/* Return a random COO (seeded) of ORDER with extents DIMS and N entries,
   unsorted, with repeats: about every DUP_EVERY-th entry is a copy.  */
int t_random_coo (int order, const int64_t *dims, int64_t n, int dup_every,
                  uint64_t seed, sf_coo *out);

/* Test groups.  */
void t_mtx_data (void);
void t_mtx_synthetic (void);
void t_mtx_numbers (void);
void t_mtx_roundtrip (void);
void t_tns (void);
void t_convert (void);
void t_csf (void);
void t_check (void);
void t_gen (void);
void t_misc (void);

#endif /* T_HARNESS_H */
