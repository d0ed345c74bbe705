#!/usr/bin/env python3
"""Hostile pragmas: mutate the pragmas of random fuzz cases and check that
the plugin ends each in a diagnostic or a faithful compile.

    hostile.py run -n 500 --seed 1        500 mutants
    hostile.py dg CORPUS_DIR OUT_PREFIX   dg-error tests from a corpus

A mutant drops, duplicates, swaps, replaces or inserts tokens, changes
the rank of an access, renames operands, indices and fields, adds hostile
clauses (negative shapes, zero threads, false assumptions...), nests
parentheses thousands deep or truncates the line, in the computation
pragma or in a format declaration.  Compiled with the plugin, it must end
in one of:
  - diagnosed: an error (or a warning keeping the original loop);
  - replaced, and the pragma is valid by the grammar (pragma_ref.py), the
    expression the plugin printed is the one written, and when the
    mutant means what the original meant, the program still agrees with
    its loop;
  - kept with a warning, and the program agrees with its loop.
Anything else is a failure: an internal compiler error (status 4), a
crash or hang of the compiler, a pragma the grammar refuses but the plugin
replaces, a misread expression, a wrong result, or a pragma silently
ignored.  Mutants whose diagnostics are new (by normalized message) go to
the corpus; "hostile.py dg" turns corpus entries into dg-error tests.  The
last line is "hostile: tried T, passed P, failed F"."""

import argparse
import json
import os
import random
import re
import sys
import textwrap
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fzcase as fc		# noqa: E402
import fzemit as fe		# noqa: E402
import fuzz			# noqa: E402
import pragma_ref as pr		# noqa: E402

OTHER_TOKENS = [";", "{", "}", "\"x\"", "'c'", "@", "#", "...", "&&", "!=",
                "%", "?", "~", "!", "&", "|", "^", "<<", "++", "--", "-=",
                "\\", "`", "$"]
PUNCT_TOKENS = ["(", ")", "[", "]", ",", ":", ".", "->", "=", "+=", "+",
                "-", "*", "/", "<", "<=", ">", ">=", "=="]
WORDS = ["format", "struct", "int", "double", "dims", "levels", "values",
         "modes", "base", "dense", "compressed", "singleton", "coo",
         "shape", "colmajor", "schedule", "assume", "memory", "serial",
         "threads", "check", "auto", "naive", "unfused", "nnz", "dim",
         "zz", "tensor", "sizeof", "_", "__x", "main", "return"]
NUMBERS = ["0", "1", "-1", "7", "1e999", "99999999999999999999", "0x",
           "1e", "08", "0x1p3", "1.5f", "2u", "1..2", ".5", "1e-400",
           "4294967296", "9223372036854775808", "0.0", "-0"]


def _simplify(case):
    """Return CASE without file-scope operands (their names depend on the
    case number, which mutants should not) and without a second, chained
    statement (a mutant is judged by the one region it mutates)."""
    case = fc.clone(case)
    case["style"]["no_chain"] = True
    for o, op in enumerate(case["operands"]):
        if op["kind"] == "dense" and op["decl"] == "global":
            op["decl"] = "flat"
        if op["kind"] == "scalar" and o and op["where"] == "global":
            op["where"] = "param"
    return case


def _join(toks):
    return " ".join(t[1] for t in toks)


def _names(case):
    names = [op["name"] for op in case["operands"]] + case["indices"]
    for f in case["formats"]:
        names += [x.split("[")[0] for x in f["dims"]]
        for lv in f["levels"]:
            if lv:
                names += [x.split("[")[0] for x in lv if x]
        names.append(f["vals"])
    return names + ["ext0", "ext1"]


def _random_token(rng, case):
    r = rng.random()
    if r < 0.35:
        return ("id", rng.choice(_names(case)))
    if r < 0.55:
        return ("id", rng.choice(WORDS))
    if r < 0.7:
        return ("num", rng.choice(NUMBERS))
    if r < 0.88:
        return ("p", rng.choice(PUNCT_TOKENS))
    return ("o", rng.choice(OTHER_TOKENS))


def _hostile_clause(rng, case):
    ops = [op["name"] for op in case["operands"]]
    x = rng.choice(ops)
    sparse = [op["name"] for op in case["operands"] if op["kind"] == "sparse"]
    s = rng.choice(sparse) if sparse else x
    return rng.choice([
        "shape(%s: 0)" % x, "shape(%s: -1)" % x, "shape(%s: ext0, ext0)" % x,
        "shape(%s: 99999999999999999999)" % x, "shape(%s: 0, -5, 3)" % x,
        "shape(%s: 1 / 0)" % x, "shape(%s: %s.n0)" % (x, x),
        "shape(%s: ext0) shape(%s: ext0)" % (x, x), "shape()",
        "shape(zz: 3)", "shape(%s)" % x, "shape(%s: )" % x,
        "colmajor(%s)" % x, "colmajor(%s)" % s, "colmajor()",
        "colmajor(%s, %s)" % (x, x), "threads(0)", "threads(-2)",
        "threads(1000000)", "threads(%s)" % x, "threads()",
        "memory(-1)", "memory(0)", "memory(9223372036854775807)",
        "memory(1 / 0)", "assume(nnz(%s) > 100000)" % s,
        "assume(dim(%s, 7) > 1)" % x, "assume(dim(%s, -1) > 1)" % x,
        "assume(zz > 1)", "assume(ext0 / 2 > 1)", "assume(ext0)",
        "assume(nnz(zz) > 1)", "assume(1 > 2)", "schedule(fast)",
        "schedule()", "schedule(naive) schedule(auto)", "check(1)",
        "serial(x)", "serial serial", "check check", "threads(1) threads(2)",
        "memory(ext0 * ext0 * ext0)", "assume(ext0 <= ext0 < 3)",
        "shape(%s: ext0 + )" % x, "assume(nnz(%s) >= 0" % s])


def mutate_tokens(rng, toks, case):
    """Return a mutated copy of token list TOKS (and what was done)."""
    toks = list(toks)
    n = len(toks)
    r = rng.random()
    k = rng.randrange(n) if n else 0
    if r < 0.15 and n:
        dropped = toks.pop(k)
        return toks, "drop %r" % dropped[1]
    if r < 0.25 and n:
        toks.insert(k, toks[k])
        return toks, "duplicate"
    if r < 0.37 and n > 1:
        k = rng.randrange(n - 1)
        toks[k], toks[k + 1] = toks[k + 1], toks[k]
        return toks, "swap"
    if r < 0.6 and n:
        toks[k] = _random_token(rng, case)
        return toks, "replace"
    if r < 0.75:
        toks.insert(k, _random_token(rng, case))
        return toks, "insert"
    if r < 0.82 and n:
        return toks[:k], "truncate"
    # Rank changes: add or drop an index in an access.
    opens = [i for i in range(1, n) if toks[i][1] == "("
             and toks[i - 1][0] == "id"]
    if opens:
        i = rng.choice(opens)
        if rng.random() < 0.5:
            toks.insert(i + 1, ("id", rng.choice(case["indices"] + ["zz"])))
            toks.insert(i + 2, ("p", ","))
        elif i + 2 < n and toks[i + 2][1] == ",":
            del toks[i + 1:i + 3]
        return toks, "rank"
    return toks, "none"


def mutate_comp(rng, case):
    """Return a hostile version of CASE's computation pragma text."""
    text = fc.pragma_text(case)
    r = rng.random()
    if r < 0.12:
        return text + " " + _hostile_clause(rng, case), "clause"
    if r < 0.16:
        out, rhs = text.split("=", 1)
        depth = rng.choice([50, 300, 3000, 20000])
        return out + "=" + "(" * depth + rhs.split(" shape(")[0] \
            + ")" * depth, "deep parentheses %d" % depth
    if r < 0.19:
        out, rhs = text.split("=", 1)
        leaf = rhs.split(" shape(")[0]
        count = rng.choice([40, 400, 4000])
        return out + "=" + " + ".join(["(" + leaf + ")"] * count), \
            "long sum %d" % count
    if r < 0.21:
        count = rng.choice([17, 33])
        acc = "A(%s)" % ",".join("i%d" % k for k in range(count)) \
            if count == 17 else " * ".join("X%d" % k for k in range(count))
        return text.split("=", 1)[0] + "= " + acc, "limits %d" % count
    if r < 0.23:
        return text.replace(case["operands"][0]["name"],
                            "v" * rng.choice([300, 5000]), 1), "long name"
    if r < 0.25:
        return text + " * 1" + "0" * 5000, "long number"
    toks = pr.lex(text)
    steps = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        toks, what = mutate_tokens(rng, toks, case)
        steps.append(what)
    return _join(toks), ", ".join(steps)


def mutate_format(rng, case, fi):
    """Return a hostile version of format FI's declaration text."""
    f = dict(case["formats"][fi])
    f["tag"] = "c0_" + f["tag"]
    text = fc.format_text(f)
    r = rng.random()
    if r < 0.3:
        choices = [("base(1)", "base(2)"), ("base(1)", "base(-1)"),
                   ("dense", "compressed(zz, zz)"), ("compressed(", "coo("),
                   ("compressed(", "singleton("), ("dims(", "dims(zz, "),
                   ("levels(", "levels(dense, "), ("values(", "values(zz"),
                   ("values(%s)" % f["vals"], "values(%s[3])" % f["vals"]),
                   ("modes(", "modes(0, "), ("levels(", "modes(0, 0) levels("),
                   ("values(", "base(99999999999) values("),
                   ("dims(", "dims(%s[99], " % f["vals"]),
                   ("format ", "format struct "), (" dims(", " modes() dims(")]
        a, b = rng.choice(choices)
        if a in text:
            return text.replace(a, b, 1), "format edit"
    toks = pr.lex(text)
    steps = []
    for _ in range(rng.choice([1, 1, 2])):
        toks, what = mutate_tokens(rng, toks, case)
        steps.append(what)
    return _join(toks), "format " + ", ".join(steps)


# Places a pragma may end up in C (hostile.py moves the valid pragma of a
# case there, keeping its text): before an expression statement, a
# declaration, an empty statement; after a label; twice in a row; alone in
# a block; at file scope; before the return statement after its loop.
WRAPS = ["expr", "decl", "empty", "label", "twice", "block", "filescope",
         "return"]


def _wrap(lines, first, last, kind):
    """Apply placement KIND to tagged LINES (text, tag) whose pragma runs
    from index FIRST to LAST; return the new list."""
    tag = lines[first][1]
    prag = lines[first:last + 1]
    if kind == "expr":
        return lines[:last + 1] + [("  (void) 0;", tag)] + lines[last + 1:]
    if kind == "decl":
        return lines[:last + 1] + [("  double fz_unused = 0;", tag)] \
            + lines[last + 1:]
    if kind == "empty":
        return lines[:last + 1] + [("  ;", tag)] + lines[last + 1:]
    if kind == "label":
        return lines[:first] + [("fz_label:", tag)] + lines[first:]
    if kind == "twice":
        return lines[:last + 1] + prag + lines[last + 1:]
    if kind == "block":
        return lines[:first] + [("  {", tag)] + prag + [("  }", tag)] \
            + lines[last + 1:]
    rest = lines[:first] + lines[last + 1:]
    if kind == "filescope":
        k = first - 1
        while k > 0 and not rest[k][0].startswith("long"):
            k -= 1
        return rest[:k] + prag + rest[k:]
    k = first
    while not rest[k][0].startswith("  return"):
        k += 1
    return rest[:k] + prag + rest[k:]


def apply_wraps(text, where, wraps):
    """Return TEXT with the computation pragma of each case N in WRAPS
    placed as WRAPS[N] says, and the new WHERE."""
    tagged = []
    line_case = {ln: n for n, lines in where.items() for ln in lines}
    for k, line in enumerate(text.split("\n")):
        tagged.append((line, line_case.get(k + 1)))
    for n in sorted(wraps, reverse=True):
        idx = [k for k, (_, t) in enumerate(tagged) if t == n]
        last = idx[-1]
        first = last
        while first - 1 in idx and tagged[first - 1][0].endswith("\\"):
            first -= 1
        if tagged[first][0].lstrip().startswith(("#pragma", "_Pragma")):
            tagged = _wrap(tagged, first, last, wraps[n])
    where = {}
    for k, (_, t) in enumerate(tagged):
        if t is not None:
            where.setdefault(t, set()).add(k + 1)
    return "\n".join(x for x, _ in tagged), where


def make_mutant(rng, case):
    """Return (mutant case, description)."""
    m = fc.clone(case)
    if rng.random() < 0.1:
        m["wrap"] = rng.choice(WRAPS)
        m["mutated"] = ("wrap", None, fc.pragma_text(case))
        return m, "placement " + m["wrap"]
    user = [k for k, f in enumerate(case["formats"])
            if not f["builtin"] and any(op["kind"] == "sparse"
                                        and op["format"] == k
                                        for op in case["operands"])]
    if user and rng.random() < 0.3:
        fi = rng.choice(user)
        text, what = mutate_format(rng, case, fi)
        m["format_override"] = {str(fi): text}
        m["mutated"] = ("format", fi, text)
    else:
        text, what = mutate_comp(rng, case)
        m["pragma_override"] = text
        m["mutated"] = ("comp", None, text)
    return m, what


# ---------------------------------------------------------------------
# Judging.

def meaning(tree):
    """Return what of a computation's tree fixes its result."""
    if tree[0] != "comp":
        return tree
    cl = tree[4]
    return (tree[1], tree[2], tree[3], cl.get("shape"), cl.get("colmajor"),
            bool(cl.get("assume")))


def _printed_tree(text):
    """Return the tree of the expression the plugin printed, or None."""
    try:
        return pr.parse(text)
    except pr.Reject:
        return None


def judge_compiled(m, base, diag):
    """Return (verdict, detail, needs_run) for mutant M that compiled."""
    kind, fi, text = m["mutated"]
    replaced = diag.get("printed")
    kept = diag.get("kept")
    if kind == "wrap":
        # The pragma no longer stands before the statement it describes:
        # any outcome but a crash is acceptable; a kept loop must agree.
        if kept and not replaced:
            return "wrap-kept", kept[0], True
        return ("wrap-replaced" if replaced else "wrap-quiet"), "", False
    if not replaced and not kept:
        # A region with a check clause gets no report note; it must still
        # run and agree (the check keeps the original's result).
        try:
            if kind == "comp" and pr.parse(text)[4].get("check"):
                return "checked", "", True
        except pr.Reject:
            pass
        return "fail", "silently ignored: no region, no diagnostic", False
    if kept and not replaced:
        return "kept", kept[0], True
    if kind == "comp":
        try:
            tree = pr.parse(text)
        except pr.Reject as e:
            return "fail", "replaced although the grammar refuses it (%s)" \
                % e, False
        printed = _printed_tree(replaced[0])
        if printed is None or not pr.same_tree(printed[1:4], tree[1:4]):
            return "fail", "the plugin read %r" % replaced[0], False
        same = pr.same_tree(meaning(tree),
                            meaning(pr.parse(fc.pragma_text(base))))
        return ("replaced-same" if same else "replaced-other"), "", same
    try:
        tree = pr.parse(text)
    except pr.Reject as e:
        return "fail", "a format the grammar refuses was used (%s)" % e, False
    f = dict(base["formats"][fi])
    f["tag"] = "c0_" + f["tag"]
    same = tree == pr.parse(fc.format_text(f))
    return ("replaced-same" if same else "replaced-other"), "", same


NOTE = re.compile(r"^sparsefuse: (.*?): ")


class Round:
    """One batch of mutants: compile, sort out, run."""

    def __init__(self, env, mutants, tag, omp):
        self.env = env
        self.mutants = mutants
        self.tag = tag
        self.omp = omp
        self.dir = os.path.join(env.work, tag)
        os.makedirs(self.dir, exist_ok=True)
        self.result = {}	# n -> (verdict, detail)
        self.diags = {}		# n -> list of (severity, line offset, msg)

    def compile(self, numbers):
        """Compile mutants NUMBERS together; return (status, stderr,
        where, exe)."""
        cases = [self.mutants[n][0] for n in numbers]
        annot, main, where = fe.emit_batch(cases, numbers=numbers)
        wraps = {n: c["wrap"] for n, c in zip(numbers, cases)
                 if c.get("wrap")}
        if wraps:
            annot, where = apply_wraps(annot, where, wraps)
        src = os.path.join(self.dir, "annot.c")
        with open(src, "w") as f:
            f.write(annot)
        msrc = os.path.join(self.dir, "main.c")
        with open(msrc, "w") as f:
            f.write(main)
        exe = os.path.join(self.dir, "prog")
        cmd = [self.env.cc, "-O1", "-fplugin=" + self.env.plugin,
               "-fplugin-arg-sparsefuse-report", "-fdiagnostics-plain-output",
               src, msrc, "-o", exe] + self.env.incs + self.env.libs
        if self.omp:
            cmd.append("-fopenmp")
        st, _, err = fuzz.run_cmd(cmd, self.env.timeout)
        if err and "cannot load plugin" in err:
            raise fuzz.InfraError(err.strip()[:300])
        return st, err, where, src, exe

    def sort_diags(self, err, where, src):
        """Return {n: {"errors", "kept", "printed", "all"}}."""
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
                # A diagnostic on the function's statements: the nearest
                # case above it.
                above = [k for k, f in first.items() if f <= ln]
                n = max(above, key=lambda k: first[k]) if above else None
            if n is None:
                continue
            d = per.setdefault(n, {"errors": [], "kept": [], "printed": [],
                                   "all": []})
            sev, msg = m.group("sev"), m.group("msg")
            d["all"].append((sev, ln, msg))
            if sev == "error":
                d["errors"].append(msg)
            elif sev == "warning":
                for k in fuzz.KEPT:
                    km = k.search(msg)
                    if km:
                        d["kept"].append(fuzz.normalize_reason(km.group(1)))
            elif sev == "note":
                nm = NOTE.match(msg)
                if nm:
                    d["printed"].append(nm.group(1))
        return per

    def go(self):
        todo = list(range(len(self.mutants)))
        while todo:
            st, err, where, src, exe = self.compile(todo)
            ice = fuzz.is_ice(st, err)
            if (ice or st is None) and len(todo) > 1:
                # Find the culprits one by one.
                for n in todo:
                    st1, err1, _, _, _ = self.compile([n])
                    if st1 is None:
                        self.result[n] = ("fail", "the compiler ran for more "
                                          "than %d s" % self.env.timeout)
                    elif fuzz.is_ice(st1, err1):
                        self.result[n] = ("fail", "internal compiler error: "
                                          + fuzz._ice_text(err1))
                todo = [n for n in todo if n not in self.result]
                if not todo:
                    return
                continue
            if st is None or ice:
                n = todo[0]
                self.result[n] = ("fail", "internal compiler error: "
                                  + fuzz._ice_text(err) if ice else
                                  "the compiler ran for more than %d s"
                                  % self.env.timeout)
                return
            per = self.sort_diags(err, where, src)
            for n in todo:
                self.diags[n] = per.get(n, {}).get("all", [])
            if st != 0:
                bad = [n for n in todo if per.get(n, {}).get("errors")]
                if not bad:
                    self.result[todo[0]] = ("fail", "the build failed "
                                            "without an error on a pragma: "
                                            + err[-500:])
                    bad = [todo[0]]
                for n in bad:
                    self.result.setdefault(n, ("diagnosed", per[n]["errors"]
                                               [0] if n in per else ""))
                todo = [n for n in todo if n not in bad]
                continue
            self.judge(todo, per, exe)
            return

    def judge(self, numbers, per, exe):
        runs = []
        for n in numbers:
            m, base, _ = self.mutants[n]
            verdict, detail, needs_run = judge_compiled(m, base,
                                                        per.get(n, {}))
            self.result[n] = (verdict, detail)
            if needs_run:
                runs.append(n)
        if not runs:
            return
        st, out, _ = fuzz.run_cmd([exe] + [str(n) for n in runs],
                                  self.env.timeout)
        bad = set(int(x) for x in re.findall(r"fz: FAIL case (\d+)", out))
        if st != 0 or "fz: done" not in out:
            started = re.findall(r"fz: start case (\d+)", out)
            if started:
                bad.add(int(started[-1]))
        for n in bad:
            self.result[n] = ("fail", "the program disagrees with its loop "
                              "(%s)" % self.result[n][0])


def normalize_message(msg):
    msg = re.sub(r"'[^']*'|‘[^’]*’", "'X'", msg)
    return re.sub(r"-?\b\d+\b", "N", msg)


def cmd_run(args):
    env = fuzz.Env(args)
    rng = random.Random(args.seed)
    tried = passed = failed = 0
    verdicts = {}
    seen_msgs = set()
    corpus = os.path.join(env.work, "corpus")
    fails = os.path.join(env.work, "hostile-fails")
    os.makedirs(corpus, exist_ok=True)
    start = time.time()
    results = open(args.results, "w") if args.results else None
    k = 0
    while tried < args.n:
        if args.time_limit and time.time() - start > args.time_limit:
            break
        mutants = []
        while len(mutants) < min(args.batch, args.n - tried):
            base = _simplify(fc.generate(rng))
            m, what = make_mutant(rng, base)
            mutants.append((m, base, what))
        rnd = Round(env, mutants, "h%d-%d" % (args.seed, k), rng.random()
                    < 0.3)
        rnd.go()
        round_failed = 0
        for n, (m, base, what) in enumerate(mutants):
            verdict, detail = rnd.result.get(n, ("fail", "no verdict"))
            tried += 1
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
            if verdict == "fail":
                failed += 1
                round_failed += 1
                if results:
                    results.write("FAIL: fuzz/hostile/h%d-%d-%d (%s): %s\n" % (
                        args.seed, k, n, what, detail.splitlines()[0][:200]
                        if detail else ""))
                path = os.path.join(fails, "h%d-%d-%d.json" % (args.seed, k,
                                                              n))
                os.makedirs(fails, exist_ok=True)
                with open(path, "w") as f:
                    json.dump({"case": m, "what": what, "detail": detail},
                              f, indent=1)
                print("hostile: FAIL (%s) %s: %s -> %s" % (
                    what, m["mutated"][2][:200], detail[:300], path),
                      flush=True)
            else:
                passed += 1
            msgs = [normalize_message(x[2]) for x in rnd.diags.get(n, [])
                    if x[0] in ("error", "warning")]
            new = [x for x in msgs if x not in seen_msgs]
            if new and verdict != "fail":
                seen_msgs.update(new)
                path = os.path.join(corpus, "m%d-%d-%d.json" % (args.seed, k,
                                                               n))
                with open(path, "w") as f:
                    json.dump({"case": m, "what": what, "verdict": verdict,
                               "diags": rnd.diags.get(n, [])}, f, indent=1)
        if results and not round_failed:
            results.write("PASS: fuzz/hostile/h%d-%d (%d mutants)\n" % (
                args.seed, k, len(mutants)))
        if not args.keep:
            fuzz._clean(rnd.dir)
        k += 1
    print("hostile: %d mutants in %.0f s: %s" % (
        tried, time.time() - start, ", ".join(
            "%s %d" % kv for kv in sorted(verdicts.items()))))
    print("hostile: %d distinct diagnostics in the corpus (%s)" % (
        len(seen_msgs), corpus))
    print("hostile: tried %d, passed %d, failed %d" % (tried, passed,
                                                       failed))
    if results:
        results.close()
    return 1 if failed else 0


# ---------------------------------------------------------------------
# dg tests from the corpus.

def _dg_regex(msg):
    """Return a dg-error pattern for message MSG: letters, digits and
    blanks as they are, anything else '.', at most 70 characters."""
    out = []
    for ch in msg[:70]:
        out.append(ch if (ch.isascii() and ch.isalnum()) or ch == " "
                   else ".")
    return "".join(out).rstrip(". ") or "."


DG_HEADER = """/* {title}
   Each function below carries a pragma that tools/fuzz/hostile.py
   mutated from a valid one; the plugin must diagnose it (or keep the
   loop with a warning), never crash.  Mutations, in order:
{whats}  */
/* {{ dg-do compile }} */
/* {{ dg-options "-O2" }} */

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "sparsefuse.h"
"""


def cmd_dg(args):
    """Write to stdout a dg test holding the corpus entries named on the
    command line, with a dg-error (dg-warning) for each diagnostic the
    plugin gives today; the test then pins those diagnostics down."""
    env = fuzz.Env(args)
    entries = [json.load(open(p)) for p in args.entries]
    cases = [e["case"] for e in entries]
    whats = "".join(textwrap.fill(
        "%d. %s: %s" % (n, e["what"], _comment_safe(e["case"])), 72,
        initial_indent="     ", subsequent_indent="        ") + "\n"
                    for n, e in enumerate(entries))
    title = textwrap.fill(args.title, 72, subsequent_indent="   ")
    header = DG_HEADER.format(title=title, whats=whats)
    annot, _, where = fe.emit_batch(cases, 0, header)
    wraps = {n: c["wrap"] for n, c in enumerate(cases) if c.get("wrap")}
    if wraps:
        annot, _ = apply_wraps(annot, where, wraps)
    path = os.path.join(env.work, "hostile-dg.c")
    with open(path, "w") as f:
        f.write(annot)
    st, _, err = fuzz.run_cmd([env.cc, "-O2", "-S", "-o", os.devnull,
                               "-fplugin=" + env.plugin,
                               "-fdiagnostics-plain-output", path]
                              + env.incs, env.timeout)
    if fuzz.is_ice(st, err):
        raise SystemExit("hostile: the test crashes the compiler:\n" + err)
    lines = annot.rstrip("\n").split("\n")
    lines.append("")
    seen = set()
    for raw in err.splitlines():
        m = fuzz.DIAG.match(raw)
        if not m or os.path.basename(m.group("file")) != "hostile-dg.c" \
                or m.group("sev") == "note":
            continue
        directive = "dg-error" if m.group("sev") == "error" else "dg-warning"
        line = '/* { %s {%s} "" { target *-*-* } %s } */' % (
            directive, _dg_regex(m.group("msg")), m.group("line"))
        if line not in seen:	# one directive matches every repeat
            seen.add(line)
            lines.append(line)
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


def _comment_safe(case):
    kind, _, text = case["mutated"]
    if kind == "wrap":
        text = fc.pragma_text(case)
    text = text if len(text) < 140 else text[:137] + "..."
    return ("format " if kind == "format" else "") + text.replace("*/",
                                                                  "* /")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(fuzz.ROOT, "build"))
    ap.add_argument("--plugin", default=None)
    ap.add_argument("--work", default=os.path.join(fuzz.ROOT, "build",
                                                   "fuzz"))
    ap.add_argument("--cc", default="gcc")
    ap.add_argument("--timeout", type=int, default=60)
    ap.add_argument("--keep", action="store_true")
    ap.add_argument("--no-snapshot", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("-n", type=int, default=200)
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--batch", type=int, default=20)
    r.add_argument("--time-limit", type=float, default=0)
    r.add_argument("--results", default=None, metavar="FILE",
                   help="write PASS:/FAIL: lines to FILE")
    d = sub.add_parser("dg")
    d.add_argument("title")
    d.add_argument("entries", nargs="+")
    args = ap.parse_args(argv)
    try:
        return {"run": cmd_run, "dg": cmd_dg}[args.cmd](args)
    except fuzz.InfraError as e:
        print("hostile: ERROR: %s" % e)
        return 2
    finally:
        for env in fuzz.Env.opened:
            env.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
