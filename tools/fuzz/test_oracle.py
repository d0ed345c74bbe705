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


def main():
    failed = 0
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
