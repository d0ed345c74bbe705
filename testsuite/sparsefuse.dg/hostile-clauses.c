/* Mutated clauses: arguments, repetitions and size functions.
   Each function below carries a pragma that tools/fuzz/hostile.py
   mutated from a valid one; the plugin must diagnose it (or keep the
   loop with a warning), never crash.  Mutations, in order:
     0. clause: D(p) = x(p,t) * (Mx(p,t) * y(t,p)) serial memory(64)
        check(1)
     1. clause: C(n,j) = (-((E(j,n) - x(n,j)) * (E(j,n) - D(n))))
        memory(64) memory(9223372036854775807)
     2. clause: x(j,col,i) = alpha(i,col) * (beta * C(i)) shape(x:
        (ext0), ext1, ext2) assume(dim(beta, 7) > 1)
     3. clause: G(r) += Wq(r,t,l) assume(ext0 / 2 > 1)
     4. replace: alpha ( col , j ) = F * A ( j , q ) + Wq ( col , j ) *
        A ( q , a1 ) assume ( nnz && A ) >= 0 , ext0 >= 0 ) check
     5. drop '1', duplicate: vec += - ( E ( u , i ) * S_ ( u ) * data )
        assume ( dim ( E , 1 <= 1000000 , ext0 >= 0 0 ) shape ( E : ext0
        + 0 , ext1 ) schedule ( naive )
     6. replace, rank: Mx ( kk ) = ( v ( z_ ) - w ( kk ) ) * w ( z_ ) *
        v ( kk ) assume ( dim ( Mx , ++ ) <= 1000000 , nnz ( v ) >= 0 ,
        dim ( v , 0 ) <= 1000000...
     7. clause: v(p,u) += -T0 + D schedule(naive) shape(v: ext0 * 1,
        ext1) colmajor(v) assume(nnz(zz) > 1)
     8. clause: x += -(((Mx(q,kk) + data(q,kk)) + .5) * data(kk,q))
        shape(data: ext0 + 0, ext0 * 1) schedule(fast)
     9. clause: Mx(col,row) = -D(p) * 1e-3 shape(Mx: ext0, ext1 + 0)
        assume(dim(Mx, 1) <= 1000000, ext0 >= 0) schedule()
     10. insert: A ( a1 , m , p ) = beta ( p , m ) + ( Mx ( m , p ) -
        beta ( m , a1 ) * vec ( a1 , p , m ) ) serial shape ( A : ext0 *
        unfused 1 , ext0 , ...
     11. replace, duplicate: G ( col , s ) = 2 + x ( s ) assume ( ext0
        >= 0 ) shape ( G G : ext0 + 0 , ( ext1 ) ) schedule ( unfused -0
     12. rank: D ( row , i ) = G ( j , col ) * ( - A ( jj , row , col )
        * A ( j , i , row ) ) memory ( col , 64 ) shape ( D : ext0 ,
        ext0 * 1 )
     13. clause: H(k,i2) += w(row,k) * Mx(k,i) assume(nnz(w) >= 0, ext0
        >= 0) schedule(naive) assume(ext0 <= ext0 < 3)
  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sparsefuse.h"

/* ---- case 0: D(p) = x(p,t) * (Mx(p,t) * y(t,p)) serial memory(64) check(1) */
struct c0_fmt0 { int64_t n0; unsigned long *crd0; unsigned long *pos0; double *crd7; };
struct c0_fmt1 { int dims[3]; int *crd1; int *crd0; double *Ai9; int nnz; };
struct c0_fmt2 { long long *ind3; long nnz; long dims[2]; long long *pos3; float *rowptr0; };
#pragma tensor format struct c0_fmt0 dims(n0) levels(compressed(pos0, crd0)) values(crd7) base(1)
#pragma tensor format struct c0_fmt1 dims(dims[0], dims[1]) levels(coo(nnz, crd0), singleton(crd1)) values(Ai9)
#pragma tensor format struct c0_fmt2 dims(dims[0], dims[1]) levels(coo(nnz, pos3), singleton(ind3)) values(rowptr0)
long
c0_annot (long ext0, long ext1, struct c0_fmt0 *D, const struct c0_fmt1 *x, struct c0_fmt2 Mx, float y[5][4])
{
#pragma tensor D(p) = x(p,t) * (Mx(p,t) * y(t,p)) serial memory(64) check(1)
  {
    for (long p1_0 = (long) D->pos0[0] - 1; p1_0 < (long) D->pos0[0 + 1] - 1; p1_0++) {
      long c1_0 = (long) D->crd0[p1_0] - 1;
      D->crd7[p1_0] = 0;
    }
    for (long p2_0 = 0; p2_0 < (long) Mx.nnz; p2_0++) {
      long c2_0 = (long) Mx.pos3[p2_0] - 0;
      {
        long p2_1 = p2_0;
        long c2_1 = (long) Mx.ind3[p2_1] - 0;
        {
          long p4_0 = 0;
          while (p4_0 < (long) x->nnz && !((long) x->crd0[p4_0] - 0 == c2_0 && (long) x->crd1[p4_0] - 0 == c2_1))
            p4_0++;
            ;
          if (p4_0 < (long) x->nnz) {
            {
              long h5_0 = (long) D->pos0[0 + 1] - 1;
              long p5_0 = (long) D->pos0[0] - 1;
              for (; p5_0 < h5_0 && (long) D->crd0[p5_0] - 1 != c2_0; p5_0++)
                ;
              if (p5_0 < h5_0) {
                D->crd7[p5_0] += 1.0 * (double) x->Ai9[p4_0] * (double) Mx.rowptr0[p2_1] * (double) y[c2_1][c2_0];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 1: C(n,j) = (-((E(j,n) - x(n,j)) * (E(j,n) - D(n)))) memory(64) memory(9223372036854775807) */
typedef struct c1_fmt0_s { long long *pos0; long long *crd1; long long *rowptr2; double *Ap2; long long *lvl6; long long dims[3]; } c1_fmt0;
struct c1_fmt1 { size_t *crd[2]; size_t dims[2]; int unused_6; double *keys9; int64_t *pos[2]; };
struct c1_fmt2 { int64_t dims[1]; double *vals; unsigned long *crd[1]; int unused_59; int32_t *pos[1]; };
#pragma tensor format c1_fmt0 dims(dims[0], dims[1]) levels(compressed(pos0, lvl6), compressed(rowptr2, crd1)) values(Ap2)
#pragma tensor format struct c1_fmt1 dims(dims[0], dims[1]) levels(dense, dense) values(keys9) modes(1, 0)
#pragma tensor format struct c1_fmt2 dims(dims[0]) levels(compressed(pos[0], crd[0])) values(vals)
long
c1_annot (long ext0, long ext1, c1_fmt0 *C, struct c1_fmt1 E, const c1_fmt0 *x, struct c1_fmt2 D)
{
#pragma  tensor   C( n , j ) = ( -( ( E( j , n ) - x( n , j ) ) * ( E( j , n ) - D( n ) ) ) ) memory( 64 ) memory( 9223372036854775807 )   
  {
    for (long p1_0 = (long) C->pos0[0] - 0; p1_0 < (long) C->pos0[0 + 1] - 0; p1_0++) {
      long c1_0 = (long) C->lvl6[p1_0] - 0;
      for (long p1_1 = (long) C->rowptr2[p1_0] - 0; p1_1 < (long) C->rowptr2[p1_0 + 1] - 0; p1_1++) {
        long c1_1 = (long) C->crd1[p1_1] - 0;
        C->Ap2[p1_1] = 0;
      }
    }
    for (long c2_0 = 0; c2_0 < (long) E.dims[1]; c2_0++) {
      long p2_0 = c2_0;
      for (long c2_1 = 0; c2_1 < (long) E.dims[0]; c2_1++) {
        long p2_1 = p2_0 * (long) E.dims[0] + c2_1;
        {
          long p4_0 = c2_0;
          {
            long p4_1 = p4_0 * (long) E.dims[0] + c2_1;
            {
              long h5_0 = (long) C->pos0[0 + 1] - 0;
              long p5_0 = (long) C->pos0[0] - 0;
              for (; p5_0 < h5_0 && (long) C->lvl6[p5_0] - 0 != c2_0; p5_0++)
                ;
              if (p5_0 < h5_0) {
                {
                  long h5_1 = (long) C->rowptr2[p5_0 + 1] - 0;
                  long p5_1 = (long) C->rowptr2[p5_0] - 0;
                  while (p5_1 < h5_1 && (long) C->crd1[p5_1] - 0 != c2_1)
                    p5_1++;
                  if (p5_1 < h5_1) {
                    C->Ap2[p5_1] += -1.0 * (double) E.keys9[p2_1] * (double) E.keys9[p4_1];
                  }
                }
              }
            }
          }
        }
      }
    }
    for (long p6_0 = (long) C->pos0[0] - 0; p6_0 < (long) C->pos0[0 + 1] - 0; p6_0++) {
      long c6_0 = (long) C->lvl6[p6_0] - 0;
      for (long p6_1 = (long) C->rowptr2[p6_0] - 0; p6_1 < (long) C->rowptr2[p6_0 + 1] - 0; p6_1++) {
        long c6_1 = (long) C->crd1[p6_1] - 0;
        {
          long p8_0 = c6_0;
          {
            long p8_1 = p8_0 * (long) E.dims[0] + c6_1;
            {
              long h9_0 = (long) D.pos[0][0 + 1] - 0;
              long p9_0 = (long) D.pos[0][0] - 0;
              while (p9_0 < h9_0 && (long) D.crd[0][p9_0] - 0 != c6_0)
                p9_0++;
              if (p9_0 < h9_0) {
                C->Ap2[p6_1] += 1.0 * (double) E.keys9[p8_1] * (double) D.vals[p9_0];
              }
            }
          }
        }
      }
    }
    for (long p10_0 = (long) x->pos0[0] - 0; p10_0 < (long) x->pos0[0 + 1] - 0; p10_0++) {
      long c10_0 = (long) x->lvl6[p10_0] - 0;
      for (long p10_1 = (long) x->rowptr2[p10_0] - 0; p10_1 < (long) x->rowptr2[p10_0 + 1] - 0; p10_1++) {
        long c10_1 = (long) x->crd1[p10_1] - 0;
        {
          long p12_0 = c10_0;
          {
            long p12_1 = p12_0 * (long) E.dims[0] + c10_1;
            {
              long h13_0 = (long) C->pos0[0 + 1] - 0;
              long p13_0 = (long) C->pos0[0] - 0;
              while (p13_0 < h13_0 && (long) C->lvl6[p13_0] - 0 != c10_0)
                p13_0++;
              if (p13_0 < h13_0) {
                {
                  long h13_1 = (long) C->rowptr2[p13_0 + 1] - 0;
                  long p13_1 = (long) C->rowptr2[p13_0] - 0;
                  for (; p13_1 < h13_1 && (long) C->crd1[p13_1] - 0 != c10_1; p13_1++)
                    ;
                  if (p13_1 < h13_1) {
                    C->Ap2[p13_1] += 1.0 * (double) x->Ap2[p10_1] * (double) E.keys9[p12_1];
                  }
                }
              }
            }
          }
        }
      }
    }
    for (long p14_0 = (long) x->pos0[0] - 0; p14_0 < (long) x->pos0[0 + 1] - 0; p14_0++) {
      long c14_0 = (long) x->lvl6[p14_0] - 0;
      for (long p14_1 = (long) x->rowptr2[p14_0] - 0; p14_1 < (long) x->rowptr2[p14_0 + 1] - 0; p14_1++) {
        long c14_1 = (long) x->crd1[p14_1] - 0;
        {
          long h16_0 = (long) D.pos[0][0 + 1] - 0;
          long p16_0 = (long) D.pos[0][0] - 0;
          while (p16_0 < h16_0 && (long) D.crd[0][p16_0] - 0 != c14_0)
            p16_0++;
          if (p16_0 < h16_0) {
            {
              long h17_0 = (long) C->pos0[0 + 1] - 0;
              long p17_0 = (long) C->pos0[0] - 0;
              while (p17_0 < h17_0 && (long) C->lvl6[p17_0] - 0 != c14_0)
                p17_0++;
              if (p17_0 < h17_0) {
                {
                  long h17_1 = (long) C->rowptr2[p17_0 + 1] - 0;
                  long p17_1 = (long) C->rowptr2[p17_0] - 0;
                  while (p17_1 < h17_1 && (long) C->crd1[p17_1] - 0 != c14_1)
                    p17_1++;
                  if (p17_1 < h17_1) {
                    C->Ap2[p17_1] += -1.0 * (double) x->Ap2[p14_1] * (double) D.vals[p16_0];
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

/* ---- case 2: x(j,col,i) = alpha(i,col) * (beta * C(i)) shape(x: (ext0), ext1, ext2) assume(dim(beta, 7) > 1) */
long
c2_annot (long ext0, long ext1, long ext2, float (*x)[4][5], double alpha[5][4], float beta, double *C)
{
#pragma  tensor   x( j , col , i ) = alpha( i , col ) * ( beta * C( i ) ) shape( x: ( ext0 ) ,  ext1 ,  ext2 ) assume( dim( beta ,  7 ) > 1 )   
  {
    for (int i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (int i1_1 = 0; i1_1 < ext1; i1_1++) {
        for (int i1_2 = 0; i1_2 < ext2; i1_2++) {
          x[i1_0][i1_1][i1_2] = 0;
        }
      }
    }
    for (int i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (int i2_1 = 0; i2_1 < ext1; i2_1++) {
        for (int i2_2 = 0; i2_2 < ext2; i2_2++) {
          x[i2_0][i2_1][i2_2] += 1.0 * (double) alpha[i2_2][i2_1] * (double) beta * (double) C[i2_2];
        }
      }
    }
  }
  return 0;
}

/* ---- case 3: G(r) += Wq(r,t,l) assume(ext0 / 2 > 1) */
struct c3_fmt0 { double *ind6; long long n0; };
#pragma tensor format struct c3_fmt0 dims(n0) levels(dense) values(ind6)
long
c3_annot (long ext0, long ext1, long ext2, struct c3_fmt0 *G, sf_csf3_201 Wq)
{
  long c1_0 = 0;
  long p1_0 = 0;
  long i2_1 = 0;
  long i2_2 = 0;
  long h3_0 = 0;
  long p3_0 = 0;
  long h3_1 = 0;
  long p3_1 = 0;
  long h3_2 = 0;
  long p3_2 = 0;
#pragma tensor G(r) += Wq(r,t,l) assume(ext0 / 2 > 1)
  for (c1_0 = 0; c1_0 < (long) G->n0; c1_0++) {
    p1_0 = c1_0;
    for (i2_1 = 0; i2_1 < ext1; i2_1++) {
      for (i2_2 = 0; i2_2 < ext2; i2_2++) {
        {
          h3_0 = (long) Wq.pos[0][0 + 1] - 0;
          p3_0 = (long) Wq.pos[0][0] - 0;
          for (; p3_0 < h3_0 && (long) Wq.crd[0][p3_0] - 0 != i2_2; p3_0++)
            ;
          if (p3_0 < h3_0) {
            {
              h3_1 = (long) Wq.pos[1][p3_0 + 1] - 0;
              p3_1 = (long) Wq.pos[1][p3_0] - 0;
              while (p3_1 < h3_1 && (long) Wq.crd[1][p3_1] - 0 != c1_0)
                p3_1++;
              if (p3_1 < h3_1) {
                {
                  h3_2 = (long) Wq.pos[2][p3_1 + 1] - 0;
                  p3_2 = (long) Wq.pos[2][p3_1] - 0;
                  while (p3_2 < h3_2 && (long) Wq.crd[2][p3_2] - 0 != i2_1)
                    p3_2++;
                  if (p3_2 < h3_2) {
                    G->ind6[p1_0] += 1.0 * (double) Wq.vals[p3_2];
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

/* ---- case 4: alpha ( col , j ) = F * A ( j , q ) + Wq ( col , j ) * A ( q , a1 ) assume ( nnz && A ) >= 0 , ext0 >= 0 ) check */
typedef struct c4_fmt0_s { unsigned *crd1; int64_t fids4; int *ptr1; int *ptr8; unsigned *nz7; int64_t n1; double *rowptr6; } c4_fmt0;
struct c4_fmt1 { unsigned long *pos1; float *links9; int n1; int p17; int64_t *lvl5; };
#pragma tensor format c4_fmt0 dims(fids4, n1) levels(compressed(ptr1, nz7), compressed(ptr8, crd1)) values(rowptr6) modes(1, 0) base(1)
#pragma tensor format struct c4_fmt1 dims(p17, n1) levels(dense, compressed(pos1, lvl5)) values(links9) modes(1, 0)
long
c4_annot (long ext0, long ext1, float (*alpha)[ext1], float F, const c4_fmt0 *A, const struct c4_fmt1 *Wq)
{
  int i1_0 = 0;
  int i1_1 = 0;
  long p2_0 = 0;
  long c2_0 = 0;
  long p2_1 = 0;
  long c2_1 = 0;
  int i3_0 = 0;
  int i4_0 = 0;
  int i4_1 = 0;
  int i4_2 = 0;
  int i4_3 = 0;
  long p5_0 = 0;
  long h5_1 = 0;
  long p5_1 = 0;
  long h6_0 = 0;
  long p6_0 = 0;
  long h6_1 = 0;
  long p6_1 = 0;
#pragma  tensor   alpha (  col  ,  j  ) = F * A (  j  ,  q  ) + Wq (  col  ,  j  ) * A (  q  ,  a1  ) assume (  nnz && A  ) >= 0  ,  ext0 >= 0  ) check   
  {
    for (i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (i1_1 = 0; i1_1 < ext1; i1_1++) {
        alpha[i1_0][i1_1] = 0;
      }
    }
    for (p2_0 = (long) A->ptr1[0] - 1; p2_0 < (long) A->ptr1[0 + 1] - 1; p2_0++) {
      c2_0 = (long) A->nz7[p2_0] - 1;
      for (p2_1 = (long) A->ptr8[p2_0] - 1; p2_1 < (long) A->ptr8[p2_0 + 1] - 1; p2_1++) {
        c2_1 = (long) A->crd1[p2_1] - 1;
        for (i3_0 = 0; i3_0 < ext0; i3_0++) {
          alpha[i3_0][c2_1] += 1.0 * (double) F * (double) A->rowptr6[p2_1];
        }
      }
    }
    for (i4_0 = 0; i4_0 < ext0; i4_0++) {
      for (i4_1 = 0; i4_1 < ext1; i4_1++) {
        for (i4_2 = 0; i4_2 < ext1; i4_2++) {
          for (i4_3 = 0; i4_3 < ext1; i4_3++) {
            {
              p5_0 = i4_1;
              {
                h5_1 = (long) Wq->pos1[p5_0 + 1] - 0;
                p5_1 = (long) Wq->pos1[p5_0] - 0;
                while (p5_1 < h5_1 && (long) Wq->lvl5[p5_1] - 0 != i4_0)
                  p5_1++;
                if (p5_1 < h5_1) {
                  {
                    h6_0 = (long) A->ptr1[0 + 1] - 1;
                    p6_0 = (long) A->ptr1[0] - 1;
                    while (p6_0 < h6_0 && (long) A->nz7[p6_0] - 1 != i4_3)
                      p6_0++;
                    if (p6_0 < h6_0) {
                      {
                        h6_1 = (long) A->ptr8[p6_0 + 1] - 1;
                        p6_1 = (long) A->ptr8[p6_0] - 1;
                        while (p6_1 < h6_1 && (long) A->crd1[p6_1] - 1 != i4_2)
                          p6_1++;
                        if (p6_1 < h6_1) {
                          alpha[i4_0][i4_1] += 1.0 * (double) Wq->links9[p5_1] * (double) A->rowptr6[p6_1];
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

/* ---- case 5: vec += - ( E ( u , i ) * S_ ( u ) * data ) assume ( dim ( E , 1 <= 1000000 , ext0 >= 0 0 ) shape ( E : ext0 + 0 , ext1 ) schedule ( naive ) */
long
c5_annot (long ext0, long ext1, double *vec_res, double *E, float *S_, double data)
{
  double vec = *vec_res;
#pragma tensor vec += - ( E ( u , i ) * S_ ( u ) * data ) assume ( dim ( E , 1 <= 1000000 , ext0 >= 0 0 ) shape ( E : ext0 + 0 , ext1 ) schedule ( naive )
  for (size_t i1_0 = 0; i1_0 < ext0; i1_0++) {
    for (size_t i1_1 = 0; i1_1 < ext1; i1_1++) {
      vec += -1.0 * (double) E[(i1_0) * ext1 + i1_1] * (double) S_[i1_0] * (double) data;
    }
  }
  *vec_res = vec;
  return 0;
}

/* ---- case 6: Mx ( kk ) = ( v ( z_ ) - w ( kk ) ) * w ( z_ ) * v ( kk ) assume ( dim ( Mx , ++ ) <= 1000000 , nnz ( v ) >= 0 , dim ( v , 0 ) <= 1000000 , ext0 >= 0 ) */
typedef struct c6_fmt0_s { unsigned *crd[1]; int64_t dims[1]; int64_t *pos[1]; double *rowptr9; } c6_fmt0;
struct c6_fmt1 { unsigned *crd[1]; unsigned long *pos[1]; int fids6; double *vals; };
typedef struct c6_fmt2_s { double *colidx6; unsigned Ai6; } c6_fmt2;
#pragma tensor format c6_fmt0 dims(dims[0]) levels(dense) values(rowptr9) base(1)
#pragma tensor format struct c6_fmt1 dims(fids6) levels(dense) values(vals)
#pragma tensor format c6_fmt2 dims(Ai6) levels(dense) values(colidx6)
long
c6_annot (long ext0, c6_fmt0 Mx, struct c6_fmt1 v, const c6_fmt2 *w)
{
#pragma tensor Mx ( kk ) = ( v ( z_ ) - w ( kk ) ) * w ( z_ ) * v ( kk ) assume ( dim ( Mx , ++ ) <= 1000000 , nnz ( v ) >= 0 , dim ( v , 0 ) <= 1000000 , ext0 >= 0 )
  {
    for (long c1_0 = 0; c1_0 < (long) Mx.dims[0]; c1_0++) {
      long p1_0 = c1_0;
      Mx.rowptr9[p1_0] = 0;
    }
    for (long c2_0 = 0; c2_0 < (long) w->Ai6; c2_0++) {
      long p2_0 = c2_0;
      for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
        {
          long p4_0 = c2_0;
          {
            long p5_0 = i3_0;
            {
              long p6_0 = i3_0;
              Mx.rowptr9[p6_0] += 1.0 * (double) v.vals[p4_0] * (double) w->colidx6[p2_0] * (double) v.vals[p5_0];
            }
          }
        }
      }
    }
    for (long c7_0 = 0; c7_0 < (long) w->Ai6; c7_0++) {
      long p7_0 = c7_0;
      for (long i8_1 = 0; i8_1 < ext0; i8_1++) {
        {
          long p9_0 = i8_1;
          {
            long p10_0 = c7_0;
            {
              long p11_0 = c7_0;
              Mx.rowptr9[p11_0] += -1.0 * (double) w->colidx6[p7_0] * (double) w->colidx6[p9_0] * (double) v.vals[p10_0];
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 7: v(p,u) += -T0 + D schedule(naive) shape(v: ext0 * 1, ext1) colmajor(v) assume(nnz(zz) > 1) */
long
c7_annot (long ext0, long ext1, double (*v)[ext0], double T0_in, double D)
{
  double T0 = T0_in;
_Pragma ("tensor v(p,u) += -T0 + D schedule(naive) shape(v: ext0 * 1, ext1) colmajor(v) assume(nnz(zz) > 1)")
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        v[i1_1][i1_0] += -1.0 * (double) T0;
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        v[i2_1][i2_0] += 1.0 * (double) D;
      }
    }
  }
  return 0;
}

/* ---- case 8: x += -(((Mx(q,kk) + data(q,kk)) + .5) * data(kk,q)) shape(data: ext0 + 0, ext0 * 1) schedule(fast) */
long
c8_annot (long ext0, double *x_res, double (*Mx)[ext0], double *data)
{
  double x = *x_res;
#pragma tensor x += -(((Mx(q,kk) + data(q,kk)) + .5) * data(kk,q)) shape(data: ext0 + 0, ext0 * 1) schedule(fast)
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext0; i1_1++) {
        x += -1.0 * (double) Mx[i1_0][i1_1] * (double) data[(i1_1) * ext0 + i1_0];
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext0; i2_1++) {
        x += -1.0 * (double) data[(i2_0) * ext0 + i2_1] * (double) data[(i2_1) * ext0 + i2_0];
      }
    }
    for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (long i3_1 = 0; i3_1 < ext0; i3_1++) {
        x += -0.5 * (double) data[(i3_1) * ext0 + i3_0];
      }
    }
  }
  *x_res = x;
  return 0;
}

/* ---- case 9: Mx(col,row) = -D(p) * 1e-3 shape(Mx: ext0, ext1 + 0) assume(dim(Mx, 1) <= 1000000, ext0 >= 0) schedule() */
long
c9_annot (long ext0, long ext1, long ext2, double *Mx, const double *D_io)
{
  double D[4];
  memcpy (D, D_io, sizeof D);
#pragma tensor Mx(col,row) = -D(p) * 1e-3 shape(Mx: ext0, ext1 + 0) assume(dim(Mx, 1) <= 1000000, ext0 >= 0) schedule()
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        Mx[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        for (long i2_2 = 0; i2_2 < ext2; i2_2++) {
          Mx[(i2_0) * ext1 + i2_1] += -0.001 * (double) D[i2_2];
        }
      }
    }
  }
  return 0;
}

/* ---- case 10: A ( a1 , m , p ) = beta ( p , m ) + ( Mx ( m , p ) - beta ( m , a1 ) * vec ( a1 , p , m ) ) serial shape ( A : ext0 * unfused 1 , ext0 , ext0 ) */
struct c10_fmt0 { int keys8; size_t *pos[2]; int rowptr1; double *vals; int64_t *crd[2]; };
struct c10_fmt1 { long long n0; int32_t *crd[3]; long *pos[3]; long long n1; long long p19; double *i18; };
#pragma tensor format struct c10_fmt0 dims(rowptr1, keys8) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) values(vals)
#pragma tensor format struct c10_fmt1 dims(n0, n1, p19) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1]), compressed(pos[2], crd[2])) values(i18)
long
c10_annot (long ext0, double *A, const float (*beta)[ext0], struct c10_fmt0 Mx, const struct c10_fmt1 *vec)
{
#pragma tensor A ( a1 , m , p ) = beta ( p , m ) + ( Mx ( m , p ) - beta ( m , a1 ) * vec ( a1 , p , m ) ) serial shape ( A : ext0 * unfused 1 , ext0 , ext0 )
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext0; i1_1++) {
        for (long i1_2 = 0; i1_2 < ext0; i1_2++) {
          A[((i1_0) * ext0 + i1_1) * ext0 + i1_2] = 0;
        }
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext0; i2_1++) {
        for (long i2_2 = 0; i2_2 < ext0; i2_2++) {
          A[((i2_0) * ext0 + i2_1) * ext0 + i2_2] += 1.0 * (double) beta[i2_2][i2_1];
        }
      }
    }
    for (long p3_0 = (long) Mx.pos[0][0] - 0; p3_0 < (long) Mx.pos[0][0 + 1] - 0; p3_0++) {
      long c3_0 = (long) Mx.crd[0][p3_0] - 0;
      for (long p3_1 = (long) Mx.pos[1][p3_0] - 0; p3_1 < (long) Mx.pos[1][p3_0 + 1] - 0; p3_1++) {
        long c3_1 = (long) Mx.crd[1][p3_1] - 0;
        for (long i4_0 = 0; i4_0 < ext0; i4_0++) {
          A[((i4_0) * ext0 + c3_0) * ext0 + c3_1] += 1.0 * (double) Mx.vals[p3_1];
        }
      }
    }
    for (long p5_0 = (long) vec->pos[0][0] - 0; p5_0 < (long) vec->pos[0][0 + 1] - 0; p5_0++) {
      long c5_0 = (long) vec->crd[0][p5_0] - 0;
      for (long p5_1 = (long) vec->pos[1][p5_0] - 0; p5_1 < (long) vec->pos[1][p5_0 + 1] - 0; p5_1++) {
        long c5_1 = (long) vec->crd[1][p5_1] - 0;
        for (long p5_2 = (long) vec->pos[2][p5_1] - 0; p5_2 < (long) vec->pos[2][p5_1 + 1] - 0; p5_2++) {
          long c5_2 = (long) vec->crd[2][p5_2] - 0;
          A[((c5_0) * ext0 + c5_2) * ext0 + c5_1] += -1.0 * (double) beta[c5_2][c5_0] * (double) vec->i18[p5_2];
        }
      }
    }
  }
  return 0;
}

/* ---- case 11: G ( col , s ) = 2 + x ( s ) assume ( ext0 >= 0 ) shape ( G G : ext0 + 0 , ( ext1 ) ) schedule ( unfused -0 */
long
c11_annot (long ext0, long ext1, float *G, double *x)
{
_Pragma ("tensor G ( col , s ) = 2 + x ( s ) assume ( ext0 >= 0 ) shape ( G G : ext0 + 0 , ( ext1 ) ) schedule ( unfused -0")
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        G[(i1_0) * ext1 + i1_1] = 0;
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        G[(i2_0) * ext1 + i2_1] += 2.0;
      }
    }
    for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
        G[(i3_0) * ext1 + i3_1] += 1.0 * (double) x[i3_1];
      }
    }
  }
  return 0;
}

/* ---- case 12: D ( row , i ) = G ( j , col ) * ( - A ( jj , row , col ) * A ( j , i , row ) ) memory ( col , 64 ) shape ( D : ext0 , ext0 * 1 ) */
long
c12_annot (long ext0, long ext1, double *D, sf_coo2 G, sf_csf3_120 A)
{
#pragma tensor D ( row , i ) = G ( j , col ) * ( - A ( jj , row , col ) * A ( j , i , row ) ) memory ( col , 64 ) shape ( D : ext0 , ext0 * 1 )
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext0; i1_1++) {
        D[(i1_0) * ext0 + i1_1] = 0;
      }
    }
    for (long p2_0 = (long) A.pos[0][0] - 0; p2_0 < (long) A.pos[0][0 + 1] - 0; p2_0++) {
      long c2_0 = (long) A.crd[0][p2_0] - 0;
      for (long p2_1 = (long) A.pos[1][p2_0] - 0; p2_1 < (long) A.pos[1][p2_0 + 1] - 0; p2_1++) {
        long c2_1 = (long) A.crd[1][p2_1] - 0;
        for (long p2_2 = (long) A.pos[2][p2_1] - 0; p2_2 < (long) A.pos[2][p2_1 + 1] - 0; p2_2++) {
          long c2_2 = (long) A.crd[2][p2_2] - 0;
          for (long i3_3 = 0; i3_3 < ext0; i3_3++) {
            for (long i3_4 = 0; i3_4 < ext1; i3_4++) {
              {
                long p4_0 = 0;
                while (p4_0 < (long) G.nnz && !((long) G.crd[0][p4_0] - 0 == c2_2 && (long) G.crd[1][p4_0] - 0 == i3_3))
                  p4_0++;
                  ;
                if (p4_0 < (long) G.nnz) {
                  {
                    long h5_0 = (long) A.pos[0][0 + 1] - 0;
                    long p5_0 = (long) A.pos[0][0] - 0;
                    while (p5_0 < h5_0 && (long) A.crd[0][p5_0] - 0 != c2_1)
                      p5_0++;
                    if (p5_0 < h5_0) {
                      {
                        long h5_1 = (long) A.pos[1][p5_0 + 1] - 0;
                        long p5_1 = (long) A.pos[1][p5_0] - 0;
                        while (p5_1 < h5_1 && (long) A.crd[1][p5_1] - 0 != i3_3)
                          p5_1++;
                        if (p5_1 < h5_1) {
                          {
                            long h5_2 = (long) A.pos[2][p5_1 + 1] - 0;
                            long p5_2 = (long) A.pos[2][p5_1] - 0;
                            while (p5_2 < h5_2 && (long) A.crd[2][p5_2] - 0 != i3_4)
                              p5_2++;
                            if (p5_2 < h5_2) {
                              D[(c2_1) * ext0 + c2_0] += -1.0 * (double) G.vals[p4_0] * (double) A.vals[p5_2] * (double) A.vals[p2_2];
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

/* ---- case 13: H(k,i2) += w(row,k) * Mx(k,i) assume(nnz(w) >= 0, ext0 >= 0) schedule(naive) assume(ext0 <= ext0 < 3) */
struct c13_fmt1 { int ind0; int unused_82; double *vals; int n0; };
#pragma tensor format struct c13_fmt1 dims(n0, ind0) levels(dense, dense) values(vals)
long
c13_annot (long ext0, long ext1, long ext2, long ext3, sf_csr H, const struct c13_fmt1 *w, double (*Mx)[ext3])
{
  long c1_0 = 0;
  long p1_0 = 0;
  long p1_1 = 0;
  long c1_1 = 0;
  size_t i2_2 = 0;
  size_t i2_3 = 0;
  long p3_0 = 0;
  long p3_1 = 0;
#pragma tensor H(k,i2) += w(row,k) * Mx(k,i) assume(nnz(w) >= 0, ext0 >= 0) schedule(naive) assume(ext0 <= ext0 < 3)
  for (c1_0 = 0; c1_0 < (long) H.nrows; c1_0++) {
    p1_0 = c1_0;
    for (p1_1 = (long) H.pos[p1_0] - 0; p1_1 < (long) H.pos[p1_0 + 1] - 0; p1_1++) {
      c1_1 = (long) H.crd[p1_1] - 0;
      for (i2_2 = 0; i2_2 < ext2; i2_2++) {
        for (i2_3 = 0; i2_3 < ext3; i2_3++) {
          {
            p3_0 = i2_2;
            {
              p3_1 = p3_0 * (long) w->ind0 + c1_0;
              H.vals[p1_1] += 1.0 * (double) w->vals[p3_1] * (double) Mx[c1_0][i2_3];
            }
          }
        }
      }
    }
  }
  return 0;
}

/* { dg-error {.check. takes no arguments} "" { target *-*-* } 55 } */
/* { dg-error {conflicting .memory. clauses} "" { target *-*-* } 99 } */
/* { dg-error {dim.. needs a tensor. .beta. is a scalar} "" { target *-*-* } 226 } */
/* { dg-error {division is not allowed in assume} "" { target *-*-* } 262 } */
/* { dg-error {expected a comparison ..... ..... .... .... or ..... in assume} "" { target *-*-* } 324 } */
/* { dg-error {expected ... after the dimension} "" { target *-*-* } 385 } */
/* { dg-error {expected an integer constant as the dimension of dim} "" { target *-*-* } 405 } */
/* { dg-error {.zz. in nnz.. is not an operand of the expression} "" { target *-*-* } 450 } */
/* { dg-error {unknown schedule .fast.. expected auto. naive or unfused} "" { target *-*-* } 471 } */
/* { dg-error {expected a schedule. auto. naive or unfused} "" { target *-*-* } 499 } */
/* { dg-error {expected ... after the shape list} "" { target *-*-* } 525 } */
/* { dg-error {expected ... after the operand name in shape} "" { target *-*-* } 568 } */
/* { dg-error {expected ... after the clause expression} "" { target *-*-* } 593 } */
/* { dg-error {expected ... after the constraints} "" { target *-*-* } 664 } */
