#!/usr/bin/env python3
"""The compile time the plugin adds, per annotated file and per region.

Every file of the repository that carries a '#pragma tensor' and compiles
(bench/, examples/, testsuite/) is compiled with and without the plugin at
each optimization level, REPS times each, alternating; the time is the
compiler's CPU time (user + system of the gcc process and its children,
which is what a user waits for on an idle machine and what other
processes on a busy one disturb least), the median of the REPS runs.

The added time of a file is median(with) - median(without); the regions
are the ones the plugin's report says it replaced.  A file of one region
gives that region's added time exactly; a file of several gives their
mean, and its total bounds each of them from above.

    bench/compile_time.py [--cc gcc] [--plugin build/sparsefuse.so]
                          [--levels -O2,-O3] [--reps 3] [--csv OUT.csv]
                          [--md OUT.md] [FILES...]

Files whose compile fails with or without the plugin (the dg tests that
expect errors) are listed as skipped with the reason.
"""
import argparse
import os
import re
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_DIRS = ["bench", "examples", "testsuite"]
INCLUDES = ["runtime", "core", "bench", "bench/kernels", "examples/demo",
            "testsuite/programs"]


def annotated_files(dirs):
    out = []
    for d in dirs:
        for base, _, names in os.walk(os.path.join(ROOT, d)):
            for n in sorted(names):
                if not n.endswith(".c"):
                    continue
                p = os.path.join(base, n)
                with open(p, errors="replace") as f:
                    if re.search(r"^\s*#\s*pragma\s+tensor\s", f.read(), re.M):
                        out.append(p)
    return sorted(out)


def file_flags(path):
    """The options the file's own test gives it, less optimization
    levels, plugin arguments, dumps, sanitizers (a test's, not a build's
    a user times) and link-only options."""
    with open(path, errors="replace") as f:
        text = f.read()
    flags = []
    for m in re.finditer(r'dg-(?:additional-)?options\s+"([^"]*)"', text):
        for o in shlex.split(m.group(1)):
            if (re.match(r"-O[0-3sgz]?$", o) or o.startswith("-fplugin-arg")
                    or o.startswith("-fdump") or o.startswith("-l")
                    or o.startswith("-L") or o.startswith("-fsanitize")
                    or o in ("-g", "-flto")):
                continue
            flags.append(o)
    if "/bench/kernels/" in path:
        flags.append("-DVARIANT=auto")
    elif "/examples/" in path and "VARIANT" in text:
        flags.append("-DVARIANT=sparsefuse")
    data = os.path.join(os.path.dirname(ROOT), "shared", "data")
    flags.append('-DSF_DATA_DIR="%s"' % data)
    return flags


def region_lines(err):
    """The lines only=LINE selects the reported regions by: the report's
    line, or for a pragma a macro expands, the last 'in expansion of
    macro' line that follows it (where the outermost macro is used)."""
    out, cur = set(), None
    for raw in err.splitlines():
        m = re.search(r":(\d+):\d+: note: sparsefuse: ", raw)
        if m:
            if cur is not None:
                out.add(cur)
            cur = int(m.group(1))
            continue
        m = re.search(r":(\d+):\d+: note: in expansion of macro", raw)
        if m and cur is not None:
            cur = int(m.group(1))
        elif cur is not None and re.search(r": (note|warning|error): ", raw):
            out.add(cur)
            cur = None
    if cur is not None:
        out.add(cur)
    return out


def cpu_time(cmd):
    """Run CMD; return (CPU seconds of it and its children, ok, stderr)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return t, p.returncode == 0, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default=os.environ.get("CC", "gcc"))
    ap.add_argument("--plugin", default="build/sparsefuse.so")
    ap.add_argument("--levels", default="-O2,-O3")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--csv")
    ap.add_argument("--md")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    plugin = os.path.abspath(os.path.join(ROOT, a.plugin)
                             if not os.path.isabs(a.plugin) else a.plugin)
    files = ([os.path.abspath(f) for f in a.files] if a.files
             else annotated_files(DEFAULT_DIRS))
    levels = a.levels.split(",")
    obj = tempfile.NamedTemporaryFile(suffix=".o", delete=False).name
    base = [a.cc, "-std=gnu11", "-fopenmp", "-w", "-c", "-o", obj]
    base += ["-I" + os.path.join(ROOT, d) for d in INCLUDES]
    rows, skipped = [], []
    for path in files:
        rel = os.path.relpath(path, ROOT)
        flags = file_flags(path)
        with_p = ["-fplugin=" + plugin]
        # The regions replaced: the report, once, at the first level.
        t, ok, err = cpu_time(base + flags + levels[0].split() + [path]
                              + with_p
                              + ["-fplugin-arg-sparsefuse-report"])
        if not ok:
            skipped.append((rel, "does not compile with the plugin"))
            continue
        lines = sorted(region_lines(err))
        regions = len(re.findall(r"note: sparsefuse: ", err))
        if regions == 0:
            skipped.append((rel, "no region replaced"))
            continue
        t, ok, _ = cpu_time(base + flags + levels[0].split()
                            + [path, "-Wno-unknown-pragmas"])
        if not ok:
            skipped.append((rel, "does not compile without the plugin"))
            continue
        # One compile per region (only=LINE) when the file has several.
        variants = [("all", with_p)]
        if regions > 1:
            variants += [(str(l), with_p + ["-fplugin-arg-sparsefuse-only=%d"
                                            % l]) for l in lines]
        for lev in levels:
            lev = lev.split()
            plain = []
            plug = {v: [] for v, _ in variants}
            for _ in range(a.reps):
                plain.append(cpu_time(base + flags + lev + [path])[0])
                for v, opts in variants:
                    plug[v].append(cpu_time(base + flags + lev + [path]
                                            + opts)[0])
            p = statistics.median(plain)
            q = statistics.median(plug["all"])
            each = ([(l, statistics.median(plug[str(l)]) - p) for l in lines]
                    if regions > 1 else [(lines[0] if lines else 0, q - p)])
            lev = " ".join(lev)
            rows.append((rel, lev, regions, p, q, q - p, each))
            print("%-48s %s %2d region%s  %6.0f ms  %6.0f ms  +%5.0f ms%s"
                  % (rel, lev, regions, "s" if regions > 1 else " ",
                     p * 1e3, q * 1e3, (q - p) * 1e3,
                     "  (" + ", ".join("%d: +%.0f" % (l, d * 1e3)
                                       for l, d in each) + ")"
                     if regions > 1 else ""), flush=True)
    os.unlink(obj)
    if a.csv:
        with open(a.csv, "w") as f:
            f.write("file,line,level,regions_in_file,plain_ms,"
                    "file_plugin_ms,file_added_ms,region_added_ms\n")
            for r in rows:
                for line, d in r[6]:
                    f.write("%s,%d,%s,%d,%.1f,%.1f,%.1f,%.1f\n"
                            % (r[0], line, r[1], r[2], r[3] * 1e3,
                               r[4] * 1e3, r[5] * 1e3, d * 1e3))
    summary = summarize(rows, skipped, levels, a)
    print(summary)
    if a.md:
        with open(a.md, "w") as f:
            f.write(summary)


def summarize(rows, skipped, levels, a):
    out = []
    out.append("%d files with %d regions on %d pragma lines measured (%s, "
               "median of %d CPU times each; a file of several regions "
               "compiled once per line with `only=LINE`); %d skipped.\n"
               % (len({r[0] for r in rows}),
                  sum(r[2] for r in rows if r[1] == levels[0]),
                  sum(len(r[6]) for r in rows if r[1] == levels[0]),
                  ", ".join(levels), a.reps, len(skipped)))
    out.append("| level | lines | mean | median | 90th percentile | "
               "worst region | worst file (its regions) |")
    out.append("|---|---|---|---|---|---|---|")
    for lev in levels:
        rs = [r for r in rows if r[1] == lev]
        if not rs:
            continue
        per = sorted((d, r[0], line) for r in rs for line, d in r[6])
        worst = per[-1]
        wf = max(rs, key=lambda r: r[5])
        out.append("| %s | %d | %.0f ms | %.0f ms | %.0f ms | %.0f ms "
                   "(`%s:%d`) | %.0f ms (`%s`, %d) |"
                   % (lev, len(per), 1e3 * sum(p[0] for p in per) / len(per),
                      1e3 * per[len(per) // 2][0],
                      1e3 * per[min(len(per) - 1, int(len(per) * 0.9))][0],
                      1e3 * worst[0], worst[1], worst[2],
                      1e3 * wf[5], wf[0], wf[2]))
    out.append("")
    for lev in levels:
        per = sorted(((d, r[0], line) for r in rows if r[1] == lev
                      for line, d in r[6]), reverse=True)
        out.append("Slowest regions at %s: %s" % (lev, ", ".join(
            "`%s:%d` +%.0f ms" % (p[1], p[2], 1e3 * p[0]) for p in per[:8])))
    if skipped:
        out.append("")
        out.append("Skipped: " + "; ".join("`%s` (%s)" % s for s in skipped))
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.exit(main())
