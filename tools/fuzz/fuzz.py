#!/usr/bin/env python3
"""Differential fuzzer of the sparsefuse plugin.

    fuzz.py run -n 300 --seed 7 -j 2       300 random cases, batches of 25,
                                           two batches at a time
    fuzz.py run -n 40 --seed 1 --quick     fewer configurations
    fuzz.py check CASE.json [--config auto-omp]    one saved case
    fuzz.py minimize CASE.json --config auto --kind mismatch
    fuzz.py emit CASE.json > test.c        the case as one program
    fuzz.py draw SEED N                    case N of a run, as JSON
    fuzz.py open                           run testsuite/fuzz/open/*.c
    fuzz.py run --lie -n 200 --seed 1      200 lying annotations (fzlierun.py)

Every case is compiled without the plugin and with it under each schedule
(-fplugin-arg-sparsefuse-schedule=naive|unfused|auto), serial and with
-fopenmp (run with 1 and 2 threads), and once more with one candidate of
the auto-scheduler's enumeration forced (-fplugin-arg-sparsefuse-
candidate=K, K from 2 to 19 in turn over the batches, serial and -fopenmp
in turn: configuration candK or candK-omp), so that schedules the cost
rarely picks, which the run-time choice may still run, are checked too;
each program compares the
annotated function with its unannotated copy on six data sets (random,
empty, one entry, full, extreme values, mostly empty fibers).  A failure
is a wrong value, an input or memory past the output changed, a crash, a
time-out, an internal compiler error, or an error on valid input.  A
region the plugin keeps (with a warning) is not a failure; the reasons
are counted and the kept loop must still agree.

Outline of a run:
  1. cases are drawn in batches from --seed (case K of a run is drawn
     from seed*1000003+K, so it can be redrawn alone; a case that runs
     into a known open issue, fzcase.KNOWN, is redrawn and counted);
  2. per batch, the references and the harness are compiled once; the
     file of annotated functions once per configuration, diagnostics
     mapped to cases by line;
  3. a configuration whose compile fails is retried case by case to
     find the culprits; a program that crashes is rerun without the
     cases already seen;
  4. failing cases are saved (JSON and C) and, with --minimize, shrunk;
  5. the summary: tried, passed, failed, replaced, kept per reason.
The last line is "fuzz: tried T, passed P, failed F"."""

import argparse
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fzcase as fc		# noqa: E402
import fzemit as fe		# noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEDULES = ("naive", "unfused", "auto")


class InfraError(Exception):
    """The fuzzer itself cannot go on (the plugin does not load)."""


class Env:
    """Paths and flags of one run."""

    opened = []

    def __init__(self, args):
        Env.opened.append(self)
        build = os.path.abspath(args.build)
        self.build = build
        self.plugin = os.path.abspath(args.plugin or
                                      os.path.join(build, "sparsefuse.so"))
        self.work = os.path.abspath(args.work)
        self.cc = args.cc
        self.timeout = args.timeout
        self.incs = ["-I" + HERE, "-I" + os.path.join(ROOT, "runtime"),
                     "-I" + os.path.join(ROOT, "core")]
        os.makedirs(self.work, exist_ok=True)
        libdir = build
        if not args.no_snapshot:
            # The build tree may be rebuilt while a long run goes on: use
            # copies of the plugin and the library taken at the start.
            snap = os.path.join(self.work, "snapshot-%d" % os.getpid())
            os.makedirs(snap, exist_ok=True)
            for name in ("libsparsefuse.so", "libsparsefuse.a"):
                shutil.copy2(os.path.join(build, name), snap)
            shutil.copy2(self.plugin, os.path.join(snap, "sparsefuse.so"))
            self.plugin = os.path.join(snap, "sparsefuse.so")
            libdir = snap
            self.snapshot = snap
        self.libs = ["-L" + libdir, "-lsparsefuse", "-Wl,-rpath," + libdir,
                     "-lm"]

    def close(self):
        if getattr(self, "snapshot", None):
            shutil.rmtree(self.snapshot, ignore_errors=True)


def configs(quick):
    """Return the configurations: (name, plugin flags, openmp, thread
    counts to run with)."""
    out = [("plain", None, False, [1])]
    for s in SCHEDULES:
        out.append((s, ["-fplugin-arg-sparsefuse-schedule=" + s], False,
                    [1]))
        # parallel-min=0: threads however small the drawn data.
        out.append((s + "-omp", ["-fplugin-arg-sparsefuse-schedule=" + s,
                                 "-fplugin-arg-sparsefuse-parallel-min=0"],
                    True, [1, 2]))
    # The default bound: small drawn data runs the serial copies and the
    # team-of-one paths of the parallel loops.
    out.append(("auto-omp-pay", ["-fplugin-arg-sparsefuse-schedule=auto"],
                True, [2]))
    if quick:
        out = [c for c in out if c[0] in ("plain", "naive", "auto-omp",
                                          "unfused")]
    return out


# The candidates batch B forces: CAND_FIRST + B % CAND_COUNT, serial in
# even rounds of CAND_COUNT batches, -fopenmp in odd ones.  Candidate 1
# is the single nest (the naive configuration's), 2 and 3 the fused forms
# in the preferred order, from 4 on the network order, departing orders
# and other associations; a region without candidate K keeps its loop
# (a warning, not a failure).
CAND_FIRST, CAND_COUNT = 2, 18


def cand_config(k, omp):
    """Return the configuration forcing candidate K of every region."""
    flags = ["-fplugin-arg-sparsefuse-schedule=auto",
             "-fplugin-arg-sparsefuse-candidate=%d" % k]
    if omp:
        flags.append("-fplugin-arg-sparsefuse-parallel-min=0")
    return ("cand%d%s" % (k, "-omp" if omp else ""), flags, omp,
            [1, 2] if omp else [1])


def batch_cand_config(batch_no):
    """Return the candidate configuration of batch BATCH_NO."""
    return cand_config(CAND_FIRST + batch_no % CAND_COUNT,
                       (batch_no // CAND_COUNT) % 2 == 1)


def config_named(name):
    m = re.match(r"cand(\d+)(-omp)?$", name)
    if m:
        return cand_config(int(m.group(1)), bool(m.group(2)))
    for c in configs(False):
        if c[0] == name:
            return c
    raise SystemExit("fuzz: unknown configuration %r" % name)


def run_cmd(cmd, timeout, env=None, cwd=None):
    """Run CMD; return (status, stdout, stderr), status None on time-out.
    CMD runs in a session of its own, killed whole on time-out: gcc's
    cc1 outlived the driver before and kept compiling for minutes."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env, errors="replace", cwd=cwd,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out, err
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, _ = p.communicate()
        return None, out or "", ""


DIAG = re.compile(r"^(?P<file>[^:\s]+):(?P<line>\d+):(?:\d+:)? "
                  r"(?P<sev>warning|error|note): (?P<msg>.*)$")
UNVERIFIED = re.compile(r"annotation not verified: (.*)")
KEPT = [re.compile(r"computation not lowered, the original statement is "
                   r"kept: (.*)"),
        re.compile(r"sparsefuse keeps the original statement because (.*)")]


def normalize_reason(text):
    """Return a kept reason with names, numbers and details (after the
    first ': ' or '; ') abstracted."""
    text = re.split(r": |; ", text, 1)[0]
    text = re.sub(r"'[^']*'", "'X'", text)
    text = re.sub(r"‘[^’]*’", "'X'", text)
    return re.sub(r"\b\d+\b", "N", text).strip()


def compile_diags(stderr, where, source):
    """Sort the diagnostics in STDERR about file SOURCE by case: return
    {case: {"errors": [...], "kept": [...], "replaced": n,
    "unverified": [...]}} and the messages no case claims."""
    line_case = {}
    for n, lines in where.items():
        for ln in lines:
            line_case[ln] = n
    per, stray = {}, []
    base = os.path.basename(source)
    for raw in stderr.splitlines():
        m = DIAG.match(raw)
        if not m or os.path.basename(m.group("file")) != base:
            continue
        n = line_case.get(int(m.group("line")))
        sev, msg = m.group("sev"), m.group("msg")
        if n is None:
            if sev == "error":
                stray.append(raw)
            continue
        d = per.setdefault(n, {"errors": [], "kept": [], "replaced": 0,
                               "unverified": []})
        if sev == "error":
            d["errors"].append(msg)
        elif sev == "warning":
            for k in KEPT:
                km = k.search(msg)
                if km:
                    d["kept"].append(normalize_reason(km.group(1)))
        elif sev == "note" and msg.startswith("sparsefuse: "):
            d["replaced"] += 1
        elif sev == "note" and UNVERIFIED.match(msg):
            d["unverified"].append(unverified_reason(
                UNVERIFIED.match(msg).group(1)))
    return per, stray


def unverified_reason(text):
    """Return the reason of a note "annotation not verified" with names
    and numbers abstracted, and the part that says why kept whole."""
    text = re.sub(r"'[^']*'", "'X'", text)
    text = re.sub(r"‘[^’]*’", "'X'", text)
    return re.sub(r"\b\d+\b", "N", text).strip()


# The number of FZ_DATA_EXTREME in fuzz-rt.h.
DATA_EXTREME = 4
CHECK_LINE = re.compile(r"sparsefuse check [^:\s]*:(\d+): .*max difference "
                        r"([-+.eE0-9a-z]+).*relative to the largest value "
                        r"([-+.eE0-9a-z]+)")


def check_too_far(m, floaty):
    """Return True when the check clause's report M (a CHECK_LINE match)
    shows a difference larger than rounding: relative to the largest
    output value beyond 1e-6 (1e-2 for floats), and beyond 1e-10 (1e-4)
    absolutely.  The absolute floor is for outputs that are themselves
    rounding noise: a sum that cancels exactly (alpha(z) - alpha(l)
    summed over equal extents) gives values near 1e-17 in one order and
    0 in another, 100% apart relative to themselves, though the data
    (values of magnitude 1) bound their error near 1e-16."""
    rel, absolute = float(m.group(3)), float(m.group(2))
    return (not rel <= (1e-2 if floaty else 1e-6)
            and not absolute <= (1e-4 if floaty else 1e-10))


def is_ice(status, stderr):
    return status == 4 or "internal compiler error" in stderr \
        or (status is not None and status < 0)


class Batch:
    """One compiled batch of cases and what happened to each."""

    def __init__(self, env, cases, first, tag, opt):
        self.env = env
        self.cases = cases
        self.first = first
        self.tag = tag
        self.opt = opt
        self.dir = os.path.join(env.work, tag)
        os.makedirs(self.dir, exist_ok=True)
        self.fail = {}		# case -> [(config, kind, detail)]
        self.diag = {}		# case -> diagnostics of the auto config

    def note(self, n, config, kind, detail):
        self.fail.setdefault(n, []).append((config, kind, detail[:2000]))

    def compile_main(self, numbers, name="main"):
        """Compile the references and harness of cases NUMBERS into
        NAME.o; return (annotated file text, pragma lines, object)."""
        cases = [self.cases[n - self.first] for n in numbers]
        annot, main, where = emit_numbered(cases, numbers)
        path = os.path.join(self.dir, name + ".c")
        with open(path, "w") as f:
            f.write(main)
        obj = path[:-2] + ".o"
        st, _, err = run_cmd([self.env.cc, "-O0", "-w", "-c", path, "-o",
                              obj] + self.env.incs, self.env.timeout)
        if st != 0:
            raise RuntimeError("the harness does not compile:\n" + err[:3000])
        return annot, where, obj

    def build(self, config, numbers, annot_text, where, main_obj):
        """Compile the annotated file of NUMBERS under CONFIG and link it;
        return (executable or None, per-case diagnostics).  Failures are
        recorded."""
        name, flags, omp, _ = config
        src = os.path.join(self.dir, "annot-%s.c" % name)
        with open(src, "w") as f:
            f.write(annot_text)
        exe = src[:-2]
        cmd = [self.env.cc] + self.opt.split()
        if flags is not None:
            cmd += ["-fplugin=" + self.env.plugin,
                    "-fplugin-arg-sparsefuse-report"] + flags
        if omp:
            cmd.append("-fopenmp")
        cmd += [src, main_obj, "-o", exe] + self.env.incs + self.env.libs
        st, _, err = run_cmd(cmd, self.env.timeout)
        if "cannot load plugin" in err:
            raise InfraError("the plugin does not load: "
                             + err.strip()[:500])
        per, stray = compile_diags(err, where, src)
        if st == 0:
            return exe, per
        if len(numbers) > 1:
            return None, per
        n = numbers[0]
        if st is None:
            self.note(n, name, "compile-timeout", "the compiler ran for "
                      "more than %d s" % self.env.timeout)
        elif is_ice(st, err):
            self.note(n, name, "ice", _ice_text(err))
        elif flags is None:
            self.note(n, name, "generator", err[-3000:])
        else:
            msgs = per.get(n, {}).get("errors") or stray or [err[-2000:]]
            self.note(n, name, "compile-error", "; ".join(msgs))
        return None, per

    def run(self, config, exe, numbers, threads):
        """Run EXE on NUMBERS with THREADS threads, rerunning after a crash
        without the cases already seen; record failures."""
        name = config[0] + ("" if not config[2] else "/%dt" % threads)
        env = dict(os.environ, OMP_NUM_THREADS=str(threads))
        todo = list(numbers)
        while todo:
            st, out, err = run_cmd([exe] + [str(n) for n in todo],
                                   self.env.timeout, env)
            self.check_reports(name, err)
            seen, current = set(), None
            for ln in out.splitlines():
                m = re.match(r"fz: (start|ok|FAIL) case (\d+) data (\d+)", ln)
                if not m:
                    continue
                n = int(m.group(2))
                seen.add(n)
                if m.group(1) == "start":
                    current = n
                elif m.group(1) == "FAIL":
                    self.note(n, name, "mismatch", ln[4:])
            if st == 0 and "fz: done" in out:
                return
            if current is None:
                for n in todo:
                    self.note(n, name, "crash", "the program did not start "
                              "(status %s)" % st)
                return
            kind = "run-timeout" if st is None else "crash"
            self.note(current, name, kind, "status %s while running data "
                      "set %s" % (st, _last_data(out)))
            todo = [n for n in todo if n not in seen]

    def check_reports(self, config, err):
        """Record as failures the check clause's reports in ERR of a
        relative difference too large for rounding.  Reports made on the
        extreme data set are not judged: the check measures a difference
        against the largest output value, and there a sum that cancels
        terms of 2^100 (y += x*a - x*a) differs from its reordered self
        by far more than the result's own size; the comparison with the
        reference, bounded by the absolute copy, judges those results."""
        extreme = False
        for ln in (err or "").splitlines():
            d = re.match(r"fz: start case \d+ data (\d+)", ln)
            if d:
                extreme = int(d.group(1)) == DATA_EXTREME
                continue
            m = CHECK_LINE.search(ln)
            if not m or extreme:
                continue
            n = self.line_case.get(int(m.group(1)))
            if n is None:
                continue
            case = self.cases[n - self.first]
            if check_too_far(m, fe.floaty(case)):
                self.note(n, config, "check-clause", m.group(0))

    def go(self, cfgs):
        numbers = list(range(self.first, self.first + len(self.cases)))
        annot, where, main_obj = self.compile_main(numbers)
        self.line_case = {ln: n for n, lines in where.items() for ln in lines}
        for config in cfgs:
            exe, per = self.build(config, numbers, annot, where, main_obj)
            if config[0] == "auto":
                self.diag = per
            ok = numbers
            if exe is None:
                # Find the culprits: each case alone, with its own main.
                ok = []
                for n in numbers:
                    a1, w1, m1 = self.compile_main([n], "main-%d" % n)
                    e1, p1 = self.build(config, [n], a1, w1, m1)
                    if config[0] == "auto":
                        self.diag.update(p1)
                    if e1:
                        for t in config[3]:
                            self.run(config, e1, [n], t)
                continue
            for t in config[3]:
                self.run(config, exe, ok, t)


def _ice_text(err):
    lines = err.splitlines()
    for k, ln in enumerate(lines):
        if "internal compiler error" in ln:
            return "\n".join(lines[max(0, k - 2):k + 4])
    return "\n".join(lines[-6:])


def _last_data(out):
    m = re.findall(r"fz: start case \d+ data (\d+)", out)
    return m[-1] if m else "?"


def emit_numbered(cases, numbers):
    """fzemit.emit_batch for CASES numbered NUMBERS (consecutive)."""
    assert numbers == list(range(numbers[0], numbers[0] + len(cases)))
    return fe.emit_batch(cases, numbers[0])


# ---------------------------------------------------------------------
# Results.

class Stats:
    def __init__(self):
        self.tried = self.passed = self.failed = 0
        self.replaced = 0
        self.kept = {}
        self.unverified = {}	# reason -> cases with the note
        self.internal = []	# cases kept for an internal error
        self.failures = []
        self.skipped = {}

    def add(self, cases, first, fail, diag, skipped):
        for k, case in enumerate(cases):
            n = first + k
            self.tried += 1
            d = diag.get(n, {})
            for r in sorted(set(d.get("unverified", []))):
                self.unverified[r] = self.unverified.get(r, 0) + 1
            if d.get("kept"):
                for r in sorted(set(d["kept"])):
                    self.kept[r] = self.kept.get(r, 0) + 1
                    if r.startswith("internal error"):
                        self.internal.append(n)
            elif d.get("replaced") or any(c[0] == "check"
                                          for c in case["clauses"]):
                self.replaced += 1	# a check clause has no report note
            if n in fail:
                self.failed += 1
                self.failures.append((n, case, fail[n]))
            else:
                self.passed += 1
        for k, c in skipped.items():
            self.skipped[k] = self.skipped.get(k, 0) + c

    def report(self, out, seconds):
        out.write("fuzz: %d cases in %.0f s: %d replaced, %d kept\n" % (
            self.tried, seconds, self.replaced, sum(self.kept.values())))
        for r, c in sorted(self.kept.items(), key=lambda x: -x[1]):
            out.write("fuzz:   kept %5d  %s\n" % (c, r))
        # Correct annotations all: a note is the checker's gap.
        for r, c in sorted(self.unverified.items(), key=lambda x: -x[1]):
            out.write("fuzz:   not verified %5d  %s\n" % (c, r))
        if self.internal:
            # Kept, so not wrong, but a lowering that should not fail:
            # 'fuzz.py draw SEED N' shows the case.
            out.write("fuzz: kept for an internal error: case%s %s\n" % (
                "s" * (len(self.internal) > 1),
                " ".join(str(n) for n in self.internal[:20])))
        for k, c in sorted(self.skipped.items()):
            out.write("fuzz: redrawn %d cases that run into the open issue "
                      "%s (testsuite/fuzz/open/%s)\n" % (c, k,
                                                         fc.KNOWN[k][1]))
        for n, case, fails in self.failures:
            for cfg, kind, detail in fails[:3]:
                out.write("fuzz: FAIL case %d [%s] %s: %s\n" % (
                    n, cfg, kind, detail.splitlines()[0] if detail else ""))
        out.write("fuzz: tried %d, passed %d, failed %d\n" % (
            self.tried, self.passed, self.failed))


def save_failure(env, seed, n, case, fails, outdir):
    os.makedirs(outdir, exist_ok=True)
    kind = fails[0][1]
    base = os.path.join(outdir, "s%d-c%d-%s" % (seed, n, kind))
    with open(base + ".json", "w") as f:
        json.dump({"case": case, "failures": fails}, f, indent=1)
    text, _ = fe.emit_single(case, 0)
    with open(base + ".c", "w") as f:
        f.write(text)
    return base


def draw(seed, n, avoid=(), skipped=None):
    """Return case N of the run with SEED, redrawn while it runs into an
    open issue named in AVOID (counted in SKIPPED)."""
    for attempt in range(100):
        case = fc.generate(random.Random(seed * 1000003 + n
                                         + attempt * 0x9e3779b1))
        hit = [k for k in fc.known_issues(case) if k in avoid]
        if not hit:
            return case
        if skipped is not None:
            for k in hit:
                skipped[k] = skipped.get(k, 0) + 1
    return case


# Flags added to a batch's compiles now and then, with their weights.
# A flag with an open issue (testsuite/fuzz/open/) is left out until it
# is fixed.  -flto compiles and links in one command, so lto1 loads the
# plugin too; -g puts debug markers between statements, -g3 also hands
# every macro definition to the debug back end.
EXTRA_FLAGS = [("", 50), ("-fsanitize=address,undefined "
                                    "-fno-sanitize-recover=undefined", 10),
               ("-march=native", 5), ("-flto", 4), ("-g", 4), ("-g3", 2),
               ("-fPIC", 4), ("-ffast-math", 4),
               ("-funroll-loops", 4), ("-std=gnu17", 3),
               ("-fno-strict-aliasing", 3), ("-fstack-protector-strong", 3),
               ("-fno-inline -fno-ipa-cp", 3)]


def run_batch(env, cfgs, spec):
    """Draw and check one batch; SPEC = (seed, batch number, first case,
    size, avoided issues, opt flag or None, keep).  Return (cases, first,
    opt, failures, diagnostics, redrawn counts, batch tag)."""
    seed, batch_no, first, size, avoid, opt, keep = spec
    skipped = {}
    cases = [draw(seed, first + k, avoid, skipped) for k in range(size)]
    orng = random.Random(seed * 7 + batch_no)
    opt = opt or orng.choice(["-O0", "-O1", "-O1", "-O2", "-O2", "-O3"])
    extra = orng.choices([x for x, _ in EXTRA_FLAGS],
                         [w for _, w in EXTRA_FLAGS])[0]
    if extra:
        opt += " " + extra
    tag = "s%d-b%d" % (seed, batch_no)
    batch = Batch(env, cases, first, tag, opt)
    if any(c[0] == "auto-omp-pay" for c in cfgs):
        cfgs = cfgs + [batch_cand_config(batch_no)]
    try:
        batch.go(cfgs)
    except RuntimeError as e:
        for k in range(size):
            batch.note(first + k, "harness", "generator", str(e))
    if not keep:
        _clean(batch.dir)
    return cases, first, opt, batch.fail, batch.diag, skipped, tag


def _specs(args, avoid):
    n, batch_no = 0, 0
    while n < args.n:
        size = min(args.batch, args.n - n)
        yield (args.seed, batch_no, n, size, avoid, args.opt, args.keep)
        n += size
        batch_no += 1


def _batches(env, cfgs, args, avoid, start):
    """Yield the results of run_batch in order, ARGS.jobs at a time."""
    specs = _specs(args, avoid)
    if args.jobs <= 1:
        for spec in specs:
            if args.time_limit and time.time() - start > args.time_limit:
                return
            yield run_batch(env, cfgs, spec)
        return
    import concurrent.futures as cf
    with cf.ProcessPoolExecutor(max_workers=args.jobs) as pool:
        pending = []
        for spec in specs:
            if args.time_limit and time.time() - start > args.time_limit:
                break
            pending.append(pool.submit(run_batch, env, cfgs, spec))
            if len(pending) > args.jobs:
                yield pending.pop(0).result()
        for p in pending:
            yield p.result()


def cmd_run(args):
    if args.lie:
        import fzlierun
        return fzlierun.cmd_lie(args)
    env = Env(args)
    cfgs = configs(args.quick)
    stats = Stats()
    avoid = [] if args.avoid == "none" else args.avoid.split(",")
    start = time.time()
    log = open(args.log, "a") if args.log else None
    results = open(args.results, "w") if args.results else None
    minimized = 0
    for cases, first, opt, fail, diag, skipped, tag in _batches(
            env, cfgs, args, avoid, start):
        stats.add(cases, first, fail, diag, skipped)
        for k in sorted(fail):
            base = save_failure(env, args.seed, k, cases[k - first], fail[k],
                                os.path.join(env.work, "fails"))
            msg = "fuzz: FAIL seed %d case %d (%s): %s -> %s.json" % (
                args.seed, k, opt, fail[k][0][:2], base)
            print(msg, flush=True)
            if log:
                log.write(msg + "\n")
            if results:
                results.write("FAIL: fuzz/%s/case-%d [%s] %s: %s\n" % (
                    tag, k, fail[k][0][0], fail[k][0][1],
                    fail[k][0][2].splitlines()[0] if fail[k][0][2] else ""))
            if args.minimize and minimized < args.minimize:
                minimized += 1
                minimize_saved(env, base + ".json", fail[k][0][0],
                               fail[k][0][1], opt)
        if results and not fail:
            results.write("PASS: fuzz/%s (%d cases, %s)\n" % (
                tag, len(cases), opt))
        if args.verbose:
            print("fuzz: %d cases, %d failed, %.0f s" % (
                stats.tried, stats.failed, time.time() - start), flush=True)
    stats.report(sys.stdout, time.time() - start)
    if log:
        stats.report(log, time.time() - start)
        log.close()
    if results:
        results.close()
    return 1 if stats.failed else 0


def _clean(d):
    for name in os.listdir(d):
        os.unlink(os.path.join(d, name))
    os.rmdir(d)


# ---------------------------------------------------------------------
# One case: check, minimize, emit.

def check_case(env, case, config, opt="-O2", keep=False):
    """Return the failures of CASE under configuration CONFIG (a name;
    the plain build is always checked too): [(config, kind, detail)],
    and its diagnostics under "auto"."""
    tag = "one-%d" % os.getpid()
    batch = Batch(env, [case], 0, tag, opt)
    cfgs = [config_named("plain")]
    if config != "plain":
        cfgs.append(config_named(config))
    if config != "auto":
        cfgs.append(config_named("auto"))
    try:
        batch.go(cfgs)
    except RuntimeError as e:
        return [("harness", "generator", str(e))], {}
    finally:
        if not keep:
            _clean(batch.dir)
    return batch.fail.get(0, []), batch.diag.get(0, {})


def load_case(path):
    with open(path) as f:
        data = json.load(f)
    return data["case"] if "case" in data else data


def minimize_saved(env, path, config, kind, opt="-O2"):
    """Shrink the case saved at PATH while it fails as KIND under CONFIG
    (a configuration name, maybe with its thread count: "auto-omp/2t");
    return the small case, or None for a failure of the harness, which no
    configuration shows."""
    import fzmin
    config = config.split("/")[0]
    if config == "harness":
        print("fuzz: not minimized (a failure of the generated harness)",
              flush=True)
        return None
    case = load_case(path)
    small = fzmin.minimize(case, lambda c: _fails_same(env, c, config,
                                                       kind, opt))
    out = path[:-5] + "-min"
    with open(out + ".json", "w") as f:
        json.dump({"case": small, "config": config, "kind": kind,
                   "opt": opt}, f, indent=1)
    text, _ = fe.emit_single(small, 0)
    with open(out + ".c", "w") as f:
        f.write(text)
    print("fuzz: minimized to %s.c: %s" % (out, fc.pragma_text(small)),
          flush=True)
    return small


def _fails_same(env, case, config, kind, opt):
    """Return true when CASE still fails with KIND under CONFIG."""
    cfg = config.split("/")[0]
    fails, _ = check_case(env, case, cfg, opt)
    return any(k == kind and c.split("/")[0] == cfg for c, k, _ in fails)


def cmd_check(args):
    env = Env(args)
    case = load_case(args.case)
    fails, diag = check_case(env, case, args.config, args.opt or "-O2",
                             keep=args.keep)
    print("fuzz: %s" % fc.pragma_text(case))
    for r in diag.get("kept", []):
        print("fuzz: kept: %s" % r)
    for c, k, d in fails:
        print("fuzz: FAIL [%s] %s: %s" % (c, k, d))
    print("fuzz: %s" % ("failed" if fails else "passed"))
    return 1 if fails else 0


def cmd_minimize(args):
    env = Env(args)
    minimize_saved(env, args.case, args.config, args.kind,
                   args.opt or "-O2")
    return 0


def cmd_emit(args):
    case = load_case(args.case)
    text, _ = fe.emit_single(case, 0)
    sys.stdout.write(text)
    return 0


def cmd_draw(args):
    case = draw(args.seed, args.case_number, args.avoid.split(","))
    print(json.dumps({"case": case}, indent=1))
    return 0


def open_command(path):
    """Return the shell command in the comment of open reproducer PATH:
    the lines from one starting with "gcc " (or "clang") to the one ending with
    "./a.out", backslash-newlines joined."""
    text = open(path).read()
    m = re.search(r"^\s*((?:gcc|clang\S*) .*?&& \./a\.out)\s*$", text,
                  re.S | re.M)
    if not m:
        return None
    return re.sub(r"\\\n\s*", "", m.group(1))


def cmd_open(args):
    """Run every open reproducer's own command: it should still fail
    (XFAIL); one that passes (XPASS) was fixed and should become a
    regression test."""
    env = Env(args)
    status = 0
    # With every reproducer fixed the folder is gone (git keeps no empty
    # folder): nothing is open.
    paths = sorted(os.listdir(args.dir)) if os.path.isdir(args.dir) else []
    if not paths:
        print("fuzz: no open reproducers")
    for path in paths:
        if not path.endswith(".c"):
            continue
        full = os.path.join(args.dir, path)
        cmd = open_command(full)
        name = "fuzz/open/" + path
        if not cmd:
            print("ERROR: %s: no command in its comment" % name)
            status = 1
            continue
        out = os.path.join(env.work, "open-" + path[:-2])
        if cmd.startswith("gcc "):
            cmd = env.cc + cmd[3:]
        cmd = cmd.replace("-fplugin=build/sparsefuse.so",
                          "-fplugin=" + env.plugin)
        cmd = cmd.replace("&& ./a.out", "-o %s %s && %s" % (
            out, " ".join(env.incs + env.libs), out))
        st, so, se = run_cmd(["sh", "-c", cmd], env.timeout, cwd=ROOT)
        if st == 0:
            print("XPASS: %s: passes now; make it a regression test "
                  "(testsuite/sparsefuse.dg/fuzz-%s)" % (name, path))
            status = 1
        elif st is None or is_ice(st, se) and "cc1" in se:
            print("XFAIL: %s (%s)" % (name, "time-out" if st is None
                                       else "internal compiler error"))
        else:
            why = [x for x in (so + se).splitlines()
                   if "FAIL" in x or "error:" in x]
            print("XFAIL: %s: %s" % (name, why[0].strip()[:160] if why
                                     else "status %s" % st))
    return status


def main(argv):
    ap = argparse.ArgumentParser(description="differential fuzzer of the "
                                 "sparsefuse plugin")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--plugin", default=None)
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "fuzz"))
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--opt", default=None, help="optimization flag "
                    "(default: drawn per batch)")
    ap.add_argument("--keep", action="store_true",
                    help="keep the generated files")
    ap.add_argument("--no-snapshot", action="store_true",
                    help="use the build tree's plugin and library in place "
                    "(default: copies taken at the start)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("-n", type=int, default=100)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--batch", type=int, default=25)
    r.add_argument("--quick", action="store_true")
    r.add_argument("--avoid", default=",".join(fc.KNOWN),
                   help="open issues to steer clear of (comma list, "
                   "default all known; 'none' for none)")
    r.add_argument("--minimize", type=int, default=0, metavar="K",
                   help="shrink the first K failing cases")
    r.add_argument("--time-limit", type=float, default=0)
    r.add_argument("--log", default=None)
    r.add_argument("--results", default=None, metavar="FILE",
                   help="write PASS:/FAIL: lines (one per batch or "
                   "failing case) to FILE")
    r.add_argument("-j", "--jobs", type=int, default=1,
                   help="batches checked at the same time")
    r.add_argument("-v", "--verbose", action="store_true")
    r.add_argument("--lie", action="store_true",
                   help="the lying mode (fzlierun.py): each case's pragma "
                   "or a format declaration mutated, the plugin expected "
                   "to refuse the wrong ones and accept the equivalent "
                   "ones; -n counts mutants")
    r.add_argument("--draws", type=int, default=4, metavar="K",
                   help="--lie: seeds beyond the case's own on which the "
                   "reference evaluates both annotations (six data sets "
                   "each)")
    r.add_argument("--flags", default=None,
                   help="--lie: more flags for the mutants' compile "
                   "(write --flags=-fplugin-arg-sparsefuse-verify=off)")
    r.add_argument("--xfail", action="store_true",
                   help="--lie: when the plugin has no annotation checker, "
                   "report missed mutants as XFAIL and do not fail on them")
    c = sub.add_parser("check")
    c.add_argument("case")
    c.add_argument("--config", default="auto")
    m = sub.add_parser("minimize")
    m.add_argument("case")
    m.add_argument("--config", default="auto")
    m.add_argument("--kind", default="mismatch")
    e = sub.add_parser("emit")
    e.add_argument("case")
    o = sub.add_parser("open")
    o.add_argument("dir", nargs="?", default=os.path.join(
        ROOT, "testsuite", "fuzz", "open"))
    d = sub.add_parser("draw")
    d.add_argument("seed", type=int)
    d.add_argument("case_number", type=int)
    d.add_argument("--avoid", default="none")
    args = ap.parse_args(argv)
    try:
        return {"run": cmd_run, "check": cmd_check, "minimize": cmd_minimize,
                "emit": cmd_emit, "draw": cmd_draw,
                "open": cmd_open}[args.cmd](args)
    except InfraError as e:
        print("fuzz: ERROR: %s" % e, flush=True)
        return 2
    finally:
        for env in Env.opened:
            env.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
