/* Level types of a sparse tensor format, shared by the compiler core and the
   runtime library.  Depends on nothing but the C standard.

   A format stores a tensor as a sequence of levels, one per dimension, in
   storage order.  CSR is levels (dense, compressed): level 0 holds every row
   coordinate 0..nrows-1, level 1 holds, for each row position p, the column
   coordinates crd[pos[p]] .. crd[pos[p+1]-1].

     level kind      positions of parent p        coordinate of position q
     dense(N)        p*N .. p*N+N-1               q - p*N
     compressed      pos[p] .. pos[p+1]-1         crd[q]
     singleton       p (exactly one child)        crd[p]
     coo(NNZ)        0 .. NNZ-1 (root only)       crd[q], non-unique, sorted

   The predicates below are TACO's level capabilities: what code a level
   admits, not how it is stored.  */

#ifndef SF_LEVELS_H
#define SF_LEVELS_H

#define SF_MAX_ORDER 8

typedef enum sf_level_kind
{
  SF_LEVEL_DENSE,
  SF_LEVEL_COMPRESSED,
  SF_LEVEL_SINGLETON,
  SF_LEVEL_COO
} sf_level_kind;

/* Return nonzero when every coordinate 0..N-1 is present (random access by
   coordinate is an index computation).  */
static inline int
sf_level_is_full (sf_level_kind k)
{
  return k == SF_LEVEL_DENSE;
}

/* Return nonzero when coordinates under one parent are distinct.  */
static inline int
sf_level_is_unique (sf_level_kind k)
{
  return k != SF_LEVEL_COO;
}

/* Return nonzero when the level has one child position per parent
   position (no position loop of its own).  */
static inline int
sf_level_is_branchless (sf_level_kind k)
{
  return k == SF_LEVEL_SINGLETON;
}

/* Return nonzero when the level may only be the first level.  */
static inline int
sf_level_is_root_only (sf_level_kind k)
{
  return k == SF_LEVEL_COO;
}

/* Return the name used in pragmas and dumps for level kind K.  */
static inline const char *
sf_level_name (sf_level_kind k)
{
  switch (k)
    {
    case SF_LEVEL_DENSE: return "dense";
    case SF_LEVEL_COMPRESSED: return "compressed";
    case SF_LEVEL_SINGLETON: return "singleton";
    case SF_LEVEL_COO: return "coo";
    }
  return "?";
}

#endif /* SF_LEVELS_H */
