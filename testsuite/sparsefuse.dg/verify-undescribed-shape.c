/* A struct of a declared format that the loop reads and the annotation
   forgets, while a shape clause names its dims (shape(C: B.n, K)): the
   checker gives it a tensor of its format whose dims are the ones the
   clause gives (the extents of the annotation's indices), with other
   values each run, and the error names it.  Before, the dims bound by the
   clause kept it from being filled, and the region was replaced with the
   note "annotation not verified: the loop reads 'B.pos'".  The twins that
   stay verified are in verify-undescribed-shape-run.c.  */
/* { dg-do compile } */
/* { dg-options "-O2" } */

struct csr { int n, m; int *pos, *crd; double *vals; };
#pragma tensor format struct csr dims(n, m) levels(dense, compressed(pos, crd)) values(vals)

/* A GNN layer, A(i,l) += B(i,j) * C(i,k) * D(j,k) * E(j,l), with the
   sparse factor B forgotten.  */
void
gnn (struct csr B, int K, int L, double C[B.n][K], double D[B.m][K],
     double E[B.m][L], double A[B.n][L])
{
#pragma tensor A(i,l) += C(i,k) * D(j,k) * E(j,l) shape(C: B.n, K) shape(D: B.m, K) shape(E: B.m, L) shape(A: B.n, L) /* { dg-error "it reads the tensor .B. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < B.n; i++)
    for (int p = B.pos[i]; p < B.pos[i + 1]; p++)
      {
	int j = B.crd[p];
	double s = 0;
	for (int k = 0; k < K; k++)
	  s += C[i][k] * D[j][k];
	for (int l = 0; l < L; l++)
	  A[i][l] += B.vals[p] * s * E[j][l];
      }
}

/* SpMV written as y(i) = x(i): B forgotten, through a pointer.  */
void
spmv (const struct csr *B, const double *x, double *y)
{
#pragma tensor y(i) = x(i) shape(x: B->n) shape(y: B->n) /* { dg-error "it reads the tensor .B. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < B->n; i++)
    {
      double s = 0;
      for (int p = B->pos[i]; p < B->pos[i + 1]; p++)
	s += B->vals[p] * x[B->crd[p]];
      y[i] = s;
    }
}

/* SpMV of a struct by value whose extent comes from a parameter.  */
void
spmv_n (struct csr B, int n, const double *x, double *y)
{
#pragma tensor y(i) = x(i) shape(x: n) shape(y: n) /* { dg-error "it reads the tensor .B. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < n; i++)
    {
      double s = 0;
      for (int p = B.pos[i]; p < B.pos[i + 1]; p++)
	s += B.vals[p];
      y[i] = x[i] * s;
    }
}

/* SDDMM, O(i,j) = S(i,j) * U(i,k) * V(j,k), with the sparse factor S
   forgotten (O shares its pattern).  */
void
sddmm (struct csr *S, struct csr *O, int K, double U[S->n][K],
       double V[S->m][K])
{
#pragma tensor O(i,j) = U(i,k) * V(j,k) /* { dg-error "it reads the tensor .S. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < S->n; i++)
    for (int p = S->pos[i]; p < S->pos[i + 1]; p++)
      {
	double s = 0;
	for (int k = 0; k < K; k++)
	  s += U[i][k] * V[S->crd[p]][k];
	O->vals[p] = S->vals[p] * s;
      }
}

/* The same by value, the dims of U and V given by shape clauses.  */
void
sddmm_shape (struct csr S, struct csr O, int K, const double *U,
	     const double *V)
{
#pragma tensor O(i,j) = U(i,k) * V(j,k) shape(U: S.n, K) shape(V: S.m, K) /* { dg-error "it reads the tensor .S. .format csr., which the annotation does not use: a factor or a term is missing" } */
  for (int i = 0; i < S.n; i++)
    for (int p = S.pos[i]; p < S.pos[i + 1]; p++)
      {
	double s = 0;
	for (int k = 0; k < K; k++)
	  s += U[i * K + k] * V[S.crd[p] * K + k];
	O.vals[p] = S.vals[p] * s;
      }
}
