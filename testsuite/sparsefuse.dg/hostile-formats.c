/* Mutated format declarations: each is refused, and so is the computation
   that uses it.
   Each function below carries a pragma that tools/fuzz/hostile.py
   mutated from a valid one; the plugin must diagnose it (or keep the
   loop with a warning), never crash.  Mutations, in order:
     0. format edit: format format struct c0_fmt0 dims(dims[0], dims[1],
        dims[2], dims[3]) levels(coo(pos[0], crd[0]), compressed(pos[1],
        crd[1]), compressed(pos[2],...
     1. format edit: format format struct c0_fmt0 dims(n0) levels(dense)
        base(99999999999) values(vals)
     2. format edit: format format c0_fmt2 dims(n0, n1) modes(0, 0)
        levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]))
        values(fids5) modes(1, 0)
     3. format swap, replace: format format struct c0_fmt0 dims ( _ [ 0
        ] ) levels ( compressed ( pos0 , crd0 ) ) values Ap3 ( )
     4. format drop '(', swap: format format c0_fmt1 dims ( keys1 , n1 ,
        off0 ) levels ( dense , compressed ( pos1 , lvl4 ) , compressed
        pos2 ( , crd2 ) ) values ( links4 ) mo...
     5. format swap: format format struct c0_fmt1 dims ( n0 , fptr7 )
        levels ( compressed ( ptr4 , ptr5 , ) compressed ( pos1 , idx5 )
        ) values ( c_5 )
     6. format insert: format format c0_fmt0 dims ( Ai9 ext1 ) levels (
        dense ) values ( p10 )
     7. format rank: format format struct c0_fmt0 dims ( idx5 ) levels (
        compressed ( pos [ 0 ] , crd [ 0 ] ) ) values ( zz , vals )
     8. format insert: format format struct c0_fmt1 dims ( p15 , n1 )
        levels ( dense , compressed ( pos1 auto , colidx2 ) ) values (
        vals ) base ( 1 )
     9. format truncate: format format c0_fmt0 dims ( dims [ 0
     10. format truncate: format format
     11. format drop ')': format format c0_fmt0 dims ( n0 ) levels (
        dense ) ( vals ) base ( 1 )
     12. format swap: format format struct c0_fmt0 dims ( ) links3
        levels ( dense ) values ( vals )
     13. format rank, truncate: format format c0_fmt0 dims ( keys0 , nz3
        ) levels (
     14. format edit: format format struct c0_fmt0 modes() dims(Ai0)
        levels(dense) values(nz2)
     15. format drop ',': format format c0_fmt0 dims ( n0 , crd5 )
        levels ( compressed ( pos [ 0 ] , [ 0 ] ) , compressed ( pos [ 1
        ] , crd [ 1 ] ) ) values ( vals )
     16. format swap: format format c0_fmt1 dims ( dims [ 0 ] , dims [ 1
        ] ) levels ( compressed ( , crd9 p15 ) , compressed ( pos1 ,
        ptr3 ) ) values ( colidx8 )
     17. format truncate: format format struct c0_fmt0 dims ( n0 )
        levels ( dense ) values (
     18. format edit: format format struct c0_fmt0 dims(ptr8[99], n0,
        crd2, n2) levels(compressed(pos[0], crd[0]), dense,
        compressed(pos[2], crd[2])) values(ptr8)
     19. format truncate: format format struct c0_fmt0 dims ( n0 , keys6
        )
     20. format edit: format format struct c0_fmt0 dims(dims[0],
        dims[1], dims[2]) levels(coo(nnz, crd[0]), singleton(crd[1]),
        singleton(crd[2])) values(vals[3])
     21. format edit: format format struct c0_fmt0 dims(dims[0],
        dims[1]) modes(0, 0) levels(coo(nnz, crd[0]), singleton(crd[1]))
        values(vals) base(1)
     22. format edit: format format struct c0_fmt1 dims(n0) modes(0, 0)
        levels(compressed(pos0, crd0)) values(i19)
     23. format duplicate: format format struct struct c0_fmt2 dims (
        fids0 ) levels ( dense ) values ( vals )
     24. format replace: format format c0_fmt0 dims ( Ap1 , n1 ) levels
        ( dense , n1 ) values ( vals )
     25. format replace: format format struct c0_fmt0 dims ( n0 , n1 ,
        n2 ) levels ( compressed ( pos [ 0 ] , crd [ 0 ] ) , dense ,
        compressed ( ext0 [ 2 ] , crd [ 2 ] )...
     26. format edit: format format struct c0_fmt0 dims(crd5)
        levels(compressed(pos[0], crd[0])) values(vals) base(1)
  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sparsefuse.h"

/* ---- case 0: B(kk,s) += -(S_(q,s,kk,r) - data(t,r,s)) * (w(kk,r,s) * beta(r)) serial */
struct c0_fmt0 { double *pos6; int unused_24; size_t dims[4]; size_t *crd[4]; size_t *pos[4]; };
struct c0_fmt1 { short *i13; unsigned fptr5; short *pos1; int unused_73; unsigned long *crd2; unsigned pos4; float *vals; unsigned n1; unsigned long *crd1; };
struct c0_fmt3 { int *pos[1]; unsigned long *crd[1]; float *vals; unsigned dims[1]; };
#pragma tensor format struct c0_fmt0 dims(dims[0], dims[1], dims[2], dims[3]) levels(coo(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2]), compressed(pos[3], crd[3])) values(pos6)
#pragma tensor format struct c0_fmt1 dims(pos4, n1, fptr5) levels(dense, compressed(pos1, crd1), compressed(i13, crd2)) values(vals) modes(1, 2, 0)
#pragma tensor format struct c0_fmt3 dims(dims[0]) levels(compressed(pos[0], crd[0])) values(vals)
long
c0_annot (long ext0, long ext1, long ext2, long ext3, long ext4, double (*B)[ext1], const struct c0_fmt0 *S_, struct c0_fmt1 data, const sf_csf3_210 *w, struct c0_fmt3 beta)
{
  long p1_0 = 0;
  long c1_0 = 0;
  long i2_0 = 0;
  long i2_1 = 0;
  long i2_2 = 0;
  long h3_0 = 0;
  long p3_0 = 0;
  long h3_1 = 0;
  long p3_1 = 0;
  long h3_2 = 0;
  long p3_2 = 0;
  long h3_3 = 0;
  long p3_3 = 0;
  long h4_0 = 0;
  long p4_0 = 0;
  long h4_1 = 0;
  long p4_1 = 0;
  long h4_2 = 0;
  long p4_2 = 0;
  long i5_0 = 0;
  long i5_1 = 0;
  long i5_3 = 0;
  long i5_4 = 0;
  long p6_0 = 0;
  long h6_1 = 0;
  long p6_1 = 0;
  long h6_2 = 0;
  long p6_2 = 0;
  long h7_0 = 0;
  long p7_0 = 0;
  long h7_1 = 0;
  long p7_1 = 0;
  long h7_2 = 0;
  long p7_2 = 0;
  long h8_0 = 0;
  long p8_0 = 0;
#pragma tensor B(kk,s) += -(S_(q,s,kk,r) - data(t,r,s)) * (w(kk,r,s) * beta(r)) serial
  {
    for (p1_0 = (long) beta.pos[0][0] - 0; p1_0 < (long) beta.pos[0][0 + 1] - 0; p1_0++) {
      c1_0 = (long) beta.crd[0][p1_0] - 0;
      for (i2_0 = 0; i2_0 < ext0; i2_0++) {
        for (i2_1 = 0; i2_1 < ext1; i2_1++) {
          for (i2_2 = 0; i2_2 < ext2; i2_2++) {
            {
              h3_0 = (long) S_->pos[0][0 + 1] - 0;
              p3_0 = (long) S_->pos[0][0] - 0;
              for (; p3_0 < h3_0 && (long) S_->crd[0][p3_0] - 0 != i2_2; p3_0++)
                ;
              if (p3_0 < h3_0) {
                {
                  h3_1 = (long) S_->pos[1][p3_0 + 1] - 0;
                  p3_1 = (long) S_->pos[1][p3_0] - 0;
                  while (p3_1 < h3_1 && (long) S_->crd[1][p3_1] - 0 != i2_1)
                    p3_1++;
                  if (p3_1 < h3_1) {
                    {
                      h3_2 = (long) S_->pos[2][p3_1 + 1] - 0;
                      p3_2 = (long) S_->pos[2][p3_1] - 0;
                      for (; p3_2 < h3_2 && (long) S_->crd[2][p3_2] - 0 != i2_0; p3_2++)
                        ;
                      if (p3_2 < h3_2) {
                        {
                          h3_3 = (long) S_->pos[3][p3_2 + 1] - 0;
                          p3_3 = (long) S_->pos[3][p3_2] - 0;
                          while (p3_3 < h3_3 && (long) S_->crd[3][p3_3] - 0 != c1_0)
                            p3_3++;
                          if (p3_3 < h3_3) {
                            {
                              h4_0 = (long) w->pos[0][0 + 1] - 0;
                              p4_0 = (long) w->pos[0][0] - 0;
                              while (p4_0 < h4_0 && (long) w->crd[0][p4_0] - 0 != i2_1)
                                p4_0++;
                              if (p4_0 < h4_0) {
                                {
                                  h4_1 = (long) w->pos[1][p4_0 + 1] - 0;
                                  p4_1 = (long) w->pos[1][p4_0] - 0;
                                  for (; p4_1 < h4_1 && (long) w->crd[1][p4_1] - 0 != c1_0; p4_1++)
                                    ;
                                  if (p4_1 < h4_1) {
                                    {
                                      h4_2 = (long) w->pos[2][p4_1 + 1] - 0;
                                      p4_2 = (long) w->pos[2][p4_1] - 0;
                                      while (p4_2 < h4_2 && (long) w->crd[2][p4_2] - 0 != i2_0)
                                        p4_2++;
                                      if (p4_2 < h4_2) {
                                        B[i2_0][i2_1] += -1.0 * (double) S_->pos6[p3_3] * (double) w->vals[p4_2] * (double) beta.vals[p1_0];
                                      }
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    for (i5_0 = 0; i5_0 < ext0; i5_0++) {
      for (i5_1 = 0; i5_1 < ext1; i5_1++) {
        for (i5_3 = 0; i5_3 < ext3; i5_3++) {
          for (i5_4 = 0; i5_4 < ext4; i5_4++) {
            {
              p6_0 = i5_3;
              {
                h6_1 = (long) data.pos1[p6_0 + 1] - 0;
                p6_1 = (long) data.pos1[p6_0] - 0;
                while (p6_1 < h6_1 && (long) data.crd1[p6_1] - 0 != i5_1)
                  p6_1++;
                if (p6_1 < h6_1) {
                  {
                    h6_2 = (long) data.i13[p6_1 + 1] - 0;
                    p6_2 = (long) data.i13[p6_1] - 0;
                    while (p6_2 < h6_2 && (long) data.crd2[p6_2] - 0 != i5_4)
                      p6_2++;
                    if (p6_2 < h6_2) {
                      {
                        h7_0 = (long) w->pos[0][0 + 1] - 0;
                        p7_0 = (long) w->pos[0][0] - 0;
                        for (; p7_0 < h7_0 && (long) w->crd[0][p7_0] - 0 != i5_1; p7_0++)
                          ;
                        if (p7_0 < h7_0) {
                          {
                            h7_1 = (long) w->pos[1][p7_0 + 1] - 0;
                            p7_1 = (long) w->pos[1][p7_0] - 0;
                            while (p7_1 < h7_1 && (long) w->crd[1][p7_1] - 0 != i5_3)
                              p7_1++;
                            if (p7_1 < h7_1) {
                              {
                                h7_2 = (long) w->pos[2][p7_1 + 1] - 0;
                                p7_2 = (long) w->pos[2][p7_1] - 0;
                                while (p7_2 < h7_2 && (long) w->crd[2][p7_2] - 0 != i5_0)
                                  p7_2++;
                                if (p7_2 < h7_2) {
                                  {
                                    h8_0 = (long) beta.pos[0][0 + 1] - 0;
                                    p8_0 = (long) beta.pos[0][0] - 0;
                                    for (; p8_0 < h8_0 && (long) beta.crd[0][p8_0] - 0 != i5_3; p8_0++)
                                      ;
                                    if (p8_0 < h8_0) {
                                      B[i5_0][i5_1] += 1.0 * (double) data.vals[p6_2] * (double) w->vals[p7_2] * (double) beta.vals[p8_0];
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 1: H(z_) += G(col,z_) * D(z_,col) */
struct c1_fmt0 { int n0; double *vals; };
#pragma tensor format struct c1_fmt0 dims(n0) levels(dense) base(99999999999) values(vals)
long
c1_annot (long ext0, long ext1, struct c1_fmt0 H, sf_csc G, const sf_csc *D)
{
  long c1_0 = 0;
  long p1_0 = 0;
  long p1_1 = 0;
  long c1_1 = 0;
  long p3_0 = 0;
  long h3_1 = 0;
  long p3_1 = 0;
  long p4_0 = 0;
#pragma tensor H(z_) \
    += G(col,z_) * D(z_,col)
  {
    for (c1_0 = 0; c1_0 < (long) D->ncols; c1_0++) {
      p1_0 = c1_0;
      for (p1_1 = (long) D->pos[p1_0] - 0; p1_1 < (long) D->pos[p1_0 + 1] - 0; p1_1++) {
        c1_1 = (long) D->crd[p1_1] - 0;
        {
          p3_0 = c1_1;
          {
            h3_1 = (long) G.pos[p3_0 + 1] - 0;
            p3_1 = (long) G.pos[p3_0] - 0;
            for (; p3_1 < h3_1 && (long) G.crd[p3_1] - 0 != c1_0; p3_1++)
              ;
            if (p3_1 < h3_1) {
              {
                p4_0 = c1_1;
                H.vals[p4_0] += 1.0 * (double) G.vals[p3_1] * (double) D->vals[p1_1];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 2: S_(u) += data(col,u,r) * (H(r)) * (-(Wq(col) * T0(r,col)) - G) assume(dim(data, 2) <= 1000000, ext0 >= 0) */
struct c2_fmt0 { double *vals; long n0; long p17; unsigned *colidx7; uint32_t *ind7; uint32_t *crd2; long n2; unsigned *pos1; };
typedef struct c2_fmt1_s { long seg9; long *crd[1]; float *vals; short *pos[1]; } c2_fmt1;
typedef struct c2_fmt2_s { int n0; unsigned *crd[2]; double *fids5; int n1; int *pos[2]; } c2_fmt2;
#pragma tensor format struct c2_fmt0 dims(n0, p17, n2) levels(dense, compressed(pos1, ind7), compressed(colidx7, crd2)) values(vals) modes(1, 2, 0)
#pragma tensor format c2_fmt1 dims(seg9) levels(compressed(pos[0], crd[0])) values(vals)
#pragma tensor format c2_fmt2 dims(n0, n1) modes(0, 0) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) values(fids5) modes(1, 0)
long
c2_annot (long ext0, long ext1, long ext2, double *S_, const struct c2_fmt0 *data, const float H[5], c2_fmt1 Wq, c2_fmt2 T0, long G)
{
#pragma tensor S_(u) += data(col,u,r) * (H(r)) * (-(Wq(col) * T0(r,col)) - G) assume(dim(data, 2) <= 1000000, ext0 >= 0)
  {
    for (long p1_0 = (long) T0.pos[0][0] - 0; p1_0 < (long) T0.pos[0][0 + 1] - 0; p1_0++) {
      long c1_0 = (long) T0.crd[0][p1_0] - 0;
      for (long p1_1 = (long) T0.pos[1][p1_0] - 0; p1_1 < (long) T0.pos[1][p1_0 + 1] - 0; p1_1++) {
        long c1_1 = (long) T0.crd[1][p1_1] - 0;
        for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
          {
            long p3_0 = i2_0;
            {
              long h3_1 = (long) data->pos1[p3_0 + 1] - 0;
              long p3_1 = (long) data->pos1[p3_0] - 0;
              while (p3_1 < h3_1 && (long) data->ind7[p3_1] - 0 != c1_1)
                p3_1++;
              if (p3_1 < h3_1) {
                {
                  long h3_2 = (long) data->colidx7[p3_1 + 1] - 0;
                  long p3_2 = (long) data->colidx7[p3_1] - 0;
                  while (p3_2 < h3_2 && (long) data->crd2[p3_2] - 0 != c1_0)
                    p3_2++;
                  if (p3_2 < h3_2) {
                    {
                      long h4_0 = (long) Wq.pos[0][0 + 1] - 0;
                      long p4_0 = (long) Wq.pos[0][0] - 0;
                      for (; p4_0 < h4_0 && (long) Wq.crd[0][p4_0] - 0 != c1_0; p4_0++)
                        ;
                      if (p4_0 < h4_0) {
                        S_[i2_0] += -1.0 * (double) data->vals[p3_2] * (double) H[c1_1] * (double) Wq.vals[p4_0] * (double) T0.fids5[p1_1];
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    for (long c5_0 = 0; c5_0 < (long) data->p17; c5_0++) {
      long p5_0 = c5_0;
      for (long p5_1 = (long) data->pos1[p5_0] - 0; p5_1 < (long) data->pos1[p5_0 + 1] - 0; p5_1++) {
        long c5_1 = (long) data->ind7[p5_1] - 0;
        for (long p5_2 = (long) data->colidx7[p5_1] - 0; p5_2 < (long) data->colidx7[p5_1 + 1] - 0; p5_2++) {
          long c5_2 = (long) data->crd2[p5_2] - 0;
          S_[c5_0] += -1.0 * (double) data->vals[p5_2] * (double) H[c5_1] * (double) G;
        }
      }
    }
  }
  return 0;
}

/* ---- case 3: D(kk) = Wq * (y - beta(kk)) assume(nnz(D) >= 0, dim(D, 0) <= 1000000, nnz(beta) >= 0, ext0 >= 0) */
struct c3_fmt0 { int64_t dims[2]; int32_t *pos0; int unused_60; double *Ap3; size_t *crd0; };
struct c3_fmt1 { int64_t *pos0; long n0; double *vals; int *crd7; };
#pragma tensor format struct c3_fmt0 dims ( _ [ 0 ] ) levels ( compressed ( pos0 , crd0 ) ) values Ap3 ( )
#pragma tensor format struct c3_fmt1 dims(n0) levels(compressed(pos0, crd7)) values(vals)
long
c3_annot (long ext0, struct c3_fmt0 D, int Wq_in, float y_in, const struct c3_fmt1 *beta)
{
  int Wq = Wq_in;
  float y = y_in;
#pragma tensor D(kk) = Wq * (y - beta(kk)) assume(nnz(D) >= 0, dim(D, 0) <= 1000000, nnz(beta) >= 0, ext0 >= 0)
  {
    for (long p1_0 = (long) D.pos0[0] - 0; p1_0 < (long) D.pos0[0 + 1] - 0; p1_0++) {
      long c1_0 = (long) D.crd0[p1_0] - 0;
      D.Ap3[p1_0] = 0;
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      {
        long h3_0 = (long) D.pos0[0 + 1] - 0;
        long p3_0 = (long) D.pos0[0] - 0;
        while (p3_0 < h3_0 && (long) D.crd0[p3_0] - 0 != i2_0)
          p3_0++;
        if (p3_0 < h3_0) {
          D.Ap3[p3_0] += 1.0 * (double) Wq * (double) y;
        }
      }
    }
    for (long p4_0 = (long) D.pos0[0] - 0; p4_0 < (long) D.pos0[0 + 1] - 0; p4_0++) {
      long c4_0 = (long) D.crd0[p4_0] - 0;
      {
        long h6_0 = (long) beta->pos0[0 + 1] - 0;
        long p6_0 = (long) beta->pos0[0] - 0;
        while (p6_0 < h6_0 && (long) beta->crd7[p6_0] - 0 != c4_0)
          p6_0++;
        if (p6_0 < h6_0) {
          D.Ap3[p4_0] += -1.0 * (double) Wq * (double) beta->vals[p6_0];
        }
      }
    }
  }
  return 0;
}

/* ---- case 4: S_(u,kk,jj) += alpha(jj,q,u) * y(kk,jj) memory(ext0 * 8) */
struct c4_fmt0 { uint32_t *pos1; double *vals; long dims[4]; unsigned long *Ap5; unsigned long *crd1; uint32_t *pos2; };
typedef struct c4_fmt1_s { unsigned off0; int64_t *lvl4; int64_t *pos1; float *links4; unsigned n1; int64_t *crd2; unsigned keys1; int64_t *pos2; } c4_fmt1;
typedef struct c4_fmt2_s { long *seg3; double *ptr0; long long dims[3]; long long *pos1; } c4_fmt2;
#pragma tensor format struct c4_fmt0 dims(dims[0], dims[1], dims[2]) levels(dense, compressed(pos1, crd1), compressed(pos2, Ap5)) values(vals)
#pragma tensor format c4_fmt1 dims ( keys1 , n1 , off0 ) levels ( dense , compressed ( pos1 , lvl4 ) , compressed pos2 ( , crd2 ) ) values ( links4 ) modes ( , 0 , 1 ) base ( 1 )
#pragma tensor format c4_fmt2 dims(dims[0], dims[1]) levels(dense, compressed(pos1, seg3)) values(ptr0)
long
c4_annot (long ext0, long ext1, long ext2, long ext3, struct c4_fmt0 S_, const c4_fmt1 *alpha, const c4_fmt2 *y)
{
#pragma tensor S_(u,kk,jj) += alpha(jj,q,u) * y(kk,jj) memory(ext0 * 8)
  for (long c1_0 = 0; c1_0 < (long) S_.dims[0]; c1_0++) {
    long p1_0 = c1_0;
    for (long p1_1 = (long) S_.pos1[p1_0] - 0; p1_1 < (long) S_.pos1[p1_0 + 1] - 0; p1_1++) {
      long c1_1 = (long) S_.crd1[p1_1] - 0;
      for (long p1_2 = (long) S_.pos2[p1_1] - 0; p1_2 < (long) S_.pos2[p1_1 + 1] - 0; p1_2++) {
        long c1_2 = (long) S_.Ap5[p1_2] - 0;
        for (size_t i2_3 = 0; i2_3 < ext3; i2_3++) {
          {
            long p3_0 = c1_0;
            {
              long h3_1 = (long) alpha->pos1[p3_0 + 1] - 1;
              long p3_1 = (long) alpha->pos1[p3_0] - 1;
              for (; p3_1 < h3_1 && (long) alpha->lvl4[p3_1] - 1 != c1_2; p3_1++)
                ;
              if (p3_1 < h3_1) {
                {
                  long h3_2 = (long) alpha->pos2[p3_1 + 1] - 1;
                  long p3_2 = (long) alpha->pos2[p3_1] - 1;
                  for (; p3_2 < h3_2 && (long) alpha->crd2[p3_2] - 1 != i2_3; p3_2++)
                    ;
                  if (p3_2 < h3_2) {
                    {
                      long p4_0 = c1_1;
                      {
                        long h4_1 = (long) y->pos1[p4_0 + 1] - 0;
                        long p4_1 = (long) y->pos1[p4_0] - 0;
                        while (p4_1 < h4_1 && (long) y->seg3[p4_1] - 0 != c1_2)
                          p4_1++;
                        if (p4_1 < h4_1) {
                          S_.vals[p1_2] += 1.0 * (double) alpha->links4[p3_2] * (double) y->ptr0[p4_1];
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 5: B(k) = S_(col,k) + T0(col,k) * C schedule(auto) */
struct c5_fmt0 { size_t *lvl6; unsigned n1; unsigned long *pos1; unsigned ptr5; double *vals; };
struct c5_fmt1 { double *c_5; int64_t fptr7; unsigned long *idx5; uint32_t *pos1; uint32_t *ptr4; int64_t n0; unsigned long *ptr5; };
#pragma tensor format struct c5_fmt0 dims(ptr5, n1) levels(dense, compressed(pos1, lvl6)) values(vals)
#pragma tensor format struct c5_fmt1 dims ( n0 , fptr7 ) levels ( compressed ( ptr4 , ptr5 , ) compressed ( pos1 , idx5 ) ) values ( c_5 )
long
c5_annot (long ext0, long ext1, double *B, struct c5_fmt0 S_, struct c5_fmt1 T0, int C)
{
#pragma tensor B(k) = S_(col,k) + T0(col,k) * C schedule(auto)
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      B[i1_0] = 0;
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        {
          long p3_0 = i2_1;
          {
            long h3_1 = (long) S_.pos1[p3_0 + 1] - 0;
            long p3_1 = (long) S_.pos1[p3_0] - 0;
            for (; p3_1 < h3_1 && (long) S_.lvl6[p3_1] - 0 != i2_0; p3_1++)
              ;
            if (p3_1 < h3_1) {
              B[i2_0] += 1.0 * (double) S_.vals[p3_1];
            }
          }
        }
      }
    }
    for (long p4_0 = (long) T0.ptr4[0] - 0; p4_0 < (long) T0.ptr4[0 + 1] - 0; p4_0++) {
      long c4_0 = (long) T0.ptr5[p4_0] - 0;
      for (long p4_1 = (long) T0.pos1[p4_0] - 0; p4_1 < (long) T0.pos1[p4_0 + 1] - 0; p4_1++) {
        long c4_1 = (long) T0.idx5[p4_1] - 0;
        B[c4_1] += 1.0 * (double) T0.c_5[p4_1] * (double) C;
      }
    }
  }
  return 0;
}

/* ---- case 6: beta(k) += D(k) + alpha(s,k) memory(64) shape(alpha: ext1 * 1, 4) */
typedef struct c6_fmt0_s { float *p10; size_t Ai9; } c6_fmt0;
#pragma tensor format c6_fmt0 dims ( Ai9 ext1 ) levels ( dense ) values ( p10 )
long
c6_annot (long ext0, long ext1, double *beta, const c6_fmt0 *D, const double alpha[5][4])
{
_Pragma ("tensor beta(k) += D(k) + alpha(s,k) memory(64) shape(alpha: ext1 * 1, 4)")
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      {
        long p2_0 = i1_0;
        beta[i1_0] += 1.0 * (double) D->p10[p2_0];
      }
    }
    for (int i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (int i3_1 = 0; i3_1 < ext1; i3_1++) {
        beta[i3_0] += 1.0 * (double) alpha[i3_1][i3_0];
      }
    }
  }
  return 0;
}

/* ---- case 7: vec = F(u) * (-(S_(u) + E(u)) * F(u)) memory(64) threads(3) assume(nnz(F) >= 0, dim(E, 0) <= 1000000, ext0 >= 0) */
struct c7_fmt0 { int *pos[1]; unsigned *crd[1]; long long idx5; double *vals; };
struct c7_fmt1 { int unused_9; int colidx7; double *vals; };
#pragma tensor format struct c7_fmt0 dims ( idx5 ) levels ( compressed ( pos [ 0 ] , crd [ 0 ] ) ) values ( zz , vals )
#pragma tensor format struct c7_fmt1 dims(colidx7) levels(dense) values(vals) base(1)
long
c7_annot (long ext0, double *vec_res, const struct c7_fmt0 *F, const struct c7_fmt1 *S_, double *E)
{
  long c2_0 = 0;
  long p2_0 = 0;
  long h4_0 = 0;
  long p4_0 = 0;
  long h5_0 = 0;
  long p5_0 = 0;
  int i6_0 = 0;
  long h7_0 = 0;
  long p7_0 = 0;
  long h8_0 = 0;
  long p8_0 = 0;
  double vec = *vec_res;
#pragma tensor vec = F(u) * (-(S_(u) + E(u)) * F(u)) memory(64) threads(3) assume(nnz(F) >= 0, dim(E, 0) <= 1000000, ext0 >= 0)
  {
    vec = 0;
    for (c2_0 = 0; c2_0 < (long) S_->colidx7; c2_0++) {
      p2_0 = c2_0;
      {
        h4_0 = (long) F->pos[0][0 + 1] - 0;
        p4_0 = (long) F->pos[0][0] - 0;
        for (; p4_0 < h4_0 && (long) F->crd[0][p4_0] - 0 != c2_0; p4_0++)
          ;
        if (p4_0 < h4_0) {
          {
            h5_0 = (long) F->pos[0][0 + 1] - 0;
            p5_0 = (long) F->pos[0][0] - 0;
            for (; p5_0 < h5_0 && (long) F->crd[0][p5_0] - 0 != c2_0; p5_0++)
              ;
            if (p5_0 < h5_0) {
              vec += -1.0 * (double) F->vals[p4_0] * (double) S_->vals[p2_0] * (double) F->vals[p5_0];
            }
          }
        }
      }
    }
    for (i6_0 = 0; i6_0 < ext0; i6_0++) {
      {
        h7_0 = (long) F->pos[0][0 + 1] - 0;
        p7_0 = (long) F->pos[0][0] - 0;
        for (; p7_0 < h7_0 && (long) F->crd[0][p7_0] - 0 != i6_0; p7_0++)
          ;
        if (p7_0 < h7_0) {
          {
            h8_0 = (long) F->pos[0][0 + 1] - 0;
            p8_0 = (long) F->pos[0][0] - 0;
            while (p8_0 < h8_0 && (long) F->crd[0][p8_0] - 0 != i6_0)
              p8_0++;
            if (p8_0 < h8_0) {
              vec += -1.0 * (double) F->vals[p7_0] * (double) E[i6_0] * (double) F->vals[p8_0];
            }
          }
        }
      }
    }
  }
  *vec_res = vec;
  return 0;
}

/* ---- case 8: D(l) += ((F(r,z_,row) - S_(z_,i)) * (alpha(l,col,r) * v)) assume(nnz(D) >= 0, nnz(S_) >= 0, ext0 >= 0) threads(3) shape(alpha: ext0, ext5 + 0, ext1 + 0) */
typedef struct c8_fmt0_s { unsigned long *crd0; long long *lvl6; int unused_95; float *vals; int dims[1]; } c8_fmt0;
struct c8_fmt1 { unsigned n1; double *vals; int32_t *pos1; uint32_t *colidx2; unsigned p15; };
#pragma tensor format c8_fmt0 dims(dims[0]) levels(compressed(lvl6, crd0)) values(vals)
#pragma tensor format struct c8_fmt1 dims ( p15 , n1 ) levels ( dense , compressed ( pos1 auto , colidx2 ) ) values ( vals ) base ( 1 )
long
c8_annot (long ext0, long ext1, long ext2, long ext3, long ext4, long ext5, c8_fmt0 *D, float (*F)[ext2][ext3], struct c8_fmt1 S_, const double *alpha, double v)
{
#pragma tensor D(l) += ((F(r,z_,row) - S_(z_,i)) * (alpha(l,col,r) * v)) assume(nnz(D) >= 0, nnz(S_) >= 0, ext0 >= 0) threads(3) shape(alpha: ext0, ext5 + 0, ext1 + 0)
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        for (int i1_2 = 0; i1_2 < ext2; i1_2++) {
          for (int i1_3 = 0; i1_3 < ext3; i1_3++) {
            for (int i1_5 = 0; i1_5 < ext5; i1_5++) {
              {
                long h2_0 = (long) D->lvl6[0 + 1] - 0;
                long p2_0 = (long) D->lvl6[0] - 0;
                while (p2_0 < h2_0 && (long) D->crd0[p2_0] - 0 != i1_0)
                  p2_0++;
                if (p2_0 < h2_0) {
                  D->vals[p2_0] += 1.0 * (double) F[i1_1][i1_2][i1_3] * (double) alpha[((i1_0) * ext5 + i1_5) * ext1 + i1_1] * (double) v;
                }
              }
            }
          }
        }
      }
    }
    for (long c3_0 = 0; c3_0 < (long) S_.p15; c3_0++) {
      long p3_0 = c3_0;
      for (long p3_1 = (long) S_.pos1[p3_0] - 1; p3_1 < (long) S_.pos1[p3_0 + 1] - 1; p3_1++) {
        long c3_1 = (long) S_.colidx2[p3_1] - 1;
        for (int i4_0 = 0; i4_0 < ext0; i4_0++) {
          for (int i4_1 = 0; i4_1 < ext1; i4_1++) {
            for (int i4_5 = 0; i4_5 < ext5; i4_5++) {
              {
                long h5_0 = (long) D->lvl6[0 + 1] - 0;
                long p5_0 = (long) D->lvl6[0] - 0;
                for (; p5_0 < h5_0 && (long) D->crd0[p5_0] - 0 != i4_0; p5_0++)
                  ;
                if (p5_0 < h5_0) {
                  D->vals[p5_0] += -1.0 * (double) S_.vals[p3_1] * (double) alpha[((i4_0) * ext5 + i4_5) * ext1 + i4_1] * (double) v;
                }
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 9: Wq(z_,kk,i2) += -H(i2) */
typedef struct c9_fmt0_s { int unused_53; double *pos3; size_t *pos2; int dims[3]; uint32_t *crd2; } c9_fmt0;
#pragma tensor format c9_fmt0 dims ( dims [ 0
long
c9_annot (long ext0, long ext1, long ext2, c9_fmt0 Wq, double *H)
{
  int i1_0 = 0;
  int i1_1 = 0;
  int i1_2 = 0;
  long p2_0 = 0;
  long p2_1 = 0;
  long h2_2 = 0;
  long p2_2 = 0;
#pragma tensor Wq(z_,kk,i2) += -H(i2)
  for (i1_0 = 0; i1_0 < ext0; i1_0++) {
    for (i1_1 = 0; i1_1 < ext1; i1_1++) {
      for (i1_2 = 0; i1_2 < ext2; i1_2++) {
        {
          p2_0 = i1_0;
          {
            p2_1 = p2_0 * (long) Wq.dims[1] + i1_1;
            {
              h2_2 = (long) Wq.pos2[p2_1 + 1] - 0;
              p2_2 = (long) Wq.pos2[p2_1] - 0;
              while (p2_2 < h2_2 && (long) Wq.crd2[p2_2] - 0 != i1_2)
                p2_2++;
              if (p2_2 < h2_2) {
                Wq.pos3[p2_2] += -1.0 * (double) H[i1_2];
              }
            }
          }
        }
      }
    }
  }
  return (long) i1_2;
}

/* ---- case 10: beta(p) += alpha(p,row) - G(i2) serial shape(alpha: ext0 + 0, ext1) */
struct c10_fmt0 { int32_t *pos0; unsigned dims[1]; double *vals; long long *crd0; };
struct c10_fmt1 { long long i19; double *nz9; long *pos0; short *Ap8; };
#pragma tensor format
#pragma tensor format struct c10_fmt1 dims(i19) levels(compressed(pos0, Ap8)) values(nz9) base(1)
long
c10_annot (long ext0, long ext1, long ext2, struct c10_fmt0 *beta, double *alpha, struct c10_fmt1 G)
{
_Pragma ("tensor beta(p) += alpha(p,row) - G(i2) serial shape(alpha: ext0 + 0, ext1)")
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        {
          long h2_0 = (long) beta->pos0[0 + 1] - 0;
          long p2_0 = (long) beta->pos0[0] - 0;
          while (p2_0 < h2_0 && (long) beta->crd0[p2_0] - 0 != i1_0)
            p2_0++;
          if (p2_0 < h2_0) {
            beta->vals[p2_0] += 1.0 * (double) alpha[(i1_0) * ext1 + i1_1];
          }
        }
      }
    }
    for (long p3_0 = (long) G.pos0[0] - 1; p3_0 < (long) G.pos0[0 + 1] - 1; p3_0++) {
      long c3_0 = (long) G.Ap8[p3_0] - 1;
      for (int i4_0 = 0; i4_0 < ext0; i4_0++) {
        {
          long h5_0 = (long) beta->pos0[0 + 1] - 0;
          long p5_0 = (long) beta->pos0[0] - 0;
          while (p5_0 < h5_0 && (long) beta->crd0[p5_0] - 0 != i4_0)
            p5_0++;
          if (p5_0 < h5_0) {
            beta->vals[p5_0] += -1.0 * (double) G.nz9[p3_0];
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 11: Mx(m) += 2.5e2 * H(m) * H(m) + (G(m) - (x(m))) * 2.5e2 */
typedef struct c11_fmt0_s { size_t n0; float *vals; long *pos[1]; int unused_97; uint32_t *crd[1]; } c11_fmt0;
struct c11_fmt1 { long colidx7; long long *links2; double *Ai9; int *lvl6; };
struct c11_fmt2 { long long *crd0; long dims[2]; long *ind4; double *vals; };
#pragma tensor format c11_fmt0 dims ( n0 ) levels ( dense ) ( vals ) base ( 1 )
#pragma tensor format struct c11_fmt1 dims(colidx7) levels(compressed(lvl6, links2)) values(Ai9)
#pragma tensor format struct c11_fmt2 dims(dims[0]) levels(compressed(ind4, crd0)) values(vals)
long
c11_annot (long ext0, c11_fmt0 Mx, double H[3], struct c11_fmt1 G, struct c11_fmt2 x)
{
#pragma tensor Mx(m) += 2.5e2 * H(m) \
    * H(m) + (G(m) - (x(m))) * 2.5e2
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      {
        long p2_0 = i1_0;
        Mx.vals[p2_0] += 250.0 * (double) H[i1_0] * (double) H[i1_0];
      }
    }
    for (long p3_0 = (long) G.lvl6[0] - 0; p3_0 < (long) G.lvl6[0 + 1] - 0; p3_0++) {
      long c3_0 = (long) G.links2[p3_0] - 0;
      {
        long p5_0 = c3_0;
        Mx.vals[p5_0] += 250.0 * (double) G.Ai9[p3_0];
      }
    }
    for (long p6_0 = (long) x.ind4[0] - 0; p6_0 < (long) x.ind4[0 + 1] - 0; p6_0++) {
      long c6_0 = (long) x.crd0[p6_0] - 0;
      {
        long p8_0 = c6_0;
        Mx.vals[p8_0] += -250.0 * (double) x.vals[p6_0];
      }
    }
  }
  return 0;
}

/* ---- case 12: G(kk) = -x(kk) * x(kk) * x(kk) */
struct c12_fmt0 { size_t links3; double *vals; };
#pragma tensor format struct c12_fmt0 dims ( ) links3 levels ( dense ) values ( vals )
long
c12_annot (long ext0, float *G, struct c12_fmt0 x)
{
#pragma tensor G(kk) = -x(kk) * x(kk) * x(kk)
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      G[i1_0] = 0;
    }
    for (long c2_0 = 0; c2_0 < (long) x.links3; c2_0++) {
      long p2_0 = c2_0;
      {
        long p4_0 = c2_0;
        {
          long p5_0 = c2_0;
          G[c2_0] += -1.0 * (double) x.vals[p2_0] * (double) x.vals[p4_0] * (double) x.vals[p5_0];
        }
      }
    }
  }
  return 0;
}

/* ---- case 13: E(kk,r) = 2.0 * H(kk,r) shape(E: ext0, ext1 * 1) schedule(unfused) schedule(unfused) */
typedef struct c13_fmt0_s { double *nz1; long long nz3; long long keys0; short *pos1; long *c_2; } c13_fmt0;
#pragma tensor format c13_fmt0 dims ( keys0 , nz3 ) levels (
long
c13_annot (long ext0, long ext1, double *E, const c13_fmt0 *H)
{
#pragma tensor E(kk,r) = 2.0 * H(kk,r) shape(E: ext0, ext1 * 1) schedule(unfused) schedule(unfused)
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        E[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (long c2_0 = 0; c2_0 < (long) H->keys0; c2_0++) {
      long p2_0 = c2_0;
      for (long p2_1 = (long) H->pos1[p2_0] - 0; p2_1 < (long) H->pos1[p2_0 + 1] - 0; p2_1++) {
        long c2_1 = (long) H->c_2[p2_1] - 0;
        E[(c2_0) * ext1 + c2_1] += 2.0 * (double) H->nz1[p2_1];
      }
    }
  }
  return 0;
}

/* ---- case 14: D(l) += H(l,i) * w(i) - (G - y(i)) */
struct c14_fmt0 { size_t Ai0; double *nz2; };
typedef struct c14_fmt1_s { double *pos8; int64_t *keys9; int64_t nnz; int64_t *p14; int64_t n0; int64_t Ai1; int unused_62; } c14_fmt1;
struct c14_fmt2 { int64_t dims[2]; double *vals; };
struct c14_fmt3 { long nnz; size_t *idx0; float *vals; long n0; };
#pragma tensor format struct c14_fmt0 modes() dims(Ai0) levels(dense) values(nz2)
#pragma tensor format c14_fmt1 dims(n0, Ai1) levels(coo(nnz, p14), singleton(keys9)) values(pos8) base(1)
#pragma tensor format struct c14_fmt2 dims(dims[0]) levels(dense) values(vals)
#pragma tensor format struct c14_fmt3 dims(n0) levels(coo(nnz, idx0)) values(vals)
long
c14_annot (long ext0, long ext1, struct c14_fmt0 *D, c14_fmt1 H, struct c14_fmt2 w, float G, struct c14_fmt3 y)
{
_Pragma ("tensor D(l) += H(l,i) * w(i) - (G - y(i))")
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        {
          long p2_0 = 0;
          while (p2_0 < (long) H.nnz && !((long) H.p14[p2_0] - 1 == i1_0 && (long) H.keys9[p2_0] - 1 == i1_1))
            p2_0++;
            ;
          if (p2_0 < (long) H.nnz) {
            {
              long p3_0 = i1_1;
              {
                long p4_0 = i1_0;
                D->nz2[p4_0] += 1.0 * (double) H.pos8[p2_0] * (double) w.vals[p3_0];
              }
            }
          }
        }
      }
    }
    for (long c5_0 = 0; c5_0 < (long) D->Ai0; c5_0++) {
      long p5_0 = c5_0;
      D->nz2[p5_0] += -1.0 * (double) G;
    }
    for (long p7_0 = 0; p7_0 < (long) y.nnz; p7_0++) {
      long c7_0 = (long) y.idx0[p7_0] - 0;
      for (long i8_0 = 0; i8_0 < ext0; i8_0++) {
        {
          long p9_0 = i8_0;
          D->nz2[p9_0] += 1.0 * (double) y.vals[p7_0];
        }
      }
    }
  }
  return 0;
}

/* ---- case 15: F(z_,i) += (D(z_,i) * (beta(z_,row,i,a1) + D(i,row))) assume(nnz(F) >= 0, nnz(D) >= 0, dim(D, 1) <= 1000000, ext0 >= 0) */
typedef struct c15_fmt0_s { int64_t *crd[2]; uint32_t *pos[2]; int64_t n0; int unused_15; int64_t crd5; double *vals; } c15_fmt0;
#pragma tensor format c15_fmt0 dims ( n0 , crd5 ) levels ( compressed ( pos [ 0 ] , [ 0 ] ) , compressed ( pos [ 1 ] , crd [ 1 ] ) ) values ( vals )
long
c15_annot (long ext0, long ext1, c15_fmt0 F, const sf_csc *D, double (*beta)[ext0][ext0][ext1])
{
#pragma tensor F(z_,i) += (D(z_,i) * (beta(z_,row,i,a1) + D(i,row))) assume(nnz(F) >= 0, nnz(D) >= 0, dim(D, 1) <= 1000000, ext0 >= 0)
  {
    for (long c1_0 = 0; c1_0 < (long) D->ncols; c1_0++) {
      long p1_0 = c1_0;
      for (long p1_1 = (long) D->pos[p1_0] - 0; p1_1 < (long) D->pos[p1_0 + 1] - 0; p1_1++) {
        long c1_1 = (long) D->crd[p1_1] - 0;
        for (int i2_2 = 0; i2_2 < ext0; i2_2++) {
          for (int i2_3 = 0; i2_3 < ext1; i2_3++) {
            {
              long h3_0 = (long) F.pos[0][0 + 1] - 0;
              long p3_0 = (long) F.pos[0][0] - 0;
              for (; p3_0 < h3_0 && (long) F.crd[0][p3_0] - 0 != c1_1; p3_0++)
                ;
              if (p3_0 < h3_0) {
                {
                  long h3_1 = (long) F.pos[1][p3_0 + 1] - 0;
                  long p3_1 = (long) F.pos[1][p3_0] - 0;
                  while (p3_1 < h3_1 && (long) F.crd[1][p3_1] - 0 != c1_0)
                    p3_1++;
                  if (p3_1 < h3_1) {
                    F.vals[p3_1] += 1.0 * (double) D->vals[p1_1] * (double) beta[c1_1][i2_2][c1_0][i2_3];
                  }
                }
              }
            }
          }
        }
      }
    }
    for (long c4_0 = 0; c4_0 < (long) D->ncols; c4_0++) {
      long p4_0 = c4_0;
      for (long p4_1 = (long) D->pos[p4_0] - 0; p4_1 < (long) D->pos[p4_0 + 1] - 0; p4_1++) {
        long c4_1 = (long) D->crd[p4_1] - 0;
        for (int i5_2 = 0; i5_2 < ext0; i5_2++) {
          {
            long p6_0 = i5_2;
            {
              long h6_1 = (long) D->pos[p6_0 + 1] - 0;
              long p6_1 = (long) D->pos[p6_0] - 0;
              for (; p6_1 < h6_1 && (long) D->crd[p6_1] - 0 != c4_0; p6_1++)
                ;
              if (p6_1 < h6_1) {
                {
                  long h7_0 = (long) F.pos[0][0 + 1] - 0;
                  long p7_0 = (long) F.pos[0][0] - 0;
                  for (; p7_0 < h7_0 && (long) F.crd[0][p7_0] - 0 != c4_1; p7_0++)
                    ;
                  if (p7_0 < h7_0) {
                    {
                      long h7_1 = (long) F.pos[1][p7_0 + 1] - 0;
                      long p7_1 = (long) F.pos[1][p7_0] - 0;
                      for (; p7_1 < h7_1 && (long) F.crd[1][p7_1] - 0 != c4_0; p7_1++)
                        ;
                      if (p7_1 < h7_1) {
                        F.vals[p7_1] += 1.0 * (double) D->vals[p4_1] * (double) D->vals[p6_1];
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 16: beta(a1) = B(a1,l) * A(a1,l) schedule(auto) */
typedef struct c16_fmt0_s { double *vals; long long Ai9; long long off9; size_t *pos[2]; int unused_89; int64_t *crd[2]; } c16_fmt0;
typedef struct c16_fmt1_s { int *pos1; int64_t dims[3]; int *p15; int *crd9; double *colidx8; int unused_99; int *ptr3; } c16_fmt1;
#pragma tensor format c16_fmt0 dims(Ai9, off9) levels(dense, dense) values(vals)
#pragma tensor format c16_fmt1 dims ( dims [ 0 ] , dims [ 1 ] ) levels ( compressed ( , crd9 p15 ) , compressed ( pos1 , ptr3 ) ) values ( colidx8 )
long
c16_annot (long ext0, long ext1, double *beta, c16_fmt0 B, const c16_fmt1 *A)
{
_Pragma ("tensor beta(a1) = B(a1,l) * A(a1,l) schedule(auto)")
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      beta[i1_0] = 0;
    }
    for (long p2_0 = (long) A->crd9[0] - 0; p2_0 < (long) A->crd9[0 + 1] - 0; p2_0++) {
      long c2_0 = (long) A->p15[p2_0] - 0;
      for (long p2_1 = (long) A->pos1[p2_0] - 0; p2_1 < (long) A->pos1[p2_0 + 1] - 0; p2_1++) {
        long c2_1 = (long) A->ptr3[p2_1] - 0;
        {
          long p4_0 = c2_0;
          {
            long p4_1 = p4_0 * (long) B.off9 + c2_1;
            beta[c2_0] += 1.0 * (double) B.vals[p4_1] * (double) A->colidx8[p2_1];
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 17: G(a1) += (-(0 + x(a1) * F(a1))) */
struct c17_fmt0 { int unused_20; double *Ai0; size_t *crd[1]; int32_t *pos[1]; long n0; };
#pragma tensor format struct c17_fmt0 dims ( n0 ) levels ( dense ) values (
long
c17_annot (long ext0, struct c17_fmt0 G, const struct c17_fmt0 *x, double *F)
{
#pragma tensor G(a1) += (-(0 + x(a1) * F(a1)))
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      {
        long p2_0 = i1_0;
        G.Ai0[p2_0] += -0.0;
      }
    }
    for (long c3_0 = 0; c3_0 < (long) x->n0; c3_0++) {
      long p3_0 = c3_0;
      {
        long p5_0 = c3_0;
        G.Ai0[p5_0] += -1.0 * (double) x->Ai0[p3_0] * (double) F[c3_0];
      }
    }
  }
  return 0;
}

/* ---- case 18: beta(col) += alpha(q,p,col) * -C(z_,p,col) shape(alpha: ext1 + 0, ext2, ext0 * 1) colmajor(alpha) */
struct c18_fmt0 { long long crd2; long long n2; int unused_7; long *crd[3]; long long n0; size_t *pos[3]; float *ptr8; };
#pragma tensor format struct c18_fmt0 dims(ptr8[99], n0, crd2, n2) levels(compressed(pos[0], crd[0]), dense, compressed(pos[2], crd[2])) values(ptr8)
long
c18_annot (long ext0, long ext1, long ext2, long ext3, double *beta, double *alpha, struct c18_fmt0 C)
{
#pragma tensor beta(col) += \
    alpha(q,p,col) * -C(z_,p,col) shape(alpha: ext1 + 0, ext2, ext0 * 1) colmajor(alpha)
  for (long p1_0 = (long) C.pos[0][0] - 0; p1_0 < (long) C.pos[0][0 + 1] - 0; p1_0++) {
    long c1_0 = (long) C.crd[0][p1_0] - 0;
    for (long c1_1 = 0; c1_1 < (long) C.crd2; c1_1++) {
      long p1_1 = p1_0 * (long) C.crd2 + c1_1;
      for (long p1_2 = (long) C.pos[2][p1_1] - 0; p1_2 < (long) C.pos[2][p1_1 + 1] - 0; p1_2++) {
        long c1_2 = (long) C.crd[2][p1_2] - 0;
        for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
          beta[c1_2] += -1.0 * (double) alpha[((c1_2) * ext2 + c1_1) * ext1 + i2_1] * (double) C.ptr8[p1_2];
        }
      }
    }
  }
  return 0;
}

/* ---- case 19: H += (alpha(s) + v(s,n) * beta(n,s)) threads(1) */
struct c19_fmt0 { long long n0; double *vals; long long keys6; size_t *pos4; size_t *crd0; long long nnz; };
#pragma tensor format struct c19_fmt0 dims ( n0 , keys6 )
long
c19_annot (long ext0, long ext1, double *H_res, double *alpha, struct c19_fmt0 v, double (*beta)[ext0])
{
  double H = *H_res;
#pragma  tensor   H += ( alpha( s ) + v( s , n ) * beta( n , s ) ) threads( 1 )   
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      H += 1.0 * (double) alpha[i1_0];
    }
    for (long p2_0 = 0; p2_0 < (long) v.nnz; p2_0++) {
      long c2_0 = (long) v.crd0[p2_0] - 0;
      {
        long p2_1 = p2_0;
        long c2_1 = (long) v.pos4[p2_1] - 0;
        H += 1.0 * (double) v.vals[p2_1] * (double) beta[c2_1][c2_0];
      }
    }
  }
  *H_res = H;
  return 0;
}

/* ---- case 20: data(r,j,m) = (C * (Wq(r,j,m) * E) - Mx(r,j)) shape(Mx: 3, 4) */
struct c20_fmt0 { unsigned dims[3]; unsigned nnz; double *vals; size_t *crd[3]; unsigned long *pos[3]; };
#pragma tensor format struct c20_fmt0 dims(dims[0], dims[1], dims[2]) levels(coo(nnz, crd[0]), singleton(crd[1]), singleton(crd[2])) values(vals[3])
long
c20_annot (long ext0, long ext1, long ext2, double data[3][4][5], long C, const struct c20_fmt0 *Wq, float E, double *Mx)
{
  int i1_0 = 0;
  int i1_1 = 0;
  int i1_2 = 0;
  long p2_0 = 0;
  long c2_0 = 0;
  long p2_1 = 0;
  long c2_1 = 0;
  long p2_2 = 0;
  long c2_2 = 0;
  int i4_0 = 0;
  int i4_1 = 0;
  int i4_2 = 0;
_Pragma ("tensor data(r,j,m) = (C * (Wq(r,j,m) * E) - Mx(r,j)) shape(Mx: 3, 4)")
  {
    for (i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (i1_1 = 0; i1_1 < ext1; i1_1++) {
        for (i1_2 = 0; i1_2 < ext2; i1_2++) {
          data[i1_0][i1_1][i1_2] = 0;
        }
      }
    }
    for (p2_0 = 0; p2_0 < (long) Wq->nnz; p2_0++) {
      c2_0 = (long) Wq->crd[0][p2_0] - 0;
      {
        p2_1 = p2_0;
        c2_1 = (long) Wq->crd[1][p2_1] - 0;
        {
          p2_2 = p2_1;
          c2_2 = (long) Wq->crd[2][p2_2] - 0;
          data[c2_0][c2_1][c2_2] += 1.0 * (double) C * (double) Wq->vals[p2_2] * (double) E;
        }
      }
    }
    for (i4_0 = 0; i4_0 < ext0; i4_0++) {
      for (i4_1 = 0; i4_1 < ext1; i4_1++) {
        for (i4_2 = 0; i4_2 < ext2; i4_2++) {
          data[i4_0][i4_1][i4_2] += -1.0 * (double) Mx[(i4_0) * ext1 + i4_1];
        }
      }
    }
  }
  return 0;
}

/* ---- case 21: beta(row) = G(row,col) + G(row,col) */
struct c21_fmt0 { unsigned nnz; int *crd[2]; unsigned dims[2]; long *pos[2]; double *vals; };
#pragma tensor format struct c21_fmt0 dims(dims[0], dims[1]) modes(0, 0) levels(coo(nnz, crd[0]), singleton(crd[1])) values(vals) base(1)
long
c21_annot (long ext0, long ext1, double *beta, const struct c21_fmt0 *G)
{
#pragma  tensor   beta( row ) = G( row , col ) + G( row , col )   
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      beta[i1_0] = 0;
    }
    for (long p2_0 = 0; p2_0 < (long) G->nnz; p2_0++) {
      long c2_0 = (long) G->crd[0][p2_0] - 1;
      {
        long p2_1 = p2_0;
        long c2_1 = (long) G->crd[1][p2_1] - 1;
        beta[c2_0] += 1.0 * (double) G->vals[p2_1];
      }
    }
    for (long p4_0 = 0; p4_0 < (long) G->nnz; p4_0++) {
      long c4_0 = (long) G->crd[0][p4_0] - 1;
      {
        long p4_1 = p4_0;
        long c4_1 = (long) G->crd[1][p4_1] - 1;
        beta[c4_0] += 1.0 * (double) G->vals[p4_1];
      }
    }
  }
  return 0;
}

/* ---- case 22: alpha(jj) = H * 0.125 * (F(jj) * (beta(jj) * beta(i2))) */
struct c22_fmt0 { short *crd0; int64_t *c_0; double *ptr0; long long n0; };
struct c22_fmt1 { double *i19; int64_t *crd0; int n0; long long *pos0; };
#pragma tensor format struct c22_fmt0 dims(n0) levels(compressed(c_0, crd0)) values(ptr0)
#pragma tensor format struct c22_fmt1 dims(n0) modes(0, 0) levels(compressed(pos0, crd0)) values(i19)
long
c22_annot (long ext0, struct c22_fmt0 alpha, double H, double *F, struct c22_fmt1 beta)
{
#pragma tensor alpha(jj) = H * 0.125 * (F(jj) * (beta(jj) * beta(i2)))
  {
    for (long p1_0 = (long) alpha.c_0[0] - 0; p1_0 < (long) alpha.c_0[0 + 1] - 0; p1_0++) {
      long c1_0 = (long) alpha.crd0[p1_0] - 0;
      alpha.ptr0[p1_0] = 0;
    }
    for (long p2_0 = (long) beta.pos0[0] - 0; p2_0 < (long) beta.pos0[0 + 1] - 0; p2_0++) {
      long c2_0 = (long) beta.crd0[p2_0] - 0;
      for (int i3_1 = 0; i3_1 < ext0; i3_1++) {
        {
          long h4_0 = (long) beta.pos0[0 + 1] - 0;
          long p4_0 = (long) beta.pos0[0] - 0;
          while (p4_0 < h4_0 && (long) beta.crd0[p4_0] - 0 != i3_1)
            p4_0++;
          if (p4_0 < h4_0) {
            {
              long h5_0 = (long) alpha.c_0[0 + 1] - 0;
              long p5_0 = (long) alpha.c_0[0] - 0;
              while (p5_0 < h5_0 && (long) alpha.crd0[p5_0] - 0 != c2_0)
                p5_0++;
              if (p5_0 < h5_0) {
                alpha.ptr0[p5_0] += 0.125 * (double) H * (double) F[c2_0] * (double) beta.i19[p2_0] * (double) beta.i19[p4_0];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 23: T0(k,i2) += (w(i2,k)) * ((alpha(k)) - x(k,i2)) schedule(naive) */
struct c23_fmt0 { long *fptr8; short *lvl3; int64_t dims[3]; double *vals; };
struct c23_fmt1 { double *c_5; int64_t *pos[2]; long long dims[3]; unsigned long *crd[2]; };
struct c23_fmt2 { double *vals; size_t fids0; };
typedef struct c23_fmt3_s { unsigned long *crd1; unsigned long *i19; long dims[3]; double *keys7; long nnz; } c23_fmt3;
#pragma tensor format struct c23_fmt0 dims(dims[0], dims[1]) levels(dense, compressed(fptr8, lvl3)) values(vals)
#pragma tensor format struct c23_fmt1 dims(dims[0], dims[1]) levels(dense, compressed(pos[1], crd[1])) values(c_5) base(1)
#pragma tensor format struct struct c23_fmt2 dims ( fids0 ) levels ( dense ) values ( vals )
#pragma tensor format c23_fmt3 dims(dims[0], dims[1]) levels(coo(nnz, i19), singleton(crd1)) values(keys7) modes(1, 0)
long
c23_annot (long ext0, long ext1, struct c23_fmt0 T0, const struct c23_fmt1 *w, struct c23_fmt2 alpha, c23_fmt3 x)
{
#pragma tensor T0(k,i2) += (w(i2,k)) * ((alpha(k)) - x(k,i2)) schedule(naive)
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        {
          long p2_0 = i1_1;
          {
            long h2_1 = (long) w->pos[1][p2_0 + 1] - 1;
            long p2_1 = (long) w->pos[1][p2_0] - 1;
            for (; p2_1 < h2_1 && (long) w->crd[1][p2_1] - 1 != i1_0; p2_1++)
              ;
            if (p2_1 < h2_1) {
              {
                long p3_0 = i1_0;
                {
                  long p4_0 = i1_0;
                  {
                    long h4_1 = (long) T0.fptr8[p4_0 + 1] - 0;
                    long p4_1 = (long) T0.fptr8[p4_0] - 0;
                    for (; p4_1 < h4_1 && (long) T0.lvl3[p4_1] - 0 != i1_1; p4_1++)
                      ;
                    if (p4_1 < h4_1) {
                      T0.vals[p4_1] += 1.0 * (double) w->c_5[p2_1] * (double) alpha.vals[p3_0];
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    for (long c5_0 = 0; c5_0 < (long) w->dims[0]; c5_0++) {
      long p5_0 = c5_0;
      for (long p5_1 = (long) w->pos[1][p5_0] - 1; p5_1 < (long) w->pos[1][p5_0 + 1] - 1; p5_1++) {
        long c5_1 = (long) w->crd[1][p5_1] - 1;
        {
          long p7_0 = 0;
          while (p7_0 < (long) x.nnz && !((long) x.i19[p7_0] - 0 == c5_0 && (long) x.crd1[p7_0] - 0 == c5_1))
            p7_0++;
            ;
          if (p7_0 < (long) x.nnz) {
            {
              long p8_0 = c5_1;
              {
                long h8_1 = (long) T0.fptr8[p8_0 + 1] - 0;
                long p8_1 = (long) T0.fptr8[p8_0] - 0;
                while (p8_1 < h8_1 && (long) T0.lvl3[p8_1] - 0 != c5_0)
                  p8_1++;
                if (p8_1 < h8_1) {
                  T0.vals[p8_1] += -1.0 * (double) w->c_5[p5_1] * (double) x.keys7[p7_0];
                }
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 24: H(s,n) = -beta(n,l,s,r) shape(beta: ext1, ext2, ext0, ext3 * 1) colmajor(beta) assume(ext0 >= 0) */
typedef struct c24_fmt0_s { double *vals; long Ap1; long n1; } c24_fmt0;
#pragma tensor format c24_fmt0 dims ( Ap1 , n1 ) levels ( dense , n1 ) values ( vals )
long
c24_annot (long ext0, long ext1, long ext2, long ext3, c24_fmt0 *H, double *beta)
{
  long c1_0 = 0;
  long p1_0 = 0;
  long c1_1 = 0;
  long p1_1 = 0;
  long i2_0 = 0;
  long i2_1 = 0;
  long i2_2 = 0;
  long i2_3 = 0;
  long p3_0 = 0;
  long p3_1 = 0;
#pragma  tensor   H( s , n ) = -beta( n , l , s , r ) shape( beta: ext1 ,  ext2 ,  ext0 ,  ext3 * 1 ) colmajor( beta ) assume( ext0 >= 0 )   
  {
    for (c1_0 = 0; c1_0 < (long) H->Ap1; c1_0++) {
      p1_0 = c1_0;
      for (c1_1 = 0; c1_1 < (long) H->n1; c1_1++) {
        p1_1 = p1_0 * (long) H->n1 + c1_1;
        H->vals[p1_1] = 0;
      }
    }
    for (i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (i2_1 = 0; i2_1 < ext1; i2_1++) {
        for (i2_2 = 0; i2_2 < ext2; i2_2++) {
          for (i2_3 = 0; i2_3 < ext3; i2_3++) {
            {
              p3_0 = i2_0;
              {
                p3_1 = p3_0 * (long) H->n1 + i2_1;
                H->vals[p3_1] += -1.0 * (double) beta[(((i2_3) * ext0 + i2_0) * ext2 + i2_2) * ext1 + i2_1];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 25: E(kk,p,s) += Wq(p,kk) * data(kk,s,p) * vec(kk) colmajor(data) schedule(auto) */
struct c25_fmt0 { int *crd[3]; int n2; double *vals; int n1; int32_t *pos[3]; int n0; };
struct c25_fmt2 { long long n0; int unused_39; float *i14; };
#pragma tensor format struct c25_fmt0 dims ( n0 , n1 , n2 ) levels ( compressed ( pos [ 0 ] , crd [ 0 ] ) , dense , compressed ( ext0 [ 2 ] , crd [ 2 ] ) ) values ( vals )
#pragma tensor format struct c25_fmt2 dims(n0) levels(dense) values(i14)
long
c25_annot (long ext0, long ext1, long ext2, struct c25_fmt0 E, sf_csr Wq, double (*data)[ext2][ext0], const struct c25_fmt2 *vec)
{
#pragma tensor E(kk,p,s) += Wq(p,kk) * data(kk,s,p) * vec(kk) colmajor(data) schedule(auto)
  for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
    for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
      for (long i1_2 = 0; i1_2 < ext2; i1_2++) {
        {
          long p2_0 = i1_1;
          {
            long h2_1 = (long) Wq.pos[p2_0 + 1] - 0;
            long p2_1 = (long) Wq.pos[p2_0] - 0;
            while (p2_1 < h2_1 && (long) Wq.crd[p2_1] - 0 != i1_0)
              p2_1++;
            if (p2_1 < h2_1) {
              {
                long p3_0 = i1_0;
                {
                  long h4_0 = (long) E.pos[0][0 + 1] - 0;
                  long p4_0 = (long) E.pos[0][0] - 0;
                  while (p4_0 < h4_0 && (long) E.crd[0][p4_0] - 0 != i1_0)
                    p4_0++;
                  if (p4_0 < h4_0) {
                    {
                      long p4_1 = p4_0 * (long) E.n1 + i1_1;
                      {
                        long h4_2 = (long) E.pos[2][p4_1 + 1] - 0;
                        long p4_2 = (long) E.pos[2][p4_1] - 0;
                        for (; p4_2 < h4_2 && (long) E.crd[2][p4_2] - 0 != i1_2; p4_2++)
                          ;
                        if (p4_2 < h4_2) {
                          E.vals[p4_2] += 1.0 * (double) Wq.vals[p2_1] * (double) data[i1_1][i1_2][i1_0] * (double) vec->i14[p3_0];
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 26: beta += -B(kk) - y(kk) * (4L) * T0(kk) schedule(auto) */
typedef struct c26_fmt0_s { double *vals; long *pos[1]; long *crd[1]; int64_t crd5; } c26_fmt0;
struct c26_fmt1 { double *c_8; long long n0; unsigned long *pos[1]; int unused_38; unsigned long *crd[1]; };
#pragma tensor format struct c26_fmt0 dims(crd5) levels(compressed(pos[0], crd[0])) values(vals) base(1)
#pragma tensor format struct c26_fmt1 dims(n0) levels(dense) values(c_8)
long
c26_annot (long ext0, double *beta_res, const c26_fmt0 *B, struct c26_fmt1 y, double *T0)
{
  double beta = *beta_res;
_Pragma ("tensor beta += -B(kk) - y(kk) * (4L) * T0(kk) schedule(auto)")
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      {
        long h2_0 = (long) B->pos[0][0 + 1] - 1;
        long p2_0 = (long) B->pos[0][0] - 1;
        while (p2_0 < h2_0 && (long) B->crd[0][p2_0] - 1 != i1_0)
          p2_0++;
        if (p2_0 < h2_0) {
          beta += -1.0 * (double) B->vals[p2_0];
        }
      }
    }
    for (long c3_0 = 0; c3_0 < (long) y.n0; c3_0++) {
      long p3_0 = c3_0;
      beta += -4.0 * (double) y.c_8[p3_0] * (double) T0[c3_0];
    }
  }
  *beta_res = beta;
  return 0;
}

/* { dg-error {a .coo. level may only be followed by .singleton. levels} "" { target *-*-* } 82 } */
/* { dg-error {.S.. has type .const struct c0.fmt0 ... a tensor operand must be an ar} "" { target *-*-* } 124 } */
/* { dg-error {base must be 0 or 1} "" { target *-*-* } 258 } */
/* { dg-error {.H. has type .struct c1.fmt0.. which is not a declared tensor format} "" { target *-*-* } 270 } */
/* { dg-error {duplicate .modes. clause} "" { target *-*-* } 304 } */
/* { dg-error {.T0. has type .c2.fmt2. .aka .struct c2.fmt2.s... which is not a decla} "" { target *-*-* } 308 } */
/* { dg-error {expected ... after the clause name} "" { target *-*-* } 363 } */
/* { dg-error {.D. has type .struct c3.fmt0.. which is not a declared tensor format} "" { target *-*-* } 370 } */
/* { dg-error {expected ... after the level kind} "" { target *-*-* } 408 } */
/* { dg-error {.alpha. has type .const c4.fmt1 .. .aka .const struct c4.fmt1.s .... a} "" { target *-*-* } 413 } */
/* { dg-error {expected ... after the fields of the level} "" { target *-*-* } 463 } */
/* { dg-error {.T0. has type .struct c5.fmt1.. which is not a declared tensor format} "" { target *-*-* } 467 } */
/* { dg-error {expected ... after the list} "" { target *-*-* } 501 } */
/* { dg-error {.D. has type .const c6.fmt0 .. .aka .const struct c6.fmt0.s .... a ten} "" { target *-*-* } 505 } */
/* { dg-error {expected ... after the values field} "" { target *-*-* } 525 } */
/* { dg-error {.F. has type .const struct c7.fmt0 ... a tensor operand must be an arr} "" { target *-*-* } 542 } */
/* { dg-error {expected ... between the fields of the level} "" { target *-*-* } 593 } */
/* { dg-error {.S.. has type .struct c8.fmt1.. which is not a declared tensor format} "" { target *-*-* } 597 } */
/* { dg-error {expected ... after the subscript} "" { target *-*-* } 645 } */
/* { dg-error {.Wq. has type .c9.fmt0. .aka .struct c9.fmt0.s... which is not a decla} "" { target *-*-* } 656 } */
/* { dg-error {expected .struct. TAG or a type name after .format} "" { target *-*-* } 684 } */
/* { dg-error {.beta. has type .struct c10.fmt0 ... a tensor operand must be an array} "" { target *-*-* } 689 } */
/* { dg-error {expected a clause .dims. levels. values. modes or base} "" { target *-*-* } 726 } */
/* { dg-error {.Mx. has type .c11.fmt0. .aka .struct c11.fmt0.s... which is not a dec} "" { target *-*-* } 732 } */
/* { dg-error {expected a dims field name} "" { target *-*-* } 761 } */
/* { dg-error {.x. has type .struct c12.fmt0.. which is not a declared tensor format} "" { target *-*-* } 765 } */
/* { dg-error {expected a level. dense. compressed. singleton or coo} "" { target *-*-* } 786 } */
/* { dg-error {.H. has type .const c13.fmt0 .. .aka .const struct c13.fmt0.s .... a t} "" { target *-*-* } 790 } */
/* { dg-error {expected an integer constant in modes} "" { target *-*-* } 813 } */
/* { dg-error {.D. has type .struct c14.fmt0 ... a tensor operand must be an array of} "" { target *-*-* } 820 } */
/* { dg-error {expected the CRD field name} "" { target *-*-* } 860 } */
/* { dg-error {.F. has type .c15.fmt0. .aka .struct c15.fmt0.s... which is not a decl} "" { target *-*-* } 864 } */
/* { dg-error {expected the POS field name} "" { target *-*-* } 937 } */
/* { dg-error {.A. has type .const c16.fmt1 .. .aka .const struct c16.fmt1.s .... a t} "" { target *-*-* } 941 } */
/* { dg-error {expected the values field name} "" { target *-*-* } 965 } */
/* { dg-error {.G. has type .struct c17.fmt0.. which is not a declared tensor format} "" { target *-*-* } 969 } */
/* { dg-error {.x. has type .const struct c17.fmt0 ... a tensor operand must be an ar} "" { target *-*-* } 969 } */
/* { dg-error {format .struct c18.fmt0. needs one level per dimension. dims.. lists 4} "" { target *-*-* } 990 } */
/* { dg-error {.C. has type .struct c18.fmt0.. which is not a declared tensor format} "" { target *-*-* } 995 } */
/* { dg-error {format declaration of .struct c19.fmt0. has no .levels. clause} "" { target *-*-* } 1013 } */
/* { dg-error {.v. has type .struct c19.fmt0.. which is not a declared tensor format} "" { target *-*-* } 1018 } */
/* { dg-error {member .vals. of .struct c20.fmt0. must be a pointer to .or array of} "" { target *-*-* } 1038 } */
/* { dg-error {.Wq. has type .const struct c20.fmt0 ... a tensor operand must be an a} "" { target *-*-* } 1054 } */
/* { dg-error {modes.. must be a permutation of 0..1} "" { target *-*-* } 1088 } */
/* { dg-error {.G. has type .const struct c21.fmt0 ... a tensor operand must be an ar} "" { target *-*-* } 1092 } */
/* { dg-error {modes.. needs one mode per level. it lists 2. levels.. 1} "" { target *-*-* } 1121 } */
/* { dg-error {.beta. has type .struct c22.fmt1.. which is not a declared tensor form} "" { target *-*-* } 1125 } */
/* { dg-error {unknown clause .c23.fmt2.. expected dims. levels. values. modes or bas} "" { target *-*-* } 1164 } */
/* { dg-error {.alpha. has type .struct c23.fmt2.. which is not a declared tensor for} "" { target *-*-* } 1169 } */
/* { dg-error {unknown level kind .n1.. expected dense. compressed. singleton or coo} "" { target *-*-* } 1233 } */
/* { dg-error {.H. has type .c24.fmt0 .. .aka .struct c24.fmt0.s .... a tensor operan} "" { target *-*-* } 1247 } */
/* { dg-error {.struct c25.fmt0. has no member named .ext0} "" { target *-*-* } 1278 } */
/* { dg-error {.E. has type .struct c25.fmt0.. which is not a declared tensor format} "" { target *-*-* } 1283 } */
/* { dg-error {.struct c26.fmt0. is not a complete struct type here. declare the stru} "" { target *-*-* } 1330 } */
/* { dg-error {.B. has type .const c26.fmt0 .. .aka .const struct c26.fmt0.s .... a t} "" { target *-*-* } 1336 } */
