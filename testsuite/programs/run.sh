#!/usr/bin/env bash
# Build each program of testsuite/programs twice (plain gcc, and sfcc with
# the plugin's report), check that the report replaces every annotated
# statement, run both at 1 and 2 threads and compare what they print:
# every number within a relative 1e-9 (reductions reordered by the
# generated code and by threads), every other word equal.
#
#   testsuite/programs/run.sh BUILD        PASS:/FAIL: lines; exit 1 on a FAIL
set -u
build=${1:-build}
cc=${CC:-gcc}
src=testsuite/programs
out=$build/programs
mkdir -p "$out"
failed=0
pass() { echo "PASS: programs: $*"; }
fail() { echo "FAIL: programs: $*"; failed=1; }

# testsuite/programs/compare.sh A B: the same words, numbers within a
# relative 1e-9.

for prog in cg sparskit; do
  c=$src/$prog.c
  if ! "$cc" -std=gnu11 -O2 -fopenmp -Wno-unknown-pragmas "$c" -o "$out/$prog-plain" -lm \
       > "$out/$prog-plain.log" 2>&1; then
    fail "$prog: the plain build fails"; sed 's/^/    | /' "$out/$prog-plain.log"; continue
  fi
  if ! "$build/sfcc" -std=gnu11 -O2 -fplugin-arg-sparsefuse-report "$c" \
       -o "$out/$prog-plugin" -lm > "$out/$prog-plugin.log" 2>&1; then
    fail "$prog: the build with the plugin fails"; sed 's/^/    | /' "$out/$prog-plugin.log"; continue
  fi
  pass "$prog: builds with and without the plugin"
  annotated=$(grep -E '^#pragma tensor ' "$c" | grep -cvE '^#pragma tensor format ')
  replaced=$(grep -c 'note: sparsefuse: ' "$out/$prog-plugin.log")
  if [ "$replaced" -eq "$annotated" ] && ! grep -q 'keeps the original' "$out/$prog-plugin.log"; then
    pass "$prog: every annotated statement replaced ($replaced of $annotated)"
  else
    fail "$prog: $replaced of $annotated annotated statements replaced"
    grep -E 'warning|error' "$out/$prog-plugin.log" | sed 's/^/    | /'
  fi
  for t in 1 2; do
    OMP_NUM_THREADS=$t "$out/$prog-plain" > "$out/$prog-plain.$t.out" 2> "$out/$prog-plain.$t.err"
    OMP_NUM_THREADS=$t "$out/$prog-plugin" > "$out/$prog-plugin.$t.out" 2> "$out/$prog-plugin.$t.err"
    if diff -q /dev/null "$out/$prog-plain.$t.out" > /dev/null; then
      fail "$prog: the plain build printed nothing at $t threads"
    elif why=$(testsuite/programs/compare.sh "$out/$prog-plain.$t.out" "$out/$prog-plugin.$t.out"); then
      pass "$prog: $t threads: the same figures as without the plugin ($(wc -l < "$out/$prog-plain.$t.out") lines)"
    else
      fail "$prog: $t threads: the figures differ: $why"
    fi
  done
done
exit $failed
