"""Self-test of the lying mode's mutations and reference (fzlie.py):
`python3 tools/fuzz/test_lie.py` prints a PASS or FAIL line for each
check and exits 1 on a failure.

  - verdicts: small hand-made cases (y(i) = B(i,j) * x(j) with B a CSR
    struct, a Gram matrix, a total sum...) and mutations whose verdict is
    known: wrong, or equivalent (the two indices of a symmetric product,
    a base on a format with no pos or crd, a term multiplied by 0...);
  - mutants: every mutation of every kind of the first cases of a run
    gives a pragma and format declarations that the grammar
    (pragma_ref.py) accepts, and the reference judges it;
  - meaning: the reference's reading of each correct annotation agrees
    with the fuzzer's own meaning of the case (fzcase.monomials, which
    the generated loop follows), on the six data sets;
  - first-run: the program's stderr lines of the first-run check
    (passes/first-run.cc) sorted by the line of each mutant's pragma: a
    catch for a wrong mutant, a false alarm for an equivalent one, and
    no excuse for a run that still differs;
  - port (only with a C compiler, CC or gcc; no plugin): the values the
    generated loops compute on the harness's data (FZ_DUMP) are the ones
    the reference computes on its port of that data."""

import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import fzcase as fc		# noqa: E402
import fzemit as fe		# noqa: E402
import fzlie as fl		# noqa: E402
import fuzz			# noqa: E402
import pragma_ref as pr		# noqa: E402
import fzlierun as flr		# noqa: E402


# ---------------------------------------------------------------------
# Hand-made cases.

def _format(kinds, modes, base=0):
    f = fc.new_format(random.Random(1), len(kinds), False, "fmt0")
    f.update(kinds=list(kinds), modes=list(modes), base=base,
             vtype="double")
    levels = []
    for l, k in enumerate(kinds):
        levels.append(None if k == "dense" else
                      ("pos%d" % l if k != "singleton" else None,
                       "crd%d" % l))
    f["levels"] = levels
    return f


def _case(out_idx, rhs, ops, accumulate=False, formats=(), seed=7):
    """Return a case: OPS a list of (name, kind, order, extra fields), the
    output first; RHS with accesses ["acc", o, [indices]]."""
    nidx = 1 + max([v for n in fc.accesses(rhs) for v in n[2]]
                   + list(out_idx) + [-1])
    operands = []
    for name, kind, order, extra in ops:
        op = {"name": name, "kind": kind, "order": order}
        if kind == "dense":
            op.update(vtype="double", decl="flat", colmajor=False,
                      const=False, spell="plain")
        elif kind == "scalar":
            op.update(ctype="double", where="param")
        else:
            op.update(by_pointer=False, format=0)
        op.update(extra)
        operands.append(op)
    return {"version": 1, "seed": seed, "accumulate": accumulate,
            "rhs": rhs, "out_idx": list(out_idx), "operands": operands,
            "formats": list(formats), "clauses": [], "nidx": nidx,
            "indices": ["i", "j", "k", "l"][:nidx],
            "style": {"legacy": False, "live_after": False,
                      "ivtype": "long", "pragma": "plain", "loops": 1,
                      "share": False, "place": "plain"}}


CSR = _format(["dense", "compressed"], [0, 1])
DENSE2 = _format(["dense", "dense"], [0, 1])


def _spmv(**kw):
    """y(i) = B(i,j) * x(j), B a CSR struct."""
    return _case([0], ["mul", ["acc", 1, [0, 1]], ["acc", 2, [1]]],
                 [("y", "dense", 1, {}), ("B", "sparse", 2, {}),
                  ("x", "dense", 1, {})], formats=[CSR], **kw)


def _gram():
    """A(i,j) = B(i,k) * B(j,k), B a CSR struct: A is symmetric."""
    return _case([0, 1], ["mul", ["acc", 1, [0, 2]], ["acc", 1, [1, 2]]],
                 [("A", "dense", 2, {}), ("B", "sparse", 2, {})],
                 formats=[CSR])


def _total():
    """s = B(i,j), B a CSR struct."""
    return _case([], ["acc", 1, [0, 1]],
                 [("s", "scalar", 0, {}), ("B", "sparse", 2, {})],
                 formats=[CSR])


def _zero_term():
    """y(i) = 0 * x(i) + z(i)."""
    return _case([0], ["add", ["mul", ["num", 0.0, "0"], ["acc", 1, [0]]],
                       ["acc", 2, [0]]],
                 [("y", "dense", 1, {}), ("x", "dense", 1, {}),
                  ("z", "dense", 1, {})])


def _dense_struct():
    """y(i) = D(i,j) * x(j), D a struct of two dense levels."""
    c = _spmv()
    c["formats"] = [DENSE2]
    return c


def _transposed_copy():
    """C(i,j) = B(i,j), both of one (dense, dense) struct format: a mode
    order read the other way round moves both alike."""
    return _case([0, 1], ["acc", 1, [0, 1]],
                 [("C", "sparse", 2, {}), ("B", "sparse", 2, {})],
                 formats=[DENSE2])


def _loosened():
    """D(i) = (E(j,k) - E(k,i)) * 0, E a CSR struct: every value is 0, but
    dropping E(k,i) unties E's columns from D's rows, which the loop
    indexes with them (D[c] for E's column c): on inputs the mutant allows
    the loop goes outside D, so the mutant is wrong, not equivalent."""
    return _case([0], ["mul", ["sub", ["acc", 1, [1, 2]], ["acc", 1, [2, 0]]],
                       ["num", 0.0, "0.0"]],
                 [("D", "dense", 1, {}), ("E", "sparse", 2, {})],
                 formats=[CSR])


def _seed1_case54():
    """Case 54 of a run with seed 1: w(t) = (beta(t) + v(t)) * beta(t) *
    vec(t) + B(t) * C(t), every vector a 1-level compressed struct, w's
    pattern its own.  The sign of v flipped was judged equivalent on the
    fuzzer's six data sets and three more seeds of them (a product of
    three sparse vectors seldom meets a random output pattern) until the
    reference's own draws filled the output's pattern."""
    return fl.prepare(fuzz.draw(1, 54))


def _pick(case, kind, what):
    """Return the mutation of KIND of CASE whose description contains
    WHAT."""
    got = [c for c in fl.candidates(case, kind) if what in c["what"]]
    assert got, "no %s mutation %r among %s" % (
        kind, what, [c["what"] for c in fl.candidates(case, kind)])
    return got[0]


VERDICTS = [
    # (name, case maker, kind, description part, expected verdict)
    ("spmv-swap-B", _spmv, "swap-operand", "B(j,i)", "wrong"),
    ("spmv-assign", _spmv, "flip-assign", "+=", "wrong"),
    ("spmv-drop-x", _spmv, "drop-factor", "drop factor x(j)", "wrong"),
    ("spmv-drop-B", _spmv, "drop-factor", "drop factor B(i,j)", "wrong"),
    ("spmv-sign", _spmv, "flip-sign", "whole", "wrong"),
    ("spmv-scale", _spmv, "scale", "2 *", "wrong"),
    ("spmv-base", _spmv, "base", "base(1)", "wrong"),
    ("spmv-modes", _spmv, "modes", "modes(1, 0)", "wrong"),
    ("gram-swap-output", _gram, "swap-output", "A(j,i)", "equivalent"),
    ("gram-swap-operand", _gram, "swap-operand", "B(k,i)", "wrong"),
    ("total-swap", _total, "swap-operand", "B(j,i)", "equivalent"),
    ("total-scale", _total, "scale", "2 *", "wrong"),
    ("zero-term-scale", _zero_term, "scale", "2 * 0 *", "equivalent"),
    ("zero-term-drop", _zero_term, "drop-term", "drop term 0 * x(i)",
     "equivalent"),
    ("zero-term-drop-z", _zero_term, "drop-term", "drop term z(i)",
     "wrong"),
    ("zero-term-sign", _zero_term, "flip-sign", "sign of 0 * x(i)",
     "equivalent"),
    ("dense-struct-base", _dense_struct, "base", "base(1)", "equivalent"),
    ("dense-struct-modes", _dense_struct, "modes", "modes(1, 0)", "wrong"),
    ("copy-modes", _transposed_copy, "modes", "modes(1, 0)",
     "equivalent"),
    ("seed1-case54-sign", _seed1_case54, "flip-sign", "sign of v(t)",
     "wrong"),
    ("loosened-drop", _loosened, "drop-term", "drop term E(k,i)",
     "wrong"),
    ("loosened-scale", _loosened, "scale", "2 *", "equivalent"),
]


def comp_what(m):
    return m["lie"]["what"]


def check_verdicts():
    failed = 0
    for name, make, kind, what, want in VERDICTS:
        case = make()
        m = fl.mutant(case, kind, _pick(case, kind, what))
        got, detail = fl.judge(case, m)
        ok = got == want
        failed += not ok
        print("%s: fuzz/lie/verdict-%s (%s: %s, %s)" % (
            "PASS" if ok else "FAIL", name, kind, comp_what(m),
            want if ok else "got %s: %s" % (got, detail)))
    return failed


# ---------------------------------------------------------------------
# Generated cases.

def _cases(n, seed=20261127):
    return [fl.prepare(fuzz.draw(seed, k)) for k in range(n)]


def check_mutants(cases):
    """Every mutation parses and is judged; return the failures."""
    bad, count, kinds = [], 0, {}
    for k, case in enumerate(cases):
        for kind in fl.KINDS:
            for comp in fl.candidates(case, kind):
                m = fl.mutant(case, kind, comp)
                count += 1
                try:
                    pr.parse(m["pragma_override"])
                    fl.parse_formats(m)
                    verdict, _ = fl.judge(case, m, 0)
                    kinds[verdict] = kinds.get(verdict, 0) + 1
                except (pr.Reject, ValueError) as e:
                    bad.append("case %d %s %s: %s" % (k, kind, comp["what"],
                                                     e))
    ok = not bad and count > 0
    print("%s: fuzz/lie/mutants (%d mutations of %d cases: %s)%s" % (
        "PASS" if ok else "FAIL", count, len(cases), ", ".join(
            "%d %s" % (v, k) for k, v in sorted(kinds.items())),
        "".join("\n  " + b for b in bad[:10])))
    return not ok


def monomial_result(case, seed, data):
    """Return CASE's output after its loop on the data drawn with SEED and
    DATA, computed from fzcase.monomials (what the generated loop does)."""
    d = fl.draw_data(case, seed, data)
    cls = fc.extent_classes(case)
    ext = {v: d["ext"][cls[v]] for v in range(case["nidx"])}
    sparse = {}
    for o, op in enumerate(case["operands"]):
        if op["kind"] == "sparse":
            f = case["formats"][op["format"]]
            st = d["ops"][o]["store"]
            sparse[o] = [(p, c) for p, c in fl.decode(
                st, f["kinds"], f["modes"], f["base"], op["name"])]

    def factor(n, env):
        op = d["ops"][n[1]]
        if "scalar" in op:
            return op["scalar"]
        c = tuple(env[v] for v in n[2])
        if n[1] in sparse:
            vals = d["ops"][n[1]]["store"]["vals"]
            return sum(vals[p] for p, q in sparse[n[1]] if q == c)
        return op["dense"][c]

    out = case["operands"][0]
    if out["kind"] == "scalar":
        points = [(0, ())]
    elif out["kind"] == "sparse":
        points = sparse[0]
    else:
        points = list(enumerate(fl._memory_coords(d["ops"][0]["dims"],
                                                  out["colmajor"])))
    res = [(x, abs(x)) for x in d["init"]]
    times = 2 if case["style"].get("place") == "twice" else 1
    for p, coords in points:
        env = dict(zip(case["out_idx"], coords))
        tv = tm = 0.0
        for coef, factors, summed in fc.monomials(case):
            seen = {v for n in factors for v in n[2]}
            phantom = 1
            for v in summed - seen:
                phantom *= ext[v]
            for a in fl._assignments(summed & seen, ext):
                x = coef * phantom
                m = abs(x)
                for n in factors:
                    y = factor(n, {**env, **a})
                    x, m = x * y, m * abs(y)
                tv, tm = tv + x, tm + m
        for _ in range(times):
            res[p] = (tv + res[p][0], tm + res[p][1]) \
                if case["accumulate"] else (tv, tm)
    return res


def check_meaning(cases):
    bad = []
    for k, case in enumerate(cases):
        truth = fl._truth(case)
        for data in range(fl.DATA_SETS):
            a = fl.meaning_of(truth, case["seed"], data)
            b = monomial_result(case, case["seed"], data)
            e = fl.differ(a, b) if len(a) == len(b) else -1
            if e is not None:
                bad.append("case %d data %d element %s: %s" % (
                    k, data, e, fc.pragma_text(truth)))
                break
    print("%s: fuzz/lie/meaning (%d cases, six data sets each)%s" % (
        "PASS" if not bad else "FAIL", len(cases),
        "".join("\n  " + b for b in bad[:10])))
    return 1 if bad else 0


def check_port(cases):
    """Compile CASES without the plugin and compare the loops' values on
    the harness's data with the reference's; return the failures (0 when
    no C compiler)."""
    cc = os.environ.get("CC", "gcc")
    truths = [fl._truth(c) for c in cases]
    annot, main, _ = fe.emit_batch(truths)
    root = os.path.dirname(os.path.dirname(HERE))
    with tempfile.TemporaryDirectory() as tmp:
        paths = [os.path.join(tmp, x) for x in ("a.c", "m.c")]
        for p, text in zip(paths, (annot, main)):
            with open(p, "w") as f:
                f.write(text)
        exe = os.path.join(tmp, "p")
        try:
            r = subprocess.run([cc, "-O1", "-w"] + paths + [
                "-o", exe, "-I" + HERE, "-I" + os.path.join(root, "runtime"),
                "-I" + os.path.join(root, "core"), "-lm"],
                capture_output=True, text=True)
        except OSError:
            print("UNTESTED: fuzz/lie/port (no C compiler %s)" % cc)
            return 0
        if r.returncode:
            print("FAIL: fuzz/lie/port (the cases do not compile: %s)"
                  % r.stderr[-300:])
            return 1
        out = subprocess.run([exe], capture_output=True, text=True,
                             env=dict(os.environ, FZ_DUMP="1")).stdout
    got = {}
    for m in re.finditer(r"fz: value (\d+) (\d+) (\d+) (\S+)", out):
        got.setdefault((int(m.group(1)), int(m.group(2))), []).append(
            float(m.group(4)))
    bad = []
    for n, case in enumerate(truths):
        tol = 1e-5 if fl._floaty(case) else 1e-9
        for data in range(fl.DATA_SETS):
            want = fl.meaning_of(case, case["seed"], data)
            have = [(x, 0.0) for x in got.get((n, data), [])]
            e = fl.differ(have, want, tol) if len(have) == len(want) else -1
            if e is not None:
                bad.append("case %d data %d element %s: %s" % (
                    n, data, e, fc.pragma_text(case)))
                break
    print("%s: fuzz/lie/port (%d cases compiled without the plugin, six "
          "data sets each)%s" % ("PASS" if not bad else "FAIL", len(cases),
                                 "".join("\n  " + b for b in bad[:10])))
    return 1 if bad else 0


def check_first_run():
    """The outcomes of mutants whose program printed a first-run line;
    return 1 on a failure."""
    r = flr.Round.__new__(flr.Round)
    r.mutants = [(None, "wrong"), (None, "equivalent"), (None, "wrong"),
                 (None, "wrong")]
    r.broken, r.diags, r.differs, r.first_run = {}, {}, {}, {}
    r.where = {0: [10], 1: [20], 2: [30], 3: [40]}
    r.differs[3] = "FAIL case 3"
    r.read_first_run(
        "sparsefuse: /w/annot.c:10: first run: 'y(i) = B(i,j) * x(j)' "
        "differs from the statement at value 2 (got 1, expected 2); the "
        "statement runs from now on\n"
        "other text\n"
        "sparsefuse: /w/annot.c:20: first run: 'y(i) = x(i)' differs ...\n"
        "sparsefuse: /w/annot.c:40: first run: 'y(i) = x(i)' differs ...\n")
    got = [r.outcome(n)[0] for n in range(4)]
    want = ["caught", "false-alarm", "harmless", "missed"]
    ok = got == want and r.outcome(0)[1].startswith("first run: 'y(i)")
    print("%s: fuzz/lie/first-run (%s)" % ("PASS" if ok else "FAIL",
                                           ", ".join(got)))
    return not ok


def main(argv):
    failed = check_verdicts()
    failed += check_first_run()
    cases = _cases(40)
    failed += check_mutants(cases)
    failed += check_meaning(cases)
    if "--no-cc" not in argv:
        failed += check_port(cases[:24])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
