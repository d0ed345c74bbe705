#!/usr/bin/env bash
# Measure everything the performance report needs, then write it.
#
#   bench/run.sh quick|full BENCH_DIR OUT_DIR
#
# Called by `make bench-quick` / `make bench` once BENCH_DIR/driver and
# BENCH_DIR/stream are built.  Into BENCH_DIR/results-MODE/ it writes:
#   machine.txt   CPU, caches, memory, compiler, packages, date, load
#   stream.csv    STREAM copy/triad bandwidth at 1 and 2 threads
#   compile.csv   compile time of each kernel file without / with the plugin
#   kernels.csv   each kernel's expression and one-line description
#   results.csv   one row per kernel x input x threads x variant
#   scaling.csv   SDDMM,SpMM and SpMM,GEMM with the dense extent K = L
#                 from 16 to 256 (one thread)
#   load.csv      the 1-minute load average as each input starts
# then bench/report.py turns them into OUT_DIR/MODE.md, MODE.csv and PNGs.
#
# Environment (from bench/rules.mk): CC, BENCH_CFLAGS, BENCH_PLUGIN, DATA;
# OMP_WAIT_POLICY is passed on (on a busy machine, passive keeps spinning
# threads from losing whole scheduler slices at every join) and reported.
# Inputs missing from DATA are skipped and said so; generated inputs
# always run.
set -euo pipefail

mode=$1 dir=$2 out=$3
res=$dir/results-$mode
python=/usr/bin/python3
rm -rf "$res"
mkdir -p "$res/scratch" "$out"

# Inputs and dense extents per mode: "SPEC|-K k -L l -M m" lines.
if [ "$mode" = quick ]; then
  matrices="bcsstk13 pushpull cryg2500 zenios olm1000 jagmesh7"
  reps=5 cap=1
  generated=("rmat15=rmat:15|-K 32 -L 32 -M 8"
             "rmat18=rmat:18|-K 32 -k spmv,spmv_csc,spmv_coo,spmm"
             "nell2-200k=powerlaw:200000:12092x9184x28818|-K 16 -L 16 -M 8"
             "net24=net:24:1500|")
  mdims="-K 32 -L 32 -M 8" tdims="-K 16 -L 16 -M 8"
  scale_input=rmat12=rmat:12 stream_mib=128
else
  matrices="bcsstk13 pushpull cryg2500 zenios olm1000 jagmesh7 LFAT5 lp_afiro_structure"
  reps=7 cap=10
  generated=("rmat17=rmat:17|-K 64 -L 64 -M 16"
             "rmat20=rmat:20|-K 16 -L 16 -M 8"
             "nell2-2M=powerlaw:2000000:12092x9184x28818|-K 32 -L 32 -M 8"
             "nell2-20M=powerlaw:20000000:12092x9184x28818|-K 16 -L 16 -M 8"
             "net48=net:48:12000|")
  mdims="-K 64 -L 64 -M 16" tdims="-K 32 -L 32 -M 8"
  scale_input=rmat14=rmat:14 stream_mib=512
fi

# One line "key: value" of machine.txt.
fact() { printf '%s: %s\n' "$1" "$2" >> "$res/machine.txt"; }
lscpu_field() { lscpu | sed -n "s/^$1: *//p" | head -1; }

machine_facts() {
  fact date "$(date -u '+%Y-%m-%d %H:%M UTC')"
  fact mode "$mode (runs per variant: up to $reps after a warm-up, at most ${cap} s each)"
  fact cpu "$(lscpu_field 'Model name'), family $(lscpu_field 'CPU family') model $(lscpu_field 'Model')"
  fact cores "$(nproc) ($(lscpu_field 'Thread(s) per core') thread(s) per core)"
  fact caches "L1d $(lscpu_field 'L1d cache'), L2 $(lscpu_field 'L2 cache'), L3 $(lscpu_field 'L3 cache')"
  fact memory "$(free -g | awk '/^Mem:/ {print $2}') GiB"
  fact kernel "$(uname -sr)"
  fact compiler "$($CC --version | head -1)"
  fact flags "$BENCH_CFLAGS"
  fact plugin "-fplugin=sparsefuse.so -fplugin-arg-sparsefuse-schedule=naive|unfused|auto"
  fact graphblas "$(dpkg-query -W -f='${Version}' 'libgraphblas[0-9]*' 2>/dev/null | head -1)"
  fact scipy "$($python -c 'import numpy, scipy; print("SciPy", scipy.__version__, "NumPy", numpy.__version__)' 2>/dev/null || echo missing)"
  fact openmp "OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-unset (libgomp default: spin, then sleep)}"
  fact blas "$(readlink -f /usr/lib/x86_64-linux-gnu/libblas.so.3 2>/dev/null || echo unknown)"
  fact load_before "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# Best of three wall-clock seconds of "$@".
best_of_3() {
  local best=999999 t0 t1 ms i
  for i in 1 2 3; do
    t0=$(date +%s%N)
    "$@" > /dev/null 2>&1 || { echo "nan"; return; }
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 ))
    [ "$ms" -lt "$best" ] && best=$ms
  done
  echo "$best"
}

compile_times() {
  local k plain plugin
  echo "kernel,plain_ms,plugin_ms" > "$res/compile.csv"
  for k in bench/kernels/*.c; do
    # shellcheck disable=SC2086
    plain=$(best_of_3 $CC $BENCH_CFLAGS -Wno-unknown-pragmas -DVARIANT=plain -c "$k" -o "$res/scratch/c.o")
    # shellcheck disable=SC2086
    plugin=$(best_of_3 $CC $BENCH_CFLAGS -fplugin="$BENCH_PLUGIN" -DVARIANT=auto -c "$k" -o "$res/scratch/c.o")
    echo "$(basename "$k" .c),$plain,$plugin" >> "$res/compile.csv"
  done
}

# run_driver CSV SPEC [driver options...]
run_driver() {
  local csv=$1 spec=$2
  shift 2
  echo "=== $spec $*"
  echo "$spec,$(cut -d' ' -f1 /proc/loadavg)" >> "$res/load.csv"
  "$dir/driver" -r "$reps" -c "$cap" -s bench/scipy_chains.py -d "$res/scratch" \
    -o "$csv" "$@" "$spec" || echo "bench: the driver failed on $spec" >&2
}

measure_inputs() {
  local m spec args g
  for m in $matrices; do
    if [ -f "$DATA/matrices/$m.mtx" ]; then
      # shellcheck disable=SC2086
      run_driver "$res/results.csv" "$DATA/matrices/$m.mtx" $mdims
    else
      echo "bench: $DATA/matrices/$m.mtx not found: skipped (generated inputs still run)" | tee -a "$res/skipped.txt"
    fi
  done
  if [ -f "$DATA/tensors/KG_JF17K_3_ids_1based.tns" ]; then
    # shellcheck disable=SC2086
    run_driver "$res/results.csv" "jf17k-3=$DATA/tensors/KG_JF17K_3_ids_1based.tns" $tdims
  else
    echo "bench: the JF17K tensor was not found in $DATA: skipped" | tee -a "$res/skipped.txt"
  fi
  for g in "${generated[@]}"; do
    spec=${g%%|*} args=${g#*|}
    # shellcheck disable=SC2086
    run_driver "$res/results.csv" "$spec" $args
  done
}

measure_scaling() {
  local k
  for k in 16 32 64 128 256; do
    run_driver "$res/scaling.csv" "$scale_input" -k gnn,spmm_gemm -t 1 -K "$k" -L "$k"
  done
}

machine_facts
echo "=== STREAM (${stream_mib} MiB arrays)"
"$dir/stream" "$stream_mib" 1,2 | tee "$res/stream.csv"
echo "=== compile times"
compile_times
"$dir/driver" --describe > "$res/kernels.csv"
measure_inputs
measure_scaling
fact load_after "$(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$res/scratch"
$python bench/report.py "$mode" "$res" "$dir/kobj" "$out"
