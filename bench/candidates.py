#!/usr/bin/python3
"""candidates.py: the report of bench/candidates.sh.

    candidates.py RESULTS.csv NAMES.txt OUT_DIR [NAME]

RESULTS.csv holds the driver's rows (variants auto, hand and cK, the
candidates); NAMES.txt one line per candidate enumerated: kernel, K, "ok"
or "-", and its schedule name or why it is not a schedule.  Writes
OUT_DIR/candidates.md (auto against the best candidate, per kernel and
input, and each candidate's time) and OUT_DIR/candidates.csv (the rows);
NAME replaces "candidates" in both.
"""

import csv
import math
import os
import shutil
import sys


def read_names(path):
    names, not_sched = {}, {}
    with open(path) as f:
        for line in f:
            kernel, k, ok, text = line.rstrip("\n").split("\t", 3)
            if ok == "ok":
                names[(kernel, "c" + k)] = text
            else:
                not_sched.setdefault(kernel, []).append((int(k), text))
    return names, not_sched


def read_rows(path):
    """Return {(kernel, input, threads): {variant: row}} and the order of
    the keys as they appear."""
    runs, order = {}, []
    with open(path) as f:
        for r in csv.DictReader(f):
            key = (r["kernel"], r["input"], int(r["threads"]))
            if key not in runs:
                runs[key] = {}
                order.append(key)
            runs[key][r["variant"]] = r
    return runs, order


def ms(row):
    if not row or row["status"] != "ok" or not row["median_s"]:
        return None
    return 1e3 * float(row["median_s"])


def fmt_ms(t):
    if t is None:
        return "-"
    return "%.3f" % t if t < 10 else "%.1f" % t


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit("usage: candidates.py RESULTS.csv NAMES.txt OUT_DIR [NAME]")
    results, names_path, out = sys.argv[1:4]
    base = sys.argv[4] if len(sys.argv) == 5 else "candidates"
    names, not_sched = read_names(names_path)
    runs, order = read_rows(results)
    lines = [
        "# Auto against every enumerated schedule",
        "",
        "Made by `make bench-candidates` (bench/candidates.sh). Each kernel "
        "file is compiled once per candidate of the auto-scheduler's "
        "enumeration (`-fplugin-arg-sparsefuse-candidate=K`); each candidate "
        "that is a schedule of the region runs on the same data in one "
        "process beside `auto` (the plugin's default, with its run-time "
        "choice) and the hand-written kernel, every result checked against "
        "the loop before it is timed (docs/scheduling.md, \"Every "
        "candidate\"). Times are medians, in ms.",
        "",
        "`auto / best` is the best candidate's time over auto's: 1.0 when "
        "auto runs the fastest schedule it could have chosen, below 1 when "
        "some enumerated schedule is faster (the goal is >= 0.9).",
        "",
        "| kernel | input | threads | candidates | auto | best candidate | "
        "best | auto / best | hand |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    ratios, worst = [], []
    details = []
    for key in order:
        kernel, inp, threads = key
        v = runs[key]
        auto = ms(v.get("auto"))
        cands = [(ms(r), var) for var, r in v.items()
                 if var.startswith("c") and ms(r) is not None]
        wrong = [var for var, r in v.items()
                 if var.startswith("c") and r["status"] != "ok"]
        if not cands or auto is None:
            continue
        best_t, best_v = min(cands)
        ratio = best_t / auto
        ratios.append(ratio)
        if ratio < 0.9:
            worst.append((ratio, kernel, inp, threads, best_v))
        lines.append("| %s | %s | %d | %d%s | %s | %s %s | %s | %.2f%s | %s |" % (
            kernel, inp, threads, len(cands),
            (" (%d wrong)" % len(wrong)) if wrong else "",
            fmt_ms(auto), best_v, names.get((kernel, best_v), "?"),
            fmt_ms(best_t), ratio, "" if ratio >= 0.9 else " **",
            fmt_ms(ms(v.get("hand")))))
        rows = sorted(cands)
        details.append("")
        details.append("### %s on %s, %d thread%s" % (
            kernel, inp, threads, "" if threads == 1 else "s"))
        details.append("")
        details.append("| candidate | schedule | ms | / auto |")
        details.append("|---|---|---|---|")
        details.append("| auto | (the default) | %s | 1.00 |" % fmt_ms(auto))
        for t, var in rows:
            details.append("| %s | %s | %s | %.2f |" % (
                var, names.get((kernel, var), "?"), fmt_ms(t), t / auto))
        for var in wrong:
            details.append("| %s | %s | %s | |" % (
                var, names.get((kernel, var), "?"), v[var]["status"]))
    if ratios:
        gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        lines += [
            "",
            "Over %d kernel and input pairs: geometric mean of auto / best "
            "%.2f, lowest %.2f; %d under 0.9." % (
                len(ratios), gm, min(ratios), len(worst)),
        ]
    lines += ["", "## Every candidate's time"] + details
    lines += ["", "## Enumerated, not schedules of their region", "",
              "The plugin keeps the loop for these and says why (most are a "
              "fused form that finds no sum to put in a workspace, the "
              "single nest again).", "",
              "| kernel | candidates |", "|---|---|"]
    for kernel in sorted(not_sched):
        lines.append("| %s | %s |" % (
            kernel, ", ".join(str(k) for k, _ in not_sched[kernel])))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, base + ".md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    shutil.copyfile(results, os.path.join(out, base + ".csv"))


if __name__ == "__main__":
    main()
