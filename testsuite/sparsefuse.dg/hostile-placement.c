/* A valid pragma in the wrong place: before a declaration, after a label,
   twice in a row, alone in a block, before an empty statement, at file
   scope, after its loop.
   Each function below carries a pragma that tools/fuzz/hostile.py
   mutated from a valid one; the plugin must diagnose it (or keep the
   loop with a warning), never crash.  Mutations, in order:
     0. placement decl: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0,
        ext1 * 1)
     1. placement label: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0,
        ext1 * 1)
     2. placement twice: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0,
        ext1 * 1)
     3. placement block: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0,
        ext1 * 1)
     4. placement empty: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0,
        ext1 * 1)
     5. placement filescope: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx:
        ext0, ext1 * 1)
     6. placement return: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0,
        ext1 * 1)
  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sparsefuse.h"

/* ---- case 0: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1) */
struct c0_fmt0 { const double *colidx9; const int *crd1; const uint32_t *idx8; const uint32_t *pos0; long long links5; long long p10; const int *i15; };
#pragma tensor format struct c0_fmt0 dims(p10, links5) levels(compressed(pos0, i15), compressed(idx8, crd1)) values(colidx9)
long
c0_annot (long ext0, long ext1, double *restrict Mx, double *restrict y, const struct c0_fmt0 *alpha)
{
#pragma tensor Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1)
  double fz_unused = 0;
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        Mx[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (int i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (int i2_1 = 0; i2_1 < ext1; i2_1++) {
        {
          long h3_0 = (long) alpha->pos0[0 + 1] - 0;
          long p3_0 = (long) alpha->pos0[0] - 0;
          for (; p3_0 < h3_0 && (long) alpha->i15[p3_0] - 0 != i2_1; p3_0++)
            ;
          if (p3_0 < h3_0) {
            {
              long h3_1 = (long) alpha->idx8[p3_0 + 1] - 0;
              long p3_1 = (long) alpha->idx8[p3_0] - 0;
              while (p3_1 < h3_1 && (long) alpha->crd1[p3_1] - 0 != i2_0)
                p3_1++;
              if (p3_1 < h3_1) {
                Mx[(i2_0) * ext1 + i2_1] += 1.0 * (double) y[i2_0] * (double) alpha->colidx9[p3_1];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 1: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1) */
struct c1_fmt0 { const double *colidx9; const int *crd1; const uint32_t *idx8; const uint32_t *pos0; long long links5; long long p10; const int *i15; };
#pragma tensor format struct c1_fmt0 dims(p10, links5) levels(compressed(pos0, i15), compressed(idx8, crd1)) values(colidx9)
long
c1_annot (long ext0, long ext1, double *restrict Mx, double *restrict y, const struct c1_fmt0 *alpha)
{
fz_label:
#pragma tensor Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1)
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        Mx[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (int i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (int i2_1 = 0; i2_1 < ext1; i2_1++) {
        {
          long h3_0 = (long) alpha->pos0[0 + 1] - 0;
          long p3_0 = (long) alpha->pos0[0] - 0;
          for (; p3_0 < h3_0 && (long) alpha->i15[p3_0] - 0 != i2_1; p3_0++)
            ;
          if (p3_0 < h3_0) {
            {
              long h3_1 = (long) alpha->idx8[p3_0 + 1] - 0;
              long p3_1 = (long) alpha->idx8[p3_0] - 0;
              while (p3_1 < h3_1 && (long) alpha->crd1[p3_1] - 0 != i2_0)
                p3_1++;
              if (p3_1 < h3_1) {
                Mx[(i2_0) * ext1 + i2_1] += 1.0 * (double) y[i2_0] * (double) alpha->colidx9[p3_1];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 2: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1) */
struct c2_fmt0 { const double *colidx9; const int *crd1; const uint32_t *idx8; const uint32_t *pos0; long long links5; long long p10; const int *i15; };
#pragma tensor format struct c2_fmt0 dims(p10, links5) levels(compressed(pos0, i15), compressed(idx8, crd1)) values(colidx9)
long
c2_annot (long ext0, long ext1, double *restrict Mx, double *restrict y, const struct c2_fmt0 *alpha)
{
#pragma tensor Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1)
#pragma tensor Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1)
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        Mx[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (int i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (int i2_1 = 0; i2_1 < ext1; i2_1++) {
        {
          long h3_0 = (long) alpha->pos0[0 + 1] - 0;
          long p3_0 = (long) alpha->pos0[0] - 0;
          for (; p3_0 < h3_0 && (long) alpha->i15[p3_0] - 0 != i2_1; p3_0++)
            ;
          if (p3_0 < h3_0) {
            {
              long h3_1 = (long) alpha->idx8[p3_0 + 1] - 0;
              long p3_1 = (long) alpha->idx8[p3_0] - 0;
              while (p3_1 < h3_1 && (long) alpha->crd1[p3_1] - 0 != i2_0)
                p3_1++;
              if (p3_1 < h3_1) {
                Mx[(i2_0) * ext1 + i2_1] += 1.0 * (double) y[i2_0] * (double) alpha->colidx9[p3_1];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 3: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1) */
struct c3_fmt0 { const double *colidx9; const int *crd1; const uint32_t *idx8; const uint32_t *pos0; long long links5; long long p10; const int *i15; };
#pragma tensor format struct c3_fmt0 dims(p10, links5) levels(compressed(pos0, i15), compressed(idx8, crd1)) values(colidx9)
long
c3_annot (long ext0, long ext1, double *restrict Mx, double *restrict y, const struct c3_fmt0 *alpha)
{
  {
#pragma tensor Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1)
  }
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        Mx[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (int i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (int i2_1 = 0; i2_1 < ext1; i2_1++) {
        {
          long h3_0 = (long) alpha->pos0[0 + 1] - 0;
          long p3_0 = (long) alpha->pos0[0] - 0;
          for (; p3_0 < h3_0 && (long) alpha->i15[p3_0] - 0 != i2_1; p3_0++)
            ;
          if (p3_0 < h3_0) {
            {
              long h3_1 = (long) alpha->idx8[p3_0 + 1] - 0;
              long p3_1 = (long) alpha->idx8[p3_0] - 0;
              while (p3_1 < h3_1 && (long) alpha->crd1[p3_1] - 0 != i2_0)
                p3_1++;
              if (p3_1 < h3_1) {
                Mx[(i2_0) * ext1 + i2_1] += 1.0 * (double) y[i2_0] * (double) alpha->colidx9[p3_1];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 4: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1) */
struct c4_fmt0 { const double *colidx9; const int *crd1; const uint32_t *idx8; const uint32_t *pos0; long long links5; long long p10; const int *i15; };
#pragma tensor format struct c4_fmt0 dims(p10, links5) levels(compressed(pos0, i15), compressed(idx8, crd1)) values(colidx9)
long
c4_annot (long ext0, long ext1, double *restrict Mx, double *restrict y, const struct c4_fmt0 *alpha)
{
#pragma tensor Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1)
  ;
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        Mx[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (int i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (int i2_1 = 0; i2_1 < ext1; i2_1++) {
        {
          long h3_0 = (long) alpha->pos0[0 + 1] - 0;
          long p3_0 = (long) alpha->pos0[0] - 0;
          for (; p3_0 < h3_0 && (long) alpha->i15[p3_0] - 0 != i2_1; p3_0++)
            ;
          if (p3_0 < h3_0) {
            {
              long h3_1 = (long) alpha->idx8[p3_0 + 1] - 0;
              long p3_1 = (long) alpha->idx8[p3_0] - 0;
              while (p3_1 < h3_1 && (long) alpha->crd1[p3_1] - 0 != i2_0)
                p3_1++;
              if (p3_1 < h3_1) {
                Mx[(i2_0) * ext1 + i2_1] += 1.0 * (double) y[i2_0] * (double) alpha->colidx9[p3_1];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 5: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1) */
struct c5_fmt0 { const double *colidx9; const int *crd1; const uint32_t *idx8; const uint32_t *pos0; long long links5; long long p10; const int *i15; };
#pragma tensor format struct c5_fmt0 dims(p10, links5) levels(compressed(pos0, i15), compressed(idx8, crd1)) values(colidx9)
#pragma tensor Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1)
long
c5_annot (long ext0, long ext1, double *restrict Mx, double *restrict y, const struct c5_fmt0 *alpha)
{
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        Mx[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (int i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (int i2_1 = 0; i2_1 < ext1; i2_1++) {
        {
          long h3_0 = (long) alpha->pos0[0 + 1] - 0;
          long p3_0 = (long) alpha->pos0[0] - 0;
          for (; p3_0 < h3_0 && (long) alpha->i15[p3_0] - 0 != i2_1; p3_0++)
            ;
          if (p3_0 < h3_0) {
            {
              long h3_1 = (long) alpha->idx8[p3_0 + 1] - 0;
              long p3_1 = (long) alpha->idx8[p3_0] - 0;
              while (p3_1 < h3_1 && (long) alpha->crd1[p3_1] - 0 != i2_0)
                p3_1++;
              if (p3_1 < h3_1) {
                Mx[(i2_0) * ext1 + i2_1] += 1.0 * (double) y[i2_0] * (double) alpha->colidx9[p3_1];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 6: Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1) */
struct c6_fmt0 { const double *colidx9; const int *crd1; const uint32_t *idx8; const uint32_t *pos0; long long links5; long long p10; const int *i15; };
#pragma tensor format struct c6_fmt0 dims(p10, links5) levels(compressed(pos0, i15), compressed(idx8, crd1)) values(colidx9)
long
c6_annot (long ext0, long ext1, double *restrict Mx, double *restrict y, const struct c6_fmt0 *alpha)
{
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        Mx[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (int i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (int i2_1 = 0; i2_1 < ext1; i2_1++) {
        {
          long h3_0 = (long) alpha->pos0[0 + 1] - 0;
          long p3_0 = (long) alpha->pos0[0] - 0;
          for (; p3_0 < h3_0 && (long) alpha->i15[p3_0] - 0 != i2_1; p3_0++)
            ;
          if (p3_0 < h3_0) {
            {
              long h3_1 = (long) alpha->idx8[p3_0 + 1] - 0;
              long p3_1 = (long) alpha->idx8[p3_0] - 0;
              while (p3_1 < h3_1 && (long) alpha->crd1[p3_1] - 0 != i2_0)
                p3_1++;
              if (p3_1 < h3_1) {
                Mx[(i2_0) * ext1 + i2_1] += 1.0 * (double) y[i2_0] * (double) alpha->colidx9[p3_1];
              }
            }
          }
        }
      }
    }
  }
#pragma tensor Mx(kk,t) = y(kk) * alpha(t,kk) shape(Mx: ext0, ext1 * 1)
  return 0;
}

/* { dg-error {..pragma tensor. must be followed by the statement it describes. but i} "" { target *-*-* } 36 } */
/* { dg-error {..pragma tensor. must be followed by the statement it describes. but i} "" { target *-*-* } 114 } */
/* { dg-error {..pragma tensor. computations must appear inside a function. just befo} "" { target *-*-* } 229 } */
/* { dg-warning {sparsefuse keeps the original statement because it contains a return s} "" { target *-*-* } 298 } */
/* { dg-error {the loop does not compute what the annotation says} "" { target *-*-* } 154 } */
