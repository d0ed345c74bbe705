#!/usr/bin/python3
"""Turn the measurements of bench/run.sh into the performance report.

    /usr/bin/python3 bench/report.py MODE RESULTS_DIR KOBJ_DIR OUT_DIR

Reads RESULTS_DIR/{machine.txt, stream.csv, compile.csv, kernels.csv,
results.csv, scaling.csv, load.csv} and the plugin's reports KOBJ_DIR/
NAME-SCHEDULE.log; writes OUT_DIR/MODE.md (the report), OUT_DIR/MODE.csv
(every measurement) and OUT_DIR/MODE-speedup-1t.png, -2t.png and
-scaling.png (matplotlib, Agg backend).

Speedups are t(plain loop, 1 thread) / t(variant, T threads): the plain
loop is the annotated loop compiled without the plugin, which is serial,
written as careful code is; "untidy", where a kernel file has it, is the
same loop written less carefully (a second serial baseline).
Per kernel, speedups over several inputs are combined by geometric mean.
A plugin variant whose region was kept (the plugin's warning) shows the
warning instead of a time; a variant whose result disagreed with the
plain loop shows "wrong" and never a time.
"""
import csv
import math
import os
import re
import shutil
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

VARIANTS = ["plain", "untidy", "naive", "unfused", "auto", "hand",
            "graphblas", "scipy"]
SHOWN = VARIANTS[1:]
SERIAL = ("plain", "untidy")
LABEL = {"plain": "loop (no plugin)",
         "untidy": "loop written untidily (no plugin)",
         "naive": "plugin naive",
         "unfused": "plugin unfused", "auto": "plugin auto",
         "hand": "hand-written", "graphblas": "GraphBLAS", "scipy": "SciPy"}
BANDWIDTH_KERNELS = ("spmv", "spmv_csc", "spmv_coo", "spmm")


def read_csv(path):
    """Return the rows of the CSV file PATH as dicts ([] if absent)."""
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def read_facts(path):
    """Return machine.txt as an ordered dict."""
    facts = {}
    for line in open(path):
        key, _, value = line.partition(": ")
        facts[key] = value.strip()
    return facts


def kept_warnings(kobj):
    """Return {(kernel, schedule): message} for regions the plugin kept."""
    kept = {}
    if not os.path.isdir(kobj):
        return kept
    for name in os.listdir(kobj):
        m = re.match(r"(.+)-(naive|unfused|auto)\.log$", name)
        if not m:
            continue
        for line in open(os.path.join(kobj, name)):
            if "keeps the original" in line:
                kept[(m.group(1), m.group(2))] = line.split("warning: ", 1)[-1].strip()
                break
    return kept


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def fmt_x(x):
    if x is None:
        return "n/a"
    return "%.2fx" % x if x < 100 else "%.0fx" % x


def fmt_t(s):
    if s >= 1:
        return "%.2f s" % s
    if s >= 1e-3:
        return "%.2f ms" % (s * 1e3)
    return "%.1f us" % (s * 1e6)


class Results:
    """The measurements, indexed by (kernel, input, threads, variant)."""

    def __init__(self, rows, kept):
        self.rows = rows
        self.kept = kept
        self.at = {(r["kernel"], r["input"], int(r["threads"]), r["variant"]): r
                   for r in rows}
        self.kernels = list(dict.fromkeys(r["kernel"] for r in rows))
        self.threads = sorted({int(r["threads"]) for r in rows})

    def inputs(self, kernel):
        return list(dict.fromkeys(r["input"] for r in self.rows
                                  if r["kernel"] == kernel))

    def time(self, kernel, inp, threads, variant):
        """Return the median seconds, or None if there is no good time."""
        r = self.at.get((kernel, inp, 1 if variant in SERIAL else threads,
                         variant))
        if not r or r["status"] != "ok" or not r["median_s"]:
            return None
        if (kernel, variant) in self.kept:
            return None
        return float(r["median_s"])

    def cell(self, kernel, inp, threads, variant):
        """Return the table text for one variant: a time, n/a, kept, wrong."""
        if (kernel, variant) in self.kept:
            return "kept"
        r = self.at.get((kernel, inp, 1 if variant in SERIAL else threads,
                         variant))
        if not r:
            return "-"
        if r["status"] == "ok":
            t = float(r["median_s"])
            runs = int(r["runs"])
            return fmt_t(t) + ("" if runs >= 5 else " (%d runs)" % runs)
        return r["status"]

    def speedup(self, kernel, inp, threads, variant):
        base = self.time(kernel, inp, 1, "plain")
        t = self.time(kernel, inp, threads, variant)
        return base / t if base and t else None

    def mean_speedup(self, kernel, threads, variant):
        return geomean([self.speedup(kernel, i, threads, variant)
                        for i in self.inputs(kernel)])

    def ratio(self, kernel, threads, num, den):
        """Geometric mean over inputs of t(NUM) / t(DEN); NUM may be a
        list (the fastest of them is taken per input)."""
        out = []
        for i in self.inputs(kernel):
            ts = [self.time(kernel, i, threads, v) for v in
                  (num if isinstance(num, list) else [num])]
            ts = [t for t in ts if t]
            d = self.time(kernel, i, threads, den)
            if ts and d:
                out.append(min(ts) / d)
        return geomean(out)


def md_table(head, rows):
    """Return a Markdown table."""
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join("---" for _ in head) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out) + "\n"


def section_machine(facts, stream, load):
    bw = {(int(r["threads"]), r["kernel"]): float(r["gbytes_per_s"])
          for r in stream}
    rows = [["CPU", facts.get("cpu", "?")], ["cores", facts.get("cores", "?")],
            ["caches", facts.get("caches", "?")],
            ["memory", facts.get("memory", "?")]]
    for t in sorted({t for t, _ in bw}):
        rows.append(["STREAM bandwidth, %d thread%s" % (t, "s" * (t > 1)),
                     "copy %.1f GB/s, triad %.1f GB/s"
                     % (bw.get((t, "copy"), 0), bw.get((t, "triad"), 0))])
    rows += [["OS kernel", facts.get("kernel", "?")],
             ["compiler", facts.get("compiler", "?")],
             ["flags (every variant)", "`%s`" % facts.get("flags", "?")],
             ["plugin variants", "`%s`" % facts.get("plugin", "?")],
             ["OpenMP", facts.get("openmp", "?")],
             ["libraries", "GraphBLAS %s; %s; BLAS %s"
              % (facts.get("graphblas", "?"), facts.get("scipy", "?"),
                 facts.get("blas", "?"))],
             ["date", facts.get("date", "?")],
             ["runs", facts.get("mode", "?")],
             ["load average (1, 5, 15 min)", "before %s; after %s; 1-min "
              "load as each input started: %s"
              % (facts.get("load_before", "?"), facts.get("load_after", "?"),
                 ", ".join("%s" % r[1] for r in load) or "?")]]
    return "## Machine\n\n" + md_table(["", ""], rows)


def worst(res, kernel, threads, num, den):
    """Return (the smallest t(NUM) / t(DEN) over inputs, its input)."""
    pairs = []
    for i in res.inputs(kernel):
        a, b = res.time(kernel, i, threads, num), res.time(kernel, i, threads, den)
        if a and b:
            pairs.append((a / b, i))
    return min(pairs) if pairs else (None, None)


def section_bars(res, scaling, stream, compile_rows, l3_bytes):
    """The quality bars of the specification, each with what this run
    measured and whether it holds."""
    def verdict(ok):
        return "n/a" if ok is None else ("met" if ok else "**not met**")

    rows = []
    gnn = [r for r in res.rows + scaling if r["kernel"] == "gnn"
           and r["dims"] == "K=64 L=64"]
    sub = Results(gnn, res.kept)
    sp = [sub.speedup("gnn", i, 1, "auto") for i in sub.inputs("gnn")]
    sp = [x for x in sp if x]
    rows.append(["SDDMM,SpMM, K = L = 64: auto >= 15x the loop, 1 thread",
                 ", ".join("%.1fx on %s" % (x, i) for x, i in
                           zip(sp, sub.inputs("gnn"))) or "not measured",
                 verdict(min(sp) >= 15 if sp else None)])
    for k in ("spmv", "spmm", "sddmm", "mttkrp"):
        if k not in res.kernels:
            continue
        lo, at = worst(res, k, 1, "plain", "auto")
        rows.append(["`%s`: auto never slower than the loop (1 thread)" % k,
                     "worst %s (%s)" % (fmt_x(lo), at) if lo else "n/a",
                     verdict(lo >= 1 if lo else None)])
        lo, at = worst(res, k, 1, "hand", "auto")
        rows.append(["`%s`: auto within 10%% of hand-written (1 thread)" % k,
                     "worst t(hand)/t(auto) %s (%s)" % (fmt_x(lo), at)
                     if lo else "n/a",
                     verdict(lo >= 1 / 1.1 if lo else None)])
    bw = {int(r["threads"]): float(r["gbytes_per_s"]) for r in stream
          if r["kernel"] == "triad"}
    fr = []
    for i in res.inputs("spmv"):
        for t in res.threads:
            r = res.at.get(("spmv", i, t, "auto"))
            tm = res.time("spmv", i, t, "auto")
            if r and tm and float(r["bytes"]) > l3_bytes and t in bw:
                fr.append((float(r["bytes"]) / tm / 1e9 / bw[t], i, t))
    rows.append(["SpMV (auto) >= 70% of STREAM triad, inputs larger than L3",
                 ", ".join("%.0f%% on %s at %dT" % (100 * f, i, t)
                           for f, i, t in fr) or "no out-of-cache input",
                 verdict(max(f for f, _, _ in fr) >= 0.7 if fr else None)])
    # The auto schedule against the other schedules the plugin can make;
    # kernels where they generate the same code differ by timing noise
    # only, hence 5% of slack.
    unf = []
    for k in res.kernels:
        lo, at = worst(res, k, 1, "unfused", "auto")
        if lo is not None:
            unf.append((lo, k, at))
    if unf:
        lo, k, at = min(unf)
        rows.append(["auto >= unfused (1 thread, every kernel and input; "
                     "5% for timing noise)",
                     "worst t(unfused)/t(auto) %s (`%s` on %s)"
                     % (fmt_x(lo), k, at), verdict(lo >= 0.95)])
    low = []
    for k in res.kernels:
        for i in res.inputs(k):
            ts = [res.time(k, i, 1, v) for v in ("naive", "unfused", "auto")]
            if all(ts):
                low.append((min(ts) / ts[2], k, i))
    if low:
        lo, k, i = min(low)
        rows.append(["auto >= 0.9x the best of naive, unfused, auto "
                     "(1 thread, every kernel and input)",
                     "worst %s (`%s` on %s)" % (fmt_x(lo), k, i),
                     verdict(lo >= 0.9)])
    added = [float(r["plugin_ms"]) - float(r["plain_ms"]) for r in compile_rows
             if r["plain_ms"] != "nan" and r["plugin_ms"] != "nan"]
    rows.append(["compile time added < 0.5 s per region",
                 "at most %.0f ms" % max(added) if added else "n/a",
                 verdict(max(added) < 500 if added else None)])
    return ("## Quality bars (specification, section 4)\n\n"
            + md_table(["bar", "this run", ""], rows))


def section_kernels(kinfo):
    rows = [["`%s`" % k["kernel"], "`%s`" % k["expr"], k["what"]]
            for k in kinfo]
    return "## Kernels\n\n" + md_table(["kernel", "expression", "what it is"],
                                      rows)


def section_reading(facts, load):
    """How to read the tables, and a warning when the machine was busy."""
    loads = [float(x) for x in facts.get("load_before", "").split()[:1]]
    loads += [float(r[1]) for r in load if len(r) > 1]
    out = ["## How to read this\n",
           "- *loop* is the annotated loop compiled by gcc without the plugin: "
           "it is serial, so every speedup divides its one-thread time.",
           "- The plugin's *naive*, *unfused* and *auto* schedules are "
           "compiled and run as separate variants.  Where the plugin does not "
           "yet fuse or schedule a kernel differently, their columns show "
           "the same code and differ only by noise.",
           "- The real matrices and the JF17K tensor fit in the caches; the "
           "R-MAT graphs of 2^17+ rows and the power-law tensors do not "
           "(bandwidth table: \"fits L3\").",
           "- Small kernels are repeated inside each timed sample so that a "
           "sample lasts about 10 ms; times are per call."]
    if loads and max(loads) > 0.5:
        out.append("\n**The machine was not idle during this run** (1-minute "
                   "load average up to %.1f on %s cores): other processes "
                   "took CPU time, which hurts the two-thread numbers most "
                   "(a two-thread time stuck near 8, 16 or 24 ms is a thread "
                   "waiting for a core; with the default OpenMP wait policy a "
                   "spinning thread then costs a scheduler slice at every "
                   "join, which `OMP_WAIT_POLICY=passive` avoids; this run: "
                   "%s).  Rerun `make bench-quick` on a quiet machine before "
                   "drawing conclusions from them."
                   % (max(loads), facts.get("cores", "?").split()[0],
                      facts.get("openmp", "?")))
    return "\n".join(out) + "\n"


def section_headline(res):
    head = ["kernel"]
    for t in res.threads:
        head += ["auto vs loop (%dT)" % t, "auto vs hand (%dT)" % t,
                 "auto vs library (%dT)" % t, "auto vs unfused (%dT)" % t]
    rows = []
    for k in res.kernels:
        r = ["`%s`" % k]
        for t in res.threads:
            r += [fmt_x(res.mean_speedup(k, t, "auto")),
                  fmt_x(res.ratio(k, t, "hand", "auto")),
                  fmt_x(res.ratio(k, t, ["graphblas", "scipy"], "auto")),
                  fmt_x(res.ratio(k, t, "unfused", "auto"))]
        rows.append(r)
    return ("## At a glance: the plugin's auto schedule\n\n"
            "Geometric mean over this run's inputs of t(other) / t(auto): "
            "above 1x the plugin is faster.  *loop* is the annotated loop "
            "compiled without the plugin (serial, so the same time serves "
            "both thread counts); *hand* the hand-written kernel; *library* "
            "the faster of GraphBLAS and SciPy on each input (n/a: neither "
            "has the kernel); *unfused* the plugin's library-style baseline "
            "(full temporaries).\n\n" + md_table(head, rows))


def section_speedups(res):
    out = ["## Speedup over the loop without the plugin\n",
           "t(loop, 1 thread) / t(variant, T threads), geometric mean over "
           "inputs.  *kept*: the plugin kept the loop (its warning is "
           "listed under Notes).\n"]
    for t in res.threads:
        rows = []
        for k in res.kernels:
            r = ["`%s`" % k]
            for v in SHOWN:
                r.append("kept" if (k, v) in res.kept
                         else fmt_x(res.mean_speedup(k, t, v)))
            rows.append(r)
        out.append("### %d thread%s\n\n" % (t, "s" * (t > 1))
                   + md_table(["kernel"] + [LABEL[v] for v in SHOWN], rows))
    return "\n".join(out)


def section_bandwidth(res, stream, l3_bytes):
    bw = {int(r["threads"]): float(r["gbytes_per_s"]) for r in stream
          if r["kernel"] == "triad"}
    rows = []
    for k in [k for k in BANDWIDTH_KERNELS if k in res.kernels]:
        for i in res.inputs(k):
            for t in res.threads:
                r0 = res.at.get((k, i, t, "auto"))
                if not r0 or not float(r0["bytes"] or 0):
                    continue
                nbytes = float(r0["bytes"])
                cells = ["`%s`" % k, i, t, "%.1f MB%s" % (
                    nbytes / 1e6, " (fits L3)" if nbytes < l3_bytes else "")]
                for v in ("plain", "auto", "hand", "graphblas"):
                    tm = res.time(k, i, t, v)
                    cells.append("%.1f GB/s = %.0f%%" % (
                        nbytes / tm / 1e9, 100 * nbytes / tm / 1e9 / bw[t])
                        if tm and t in bw else "n/a")
                rows.append(cells)
    return ("## Bandwidth: SpMV and SpMM against STREAM\n\n"
            "Bytes that must move once (matrix, input and output vectors or "
            "dense matrices) / median time, and that as a fraction of STREAM "
            "triad at the same thread count.  Inputs that fit the L3 cache "
            "can exceed 100%: only the out-of-cache rows measure memory.\n\n"
            + md_table(["kernel", "input", "threads", "bytes",
                        LABEL["plain"], LABEL["auto"], LABEL["hand"],
                        LABEL["graphblas"]], rows))


def section_details(res):
    out = ["## Times per kernel and input\n",
           "Median of the timed runs (after a warm-up that also checked the "
           "result); \"(N runs)\" where the time cap allowed fewer than 5.  "
           "Min and max are in the CSV.\n"]
    for k in res.kernels:
        rows = []
        for i in res.inputs(k):
            r0 = res.at.get((k, i, 1, "plain"))
            for t in res.threads:
                rows.append([i if t == res.threads[0] else "",
                             "%s, nnz %s" % (r0["shape"], r0["nnz"])
                             if t == res.threads[0] and r0 else "",
                             r0["dims"] if r0 and t == res.threads[0] else "",
                             t] + [res.cell(k, i, t, v) for v in VARIANTS])
        out.append("### `%s`\n\n" % k + md_table(
            ["input", "shape", "dense", "T"] + [LABEL[v] for v in VARIANTS],
            rows))
    return "\n".join(out)


def section_scaling(scaling, png):
    if not scaling:
        return ""
    res = Results(scaling, {})
    rows = []
    for k in res.kernels:
        for i in res.inputs(k):
            for dims in dict.fromkeys(r["dims"] for r in scaling
                                      if r["kernel"] == k and r["input"] == i):
                sub = Results([r for r in scaling if r["kernel"] == k
                               and r["dims"] == dims], {})
                rows.append(["`%s`" % k, i, dims] + [
                    sub.cell(k, i, 1, v) for v in VARIANTS])
    return ("## Scaling with the dense extent\n\n"
            "One thread, K = L from 16 to 256: the einsum nest costs "
            "O(nnz K L), the fused schedule O(nnz (K + L)) (SDDMM,SpMM) or "
            "O(nnz K + rows K L) (SpMM,GEMM), so the gap grows with K.\n\n"
            "![scaling](%s)\n\n" % png
            + md_table(["kernel", "input", "dense"]
                       + [LABEL[v] for v in VARIANTS], rows))


def section_compile(compile_rows):
    rows = []
    for r in compile_rows:
        try:
            plain, plugin = float(r["plain_ms"]), float(r["plugin_ms"])
            rows.append(["`%s`" % r["kernel"], "%.0f ms" % plain,
                         "%.0f ms" % plugin, "%+.0f ms" % (plugin - plain)])
        except ValueError:
            rows.append(["`%s`" % r["kernel"], r["plain_ms"], r["plugin_ms"],
                         "failed"])
    added = [float(r["plugin_ms"]) - float(r["plain_ms"]) for r in compile_rows
             if r["plain_ms"] != "nan" and r["plugin_ms"] != "nan"]
    summary = ("The plugin adds %.0f ms per region on average, %.0f ms at "
               "most (the bar: 0.5 s per region of up to 6 operands).  "
               % (sum(added) / len(added), max(added))) if added else ""
    return ("## Compile time\n\n" + summary +
            "Each kernel file holds one annotated region; best of 3 runs of "
            "`gcc -c` with the flags above, without and with the plugin "
            "(auto schedule).\n\n"
            + md_table(["kernel", "without plugin", "with plugin", "added"],
                       rows))


def section_notes(res, skipped):
    notes = []
    for (k, v), msg in sorted(res.kept.items()):
        notes.append("- `%s`, schedule %s: kept: %s" % (k, v, msg))
    for r in res.rows:
        if r["status"] in ("wrong", "error"):
            notes.append("- `%s` on %s, %s threads, %s: %s (relative "
                         "difference %s) %s" % (r["kernel"], r["input"],
                                                r["threads"], r["variant"],
                                                r["status"], r["rel_err"],
                                                r["note"]))
    notes += ["- " + s for s in skipped]
    if not notes:
        notes = ["- Every variant of every kernel agreed with the loop "
                 "(norm-wise relative difference <= 1e-12 at one thread, "
                 "<= 1e-9 at two); no region was kept."]
    return "## Notes\n\n" + "\n".join(notes) + "\n"


def plot_speedups(res, threads, path):
    kernels = res.kernels
    fig, ax = plt.subplots(figsize=(max(8, 0.8 * len(kernels)), 4.5))
    width = 0.8 / len(SHOWN)
    for n, v in enumerate(SHOWN):
        ys = [res.mean_speedup(k, threads, v) or 0 for k in kernels]
        ax.bar([x + n * width for x in range(len(kernels))], ys, width,
               label=LABEL[v])
    ax.axhline(1, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(kernels))])
    ax.set_xticklabels(kernels, rotation=35, ha="right")
    ax.set_ylabel("speedup over the loop (geo. mean)")
    ax.set_title("Speedup over the annotated loop without the plugin, "
                 "%d thread%s" % (threads, "s" * (threads > 1)))
    ax.legend(fontsize=8, ncol=3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def plot_scaling(scaling, path):
    kernels = list(dict.fromkeys(r["kernel"] for r in scaling))
    fig, axes = plt.subplots(1, len(kernels), figsize=(5.5 * len(kernels), 4))
    for ax, k in zip(axes if len(kernels) > 1 else [axes], kernels):
        for v in VARIANTS:
            pts = [(int(re.search(r"=(\d+)", r["dims"]).group(1)),
                    float(r["median_s"])) for r in scaling
                   if r["kernel"] == k and r["variant"] == v
                   and r["status"] == "ok" and r["median_s"]]
            if pts:
                ax.plot(*zip(*sorted(pts)), marker="o", label=LABEL[v])
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("K = L")
        ax.set_ylabel("time (s)")
        ax.set_title("%s on %s, 1 thread" % (k, scaling[0]["input"]))
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def l3_size(facts):
    m = re.search(r"L3 ([\d.]+) ([KMG])i?B", facts.get("caches", ""))
    if not m:
        return 32 << 20
    return float(m.group(1)) * {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[m.group(2)]


def main(argv):
    mode, res_dir, kobj, out = argv[1:5]
    path = lambda name: os.path.join(res_dir, name)  # noqa: E731
    facts = read_facts(path("machine.txt"))
    res = Results(read_csv(path("results.csv")), kept_warnings(kobj))
    stream = read_csv(path("stream.csv"))
    scaling = read_csv(path("scaling.csv"))
    load = [line.strip().rsplit(",", 1) for line in open(path("load.csv"))] \
        if os.path.exists(path("load.csv")) else []
    skipped = [l.strip() for l in open(path("skipped.txt"))] \
        if os.path.exists(path("skipped.txt")) else []
    os.makedirs(out, exist_ok=True)
    shutil.copy(path("results.csv"), os.path.join(out, mode + ".csv"))
    pngs = {t: "%s-speedup-%dt.png" % (mode, t) for t in res.threads}
    for t, name in pngs.items():
        plot_speedups(res, t, os.path.join(out, name))
    if scaling:
        plot_scaling(scaling, os.path.join(out, mode + "-scaling.png"))
    parts = [
        "# sparsefuse performance report (%s)\n" % mode,
        "Every kernel of the specification, every variant, on the same data "
        "in one process per input: the annotated loop compiled without the "
        "plugin (*loop*), with the plugin under each schedule (*naive*, "
        "*unfused*, *auto*), a careful hand-written kernel (*hand*), and "
        "library calls (GraphBLAS, SciPy) where the library has the "
        "kernel.  Every result was checked against the loop's before it "
        "was timed.  All measurements: [%s.csv](%s.csv); how they are made: "
        "[bench/README.md](../../bench/README.md).\n" % (mode, mode),
        section_reading(facts, load),
        section_headline(res),
        "\n".join("![speedups, %d thread%s](%s)\n" % (t, "s" * (t > 1), n)
                  for t, n in pngs.items()),
        section_bars(res, scaling, stream, read_csv(path("compile.csv")),
                     l3_size(facts)),
        section_speedups(res),
        section_machine(facts, stream, load),
        section_kernels(read_csv(path("kernels.csv"))),
        section_bandwidth(res, stream, l3_size(facts)),
        section_scaling(scaling, mode + "-scaling.png"),
        section_compile(read_csv(path("compile.csv"))),
        section_details(res),
        section_notes(res, skipped),
    ]
    with open(os.path.join(out, mode + ".md"), "w") as f:
        f.write("\n".join(p for p in parts if p))
    print("report: %s" % os.path.join(out, mode + ".md"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
