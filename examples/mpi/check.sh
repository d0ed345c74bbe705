#!/usr/bin/env bash
# examples/mpi/check.sh: the steps of `make check-mpi`, each printing
# PASS:, FAIL: or UNSUPPORTED: lines.  Environment from examples/rules.mk:
# MAKE, BUILD, DATA, MPICC, MPIRUN (with its flags).
#
#   1. build build/mpi/sfmpi: kernels.c by sfcc around mpicc and by mpicc
#      alone, the rest by mpicc;
#   2. the plugin replaced both regions (its report);
#   3. run it on 2 ranks (2 threads each, then 1) and on 1 rank, on a real
#      matrix and on an R-MAT graph: each run gathers SpMM's and the GNN
#      layer's results and compares them with a single-process run of
#      the loops as written (1e-12, relative to the largest value).
set -uo pipefail
dir=$BUILD/mpi
failures=0

for tool in "$MPICC" "${MPIRUN%% *}"; do
  if ! command -v "$tool" > /dev/null; then
    echo "UNSUPPORTED: mpi: $tool not found (make check installs OpenMPI: tools/install-deps.sh)"
    exit 0
  fi
done

mkdir -p "$dir"
if $MAKE --no-print-directory "$dir/sfmpi" > "$dir.build.log" 2>&1; then
  echo "PASS: mpi: builds (SFCC_CC=mpicc sfcc for the kernels)"
else
  echo "FAIL: mpi: does not build"
  sed 's/^/    | /' "$dir.build.log" | tail -30
  exit 1
fi

replaced=$(grep -c 'note: sparsefuse: ' "$dir/report.txt")
if [ "$replaced" -eq 2 ]; then
  echo "PASS: mpi: the plugin replaced both regions of kernels.c"
else
  echo "FAIL: mpi: the plugin replaced $replaced of the 2 regions"
fi
sed 's/^/    | /' "$dir/report.txt"

# run NP THREADS ARGS...: the program's PASS:/FAIL: lines; a FAIL: line of
# our own if it stops without one.  --bind-to none: with the default
# binding each rank would get one core and its threads would share it.
run() {
  local np=$1 threads=$2 out=$dir/run.out
  shift 2
  # shellcheck disable=SC2086
  timeout 120 $MPIRUN --bind-to none -x OMP_NUM_THREADS=$threads -np "$np" \
    "$dir/sfmpi" "$@" > "$out" 2>&1
  local rc=$?
  grep -v '^time:' "$out"
  if [ "$rc" -ne 0 ]; then
    failures=$((failures + 1))
    grep -q '^FAIL:' "$out" || echo "FAIL: mpi: mpirun -np $np sfmpi $* exited with status $rc"
  fi
}

matrix=$DATA/matrices/bcsstk13.mtx
if [ -f "$matrix" ]; then
  run 2 2 "$matrix" 16 1
  run 1 2 "$matrix" 16 1
else
  echo "UNSUPPORTED: mpi: $matrix not found; R-MAT runs only"
fi
run 2 1 --rmat 11 13 1
run 1 1 --rmat 11 13 1
[ "$failures" -eq 0 ]
