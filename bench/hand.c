/* hand.c: careful hand-written kernels, one per annotated kernel, with the
   same arguments: what a skilled C programmer writes for the best
   (fused) schedule.  Common habits:

   - restrict-qualified local pointers, loop bounds in locals;
   - rows split between threads by equal numbers of nonzeros
     (row_range), not equal numbers of rows, since R-MAT rows are skewed;
   - dot products with eight accumulators, which gcc vectorises (the sum
     is reassociated, as the plugin may do too);
   - fused chains keep the per-row temporary (K, L or J doubles) in a
     thread-private buffer that stays in L1, then do one small
     vector-matrix product per row.  */

#include <stdlib.h>
#include <string.h>
#include <omp.h>
#include "bench.h"

/* Set *LO, *HI to the rows of thread T of NT so that each thread gets
   about the same number of the POS[N] nonzeros.  */
static void
row_range (const sf_pos_t *pos, int64_t n, int t, int nt, int64_t *lo,
	   int64_t *hi)
{
  sf_pos_t total = pos[n];
  int64_t b[2];
  for (int e = 0; e < 2; e++)
    {
      sf_pos_t want = (sf_pos_t) ((double) total * (t + e) / nt);
      int64_t l = 0, h = n;
      while (l < h)
	{
	  int64_t mid = l + (h - l) / 2;
	  if (pos[mid] < want)
	    l = mid + 1;
	  else
	    h = mid;
	}
      b[e] = t + e == nt ? n : l;
    }
  *lo = b[0], *hi = b[1];
}

/* Return the dot product of A and B of length N: eight independent
   accumulators (two AVX2 vectors' worth), which gcc turns into vector
   FMAs without needing -ffast-math.  */
static inline double
dot (const double *restrict a, const double *restrict b, int64_t n)
{
  double s[8] = { 0 }, t = 0;
  int64_t k = 0;
  for (; k + 8 <= n; k += 8)
    for (int u = 0; u < 8; u++)
      s[u] += a[k + u] * b[k + u];
  for (; k < n; k++)
    t += a[k] * b[k];
  return ((s[0] + s[4]) + (s[1] + s[5])) + ((s[2] + s[6]) + (s[3] + s[7])) + t;
}

/* Y += S * X, length N.  */
static inline void
axpy (double *restrict y, double s, const double *restrict x, int64_t n)
{
  for (int64_t k = 0; k < n; k++)
    y[k] += s * x[k];
}

/* Y = T * G for row vector T (length K) and row-major G (K x N).  */
static inline void
vecmat (double *restrict y, const double *restrict t, const double *g,
	int64_t k, int64_t n)
{
  memset (y, 0, n * sizeof *y);
  for (int64_t q = 0; q < k; q++)
    axpy (y, t[q], g + q * n, n);
}

void
spmv_hand (const sf_csr *B, const double *x, double *y)
{
  const sf_pos_t *restrict pos = B->pos;
  const sf_crd_t *restrict crd = B->crd;
  const double *restrict v = B->vals, *restrict xx = x;
#pragma omp parallel
  {
    int64_t lo, hi;
    row_range (pos, B->nrows, omp_get_thread_num (), omp_get_num_threads (),
	       &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      {
	double s = 0;
	for (sf_pos_t p = pos[i]; p < pos[i + 1]; p++)
	  s += v[p] * xx[crd[p]];
	y[i] = s;
      }
  }
}

/* CSC: each thread scatters its share of the columns into a private
   vector; the vectors are then summed.  */
void
spmv_csc_hand (const sf_csc *B, const double *x, double *y)
{
  int64_t n = B->nrows;
  int nt = omp_get_max_threads ();
  double *part = nt > 1 ? calloc ((size_t) n * (nt - 1), sizeof *part) : NULL;
#pragma omp parallel
  {
    int t = omp_get_thread_num ();
    double *restrict yt = t == 0 || !part ? y : part + (t - 1) * n;
    int64_t lo, hi;
    row_range (B->pos, B->ncols, t, part ? omp_get_num_threads () : 1, &lo,
	       &hi);
    if (t == 0 || part)
      {
	if (t == 0)
	  memset (y, 0, n * sizeof *y);
	for (int64_t j = lo; j < hi; j++)
	  for (sf_pos_t p = B->pos[j]; p < B->pos[j + 1]; p++)
	    yt[B->crd[p]] += B->vals[p] * x[j];
      }
#pragma omp barrier
#pragma omp for
    for (int64_t i = 0; i < n; i++)
      for (int u = 1; part && u < nt; u++)
	y[i] += part[(u - 1) * n + i];
  }
  free (part);
}

/* Sorted COO: threads take equal shares of the entries, moved to row
   starts, and sum runs of one row in a register.  */
void
spmv_coo_hand (const sf_coo2 *B, const double *x, double *y)
{
  const sf_crd_t *restrict r = B->crd[0], *restrict c = B->crd[1];
  const double *restrict v = B->vals;
  int64_t nnz = B->nnz;
  memset (y, 0, B->dims[0] * sizeof *y);
#pragma omp parallel
  {
    int t = omp_get_thread_num (), nt = omp_get_num_threads ();
    int64_t lo = nnz * t / nt, hi = nnz * (t + 1) / nt;
    while (lo > 0 && lo < nnz && r[lo] == r[lo - 1])
      lo++;
    while (hi > 0 && hi < nnz && r[hi] == r[hi - 1])
      hi++;
    for (int64_t p = lo; p < hi;)
      {
	sf_crd_t i = r[p];
	double s = 0;
	for (; p < hi && r[p] == i; p++)
	  s += v[p] * x[c[p]];
	y[i] = s;
      }
  }
}

void
spmm_hand (const sf_csr *B, int64_t K, double (*C)[K], double (*A)[K])
{
#pragma omp parallel
  {
    int64_t lo, hi;
    row_range (B->pos, B->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      {
	double *restrict a = A[i];
	memset (a, 0, K * sizeof *a);
	for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	  axpy (a, B->vals[p], C[B->crd[p]], K);
      }
  }
}

void
sddmm_hand (const sf_csr *B, int64_t K, double (*C)[K], double (*D)[K],
	    sf_csr *A)
{
  double *restrict out = A->vals;
#pragma omp parallel
  {
    int64_t lo, hi;
    row_range (B->pos, B->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	out[p] = B->vals[p] * dot (C[i], D[B->crd[p]], K);
  }
}

/* Fused: one dot product per entry, then one axpy: O(nnz (K + L)).  */
void
gnn_hand (const sf_csr *B, int64_t K, int64_t L, double (*C)[K],
	  double (*D)[K], double (*E)[L], double (*A)[L])
{
#pragma omp parallel
  {
    int64_t lo, hi;
    row_range (B->pos, B->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      {
	double *restrict a = A[i];
	memset (a, 0, L * sizeof *a);
	for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	  {
	    sf_crd_t j = B->crd[p];
	    axpy (a, B->vals[p] * dot (C[i], D[j], K), E[j], L);
	  }
      }
  }
}

/* Row i of B C into t (K doubles), then A[i] = t D.  */
void
spmm_gemm_hand (const sf_csr *B, int64_t K, int64_t L, double (*C)[K],
		double (*D)[L], double (*A)[L])
{
#pragma omp parallel
  {
    double *t = malloc (K * sizeof *t);
    int64_t lo, hi;
    row_range (B->pos, B->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      {
	memset (t, 0, K * sizeof *t);
	for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	  axpy (t, B->vals[p], C[B->crd[p]], K);
	vecmat (A[i], t, &D[0][0], K, L);
      }
    free (t);
  }
}

/* t = sum over B's row of B(i,k) (C(k,:) .* D(k,:)), then A[i] = t E.  */
void
spmmh_gemm_hand (const sf_csr *B, int64_t J, int64_t L, double (*C)[J],
		 double (*D)[J], double (*E)[L], double (*A)[L])
{
#pragma omp parallel
  {
    double *restrict t = malloc (J * sizeof *t);
    int64_t lo, hi;
    row_range (B->pos, B->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      {
	memset (t, 0, J * sizeof *t);
	for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	  {
	    const double *restrict c = C[B->crd[p]], *restrict d = D[B->crd[p]];
	    double v = B->vals[p];
	    for (int64_t j = 0; j < J; j++)
	      t[j] += v * c[j] * d[j];
	  }
	vecmat (A[i], t, &E[0][0], J, L);
      }
    free (t);
  }
}

/* GNN row into t (L doubles), then A[i] = t F.  */
void
sddmm_spmm_gemm_hand (const sf_csr *B, int64_t K, int64_t L, int64_t M,
		      double (*C)[K], double (*D)[K], double (*E)[L],
		      double (*F)[M], double (*A)[M])
{
#pragma omp parallel
  {
    double *t = malloc (L * sizeof *t);
    int64_t lo, hi;
    row_range (B->pos, B->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      {
	memset (t, 0, L * sizeof *t);
	for (sf_pos_t p = B->pos[i]; p < B->pos[i + 1]; p++)
	  {
	    sf_crd_t j = B->crd[p];
	    axpy (t, B->vals[p] * dot (C[i], D[j], K), E[j], L);
	  }
	vecmat (A[i], t, &F[0][0], L, M);
      }
    free (t);
  }
}

/* Zero the rows of the N x W matrix A in parallel.  */
static void
zero_rows (double *a, int64_t n, int64_t w)
{
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++)
    memset (a + i * w, 0, w * sizeof *a);
}

/* Per (i, j) fiber: t = sum_k B(i,j,k) D(k,:), then A[i] += t .* C(j,:).  */
void
mttkrp_hand (const sf_csf3 *B, int64_t R, double (*C)[R], double (*D)[R],
	     double (*A)[R])
{
  zero_rows (&A[0][0], B->dims[0], R);
#pragma omp parallel
  {
    double *restrict t = malloc (R * sizeof *t);
#pragma omp for schedule(dynamic, 16)
    for (sf_pos_t pi = 0; pi < B->pos[0][1]; pi++)
      {
	double *restrict a = A[B->crd[0][pi]];
	for (sf_pos_t pj = B->pos[1][pi]; pj < B->pos[1][pi + 1]; pj++)
	  {
	    const double *restrict c = C[B->crd[1][pj]];
	    sf_pos_t pk0 = B->pos[2][pj];
	    if (B->pos[2][pj + 1] == pk0 + 1)
	      {
		/* A fiber of one entry (common in power-law tensors): no
		   temporary.  */
		const double *restrict d = D[B->crd[2][pk0]];
		double v = B->vals[pk0];
		for (int64_t r = 0; r < R; r++)
		  a[r] += v * d[r] * c[r];
		continue;
	      }
	    memset (t, 0, R * sizeof *t);
	    for (sf_pos_t pk = B->pos[2][pj]; pk < B->pos[2][pj + 1]; pk++)
	      axpy (t, B->vals[pk], D[B->crd[2][pk]], R);
	    for (int64_t r = 0; r < R; r++)
	      a[r] += t[r] * c[r];
	  }
      }
    free (t);
  }
}

/* Per i: t = MTTKRP row (u per (i,k) fiber), then A[i] = t E.  */
void
mttkrp_gemm_hand (const sf_csf3 *B, int64_t J, int64_t M, double (*C)[J],
		  double (*D)[J], double (*E)[M], double (*A)[M])
{
  zero_rows (&A[0][0], B->dims[0], M);
#pragma omp parallel
  {
    double *restrict t = malloc (2 * J * sizeof *t), *restrict u = t + J;
#pragma omp for schedule(dynamic, 16)
    for (sf_pos_t pi = 0; pi < B->pos[0][1]; pi++)
      {
	memset (t, 0, J * sizeof *t);
	for (sf_pos_t pk = B->pos[1][pi]; pk < B->pos[1][pi + 1]; pk++)
	  {
	    const double *restrict d = D[B->crd[1][pk]];
	    memset (u, 0, J * sizeof *u);
	    for (sf_pos_t pl = B->pos[2][pk]; pl < B->pos[2][pk + 1]; pl++)
	      axpy (u, B->vals[pl], C[B->crd[2][pl]], J);
	    for (int64_t j = 0; j < J; j++)
	      t[j] += u[j] * d[j];
	  }
	vecmat (A[B->crd[0][pi]], t, &E[0][0], J, M);
      }
    free (t);
  }
}

/* Per (i,j) fiber u = sum_k B E(k,:); per i fiber W += D(j,:)^T u; then
   a thread-private Y += C(i,:)^T W; the Y are summed into A.  */
void
ttmc_hand (const sf_csf3 *B, int64_t L, int64_t M, int64_t N,
	   double (*C)[L], double (*D)[M], double (*E)[N], double (*A)[M][N])
{
  int64_t mn = M * N, lmn = L * M * N;
  memset (A, 0, lmn * sizeof (double));
#pragma omp parallel
  {
    double *y = calloc (lmn + mn + N, sizeof *y), *w = y + lmn, *u = w + mn;
#pragma omp for schedule(dynamic, 4)
    for (sf_pos_t pi = 0; pi < B->pos[0][1]; pi++)
      {
	memset (w, 0, mn * sizeof *w);
	for (sf_pos_t pj = B->pos[1][pi]; pj < B->pos[1][pi + 1]; pj++)
	  {
	    const double *d = D[B->crd[1][pj]];
	    memset (u, 0, N * sizeof *u);
	    for (sf_pos_t pk = B->pos[2][pj]; pk < B->pos[2][pj + 1]; pk++)
	      axpy (u, B->vals[pk], E[B->crd[2][pk]], N);
	    for (int64_t m = 0; m < M; m++)
	      axpy (w + m * N, d[m], u, N);
	  }
	const double *c = C[B->crd[0][pi]];
	for (int64_t l = 0; l < L; l++)
	  axpy (y + l * mn, c[l], w, mn);
      }
#pragma omp critical
    axpy (&A[0][0][0], 1.0, y, lmn);
    free (y);
  }
}

/* Per (i,j) fiber: u = sum_k B C(k,:), then the fiber's row = u D.  */
void
spttm_spttm_hand (const sf_csf3 *B, int64_t L, int64_t M, double (*C)[L],
		  double (*D)[M], bench_ccd *A)
{
  const sf_pos_t *pj_of = B->pos[1];
#pragma omp parallel
  {
    double *u = malloc (L * sizeof *u);
    int64_t lo, hi;
    row_range (pj_of, B->pos[0][1], omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (sf_pos_t pj = pj_of[lo]; pj < pj_of[hi]; pj++)
      {
	memset (u, 0, L * sizeof *u);
	for (sf_pos_t pk = B->pos[2][pj]; pk < B->pos[2][pj + 1]; pk++)
	  axpy (u, B->vals[pk], C[B->crd[2][pk]], L);
	vecmat (A->vals + pj * M, u, &D[0][0], L, M);
      }
    free (u);
  }
}

/* D transposed once per call into a buffer kept between calls, so that
   each entry's dot product reads two contiguous rows.  */
void
react_hand (const sf_csr *B, const sf_csr *E, int64_t K, int64_t N,
	    double (*C)[K], double (*D)[N], sf_csr *A)
{
  static double *dt;
  static size_t dt_size;
  if (dt_size < (size_t) (N * K))
    {
      free (dt);
      dt = malloc (N * K * sizeof *dt);
      dt_size = N * K;
    }
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (int64_t j = 0; j < N; j++)
      for (int64_t k = 0; k < K; k++)
	dt[j * K + k] = D[k][j];
    int64_t lo, hi;
    row_range (A->pos, A->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      {
	sf_pos_t pb = B->pos[i], pe = E->pos[i];
	sf_pos_t eb = B->pos[i + 1], ee = E->pos[i + 1];
	for (sf_pos_t q = A->pos[i]; q < A->pos[i + 1]; q++)
	  {
	    sf_crd_t j = A->crd[q];
	    double v = 0;
	    if (pb < eb && B->crd[pb] == j)
	      v += B->vals[pb++];
	    if (pe < ee && E->crd[pe] == j)
	      v += E->vals[pe++];
	    A->vals[q] = v * dot (C[i], dt + (int64_t) j * K, K);
	  }
      }
  }
}

/* Add the row of S at [P, END) into the union row (CRD, V) of length N.  */
static inline void
scatter_row (const sf_csr *s, sf_pos_t p, sf_pos_t end,
	     const sf_crd_t *restrict crd, double *restrict v)
{
  sf_pos_t q = 0;
  for (; p < end; p++)
    {
      while (crd[q] != s->crd[p])
	q++;
      v[q] += s->vals[p];
    }
}

void
sum3_hand (const sf_csr *B, const sf_csr *C, const sf_csr *D, sf_csr *A)
{
#pragma omp parallel
  {
    int64_t lo, hi;
    row_range (A->pos, A->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t i = lo; i < hi; i++)
      {
	const sf_crd_t *crd = A->crd + A->pos[i];
	double *v = A->vals + A->pos[i];
	memset (v, 0, (A->pos[i + 1] - A->pos[i]) * sizeof *v);
	scatter_row (B, B->pos[i], B->pos[i + 1], crd, v);
	scatter_row (C, C->pos[i], C->pos[i + 1], crd, v);
	scatter_row (D, D->pos[i], D->pos[i + 1], crd, v);
      }
  }
}

/* w = s^T C with s the row sums of B, each thread over its share of B's
   rows into its own w, added up; then A = x w^T.  */
void
rank1_hand (const sf_csr *B, int64_t I, int64_t L, const double *x,
	    double (*C)[L], double (*A)[L])
{
  double *w = calloc (L, sizeof *w);
#pragma omp parallel
  {
    double *restrict t = calloc (L, sizeof *t);
    int64_t lo, hi;
    row_range (B->pos, B->nrows, omp_get_thread_num (),
	       omp_get_num_threads (), &lo, &hi);
    for (int64_t k = lo; k < hi; k++)
      {
	double s = 0;
	for (sf_pos_t p = B->pos[k]; p < B->pos[k + 1]; p++)
	  s += B->vals[p];
	axpy (t, s, C[k], L);
      }
#pragma omp critical
    axpy (w, 1.0, t, L);
#pragma omp barrier
#pragma omp for schedule(static)
    for (int64_t i = 0; i < I; i++)
      {
	double *restrict a = A[i];
	for (int64_t l = 0; l < L; l++)
	  a[l] = x[i] * w[l];
      }
    free (t);
  }
  free (w);
}

void
vecmul_hand (const bench_svec *b, const double *c, const bench_svec *d,
	     double *a)
{
  const sf_crd_t *restrict bc = b->crd, *restrict dc = d->crd;
  sf_pos_t pb = b->pos[0], eb = b->pos[1];
  memset (a, 0, d->n * sizeof *a);
  for (sf_pos_t q = d->pos[0]; q < d->pos[1]; q++)
    {
      sf_crd_t i = dc[q];
      while (pb < eb && bc[pb] < i)
	pb++;
      double bv = pb < eb && bc[pb] == i ? b->vals[pb] : 0;
      a[i] = (bv + c[i]) * d->vals[q];
    }
}

/* Scatter the CSF tensor X (modes a, b, c) into dense OUT so that entry
   (a, b, c) lands at OUT[a * SA + b * SB + c * SC].  */
static void
csf_to_dense (const sf_csf3 *x, double *out, int64_t sa, int64_t sb,
	      int64_t sc)
{
  for (sf_pos_t p0 = 0; p0 < x->pos[0][1]; p0++)
    for (sf_pos_t p1 = x->pos[1][p0]; p1 < x->pos[1][p0 + 1]; p1++)
      for (sf_pos_t p2 = x->pos[2][p1]; p2 < x->pos[2][p1 + 1]; p2++)
	out[x->crd[0][p0] * sa + x->crd[1][p1] * sb + x->crd[2][p2] * sc]
	  = x->vals[p2];
}

/* Contract in the order CoNST picks for small extents: per i,
   W(q,r,j) = sum_p A(i,p,q) B(j,p,r) with B scattered dense as (p,r,j);
   then each stored C(k,q,r) adds C(k,q,r) W(q,r,:) .* D(:,k,r) to row k of
   a K x J block, D scattered dense as (k,r,j).  */
void
network_hand (const sf_csf3 *A, const sf_csf3 *B, const sf_csf3 *C,
	      const sf_csf3 *D, int64_t NJ, int64_t NK, double (*T)[NJ][NK])
{
  int64_t P = A->dims[1], Q = A->dims[2], R = B->dims[2];
  double *bd = calloc (P * R * NJ + NK * R * NJ, sizeof *bd);
  double *dd = bd + P * R * NJ;
  csf_to_dense (B, bd, 1, R * NJ, NJ);       /* B(j,p,r) -> bd[p][r][j] */
  csf_to_dense (D, dd, 1, R * NJ, NJ);       /* D(j,k,r) -> dd[k][r][j] */
  memset (T, 0, A->dims[0] * NJ * NK * sizeof (double));
#pragma omp parallel
  {
    double *w = malloc ((Q * R * NJ + NK * NJ) * sizeof *w), *tk = w + Q * R * NJ;
#pragma omp for schedule(dynamic, 1)
    for (sf_pos_t ai = 0; ai < A->pos[0][1]; ai++)
      {
	memset (w, 0, (Q * R * NJ + NK * NJ) * sizeof *w);
	for (sf_pos_t ap = A->pos[1][ai]; ap < A->pos[1][ai + 1]; ap++)
	  for (sf_pos_t aq = A->pos[2][ap]; aq < A->pos[2][ap + 1]; aq++)
	    axpy (w + A->crd[2][aq] * R * NJ, A->vals[aq],
		  bd + A->crd[1][ap] * R * NJ, R * NJ);
	for (sf_pos_t ck = 0; ck < C->pos[0][1]; ck++)
	  for (sf_pos_t cq = C->pos[1][ck]; cq < C->pos[1][ck + 1]; cq++)
	    for (sf_pos_t cr = C->pos[2][cq]; cr < C->pos[2][cq + 1]; cr++)
	      {
		int64_t k = C->crd[0][ck], q = C->crd[1][cq], r = C->crd[2][cr];
		const double *restrict wq = w + (q * R + r) * NJ;
		const double *restrict dk = dd + (k * R + r) * NJ;
		double *restrict t = tk + k * NJ, c = C->vals[cr];
		for (int64_t j = 0; j < NJ; j++)
		  t[j] += c * wq[j] * dk[j];
	      }
	double (*ti)[NK] = T[A->crd[0][ai]];
	for (int64_t k = 0; k < NK; k++)
	  for (int64_t j = 0; j < NJ; j++)
	    ti[j][k] = tk[k * NJ + j];
      }
    free (w);
  }
  free (bd);
}
