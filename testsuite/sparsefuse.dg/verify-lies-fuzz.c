/* Mutants of the lying fuzzer (make fuzz-lie) that the checker missed
   or called wrong, each the annotated function of its program, renamed:
   a mutant whose result differs is an error on its pragma; one that is
   equivalent on every input is not (a note when it cannot be shown).
   Seeds 103, 104, 108, 109 and 110, mutant numbers in the names.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-sparsefuse-details" } */

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sparsefuse.h"
typedef double fz_double;
typedef float fz_float;

/* m453: drop-factor: the scalar w left out of a sum over every entry of
   a 2-level compressed struct that the random patterns mostly left
   empty; was verified.  */
typedef struct m453_fmt0_s { unsigned n1; unsigned long *crd1; unsigned long *crd0; long long *pos0; long long *pos1; unsigned colidx4; double *nz1; } m453_fmt0;
#pragma tensor format m453_fmt0 dims(colidx4, n1) levels(compressed(pos0, crd0), compressed(pos1, crd1)) values(nz1)
long
m453_annot (long ext0, long ext1, long ext2, double *beta, m453_fmt0 vec, double w)
{
#pragma tensor beta(t) = vec(r,col) shape(beta: ext0) memory(64) /* { dg-error "the loop does not compute what the annotation says" } */
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      beta[i1_0] = 0;
    }
    for (long p2_0 = (long) vec.pos0[0] - 0; p2_0 < (long) vec.pos0[0 + 1] - 0; p2_0++) {
      long c2_0 = (long) vec.crd0[p2_0] - 0;
      for (long p2_1 = (long) vec.pos1[p2_0] - 0; p2_1 < (long) vec.pos1[p2_0 + 1] - 0; p2_1++) {
        long c2_1 = (long) vec.crd1[p2_1] - 0;
        for (int i3_0 = 0; i3_0 < ext0; i3_0++) {
          beta[i3_0] += 1.0 * (double) vec.nz1[p2_1] * (double) w;
        }
      }
    }
  }
  return 0;
}

/* m1419: modes(1, 2, 0) for the struct's modes(2, 1, 0): the sum over
   all of w agrees either way, but the dense level's bound ext3 must be
   tested (a slice of w summing to zero had left it untested, and the
   program read past seg6).  */
struct m1419_fmt0 { size_t *pos2; int unused_42; long *crd2; size_t *seg6; long *crd1; long long dims[3]; double *vals; };
struct m1419_fmt1 { int *links4; double *crd7; unsigned n0; size_t *pos0; };
#pragma tensor format struct m1419_fmt0 dims(dims[0], dims[1], dims[2]) levels(dense, compressed(seg6, crd1), compressed(pos2, crd2)) values(vals) modes(1, 2, 0)
#pragma tensor format struct m1419_fmt1 dims(n0) levels(compressed(pos0, links4)) values(crd7)
long
m1419_annot (long ext0, long ext1, long ext2, long ext3, double data[4], const struct m1419_fmt0 *w, struct m1419_fmt1 A)
{
#pragma tensor data(row) = w(p,l,z_) * A(row) relayout(w, A)
  if (ext0 >= 0)
    {
      for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
        data[i1_0] = 0;
      }
      for (long p2_0 = (long) A.pos0[0] - 0; p2_0 < (long) A.pos0[0 + 1] - 0; p2_0++) {
        long c2_0 = (long) A.links4[p2_0] - 0;
        for (int i3_1 = 0; i3_1 < ext1; i3_1++) {
          for (int i3_2 = 0; i3_2 < ext2; i3_2++) {
            for (int i3_3 = 0; i3_3 < ext3; i3_3++) {
              {
                long p4_0 = i3_3;
                {
                  long h4_1 = (long) w->seg6[p4_0 + 1] - 0;
                  long p4_1 = (long) w->seg6[p4_0] - 0;
                  while (p4_1 < h4_1 && (long) w->crd1[p4_1] - 0 != i3_2)
                    p4_1++;
                  if (p4_1 < h4_1) {
                    {
                      long h4_2 = (long) w->pos2[p4_1 + 1] - 0;
                      long p4_2 = (long) w->pos2[p4_1] - 0;
                      for (; p4_2 < h4_2 && (long) w->crd2[p4_2] - 0 != i3_1; p4_2++)
                        ;
                      if (p4_2 < h4_2) {
                        data[c2_0] += 1.0 * (double) w->vals[p4_2] * (double) A.crd7[p2_0];
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

/* m664: swap-operand over arrays of a C size: one bound for three nested
   loops that look up CSF entries; the sizes it may stand for took too
   long.  */
struct m664_fmt0 { short *crd1; long long dims[4]; short *rowptr5; double *off8; short *crd2; long long *pos9; long long *lvl9; long long *pos1; };
#pragma tensor format struct m664_fmt0 dims(dims[0], dims[1], dims[2]) levels(compressed(pos9, rowptr5), compressed(pos1, crd1), compressed(lvl9, crd2)) values(off8) modes(1, 0, 2) base(1)
long
m664_annot (long ext0, struct m664_fmt0 *data, double Wq[5][5], double G[5][5][5])
{
#pragma  tensor   data( n , j , s ) = Wq( j , n ) + ( Wq( n , s ) + G( j , s , n ) ) colmajor( G ) /* { dg-error "the loop does not compute what the annotation says" } */
  {
    for (long p1_0 = (long) data->pos9[0] - 1; p1_0 < (long) data->pos9[0 + 1] - 1; p1_0++) {
      long c1_0 = (long) data->rowptr5[p1_0] - 1;
      for (long p1_1 = (long) data->pos1[p1_0] - 1; p1_1 < (long) data->pos1[p1_0 + 1] - 1; p1_1++) {
        long c1_1 = (long) data->crd1[p1_1] - 1;
        for (long p1_2 = (long) data->lvl9[p1_1] - 1; p1_2 < (long) data->lvl9[p1_1 + 1] - 1; p1_2++) {
          long c1_2 = (long) data->crd2[p1_2] - 1;
          data->off8[p1_2] = 0;
        }
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext0; i2_1++) {
        for (long i2_2 = 0; i2_2 < ext0; i2_2++) {
          {
            long h3_0 = (long) data->pos9[0 + 1] - 1;
            long p3_0 = (long) data->pos9[0] - 1;
            while (p3_0 < h3_0 && (long) data->rowptr5[p3_0] - 1 != i2_1)
              p3_0++;
            if (p3_0 < h3_0) {
              {
                long h3_1 = (long) data->pos1[p3_0 + 1] - 1;
                long p3_1 = (long) data->pos1[p3_0] - 1;
                while (p3_1 < h3_1 && (long) data->crd1[p3_1] - 1 != i2_0)
                  p3_1++;
                if (p3_1 < h3_1) {
                  {
                    long h3_2 = (long) data->lvl9[p3_1 + 1] - 1;
                    long p3_2 = (long) data->lvl9[p3_1] - 1;
                    while (p3_2 < h3_2 && (long) data->crd2[p3_2] - 1 != i2_2)
                      p3_2++;
                    if (p3_2 < h3_2) {
                      data->off8[p3_2] += 1.0 * (double) Wq[i2_1][i2_0];
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    for (long i4_0 = 0; i4_0 < ext0; i4_0++) {
      for (long i4_1 = 0; i4_1 < ext0; i4_1++) {
        for (long i4_2 = 0; i4_2 < ext0; i4_2++) {
          {
            long h5_0 = (long) data->pos9[0 + 1] - 1;
            long p5_0 = (long) data->pos9[0] - 1;
            while (p5_0 < h5_0 && (long) data->rowptr5[p5_0] - 1 != i4_1)
              p5_0++;
            if (p5_0 < h5_0) {
              {
                long h5_1 = (long) data->pos1[p5_0 + 1] - 1;
                long p5_1 = (long) data->pos1[p5_0] - 1;
                while (p5_1 < h5_1 && (long) data->crd1[p5_1] - 1 != i4_0)
                  p5_1++;
                if (p5_1 < h5_1) {
                  {
                    long h5_2 = (long) data->lvl9[p5_1 + 1] - 1;
                    long p5_2 = (long) data->lvl9[p5_1] - 1;
                    while (p5_2 < h5_2 && (long) data->crd2[p5_2] - 1 != i4_2)
                      p5_2++;
                    if (p5_2 < h5_2) {
                      data->off8[p5_2] += 1.0 * (double) Wq[i4_0][i4_2];
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    for (long p6_0 = (long) data->pos9[0] - 1; p6_0 < (long) data->pos9[0 + 1] - 1; p6_0++) {
      long c6_0 = (long) data->rowptr5[p6_0] - 1;
      for (long p6_1 = (long) data->pos1[p6_0] - 1; p6_1 < (long) data->pos1[p6_0 + 1] - 1; p6_1++) {
        long c6_1 = (long) data->crd1[p6_1] - 1;
        for (long p6_2 = (long) data->lvl9[p6_1] - 1; p6_2 < (long) data->lvl9[p6_1 + 1] - 1; p6_2++) {
          long c6_2 = (long) data->crd2[p6_2] - 1;
          data->off8[p6_2] += 1.0 * (double) G[c6_0][c6_2][c6_1];
        }
      }
    }
  }
  return 0;
}

/* m273: flip-sign: six bounds over six indices, four of them fixed by C
   sizes: 6^6 bindings.  */
struct m273_fmt1 { const size_t *crd[1]; int64_t n0; const float *vals; const unsigned *pos[1]; };
struct m273_fmt2 { unsigned long *crd0; int *pos0; double *keys8; int links4; };
#pragma tensor format struct m273_fmt1 dims(n0) levels(compressed(pos[0], crd[0])) values(vals)
#pragma tensor format struct m273_fmt2 dims(links4) levels(compressed(pos0, crd0)) values(keys8)
long
m273_annot (long ext0, long ext1, long ext2, long ext3, long ext4, long ext5, sf_csf4 beta, struct m273_fmt1 A, struct m273_fmt2 alpha, const double *Mx_io, double B, const double *C_io)
{
  double Mx[5][4][2];
  memcpy (Mx, Mx_io, sizeof Mx);
  double C[3];
  memcpy (C, C_io, sizeof C);
#pragma  tensor   beta( t , u , n , p ) = A( j ) * ( -alpha( u ) + Mx( z_ , j , n ) + ( -B - C( p ) ) ) relayout( A ,  alpha ) /* { dg-error "the loop does not compute what the annotation says" } */
  if (ext0 >= 0)
    {
      for (long p1_0 = (long) beta.pos[0][0] - 0; p1_0 < (long) beta.pos[0][0 + 1] - 0; p1_0++) {
        long c1_0 = (long) beta.crd[0][p1_0] - 0;
        for (long p1_1 = (long) beta.pos[1][p1_0] - 0; p1_1 < (long) beta.pos[1][p1_0 + 1] - 0; p1_1++) {
          long c1_1 = (long) beta.crd[1][p1_1] - 0;
          for (long p1_2 = (long) beta.pos[2][p1_1] - 0; p1_2 < (long) beta.pos[2][p1_1 + 1] - 0; p1_2++) {
            long c1_2 = (long) beta.crd[2][p1_2] - 0;
            for (long p1_3 = (long) beta.pos[3][p1_2] - 0; p1_3 < (long) beta.pos[3][p1_2 + 1] - 0; p1_3++) {
              long c1_3 = (long) beta.crd[3][p1_3] - 0;
              beta.vals[p1_3] = 0;
            }
          }
        }
      }
      for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
        for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
          for (long i2_2 = 0; i2_2 < ext2; i2_2++) {
            for (long i2_3 = 0; i2_3 < ext3; i2_3++) {
              for (long i2_4 = 0; i2_4 < ext4; i2_4++) {
                {
                  long h3_0 = (long) A.pos[0][0 + 1] - 0;
                  long p3_0 = (long) A.pos[0][0] - 0;
                  for (; p3_0 < h3_0 && (long) A.crd[0][p3_0] - 0 != i2_4; p3_0++)
                    ;
                  if (p3_0 < h3_0) {
                    {
                      long h4_0 = (long) alpha.pos0[0 + 1] - 0;
                      long p4_0 = (long) alpha.pos0[0] - 0;
                      for (; p4_0 < h4_0 && (long) alpha.crd0[p4_0] - 0 != i2_1; p4_0++)
                        ;
                      if (p4_0 < h4_0) {
                        {
                          long h5_0 = (long) beta.pos[0][0 + 1] - 0;
                          long p5_0 = (long) beta.pos[0][0] - 0;
                          while (p5_0 < h5_0 && (long) beta.crd[0][p5_0] - 0 != i2_0)
                            p5_0++;
                          if (p5_0 < h5_0) {
                            {
                              long h5_1 = (long) beta.pos[1][p5_0 + 1] - 0;
                              long p5_1 = (long) beta.pos[1][p5_0] - 0;
                              for (; p5_1 < h5_1 && (long) beta.crd[1][p5_1] - 0 != i2_1; p5_1++)
                                ;
                              if (p5_1 < h5_1) {
                                {
                                  long h5_2 = (long) beta.pos[2][p5_1 + 1] - 0;
                                  long p5_2 = (long) beta.pos[2][p5_1] - 0;
                                  while (p5_2 < h5_2 && (long) beta.crd[2][p5_2] - 0 != i2_2)
                                    p5_2++;
                                  if (p5_2 < h5_2) {
                                    {
                                      long h5_3 = (long) beta.pos[3][p5_2 + 1] - 0;
                                      long p5_3 = (long) beta.pos[3][p5_2] - 0;
                                      for (; p5_3 < h5_3 && (long) beta.crd[3][p5_3] - 0 != i2_3; p5_3++)
                                        ;
                                      if (p5_3 < h5_3) {
                                        beta.vals[p5_3] += -1.0 * (double) A.vals[p3_0] * (double) alpha.keys8[p4_0];
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
      for (long p6_0 = (long) A.pos[0][0] - 0; p6_0 < (long) A.pos[0][0 + 1] - 0; p6_0++) {
        long c6_0 = (long) A.crd[0][p6_0] - 0;
        for (long i7_0 = 0; i7_0 < ext0; i7_0++) {
          for (long i7_1 = 0; i7_1 < ext1; i7_1++) {
            for (long i7_2 = 0; i7_2 < ext2; i7_2++) {
              for (long i7_3 = 0; i7_3 < ext3; i7_3++) {
                for (long i7_5 = 0; i7_5 < ext5; i7_5++) {
                  {
                    long h8_0 = (long) beta.pos[0][0 + 1] - 0;
                    long p8_0 = (long) beta.pos[0][0] - 0;
                    while (p8_0 < h8_0 && (long) beta.crd[0][p8_0] - 0 != i7_0)
                      p8_0++;
                    if (p8_0 < h8_0) {
                      {
                        long h8_1 = (long) beta.pos[1][p8_0 + 1] - 0;
                        long p8_1 = (long) beta.pos[1][p8_0] - 0;
                        for (; p8_1 < h8_1 && (long) beta.crd[1][p8_1] - 0 != i7_1; p8_1++)
                          ;
                        if (p8_1 < h8_1) {
                          {
                            long h8_2 = (long) beta.pos[2][p8_1 + 1] - 0;
                            long p8_2 = (long) beta.pos[2][p8_1] - 0;
                            for (; p8_2 < h8_2 && (long) beta.crd[2][p8_2] - 0 != i7_2; p8_2++)
                              ;
                            if (p8_2 < h8_2) {
                              {
                                long h8_3 = (long) beta.pos[3][p8_2 + 1] - 0;
                                long p8_3 = (long) beta.pos[3][p8_2] - 0;
                                for (; p8_3 < h8_3 && (long) beta.crd[3][p8_3] - 0 != i7_3; p8_3++)
                                  ;
                                if (p8_3 < h8_3) {
                                  beta.vals[p8_3] += 1.0 * (double) A.vals[p6_0] * (double) Mx[i7_5][c6_0][i7_2];
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
      for (long p9_0 = (long) A.pos[0][0] - 0; p9_0 < (long) A.pos[0][0 + 1] - 0; p9_0++) {
        long c9_0 = (long) A.crd[0][p9_0] - 0;
        for (long i10_0 = 0; i10_0 < ext0; i10_0++) {
          for (long i10_1 = 0; i10_1 < ext1; i10_1++) {
            for (long i10_2 = 0; i10_2 < ext2; i10_2++) {
              for (long i10_3 = 0; i10_3 < ext3; i10_3++) {
                {
                  long h11_0 = (long) beta.pos[0][0 + 1] - 0;
                  long p11_0 = (long) beta.pos[0][0] - 0;
                  for (; p11_0 < h11_0 && (long) beta.crd[0][p11_0] - 0 != i10_0; p11_0++)
                    ;
                  if (p11_0 < h11_0) {
                    {
                      long h11_1 = (long) beta.pos[1][p11_0 + 1] - 0;
                      long p11_1 = (long) beta.pos[1][p11_0] - 0;
                      for (; p11_1 < h11_1 && (long) beta.crd[1][p11_1] - 0 != i10_1; p11_1++)
                        ;
                      if (p11_1 < h11_1) {
                        {
                          long h11_2 = (long) beta.pos[2][p11_1 + 1] - 0;
                          long p11_2 = (long) beta.pos[2][p11_1] - 0;
                          while (p11_2 < h11_2 && (long) beta.crd[2][p11_2] - 0 != i10_2)
                            p11_2++;
                          if (p11_2 < h11_2) {
                            {
                              long h11_3 = (long) beta.pos[3][p11_2 + 1] - 0;
                              long p11_3 = (long) beta.pos[3][p11_2] - 0;
                              for (; p11_3 < h11_3 && (long) beta.crd[3][p11_3] - 0 != i10_3; p11_3++)
                                ;
                              if (p11_3 < h11_3) {
                                beta.vals[p11_3] += 1.0 * (double) A.vals[p9_0] * (double) B;
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
      for (long i12_0 = 0; i12_0 < ext0; i12_0++) {
        for (long i12_1 = 0; i12_1 < ext1; i12_1++) {
          for (long i12_2 = 0; i12_2 < ext2; i12_2++) {
            for (long i12_3 = 0; i12_3 < ext3; i12_3++) {
              for (long i12_4 = 0; i12_4 < ext4; i12_4++) {
                {
                  long h13_0 = (long) A.pos[0][0 + 1] - 0;
                  long p13_0 = (long) A.pos[0][0] - 0;
                  while (p13_0 < h13_0 && (long) A.crd[0][p13_0] - 0 != i12_4)
                    p13_0++;
                  if (p13_0 < h13_0) {
                    {
                      long h14_0 = (long) beta.pos[0][0 + 1] - 0;
                      long p14_0 = (long) beta.pos[0][0] - 0;
                      for (; p14_0 < h14_0 && (long) beta.crd[0][p14_0] - 0 != i12_0; p14_0++)
                        ;
                      if (p14_0 < h14_0) {
                        {
                          long h14_1 = (long) beta.pos[1][p14_0 + 1] - 0;
                          long p14_1 = (long) beta.pos[1][p14_0] - 0;
                          while (p14_1 < h14_1 && (long) beta.crd[1][p14_1] - 0 != i12_1)
                            p14_1++;
                          if (p14_1 < h14_1) {
                            {
                              long h14_2 = (long) beta.pos[2][p14_1 + 1] - 0;
                              long p14_2 = (long) beta.pos[2][p14_1] - 0;
                              for (; p14_2 < h14_2 && (long) beta.crd[2][p14_2] - 0 != i12_2; p14_2++)
                                ;
                              if (p14_2 < h14_2) {
                                {
                                  long h14_3 = (long) beta.pos[3][p14_2 + 1] - 0;
                                  long p14_3 = (long) beta.pos[3][p14_2] - 0;
                                  while (p14_3 < h14_3 && (long) beta.crd[3][p14_3] - 0 != i12_3)
                                    p14_3++;
                                  if (p14_3 < h14_3) {
                                    beta.vals[p14_3] += -1.0 * (double) A.vals[p13_0] * (double) C[i12_3];
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

/* m1487: drop-factor of an annotation whose terms cancel (alpha(t) -
   alpha(t)): the loop sums two nests that cancel only with both unbound
   integers right; was a false alarm.  */
struct m1487_fmt0 { const double *nz6; const size_t *ind2; const long *crd3; int64_t dims[1]; };
struct m1487_fmt1 { unsigned *crd1; unsigned *colidx2; short *pos1; double *vals; unsigned rowptr7; short *pos0; short *pos2; unsigned *crd2; unsigned n0; unsigned n2; };
struct m1487_fmt2 { int64_t *crd[1]; float *links9; long long *pos[1]; size_t nz2; };
#pragma tensor format struct m1487_fmt0 dims(dims[0]) levels(compressed(ind2, crd3)) values(nz6)
#pragma tensor format struct m1487_fmt1 dims(n0, rowptr7, n2) levels(compressed(pos0, colidx2), compressed(pos1, crd1), compressed(pos2, crd2)) values(vals) modes(2, 1, 0) base(1)
#pragma tensor format struct m1487_fmt2 dims(nz2) levels(compressed(pos[0], crd[0])) values(links9)
long
m1487_annot (long ext0, long ext1, long ext2, long ext3, long ext4, float *D, const struct m1487_fmt0 *alpha, const struct m1487_fmt1 *data, struct m1487_fmt2 B)
{
#pragma tensor D(l,i) = (alpha(t) - alpha(t)) * B(q) shape(D: ext0, ext1) /* { dg-message "annotation not verified" } */
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        D[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (long p2_0 = (long) B.pos[0][0] - 0; p2_0 < (long) B.pos[0][0 + 1] - 0; p2_0++) {
      long c2_0 = (long) B.crd[0][p2_0] - 0;
      for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
        for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
          for (long i3_2 = 0; i3_2 < ext2; i3_2++) {
            for (long i3_3 = 0; i3_3 < ext3; i3_3++) {
              {
                long h4_0 = (long) alpha->ind2[0 + 1] - 0;
                long p4_0 = (long) alpha->ind2[0] - 0;
                for (; p4_0 < h4_0 && (long) alpha->crd3[p4_0] - 0 != i3_2; p4_0++)
                  ;
                if (p4_0 < h4_0) {
                  {
                    long h5_0 = (long) data->pos0[0 + 1] - 1;
                    long p5_0 = (long) data->pos0[0] - 1;
                    while (p5_0 < h5_0 && (long) data->colidx2[p5_0] - 1 != i3_2)
                      p5_0++;
                    if (p5_0 < h5_0) {
                      {
                        long h5_1 = (long) data->pos1[p5_0 + 1] - 1;
                        long p5_1 = (long) data->pos1[p5_0] - 1;
                        for (; p5_1 < h5_1 && (long) data->crd1[p5_1] - 1 != i3_3; p5_1++)
                          ;
                        if (p5_1 < h5_1) {
                          {
                            long h5_2 = (long) data->pos2[p5_1 + 1] - 1;
                            long p5_2 = (long) data->pos2[p5_1] - 1;
                            for (; p5_2 < h5_2 && (long) data->crd2[p5_2] - 1 != i3_0; p5_2++)
                              ;
                            if (p5_2 < h5_2) {
                              D[(i3_0) * ext1 + i3_1] += 1.0 * (double) alpha->nz6[p4_0] * (double) data->vals[p5_2] * (double) B.links9[p2_0];
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
    for (long p6_0 = (long) data->pos0[0] - 1; p6_0 < (long) data->pos0[0 + 1] - 1; p6_0++) {
      long c6_0 = (long) data->colidx2[p6_0] - 1;
      for (long p6_1 = (long) data->pos1[p6_0] - 1; p6_1 < (long) data->pos1[p6_0 + 1] - 1; p6_1++) {
        long c6_1 = (long) data->crd1[p6_1] - 1;
        for (long p6_2 = (long) data->pos2[p6_1] - 1; p6_2 < (long) data->pos2[p6_1 + 1] - 1; p6_2++) {
          long c6_2 = (long) data->crd2[p6_2] - 1;
          for (long i7_1 = 0; i7_1 < ext1; i7_1++) {
            for (long i7_4 = 0; i7_4 < ext4; i7_4++) {
              {
                long h8_0 = (long) alpha->ind2[0 + 1] - 0;
                long p8_0 = (long) alpha->ind2[0] - 0;
                while (p8_0 < h8_0 && (long) alpha->crd3[p8_0] - 0 != c6_0)
                  p8_0++;
                if (p8_0 < h8_0) {
                  {
                    long h9_0 = (long) B.pos[0][0 + 1] - 0;
                    long p9_0 = (long) B.pos[0][0] - 0;
                    while (p9_0 < h9_0 && (long) B.crd[0][p9_0] - 0 != i7_4)
                      p9_0++;
                    if (p9_0 < h9_0) {
                      D[(c6_2) * ext1 + i7_1] += -1.0 * (double) alpha->nz6[p8_0] * (double) data->vals[p6_2] * (double) B.links9[p9_0];
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

/* m1520: drop-factor of a factor times 0.0: the dropped CSC struct's
   extents are the checker's choice, and with them the loop stores past
   E; was a false alarm.  */

long
m1520_annot (long ext0, long ext1, double E[3][4], double (*B)[3], double *restrict A, sf_csc w)
{
#pragma tensor E(t,a1) = 7 + B(t,a1) - A(t) * 0.0 * 1e-3 colmajor(B) /* { dg-message "annotation not verified" } */
  {
    for (size_t i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (size_t i1_1 = 0; i1_1 < ext1; i1_1++) {
        E[i1_0][i1_1] = 0;
      }
    }
    for (size_t i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (size_t i2_1 = 0; i2_1 < ext1; i2_1++) {
        E[i2_0][i2_1] += 7.0;
      }
    }
    for (size_t i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (size_t i3_1 = 0; i3_1 < ext1; i3_1++) {
        E[i3_0][i3_1] += 1.0 * (double) B[i3_1][i3_0];
      }
    }
    for (long c4_0 = 0; c4_0 < (long) w.ncols; c4_0++) {
      long p4_0 = c4_0;
      for (long p4_1 = (long) w.pos[p4_0] - 0; p4_1 < (long) w.pos[p4_0 + 1] - 0; p4_1++) {
        long c4_1 = (long) w.crd[p4_1] - 0;
        E[c4_0][c4_1] += -0.0 * (double) A[c4_0] * (double) w.vals[p4_1];
      }
    }
  }
#pragma tensor E(t,a1) = 7 + B(t,a1) - A(t) * 0.0 * 1e-3 colmajor(B) /* { dg-message "annotation not verified" } */
  {
    for (size_t i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (size_t i1_1 = 0; i1_1 < ext1; i1_1++) {
        E[i1_0][i1_1] = 0;
      }
    }
    for (size_t i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (size_t i2_1 = 0; i2_1 < ext1; i2_1++) {
        E[i2_0][i2_1] += 7.0;
      }
    }
    for (size_t i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (size_t i3_1 = 0; i3_1 < ext1; i3_1++) {
        E[i3_0][i3_1] += 1.0 * (double) B[i3_1][i3_0];
      }
    }
    for (long c4_0 = 0; c4_0 < (long) w.ncols; c4_0++) {
      long p4_0 = c4_0;
      for (long p4_1 = (long) w.pos[p4_0] - 0; p4_1 < (long) w.pos[p4_0 + 1] - 0; p4_1++) {
        long c4_1 = (long) w.crd[p4_1] - 0;
        E[c4_0][c4_1] += -0.0 * (double) A[c4_0] * (double) w.vals[p4_1];
      }
    }
  }
  return 0;
}

/* m1157: drop-factor of a sparse struct whose coordinates index a local
   float[4][5][2]: with the struct's first extents the loop goes outside
   w, with the program's it does not; was not verified.  */
struct m1157_fmt0 { int dims[2]; long *pos1; double *vals; unsigned long *crd5; };
struct m1157_fmt1 { const double *vals; int p14; };
#pragma tensor format struct m1157_fmt0 dims(dims[0], dims[1]) levels(dense, compressed(pos1, crd5)) values(vals)
#pragma tensor format struct m1157_fmt1 dims(p14) levels(dense) values(vals)
long
m1157_annot (long ext0, long ext1, long ext2, long ext3, long ext4, float *w_io, struct m1157_fmt0 D, struct m1157_fmt1 v)
{
  float w[4][5][2];
  memcpy (w, w_io, sizeof w);
#pragma tensor w(p,col,l) = v(q) /* { dg-error "the loop does not compute what the annotation says" } */
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        for (long i1_2 = 0; i1_2 < ext2; i1_2++) {
          w[i1_0][i1_1][i1_2] = 0;
        }
      }
    }
    for (long c2_0 = 0; c2_0 < (long) D.dims[0]; c2_0++) {
      long p2_0 = c2_0;
      for (long p2_1 = (long) D.pos1[p2_0] - 0; p2_1 < (long) D.pos1[p2_0 + 1] - 0; p2_1++) {
        long c2_1 = (long) D.crd5[p2_1] - 0;
        for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
          for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
            for (long i3_4 = 0; i3_4 < ext4; i3_4++) {
              {
                long p4_0 = i3_4;
                w[i3_0][i3_1][c2_1] += 1.0 * (double) D.vals[p2_1] * (double) v.vals[p4_0];
              }
            }
          }
        }
      }
    }
  }
  memcpy (w_io, w, sizeof w);
  return 0;
}

/* m201: drop-term of a sum with a sparse struct term: outside an array
   after reading the struct under some bindings, a difference under the
   others; was not verified.  */
struct m201_fmt0 { unsigned *pos[1]; int *crd[1]; long links0; double *vals; };
struct m201_fmt1 { size_t off4; double *vals; };
#pragma tensor format struct m201_fmt0 dims(links0) levels(dense) values(vals) base(1)
#pragma tensor format struct m201_fmt1 dims(off4) levels(dense) values(vals)
long
m201_annot (long ext0, long ext1, long ext2, long ext3, double *Wq, struct m201_fmt0 Mx, double *E, const struct m201_fmt1 *H, const float *x_io, double *w)
{
  float x[4][3];
  memcpy (x, x_io, sizeof x);
#pragma tensor Wq(k) = -H(i2) * (x(m,j) * w(m,j)) shape(Wq: ext0) shape(w: ext3, ext2) memory(0) /* { dg-error "the loop does not compute what the annotation says" } */
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      Wq[i1_0] = 0;
    }
    for (long c2_0 = 0; c2_0 < (long) Mx.links0; c2_0++) {
      long p2_0 = c2_0;
      for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
        for (long i3_2 = 0; i3_2 < ext2; i3_2++) {
          for (long i3_3 = 0; i3_3 < ext3; i3_3++) {
            Wq[i3_0] += 1.0 * (double) Mx.vals[p2_0] * (double) E[(i3_2) * ext0 + i3_0] * (double) x[i3_3][i3_2] * (double) w[(i3_3) * ext2 + i3_2];
          }
        }
      }
    }
    for (long i4_0 = 0; i4_0 < ext0; i4_0++) {
      for (long i4_1 = 0; i4_1 < ext1; i4_1++) {
        for (long i4_2 = 0; i4_2 < ext2; i4_2++) {
          for (long i4_3 = 0; i4_3 < ext3; i4_3++) {
            {
              long p5_0 = i4_1;
              Wq[i4_0] += -1.0 * (double) H->vals[p5_0] * (double) x[i4_3][i4_2] * (double) w[(i4_3) * ext2 + i4_2];
            }
          }
        }
      }
    }
  }
  return 0;
}

/* m782: drop-term of a term times 0 beside a constant: the loop reads a
   struct the annotation does not describe, its result does not depend on
   it, and the constant left out shows with random values there; was not
   verified.  */
struct m782_fmt0 { long long keys9; const double *rowptr6; };
typedef struct m782_fmt1_s { const int64_t *pos0; const unsigned long *rowptr7; const double *vals; long long dims[2]; } m782_fmt1;
#pragma tensor format struct m782_fmt0 dims(keys9) levels(dense) values(rowptr6)
#pragma tensor format m782_fmt1 dims(dims[0]) levels(compressed(pos0, rowptr7)) values(vals) base(1)
long
m782_annot (long ext0, double *restrict A, double F, struct m782_fmt0 beta, const m782_fmt1 *S_)
{
  long i1_0 = 0;
  long i2_0 = 0;
  long p3_0 = 0;
  long c3_0 = 0;
  long p5_0 = 0;
  long i6_0 = 0;
_Pragma ("tensor A(t) = F shape(A: ext0) assume(ext0 >= 0)") /* { dg-error "the loop does not compute what the annotation says" } */
  do
    {
      for (i1_0 = 0; i1_0 < ext0; i1_0++) {
        A[i1_0] = 0;
      }
      for (i2_0 = 0; i2_0 < ext0; i2_0++) {
        A[i2_0] += 1.0 * (double) F;
      }
      for (p3_0 = (long) S_->pos0[0] - 1; p3_0 < (long) S_->pos0[0 + 1] - 1; p3_0++) {
        c3_0 = (long) S_->rowptr7[p3_0] - 1;
        {
          p5_0 = c3_0;
          A[c3_0] += 0.0 * (double) beta.rowptr6[p5_0] * (double) S_->vals[p3_0];
        }
      }
      for (i6_0 = 0; i6_0 < ext0; i6_0++) {
        A[i6_0] += 250.0;
      }
    }
  while (0);
  return 0;
}

/* m57: drop-term of a term over a struct the annotation does not
   describe, two loop bounds unbound, no set of one extent (B is a local
   double[3][4][5]): the dependence shows at every binding of them.  */
struct m57_fmt0 { unsigned long *pos[2]; int dims[3]; double *vals; size_t *crd[2]; };
struct m57_fmt1 { size_t n0; int unused_50; float *vals; };
struct m57_fmt2 { long ptr4; const unsigned *pos[3]; const float *Ai5; long n0; long nnz; const size_t *crd[3]; long n1; };
#pragma tensor format struct m57_fmt0 dims(dims[0], dims[1]) levels(compressed(pos[0], crd[0]), dense) values(vals)
#pragma tensor format struct m57_fmt1 dims(n0) levels(dense) values(vals)
#pragma tensor format struct m57_fmt2 dims(n0, n1, ptr4) levels(coo(nnz, crd[0]), singleton(crd[1]), singleton(crd[2])) values(Ai5)
long
m57_annot (long ext0, long ext1, long ext2, double *B_io, struct m57_fmt0 Wq, struct m57_fmt1 data, const struct m57_fmt2 *vec)
{
  double B[3][4][5];
  memcpy (B, B_io, sizeof B);
#pragma tensor B(r,k,t) += vec(t,r,k) /* { dg-error "it reads the tensor .Wq. .format m57_fmt0., which the annotation does not use: a factor or a term is missing" } */
  {
    for (long c1_0 = 0; c1_0 < (long) data.n0; c1_0++) {
      long p1_0 = c1_0;
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        for (long i2_2 = 0; i2_2 < ext2; i2_2++) {
          {
            long h3_0 = (long) Wq.pos[0][0 + 1] - 0;
            long p3_0 = (long) Wq.pos[0][0] - 0;
            while (p3_0 < h3_0 && (long) Wq.crd[0][p3_0] - 0 != i2_1)
              p3_0++;
            if (p3_0 < h3_0) {
              {
                long p3_1 = p3_0 * (long) Wq.dims[1] + c1_0;
                B[c1_0][i2_1][i2_2] += 1.0 * (double) Wq.vals[p3_1] * (double) data.vals[p1_0];
              }
            }
          }
        }
      }
    }
    for (long p4_0 = 0; p4_0 < (long) vec->nnz; p4_0++) {
      long c4_0 = (long) vec->crd[0][p4_0] - 0;
      {
        long p4_1 = p4_0;
        long c4_1 = (long) vec->crd[1][p4_1] - 0;
        {
          long p4_2 = p4_1;
          long c4_2 = (long) vec->crd[2][p4_2] - 0;
          B[c4_1][c4_2][c4_0] += 1.0 * (double) vec->Ai5[p4_2];
        }
      }
    }
  }
#pragma tensor B(r,k,t) += vec(t,r,k) /* { dg-error "it reads the tensor .Wq. .format m57_fmt0., which the annotation does not use: a factor or a term is missing" } */
  {
    for (long c1_0 = 0; c1_0 < (long) data.n0; c1_0++) {
      long p1_0 = c1_0;
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        for (long i2_2 = 0; i2_2 < ext2; i2_2++) {
          {
            long h3_0 = (long) Wq.pos[0][0 + 1] - 0;
            long p3_0 = (long) Wq.pos[0][0] - 0;
            while (p3_0 < h3_0 && (long) Wq.crd[0][p3_0] - 0 != i2_1)
              p3_0++;
            if (p3_0 < h3_0) {
              {
                long p3_1 = p3_0 * (long) Wq.dims[1] + c1_0;
                B[c1_0][i2_1][i2_2] += 1.0 * (double) Wq.vals[p3_1] * (double) data.vals[p1_0];
              }
            }
          }
        }
      }
    }
    for (long p4_0 = 0; p4_0 < (long) vec->nnz; p4_0++) {
      long c4_0 = (long) vec->crd[0][p4_0] - 0;
      {
        long p4_1 = p4_0;
        long c4_1 = (long) vec->crd[1][p4_1] - 0;
        {
          long p4_2 = p4_1;
          long c4_2 = (long) vec->crd[2][p4_2] - 0;
          B[c4_1][c4_2][c4_0] += 1.0 * (double) vec->Ai5[p4_2];
        }
      }
    }
  }
  memcpy (B_io, B, sizeof B);
  return 0;
}

/* { dg-final { scan-tree-dump "guard: \[^\n\]*ext3 == the extent of l" "sparsefuse" } } */
