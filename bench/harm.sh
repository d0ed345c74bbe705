#!/usr/bin/env bash
# Measure "do no harm" (SPEC.md 4) and write its report.
#
#   bench/harm.sh HARM_DIR STREAM OUT_DIR
#
# Called by `make bench-harm` once HARM_DIR/driver (bench/harm_driver.c)
# and the STREAM program (bench/stream.c) are built.  Into
# HARM_DIR/results/ it writes
#   machine.txt   CPU, caches, memory, compiler, commit, date, wait
#                 policy, load
#   stream.csv    STREAM copy/triad bandwidth at 1 and 2 threads
#   inputs.csv    each input's name, spec and what it is
#   harm.N.csv    pass N's rows, one per kernel x input x comparison
#                 (the driver's)
#   load.csv      the 1-minute load average as each input starts
# then bench/harm_report.py writes OUT_DIR/harm.md, harm.csv and harm.png
# and prints the worst ratio.
#
# Every input is measured in PASSES processes (HARM_PASSES, default 3),
# one pass over all inputs after the other: the ratio of one process is
# not that of the next on a machine shared with others (the same two
# objects, COO SpMV on LFAT5, 0.85 to 1.12 from one process to the
# next, 2026-12-03), so the report gives the median of the passes' and
# their range.
#
# Environment (from bench/rules.mk): CC, HARM_CFLAGS, DATA, HARM_PASSES
# and OMP_WAIT_POLICY, passed on to the driver and recorded.  Matrices
# missing from DATA are skipped and listed; the generated inputs always
# run.
set -euo pipefail

dir=$1 stream=$2 out=$3
res=$dir/results
python=/usr/bin/python3
rm -rf "$res"
mkdir -p "$res" "$out"
start=$(date +%s)

passes=${HARM_PASSES:-3} rounds=7 big=5 K=32
matrices="olm1000 jagmesh7 cryg2500 LFAT5 bcsstk13 pushpull"
# Generated inputs: "NAME=SPEC|driver options|what it is".  band6M is
# 1.22 GB in the CSR layout (15 entries a row of 12 bytes, with the row
# pointers and the two vectors 204 bytes a row), 38 times the AMD EPYC's
# 32 MiB L3; only the SpMVs run on it.  band1M (with K = 16: B, C and A
# about 450 MB) and fib300k (24M entries, about 310 MB) take the other kernels out of
# the cache; their calls take up to a second, so fewer rounds ($big).
spmvs=spmv_csr_d,spmv_csr_f,spmv_csr_fu,spmv_csr_di,spmv_base1,spmv_csc_d,spmv_coo_d,spmv_t_d,spmv_omp_d,spmv_omp_f,spmv_orphan_d
dense=spmm_row_d,spmm_row_f,spmm_col_d,spmm_col_f,sddmm_d,sddmm_out_d
generated=(
  "lap2d-300=lap2d:300|-K $K|5-point Laplacian of a 300 x 300 grid"
  "rows1-19=rows:200000:1:19|-K $K|200000 rows of 1..19 entries (uniform) at random columns"
  "rmat17=rmat:17|-K $K|R-MAT graph, 2^17 rows, 16 entries a row on average"
  "band6M=band:6000000:15:64|-r $big -k $spmvs|banded FEM-like: 6M rows of 15 entries (the diagonal and 14 within 32 of it)"
  "band1M=band:1000000:15:64|-r $big -K 16 -k $dense|the same band, 1M rows (SpMM, SDDMM with K = 16)"
  "nell2-2M=powerlaw:2000000:12092x9184x28818|-K 16|power-law 3-tensor, 2M entries, nell-2's shape (MTTKRP, rank 16)"
  "fib300k=fibers:300000:8:10|-r $big -K 8|300000^3 tensor, 1..15 j fibers an i, 1..19 entries a fiber, 24M entries (MTTKRP, rank 8)"
)

# The last-level cache as the plugin's run-time reads it
# (runtime/sysinfo.c): the kernel's figure first, then sysconf's.
llc_bytes() {
  local d size best=0 level top=0
  for d in /sys/devices/system/cpu/cpu0/cache/index*; do
    [ -r "$d/size" ] && [ "$(cat "$d/type" 2>/dev/null)" != Instruction ] || continue
    level=$(cat "$d/level") size=$(cat "$d/size")
    case $size in
      *K) size=$(( ${size%K} * 1024 )) ;;
      *M) size=$(( ${size%M} * 1024 * 1024 )) ;;
    esac
    if [ "$level" -ge "$top" ]; then top=$level best=$size; fi
  done
  [ "$best" -gt 0 ] || best=$(getconf LEVEL3_CACHE_SIZE 2>/dev/null || echo 0)
  echo "${best:-0}"
}

fact() { printf '%s: %s\n' "$1" "$2" >> "$res/machine.txt"; }
lscpu_field() { lscpu | sed -n "s/^$1: *//p" | head -1; }

machine_facts() {
  local commit dirty
  commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  dirty=$(git status --porcelain 2>/dev/null | grep -q . && echo "dirty tree" || echo "clean tree")
  fact date "$(date -u '+%Y-%m-%d %H:%M UTC')"
  fact commit "$commit ($dirty)"
  fact cpu "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)"
  fact cores "$(nproc) ($(lscpu_field 'Thread(s) per core') thread(s) per core)"
  fact caches "L1d $(lscpu_field 'L1d cache'), L2 $(lscpu_field 'L2 cache'), L3 $(lscpu_field 'L3 cache')"
  fact llc_bytes "$(llc_bytes)"
  fact memory "$(free -g | awk '/^Mem:/ {print $2}') GiB"
  fact kernel "$(uname -sr)"
  fact compiler "$($CC --version | head -1)"
  fact flags "$HARM_CFLAGS"
  fact openmp "OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-unset (libgomp default: spin, then sleep)}"
  fact timing "$passes passes, one process per input in each; in each process $rounds rounds ($big on band6M, band1M, fib300k), loop and plugin in a random order in each, one sample each; samples of at least 5 ms; the process's median, then the median of the passes'"
  fact load_before "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# run_driver PASS SPEC [driver options...]
run_driver() {
  local pass=$1 spec=$2
  shift 2
  echo "=== pass $pass: $spec $*"
  echo "$pass,$spec,$(cut -d' ' -f1 /proc/loadavg)" >> "$res/load.csv"
  "$dir/driver" -r "$rounds" -l "$dir/k" -o "$res/harm.$pass.csv" "$@" "$spec" \
    || echo "harm: the driver failed on $spec" >&2
}

# measure_inputs PASS: every input once; the first pass lists them.
measure_inputs() {
  local pass=$1 m g spec args what list=/dev/null
  if [ "$pass" = 1 ]; then
    list=$res/inputs.csv
    echo "name,spec,what" > "$list"
  fi
  for m in $matrices; do
    if [ -f "$DATA/matrices/$m.mtx" ]; then
      echo "$m,$m.mtx,\"SuiteSparse matrix (DATA/matrices)\"" >> "$list"
      run_driver "$pass" "$DATA/matrices/$m.mtx" -K "$K"
    elif [ "$pass" = 1 ]; then
      echo "harm: $DATA/matrices/$m.mtx not found: skipped" | tee -a "$res/skipped.txt"
    fi
  done
  local jf=$DATA/tensors/KG_JF17K_3_ids_1based.tns
  if [ -f "$jf" ]; then
    echo "jf17k-3,KG_JF17K_3_ids_1based.tns,\"JF17K knowledge graph, order 3 (DATA/tensors; MTTKRP, rank 16)\"" >> "$list"
    run_driver "$pass" "jf17k-3=$jf" -K 16
  elif [ "$pass" = 1 ]; then
    echo "harm: $jf not found: skipped" | tee -a "$res/skipped.txt"
  fi
  for g in "${generated[@]}"; do
    spec=${g%%|*} args=${g#*|} what=${args#*|} args=${args%%|*}
    echo "${spec%%=*},${spec#*=},\"$what\"" >> "$list"
    # shellcheck disable=SC2086
    run_driver "$pass" "$spec" $args
  done
}

machine_facts
echo "=== STREAM (512 MiB arrays)"
"$stream" 512 1,2 | tee "$res/stream.csv"
for ((pass = 1; pass <= passes; pass++)); do
  measure_inputs "$pass"
done
fact load_after "$(cut -d' ' -f1-3 /proc/loadavg)"
fact duration "$(( $(date +%s) - start )) s"
$python bench/harm_report.py "$res" "$dir/k" "$out"
