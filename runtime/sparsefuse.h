/* sparsefuse.h: sparse tensor types, their format declarations, and the
   runtime library libsparsefuse (readers, writers, conversions, checks,
   generators).

   A typical program reads a Matrix Market file, converts it to CSR, and
   hands it to an annotated loop:

     sf_coo a;
     sf_csr b;
     sf_error err;
     if (sf_read_mtx ("bcsstk13.mtx", &a, &err) != SF_OK
         || sf_coo_to_csr (&a, &b, &err) != SF_OK)
       {
         fprintf (stderr, "%s\n", err.message);
           (prints e.g. "bcsstk13.mtx:17: row index 2004 out of range 1..2003")
         return 1;
       }
     sf_coo_free (&a);
     #pragma tensor y(i) += b(i,j) * x(j)
     for (int64_t i = 0; i < b.nrows; i++)
       for (sf_pos_t p = b.pos[i]; p < b.pos[i + 1]; p++)
         y[i] += b.vals[p] * x[b.crd[p]];
     sf_csr_free (&b);

   Conventions:
   - Coordinates are 0-based in memory (files are 1-based).  Every extent is
     at most SF_DIM_MAX, so every coordinate fits in sf_crd_t.
   - Every function returns SF_OK (0) or an sf_status code, and fills ERR
     (which may be NULL) with a one-line message naming the file, the line
     and the problem.  On failure the output object is left zeroed, so the
     matching sf_*_free is always safe.  Nothing here exits or prints
     (except the sf_*_summary printers) or crashes on bad input.
   - Arrays are malloc'd; release a structure with its sf_*_free, which
     also accepts a zeroed structure.  Array pointers of a structure made
     here are never NULL, even when empty.  */

#ifndef SPARSEFUSE_H
#define SPARSEFUSE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The largest tensor order (equal to the compiler's limit in levels.h).  */
#ifndef SF_MAX_ORDER
#define SF_MAX_ORDER 8
#endif

/* The largest extent of a mode: coordinates 0..SF_DIM_MAX-1 fit sf_crd_t.  */
#define SF_DIM_MAX INT32_MAX

typedef int64_t sf_pos_t; /* positions (pos arrays, nnz) */
typedef int32_t sf_crd_t; /* coordinates */

/* ---------------------------------------------------------------------
   Types.  dims[] are per mode: dims[m] is the extent of mode m.  */

/* Compressed sparse rows: row i holds columns crd[pos[i]..pos[i+1]-1],
   strictly increasing; pos has nrows+1 entries.  */
typedef struct sf_csr
{
  int64_t nrows, ncols;
  sf_pos_t *pos;
  sf_crd_t *crd;
  double *vals;
} sf_csr;

/* Compressed sparse columns: pos over columns, crd holds row ids.  */
typedef struct sf_csc
{
  int64_t nrows, ncols;
  sf_pos_t *pos;
  sf_crd_t *crd;
  double *vals;
} sf_csc;

/* Doubly compressed rows: pos[0] = {0, number of nonempty rows}, crd[0] the
   nonempty rows; pos[1], crd[1] their columns as in CSR.  */
typedef struct sf_dcsr
{
  int64_t nrows, ncols;
  sf_pos_t *pos[2];
  sf_crd_t *crd[2];
  double *vals;
} sf_dcsr;

/* Coordinate list of any order: entry k is (crd[0][k], ..., crd[order-1][k])
   with value vals[k].  Readers return entries in file order; after
   sf_coo_sort they are in lexicographic order (the form the format
   declarations below promise).  */
typedef struct sf_coo
{
  int order;
  int64_t dims[SF_MAX_ORDER];
  int64_t nnz;
  sf_crd_t *crd[SF_MAX_ORDER];
  double *vals;
} sf_coo;

/* Compressed sparse fiber: level l stores mode mode_order[l]; every level
   is compressed; pos[0] = {0, number of distinct first-level coordinates};
   pos[l] has (entries of level l-1)+1 elements; vals is indexed by the
   last level's position and has nnz entries.  */
typedef struct sf_csf
{
  int order;
  int64_t dims[SF_MAX_ORDER];
  int mode_order[SF_MAX_ORDER];
  sf_pos_t *pos[SF_MAX_ORDER];
  sf_crd_t *crd[SF_MAX_ORDER];
  double *vals;
  int64_t nnz;
} sf_csf;

/* Names under which the format declarations below describe these types.
   A format declaration is per type name, so each mode order of CSF needs
   its own typedef; build the object with sf_coo_to_csf and the matching
   mode order (sf_csf3_120 <-> {1, 2, 0}).  */
typedef sf_coo sf_coo2;
typedef sf_coo sf_coo3;
typedef sf_csf sf_csf3;
typedef sf_csf sf_csf4;
typedef sf_csf sf_csf3_012;
typedef sf_csf sf_csf3_021;
typedef sf_csf sf_csf3_102;
typedef sf_csf sf_csf3_120;
typedef sf_csf sf_csf3_201;
typedef sf_csf sf_csf3_210;

/* Format declarations, read by the compiler plugin (which defines
   __SPARSEFUSE__).  For another mode order declare your own name, e.g.

     typedef sf_csf sf_csf4_3012;
     #pragma tensor format sf_csf4_3012 dims(dims[0], dims[1], dims[2], dims[3]) \
       levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]),        \
              compressed(pos[2], crd[2]), compressed(pos[3], crd[3]))        \
       values(vals) modes(3, 0, 1, 2)

   and convert with mode order {3, 0, 1, 2}.  */
#ifdef __SPARSEFUSE__
#pragma tensor format sf_csr dims(nrows, ncols) levels(dense, compressed(pos, crd)) values(vals)
#pragma tensor format sf_csc dims(nrows, ncols) levels(dense, compressed(pos, crd)) values(vals) modes(1, 0)
#pragma tensor format sf_dcsr dims(nrows, ncols) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) values(vals)
#pragma tensor format sf_coo2 dims(dims[0], dims[1]) levels(coo(nnz, crd[0]), singleton(crd[1])) values(vals)
#pragma tensor format sf_coo3 dims(dims[0], dims[1], dims[2]) levels(coo(nnz, crd[0]), singleton(crd[1]), singleton(crd[2])) values(vals)
#pragma tensor format sf_csf3 dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals)
#pragma tensor format sf_csf3_012 dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals) modes(0, 1, 2)
#pragma tensor format sf_csf3_021 dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals) modes(0, 2, 1)
#pragma tensor format sf_csf3_102 dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals) modes(1, 0, 2)
#pragma tensor format sf_csf3_120 dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals) modes(1, 2, 0)
#pragma tensor format sf_csf3_201 dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals) modes(2, 0, 1)
#pragma tensor format sf_csf3_210 dims(dims[0], dims[1], dims[2]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(vals) modes(2, 1, 0)
#pragma tensor format sf_csf4 dims(dims[0], dims[1], dims[2], dims[3]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2]), compressed(pos[3], crd[3])) values(vals)
#endif

/* ---------------------------------------------------------------------
   Errors.  */

typedef enum sf_status
{
  SF_OK = 0,
  SF_ERR_IO,          /* cannot open, read or write a file */
  SF_ERR_FORMAT,      /* a file breaks its format's grammar */
  SF_ERR_RANGE,       /* an index or value out of range, or an overflow */
  SF_ERR_NOMEM,       /* out of memory, or a size too large to allocate */
  SF_ERR_UNSUPPORTED, /* valid input this library does not handle */
  SF_ERR_INVALID,     /* a bad argument (NULL, bad mode order, bad order) */
  SF_ERR_STRUCTURE    /* a structure breaks its format's invariants */
} sf_status;

typedef struct sf_error
{
  int code;
  char message[512];
} sf_error;

/* Return a short constant description of status CODE.  */
const char *sf_strerror (int code);

/* ---------------------------------------------------------------------
   Files.  Readers return a COO in file order, 0-based.  */

/* Flags for sf_read_mtx_ex.  */
#define SF_MTX_ALLOW_DUPLICATES 1u /* keep repeated entries (converters sum
                                      them) instead of rejecting the file */

/* Read Matrix Market file PATH (coordinate real, integer or pattern;
   general, symmetric or skew-symmetric) into OUT, expanding symmetric
   files to both triangles (skew: negated mirror; pattern values are 1).
   Repeated entries are an error.  A "%%GraphBLAS type T" comment line
   bounds the values to type T.  Return SF_OK or an error code.  */
int sf_read_mtx (const char *path, sf_coo *out, sf_error *err);
/* As sf_read_mtx with FLAGS (SF_MTX_*).  */
int sf_read_mtx_ex (const char *path, unsigned flags, sf_coo *out,
                    sf_error *err);
/* As sf_read_mtx_ex from open stream F, called NAME in messages.  */
int sf_fread_mtx (FILE *f, const char *name, unsigned flags, sf_coo *out,
                  sf_error *err);

/* Write order-2 A to PATH as "coordinate real general", entries in A's
   order, values exactly (17 significant digits).  Return SF_OK or an
   error code.  */
int sf_write_mtx (const char *path, const sf_coo *a, sf_error *err);
int sf_fwrite_mtx (FILE *f, const char *name, const sf_coo *a, sf_error *err);

/* Read FROSTT file PATH: one nonzero per line, ORDER 1-based coordinates
   then a value; lines starting with '#' are comments.  The order comes
   from the first entry, each extent is the largest coordinate of its mode.
   Repeated coordinates are kept (converters sum them).  Return SF_OK or an
   error code.  */
int sf_read_tns (const char *path, sf_coo *out, sf_error *err);
/* As sf_read_tns with the ORDER given (0: infer) and the extents DIMS given
   (NULL: infer); coordinates beyond DIMS are an error.  */
int sf_read_tns_ex (const char *path, int order, const int64_t *dims,
                    sf_coo *out, sf_error *err);

/* Write A to PATH in FROSTT format.  Return SF_OK or an error code.  */
int sf_write_tns (const char *path, const sf_coo *a, sf_error *err);

/* ---------------------------------------------------------------------
   COO.  */

/* Make OUT an order-ORDER COO of extents DIMS with room for NNZ entries
   (nnz set, contents zero).  Return SF_OK or an error code.  */
int sf_coo_alloc (int order, const int64_t *dims, int64_t nnz, sf_coo *out,
                  sf_error *err);

/* Sort A's entries lexicographically (mode 0 first), stably, in place.
   Return SF_OK or an error code.  */
int sf_coo_sort (sf_coo *a, sf_error *err);
/* As sf_coo_sort, comparing modes MODE_ORDER[0], MODE_ORDER[1], ...  */
int sf_coo_sort_by (sf_coo *a, const int *mode_order, sf_error *err);

/* Sort A and merge entries with equal coordinates, summing their values in
   their original order.  Return SF_OK or an error code.  */
int sf_coo_sum_duplicates (sf_coo *a, sf_error *err);

/* Accumulate A into the row-major dense array X of N = prod(dims) doubles
   (X is zeroed first).  Return SF_OK or an error code.  */
int sf_coo_to_dense (const sf_coo *a, double *x, size_t n, sf_error *err);

/* ---------------------------------------------------------------------
   Conversions.  The input COO may be unsorted and hold duplicates: the
   result is sorted with duplicates summed (in input order).  Return SF_OK
   or an error code.  */

int sf_coo_to_csr (const sf_coo *a, sf_csr *out, sf_error *err);
int sf_coo_to_csc (const sf_coo *a, sf_csc *out, sf_error *err);
int sf_coo_to_dcsr (const sf_coo *a, sf_dcsr *out, sf_error *err);
/* MODE_ORDER: level l of OUT stores mode MODE_ORDER[l], a permutation of
   0..order-1 (NULL: identity); order 1..SF_MAX_ORDER.  */
int sf_coo_to_csf (const sf_coo *a, const int *mode_order, sf_csf *out,
                   sf_error *err);

/* Back to a sorted COO (for CSC and CSF: sorted in storage order).  */
int sf_csr_to_coo (const sf_csr *a, sf_coo *out, sf_error *err);
int sf_csc_to_coo (const sf_csc *a, sf_coo *out, sf_error *err);
int sf_dcsr_to_coo (const sf_dcsr *a, sf_coo *out, sf_error *err);
int sf_csf_to_coo (const sf_csf *a, sf_coo *out, sf_error *err);

/* ---------------------------------------------------------------------
   Validation: return SF_OK, or SF_ERR_STRUCTURE (SF_ERR_INVALID for NULL
   pointers or impossible sizes) with a message saying where: pos starts at
   0, is monotone and ends at the number of entries; crd in range and
   strictly increasing within a fiber; for COO, coordinates in range and
   entries sorted.  */

int sf_check_csr (const sf_csr *a, sf_error *err);
int sf_check_csc (const sf_csc *a, sf_error *err);
int sf_check_dcsr (const sf_dcsr *a, sf_error *err);
int sf_check_coo (const sf_coo *a, sf_error *err);
int sf_check_csf (const sf_csf *a, sf_error *err);

/* ---------------------------------------------------------------------
   Generators: deterministic for a seed on every platform; values uniform
   in [-1, 1); results sorted, without duplicates.  */

/* R-MAT graph of 2^SCALE_ROWS_LOG2 (0..30) rows and columns:
   round(AVG_NNZ_PER_ROW * rows) edges, each placed by recursive quadrant
   choice with probabilities A, B, C and 1-A-B-C; repeated edges are merged
   (keeping the first value), so nnz may be lower.  Return SF_OK or an
   error code.  */
int sf_gen_rmat (int scale_rows_log2, double avg_nnz_per_row, double a,
                 double b, double c, uint64_t seed, sf_coo *out,
                 sf_error *err);

/* Exactly NNZ distinct uniformly random coordinates of an order-ORDER
   tensor of extents DIMS.  Return SF_OK or an error code.  */
int sf_gen_uniform (int order, const int64_t *dims, int64_t nnz,
                    uint64_t seed, sf_coo *out, sf_error *err);

/* NNZ coordinates whose every mode follows a power law: coordinate i is
   drawn with probability proportional to (i+1)^-ALPHA (ALPHA >= 0; 0 is
   uniform), so low coordinates are the heavy ones.  Draws repeat until NNZ
   distinct entries exist or a bounded number of rounds found none new,
   so for very skewed laws nnz may be lower.  Return SF_OK or an error
   code.  */
int sf_gen_powerlaw (int order, const int64_t *dims, int64_t nnz,
                     double alpha, uint64_t seed, sf_coo *out,
                     sf_error *err);

/* Fill X[0..N-1] with values uniform in [-1, 1).  Return SF_OK, or
   SF_ERR_INVALID when X is NULL and N > 0.  */
int sf_gen_dense (double *x, size_t n, uint64_t seed);

/* ---------------------------------------------------------------------
   Sizes, summaries, release.  */

/* Return the number of stored entries (0 for a zeroed structure).  */
int64_t sf_csr_nnz (const sf_csr *a);
int64_t sf_csc_nnz (const sf_csc *a);
int64_t sf_dcsr_nnz (const sf_dcsr *a);
int64_t sf_csf_nnz (const sf_csf *a);

/* Print one line describing A to OUT, e.g. "bcsstk13: csr (dense,
   compressed) 2003 x 2003, 83883 nonzeros (2.09%), row lengths 5..95
   (avg 41.9), 0 empty".  */
void sf_coo_summary (FILE *out, const char *name, const sf_coo *a);
void sf_csr_summary (FILE *out, const char *name, const sf_csr *a);
void sf_csc_summary (FILE *out, const char *name, const sf_csc *a);
void sf_dcsr_summary (FILE *out, const char *name, const sf_dcsr *a);
void sf_csf_summary (FILE *out, const char *name, const sf_csf *a);

/* Support of the auto-scheduler's run-time choice (runtime/sysinfo.c,
   docs/scheduling.md).  sf_llc_bytes: the last-level cache in bytes
   (SPARSEFUSE_LLC_BYTES, /sys, sysconf, else SF_LLC_DEFAULT_BYTES), read
   once; sf_llc_bytes_from reads it afresh, from the sysfs folder ROOT
   (SF_SYSFS_CACHE when NULL), and asks sysconf only when ROOT is NULL.
   sf_nnz_prefix: the positions of level LEVEL (levels 0..LEVEL
   iterated) from KINDS (SF_LEVEL_* of levels.h), SIZES (dense: extent;
   coo: its NNZ) and POS (compressed: the pos array).  sf_show_pick: with SPARSEFUSE_SHOW_PICK=1, print the
   dispatcher's PICK among N candidates (their TIME and MEMORY when not
   NULL) to stderr; returns PICK.  */
#define SF_LLC_DEFAULT_BYTES (8LL * 1024 * 1024)
#define SF_SYSFS_CACHE "/sys/devices/system/cpu/cpu0/cache"
int64_t sf_llc_bytes (void);
int64_t sf_llc_bytes_from (const char *root);
int64_t sf_nnz_prefix (int nlevels, const int *kinds, const int64_t *sizes,
                       const sf_pos_t *const *pos, int level);
int64_t sf_show_pick (const char *where, int64_t pick, int64_t n,
                      const double *time, const double *memory, double cap);
/* The same two, under the names the generated code references weakly (so
   that a program without this library still links).  A weak reference
   makes every reference to its symbol in the object weak: these names are
   the generated code's alone, so a program's own calls of sf_llc_bytes
   stay strong.  */
int64_t sf_gen_llc_bytes (void);
int64_t sf_gen_show_pick (const char *where, int64_t pick, int64_t n,
                          const double *time, const double *memory,
                          double cap);

/* Free A's arrays and zero A.  A NULL or zeroed A is fine.  */
/* Support of the `check` clause, called by code the plugin generates
   (see runtime/check_clause.c): snapshot the output, swap it with the
   generated result, report the difference to stderr.  */
void *sf_check_begin (const void *out, size_t bytes);
void sf_check_swap (void *snap, void *out, size_t bytes);
/* The element types of sf_check_end's KIND: 0 double, 1 float, then the
   integers, compared exactly.  */
enum sf_check_kind
{
  SF_CHECK_DOUBLE, SF_CHECK_FLOAT,
  SF_CHECK_I8, SF_CHECK_U8, SF_CHECK_I16, SF_CHECK_U16,
  SF_CHECK_I32, SF_CHECK_U32, SF_CHECK_I64, SF_CHECK_U64
};
void sf_check_end (void *generated, const void *original, long n,
		   int kind, const char *where, const char *expr);

void sf_coo_free (sf_coo *a);
void sf_csr_free (sf_csr *a);
void sf_csc_free (sf_csc *a);
void sf_dcsr_free (sf_dcsr *a);
void sf_csf_free (sf_csf *a);

#ifdef __cplusplus
}
#endif

#endif /* SPARSEFUSE_H */
