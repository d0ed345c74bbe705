#!/usr/bin/python3
"""Write the "do no harm" report from the measurements of bench/harm.sh.

    /usr/bin/python3 bench/harm_report.py RESULTS_DIR LOG_DIR OUT_DIR

Reads RESULTS_DIR/{machine.txt, stream.csv, inputs.csv, harm.N.csv (one
a pass), skipped.txt} and the plugin's reports LOG_DIR/NAME.log; writes
OUT_DIR/harm.md (the tables, worst ratio first), OUT_DIR/harm.csv (every
row of the driver, the passes merged, with the bandwidth columns added)
and OUT_DIR/harm.png
(every ratio by kernel), then prints the worst ratio as
"worst: KERNEL INPUT TYPE THREADS COMPARISON RATIO".

A ratio is loop time / plugin time: above 1 the plugin is faster.  The
bar of SPEC.md section 4 is >= 0.97 for the comparisons "serial" (both at
one thread) and "omp" (the loop's own OpenMP against the plugin at the
same thread count); "serial-2t" (the serial loop against the plugin at
two threads) is informational.
"""
import csv
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.ticker import FuncFormatter, NullFormatter  # noqa: E402

BAR = 0.97
BAND_BAR = 0.70
LOAD = 0.25     # other processes' cores above which a row is disturbed
CMP_LABEL = {"serial": "serial loop 1T vs plugin 1T",
             "omp": "loop's own OpenMP vs plugin, same threads",
             "serial-2t": "serial loop 1T vs plugin 2T (informational)"}


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


KEY = ("kernel", "input", "type", "index", "comparison", "loop_threads",
       "plugin_threads")


def median(xs):
    """The median of the numbers XS."""
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else 0.5 * (xs[n // 2 - 1] + xs[n // 2])


def read_passes(res):
    """Return the rows of RESULTS_DIR/harm.N.csv, N = 1, 2, ..., each in
    order, with their pass (1, ...) in the column "pass"."""
    rows, n = [], 1
    while os.path.exists(os.path.join(res, "harm.%d.csv" % n)):
        for r in read_csv(os.path.join(res, "harm.%d.csv" % n)):
            r["pass"] = n
            rows.append(r)
        n += 1
    return rows


def merge_passes(rows):
    """Return one row per kernel x input x comparison of the rows of all
    passes.  When a pass found the result wrong or failed, that row
    stands for all (its "pass" says which).  Otherwise the ratio is the median of the passes'
    ratios (each the median of its process's rounds), pass_min and
    pass_max the least and greatest of them; the times and the rounds'
    quartiles are the medians of the passes', the error and the other
    processes' load the greatest; "passes" lists every pass's ratio."""
    groups = {}
    for r in rows:
        groups.setdefault(tuple(r[k] for k in KEY), []).append(r)
    out = []
    for group in groups.values():
        for r in group:
            r.update(pass_min="", pass_max="", passes="")
        bad = [r for r in group if r["status"] in ("wrong", "error")]
        ok = [r for r in group if num(r, "ratio")]
        if bad or not ok:
            out.append((bad or group)[0])
            continue
        m = dict(ok[0])
        ratios = [float(r["ratio"]) for r in ok]
        m["ratio"] = "%.4f" % median(ratios)
        m["pass_min"] = "%.4f" % min(ratios)
        m["pass_max"] = "%.4f" % max(ratios)
        for k in ("loop_s", "plugin_s", "ratio_of_medians", "ratio_q1",
                  "ratio_q3"):
            vals = [num(r, k) for r in ok if num(r, k) is not None]
            if vals:
                m[k] = "%.6g" % median(vals)
        for k in ("rel_err", "other_load"):
            vals = [num(r, k) for r in ok if num(r, k) is not None]
            if vals:
                m[k] = "%.6g" % max(vals)
        m["passes"] = " ".join("%.3f" % x for x in ratios)
        m["pass"] = ""          # of all of them
        out.append(m)
    return out


def stream_triad(rows):
    """Return {threads: triad GB/s} from stream.csv."""
    return {int(r["threads"]): float(r["gbytes_per_s"])
            for r in rows if r["kernel"] == "triad"}


def plugin_notes(logs):
    """Return {kernel: [note, ...]}: the plugin's notes and warnings other
    than its one-line report (annotation not verified, kept regions),
    each message once with the lines it is on."""
    notes = {}
    if not os.path.isdir(logs):
        return notes
    for name in sorted(os.listdir(logs)):
        if not name.endswith(".log"):
            continue
        lines = {}
        for line in open(os.path.join(logs, name)):
            m = re.search(r":(\d+):\d+: (note|warning): (.*)", line)
            if not m or m.group(3).startswith("sparsefuse:") \
               or m.group(3) == "here":
                continue
            lines.setdefault(m.group(3), []).append(m.group(1))
        if lines:
            notes[name[:-4]] = ["line%s %s: %s" % (
                "s" if len(at) > 1 else "", ", ".join(at), text)
                for text, at in lines.items()]
    return notes


def ms(s):
    """Format S seconds as milliseconds with 4 significant digits."""
    return "" if s is None else "%.4g" % (1e3 * s)


def num(row, key):
    """Return ROW[KEY] as a float, or None when empty."""
    v = row.get(key, "")
    return float(v) if v not in ("", None) else None


def threads(row):
    """'1T', '2T', or '1T / 2T' when the loop and plugin differ."""
    lt, pt = row["loop_threads"], row["plugin_threads"]
    return "%sT" % pt if lt == pt else "%sT / %sT" % (lt, pt)


def add_bandwidth(rows, triad):
    """Add gbytes_per_s and pct_triad (at the plugin's and the loop's
    thread counts) to the rows that have a byte count."""
    for r in rows:
        b = num(r, "bytes")
        for v in ("loop", "plugin"):
            t = num(r, v + "_s")
            gb = b / t / 1e9 if b and t else None
            tri = triad.get(int(r[v + "_threads"]))
            r[v + "_gbytes_per_s"] = "%.3f" % gb if gb else ""
            r[v + "_pct_triad"] = "%.0f" % (100 * gb / tri) if gb and tri \
                else ""


def timed(rows, cmps):
    """The rows with a ratio whose comparison is in CMPS, worst first."""
    out = [r for r in rows if r["comparison"] in cmps and num(r, "ratio")]
    return sorted(out, key=lambda r: float(r["ratio"]))


def table(rows):
    """Return the Markdown lines of the comparison table of ROWS: the
    median of the passes' ratios, the least and greatest of them beside
    it (how much it moved from one process to the next), and the cores
    other processes used meanwhile."""
    lines = ["| kernel | input | type | index | threads (loop / plugin) | "
             "comparison | loop ms | plugin ms | ratio | passes | "
             "others |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        ratio = float(r["ratio"])
        mark = "**%.3f**" % ratio if ratio < BAR else "%.3f" % ratio
        load = float(r["other_load"] or 0)
        lines.append("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s | "
                     "%.2f-%.2f | %s |" % (
                         r["kernel"], r["input"], r["type"], r["index"],
                         threads(r), r["comparison"], ms(num(r, "loop_s")),
                         ms(num(r, "plugin_s")), mark,
                         float(r["pass_min"]), float(r["pass_max"]),
                         "%.2f" % load if load > LOAD else ""))
    return lines


def stamp(facts):
    """The lines of the machine and run stamp."""
    keys = [("cpu", "CPU"), ("cores", "cores"), ("caches", "caches"),
            ("memory", "memory"), ("kernel", "kernel"),
            ("compiler", "compiler"), ("flags", "flags"),
            ("commit", "commit"), ("date", "date"),
            ("openmp", "OpenMP"), ("timing", "timing"),
            ("load_before", "load before"), ("load_after", "load after"),
            ("duration", "duration")]
    lines = ["| | |", "|---|---|"]
    for k, label in keys:
        if k in facts:
            lines.append("| %s | %s |" % (label, facts[k].replace("|", "\\|")))
    return lines


def worst_line(bar_rows):
    """'KERNEL INPUT TYPE THREADS COMPARISON RATIO' of the worst row."""
    if not bar_rows:
        return "none (no timed comparison)"
    w = bar_rows[0]
    return "%s %s %s %s %s %.3f" % (w["kernel"], w["input"], w["type"],
                                    threads(w).replace(" ", ""),
                                    w["comparison"], float(w["ratio"]))


def summary(rows, bar_rows):
    """The lines that count the comparisons against the bar."""
    below = [r for r in bar_rows if float(r["ratio"]) < BAR]
    kept = sorted({(r["kernel"], r["note"]) for r in rows
                   if r["status"] == "kept"})
    wrong = [r for r in rows if r["status"] == "wrong"]
    errors = [r for r in rows if r["status"] == "error"]
    busy = [r for r in rows if float(r["other_load"] or 0) > LOAD]
    lines = ["- worst: %s" % worst_line(bar_rows),
             "- %d comparisons against the bar (serial and omp), %d below "
             "%.2f; %d kernels kept by the plugin (not timed), %d results "
             "wrong, %d setups failed." % (len(bar_rows), len(below), BAR,
                                           len(kept), len(wrong),
                                           len(errors)),
             "- %d of %d timed rows were measured while other processes "
             "used more than %.2f cores even after the driver measured them "
             "again (column *others*); treat those with care." % (
                 len(busy), len([r for r in rows if num(r, "ratio")]),
                 LOAD)]
    for k, note in kept:
        lines.append("- kept: `%s`: %s" % (k, note))
    for r in wrong + errors:
        lines.append("- %s: `%s` on %s at %s: %s (error %s)" % (
            r["status"], r["kernel"], r["input"], threads(r), r["note"],
            r["rel_err"]))
    return lines


def bandwidth(rows, triad, band):
    """The lines of the bandwidth table of the SpMVs on input BAND."""
    sel = [r for r in rows if r["input"] == band and r["loop_gbytes_per_s"]]
    if not sel:
        return ["(no SpMV on %s was timed)" % band]
    lines = ["STREAM triad: " + ", ".join(
        "%.1f GB/s at %dT" % (triad[t], t) for t in sorted(triad)) +
        ".  Bytes counted once per call: values, indices and pointers, x "
        "and y (the five SpMVs of `spmv_orphan_d` count five times).  "
        "Each variant against triad at its own thread count (1T / 2T: "
        "the serial loop at one thread, the plugin at two).  Bar: the "
        "plugin at >= %d%% of triad." % (100 * BAND_BAR), "",
        "| kernel | type | index | threads | loop GB/s | loop % triad | "
        "plugin GB/s | plugin % triad |", "|---|---|---|---|---|---|---|---|"]
    for r in sorted(sel, key=lambda r: (r["kernel"], r["plugin_threads"],
                                        r["loop_threads"])):
        pct = float(r["plugin_pct_triad"]) if r["plugin_pct_triad"] else 0
        mark = "**%.0f%%**" % pct if pct < 100 * BAND_BAR else "%.0f%%" % pct
        lines.append("| `%s` | %s | %s | %s | %s | %s%% | %s | %s |" % (
            r["kernel"], r["type"], r["index"], threads(r),
            r["loop_gbytes_per_s"], r["loop_pct_triad"],
            r["plugin_gbytes_per_s"], mark))
    return lines


def inputs_table(inputs, rows, facts):
    """The lines describing the inputs, with their CSR size against the
    last-level cache."""
    llc = float(facts.get("llc_bytes", 0) or 0)
    shape = {r["input"]: (r["shape"], int(r["nnz"])) for r in rows}
    lines = ["| input | shape | nonzeros | MB (CSR + x + y; tensors: values "
             "and coordinates) | / LLC | what |",
             "|---|---|---|---|---|---|"]
    for i in inputs:
        s, nnz = shape.get(i["name"], ("", 0))
        dims = [int(d) for d in s.split("x")] if s else []
        size = ""
        if len(dims) == 2:
            b = 12 * nnz + 8 * (dims[0] + 1) + 8 * (dims[0] + dims[1])
        else:
            b = 12 * nnz    # values and last-level coordinates alone
        size = "%.1f" % (b / 1e6) if nnz else ""
        frac = "%.2f" % (b / llc) if llc and nnz else ""
        lines.append("| %s | %s | %d | %s | %s | %s |" % (
            i["name"], s, nnz, size, frac, i["what"]))
    return lines


def ys_all(rows):
    """Every ratio of ROWS (1 when there is none)."""
    return [float(r["ratio"]) for r in rows if num(r, "ratio")] or [1.0]


def plot(rows, path):
    """Every timed ratio by kernel, one marker per comparison."""
    kernels = sorted({r["kernel"] for r in rows})
    fig, ax = plt.subplots(figsize=(11, 5.5))
    styles = [("serial", "1", "o", "C0", "serial, 1T"),
              ("omp", "1", "s", "C2", "own OpenMP, 1T"),
              ("omp", "2", "D", "C3", "own OpenMP, 2T"),
              ("serial-2t", "2", "x", "0.6", "serial loop 1T / plugin 2T")]
    for cmp, th, marker, color, label in styles:
        xs, ys = [], []
        for r in rows:
            if r["comparison"] == cmp and r["plugin_threads"] == th \
               and num(r, "ratio"):
                xs.append(kernels.index(r["kernel"]) +
                          (0.25 if cmp == "serial-2t" else 0))
                ys.append(float(r["ratio"]))
        ax.scatter(xs, ys, marker=marker, color=color, label=label, s=22,
                   alpha=0.8)
    for k in sorted({r["kernel"] for r in rows if r["status"] == "kept"}):
        ax.annotate("kept", (kernels.index(k), 1.0), ha="center",
                    va="bottom", fontsize=8, color="0.3")
    ax.axhline(1.0, color="k", lw=0.8)
    ax.axhline(BAR, color="r", lw=0.8, ls="--", label="bar %.2f" % BAR)
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: "%g" % y))
    ax.yaxis.set_minor_formatter(NullFormatter())
    lo, hi = min(ys_all(rows)) / 1.2, max(ys_all(rows)) * 1.2
    ax.set_yticks([t for t in (0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 0.7, 1,
                               1.5, 2, 3, 5, 10, 20, 50, 100) if lo <= t <= hi])
    ax.set_xticks(range(len(kernels)))
    ax.set_xticklabels(kernels, rotation=45, ha="right")
    ax.set_ylabel("loop time / plugin time (> 1: plugin faster)")
    ax.set_title("Do no harm: the plugin against the tidy loop, every input")
    ax.legend(fontsize=8, loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def write_csv(rows, path):
    """Every row with the bandwidth columns."""
    if not rows:
        return
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


def report(res, logs, out):
    """Write OUT/harm.{md,csv,png}; return the worst line."""
    facts = read_facts(os.path.join(res, "machine.txt"))
    rows = merge_passes(read_passes(res))
    triad = stream_triad(read_csv(os.path.join(res, "stream.csv")))
    inputs = read_csv(os.path.join(res, "inputs.csv"))
    add_bandwidth(rows, triad)
    bar_rows = timed(rows, ("serial", "omp"))
    info_rows = timed(rows, ("serial-2t",))
    band = next((i["name"] for i in inputs if i["spec"].startswith("band:")),
                "")
    md = ["# Do no harm: the plugin against the tidy loop", "",
          "Is the code the plugin puts in place of a loop ever slower than "
          "GCC's own compilation of the loop a careful user writes?  Each "
          "kernel of [bench/harm/](../../bench/harm/) is a tidy loop (a "
          "scalar accumulator per row, row pointers hoisted, as NPB CG and "
          "SPARSKIT write them) over a struct of its own, compiled by gcc "
          "alone (*loop*) and with the plugin (*plugin*); both run on the "
          "same data in one process per input, the plugin's result checked "
          "against the loop's before any time is taken, and every input "
          "again in each of several passes, one after the other.  **Ratio "
          "= loop time / plugin time**: in each process the median over "
          "the rounds of the two samples taken one after the other in "
          "each, then the median over the passes, their least and "
          "greatest beside it (the times in the tables are the medians of "
          "each variant's): above 1 the plugin is faster; the bar "
          "(SPEC.md section 4) is >= %.2f for *serial* (both at one "
          "thread) and *omp* (the loop's own OpenMP against the plugin at "
          "the same thread count).  Produced by `make bench-harm`; how it "
          "measures: [bench/README.md](../../bench/README.md), \"Do no "
          "harm\"; every row: [harm.csv](harm.csv)." % BAR, ""]
    md += stamp(facts) + ["", "## Summary", ""] + summary(rows, bar_rows)
    md += ["", "![ratios](harm.png)", "",
           "## Against the bar, worst first", ""] + table(bar_rows)
    md += ["", "## The plugin's two threads against the serial loop "
           "(informational)", ""] + table(info_rows)
    md += ["", "## Bandwidth of the SpMVs on %s" % (band or "the banded "
           "matrix"), ""] + bandwidth(rows, triad, band)
    notes = plugin_notes(logs)
    if notes:
        md += ["", "## The plugin's notes and warnings on these files", ""]
        for k in sorted(notes):
            for n in notes[k]:
                md.append("- `%s.c` %s" % (k, n))
    md += ["", "## Inputs", ""] + inputs_table(inputs, rows, facts)
    skipped = os.path.join(res, "skipped.txt")
    if os.path.exists(skipped):
        md += [""] + ["- " + l.strip() for l in open(skipped)]
    with open(os.path.join(out, "harm.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    write_csv(rows, os.path.join(out, "harm.csv"))
    plot(rows, os.path.join(out, "harm.png"))
    return worst_line(bar_rows)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: harm_report.py RESULTS_DIR LOG_DIR OUT_DIR")
    worst = report(*sys.argv[1:])
    print("report: %s/harm.md, harm.csv, harm.png" % sys.argv[3])
    print("worst: " + worst)


if __name__ == "__main__":
    main()
