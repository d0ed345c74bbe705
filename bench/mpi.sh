#!/usr/bin/env bash
# bench/mpi.sh: the MPI example (build/mpi/sfmpi) on 1 and 2 ranks x 1
# and 2 OpenMP threads per rank; writes docs/perf/mpi.md.
#
#   bench/mpi.sh SFMPI OUT.md INPUT...      (make bench-mpi runs it)
#
# INPUT is a .mtx file or rmat:SCALE.  Each configuration runs the
# program once with REPS repetitions (default 9): it first checks its
# gathered SpMM and GNN results against a single-process run of the loops
# as written, and a configuration whose check fails stops the benchmark
# (no figure is written for an unverified result).  Figures are medians
# of the slowest rank's time.  Environment: MPIRUN (with its flags),
# REPS, K (default 32).
set -euo pipefail
sfmpi=$1 out=$2
shift 2
reps=${REPS:-9} k=${K:-32}
mpirun=${MPIRUN:-mpirun --oversubscribe}
rows=$(mktemp)
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
trap 'rm -f "$rows"' EXIT

for input in "$@"; do
  case "$input" in
    rmat:*) args=(--rmat "${input#rmat:}"); label="R-MAT 2^${input#rmat:}" ;;
    *) args=("$input"); label=$(basename "$input" .mtx) ;;
  esac
  for np in 1 2; do
    for threads in 1 2; do
      echo "--- $label: $np rank(s) x $threads thread(s)" >&2
      # shellcheck disable=SC2086
      log=$($mpirun --bind-to none -x OMP_NUM_THREADS="$threads" -np "$np" \
              "$sfmpi" "${args[@]}" "$k" "$reps" 2>&1) || true
      echo "$log" >&2
      if grep -q '^FAIL:' <<<"$log" || [ "$(grep -c '^PASS:' <<<"$log")" -ne 2 ]; then
        echo "bench-mpi: $label on $np x $threads: results not verified; stopping" >&2
        exit 1
      fi
      nnz=$(sed -n 's/^mpi: [^,]*, [0-9]* x [0-9]*, \([0-9]*\) nonzeros.*/\1/p' <<<"$log")
      grep '^time:' <<<"$log" | sed "s|^time:|$label $nnz|" >> "$rows"
    done
  done
done

# Each row of $rows: LABEL NNZ KERNEL ranks=R threads=T exchange_ms=E
# kernel_ms=K total_ms=S loop_1proc_ms=L, LABEL of one or more words.
# "vs 1 x 1" compares with the same input and kernel on 1 rank x 1
# thread (the first configuration run); "vs loop" with the single-process
# loop as written, measured in the same run.
{
  echo "# MPI example: ranks x threads"
  echo
  echo "\`make bench-mpi\` ($(date -u +%Y-%m-%d)): \`build/mpi/sfmpi\` (examples/mpi/) under"
  echo "\`mpirun --bind-to none -x OMP_NUM_THREADS=T -np R\`, K = L = $k, median of $reps"
  echo "runs after a warm-up (OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-unset}); each time is the slowest rank's. Every configuration"
  echo "first checked its gathered SpMM and GNN results against a single-process"
  echo "run of the loops as written (all agreed within 1e-12 of the largest value)."
  echo "Machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')),"
  echo "load average before the run: ${LOAD_BEFORE:-?}; after: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "The last-but-one column is the same serial computation in every row of"
  echo "an input: its spread shows how much other work on the machine disturbed"
  echo "the run."
  echo
  echo "| input | kernel | ranks x threads | exchange ms | kernel ms | total ms | total vs 1 x 1 | loop as written (1 process, 1 thread) ms | total vs loop |"
  echo "|---|---|---|---:|---:|---:|---:|---:|---:|"
  awk '
    function val(field) { sub(/^[a-z_0-9]*=/, "", field); return field + 0 }
    {
      n = NF
      name = $1
      for (i = 2; i <= n - 8; i++)
        name = name " " $i
      name = name " (" $(n - 7) " nnz)"
      kernel = $(n - 6)
      r = val($(n - 5)); t = val($(n - 4))
      ex = val($(n - 3)); ke = val($(n - 2)); tot = val($(n - 1)); loop = val($n)
      key = name "/" kernel
      if (r == 1 && t == 1)
        base[key] = tot
      printf "| %s | %s | %d x %d | %.3f | %.3f | %.3f | %.2fx | %.3f | %.2fx |\n", \
             name, kernel, r, t, ex, ke, tot, base[key] / tot, loop, loop / tot
    }' "$rows"
} > "$out"
echo "bench-mpi: wrote $out" >&2
