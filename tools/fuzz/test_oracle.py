"""The fuzzer's judgement of the check clause's reports (check_too_far),
on report lines the campaigns met: `python3 tools/fuzz/test_oracle.py`
prints a PASS or FAIL line for each and exits 1 on a failure."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz  # noqa: E402

CASES = [
    # (report line, floats?, judged too far?)
    # Seed 20261126 case 2371: w(a1) = (-alpha(z_) + alpha(l)) * C(row)
    # sums to exactly 0; the two orders leave 1.4e-17 and 0.
    ("sparsefuse check annot-naive.c:804: w(a1) = (-alpha(z_) + alpha(l)) "
     "* C(row): 2 values, max difference 1.39e-17 (at 1: generated 0, "
     "original -1.3877787807814457e-17), relative to the largest value 1",
     False, False),
    # A real mismatch: values of magnitude 1, an entry off by 0.5.
    ("sparsefuse check a.c:12: y(i) = B(i,j) * x(j): 9 values, max "
     "difference 0.5 (at 3: generated 1.5, original 1), relative to the "
     "largest value 0.25", False, True),
    # Rounding on values of magnitude 1.
    ("sparsefuse check a.c:12: y(i) = B(i,j) * x(j): 9 values, max "
     "difference 4.4e-16 (at 3: generated 1, original 1), relative to the "
     "largest value 2.2e-16", False, False),
    # Floats: a relative 1e-3 is rounding, a relative 0.1 of 10 is not.
    ("sparsefuse check a.c:7: y(i) = B(i,j) * x(j): 4 values, max "
     "difference 0.002 (at 0: generated 2.002, original 2), relative to the "
     "largest value 0.001", True, False),
    ("sparsefuse check a.c:7: y(i) = B(i,j) * x(j): 4 values, max "
     "difference 1 (at 0: generated 11, original 10), relative to the "
     "largest value 0.1", True, True),
]


# fz_compare (fuzz-rt.h) on values the data sets of extreme scale make:
# (got, want, bound, fails?).  Seed 20261219 case 2184: X = vec * vec in
# floats overflows to inf in the annotated function and the reference.
RT_CASES = [
    ("INFINITY", "INFINITY", "INFINITY", False),
    ("-INFINITY", "-INFINITY", "INFINITY", False),
    ("NAN", "NAN", "INFINITY", False),
    # An infinite bound (the sum of absolute values overflowed) says
    # nothing of the order the terms came in: no claim.
    ("INFINITY", "-INFINITY", "INFINITY", False),
    ("INFINITY", "1.0", "1.0", True),
    ("NAN", "1.0", "1.0", True),
    ("1.5", "1.0", "1.0", True),
    ("1.0005", "1.0", "1.0", False),
]


def rt_cases():
    """Compile and run one program calling fz_compare on RT_CASES; return
    the number of cases judged wrongly (all of them when it cannot run)."""
    import subprocess
    import tempfile
    here = os.path.dirname(os.path.abspath(__file__))
    body = "".join(
        '  r = fz_compare (%d, 4, "x", (double[]) { %s }, (double[]) { %s },'
        ' (double[]) { %s }, 1, 1e-3);\n  printf ("%%d\\n", r);\n'
        % (k, g, w, b) for k, (g, w, b, _) in enumerate(RT_CASES))
    src = ('#include "fuzz-rt.h"\nint main (void)\n{\n  int r;\n'
           + body + '  return 0;\n}\n')
    with tempfile.TemporaryDirectory() as tmp:
        c = os.path.join(tmp, "rt.c")
        exe = os.path.join(tmp, "rt")
        with open(c, "w") as f:
            f.write(src)
        cc = os.environ.get("CC", "gcc")
        if subprocess.run([cc, "-O2", "-I" + here, c, "-o", exe, "-lm"]).returncode:
            return len(RT_CASES)
        out = subprocess.run([exe], capture_output=True, text=True).stdout
    got = [line == "1" for line in out.splitlines() if line in ("0", "1")]
    failed = 0
    for k, (g, w, b, want) in enumerate(RT_CASES):
        ok = k < len(got) and got[k] == want
        failed += not ok
        print("%s: fuzz/oracle/compare-%d (%s against %s: %s)" % (
            "PASS" if ok else "FAIL", k, g, w,
            "a mismatch" if want else "equal"))
    return failed


def main():
    failed = rt_cases()
    for n, (line, floaty, want) in enumerate(CASES):
        m = fuzz.CHECK_LINE.search(line)
        got = bool(m) and fuzz.check_too_far(m, floaty)
        ok = m is not None and got == want
        failed += not ok
        print("%s: fuzz/oracle/check-clause-%d (%s)" % (
            "PASS" if ok else "FAIL", n,
            "too far" if want else "rounding"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
