/* kernels.c: C kernels that a Fortran program calls on its own arrays.

   main.f90 owns the data: a CSR matrix with 1-based row pointers IA(N+1)
   and column indices JA(NNZ), its values A(NNZ), and dense arrays in
   Fortran's column-major order.  Each array arrives as the address of its
   first element, and each kernel names those arrays directly with
   block-scope format declarations:

     #pragma tensor format B dims(n, m) levels(dense, compressed(ia, ja)) values(a) base(1)
     #pragma tensor format X dims(m, k) levels(dense, dense) values(x) modes(1, 0)

   B is the CSR matrix made of the three Fortran arrays: base(1) says that
   the entries of IA and JA count from 1, while ia, ja and a point at
   IA(1), JA(1) and A(1) (ia[0] is IA(1)).  X is the dense X(M,K) stored
   column-major: its level 0 holds mode 1 (the column), modes(1, 0).
   Nothing is copied or converted.  The loops are the Fortran loops
   transcribed into C (1-based i, p, j, c), so that the file also builds
   and runs without the plugin.

     sfcc -O3 -c kernels.c             the loops replaced by the plugin
     gcc -O3 -fopenmp -c kernels.c     the loops as written

   The interface blocks that call these are in sf_kernels.f90; scalars
   are passed by VALUE, arrays as pointers to their first element.  */

void spmm_csr1 (int n, int m, int k, const int *ia, const int *ja,
		const double *a, const double *x, double *y);
void gnn_csr1 (int n, int m, int kf, int lf, const int *ia, const int *ja,
	       const double *a, const double *c, const double *d,
	       const double *e, double *out);
int kernels_use_plugin (void);

/* SpMM on a block of K vectors: Y(N,K) = B * X(M,K), the Fortran arrays
   X(M,K) and Y(N,K).  Element (i,c) of Y is y[i + c * N] (0-based i and
   c in the pragma, whatever the loops count from).  */
void
spmm_csr1 (int n, int m, int k, const int *ia, const int *ja,
	   const double *a, const double *x, double *y)
{
#pragma tensor format B dims(n, m) levels(dense, compressed(ia, ja)) values(a) base(1)
#pragma tensor format X dims(m, k) levels(dense, dense) values(x) modes(1, 0)
#pragma tensor format Y dims(n, k) levels(dense, dense) values(y) modes(1, 0)
#pragma tensor Y(i,c) = B(i,j) * X(j,c)
  for (int i = 1; i <= n; i++)
    {
      for (int c = 1; c <= k; c++)
	y[(i - 1) + (long) (c - 1) * n] = 0;
      for (int p = ia[i - 1]; p < ia[i]; p++)
	{
	  int j = ja[p - 1];
	  for (int c = 1; c <= k; c++)
	    y[(i - 1) + (long) (c - 1) * n]
	      += a[p - 1] * x[(j - 1) + (long) (c - 1) * m];
	}
    }
}

/* The GNN layer, SDDMM then SpMM: OUT(l,i) = sum over the entries B(i,j)
   of B(i,j) * (C(:,i) . D(:,j)) * E(l,j).  The Fortran arrays are
   C(KF,N), D(KF,M), E(LF,M), OUT(LF,N): one column per node, so a node's
   features are contiguous, as a GNN code stores them.  (With one row per
   node instead, C(N,KF), every feature is a strided read: the plugin's
   code then does what the loop does, at the loop's speed; see
   docs/fortran.md.)  */
void
gnn_csr1 (int n, int m, int kf, int lf, const int *ia, const int *ja,
	  const double *a, const double *c, const double *d,
	  const double *e, double *out)
{
#pragma tensor format B dims(n, m) levels(dense, compressed(ia, ja)) values(a) base(1)
#pragma tensor format C dims(kf, n) levels(dense, dense) values(c) modes(1, 0)
#pragma tensor format D dims(kf, m) levels(dense, dense) values(d) modes(1, 0)
#pragma tensor format E dims(lf, m) levels(dense, dense) values(e) modes(1, 0)
#pragma tensor format OUT dims(lf, n) levels(dense, dense) values(out) modes(1, 0)
#pragma tensor OUT(l,i) = B(i,j) * C(k,i) * D(k,j) * E(l,j)
  for (int i = 1; i <= n; i++)
    {
      for (int l = 1; l <= lf; l++)
	out[(l - 1) + (long) (i - 1) * lf] = 0;
      for (int p = ia[i - 1]; p < ia[i]; p++)
	{
	  int j = ja[p - 1];
	  double s = 0;
	  for (int k = 1; k <= kf; k++)
	    s += (c[(k - 1) + (long) (i - 1) * kf]
		  * d[(k - 1) + (long) (j - 1) * kf]);
	  for (int l = 1; l <= lf; l++)
	    out[(l - 1) + (long) (i - 1) * lf]
	      += a[p - 1] * s * e[(l - 1) + (long) (j - 1) * lf];
	}
    }
}

/* 1 when this file was compiled with the plugin (which defines
   __SPARSEFUSE__), 0 when its loops run as written.  */
int
kernels_use_plugin (void)
{
#ifdef __SPARSEFUSE__
  return 1;
#else
  return 0;
#endif
}
