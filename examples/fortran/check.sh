#!/usr/bin/env bash
# examples/fortran/check.sh: the steps of `make check-fortran`, each
# printing PASS:, FAIL: or UNSUPPORTED: lines.  Environment from
# examples/rules.mk: MAKE, BUILD, DATA, SF_FC.
#
#   1. build the program twice: kernels.c by sfcc (main) and by plain
#      gcc (main-plain), main.f90 and its modules by gfortran;
#   2. the plugin replaced both regions (its report);
#   3. run both on a real matrix and on a generated grid with an odd K
#      (not a multiple of the 8 partial sums), 1 and 2 threads: each run
#      compares the C kernel with the Fortran loop (1e-12, relative to
#      the largest value).
set -uo pipefail
dir=$BUILD/fortran
failures=0

if ! command -v "${SF_FC:-gfortran}" > /dev/null; then
  echo "UNSUPPORTED: fortran: ${SF_FC:-gfortran} not found (make check installs it: tools/install-deps.sh)"
  exit 0
fi

if $MAKE --no-print-directory "$dir/main" "$dir/main-plain" > "$dir.build.log" 2>&1; then
  echo "PASS: fortran: builds (kernels by sfcc and by gcc, the program by gfortran)"
else
  echo "FAIL: fortran: does not build"
  sed 's/^/    | /' "$dir.build.log" | tail -30
  exit 1
fi

replaced=$(grep -c 'note: sparsefuse: ' "$dir/report.txt")
if [ "$replaced" -eq 2 ]; then
  echo "PASS: fortran: the plugin replaced both regions of kernels.c"
else
  echo "FAIL: fortran: the plugin replaced $replaced of the 2 regions"
fi
sed 's/^/    | /' "$dir/report.txt"

# run LABEL THREADS PROGRAM ARGS...: the program's PASS:/FAIL: lines with
# LABEL after "fortran"; a FAIL: line of our own if it stops without one.
run() {
  local label=$1 threads=$2 out=$dir/run.out
  shift 2
  OMP_NUM_THREADS=$threads "$@" > "$out" 2>&1
  local rc=$?
  sed -E "s/^(PASS|FAIL): fortran: /\1: fortran $label: /" "$out"
  if [ "$rc" -ne 0 ]; then
    failures=$((failures + 1))
    grep -q '^FAIL:' "$out" || echo "FAIL: fortran $label: exited with status $rc"
  fi
}

matrix=$DATA/matrices/bcsstk13.mtx
if [ -f "$matrix" ]; then
  run "(bcsstk13, K=16, 2 threads)" 2 "$dir/main" "$matrix" 16 1
  run "(bcsstk13, K=16, loops as written)" 2 "$dir/main-plain" "$matrix" 16 1
else
  echo "UNSUPPORTED: fortran: $matrix not found; the grid runs only"
fi
run "(grid 40, K=13, 1 thread)" 1 "$dir/main" --grid 40 13 1
run "(grid 40, K=13, 2 threads)" 2 "$dir/main" --grid 40 13 1
run "(grid 40, K=13, loops as written)" 2 "$dir/main-plain" --grid 40 13 1
[ "$failures" -eq 0 ]
