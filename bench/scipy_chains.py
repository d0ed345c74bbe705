#!/usr/bin/python3
"""SciPy/NumPy baselines: the library approach to each kernel, one
library call per binary operation with full temporaries.

Run by the driver (bench/driver.c) on operands it wrote to DIR:

    /usr/bin/python3 bench/scipy_chains.py KERNEL DIR REPS CAP
    /usr/bin/python3 bench/scipy_chains.py --list

DIR/manifest.txt names the operands (B as CSR or COO, dense C, D, ...).
The script runs the kernel once (warm-up), then up to REPS timed runs
(stopping after CAP seconds), and writes DIR/out.bin (the result, in the
driver's layout) and DIR/times.txt (seconds per run).  The driver checks
the result against the annotated loop's before it reports a time.

SciPy has sparse matrices but no sparse tensors: tensor kernels use COO
index arrays with NumPy gathers and a sparse matrix for the segmented
sums; all are processed in chunks of about 2^22 gathered values, so
temporaries stay bounded.  The tensor network has no SciPy formulation.
"""
import os
import sys
import time

import numpy as np
import scipy.sparse as sp

CHUNK = 1 << 22


def load(folder):
    """Return a dict of the operands listed in FOLDER/manifest.txt."""
    ops = {}

    def arr(name, dtype):
        return np.fromfile(os.path.join(folder, name + ".bin"), dtype=dtype)

    for line in open(os.path.join(folder, "manifest.txt")):
        f = line.split()
        if f[0] in ("dims", "out"):
            ops[f[0]] = [int(x) for x in f[1:]]
            continue
        name, kind, nums = f[0], f[1], [int(x) for x in f[2:]]
        if kind == "csr":
            rows, cols, _ = nums
            vals = arr(name + "_vals", np.float64)
            crd = arr(name + "_crd", np.int32)
            if vals.size != crd.size:
                vals = np.ones(crd.size)
            ops[name] = sp.csr_matrix((vals, crd, arr(name + "_pos", np.int64)),
                                      shape=(rows, cols))
        elif kind == "svec":
            n, nnz = nums
            ops[name] = sp.csr_matrix(
                (arr(name + "_vals", np.float64), arr(name + "_crd", np.int32),
                 np.array([0, nnz])), shape=(1, n))
        elif kind == "coo":
            order = nums[0]
            ops[name] = ([arr("%s_i%d" % (name, m), np.int32).astype(np.int64)
                          for m in range(order)],
                         arr(name + "_vals", np.float64), nums[2:])
        else:
            ops[name] = arr(name, np.float64).reshape(nums[0], nums[1])
    return ops


def chunks(n, width):
    """Yield slices of range(N) holding about CHUNK / WIDTH items each."""
    step = max(1, CHUNK // max(1, width))
    for s in range(0, n, step):
        yield slice(s, min(n, s + step))


def sddmm_on(pattern, c, d):
    """Return B .* (C D^T) on PATTERN's entries as a CSR matrix."""
    coo = pattern.tocoo()
    vals = np.empty(coo.nnz)
    for s in chunks(coo.nnz, c.shape[1]):
        vals[s] = np.einsum("pk,pk->p", c[coo.row[s]], d[coo.col[s]])
    return sp.csr_matrix((coo.data * vals, pattern.indices, pattern.indptr),
                         shape=pattern.shape)


def on_pattern(m, pattern):
    """Return the values of M at the entries of PATTERN, in its order."""
    m = m.tocsr()
    m.sort_indices()
    mc = m.tocoo()
    pc = pattern.tocoo()
    key = mc.row.astype(np.int64) * m.shape[1] + mc.col
    want = pc.row.astype(np.int64) * m.shape[1] + pc.col
    at = np.searchsorted(key, want)
    at = np.minimum(at, max(0, key.size - 1))
    vals = m.data[at] if key.size else np.zeros(want.size)
    return np.where(key[at] == want, vals, 0.0) if key.size else vals


def segment_sum(seg, nseg, vals):
    """Return the rows of VALS summed by segment id SEG (NSEG segments)."""
    m = sp.csr_matrix((np.ones(seg.size), (seg, np.arange(seg.size))),
                      shape=(nseg, seg.size))
    return m @ vals


def mttkrp_rows(t, c, d, first, second):
    """Return sum over entries of B of v * C[mode FIRST] .* D[mode SECOND],
    grouped by mode 0."""
    idx, vals, dims = t
    out = np.zeros((dims[0], c.shape[1]))
    for s in chunks(vals.size, c.shape[1]):
        g = vals[s, None] * c[idx[first][s]] * d[idx[second][s]]
        out += segment_sum(idx[0][s], dims[0], g)
    return out


def fibers(t):
    """Return (fiber id of each entry, number of fibers) for the (i, j)
    fibers of the sorted COO tensor T."""
    idx = t[0]
    new = np.ones(idx[0].size, dtype=bool)
    new[1:] = (idx[0][1:] != idx[0][:-1]) | (idx[1][1:] != idx[1][:-1])
    fid = np.cumsum(new) - 1
    return fid, int(fid[-1]) + 1 if fid.size else 0


def ttmc(t, c, d, e):
    """Return the L x M x N Tucker core: per chunk, the (entry, l*m) outer
    products times the gathered rows of E (a GEMM)."""
    idx, vals, _ = t
    lm = c.shape[1] * d.shape[1]
    out = np.zeros((lm, e.shape[1]))
    for s in chunks(vals.size, lm):
        x = (vals[s, None] * c[idx[0][s]])[:, :, None] * d[idx[1][s]][:, None, :]
        out += x.reshape(-1, lm).T @ e[idx[2][s]]
    return out


def spttm_spttm(t, c, d):
    """Return the (i, j)-fiber rows of (B x_3 C) x_3 D."""
    idx, vals, _ = t
    fid, nfib = fibers(t)
    u = np.zeros((nfib, c.shape[1]))
    for s in chunks(vals.size, c.shape[1]):
        u += segment_sum(fid[s], nfib, vals[s, None] * c[idx[2][s]])
    return u @ d


KERNELS = {
    "spmv": lambda o: o["B"] @ o["x"].ravel(),
    "spmm": lambda o: o["B"] @ o["C"],
    "sddmm": lambda o: sddmm_on(o["B"], o["C"], o["D"]).data,
    "gnn": lambda o: sddmm_on(o["B"], o["C"], o["D"]) @ o["E"],
    "spmm_gemm": lambda o: (o["B"] @ o["C"]) @ o["D"],
    "spmmh_gemm": lambda o: (o["B"] @ (o["C"] * o["D"])) @ o["E"],
    "sddmm_spmm_gemm":
        lambda o: (sddmm_on(o["B"], o["C"], o["D"]) @ o["E"]) @ o["F"],
    "react": lambda o: sddmm_on(o["B"] + o["S0"], o["C"], o["D"].T.copy()),
    "sum3": lambda o: o["B"] + o["S0"] + o["S1"],
    "vecmul": lambda o: o["v1"].multiply(o["v0"] + o["c"].T),
    "rank1": lambda o: np.outer(o["x"].ravel(),
                                np.asarray(o["B"].sum(axis=1)).ravel()
                                @ o["C"]),
    "mttkrp": lambda o: mttkrp_rows(o["B"], o["C"], o["D"], 1, 2),
    "mttkrp_gemm": lambda o: mttkrp_rows(o["B"], o["C"], o["D"], 2, 1) @ o["E"],
    "ttmc": lambda o: ttmc(o["B"], o["C"], o["D"], o["E"]),
    "spttm_spttm": lambda o: spttm_spttm(o["B"], o["C"], o["D"]),
}


def flatten(kernel, ops, result):
    """Return RESULT as the driver's flat output array."""
    if kernel in ("react", "sum3"):
        return on_pattern(result, ops["A"])
    if sp.issparse(result):
        result = result.toarray()
    return np.ascontiguousarray(result, dtype=np.float64).ravel()


def main(argv):
    if argv[1:] == ["--list"]:
        print("\n".join(sorted(KERNELS)))
        return 0
    kernel, folder, reps, cap = argv[1], argv[2], int(argv[3]), float(argv[4])
    ops = load(folder)
    fn = KERNELS[kernel]
    result = fn(ops)
    out = flatten(kernel, ops, result)
    if out.size != ops["out"][0]:
        print("scipy_chains: %s: %d values, expected %d"
              % (kernel, out.size, ops["out"][0]), file=sys.stderr)
        return 1
    out.tofile(os.path.join(folder, "out.bin"))
    times, spent = [], 0.0
    while len(times) < reps and (not times or spent < cap):
        t0 = time.perf_counter()
        fn(ops)
        times.append(time.perf_counter() - t0)
        spent += times[-1]
    with open(os.path.join(folder, "times.txt"), "w") as f:
        f.write("".join("%.9g\n" % t for t in times))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
