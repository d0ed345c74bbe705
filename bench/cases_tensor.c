/* cases_tensor.c: the kernels whose input is a 3-tensor B (CSF, mode order
   (0, 1, 2)), and the tensor network on four generated tensors.  Dense
   operands are uniform in [-1, 1) with one seed per operand.  */

#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define T_ (&o->in->T)
#define X(n) ((void *) o->dense[n])
#define DIM(m) (o->in->T.dims[m])

/* Allocate dense operand N of R x C doubles with seed 100 + N.  */
static int
dense (bench_ops *o, int n, int64_t r, int64_t c)
{
  o->dense_shape[n][0] = r, o->dense_shape[n][1] = c;
  o->dense[n] = bench_dense ((size_t) (r * c), 100 + n);
  return o->dense[n] ? 0 : -1;
}

static int
output (bench_ops *o, size_t n)
{
  o->nout = n;
  o->out = malloc ((n + 1) * sizeof *o->out);
  return o->out ? 0 : -1;
}

static int
setup_mttkrp (bench_ops *o)
{
  return dense (o, 0, DIM (1), o->K) || dense (o, 1, DIM (2), o->K)
	 || output (o, DIM (0) * o->K);
}
DEF_RUNS (mttkrp, (T_, o->K, X (0), X (1), (void *) o->out))

/* B(i,k,l): C is (dim 2) x J, D is (dim 1) x J, E is J x M.  */
static int
setup_mttkrp_gemm (bench_ops *o)
{
  return dense (o, 0, DIM (2), o->K) || dense (o, 1, DIM (1), o->K)
	 || dense (o, 2, o->K, o->L) || output (o, DIM (0) * o->L);
}
DEF_RUNS (mttkrp_gemm, (T_, o->K, o->L, X (0), X (1), X (2),
			(void *) o->out))

static int
setup_ttmc (bench_ops *o)
{
  return dense (o, 0, DIM (0), o->K) || dense (o, 1, DIM (1), o->L)
	 || dense (o, 2, DIM (2), o->M) || output (o, o->K * o->L * o->M);
}
DEF_RUNS (ttmc, (T_, o->K, o->L, o->M, X (0), X (1), X (2),
		 (void *) o->out))

/* A shares B's first two levels; its values are ops->out.  */
static int
setup_spttm_spttm (bench_ops *o)
{
  const sf_csf *t = T_;
  int64_t fibers = t->pos[1][t->pos[0][1]];
  if (dense (o, 0, DIM (2), o->K) || dense (o, 1, o->K, o->L)
      || output (o, fibers * o->L))
    return -1;
  o->At.dims[0] = DIM (0), o->At.dims[1] = DIM (1), o->At.dims[2] = o->L;
  for (int l = 0; l < 2; l++)
    o->At.pos[l] = t->pos[l], o->At.crd[l] = t->crd[l];
  o->At.vals = o->out;
  return 0;
}
DEF_RUNS (spttm_spttm, (T_, o->K, o->L, X (0), X (1), &o->At))

#define NET_(n) (&o->in->net[n])
static int
setup_network (bench_ops *o)
{
  return output (o, NET_ (0)->dims[0] * NET_ (1)->dims[0] * NET_ (2)->dims[0]);
}
DEF_RUNS (network, (NET_ (0), NET_ (1), NET_ (2), NET_ (3), NET_ (1)->dims[0],
		    NET_ (2)->dims[0], (void *) o->out))

const bench_case bench_tensor_cases[] = {
  { "mttkrp", "A(i,r) = B(i,j,k) * C(j,r) * D(k,r)",
    "matricized tensor times Khatri-Rao product (CP decomposition)", 3,
    setup_mttkrp, { RUNS (mttkrp), NULL }, NULL, "R:K", "C D" },
  { "mttkrp_gemm", "A(i,m) = B(i,k,l) * C(l,j) * D(k,j) * E(j,m)",
    "MTTKRP,GEMM: MTTKRP followed by a dense projection", 3,
    setup_mttkrp_gemm, { RUNS (mttkrp_gemm), NULL }, NULL, "J:K M:L",
    "C D E" },
  { "ttmc", "A(l,m,n) = B(i,j,k) * C(i,l) * D(j,m) * E(k,n)",
    "TTMc: tensor times a matrix in every mode (Tucker decomposition)", 3,
    setup_ttmc, { RUNS (ttmc), NULL }, NULL, "L:M M:M N:M", "C D E" },
  { "spttm_spttm", "A(i,j,m) = B(i,j,k) * C(k,l) * D(l,m)",
    "SpTTM,SpTTM: two tensor-times-matrix in mode 3, output on B's fibers",
    3, setup_spttm_spttm, { RUNS (spttm_spttm), NULL }, NULL, "L:K M:L",
    "C D" },
  { "network", "T(i,j,k) = A(i,p,q) * B(j,p,r) * C(k,q,r) * D(j,k,r)",
    "tensor network (CoNST): four sparse 3-tensors contracted to a dense one",
    0, setup_network, { RUNS (network), NULL }, NULL, "", "" },
  { NULL }
};
