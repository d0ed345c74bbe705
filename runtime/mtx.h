/* mtx.h: the state of the Matrix Market reader, shared by its files.

     mtx_reader r;             filled by mtx_read.c while parsing
     sfr_mtx_value (&r, ...)   one value field, bounded by the header
     sfr_mtx_check_dups (&r)   "a.mtx:8: entry (2, 2) repeats line 7"
     sfr_mtx_expand (&r)       symmetric -> both triangles  */

#ifndef SF_MTX_H
#define SF_MTX_H

#include "scan.h"

/* Banner fields, in the order of their names in mtx_read.c.  */
enum { FIELD_REAL, FIELD_INTEGER, FIELD_PATTERN, FIELD_COMPLEX };
enum { SYM_GENERAL, SYM_SYMMETRIC, SYM_SKEW, SYM_HERMITIAN };

/* Kinds of "%%GraphBLAS type" bounds.  */
enum { GB_NONE, GB_BOOL, GB_SIGNED, GB_UNSIGNED, GB_FLOAT, GB_DOUBLE,
       GB_COMPLEX };

typedef struct mtx_header
{
  int field, symmetry;
  int gb_kind, gb_bits;       /* value bound, GB_NONE when absent */
  int64_t nrows, ncols, nnz;  /* as declared by the size line */
} mtx_header;

/* Lines without an entry seen before entry ENTRY: EXTRA in total.  */
typedef struct mtx_gap
{
  int64_t entry, extra;
} mtx_gap;

typedef struct mtx_reader
{
  sfr_scan scan;
  mtx_header h;
  unsigned flags;
  sf_coo *out;          /* entries so far: crd[0], crd[1], vals */
  int64_t count, cap;
  int64_t first_line;   /* line of entry 0 */
  mtx_gap *gaps;
  int64_t ngaps, capgaps;
  sf_error *err;
} mtx_reader;

SFR_HIDDEN int sfr_mtx_value (mtx_reader *r, const char **p, const char *e,
                              int diagonal, double *v);
SFR_HIDDEN int64_t sfr_mtx_entry_line (const mtx_reader *r, int64_t k);
SFR_HIDDEN int sfr_mtx_check_dups (mtx_reader *r);
SFR_HIDDEN int sfr_mtx_expand (mtx_reader *r);

#endif /* SF_MTX_H */
