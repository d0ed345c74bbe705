/* The lowering tests: every kernel of the table is parsed, checked and
   lowered by the core, then printed as C into batch programs (DIR/b*.c)
   that compare it with a reference loop on ten random data sets each
   (normal, mostly empty rows, empty tensors, a single entry, larger).

     lower-tests DIR RTDIR     writes DIR/b0.c ... DIR/gen.mk; prints
                               PASS/FAIL lines of the lowering itself
     make -C DIR -f gen.mk     compiles and runs each batch into b*.out

   Kernels whose reference is NULL must not be lowered: sf_lower returns
   NULL with a warning.  A kernel's "expect" text must appear in its
   schedule text.  */

#include <stdlib.h>
#include <string.h>
#include "lower_tests.h"
#include "front/lex.h"

/* Return a malloc'd copy of S.  */
static char *
test_strdup (const char *s)
{
  char *c = malloc (strlen (s) + 1);
  return c ? strcpy (c, s) : NULL;
}

/* Return the value type of C type name NAME ("double", "int32_t").  */
static sf_ty
lt_ctype_ty (const char *name)
{
  if (!strcmp (name, "float"))
    return SF_TY_F32;
  if (!strncmp (name, "int", 3) || !strncmp (name, "uint", 4))
    {
      int uns = name[0] == 'u';
      int bits = atoi (name + 3 + uns);
      return sf_ty_int_of (bits / 8, uns);
    }
  return SF_TY_F64;
}

/* ---- formats ---- */

const lt_format lt_formats[] = {
  { "csr", "format struct lt_csr dims(n, m) levels(dense, "
    "compressed(rowptr, colidx)) values(vals)", "int", "double" },
  { "csr64", "format struct lt_csr64 dims(nrows, ncols) levels(dense, "
    "compressed(pos, crd)) values(val)", "int64_t", "double" },
  { "csrf", "format struct lt_csrf dims(n, m) levels(dense, "
    "compressed(rowptr, colidx)) values(vals)", "int", "float" },
  { "csc", "format struct lt_csc dims(n, m) levels(dense, "
    "compressed(colptr, rowidx)) values(vals) modes(1, 0)", "int", "double" },
  { "coo", "format struct lt_coo dims(n, m) levels(coo(nnz, row), "
    "singleton(col)) values(vals)", "int", "double" },
  { "csr1", "format struct lt_csr1 dims(n, m) levels(dense, "
    "compressed(ia, ja)) values(a) base(1)", "int", "double" },
  { "dcsr", "format struct lt_dcsr dims(dim[0], dim[1]) "
    "levels(compressed(pos[0], crd[0]), compressed(pos[1], crd[1])) "
    "values(vals)", "int64_t", "double" },
  { "vec", "format struct lt_vec dims(n) levels(compressed(pos, idx)) "
    "values(vals)", "int", "double" },
  { "csf3", "format struct lt_csf3 dims(d[0], d[1], d[2]) "
    "levels(compressed(p0, c0), compressed(p1, c1), compressed(p2, c2)) "
    "values(v)", "int", "double" },
  { "csf3d", "format struct lt_csf3d dims(d[0], d[1], d[2]) levels(dense, "
    "compressed(p1, c1), compressed(p2, c2)) values(v)", "int", "double" },
  { "csf3_201", "format struct lt_csf3_201 dims(d[0], d[1], d[2]) "
    "levels(compressed(p0, c0), compressed(p1, c1), compressed(p2, c2)) "
    "values(v) modes(2, 0, 1)", "int64_t", "double" },
  { "csf3_120", "format struct lt_csf3_120 dims(d[0], d[1], d[2]) "
    "levels(dense, compressed(p1, c1), compressed(p2, c2)) values(v) "
    "modes(1, 2, 0)", "int", "double" },
  { "csf3_021", "format struct lt_csf3_021 dims(d[0], d[1], d[2]) "
    "levels(compressed(p0, c0), compressed(p1, c1), compressed(p2, c2)) "
    "values(v) modes(0, 2, 1)", "int", "double" },
  { "csf3_102", "format struct lt_csf3_102 dims(d[0], d[1], d[2]) "
    "levels(dense, compressed(p1, c1), compressed(p2, c2)) values(v) "
    "modes(1, 0, 2)", "int", "float" },
  { "csf3_210", "format struct lt_csf3_210 dims(d[0], d[1], d[2]) "
    "levels(compressed(p0, c0), compressed(p1, c1), compressed(p2, c2)) "
    "values(v) modes(2, 1, 0) base(1)", "int64_t", "double" },
  { "coo3", "format struct lt_coo3 dims(d[0], d[1], d[2]) levels(coo(nnz, "
    "i0), singleton(i1), singleton(i2)) values(v)", "int", "double" },
  { "csf4", "format struct lt_csf4 dims(d[0], d[1], d[2], d[3]) "
    "levels(compressed(p[0], c[0]), compressed(p[1], c[1]), "
    "compressed(p[2], c[2]), compressed(p[3], c[3])) values(v)", "int",
    "double" },
  { "csf4_3012", "format struct lt_csf4_3012 dims(d[0], d[1], d[2], d[3]) "
    "levels(dense, compressed(p[1], c[1]), compressed(p[2], c[2]), "
    "compressed(p[3], c[3])) values(v) modes(3, 0, 1, 2) base(1)", "int",
    "double" },
  { "dcd", "format struct lt_dcd dims(d[0], d[1], d[2]) levels(dense, "
    "compressed(p1, c1), dense) values(v)", "int", "double" },
  { "coo1", "format struct lt_coo1 dims(n) levels(coo(nnz, idx)) "
    "values(v)", "int", "double" },
  /* Integer values (the type units of lower_units.c).  */
  { "csri32", "format struct lt_csri32 dims(n, m) levels(dense, "
    "compressed(rowptr, colidx)) values(vals)", "int", "int32_t" },
  { "csru32", "format struct lt_csru32 dims(n, m) levels(dense, "
    "compressed(rowptr, colidx)) values(vals)", "int", "uint32_t" },
  { "csru8", "format struct lt_csru8 dims(n, m) levels(dense, "
    "compressed(rowptr, colidx)) values(vals)", "int", "uint8_t" },
};
const int lt_nformats = (int) (sizeof lt_formats / sizeof lt_formats[0]);
sf_format lt_parsed_formats[sizeof lt_formats / sizeof lt_formats[0]];

/* ---- kernels ---- */

#define REF_MV "L(i) L(j) R(i) += B(i,j) * x(j);"
#define REF_MM "L(i) L(j) L(k) R(i,k) += B(i,j) * C(j,k);"
#define REF_SDDMM "L(i) L(j) L(k) R(i,j) += B(i,j) * C(i,k) * D(j,k);"
#define REF_MTTKRP "L(i) L(j) L(k) L(r) R(i,r) += B(i,j,k) * C(j,r) * D(k,r);"
#define SDDMM "A(i,j) = B(i,j) * C(i,k) * D(j,k)"
#define MTTKRP "A(i,r) = B(i,j,k) * C(j,r) * D(k,r)"

static const lt_kernel lt_kernels[] = {
  /* SpMV in every format.  */
  { "spmv_csr", "y(i) = B(i,j) * x(j)", "y=d B=csr x=d", REF_MV,
    "forall i (dense) forall j (B compressed) | parallel i", NULL },
  { "spmv_csr_acc", "y(i) += B(i,j) * x(j)", "y=d B=csr x=d", REF_MV,
    NULL, NULL },
  { "spmv_csc", "y(i) = B(i,j) * x(j)", "y=d B=csc x=d", REF_MV,
    "forall j (dense) forall i (B compressed) | y zeroed first", NULL },
  { "spmv_csc_acc", "y(i) += B(i,j) * x(j)", "y=d B=csc x=d", REF_MV,
    NULL, NULL },
  { "spmv_coo", "y(i) = B(i,j) * x(j)", "y=d B=coo x=d", REF_MV,
    "forall i (runs of B coo) forall j (B singleton)", NULL },
  { "spmv_csr1", "y(i) = B(i,j) * x(j)", "y=d B=csr1 x=d", REF_MV, NULL,
    NULL },
  { "spmv_dcsr", "y(i) = B(i,j) * x(j)", "y=d B=dcsr x=d", REF_MV,
    "forall i (B compressed)", NULL },
  { "spmv_csr64", "y(i) = B(i,j) * x(j)", "y=d B=csr64 x=d", REF_MV, NULL,
    NULL },
  { "spmv_float", "y(i) = B(i,j) * x(j)", "y=f B=csrf x=f", REF_MV, NULL,
    NULL },
  { "spmv_mixed", "y(i) = B(i,j) * x(j)", "y=f B=csrf x=d", REF_MV, NULL,
    NULL },
  { "spmv_scalars", "y(i) = 2 * alpha * B(i,j) * x(j) - beta * z(i)",
    "y=d B=csr x=d z=d alpha=s beta=si",
    "L(i) { L(j) R(i) += 2 * alpha * B(i,j) * x(j); R(i) -= beta * z(i); }",
    NULL, NULL },
  { "spmv_neg", "y(i) += -(B(i,j) * x(j)) + 0.5 * z(i)",
    "y=d B=csr x=d z=d",
    "L(i) { L(j) R(i) -= B(i,j) * x(j); R(i) += 0.5 * z(i); }", NULL, NULL },
  { "spmv_plus_csr", "y(i) = B(i,j) * x(j) + z(i)", "y=d B=csr x=d z=d",
    "L(i) { L(j) R(i) += B(i,j) * x(j); R(i) += z(i); }", NULL, NULL },
  { "spmv_plus_csc", "y(i) = B(i,j) * x(j) + z(i)", "y=d B=csc x=d z=d",
    "L(i) { L(j) R(i) += B(i,j) * x(j); R(i) += z(i); }",
    "one nest per term", NULL },
  { "spmv_plus_coo", "y(i) = B(i,j) * x(j) + z(i)", "y=d B=coo x=d z=d",
    "L(i) { L(j) R(i) += B(i,j) * x(j); R(i) += z(i); }",
    "forall i (dense, merge B coo)", NULL },
  { "spmv_plus_dcsr", "y(i) = z(i) - B(i,j) * x(j)", "y=d B=dcsr x=d z=d",
    "L(i) { L(j) R(i) -= B(i,j) * x(j); R(i) += z(i); }", NULL, NULL },
  { "spmtv_csr", "y(j) = B(i,j) * x(i)", "y=d B=csr x=d",
    "L(i) L(j) R(j) += B(i,j) * x(i);", NULL, NULL },
  { "spmv_serial", "y(i) = B(i,j) * x(j) serial schedule(naive)",
    "y=d B=csr x=d", REF_MV, "!parallel", NULL },
  { "spmv_shape", "y(i) = B(i,j) * x(j) shape(x: N_j)", "y=p B=csr x=p",
    REF_MV, NULL, NULL },
  /* SpMM and SDDMM.  */
  { "spmm", "A(i,k) = B(i,j) * C(j,k)", "A=d B=csr C=d", REF_MM,
    "forall i (dense) forall j (B compressed) forall k (dense)", NULL },
  { "spmm_acc", "A(i,k) += B(i,j) * C(j,k)", "A=d B=csr C=d", REF_MM, NULL,
    NULL },
  { "spmm_float", "A(i,k) = B(i,j) * C(j,k)", "A=f B=csrf C=f", REF_MM,
    NULL, NULL },
  { "spmm_shape", "A(i,k) = B(i,j) * C(j,k) shape(C: N_j, N_k)",
    "A=d B=csr C=p", REF_MM, NULL, NULL },
  { "spmm_colmajor", "A(i,k) = B(i,j) * C(j,k) colmajor(A, C)",
    "A=a B=coo C=a", REF_MM, NULL, NULL },
  { "sddmm_share", SDDMM, "A=csr B=csr C=d D=d", REF_SDDMM,
    "A positions: B's when A's pos/crd are B's (run-time test), else searched after zeroing", "share=B" },
  { "sddmm_copy", SDDMM, "A=csr B=csr C=d D=d", REF_SDDMM, NULL, "copy=B" },
  { "sddmm_other", SDDMM, "A=csr B=csr C=d D=d", REF_SDDMM, NULL, NULL },
  { "sddmm_acc_share", "A(i,j) += B(i,j) * C(i,k) * D(j,k)",
    "A=csr B=csr C=d D=d", REF_SDDMM, NULL, "share=B" },
  { "sddmm_acc_other", "A(i,j) += B(i,j) * C(i,k) * D(j,k)",
    "A=csr B=csr C=d D=d", REF_SDDMM, NULL, NULL },
  { "sddmm_float", SDDMM, "A=csrf B=csrf C=f D=f", REF_SDDMM, NULL,
    "share=B" },
  { "sddmm_float_other", SDDMM, "A=csrf B=csrf C=f D=f", REF_SDDMM, NULL,
    NULL },
  { "sddmm_dcsr_share", SDDMM, "A=dcsr B=dcsr C=d D=d", REF_SDDMM, NULL,
    "share=B" },
  { "sddmm_dcsr_copy", SDDMM, "A=dcsr B=dcsr C=d D=d", REF_SDDMM, NULL,
    "copy=B" },
  /* Fused schedules (docs/fusion.md): where-statements and their
     workspaces, the unfused baseline's full temporaries.  */
  { "fuse_spmm_gemm", "A(i,l) = B(i,j) * C(j,k) * D(k,l) schedule(auto)",
    "A=d B=csr C=d D=d",
    "L(i) L(j) L(k) L(l) R(i,l) += B(i,j) * C(j,k) * D(k,l);",
    "where w_k: rank 1, size |k|, heap, fused over i | schedule fused "
    "(cost", NULL },
  { "fuse_gnn", "A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l) schedule(auto)",
    "A=d B=csr C=d D=d E=d",
    "L(i) L(j) L(k) L(l) R(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l);",
    "!where", NULL },
  { "fuse_triple", "A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m) "
    "schedule(auto)", "A=d B=csr C=d D=d E=d F=d",
    "L(i) L(j) L(k) L(l) L(m) R(i,m) += B(i,j) * C(i,k) * D(j,k) * E(j,l) "
    "* F(l,m);", "where w_l: rank 1, size |l|, heap, fused over i |", NULL },
  { "fuse_mttkrp_gemm", "A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m) "
    "schedule(auto)", "A=d B=csf3 C=d D=d E=d",
    "L(i) L(k) L(l) L(j) L(m) R(i,m) += B(i,k,l) * C(l,j) * D(k,j) "
    "* E(j,m);", "where w_j: rank 1, size |j|, heap, fused over i |", NULL },
  { "fuse_ttmc", "A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n) "
    "schedule(auto)", "A=d B=csf3 C=d D=d E=d",
    "L(i) L(j) L(k) L(l) L(m) L(n) R(l,m,n) += B(i,j,k) * C(i,l) * D(j,m) "
    "* E(k,n);", "where w_n: rank 1, size |n|, heap, fused over i j; "
    "where w_mn: rank 2, size |m|*|n|, heap, fused over i |", NULL },
  { "fuse_ttmc_f32", "A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n) "
    "schedule(auto)", "A=f B=csf3_102 C=f D=f E=f",
    "L(i) L(j) L(k) L(l) L(m) L(n) R(l,m,n) += B(i,j,k) * C(i,l) * D(j,m) "
    "* E(k,n);", "schedule fused", NULL },
  { "fuse_spttm", "A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m) schedule(auto)",
    "A=dcd B=csf3d C=d D=d",
    "L(i) L(j) L(k) L(l) L(m) R(i,j,m) += B(i,j,k) * C(k,l) * D(l,m);",
    "where w_km: rank 2, size |k|*|m|, heap, fused over nothing | schedule "
    "fused, dense sums first, C*D first", "share=B" },
  { "fuse_spmm_gemm_acc", "A(i,l) += 2 * B(i,j) * C(j,k) * D(k,l) "
    "schedule(auto)", "A=d B=coo C=d D=d",
    "L(i) L(j) L(k) L(l) R(i,l) += 2 * B(i,j) * C(j,k) * D(k,l);",
    "schedule fused", NULL },
  { "fuse_sum_of_chains", "A(i,l) = B(i,j) * C(j,k) * D(k,l) + E(i,l) "
    "schedule(auto)", "A=d B=csr C=d D=d E=d",
    "L(i) L(l) { L(j) L(k) R(i,l) += B(i,j) * C(j,k) * D(k,l); "
    "R(i,l) += E(i,l); }", NULL, NULL },
  { "unfused_spmm_gemm", "A(i,l) = B(i,j) * C(j,k) * D(k,l) "
    "schedule(unfused)", "A=d B=csr C=d D=d",
    "L(i) L(j) L(k) L(l) R(i,l) += B(i,j) * C(j,k) * D(k,l);",
    "where w_ik: rank 2, size |i|*|k|, heap, fused over nothing", NULL },
  { "unfused_triple", "A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m) "
    "schedule(unfused)", "A=d B=csr C=d D=d E=d F=d",
    "L(i) L(j) L(k) L(l) L(m) R(i,m) += B(i,j) * C(i,k) * D(j,k) * E(j,l) "
    "* F(l,m);", "where w_il: rank 2", NULL },
  { "unfused_gnn", "A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l) "
    "schedule(unfused)", "A=d B=csr C=d D=d E=d",
    "L(i) L(j) L(k) L(l) R(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l);",
    "where w_ij: rank 2, size nnz(B) (B's pattern, one value per stored "
    "entry)", NULL },
  /* Fused-kernel expressions of the evaluation set.  */
  { "gnn", "A(i,l) = B(i,j) * C(i,k) * D(j,k) * E(j,l)",
    "A=d B=csr C=d D=d E=d",
    "L(i) L(j) L(k) L(l) R(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l);",
    NULL, NULL },
  { "spmm_gemm", "A(i,l) = B(i,j) * C(j,k) * D(k,l)", "A=d B=csr C=d D=d",
    "L(i) L(j) L(k) L(l) R(i,l) += B(i,j) * C(j,k) * D(k,l);", NULL, NULL },
  { "spmmh_gemm", "A(i,l) = B(i,k) * C(k,j) * D(k,j) * E(j,l)",
    "A=d B=csr C=d D=d E=d",
    "L(i) L(k) L(j) L(l) R(i,l) += B(i,k) * C(k,j) * D(k,j) * E(j,l);",
    NULL, NULL },
  { "sddmm_spmm_gemm", "A(i,m) = B(i,j) * C(i,k) * D(j,k) * E(j,l) * F(l,m)",
    "A=d B=csr C=d D=d E=d F=d",
    "L(i) L(j) L(k) L(l) L(m) R(i,m) += B(i,j) * C(i,k) * D(j,k) * E(j,l) "
    "* F(l,m);", NULL, NULL },
  { "mttkrp", MTTKRP, "A=d B=csf3 C=d D=d", REF_MTTKRP,
    "forall i (B compressed) forall j (B compressed) forall k (B compressed) "
    "forall r (dense)", NULL },
  { "mttkrp_acc", "A(i,r) += B(i,j,k) * C(j,r) * D(k,r)",
    "A=d B=csf3 C=d D=d", REF_MTTKRP, NULL, NULL },
  { "mttkrp_dense_root", MTTKRP, "A=d B=csf3d C=d D=d", REF_MTTKRP,
    "| parallel i", NULL },
  { "mttkrp_201", MTTKRP, "A=d B=csf3_201 C=d D=d", REF_MTTKRP,
    "forall k (B compressed) forall i", NULL },
  { "mttkrp_120", MTTKRP, "A=d B=csf3_120 C=d D=d", REF_MTTKRP, NULL,
    NULL },
  { "mttkrp_021", MTTKRP, "A=d B=csf3_021 C=d D=d", REF_MTTKRP, NULL,
    NULL },
  { "mttkrp_102", MTTKRP, "A=d B=csf3_102 C=d D=d", REF_MTTKRP, NULL,
    NULL },
  { "mttkrp_210", MTTKRP, "A=d B=csf3_210 C=d D=d", REF_MTTKRP, NULL,
    NULL },
  { "mttkrp_coo", MTTKRP, "A=d B=coo3 C=d D=d", REF_MTTKRP, NULL, NULL },
  { "ttv_coo", "A(i,j) = B(i,j,k) * c(k)", "A=d B=coo3 c=d",
    "L(i) L(j) L(k) R(i,j) += B(i,j,k) * c(k);", NULL, NULL },
  { "mttkrp_float", MTTKRP, "A=f B=csf3 C=f D=f", REF_MTTKRP, NULL, NULL },
  { "mttkrp4", "A(i,r) = B(i,j,k,l) * C(j,r) * D(k,r) * E(l,r)",
    "A=d B=csf4 C=d D=d E=d",
    "L(i) L(j) L(k) L(l) L(r) R(i,r) += B(i,j,k,l) * C(j,r) * D(k,r) "
    "* E(l,r);", NULL, NULL },
  { "mttkrp4_3012", "A(i,r) = B(i,j,k,l) * C(j,r) * D(k,r) * E(l,r)",
    "A=d B=csf4_3012 C=d D=d E=d",
    "L(i) L(j) L(k) L(l) L(r) R(i,r) += B(i,j,k,l) * C(j,r) * D(k,r) "
    "* E(l,r);", NULL, NULL },
  { "mttkrp_gemm", "A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m)",
    "A=d B=csf3 C=d D=d E=d",
    "L(i) L(k) L(l) L(j) L(m) R(i,m) += B(i,k,l) * C(l,j) * D(k,j) "
    "* E(j,m);", NULL, NULL },
  { "ttmc", "A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)",
    "A=d B=csf3 C=d D=d E=d",
    "L(i) L(j) L(k) L(l) L(m) L(n) R(l,m,n) += B(i,j,k) * C(i,l) * D(j,m) "
    "* E(k,n);", NULL, NULL },
  { "ttv", "A(i,j) = B(i,j,k) * c(k)", "A=d B=csf3 c=d",
    "L(i) L(j) L(k) R(i,j) += B(i,j,k) * c(k);", NULL, NULL },
  { "spttm_share", "A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m)",
    "A=dcd B=csf3d C=d D=d",
    "L(i) L(j) L(k) L(l) L(m) R(i,j,m) += B(i,j,k) * C(k,l) * D(l,m);",
    NULL, "share=B" },
  { "spttm_copy", "A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m)",
    "A=dcd B=csf3d C=d D=d",
    "L(i) L(j) L(k) L(l) L(m) R(i,j,m) += B(i,j,k) * C(k,l) * D(l,m);",
    NULL, "copy=B" },
  { "network", "T(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r)",
    "T=d A=csf3 B=csf3 C=csf3 D=csf3",
    "L(i) L(j) L(k) L(p) L(q) L(r) R(i,j,k) += A(i,p,q) * B(j,p,r) "
    "* C(k,q,r) * D(j,k,r);", NULL, NULL },
  /* Products and sums of sparse operands.  */
  { "csr_times_csr", "A(i,j) = B(i,j) * C(i,j)", "A=d B=csr C=csr",
    "L(i) L(j) R(i,j) += B(i,j) * C(i,j);",
    "forall j (merge B compressed, C compressed)", NULL },
  { "dcsr_times_csr", "A(i,j) = B(i,j) * C(i,j)", "A=d B=dcsr C=csr",
    "L(i) L(j) R(i,j) += B(i,j) * C(i,j);", NULL, NULL },
  { "coo_times_csr", "A(i,j) += B(i,j) * C(i,j) * 3", "A=d B=coo C=csr",
    "L(i) L(j) R(i,j) += B(i,j) * C(i,j) * 3;", NULL, NULL },
  { "coo_times_coo", "A(i,j) = B(i,j) * C(i,j)", "A=d B=coo C=coo",
    "L(i) L(j) R(i,j) += B(i,j) * C(i,j);", "forall i (merge B coo, C coo)",
    NULL },
  { "coo_plus_csr", "A(i,j) = B(i,j) + C(i,j)", "A=d B=coo C=csr",
    "L(i) L(j) R(i,j) += B(i,j) + C(i,j);", NULL, NULL },
  { "sum5_csr", "A(i,j) = B(i,j) + C(i,j) - D(i,j) + E(i,j) + F(i,j)",
    "A=d B=csr C=csr D=dcsr E=csr F=csr",
    "L(i) L(j) R(i,j) += B(i,j) + C(i,j) - D(i,j) + E(i,j) + F(i,j);", NULL,
    NULL },
  { "csr_times_csr_share", "A(i,j) = B(i,j) * C(i,j)", "A=csr B=csr C=csr",
    "L(i) L(j) R(i,j) += B(i,j) * C(i,j);", NULL, "share=B" },
  { "react", "A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)",
    "A=d B=csr E=csr C=d D=d",
    "L(i) L(j) L(k) R(i,j) += (B(i,j) + E(i,j)) * C(i,k) * D(k,j);", NULL,
    NULL },
  { "sum4_dcsr", "A(i,j) = B(i,j) + C(i,j) - D(i,j) + E(i,j)",
    "A=d B=dcsr C=dcsr D=dcsr E=dcsr",
    "L(i) L(j) R(i,j) += B(i,j) + C(i,j) - D(i,j) + E(i,j);",
    "forall i (union of B compressed, C compressed, D compressed, "
    "E compressed)", NULL },
  { "union_product", "A(i,j) = (B(i,j) + C(i,j)) * D(i,j)",
    "A=d B=dcsr C=dcsr D=dcsr",
    "L(i) L(j) R(i,j) += (B(i,j) + C(i,j)) * D(i,j);", NULL, NULL },
  { "sum3_csr", "A(i,j) = B(i,j) + C(i,j) + D(i,j)", "A=d B=csr C=csr D=csr",
    "L(i) L(j) R(i,j) += B(i,j) + C(i,j) + D(i,j);", NULL, NULL },
  { "sum3_mixed", "A(i,j) = B(i,j) + C(i,j) + D(i,j)",
    "A=d B=csr C=dcsr D=d",
    "L(i) L(j) R(i,j) += B(i,j) + C(i,j) + D(i,j);", "forall j (dense, merge",
    NULL },
  /* ReACT's kernel: the merge of B's and E's rows runs once per row, not
     once per k (D's row-major layout would put k before j).  */
  { "react_order", "A(i,j) = (B(i,j) + E(i,j)) * C(i,k) * D(k,j)",
    "A=csr B=csr E=csr C=d D=d",
    "L(i) L(j) L(k) R(i,j) += (B(i,j) + E(i,j)) * C(i,k) * D(k,j);",
    "forall i (dense) forall j (A's pattern, located: B compressed, E "
    "compressed) forall k (dense)", NULL },
  { "diff_sparse_out", "A(i,j) = B(i,j) - 2 * C(i,j)", "A=csr B=csr C=csr",
    "L(i) L(j) R(i,j) += B(i,j) - 2 * C(i,j);", NULL, NULL },
  { "diff_sparse_out_share", "A(i,j) += B(i,j) - C(i,j)",
    "A=csr B=csr C=csr", "L(i) L(j) R(i,j) += B(i,j) - C(i,j);", NULL,
    "share=B" },
  { "vec_sum_prod", "a(i) = (b(i) + c(i)) * d(i)", "a=d b=vec c=d d=vec",
    "L(i) R(i) += (b(i) + c(i)) * d(i);", NULL, NULL },
  { "vec_sum_prod_dense", "a(i) = (b(i) + c(i)) * d(i)", "a=d b=a c=d d=d",
    "L(i) R(i) += (b(i) + c(i)) * d(i);", NULL, NULL },
  { "vec_times_vec", "y(i) = b(i) * c(i)", "y=d b=vec c=vec",
    "L(i) R(i) += b(i) * c(i);", NULL, NULL },
  { "vec_plus_dense", "y(i) = b(i) + c(i)", "y=d b=vec c=d",
    "L(i) R(i) += b(i) + c(i);", NULL, NULL },
  { "vec_plus_const", "y(i) = b(i) + 1.5", "y=d b=vec",
    "L(i) R(i) += b(i) + 1.5;", NULL, NULL },
  { "row_sums", "a(i) = B(i,j) + C(i,j) + d(i)", "a=d B=csr C=dcsr d=d",
    "L(i) { L(j) R(i) += B(i,j) + C(i,j); R(i) += d(i); }", NULL, NULL },
  { "sum_in_product", "A(i) = (B(i,j) + C(i)) * D(i,j)",
    "A=d B=csr C=d D=csr",
    "L(i) L(j) R(i) += (B(i,j) + C(i)) * D(i,j);", NULL, NULL },
  { "two_sums", "a(i) = B(i,j) * x(j) + C(i,k) * z(k)",
    "a=d B=csr C=csc x=d z=d",
    "L(i) { L(j) R(i) += B(i,j) * x(j); L(k) R(i) += C(i,k) * z(k); }", NULL,
    NULL },
  /* Dense operands, scalars, layouts.  */
  { "gemm_dense", "C(i,j) = A(i,k) * B(k,j)", "C=d A=a B=d",
    "L(i) L(j) L(k) R(i,j) += A(i,k) * B(k,j);", "parallel i", NULL },
  { "gemv_dense", "y(i) = A(i,j) * x(j)", "y=d A=a x=d",
    "L(i) L(j) R(i) += A(i,j) * x(j);", NULL, NULL },
  { "gemv_colmajor", "y(i) += A(i,j) * x(j) colmajor(A)", "y=d A=a x=d",
    "L(i) L(j) R(i) += A(i,j) * x(j);", NULL, NULL },
  { "axpy", "y(i) = alpha * x(i) + 3 * z(i)", "y=f alpha=sf x=f z=a",
    "L(i) R(i) += alpha * x(i) + 3 * z(i);", NULL, NULL },
  { "broadcast", "A(i,j) = x(i) * 2", "A=a x=d", "L(i) L(j) R(i,j) += x(i) * 2;",
    NULL, NULL },
  { "outer", "A(i,j) += x(i) * z(j) - alpha", "A=a x=d z=d alpha=si",
    "L(i) L(j) R(i,j) += x(i) * z(j) - alpha;", NULL, NULL },
  /* Computations the lowering must refuse.  */
  { "refuse_conflict", "A(i,j) = B(i,j) * C(j,i)", "A=d B=csr C=csr", NULL,
    NULL, NULL },
  { "coo_scale", "A(i,j) = B(i,j) * 2", "A=d B=coo",
    "L(i) L(j) R(i,j) += B(i,j) * 2;",
    "forall i (runs of B coo) forall j (runs of B singleton)", NULL },
  { "coo_vector", "y(i) = b(i) * x(i)", "y=d b=coo1 x=d",
    "L(i) R(i) += b(i) * x(i);", "forall i (runs of b coo)", NULL },
  { "coo_vector_sum", "y(i) = b(i) + c(i) * 2", "y=d b=coo1 c=vec",
    "L(i) R(i) += b(i) + c(i) * 2;", NULL, NULL },
  { "refuse_big_sum", "A(i,j) = B(i,j) + C(i,j) + D(i,j) + E(i,j) + F(i,j) "
    "+ G(i,j) + H(i,j) + K(i,j)", "A=d B=csr C=csr D=csr E=csr F=csr G=csr "
    "H=csr K=csr", NULL, NULL, NULL },
  { "refuse_coo_output", "A(i,j) = B(i,j) * 2", "A=coo B=csr", NULL, NULL,
    NULL },
};

#define LT_NKERNELS ((int) (sizeof lt_kernels / sizeof lt_kernels[0]))
#define LT_BATCH 7

/* ---- parsing and resolution ---- */

/* Return a malloc'd "; "-joined list of the messages of D.  */
static char *
lt_messages (const sf_diags *d)
{
  size_t len = 1;
  for (int i = 0; i < d->n; i++)
    len += strlen (d->v[i].message) + 2;
  char *s = calloc (len, 1);
  for (int i = 0; i < d->n; i++)
    {
      if (i)
	strcat (s, "; ");
      strcat (s, d->v[i].message);
    }
  return s;
}

/* Parse TEXT into P in ARENA; return nonzero with the messages in *WHY
   on failure.  */
static int
lt_parse (sf_arena *arena, const char *text, sf_pragma *p, char **why)
{
  sf_token *toks;
  int n;
  sf_diags d;
  sf_diags_init (&d);
  sf_lex (arena, text, &toks, NULL, &n);
  int bad = sf_parse_pragma (arena, toks, n, p, &d);
  *why = bad ? lt_messages (&d) : NULL;
  sf_diags_free (&d);
  return bad;
}

/* Parse the formats of the table; return nonzero when one fails.  */
static int
lt_parse_formats (sf_arena *arena)
{
  for (int f = 0; f < lt_nformats; f++)
    {
      sf_pragma *p = SF_NEW (arena, sf_pragma);
      char *why;
      if (lt_parse (arena, lt_formats[f].decl, p, &why)
	  || p->kind != SF_PRAGMA_FORMAT)
	{
	  printf ("FAIL: lower/format/%s: %s\n", lt_formats[f].name,
		  why ? why : "not a format");
	  free (why);
	  return 1;
	}
      lt_parsed_formats[f] = p->format;
      lt_parsed_formats[f].vtype = lt_ctype_ty (lt_formats[f].vtype);
    }
  return 0;
}

/* Store in IDX the indices of the first access of operand O in E.  */
static int
lt_find_access (const sf_expr *e, int o, int *idx)
{
  if (!e)
    return -1;
  if (e->kind == SF_EXPR_ACCESS && e->operand == o)
    {
      memcpy (idx, e->idx, sizeof (int) * (size_t) e->nidx);
      return e->nidx;
    }
  int n = lt_find_access (e->a, o, idx);
  return n >= 0 ? n : lt_find_access (e->b, o, idx);
}

int
lt_access_indices (const sf_comp *comp, int o, int *idx)
{
  int n = lt_find_access (comp->lhs, o, idx);
  return n >= 0 ? n : lt_find_access (comp->rhs, o, idx);
}

/* Return the value type named by SUFFIX of an operand spec ("i32",
   "u8", "f32", "f64"; "" is double), VOID when unknown.  */
static sf_ty
lt_suffix_ty (const char *suffix)
{
  static const char *const names[] = { "i8", "u8", "i16", "u16", "i32",
				       "u32", "i64", "u64" };
  if (!*suffix || !strcmp (suffix, "f64"))
    return SF_TY_F64;
  if (!strcmp (suffix, "f32"))
    return SF_TY_F32;
  for (int k = 0; k < 8; k++)
    if (!strcmp (suffix, names[k]))
      return (sf_ty) (SF_TY_I8 + k);
  return SF_TY_VOID;
}

/* Copy into SPEC the kind of operand NAME from the list OPERANDS ("y=d
   B=csr"); return nonzero when it is not listed.  */
static int
lt_spec_of (const char *operands, const char *name, char *spec)
{
  size_t n = strlen (name);
  for (const char *p = operands; *p;)
    {
      const char *end = strchr (p, ' ');
      size_t len = end ? (size_t) (end - p) : strlen (p);
      if (len > n && strncmp (p, name, n) == 0 && p[n] == '=')
	{
	  snprintf (spec, 16, "%.*s", (int) (len - n - 1), p + n + 1);
	  return 0;
	}
      p += len + (end != NULL);
    }
  return 1;
}

/* Fill operand O of L's computation as the glue would, from its spec;
   return nonzero when the spec is unknown.  */
static int
lt_resolve (lt_lowered *l, int o)
{
  sf_operand *op = &l->comp->operands[o];
  const char *spec = l->spec[o];
  int idx[SF_MAX_ORDER], rank = lt_access_indices (l->comp, o, idx);
  for (int d = 0; d < SF_MAX_ORDER; d++)
    op->const_extent[d] = -1;
  if ((spec[0] == 's' || spec[0] == 'd') && strlen (spec) >= 3
      && lt_suffix_ty (spec + 1) != SF_TY_VOID)
    {
      /* "si32", "du8": a scalar or a dense operand of that type.  */
      op->kind = spec[0] == 's' ? SF_OPERAND_SCALAR : SF_OPERAND_DENSE;
      op->vtype = lt_suffix_ty (spec + 1);
      op->rank = spec[0] == 's' ? 0 : rank;
      for (int d = 1; spec[0] == 'd' && d < rank; d++)
	op->type_extent |= 1u << d;
      return 0;
    }
  if (spec[0] == 's')
    {
      op->kind = SF_OPERAND_SCALAR;
      op->vtype = spec[1] == 'f' ? SF_TY_F32 : spec[1] == 'i' ? SF_TY_INDEX
		  : SF_TY_F64;
      return 0;
    }
  if (!strcmp (spec, "d") || !strcmp (spec, "f") || !strcmp (spec, "p")
      || !strcmp (spec, "a"))
    {
      op->kind = SF_OPERAND_DENSE;
      op->vtype = spec[0] == 'f' ? SF_TY_F32 : SF_TY_F64;
      op->rank = spec[0] == 'p' ? 1 : rank;
      op->flat_pointer = spec[0] == 'p';
      for (int d = spec[0] == 'a' ? 0 : 1; spec[0] != 'p' && d < rank; d++)
	op->type_extent |= 1u << d;
      return 0;
    }
  for (int f = 0; f < lt_nformats; f++)
    if (strcmp (lt_formats[f].name, spec) == 0)
      {
	op->kind = SF_OPERAND_SPARSE;
	op->format = l->fmt[o] = f;
	op->rank = lt_parsed_formats[f].ndims;
	op->vtype = lt_parsed_formats[f].vtype;
	return 0;
      }
  return 1;
}

/* Return the region's printed C (malloc'd).  */
static char *
lt_region_text (const sf_region *r)
{
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream (&buf, &len);
  sf_print_region_params (f, r);
  sf_print_region_c (f, r, 0);
  fclose (f);
  return buf;
}

int
lt_prepare (lt_lowered *l, const lt_kernel *k, int number, char **why)
{
  l->k = k;
  l->number = number;
  sf_arena_init (&l->arena);
  *why = NULL;
  if (lt_parse (&l->arena, k->pragma, &l->pragma, why)
      || l->pragma.kind != SF_PRAGMA_COMP)
    return 1;
  l->comp = &l->pragma.comp;
  for (int o = 0; o < l->comp->noperands; o++)
    if (lt_spec_of (k->operands, l->comp->operands[o].name, l->spec[o])
	|| lt_resolve (l, o))
      {
	*why = test_strdup ("bad operand spec");
	return 1;
      }
  sf_diags d;
  sf_diags_init (&d);
  int bad = sf_check_comp (l->comp, lt_parsed_formats, &d);
  if (bad)
    *why = lt_messages (&d);
  sf_diags_free (&d);
  return bad;
}

/* Lower kernel K into L, printing the PASS/FAIL line of the lowering;
   return nonzero when L has a region to run.  */
static int
lt_lower (lt_lowered *l, const lt_kernel *k, int number, const char *dir)
{
  char *why = NULL;
  if (lt_prepare (l, k, number, &why))
    {
      printf ("FAIL: lower/%s: %s\n", k->name, why ? why : "does not parse");
      free (why);
      return 0;
    }
  sf_diags d;
  sf_diags_init (&d);
  sf_lower_options opt = { 1, SF_SCHEDULE_NAIVE, 0, 0, 0, 0, 0 };
  if (l->comp->schedule_tok >= 0)	/* the kernel asks for a schedule */
    opt.schedule = l->comp->schedule;
  l->region = sf_lower (&l->arena, l->comp, lt_parsed_formats, &opt, &d);
  why = lt_messages (&d);
  int warned = d.n > 0 && d.v[0].severity == SF_SEV_WARNING;
  sf_diags_free (&d);
  if (!k->ref)
    {
      if (!l->region && warned)
	printf ("PASS: lower/%s (%s)\n", k->name, why);
      else
	printf ("FAIL: lower/%s: lowered although it must not be\n", k->name);
      free (why);
      return 0;
    }
  if (!l->region)
    {
      printf ("FAIL: lower/%s: not lowered: %s\n", k->name, why);
      free (why);
      return 0;
    }
  free (why);
  char *text = lt_region_text (l->region);
  char path[4096];
  snprintf (path, sizeof path, "%s/%s.txt", dir, k->name);
  FILE *f = fopen (path, "w");
  if (f)
    {
      fprintf (f, "/* %s */\n%s", k->pragma, text);
      fclose (f);
    }
  free (text);
  if (k->expect)
    {
      int absent = k->expect[0] == '!';
      const char *text = k->expect + absent;
      if ((strstr (l->region->schedule_text, text) != NULL) == absent)
	printf ("FAIL: lower/%s/schedule: '%s' %s '%s'\n", k->name,
		l->region->schedule_text, absent ? "has" : "lacks", text);
      else
	printf ("PASS: lower/%s/schedule\n", k->name);
    }
  return 1;
}

/* ---- batches ---- */

/* Write batch B (kernels L[0..N)) into DIR/bB.c and its test names into
   DIR/bB.names.  */
static void
lt_write_batch (const char *dir, int b, lt_lowered **l, int n)
{
  char path[4096];
  snprintf (path, sizeof path, "%s/b%d.c", dir, b);
  FILE *out = fopen (path, "w");
  snprintf (path, sizeof path, "%s/b%d.names", dir, b);
  FILE *names = fopen (path, "w");
  if (!out || !names)
    {
      printf ("FAIL: lower/batch%d: cannot write %s\n", b, path);
      exit (1);
    }
  lt_emit_prelude (out);
  for (int f = 0; f < lt_nformats; f++)
    lt_emit_format (out, f);
  for (int i = 0; i < n; i++)
    {
      lt_emit_kernel (out, l[i]);
      fprintf (names, "lower/%s\n", l[i]->k->name);
    }
  fputs ("int\nmain (void)\n{\n  char why[1024];\n", out);
  for (int i = 0; i < n; i++)
    fprintf (out, "  if (test_%s (why, sizeof why))\n"
	     "    printf (\"FAIL: lower/%s: %%s\\n\", why);\n  else\n"
	     "    printf (\"PASS: lower/%s\\n\");\n  fflush (stdout);\n",
	     l[i]->k->name, l[i]->k->name, l[i]->k->name);
  fputs ("  return 0;\n}\n", out);
  fclose (out);
  fclose (names);
}

/* Write DIR/gen.mk: compile and run each of the NB batches, a batch that
   does not compile failing each of its kernels.  */
static void
lt_write_makefile (const char *dir, const char *rtdir, int nb)
{
  char path[4096];
  snprintf (path, sizeof path, "%s/gen.mk", dir);
  FILE *f = fopen (path, "w");
  if (!f)
    exit (1);
  fputs ("# Generated by the lowering tests.\nCC ?= gcc\nall:", f);
  for (int b = 0; b < nb; b++)
    fprintf (f, " b%d.out", b);
  fprintf (f, "\nrt.o: %s/lower_rt.c %s/lower_rt.h\n"
	   "\t$(CC) -std=gnu11 -O1 -c -I%s $< -o $@\n"
	   "b%%.out: b%%.c rt.o\n"
	   "\t@if $(CC) -std=gnu11 -O1 -fopenmp -Wall -Wno-unused "
	   "-I%s $< rt.o -lm -o b$* 2> b$*.err; then \\\n"
	   "\t  OMP_NUM_THREADS=2 ./b$* > $@ 2>&1 || echo \"FAIL: "
	   "lower/batch$*: exited with status $$?\" >> $@; \\\n"
	   "\telse sed 's|$$|: the generated C does not compile (see "
	   "b$*.err)|; s|^|FAIL: |' b$*.names > $@; fi\n",
	   rtdir, rtdir, rtdir, rtdir);
  fclose (f);
}

int
main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: lower-tests DIR RTDIR\n");
      return 1;
    }
  static sf_arena arena;
  static lt_lowered lowered[LT_NKERNELS];
  lt_lowered *run[LT_NKERNELS];
  int nrun = 0, nb = 0;
  sf_arena_init (&arena);
  if (lt_parse_formats (&arena))
    return 1;
  lt_unit_tests ();
  for (int i = 0; i < LT_NKERNELS; i++)
    if (lt_lower (&lowered[i], &lt_kernels[i], i, argv[1]))
      run[nrun++] = &lowered[i];
  for (int i = 0; i < nrun; i += LT_BATCH, nb++)
    lt_write_batch (argv[1], nb, run + i,
		    nrun - i < LT_BATCH ? nrun - i : LT_BATCH);
  lt_write_makefile (argv[1], argv[2], nb);
  for (int i = 0; i < LT_NKERNELS; i++)
    sf_arena_free (&lowered[i].arena);
  sf_arena_free (&arena);
  return 0;
}
