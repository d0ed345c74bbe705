#!/usr/bin/env bash
# Legacy code as it is, built with and without the plugin, at 1 and 2
# threads: the NPB-style CG solver of testsuite/programs/cg.c (arrays
# from 1, orphaned 'omp for' loops in a function called inside a parallel
# region, the plugin's tensors declared where they stand) on a matrix
# larger than the caches, and the GNN layer in Fortran's layout
# (bench/legacy_gnn.c: one row per node, column-major).  Each build's
# printed figures must agree with the other's before any time is
# reported; the time is the program's own (seconds a CG step; the median
# call of the layer), the median of ROUNDS runs, the two builds
# alternating.
#
#   bench/legacy.sh [BUILD] [N NONZER NITER] [ROUNDS]
#   make bench-legacy                      (N = 400000, NONZER 12: about
#                                           10M entries, 120 MB)
set -eu
build=${1:-build}
n=${2:-400000}
nonzer=${3:-12}
niter=${4:-5}
rounds=${5:-5}
cc=${CC:-gcc}
out=$build/bench/legacy
mkdir -p "$out"
flags="-std=gnu11 -O3 -march=native -DNA_MAX=$n -DNONZER_MAX=$nonzer -mcmodel=medium"
src=testsuite/programs/cg.c
"$cc" $flags -fopenmp -Wno-unknown-pragmas "$src" -o "$out/cg-plain" -lm
"$build/sfcc" $flags -fplugin-arg-sparsefuse-report "$src" -o "$out/cg-plugin" -lm \
  2> "$out/report.txt"
replaced=$(grep -c 'note: sparsefuse: ' "$out/report.txt" || true)
echo "cg: N = $n, NONZER = $nonzer, $niter steps a run, $rounds runs; $replaced regions replaced"

"$cc" $flags -fopenmp -Wno-unknown-pragmas bench/legacy_gnn.c -o "$out/gnn-plain"
"$build/sfcc" $flags -fplugin-arg-sparsefuse-report bench/legacy_gnn.c -o "$out/gnn-plugin" \
  2> "$out/report-gnn.txt"

# median of the numbers on standard input
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) m = v[(NR + 1) / 2]; else m = (v[NR / 2] + v[NR / 2 + 1]) / 2; print m }'; }

# measure NAME UNIT SED ARGS...: run the two builds of NAME alternating,
# ROUNDS times at 1 and 2 threads, compare their outputs after each pair,
# and print the medians of the times SED picks out of stderr, in UNIT.
measure() {
  local name=$1 unit=$2 pick=$3; shift 3
  for t in 1 2; do
    : > "$out/$name-plain.$t.times"; : > "$out/$name-plugin.$t.times"
    for r in $(seq "$rounds"); do
      for v in plain plugin; do
	OMP_NUM_THREADS=$t "$out/$name-$v" "$@" > "$out/$name-$v.$t.out" 2> "$out/$name-$v.$t.err"
	sed -n "$pick" "$out/$name-$v.$t.err" >> "$out/$name-$v.$t.times"
      done
      if ! testsuite/programs/compare.sh "$out/$name-plain.$t.out" "$out/$name-plugin.$t.out"; then
	echo "$name: $t threads: the results differ; no time reported"; exit 1
      fi
    done
    p=$(median < "$out/$name-plain.$t.times"); s=$(median < "$out/$name-plugin.$t.times")
    awk -v n="$name" -v u="$unit" -v t="$t" -v p="$p" -v s="$s" 'BEGIN { printf "%s: %d thread%s: loop %.4f s %s, plugin %.4f s %s: %.2fx\n", n, t, (t > 1 ? "s" : ""), p, u, s, u, p / s }'
  done
}

measure cg "a step" 's/.*(\([0-9.]*\) s a step).*/\1/p' "$n" "$nonzer" "$niter"
echo "gnn (Fortran layout): ${GNN_ARGS:-65536 16 32 32 9}"
measure gnn "a call" 's/.*median \([0-9.]*\) s a call.*/\1/p' ${GNN_ARGS:-}
