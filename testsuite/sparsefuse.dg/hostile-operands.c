/* Mutated computation pragmas: names, ranks and shapes that do not fit the
   operands.
   Each function below carries a pragma that tools/fuzz/hostile.py
   mutated from a valid one; the plugin must diagnose it (or keep the
   loop with a warning), never crash.  Mutations, in order:
     0. rank, rank: E = ( ( A ( a1 , i2 ) + A ( i2 , u ) ) * y ( u ) -
        0x10 + - A ( zz , i2 , a1 ) * beta ( i2 , u , a1 ) ) shape (
        beta : ( ext0 ) , ext0 + ...
     1. rank: B ( l , s ) = A * x ( jj , k , s ) * G ( k , s , l , jj )
        * ( ( D ( jj , k ) ) + v ) shape ( x : ext1 , ext2 , ext0 * 1 )
        memory ( 104857...
     2. truncate: v ( k , kk ) += S_
     3. replace: A ( l ) += ext1 ( i , l ) memory ( 64 ) assume ( dim (
        A , 0 ) <= 1000000 , nnz ( w ) >= 0 , dim ( w , 1 ) <= 1000000 ,
        ext0 >= 0 )
     4. drop '=': alpha ( col ) = ( col ) serial
     5. replace: y ( k , kk , k , n ) = w + A ( k , kk ) shape ( y :
        ext0 , ext1 + 0 , ext2 * 1 , ext3 )
     6. rank: Wq ( i2 , i , j ) += v ( i2 , i ) - 2.5e2 + - ( data * 4L
        - x ( i2 , j ) ) shape ( j , x : ext0 , ext2 )
     7. long name: vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv
        vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv
        vvvvvvvvvvvvvvvvvvvv...
     8. clause: x = T0(u,jj) * F(kk,i2) * T0(i2,u) shape(F: (ext1), ext0
        * 1) shape(T0: 0, -5, 3)
     9. clause: alpha(t,p,row,col) = (((T0(row,p)) + Wq(col,t)) *
        (A(p,row) - D(p))) assume(nnz(A) >= 0, dim(A, 1) <= 1000000,
        ext0 >= 0) schedule(unfuse...
     10. replace, rank: T0 ( zz , l , k ) += ( 0.5 * ( 2. + - G ( k , l
        , p ) ) ) assume ( nnz ( T0 ) >= 0 , dim ( T0 , 1 ) <= 1000000 ,
        ext0 >= 0 ) shape ( G : ...
     11. replace: S_ ( u ) += ( F + unfused ( u ) ) * C ( t , u ) shape
        ( C : ext1 , ext0 + 0 )
     12. clause: y(l,u) += E(u,l) shape(E: ext1 + 0, ext0 * 1)
        colmajor(y) shape(y: ext0, ext1) threads(y)
     13. rank: S_ ( jj ) += 0.5f * T0 ( jj ) serial
  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sparsefuse.h"

/* ---- case 0: E = ( ( A ( a1 , i2 ) + A ( i2 , u ) ) * y ( u ) - 0x10 + - A ( zz , i2 , a1 ) * beta ( i2 , u , a1 ) ) shape ( beta : ( ext0 ) , ext0 + 0 , ext0 ) colmajor ( beta ) threads ( ext0 + 1 ) */
struct c0_fmt0 { size_t *crd1; int rowptr0; long long *c_4; long long *pos1; double *vals; size_t *Ap3; int n1; };
struct c0_fmt1 { long *crd0; unsigned n0; float *Ai4; int64_t *colidx8; };
#pragma tensor format struct c0_fmt0 dims(rowptr0, n1) levels(compressed(c_4, Ap3), compressed(pos1, crd1)) values(vals) base(1)
#pragma tensor format struct c0_fmt1 dims(n0) levels(compressed(colidx8, crd0)) values(Ai4)
long
c0_annot (long ext0, double *E_res, struct c0_fmt0 A, struct c0_fmt1 y, double *beta)
{
  double E = *E_res;
#pragma  tensor   E = (  (  A (  a1  ,  i2  ) + A (  i2  ,  u  )  ) * y (  u  ) - 0x10 + - A (  zz  ,  i2  ,  a1  ) * beta (  i2  ,  u  ,  a1  )  ) shape (  beta : (  ext0  )  ,  ext0 + 0  ,  ext0  ) colmajor (  beta  ) threads (  ext0 + 1  )   
  {
    E = 0;
    for (long p2_0 = (long) y.colidx8[0] - 0; p2_0 < (long) y.colidx8[0 + 1] - 0; p2_0++) {
      long c2_0 = (long) y.crd0[p2_0] - 0;
      for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
        for (long i3_1 = 0; i3_1 < ext0; i3_1++) {
          {
            long h4_0 = (long) A.c_4[0 + 1] - 1;
            long p4_0 = (long) A.c_4[0] - 1;
            for (; p4_0 < h4_0 && (long) A.Ap3[p4_0] - 1 != i3_0; p4_0++)
              ;
            if (p4_0 < h4_0) {
              {
                long h4_1 = (long) A.pos1[p4_0 + 1] - 1;
                long p4_1 = (long) A.pos1[p4_0] - 1;
                for (; p4_1 < h4_1 && (long) A.crd1[p4_1] - 1 != i3_1; p4_1++)
                  ;
                if (p4_1 < h4_1) {
                  E += 1.0 * (double) A.vals[p4_1] * (double) y.Ai4[p2_0];
                }
              }
            }
          }
        }
      }
    }
    for (long p5_0 = (long) A.c_4[0] - 1; p5_0 < (long) A.c_4[0 + 1] - 1; p5_0++) {
      long c5_0 = (long) A.Ap3[p5_0] - 1;
      for (long p5_1 = (long) A.pos1[p5_0] - 1; p5_1 < (long) A.pos1[p5_0 + 1] - 1; p5_1++) {
        long c5_1 = (long) A.crd1[p5_1] - 1;
        {
          long h7_0 = (long) y.colidx8[0 + 1] - 0;
          long p7_0 = (long) y.colidx8[0] - 0;
          for (; p7_0 < h7_0 && (long) y.crd0[p7_0] - 0 != c5_1; p7_0++)
            ;
          if (p7_0 < h7_0) {
            E += 1.0 * (double) ext0 * (double) A.vals[p5_1] * (double) y.Ai4[p7_0];
          }
        }
      }
    }
    E += -16.0;
    for (long p9_0 = (long) A.c_4[0] - 1; p9_0 < (long) A.c_4[0 + 1] - 1; p9_0++) {
      long c9_0 = (long) A.Ap3[p9_0] - 1;
      for (long p9_1 = (long) A.pos1[p9_0] - 1; p9_1 < (long) A.pos1[p9_0 + 1] - 1; p9_1++) {
        long c9_1 = (long) A.crd1[p9_1] - 1;
        for (long i10_2 = 0; i10_2 < ext0; i10_2++) {
          E += -1.0 * (double) A.vals[p9_1] * (double) beta[((c9_1) * ext0 + i10_2) * ext0 + c9_0];
        }
      }
    }
  }
  *E_res = E;
  return 0;
}

/* ---- case 1: B ( l , s ) = A * x ( jj , k , s ) * G ( k , s , l , jj ) * ( ( D ( jj , k ) ) + v ) shape ( x : ext1 , ext2 , ext0 * 1 ) memory ( 1048576 ) shape ( D : ( ext1 ) , ext2 ) assume ( ext0 >= 0 ) */
struct c1_fmt0 { int nnz; int unused_15; int ind1; int p17; long *fids5; long *pos7; long *crd3; long *crd2; int colidx8; double *rowptr2; int nz5; };
#pragma tensor format struct c1_fmt0 dims(nz5, colidx8, p17, ind1) levels(coo(nnz, pos7), singleton(fids5), singleton(crd2), singleton(crd3)) values(rowptr2)
long
c1_annot (long ext0, long ext1, long ext2, long ext3, double B[5], int A, double *x, struct c1_fmt0 G, double *D, int v_in)
{
  int v = v_in;
#pragma tensor B ( l , s ) = A * x ( jj , k , s ) * G ( k , s , l , jj ) * ( ( D ( jj , k ) ) + v ) shape ( x : ext1 , ext2 , ext0 * 1 ) memory ( 1048576 ) shape ( D : ( ext1 ) , ext2 ) assume ( ext0 >= 0 )
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      B[i1_0] = 0;
    }
    for (long p2_0 = 0; p2_0 < (long) G.nnz; p2_0++) {
      long c2_0 = (long) G.pos7[p2_0] - 0;
      {
        long p2_1 = p2_0;
        long c2_1 = (long) G.fids5[p2_1] - 0;
        {
          long p2_2 = p2_1;
          long c2_2 = (long) G.crd2[p2_2] - 0;
          {
            long p2_3 = p2_2;
            long c2_3 = (long) G.crd3[p2_3] - 0;
            B[c2_1] += 1.0 * (double) A * (double) x[((c2_3) * ext2 + c2_0) * ext0 + c2_1] * (double) G.rowptr2[p2_3] * (double) D[(c2_3) * ext2 + c2_0];
          }
        }
      }
    }
    for (long p4_0 = 0; p4_0 < (long) G.nnz; p4_0++) {
      long c4_0 = (long) G.pos7[p4_0] - 0;
      {
        long p4_1 = p4_0;
        long c4_1 = (long) G.fids5[p4_1] - 0;
        {
          long p4_2 = p4_1;
          long c4_2 = (long) G.crd2[p4_2] - 0;
          {
            long p4_3 = p4_2;
            long c4_3 = (long) G.crd3[p4_3] - 0;
            B[c4_1] += 1.0 * (double) A * (double) x[((c4_3) * ext2 + c4_0) * ext0 + c4_1] * (double) G.rowptr2[p4_3] * (double) v;
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 2: v ( k , kk ) += S_ */
struct c2_fmt0 { int32_t *crd[2]; uint32_t *pos[2]; long n0; long n1; double *vals; int unused_27; };
#pragma tensor format struct c2_fmt0 dims(n0, n1) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) values(vals)
long
c2_annot (long ext0, long ext1, long ext2, double (*v)[ext1], struct c2_fmt0 S_)
{
#pragma tensor v ( k , kk ) += S_
  {
    for (long p1_0 = (long) S_.pos[0][0] - 0; p1_0 < (long) S_.pos[0][0 + 1] - 0; p1_0++) {
      long c1_0 = (long) S_.crd[0][p1_0] - 0;
      for (long p1_1 = (long) S_.pos[1][p1_0] - 0; p1_1 < (long) S_.pos[1][p1_0 + 1] - 0; p1_1++) {
        long c1_1 = (long) S_.crd[1][p1_1] - 0;
        for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
          v[i2_0][c1_1] += 1.0 * (double) S_.vals[p1_1];
        }
      }
    }
  }
  return 0;
}

/* ---- case 3: A ( l ) += ext1 ( i , l ) memory ( 64 ) assume ( dim ( A , 0 ) <= 1000000 , nnz ( w ) >= 0 , dim ( w , 1 ) <= 1000000 , ext0 >= 0 ) */
typedef struct c3_fmt0_s { int fptr1; long long *pos0; int n0; long long *p16; double *links0; unsigned *seg9; unsigned *crd0; } c3_fmt0;
#pragma tensor format c3_fmt0 dims(n0, fptr1) levels(compressed(pos0, crd0), compressed(p16, seg9)) values(links0) modes(1, 0)
long
c3_annot (long ext0, long ext1, float *A, c3_fmt0 w)
{
#pragma tensor A ( l ) += ext1 ( i , l ) memory ( 64 ) assume ( dim ( A , 0 ) <= 1000000 , nnz ( w ) >= 0 , dim ( w , 1 ) <= 1000000 , ext0 >= 0 )
  {
    for (long p1_0 = (long) w.pos0[0] - 0; p1_0 < (long) w.pos0[0 + 1] - 0; p1_0++) {
      long c1_0 = (long) w.crd0[p1_0] - 0;
      for (long p1_1 = (long) w.p16[p1_0] - 0; p1_1 < (long) w.p16[p1_0 + 1] - 0; p1_1++) {
        long c1_1 = (long) w.seg9[p1_1] - 0;
        A[c1_0] += 1.0 * (double) w.links0[p1_1];
      }
    }
  }
  return 0;
}

/* ---- case 4: alpha ( col ) = ( col ) serial */
struct c4_fmt0 { double *Ai8; long seg7; long *crd[1]; int64_t *pos[1]; };
#pragma tensor format struct c4_fmt0 dims(seg7) levels(dense) values(Ai8)
long
c4_annot (long ext0, struct c4_fmt0 alpha, double *T0)
{
#pragma tensor alpha ( col ) = ( col ) serial
  {
    for (long c1_0 = 0; c1_0 < (long) alpha.seg7; c1_0++) {
      long p1_0 = c1_0;
      alpha.Ai8[p1_0] = 0;
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      {
        long p3_0 = i2_0;
        alpha.Ai8[p3_0] += 1.0 * (double) T0[i2_0];
      }
    }
  }
  return 0;
}

/* ---- case 5: y ( k , kk , k , n ) = w + A ( k , kk ) shape ( y : ext0 , ext1 + 0 , ext2 * 1 , ext3 ) */
long
c5_annot (long ext0, long ext1, long ext2, long ext3, double *y, int w, const float (*A)[ext1])
{
#pragma  tensor   y (  k  ,  kk  ,  k  ,  n  ) = w + A (  k  ,  kk  ) shape (  y : ext0  ,  ext1 + 0  ,  ext2 * 1  ,  ext3  )   
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        for (long i1_2 = 0; i1_2 < ext2; i1_2++) {
          for (long i1_3 = 0; i1_3 < ext3; i1_3++) {
            y[(((i1_0) * ext1 + i1_1) * ext2 + i1_2) * ext3 + i1_3] = 0;
          }
        }
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        for (long i2_2 = 0; i2_2 < ext2; i2_2++) {
          for (long i2_3 = 0; i2_3 < ext3; i2_3++) {
            y[(((i2_0) * ext1 + i2_1) * ext2 + i2_2) * ext3 + i2_3] += 1.0 * (double) w;
          }
        }
      }
    }
    for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
        for (long i3_2 = 0; i3_2 < ext2; i3_2++) {
          for (long i3_3 = 0; i3_3 < ext3; i3_3++) {
            y[(((i3_0) * ext1 + i3_1) * ext2 + i3_2) * ext3 + i3_3] += 1.0 * (double) A[i3_0][i3_1];
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 6: Wq ( i2 , i , j ) += v ( i2 , i ) - 2.5e2 + - ( data * 4L - x ( i2 , j ) ) shape ( j , x : ext0 , ext2 ) */
long
c6_annot (long ext0, long ext1, long ext2, double (*Wq)[3][ext2], const float *v_io, float data, double *x)
{
  float v[2][3];
  memcpy (v, v_io, sizeof v);
#pragma tensor Wq ( i2 , i , j ) += v ( i2 , i ) - 2.5e2 + - ( data * 4L - x ( i2 , j ) ) shape ( j , x : ext0 , ext2 )
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        for (long i1_2 = 0; i1_2 < ext2; i1_2++) {
          Wq[i1_0][i1_1][i1_2] += 1.0 * (double) v[i1_0][i1_1];
        }
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        for (long i2_2 = 0; i2_2 < ext2; i2_2++) {
          Wq[i2_0][i2_1][i2_2] += -250.0;
        }
      }
    }
    for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
        for (long i3_2 = 0; i3_2 < ext2; i3_2++) {
          Wq[i3_0][i3_1][i3_2] += -4.0 * (double) data;
        }
      }
    }
    for (long i4_0 = 0; i4_0 < ext0; i4_0++) {
      for (long i4_1 = 0; i4_1 < ext1; i4_1++) {
        for (long i4_2 = 0; i4_2 < ext2; i4_2++) {
          Wq[i4_0][i4_1][i4_2] += 1.0 * (double) x[(i4_0) * ext2 + i4_2];
        }
      }
    }
  }
  return 0;
}

/* ---- case 7: vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv(r,l) += x(r,l) * x(l,r) + B colmajor(H) schedule(unfused) */
long
c7_annot (long ext0, double (*H)[2], double x[2][2], double B)
{
#pragma tensor vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv(r,l) += x(r,l) * x(l,r) + B colmajor(H) schedule(unfused)
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext0; i1_1++) {
        H[i1_1][i1_0] += 1.0 * (double) x[i1_0][i1_1] * (double) x[i1_1][i1_0];
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext0; i2_1++) {
        H[i2_1][i2_0] += 1.0 * (double) B;
      }
    }
  }
  return 0;
}

/* ---- case 8: x = T0(u,jj) * F(kk,i2) * T0(i2,u) shape(F: (ext1), ext0 * 1) shape(T0: 0, -5, 3) */
typedef struct c8_fmt0_s { size_t *pos1; size_t *colidx7; unsigned *Ai8; unsigned *crd0; int64_t dims[3]; double *vals; int unused_97; } c8_fmt0;
#pragma tensor format c8_fmt0 dims(dims[0], dims[1]) levels(compressed(colidx7, crd0), compressed(pos1, Ai8)) values(vals)
long
c8_annot (long ext0, long ext1, double *x_res, c8_fmt0 T0, const double (*F)[ext0])
{
  double x = *x_res;
#pragma tensor x = T0(u,jj) * F(kk,i2) * T0(i2,u) shape(F: (ext1), ext0 * 1) shape(T0: 0, -5, 3)
  {
    x = 0;
    for (long p2_0 = (long) T0.colidx7[0] - 0; p2_0 < (long) T0.colidx7[0 + 1] - 0; p2_0++) {
      long c2_0 = (long) T0.crd0[p2_0] - 0;
      for (long p2_1 = (long) T0.pos1[p2_0] - 0; p2_1 < (long) T0.pos1[p2_0 + 1] - 0; p2_1++) {
        long c2_1 = (long) T0.Ai8[p2_1] - 0;
        for (long i3_2 = 0; i3_2 < ext1; i3_2++) {
          for (long i3_3 = 0; i3_3 < ext0; i3_3++) {
            {
              long h4_0 = (long) T0.colidx7[0 + 1] - 0;
              long p4_0 = (long) T0.colidx7[0] - 0;
              while (p4_0 < h4_0 && (long) T0.crd0[p4_0] - 0 != i3_3)
                p4_0++;
              if (p4_0 < h4_0) {
                {
                  long h4_1 = (long) T0.pos1[p4_0 + 1] - 0;
                  long p4_1 = (long) T0.pos1[p4_0] - 0;
                  for (; p4_1 < h4_1 && (long) T0.Ai8[p4_1] - 0 != c2_0; p4_1++)
                    ;
                  if (p4_1 < h4_1) {
                    x += 1.0 * (double) T0.vals[p2_1] * (double) F[i3_2][i3_3] * (double) T0.vals[p4_1];
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  *x_res = x;
  return 0;
}

/* ---- case 9: alpha(t,p,row,col) = (((T0(row,p)) + Wq(col,t)) * (A(p,row) - D(p))) assume(nnz(A) >= 0, dim(A, 1) <= 1000000, ext0 >= 0) schedule(unfused) threads(ext0 + 1) colmajor(alpha) shape(alpha: 0, -5, 3) */
struct c9_fmt0 { int ind9; double *vals; long long *pos[2]; int n0; long long *crd[2]; };
struct c9_fmt1 { double *pos2; int dims[2]; };
#pragma tensor format struct c9_fmt0 dims(n0, ind9) levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) values(vals) base(1)
#pragma tensor format struct c9_fmt1 dims(dims[0]) levels(dense) values(pos2)
long
c9_annot (long ext0, long ext1, long ext2, long ext3, double alpha[5][4][3][2], const float *T0_io, const struct c9_fmt0 *Wq, struct c9_fmt0 A, struct c9_fmt1 D)
{
  int i1_0 = 0;
  int i1_1 = 0;
  int i1_2 = 0;
  int i1_3 = 0;
  long p2_0 = 0;
  long c2_0 = 0;
  long p2_1 = 0;
  long c2_1 = 0;
  int i3_0 = 0;
  int i3_3 = 0;
  long c4_0 = 0;
  long p4_0 = 0;
  int i5_0 = 0;
  int i5_2 = 0;
  int i5_3 = 0;
  long p6_0 = 0;
  long c6_0 = 0;
  long p6_1 = 0;
  long c6_1 = 0;
  int i7_0 = 0;
  int i7_3 = 0;
  long h8_0 = 0;
  long p8_0 = 0;
  long h8_1 = 0;
  long p8_1 = 0;
  long p9_0 = 0;
  long c9_0 = 0;
  long p9_1 = 0;
  long c9_1 = 0;
  int i10_1 = 0;
  int i10_2 = 0;
  long p11_0 = 0;
  float T0[4][3];
  memcpy (T0, T0_io, sizeof T0);
#pragma tensor alpha(t,p,row,col) = (((T0(row,p)) + Wq(col,t)) * (A(p,row) - D(p))) assume(nnz(A) >= 0, dim(A, 1) <= 1000000, ext0 >= 0) schedule(unfused) threads(ext0 + 1) colmajor(alpha) shape(alpha: 0, -5, 3)
  {
    for (i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (i1_1 = 0; i1_1 < ext1; i1_1++) {
        for (i1_2 = 0; i1_2 < ext2; i1_2++) {
          for (i1_3 = 0; i1_3 < ext3; i1_3++) {
            alpha[i1_3][i1_2][i1_1][i1_0] = 0;
          }
        }
      }
    }
    for (p2_0 = (long) A.pos[0][0] - 1; p2_0 < (long) A.pos[0][0 + 1] - 1; p2_0++) {
      c2_0 = (long) A.crd[0][p2_0] - 1;
      for (p2_1 = (long) A.pos[1][p2_0] - 1; p2_1 < (long) A.pos[1][p2_0 + 1] - 1; p2_1++) {
        c2_1 = (long) A.crd[1][p2_1] - 1;
        for (i3_0 = 0; i3_0 < ext0; i3_0++) {
          for (i3_3 = 0; i3_3 < ext3; i3_3++) {
            alpha[i3_3][c2_1][c2_0][i3_0] += 1.0 * (double) T0[c2_1][c2_0] * (double) A.vals[p2_1];
          }
        }
      }
    }
    for (c4_0 = 0; c4_0 < (long) D.dims[0]; c4_0++) {
      p4_0 = c4_0;
      for (i5_0 = 0; i5_0 < ext0; i5_0++) {
        for (i5_2 = 0; i5_2 < ext2; i5_2++) {
          for (i5_3 = 0; i5_3 < ext3; i5_3++) {
            alpha[i5_3][i5_2][c4_0][i5_0] += -1.0 * (double) T0[i5_2][c4_0] * (double) D.pos2[p4_0];
          }
        }
      }
    }
    for (p6_0 = (long) A.pos[0][0] - 1; p6_0 < (long) A.pos[0][0 + 1] - 1; p6_0++) {
      c6_0 = (long) A.crd[0][p6_0] - 1;
      for (p6_1 = (long) A.pos[1][p6_0] - 1; p6_1 < (long) A.pos[1][p6_0 + 1] - 1; p6_1++) {
        c6_1 = (long) A.crd[1][p6_1] - 1;
        for (i7_0 = 0; i7_0 < ext0; i7_0++) {
          for (i7_3 = 0; i7_3 < ext3; i7_3++) {
            {
              h8_0 = (long) Wq->pos[0][0 + 1] - 1;
              p8_0 = (long) Wq->pos[0][0] - 1;
              for (; p8_0 < h8_0 && (long) Wq->crd[0][p8_0] - 1 != i7_3; p8_0++)
                ;
              if (p8_0 < h8_0) {
                {
                  h8_1 = (long) Wq->pos[1][p8_0 + 1] - 1;
                  p8_1 = (long) Wq->pos[1][p8_0] - 1;
                  for (; p8_1 < h8_1 && (long) Wq->crd[1][p8_1] - 1 != i7_0; p8_1++)
                    ;
                  if (p8_1 < h8_1) {
                    alpha[i7_3][c6_1][c6_0][i7_0] += 1.0 * (double) Wq->vals[p8_1] * (double) A.vals[p6_1];
                  }
                }
              }
            }
          }
        }
      }
    }
    for (p9_0 = (long) Wq->pos[0][0] - 1; p9_0 < (long) Wq->pos[0][0 + 1] - 1; p9_0++) {
      c9_0 = (long) Wq->crd[0][p9_0] - 1;
      for (p9_1 = (long) Wq->pos[1][p9_0] - 1; p9_1 < (long) Wq->pos[1][p9_0 + 1] - 1; p9_1++) {
        c9_1 = (long) Wq->crd[1][p9_1] - 1;
        for (i10_1 = 0; i10_1 < ext1; i10_1++) {
          for (i10_2 = 0; i10_2 < ext2; i10_2++) {
            {
              p11_0 = i10_1;
              alpha[c9_0][i10_2][i10_1][c9_1] += -1.0 * (double) Wq->vals[p9_1] * (double) D.pos2[p11_0];
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 10: T0 ( zz , l , k ) += ( 0.5 * ( 2. + - G ( k , l , p ) ) ) assume ( nnz ( T0 ) >= 0 , dim ( T0 , 1 ) <= 1000000 , ext0 >= 0 ) shape ( G : ext1 + 0 , pos , ( ext2 ) ) */
long
c10_annot (long ext0, long ext1, long ext2, sf_csr T0, double *G)
{
#pragma tensor T0 ( zz , l , k ) += ( 0.5 * ( 2. + - G ( k , l , p ) ) ) assume ( nnz ( T0 ) >= 0 , dim ( T0 , 1 ) <= 1000000 , ext0 >= 0 ) shape ( G : ext1 + 0 , pos , ( ext2 ) )
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        {
          long p2_0 = i1_0;
          {
            long h2_1 = (long) T0.pos[p2_0 + 1] - 0;
            long p2_1 = (long) T0.pos[p2_0] - 0;
            while (p2_1 < h2_1 && (long) T0.crd[p2_1] - 0 != i1_1)
              p2_1++;
            if (p2_1 < h2_1) {
              T0.vals[p2_1] += 1.0;
            }
          }
        }
      }
    }
    for (long i3_0 = 0; i3_0 < ext0; i3_0++) {
      for (long i3_1 = 0; i3_1 < ext1; i3_1++) {
        for (long i3_2 = 0; i3_2 < ext2; i3_2++) {
          {
            long p4_0 = i3_0;
            {
              long h4_1 = (long) T0.pos[p4_0 + 1] - 0;
              long p4_1 = (long) T0.pos[p4_0] - 0;
              while (p4_1 < h4_1 && (long) T0.crd[p4_1] - 0 != i3_1)
                p4_1++;
              if (p4_1 < h4_1) {
                T0.vals[p4_1] += -0.5 * (double) G[((i3_1) * ext0 + i3_0) * ext2 + i3_2];
              }
            }
          }
        }
      }
    }
  }
  return 0;
}

/* ---- case 11: S_ ( u ) += ( F + unfused ( u ) ) * C ( t , u ) shape ( C : ext1 , ext0 + 0 ) */
long
c11_annot (long ext0, long ext1, double *S_, double F, double *B, const double *C)
{
#pragma  tensor   S_ (  u  ) += (  F + unfused (  u  )  ) * C (  t  ,  u  ) shape (  C : ext1  ,  ext0 + 0  )   
  {
    for (long i1_0 = 0; i1_0 < ext0; i1_0++) {
      for (long i1_1 = 0; i1_1 < ext1; i1_1++) {
        S_[i1_0] += 1.0 * (double) F * (double) C[(i1_1) * ext0 + i1_0];
      }
    }
    for (long i2_0 = 0; i2_0 < ext0; i2_0++) {
      for (long i2_1 = 0; i2_1 < ext1; i2_1++) {
        S_[i2_0] += 1.0 * (double) B[i2_0] * (double) C[(i2_1) * ext0 + i2_0];
      }
    }
  }
  return 0;
}

/* ---- case 12: y(l,u) += E(u,l) shape(E: ext1 + 0, ext0 * 1) colmajor(y) shape(y: ext0, ext1) threads(y) */
long
c12_annot (long ext0, long ext1, float *y, double *E)
{
  long i1_0 = 0;
  long i1_1 = 0;
#pragma tensor y(l,u) += \
    E(u,l) shape(E: ext1 + 0, ext0 * 1) colmajor(y) shape(y: ext0, ext1) threads(y)
  for (i1_0 = 0; i1_0 < ext0; i1_0++) {
    for (i1_1 = 0; i1_1 < ext1; i1_1++) {
      y[(i1_1) * ext0 + i1_0] += 1.0 * (double) E[(i1_1) * ext0 + i1_0];
    }
  }
  return 0;
}

/* ---- case 13: S_ ( jj ) += 0.5f * T0 ( jj ) serial */
struct c13_fmt0 { int64_t *crd0; double *vals; int64_t dims[2]; uint32_t *pos0; };
struct c13_fmt1 { int64_t n1; uint32_t *pos0; double *vals; int32_t *crd0; int32_t *crd1; uint32_t *c_1; int64_t n0; };
#pragma tensor format struct c13_fmt0 dims(dims[0]) levels(compressed(pos0, crd0)) values(vals)
#pragma tensor format struct c13_fmt1 dims(n0, n1) levels(compressed(pos0, crd0), compressed(c_1, crd1)) values(vals)
long
c13_annot (long ext0, long ext1, struct c13_fmt0 S_, const struct c13_fmt1 *T0)
{
  size_t i1_0 = 0;
  size_t i1_1 = 0;
  long h2_0 = 0;
  long p2_0 = 0;
  long h2_1 = 0;
  long p2_1 = 0;
  long h3_0 = 0;
  long p3_0 = 0;
#pragma tensor S_ ( jj ) += 0.5f * T0 ( jj ) serial
  for (i1_0 = 0; i1_0 < ext0; i1_0++) {
    for (i1_1 = 0; i1_1 < ext1; i1_1++) {
      {
        h2_0 = (long) T0->pos0[0 + 1] - 0;
        p2_0 = (long) T0->pos0[0] - 0;
        for (; p2_0 < h2_0 && (long) T0->crd0[p2_0] - 0 != i1_1; p2_0++)
          ;
        if (p2_0 < h2_0) {
          {
            h2_1 = (long) T0->c_1[p2_0 + 1] - 0;
            p2_1 = (long) T0->c_1[p2_0] - 0;
            for (; p2_1 < h2_1 && (long) T0->crd1[p2_1] - 0 != i1_0; p2_1++)
              ;
            if (p2_1 < h2_1) {
              {
                h3_0 = (long) S_.pos0[0 + 1] - 0;
                p3_0 = (long) S_.pos0[0] - 0;
                while (p3_0 < h3_0 && (long) S_.crd0[p3_0] - 0 != i1_0)
                  p3_0++;
                if (p3_0 < h3_0) {
                  S_.vals[p3_0] += 0.5 * (double) T0->vals[p2_1];
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

/* { dg-error {.A. has rank 2 but is used with 3 indices} "" { target *-*-* } 55 } */
/* { dg-error {.B. is a plain pointer used with 2 indices. give their extents with sh} "" { target *-*-* } 119 } */
/* { dg-error {.S.. is a tensor but is used without indices} "" { target *-*-* } 166 } */
/* { dg-error {.ext1. is a scalar but is used with indices} "" { target *-*-* } 187 } */
/* { dg-error {.col. is used both as an index and as an operand} "" { target *-*-* } 206 } */
/* { dg-error {index .k. appears twice in an access of .y.. diagonal access is not su} "" { target *-*-* } 226 } */
/* { dg-error {.j. in shape.. is not an operand of the expression} "" { target *-*-* } 265 } */
/* { dg-error {.H. in colmajor.. is not an operand of the expression} "" { target *-*-* } 303 } */
/* { dg-error {shape.. applies to dense arrays and pointers. .T0. is a sparse tensor} "" { target *-*-* } 326 } */
/* { dg-error {shape.. gives 3 extents for .alpha.. which is used with 4 indices} "" { target *-*-* } 403 } */
/* { dg-error {.pos. is not a variable in scope} "" { target *-*-* } 484 } */
/* { dg-error {.unfused. is not declared here} "" { target *-*-* } 528 } */
/* { dg-error {.T0. has rank 2 but is used with 1 index} "" { target *-*-* } 576 } */
