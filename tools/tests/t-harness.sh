# shellcheck shell=bash
# The DejaGnu harness tested from outside: tests written to fail must fail
# (a diagnostic on another line or only at that column, the wrong severity,
# an aborting program, dump scans that do not hold), a missing data folder
# makes a test UNSUPPORTED, an unknown effective target is an ERROR, the
# output folder is left clean, and make turns a bare test name into a
# dg.exp selection.  Also checks tools/check-summary.sh on fixed logs.
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
t=$sf_test_tmp
top=$PWD

if ! command -v runtest > /dev/null; then
  unsupported "harness (runtest is not installed)"
  sf_test_done
  exit
fi

# A testsuite of its own: our lib/ and config/, one folder of bad tests.
ts=$t/testsuite   # runtest wants the folder named "testsuite"
mkdir -p "$ts/sparsefuse.neg" "$t/out" "$t/fakebuild"
cp -r testsuite/lib testsuite/config "$ts/"
cp testsuite/sparsefuse.dg/dg.exp "$ts/sparsefuse.neg/dg.exp"
# An empty libsparsefuse.a, so run tests link without the real runtime.
ar rc "$t/fakebuild/libsparsefuse.a"

cat > "$ts/sparsefuse.neg/wrong-line.c" <<'SRC'
/* { dg-do compile } */
/* { dg-options "-Wall -no-plugin" } */
int f (void)
{
  int unused;  /* { dg-warning "unused variable" "next line" { target *-*-* } .+1 } */
  return 0;
}
SRC
# The warning is at line 5, column 12: a dg-warning for line 12 must not
# take the column for the line.
cat > "$ts/sparsefuse.neg/column.c" <<'SRC'
/* { dg-do compile } */
/* { dg-options "-Wall -no-plugin" } */
int f (void)
{
  int      unused2;
  return 0;
}
/* { dg-warning "unused variable" "column is not line" { target *-*-* } 12 } */
SRC
cat > "$ts/sparsefuse.neg/severity.c" <<'SRC'
/* { dg-do compile } */
/* { dg-options "-Wall -no-plugin" } */
int f (void)
{
  int unused3;  /* { dg-error "unused variable" "warning is not error" } */
  return 0;
}
SRC
cat > "$ts/sparsefuse.neg/aborts.c" <<'SRC'
/* { dg-do run } */
/* { dg-options "-O0 -no-plugin" } */
#include <stdlib.h>
int main (void) { abort (); }
SRC
cat > "$ts/sparsefuse.neg/scans.c" <<'SRC'
/* { dg-do compile } */
/* { dg-options "-O2 -no-plugin -fdump-tree-optimized" } */
int g (int x) { return x * 2; }
/* { dg-final { scan-tree-dump "no such text" "optimized" } } */
/* { dg-final { scan-tree-dump-times ";; Function " 5 "optimized" } } */
/* { dg-final { scan-tree-dump-not ";; Function g" "optimized" } } */
/* { dg-final { scan-tree-dump "anything" "notdumped" } } */
SRC
cat > "$ts/sparsefuse.neg/needs-data.c" <<'SRC'
/* { dg-do run } */
/* { dg-require-effective-target data } */
int main (void) { return 0; }
SRC
cat > "$ts/sparsefuse.neg/bad-target.c" <<'SRC'
/* { dg-do compile } */
/* { dg-require-effective-target no_such_thing } */
int x;
SRC
cat > "$ts/sparsefuse.neg/excess.c" <<'SRC'
/* { dg-do compile } */
/* { dg-options "-Wall -no-plugin" } */
int f (void) { int unused4; return 0; }
SRC

(cd "$t/out" && runtest --tool sparsefuse --srcdir "$ts" --outdir "$t/out" \
   SF_SRC="$top" SF_BUILD="$t/fakebuild" SF_DATA="$t/no-data") > "$t/runtest.out" 2>&1
sum=$t/out/sparsefuse.sum
if [ ! -f "$sum" ]; then
  fail "runtest wrote a .sum"; sed 's/^/    | /' "$t/runtest.out"
  sf_test_done
  exit
fi
expect_grep "a warning on another line fails the dg-warning" \
  '^FAIL: sparsefuse.neg/wrong-line.c next line \(test for warnings, line 6\)$' "$sum"
expect_grep "... and is an excess error" '^FAIL: sparsefuse.neg/wrong-line.c \(test for excess errors\)$' "$sum"
expect_grep "a column number is not taken for the line" \
  '^FAIL: sparsefuse.neg/column.c column is not line \(test for warnings, line 12\)$' "$sum"
expect_grep "a warning does not satisfy dg-error" \
  '^FAIL: sparsefuse.neg/severity.c warning is not error \(test for errors, line 5\)$' "$sum"
expect_grep "an aborting program fails its execution test" '^FAIL: sparsefuse.neg/aborts.c execution test$' "$sum"
expect_grep "scan-tree-dump of absent text fails" '^FAIL: sparsefuse.neg/scans.c scan-tree-dump optimized "no such text"$' "$sum"
expect_grep "scan-tree-dump-times with the wrong count fails" '^FAIL: sparsefuse.neg/scans.c scan-tree-dump-times optimized ";; Function " 5$' "$sum"
expect_grep "scan-tree-dump-not of present text fails" '^FAIL: sparsefuse.neg/scans.c scan-tree-dump-not optimized ";; Function g"$' "$sum"
expect_grep "a scan of a pass that was not dumped is unresolved" '^UNRESOLVED: .*notdumped.*dump file does not exist' "$sum"
expect_grep "no data folder: UNSUPPORTED" '^UNSUPPORTED: sparsefuse.neg/needs-data.c$' "$sum"
expect_grep "an unknown effective target is an ERROR" '^ERROR: sparsefuse.neg/bad-target.c: unknown effective target' "$sum"
expect_grep "an unexpected warning is an excess error" '^FAIL: sparsefuse.neg/excess.c \(test for excess errors\)$' "$sum"
expect_no_grep "nothing unexpected passes" '^(PASS: sparsefuse.neg/(wrong-line|column|severity).c .*test for|XPASS)' "$sum"

left=$(find "$t/out" -mindepth 1 ! -name 'sparsefuse.sum' ! -name 'sparsefuse.log' -printf '%f\n')
if [ -z "$left" ]; then
  pass "the output folder holds only the .sum and .log afterwards"
else
  fail "files left in the output folder: $(echo "$left" | tr '\n' ' ')"
fi

# make: a bare test name becomes dg.exp=NAME.
run_cmd "${MAKE:-make}" --no-print-directory -n check-dg-run RUNTESTFLAGS="spmv.c harness-*.c -v"
expect_grep "make check-dg RUNTESTFLAGS=foo.c selects dg.exp=foo.c" "'dg.exp=spmv.c harness-\*.c'" "$sf_out"
expect_grep "other RUNTESTFLAGS pass through" ' -v ' "$sf_out"

# tools/check-summary.sh on fixed inputs.
mkdir -p "$t/logs"
printf 'PASS: a\nPASS: b\nUNSUPPORTED: c\n' > "$t/logs/one.log"
printf 'PASS: d\nXFAIL: e\n' > "$t/logs/two.log"
expect_ok "summary: all passing exits 0" tools/check-summary.sh "$t/logs/one.log" "$t/logs/two.log"
expect_grep "summary: the closing line" '^summary: 4 passed, 0 failed, 1 skipped$' "$sf_out"
printf 'FAIL: f\nUNRESOLVED: g\n' > "$t/logs/three.log"
expect_fail "summary: a FAIL exits 1" tools/check-summary.sh "$t/logs/one.log" "$t/logs/three.log"
expect_grep "summary: counts FAIL and UNRESOLVED as failed" '^summary: 2 passed, 2 failed, 1 skipped$' "$sf_out"
expect_fail "summary: a missing file (step did not run) exits 1" \
  tools/check-summary.sh "$t/logs/one.log" "$t/logs/none.sum"
: > "$t/logs/empty.log"
expect_fail "summary: nothing run at all exits 1" tools/check-summary.sh "$t/logs/empty.log"

sf_test_done
