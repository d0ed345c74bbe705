/* Mutated computation pragmas: syntax errors, each at its token.
   Each function below carries a pragma that tools/fuzz/hostile.py
   mutated from a valid one; the plugin must diagnose it (or keep the
   loop with a warning), never crash.  Mutations, in order:
     0. insert, drop 'ext0', swap: D ( i2 , jj Mx ) = 0.0 - Mx shape ( D
        : ext0 0 ext1 , )
     1. swap, replace, replace: y y kk , u , j , jj ) = ( E ( l , j ) )
        int ( : y ext0 + 0 , ext1 , ext2 * 1 , ext3 + 0 )
     2. swap, swap, duplicate: ( v j , row ) beta += ( j , row ) + alpha
        shape ( v : ( ext0 ) , ext1 * 1 ) threads ( ( 3 )
     3. replace, drop ':', truncate: E ( s ) = y ( jj ) -
     4. duplicate: w ( a1 , m ) += Wq Wq threads ( 2 ) shape ( w : ext0
        , ( ext1 ) ) check colmajor ( w )
     5. replace, insert, drop 'data': G ( l ) = data i2 ) shape ( G : (
        ext0 ++ ) += shape ( data : ext1 )
     6. swap, swap: y ( k , , m l ) = - F ( m , , k l ) * F ( k , l , m
        )
     7. replace: vec ( i2 , n ) += v ( i2 , n ) * data ( n , i2 ) shape
        ( vec : ext0 * 1 , ext1 * 1 ) memory 1e ext0 * 8 ) serial shape
        ( v : ext0 , ext1 ...
     8. duplicate, drop 'i2', replace: x ( i2 ) = ( G ( n , i2 08 ) + +
        - data ) * 0.125 shape ( G : ext1 + 0 , ext0 + 0 , ( ext2 ) )
     9. insert: w ( s ) += data ( u , s ) shape ( data : ext1 * 0x 1 ,
        ext0 * 1 ) schedule ( naive ) serial
     10. drop 'data': vec ( q ) = - 3 * x ( q , t ) * x ( q , s ) * (
        data t , s ) * D ( s , q ) ) colmajor ( x )
     11. replace: v ( p , kk ) += data ( m , j , p ) * alpha ( j , col )
        - y ( kk ) + E ( kk ) * Mx ( j , kk , p ) shape ( 0 : ext2 * 1 ,
        ext3 , 3 ) shape ...
     12. insert: y += - 7 * ( ( beta ( k ) - B ( k ) ) * ( T0 ( k ) -
        beta ( k ) ) ) threads ( 3 ) assume ( nnz ( T0 ) >= 0 , dim ( T0
        , 0 ) <= && 1000000...
  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sparsefuse.h"

/* ---- case 0: D ( i2 , jj Mx ) = 0.0 - Mx shape ( D : ext0 0 ext1 , ) */
long
c0_annot (long ext0, long ext1, double (*D)[ext1], double Mx)
{
#pragma tensor D ( i2 , jj Mx ) = 0.0 - Mx shape ( D : ext0 0 ext1 , )
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        D[i1_0][i1_1] = 0;
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        D[i2_0][i2_1] += 0.0;
      }
    }
    for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
        D[i3_0][i3_1] += -1.0 * (double) Mx;
      }
    }
  }
  return 0;
}

/* ---- case 1: y y kk , u , j , jj ) = ( E ( l , j ) ) int ( : y ext0 + 0 , ext1 , ext2 * 1 , ext3 + 0 ) */
typedef struct c1_fmt0_s { int64_t dims[2]; short *pos[2]; double *vals; uint32_t *crd[2]; } c1_fmt0;
#pragma tensor format c1_fmt0 dims(dims[0], dims[1]) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) values(vals) modes(1, 0)
long
c1_annot (long ext0, long ext1, long ext2, long ext3, long ext4, double *y, const c1_fmt0 *E)
{
  long i1_0 = 0;
  long i1_1 = 0;
  long i1_2 = 0;
  long i1_3 = 0;
  long p2_0 = 0;
  long c2_0 = 0;
  long p2_1 = 0;
  long c2_1 = 0;
  long i3_0 = 0;
  long i3_1 = 0;
  long i3_3 = 0;
#pragma tensor y y kk , u , j , jj ) = ( E ( l , j ) ) int \
    ( : y ext0 + 0 , ext1 , ext2 * 1 , ext3 + 0 )
  {
    for (i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (i1_1 = 0; i1_1 < ext1; i1_1++) {
        for (i1_2 = 0; i1_2 < ext2; i1_2++) {
          for (i1_3 = 0; i1_3 < ext3; i1_3++) {
            y[(((i1_0) * ext1 + i1_1) * ext2 + i1_2) * ext3 + i1_3] = 0;
          }
        }
      }
    }
    for (p2_0 = (long) E->pos[0][0] - 0; p2_0 < (long) E->pos[0][0 + 1] - 0; p2_0++) {
      c2_0 = (long) E->crd[0][p2_0] - 0;
      for (p2_1 = (long) E->pos[1][p2_0] - 0; p2_1 < (long) E->pos[1][p2_0 + 1] - 0; p2_1++) {
        c2_1 = (long) E->crd[1][p2_1] - 0;
        for (i3_0 = 0; i3_0 < ext0; i3_0++) {
          for (i3_1 = 0; i3_1 < ext1; i3_1++) {
            for (i3_3 = 0; i3_3 < ext3; i3_3++) {
              y[(((i3_0) * ext1 + i3_1) * ext2 + c2_0) * ext3 + i3_3] += 1.0 * (double) E->vals[p2_1];
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 2: ( v j , row ) beta += ( j , row ) + alpha shape ( v : ( ext0 ) , ext1 * 1 ) threads ( ( 3 ) */
struct c2_fmt0 { long idx0; int *crd1; float *vals; long off1; size_t *pos1; };
#pragma tensor format struct c2_fmt0 dims(off1, idx0) levels(dense, compressed(pos1, crd1)) values(vals) base(1)
long
c2_annot (long ext0, long ext1, double *v, const struct c2_fmt0 *beta, double alpha_in)
{
  double alpha = alpha_in;
#pragma tensor ( v j , row ) beta += ( j , row ) + alpha shape ( v : ( ext0 ) , ext1 * 1 ) threads ( ( 3 )
  {
    for (long c1_0 = 0; c1_0 < (long) beta->off1; c1_0++) {
      long p1_0 = c1_0;
      for (long p1_1 = (long) beta->pos1[p1_0] - 1; p1_1 < (long) beta->pos1[p1_0 + 1] - 1; p1_1++) {
        long c1_1 = (long) beta->crd1[p1_1] - 1;
        v[(c1_0) * ext1 + c1_1] += 1.0 * (double) beta->vals[p1_1];
      }
    }
    for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
        v[(i3_0) * ext1 + i3_1] += 1.0 * (double) alpha;
      }
    }
  }
  return 0;
}

/* ---- case 3: E ( s ) = y ( jj ) - */
struct c3_fmt0 { int unused_20; int64_t *crd0; long long dims[2]; uint32_t *Ai0; double *vals; };
struct c3_fmt1 { short *crd1; short *crd0; int64_t *pos1; int64_t *Ap4; size_t dims[2]; double *idx2; };
#pragma tensor format struct c3_fmt0 dims(dims[0]) levels(compressed(Ai0, crd0)) values(vals)
#pragma tensor format struct c3_fmt1 dims(dims[0], dims[1]) levels(compressed(Ap4, crd0), compressed(pos1, crd1)) values(idx2)
long
c3_annot (long ext0, long ext1, long ext2, float *E, const struct c3_fmt0 *y, double *beta, const struct c3_fmt1 *data)
{
#pragma tensor E ( s ) = y ( jj ) -
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      E[i1_0] = 0;
    }
    for (long p2_0 = (long) y->Ai0[0] - 0; p2_0 < (long) y->Ai0[0 + 1] - 0; p2_0++) {
      long c2_0 = (long) y->crd0[p2_0] - 0;
      for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
        E[i3_0] += 1.0 * (double) y->vals[p2_0];
      }
    }
    for (long p4_0 = (long) data->Ap4[0] - 0; p4_0 < (long) data->Ap4[0 + 1] - 0; p4_0++) {
      long c4_0 = (long) data->crd0[p4_0] - 0;
      for (long p4_1 = (long) data->pos1[p4_0] - 0; p4_1 < (long) data->pos1[p4_0 + 1] - 0; p4_1++) {
        long c4_1 = (long) data->crd1[p4_1] - 0;
        for (long i5_1 = 0; i5_1 < ext1; i5_1++) {
          E[c4_1] += -1.0 * (double) beta[(i5_1) * ext0 + c4_1] * (double) data->idx2[p4_1];
        }
      }
    }
  }
  return 0;
}

/* ---- case 4: w ( a1 , m ) += Wq Wq threads ( 2 ) shape ( w : ext0 , ( ext1 ) ) check colmajor ( w ) */
long
c4_annot (long ext0, long ext1, double *w, float Wq)
{
#pragma tensor w ( a1 \
    , m ) += Wq Wq threads ( 2 ) shape ( w : ext0 , ( ext1 ) ) check colmajor ( w )
  for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
    for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
      w[(i1_1) * ext0 + i1_0] += 1.0 * (double) Wq;
    }
  }
  return 0;
}

/* ---- case 5: G ( l ) = data i2 ) shape ( G : ( ext0 ++ ) += shape ( data : ext1 ) */
long
c5_annot (long ext0, long ext1, double *G, float *data)
{
  int i1_0 = 0;
  int i2_0 = 0;
  int i2_1 = 0;
#pragma tensor G ( l ) = data i2 ) shape ( G : ( ext0 ++ ) += shape ( data : ext1 )
  {
    for (i1_0 = 0; i1_0 < ext0; i1_0++) {
      G[i1_0] = 0;
    }
    for (i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (i2_1 = 0; i2_1 < ext1; i2_1++) {
        G[i2_0] += 1.0 * (double) data[i2_1];
      }
    }
  }
  return 0;
}

/* ---- case 6: y ( k , , m l ) = - F ( m , , k l ) * F ( k , l , m ) */
struct c6_fmt0 { long long *pos[3]; size_t n2; short *crd[3]; size_t n1; size_t n0; double *c_7; };
#pragma tensor format struct c6_fmt0 dims(n0, n1, n2) levels(dense, dense, dense) values(c_7)
long
c6_annot (long ext0, double y[5][5][5], struct c6_fmt0 F)
{
_Pragma ("tensor y ( k , , m l ) = - F ( m , , k l ) * F ( k , l , m )")
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext0; i1_1++) {
        for (int i1_2 = 0; i1_2 < ext0; i1_2++) {
          y[i1_0][i1_1][i1_2] = 0;
        }
      }
    }
    for (long c2_0 = 0; c2_0 < (long) F.n0; c2_0++) {
      long p2_0 = c2_0;
      for (long c2_1 = 0; c2_1 < (long) F.n1; c2_1++) {
        long p2_1 = p2_0 * (long) F.n1 + c2_1;
        for (long c2_2 = 0; c2_2 < (long) F.n2; c2_2++) {
          long p2_2 = p2_1 * (long) F.n2 + c2_2;
          {
            long p4_0 = c2_2;
            {
              long p4_1 = p4_0 * (long) F.n1 + c2_0;
              {
                long p4_2 = p4_1 * (long) F.n2 + c2_1;
                y[c2_0][c2_2][c2_1] += -1.0 * (double) F.c_7[p4_2] * (double) F.c_7[p2_2];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 7: vec ( i2 , n ) += v ( i2 , n ) * data ( n , i2 ) shape ( vec : ext0 * 1 , ext1 * 1 ) memory 1e ext0 * 8 ) serial shape ( v : ext0 , ext1 * 1 ) */
typedef struct c7_fmt0_s { size_t ptr6; size_t seg6; double *vals; size_t n1; uint32_t *Ai6; uint32_t *crd0; } c7_fmt0;
#pragma tensor format c7_fmt0 dims(ptr6, n1) levels(coo(seg6, crd0), singleton(Ai6)) values(vals)
long
c7_annot (long ext0, long ext1, double *vec, double *v, c7_fmt0 data)
{
_Pragma ("tensor vec ( i2 , n ) += v ( i2 , n ) * data ( n , i2 ) shape ( vec : ext0 * 1 , ext1 * 1 ) memory 1e ext0 * 8 ) serial shape ( v : ext0 , ext1 * 1 )")
  for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
    for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
      {
        long p2_0 = 0;
        while (p2_0 < (long) data.seg6 && !((long) data.crd0[p2_0] - 0 == i1_1 && (long) data.Ai6[p2_0] - 0 == i1_0))
          p2_0++;
          ;
        if (p2_0 < (long) data.seg6) {
          vec[(i1_0) * ext1 + i1_1] += 1.0 * (double) v[(i1_0) * ext1 + i1_1] * (double) data.vals[p2_0];
        }
      }
    }
  }
  return 0;
}

/* ---- case 8: x ( i2 ) = ( G ( n , i2 08 ) + + - data ) * 0.125 shape ( G : ext1 + 0 , ext0 + 0 , ( ext2 ) ) */
long
c8_annot (long ext0, long ext1, long ext2, double *x, const float (*G)[ext0][ext2], float data_in)
{
  long i1_0 = 0;
  long i2_0 = 0;
  long i2_1 = 0;
  long i2_2 = 0;
  long i3_0 = 0;
  float data = data_in;
#pragma tensor x ( i2 ) = ( G ( n , i2 08 ) + + - data ) * 0.125 shape ( G : ext1 + 0 , ext0 \
    + 0 , ( ext2 ) )
  {
    for (i1_0 = 0; i1_0 < ext0; i1_0++) {
      x[i1_0] = 0;
    }
    for (i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (i2_1 = 0; i2_1 < ext1; i2_1++) {
        for (i2_2 = 0; i2_2 < ext2; i2_2++) {
          x[i2_0] += 0.125 * (double) G[i2_1][i2_0][i2_2];
        }
      }
    }
    for (i3_0 = 0; i3_0 < ext0; i3_0++) {
      x[i3_0] += -0.125 * (double) data;
    }
  }
  return 0;
}

/* ---- case 9: w ( s ) += data ( u , s ) shape ( data : ext1 * 0x 1 , ext0 * 1 ) schedule ( naive ) serial */
long
c9_annot (long ext0, long ext1, float *w, double (*data)[ext0])
{
#pragma tensor w ( s ) += data ( u , s ) shape ( data : ext1 * 0x 1 , ext0 * \
    1 ) schedule ( naive ) serial
  for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
    for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
      w[i1_0] += 1.0 * (double) data[i1_1][i1_0];
    }
  }
  return 0;
}

/* ---- case 10: vec ( q ) = - 3 * x ( q , t ) * x ( q , s ) * ( data t , s ) * D ( s , q ) ) colmajor ( x ) */
typedef struct c10_fmt0_s { double *nz7; int64_t n1; int64_t n0; } c10_fmt0;
typedef struct c10_fmt1_s { int nnz; int dims[2]; unsigned long *links0; int unused_85; unsigned long *p13; double *vals; } c10_fmt1;
#pragma tensor format c10_fmt0 dims(n0, n1) levels(dense, dense) values(nz7) base(1)
#pragma tensor format c10_fmt1 dims(dims[0], dims[1]) levels(coo(nnz, links0), singleton(p13)) values(vals)
long
c10_annot (long ext0, long ext1, float *vec, float x[4][3], const c10_fmt0 *data, const c10_fmt1 *D)
{
  int i1_0 = 0;
  long p2_0 = 0;
  long c2_0 = 0;
  long p2_1 = 0;
  long c2_1 = 0;
  int i3_1 = 0;
  long p4_0 = 0;
  long p4_1 = 0;
#pragma tensor vec ( q ) = - 3 * x ( q , t ) * x ( q , s ) * ( data t , s ) * D ( s , q ) ) colmajor ( x )
  {
    for (i1_0 = 0; i1_0 < ext0; i1_0++) {
      vec[i1_0] = 0;
    }
    for (p2_0 = 0; p2_0 < (long) D->nnz; p2_0++) {
      c2_0 = (long) D->links0[p2_0] - 0;
      {
        p2_1 = p2_0;
        c2_1 = (long) D->p13[p2_1] - 0;
        for (i3_1 = 0; i3_1 < ext1; i3_1++) {
          {
            p4_0 = i3_1;
            {
              p4_1 = p4_0 * (long) data->n1 + c2_0;
              vec[c2_1] += -3.0 * (double) x[i3_1][c2_1] * (double) x[c2_0][c2_1] * (double) data->nz7[p4_1] * (double) D->vals[p2_1];
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 11: v ( p , kk ) += data ( m , j , p ) * alpha ( j , col ) - y ( kk ) + E ( kk ) * Mx ( j , kk , p ) shape ( 0 : ext2 * 1 , ext3 , 3 ) shape ( Mx : ext3 , 4 , ext0 + 0 ) serial */
typedef struct c11_fmt0_s { short *rowptr6; unsigned long *crd0; float *fptr9; int64_t dims[2]; unsigned long *fids4; short *pos1; } c11_fmt0;
struct c11_fmt1 { short *crd0; double *vals; long n0; short *lvl3; };
#pragma tensor format c11_fmt0 dims(dims[0], dims[1]) levels(compressed(rowptr6, crd0), compressed(pos1, fids4)) values(fptr9) base(1)
#pragma tensor format struct c11_fmt1 dims(n0) levels(compressed(lvl3, crd0)) values(vals)
long
c11_annot (long ext0, long ext1, long ext2, long ext3, long ext4, float v[3][4], double (*data)[ext3][3], c11_fmt0 alpha, const double *y, const struct c11_fmt1 *E, double *Mx)
{
#pragma  tensor   v (  p  ,  kk  ) += data (  m  ,  j  ,  p  ) * alpha (  j  ,  col  ) - y (  kk  ) + E (  kk  ) * Mx (  j  ,  kk  ,  p  ) shape (  0 : ext2 * 1  ,  ext3  ,  3  ) shape (  Mx : ext3  ,  4  ,  ext0 + 0  ) serial   
  {
    for (long p1_0 = (long) alpha.rowptr6[0] - 1; p1_0 < (long) alpha.rowptr6[0 + 1] - 1; p1_0++) {
      long c1_0 = (long) alpha.crd0[p1_0] - 1;
      for (long p1_1 = (long) alpha.pos1[p1_0] - 1; p1_1 < (long) alpha.pos1[p1_0 + 1] - 1; p1_1++) {
        long c1_1 = (long) alpha.fids4[p1_1] - 1;
        for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
          for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
            for (long i2_2 = 0; i2_2 < ext2; i2_2++) {
              v[i2_0][i2_1] += 1.0 * (double) data[i2_2][c1_0][i2_0] * (double) alpha.fptr9[p1_1];
            }
          }
        }
      }
    }
    for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
        v[i3_0][i3_1] += -1.0 * (double) y[i3_1];
      }
    }
    for (long p4_0 = (long) E->lvl3[0] - 0; p4_0 < (long) E->lvl3[0 + 1] - 0; p4_0++) {
      long c4_0 = (long) E->crd0[p4_0] - 0;
      for (long i5_0 = 0; i5_0 < ext0; i5_0++) {
        for (long i5_3 = 0; i5_3 < ext3; i5_3++) {
          v[i5_0][c4_0] += 1.0 * (double) E->vals[p4_0] * (double) Mx[((i5_3) * ext1 + c4_0) * ext0 + i5_0];
        }
      }
    }
  }
  return 0;
}

/* ---- case 12: y += - 7 * ( ( beta ( k ) - B ( k ) ) * ( T0 ( k ) - beta ( k ) ) ) threads ( 3 ) assume ( nnz ( T0 ) >= 0 , dim ( T0 , 0 ) <= && 1000000 , ext0 >= 0 ) schedule ( auto ) */
typedef struct c12_fmt0_s { float *idx9; short *pos0; uint32_t *crd0; int64_t n0; } c12_fmt0;
typedef struct c12_fmt1_s { size_t n0; double *crd3; } c12_fmt1;
#pragma tensor format c12_fmt0 dims(n0) levels(compressed(pos0, crd0)) values(idx9)
#pragma tensor format c12_fmt1 dims(n0) levels(dense) values(crd3)
long
c12_annot (long ext0, double *y_res, const c12_fmt0 *beta, double *B, const c12_fmt1 *T0)
{
  double y = *y_res;
#pragma tensor y += - 7 * ( ( beta ( k ) - B ( k ) ) * ( T0 ( k ) - beta ( k ) ) ) threads ( 3 ) assume ( nnz ( T0 ) >= 0 , dim ( T0 , 0 ) <= && 1000000 , ext0 >= 0 ) schedule ( auto )
  {
    for (long p1_0 = (long) beta->pos0[0] - 0; p1_0 < (long) beta->pos0[0 + 1] - 0; p1_0++) {
      long c1_0 = (long) beta->crd0[p1_0] - 0;
      {
        long p3_0 = c1_0;
        y += -7.0 * (double) beta->idx9[p1_0] * (double) T0->crd3[p3_0];
      }
    }
    for (long p4_0 = (long) beta->pos0[0] - 0; p4_0 < (long) beta->pos0[0 + 1] - 0; p4_0++) {
      long c4_0 = (long) beta->crd0[p4_0] - 0;
      {
        long h6_0 = (long) beta->pos0[0 + 1] - 0;
        long p6_0 = (long) beta->pos0[0] - 0;
        for (; p6_0 < h6_0 && (long) beta->crd0[p6_0] - 0 != c4_0; p6_0++)
          ;
        if (p6_0 < h6_0) {
          y += 7.0 * (double) beta->idx9[p4_0] * (double) beta->idx9[p6_0];
        }
      }
    }
    for (long c7_0 = 0; c7_0 < (long) T0->n0; c7_0++) {
      long p7_0 = c7_0;
      y += 7.0 * (double) B[c7_0] * (double) T0->crd3[p7_0];
    }
    for (long p9_0 = (long) beta->pos0[0] - 0; p9_0 < (long) beta->pos0[0 + 1] - 0; p9_0++) {
      long c9_0 = (long) beta->crd0[p9_0] - 0;
      y += -7.0 * (double) B[c9_0] * (double) beta->idx9[p9_0];
    }
  }
  *y_res = y;
  return 0;
}

/* { dg-error {expected ... after index list} "" { target *-*-* } 46 } */
/* { dg-error {expected ... or .... after the output} "" { target *-*-* } 84 } */
/* { dg-error {expected .format. or an output operand after .tensor} "" { target *-*-* } 120 } */
/* { dg-error {expected an operand. a number or} "" { target *-*-* } 146 } */
/* { dg-error {expected an operator ..... ... or .... before .Wq} "" { target *-*-* } 175 } */
/* { dg-error {unknown clause .i2.. expected an operator or one of shape. colmajor. s} "" { target *-*-* } 191 } */
/* { dg-error {expected an index name} "" { target *-*-* } 211 } */
/* { dg-error {exponent has no digits} "" { target *-*-* } 249 } */
/* { dg-error {expected ... after .memory} "" { target *-*-* } 249 } */
/* { dg-error {invalid digit .8. in octal constant} "" { target *-*-* } 276 } */
/* { dg-error {expected ... after index list} "" { target *-*-* } 276 } */
/* { dg-error {invalid suffix .x. on integer constant} "" { target *-*-* } 300 } */
/* { dg-error {expected an integer constant in a clause expression} "" { target *-*-* } 300 } */
/* { dg-error {expected ... after the parenthesized expression} "" { target *-*-* } 326 } */
/* { dg-error {expected an operand name} "" { target *-*-* } 359 } */
/* { dg-error {expected a name. an integer constant or} "" { target *-*-* } 400 } */
