"""The lying mode of the differential fuzzer: fuzz.py run --lie.

    fuzz.py run --lie -n 200 --seed 1        200 mutants, batches of 25

Mutant K of a run is one mutation (fzlie.py) of case K of the differential
fuzzer's run with the same seed: its pragma or a format declaration lies,
the loop is the case's own.  The reference (fzlie.judge) calls it wrong or
equivalent; the plugin compiles it (serial, the default schedule, -O0 to
-O3 drawn per batch) and the program compares the annotated function with
its unannotated copy on the six data sets.  Each mutant ends as

    caught       wrong, and the compile fails with the annotation
                 checker's error (a difference, or an access outside an
                 array) on it; or, not verified, its first run printed
                 that its code differs from the statement
                 (passes/first-run.cc), and the run agrees
    rejected     wrong, and another error refuses it (extents that
                 disagree at compile time, an operand no longer sized)
    unverified   wrong, compiled with the note "annotation not verified",
                 and the run agrees on the fuzzer's data
    missed       wrong, compiled without an error, and the run differs
                 from the loop: a failure (counted apart when the plugin
                 said "annotation not verified": the fuzzer's loops are
                 plain C the checker can run, so the note is a gap too)
    harmless     wrong, compiled, but the run agrees on the fuzzer's data
                 (or the region was kept)
    false-alarm  equivalent, and an error or a first-run line; or any
                 mutant whose correct
                 annotation, compiled alike as a control, gets an error
                 too: a failure
    ok           equivalent, compiled, and the run agrees
    broken       anything else that must not happen: an equivalent
                 mutant whose run differs, an internal compiler error, a
                 compiler time-out, a build that fails without an error
                 on a pragma: a failure

Outline of a run:
  1. per batch, draw the cases (fuzz.draw, as the differential run does),
     mutate each and judge the mutant with the reference;
  2. compile the batch's annotated file with the plugin; mutants with an
     error are taken out and the rest compiled again; an internal compiler
     error or a time-out is looked for case by case; the correct
     annotations are compiled alike, as a control;
  3. link with the references and run; a case that fails or crashes is run
     again alone, so that a mutant that wrote out of bounds cannot be
     blamed on its neighbours;
  4. sort the outcomes, save the failures (JSON and C, fails in
     WORK/lie-fails/), print the counts per kind of mutation.
The last line is "lie: tried T, caught C, ..., missed M, ..."."""

import json
import os
import random
import re
import sys
import textwrap
import time

import fzemit as fe
import fzlie as fl
import fuzz

# The checker's errors (SPEC 1.7): a difference, or an access outside an
# array ("the loop reads B.colidx[5] outside the declared array (5
# entries)", "the loop writes outside 'y' (byte 40 of 32)").
CHECKER = re.compile(r"does not compute what the annotation says"
                     r"|\bthe loop \w+ .*\boutside\b")
UNVERIFIED = re.compile(r"annotation not verified")
# The line a region not verified prints when its first run shows its code
# differs from the statement (passes/first-run.cc); the program goes on
# with the statement's result.
FIRST_RUN = re.compile(r"sparsefuse: (?P<file>[^\n]*):(?P<line>\d+): "
                       r"first run: (?P<msg>[^\n]*)")
OUTCOMES = ("caught", "rejected", "unverified", "missed", "harmless",
            "false-alarm", "ok", "broken")
FAILURES = ("missed", "false-alarm", "broken")


class Round:
    """One batch of mutants: compile, sort the diagnostics, run."""

    def __init__(self, env, mutants, tag, opt, flags, ids=None):
        """MUTANTS: [(mutant case, verdict)], numbered IDS in the
        programs (default 0, 1, ...: a run passes the mutants' numbers, so
        that the programs' messages name them); OPT, FLAGS: compiler
        flags."""
        self.env = env
        self.mutants = mutants
        self.ids = list(ids) if ids is not None else list(
            range(len(mutants)))
        self.local = {k: n for n, k in enumerate(self.ids)}
        self.opt = opt
        self.flags = flags
        self.dir = os.path.join(env.work, tag)
        os.makedirs(self.dir, exist_ok=True)
        self.broken = {}	# n -> detail
        self.diags = {}		# n -> {"errors", "notes", "kept"}
        self.differs = {}	# n -> the run's first failure line
        self.first_run = {}	# n -> the line of its first-run check
        self.where = {}		# n -> the lines of its pragmas

    def compile(self, numbers):
        """Compile the annotated functions of NUMBERS with the plugin;
        return (status, stderr, where, source, object)."""
        cases = [self.mutants[n][0] for n in numbers]
        annot, _, where = fe.emit_batch(cases, numbers=[
            self.ids[n] for n in numbers])
        where = {self.local[k]: lines for k, lines in where.items()}
        src = os.path.join(self.dir, "annot.c")
        with open(src, "w") as f:
            f.write(annot)
        obj = src[:-2] + ".o"
        cmd = [self.env.cc] + self.opt.split() + [
            "-fplugin=" + self.env.plugin, "-fplugin-arg-sparsefuse-report",
            "-fdiagnostics-plain-output"] + self.flags + [
            "-c", src, "-o", obj] + self.env.incs
        st, _, err = fuzz.run_cmd(cmd, self.env.timeout)
        if "cannot load plugin" in err:
            raise fuzz.InfraError(err.strip()[:300])
        return st, err, where, src, obj

    def sort_diags(self, err, where, src):
        """Return {n: {"errors", "notes", "kept"}}: the diagnostics of
        ERR on SOURCE by case (by the lines of its pragmas; one on another
        line goes to the nearest case above)."""
        line_case = {ln: n for n, lines in where.items() for ln in lines}
        first = {n: min(lines) for n, lines in where.items() if lines}
        per = {}
        base = os.path.basename(src)
        for raw in err.splitlines():
            m = fuzz.DIAG.match(raw)
            if not m or os.path.basename(m.group("file")) != base:
                continue
            ln = int(m.group("line"))
            n = line_case.get(ln)
            if n is None:
                above = [k for k, f in first.items() if f <= ln]
                n = max(above, key=lambda k: first[k]) if above else None
            if n is None:
                continue
            d = per.setdefault(n, {"errors": [], "notes": [], "kept": []})
            sev, msg = m.group("sev"), m.group("msg")
            if sev == "error":
                d["errors"].append(msg)
            elif sev == "note":
                d["notes"].append(msg)
            else:
                for k in fuzz.KEPT:
                    km = k.search(msg)
                    if km:
                        d["kept"].append(fuzz.normalize_reason(km.group(1)))
        return per

    def errors_only(self):
        """Compile every case once; return {n: its first error} (none
        when the compiler crashed: the mutants' round reports that)."""
        numbers = list(range(len(self.mutants)))
        st, err, where, src, _ = self.compile(numbers)
        if st is None or fuzz.is_ice(st, err) or st == 0:
            return {}
        per = self.sort_diags(err, where, src)
        return {n: d["errors"][0] for n, d in per.items() if d["errors"]}

    def isolate(self, numbers):
        """Compile NUMBERS one by one after a crash or time-out of the
        compiler on all of them; record the culprits as broken."""
        for n in numbers:
            st, err, _, _, _ = self.compile([n])
            if st is None:
                self.broken[n] = "the compiler ran for more than %d s" \
                    % self.env.timeout
            elif fuzz.is_ice(st, err):
                self.broken[n] = "internal compiler error: " \
                    + fuzz._ice_text(err)
        if not any(n in self.broken for n in numbers):
            for n in numbers:
                self.broken[n] = "the compiler crashed on the batch only"

    def go(self):
        todo = list(range(len(self.mutants)))
        while todo:
            st, err, where, src, obj = self.compile(todo)
            if st is None or fuzz.is_ice(st, err):
                self.isolate(todo)
                todo = [n for n in todo if n not in self.broken]
                continue
            per = self.sort_diags(err, where, src)
            self.where = where
            for n in todo:
                self.diags[n] = per.get(n, {"errors": [], "notes": [],
                                            "kept": []})
            if st == 0:
                self.link_and_run(todo, obj)
                return
            bad = [n for n in todo if self.diags[n]["errors"]]
            if not bad:
                self.broken[todo[0]] = "the build failed without an error " \
                    "on a pragma: " + err[-500:]
                bad = [todo[0]]
            todo = [n for n in todo if n not in bad]

    def link_and_run(self, numbers, obj):
        """Link the annotated object of NUMBERS with their references and
        harness and run them; record which differ from their loop."""
        cases = [self.mutants[n][0] for n in numbers]
        _, main, _ = fe.emit_batch(cases, numbers=[self.ids[n]
                                                   for n in numbers])
        msrc = os.path.join(self.dir, "main.c")
        with open(msrc, "w") as f:
            f.write(main)
        exe = os.path.join(self.dir, "prog")
        st, _, err = fuzz.run_cmd([self.env.cc, "-O0", "-w", msrc, obj, "-o",
                                   exe] + self.env.incs + self.env.libs,
                                  self.env.timeout)
        if st != 0:
            for n in numbers:
                self.broken[n] = "the program does not link: " + err[-300:]
            return
        suspects = self.run(exe, numbers)
        for n in suspects:
            again = self.run(exe, [n])
            if n in again:
                self.differs[n] = again[n]

    def run(self, exe, numbers):
        """Run EXE on NUMBERS, again without those seen after a crash;
        return {n: first failure line} of the cases that failed."""
        out_fail = {}
        todo = list(numbers)
        while todo:
            st, out, err = fuzz.run_cmd([exe] + [str(self.ids[n])
                                                 for n in todo],
                                        self.env.timeout)
            self.read_first_run(err or "")
            seen, current = set(), None
            for ln in out.splitlines():
                m = re.match(r"fz: (start|ok|FAIL) case (\d+)", ln)
                if not m:
                    continue
                n = self.local.get(int(m.group(2)))
                if n is None:
                    continue
                seen.add(n)
                if m.group(1) == "start":
                    current = n
                elif m.group(1) == "FAIL":
                    out_fail.setdefault(n, ln[4:])
            if st == 0 and "fz: done" in out:
                break
            if current is None:
                for n in todo:
                    out_fail.setdefault(n, "the program did not start "
                                        "(status %s)" % st)
                break
            out_fail.setdefault(current, "%s while running data set %s" % (
                "a time-out" if st is None else "status %s" % st,
                fuzz._last_data(out)))
            todo = [n for n in todo if n not in seen]
        return out_fail

    def read_first_run(self, err):
        """Record the first-run lines of ERR (the program's stderr) by
        case, from the line of the pragma they name."""
        line_case = {ln: n for n, lines in self.where.items()
                     for ln in lines}
        for m in FIRST_RUN.finditer(err):
            n = line_case.get(int(m.group("line")))
            if n is not None:
                self.first_run.setdefault(n, "first run: " + m.group("msg"))

    def outcome(self, n):
        """Return (outcome, detail) of mutant N."""
        verdict = self.mutants[n][1]
        if n in self.broken:
            return "broken", self.broken[n]
        d = self.diags.get(n, {"errors": [], "notes": [], "kept": []})
        if d["errors"]:
            msg = d["errors"][0]
            checker = [e for e in d["errors"] if CHECKER.search(e)]
            if verdict == "equivalent":
                return "false-alarm", msg
            return ("caught", checker[0]) if checker else ("rejected", msg)
        differs = self.differs.get(n)
        unverified = [x for x in d["notes"] if UNVERIFIED.search(x)]
        first_run = self.first_run.get(n)
        if verdict == "equivalent":
            if differs:
                return "broken", "an equivalent annotation changed the " \
                    "result: " + differs
            if first_run:
                return "false-alarm", first_run
            return "ok", ""
        if differs:
            return "missed", (unverified[0] + "; the run differs: "
                              if unverified else "") + differs
        if first_run:
            return "caught", first_run
        if unverified:
            return "unverified", unverified[0]
        kept = "kept: " + d["kept"][0] if d["kept"] else ""
        return "harmless", kept


def has_checker(env):
    """Return true when the plugin knows -fplugin-arg-sparsefuse-verify
    (it has the annotation checker of SPEC 1.7)."""
    src = os.path.join(env.work, "probe-verify.c")
    with open(src, "w") as f:
        f.write("int fz_probe;\n")
    st, _, err = fuzz.run_cmd([env.cc, "-fplugin=" + env.plugin,
                               "-fplugin-arg-sparsefuse-verify=on", "-c",
                               src, "-o", os.devnull], env.timeout)
    return st == 0 and "unknown option" not in err


def make_mutant(seed, k, avoid, extra):
    """Return (original, mutant, verdict, reference detail) for mutant K of
    the run with SEED, or None when the case has no mutation."""
    case = fl.prepare(fuzz.draw(seed, k, avoid))
    rng = random.Random((seed * 1000003 + k) ^ 0x11e5)
    kind, comp = fl.choose(case, rng)
    if kind is None:
        return None
    m = fl.mutant(case, kind, comp)
    try:
        verdict, detail = fl.judge(case, m, extra)
    except ValueError as e:
        verdict, detail = "fault", str(e)
    return case, m, verdict, detail


class Stats:
    def __init__(self):
        self.table = {}		# kind -> {column: count}
        self.failures = []

    def add(self, kind, verdict, outcome, detail):
        row = self.table.setdefault(kind, {})
        cols = ["mutants", verdict, outcome]
        if outcome == "harmless" and detail.startswith("kept"):
            cols.append("kept")
        if outcome == "missed" and UNVERIFIED.search(detail):
            cols.append("noted")
        if outcome == "caught" and detail.startswith("first run"):
            cols.append("first-run")
        if outcome == "false-alarm" and detail.startswith("the correct"):
            cols.append("refused")
        for col in cols:
            row[col] = row.get(col, 0) + 1

    def total(self, col):
        return sum(r.get(col, 0) for r in self.table.values())

    def report(self, out, seconds, seed):
        cols = ("mutants", "wrong", "equivalent") + OUTCOMES
        out.write("lie: %d mutants in %.0f s (seed %d): %d wrong, %d "
                  "equivalent by the reference\n" % (
                      self.total("mutants"), seconds, seed,
                      self.total("wrong"), self.total("equivalent")))
        out.write("lie:   %-13s%s\n" % ("kind", "".join(
            " %*s" % (len(c), c) for c in cols)))
        for kind in fl.KINDS + ("total",):
            row = self.table.get(kind) if kind != "total" else {
                c: self.total(c) for c in cols}
            if row:
                out.write("lie:   %-13s%s\n" % (kind, "".join(
                    " %*d" % (len(c), row.get(c, 0)) for c in cols)))
        for line in self.failures[:40]:
            out.write("lie: FAIL %s\n" % line)
        out.write("lie: caught: %d by the checker, %d by the first-run "
                  "check\n" % (self.total("caught") - self.total("first-run"),
                               self.total("first-run")))
        out.write("lie: missed: %d without a word, %d after the note "
                  "'annotation not verified'\n" % (
                      self.total("missed") - self.total("noted"),
                      self.total("noted")))
        out.write("lie: false alarms: %d on the lie alone, %d on the "
                  "correct annotation too\n" % (
                      self.total("false-alarm") - self.total("refused"),
                      self.total("refused")))
        out.write("lie: harmless: %d regions kept with a warning, %d "
                  "replaced whose run agreed on the fuzzer's data\n" % (
                      self.total("kept"),
                      self.total("harmless") - self.total("kept")))
        out.write("lie: tried %d, %s\n" % (self.total("mutants"), ", ".join(
            "%s %d" % (c, self.total(c)) for c in OUTCOMES)))


def save_failure(work, name, record):
    """Write RECORD (JSON) and its mutant as one program (C) under
    WORK/lie-fails/NAME; return the path without extension."""
    out = os.path.join(work, "lie-fails")
    os.makedirs(out, exist_ok=True)
    base = os.path.join(out, name)
    with open(base + ".json", "w") as f:
        json.dump(record, f, indent=1)
    lie = record["case"]["lie"]
    paras = [
        "The annotation lies (%s: %s); the loop is the one the correct "
        "pragma describes: %s" % (lie["kind"], lie["what"], lie["truth"]),
        "The lying mode's reference says %s (%s)." % (
            record["verdict"], record["reference"]),
        "With the plugin at %s: %s%s." % (
            record["opt"], record["outcome"], ": " + record["detail"][:300]
            if record["detail"] else ""),
        "gcc %s -fplugin=build/sparsefuse.so -Iruntime -Itools/fuzz "
        "%s.c -Lbuild -lsparsefuse -lm && ./a.out" % (
            record["opt"], os.path.basename(base))]
    comment = "\n".join(textwrap.fill(p, 72, initial_indent="   ",
                                      subsequent_indent="   ")
                        for p in paras).replace("*/", "* /")
    comment = "/*" + comment[2:] + "  */\n"
    text, _ = fe.emit_single(record["case"], 0, comment + fe.HEADER)
    with open(base + ".c", "w") as f:
        f.write(text)
    return base


def _same_failure(env, case, kind, verdict, outcome, opt, flags, draws):
    """Return true when some mutation of KIND of CASE (at most six, the
    first ones) is judged VERDICT and ends as OUTCOME."""
    case = fl.prepare(case)
    mutants = []
    for comp in fl.candidates(case, kind)[:6]:
        m = fl.mutant(case, kind, comp)
        try:
            if fl.judge(case, m, draws)[0] == verdict:
                mutants.append((m, verdict))
        except (ValueError, fl.pr.Reject):
            pass
    if not mutants:
        return False
    rnd = Round(env, mutants, "min-%d" % os.getpid(), opt, flags)
    try:
        rnd.go()
    finally:
        fuzz._clean(rnd.dir)
    return any(rnd.outcome(n)[0] == outcome for n in range(len(mutants)))


def minimize_saved(env, base, case, m, verdict, outcome, opt, flags, draws):
    """Shrink the case of failing mutant M (saved at BASE) while a mutation
    of the same kind still ends as OUTCOME; save the smallest such mutant
    as BASE-min.json and .c."""
    import fzmin
    kind = m["lie"]["kind"]
    small = fzmin.minimize(case, lambda c: _same_failure(
        env, c, kind, verdict, outcome, opt, flags, draws), budget=120)
    small = fl.prepare(small)
    for comp in fl.candidates(small, kind)[:6]:
        sm = fl.mutant(small, kind, comp)
        got = fl.judge(small, sm, draws)
        if got[0] != verdict:
            continue
        rnd = Round(env, [(sm, verdict)], "min-%d" % os.getpid(), opt,
                    flags)
        rnd.go()
        fuzz._clean(rnd.dir)
        o, detail = rnd.outcome(0)
        if o == outcome:
            save_failure(env.work, os.path.basename(base) + "-min", {
                "case": sm, "original": small, "verdict": verdict,
                "reference": got[1], "outcome": o, "detail": detail,
                "opt": opt})
            print("lie: minimized to %s-min.c: %s" % (
                base, sm["pragma_override"]), flush=True)
            return sm
    print("lie: %s: not minimized" % base, flush=True)
    return None


def _draw_batch(args, avoid, first, size):
    """Return [(number, original, mutant, verdict, detail)] of mutants
    FIRST to FIRST + SIZE - 1 (cases without a mutation are skipped)."""
    out = []
    for k in range(first, first + size):
        got = make_mutant(args.seed, k, avoid, args.draws)
        if got:
            out.append((k,) + got)
    return out


def cmd_lie(args):
    """The lying run of fuzz.py run --lie; return the exit status."""
    env = fuzz.Env(args)
    avoid = [] if args.avoid == "none" else args.avoid.split(",")
    flags = (args.flags or "").split()
    if args.jobs > 1 or args.quick:
        print("lie: -j and --quick do not apply: one batch at a time, one "
              "configuration", flush=True)
    checker = has_checker(env)
    if not checker:
        print("lie: the plugin has no annotation checker "
              "(-fplugin-arg-sparsefuse-verify is unknown): wrong mutants "
              "can only be missed", flush=True)
    stats = Stats()
    results = open(args.results, "w") if args.results else None
    start = time.time()
    first, batch_no, minimized = 0, 0, 0
    while first < args.n:
        if args.time_limit and time.time() - start > args.time_limit:
            break
        size = min(args.batch, args.n - first)
        drawn = _draw_batch(args, avoid, first, size)
        orng = random.Random(args.seed * 7 + batch_no)
        opt = args.opt or orng.choice(["-O0", "-O1", "-O2", "-O2", "-O3"])
        tag = "l%d-b%d" % (args.seed, batch_no)
        rnd = Round(env, [(m, v) for _, _, m, v, _ in drawn], tag, opt,
                    flags, [k for k, _, _, _, _ in drawn])
        rnd.go()
        # The control: the correct annotations, compiled alike.  An error
        # there makes the mutant's outcome a false alarm whatever the
        # lie, and keeps a refusal of the correct pragma from passing for
        # a catch.
        control = Round(env, [(fl._truth(case), "equivalent")
                              for _, case, _, _, _ in drawn], tag + "-truth",
                        opt, flags)
        refused = control.errors_only()
        fuzz._clean(control.dir)
        bad_round = xfails = 0
        for n, (k, case, m, verdict, ref) in enumerate(drawn):
            outcome, detail = rnd.outcome(n) if verdict != "fault" else (
                "broken", "the reference failed: " + ref)
            if n in refused and outcome != "broken":
                outcome, detail = "false-alarm", "the correct annotation " \
                    "is refused too: " + refused[n]
            lie = m["lie"]
            stats.add(lie["kind"], verdict, outcome, detail or "")
            if args.verbose:
                print("lie: mutant %d %s (%s) %s: %s" % (
                    k, outcome, lie["kind"], lie["what"],
                    (detail or ref).splitlines()[0][:200]), flush=True)
            if outcome not in FAILURES:
                continue
            # Expected failures of the smoke run (--xfail): every miss
            # while the plugin has no checker.  With one, a miss is a
            # failure, after the note "annotation not verified" too (the
            # checker binds the loop bounds the annotation does not).
            xfail = outcome == "missed" and args.xfail and not checker
            name = "l%d-m%d-%s" % (args.seed, k, outcome)
            base = save_failure(env.work, name, {
                "case": m, "original": case, "verdict": verdict,
                "reference": ref, "outcome": outcome, "detail": detail,
                "opt": opt, "seed": args.seed, "mutant": k})
            if detail.startswith("the correct annotation is refused"):
                # Not the lie's doing: the differential fuzzer's own
                # minimizer shrinks the correct case (compile-error).
                pass
            elif args.minimize and minimized < args.minimize:
                minimized += 1
                minimize_saved(env, base, case, m, verdict, outcome, opt,
                               flags, args.draws)
            line = "%s (%s: %s): %s -> %s.c" % (
                name, lie["kind"], lie["what"], (detail or "").splitlines()[0]
                [:160] if detail else "", base)
            if xfail:
                xfails += 1
                continue
            bad_round += 1
            stats.failures.append(line)
            if results:
                results.write("FAIL: fuzz/lie/%s (%s: %s): %s\n" % (
                    name, lie["kind"], lie["what"], (detail or "")[:200]))
        if results and xfails:
            results.write("XFAIL: fuzz/lie/%s: %d wrong mutants missed (the "
                          "plugin has no annotation checker)\n" % (tag,
                                                                   xfails))
        if results and not bad_round:
            results.write("PASS: fuzz/lie/%s (%d mutants, %s)\n" % (
                tag, len(drawn), opt))
        if not args.keep:
            fuzz._clean(rnd.dir)
        if args.verbose:
            print("lie: %d mutants, %.0f s" % (stats.total("mutants"),
                                                time.time() - start),
                  flush=True)
        first += size
        batch_no += 1
    stats.report(sys.stdout, time.time() - start, args.seed)
    if results:
        results.close()
    if args.log:
        with open(args.log, "a") as log:
            stats.report(log, time.time() - start, args.seed)
    return 1 if stats.failures else 0
