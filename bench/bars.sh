#!/usr/bin/env bash
# The fused schedules' bars (the fusion issue's list), measured with the
# driver on the inputs and dense extents they name, 1 and 2 threads:
#
#   bench/bars.sh BENCH_DIR OUT_MD
#
# For each (kernel, input): the loop without the plugin, the plugin's
# naive, unfused and auto schedules and the hand-written kernel, side by
# side in one process, every result checked against the loop first
# (driver.c).  OUT_MD gets one table: auto against the loop, unfused
# and hand at one thread, and auto at two threads against one.  The CSV
# rows go to BENCH_DIR/bars.csv.  REPS (default 5) rounds, at most CAP
# (default 20) seconds of samples per variant.
set -euo pipefail
dir=$1 out=$2
data=${DATA:-../shared/data}
csv=$dir/bars.csv
: > "$csv"
drv=$dir/driver
reps=${REPS:-5} cap=${CAP:-20}

# KERNEL INPUT EXTENTS...
run () {
  local k=$1 input=$2
  shift 2
  echo "bars: $k on $input $*" >&2
  "$drv" -k "$k" -t 1,2 -r "$reps" -c "$cap" "$@" "$input" \
    | grep -E '^[a-z_0-9]+,' >> "$csv"
}

jf=$data/tensors/KG_JF17K_3_ids_1based.tns
bc=$data/matrices/bcsstk13.mtx
pl=powerlaw:2000000:2000x2000x2000
run gnn "bcsstk13=$bc" -K 64 -L 64
run gnn rmat17=rmat:17 -K 64 -L 64
run spmm_gemm "bcsstk13=$bc" -K 128 -L 64
run spmm_gemm rmat17=rmat:17 -K 128 -L 64
run sddmm_spmm_gemm "bcsstk13=$bc" -M 64
for k in mttkrp_gemm spttm_spttm; do
  run $k "jf17k=$jf" -K 32 -L 64
  run $k "powerlaw-2M=$pl" -K 32 -L 64
done
run ttmc "jf17k=$jf" -M 16
run ttmc "powerlaw-2M=$pl" -M 16

/usr/bin/python3 - "$csv" "$out" <<'EOF'
import csv, sys
rows = {}
for r in csv.reader(open(sys.argv[1])):
    if len(r) < 9 or r[7] != "ok":
        continue
    rows[(r[0], r[1].split("=")[0], r[5], r[6])] = float(r[8])
keys = []
for (k, i, t, v) in rows:
    if (k, i) not in keys:
        keys.append((k, i))
def t(k, i, th, v):
    return rows.get((k, i, th, v))
def ratio(a, b):
    return "%.2fx" % (a / b) if a and b else "n/a"
out = open(sys.argv[2], "w")
out.write("| kernel | input | loop | auto (1T) | auto vs loop | vs unfused "
          "| vs hand | auto (2T) | 2T vs 1T |\n|---|---|---|---|---|---|---|---|---|\n")
for k, i in keys:
    loop, auto = t(k, i, "1", "plain"), t(k, i, "1", "auto")
    auto2 = t(k, i, "2", "auto")
    out.write("| `%s` | %s | %s | %s | %s | %s | %s | %s | %s |\n" % (
        k, i, "%.3g ms" % (loop * 1e3) if loop else "n/a",
        "%.3g ms" % (auto * 1e3) if auto else "n/a", ratio(loop, auto),
        ratio(t(k, i, "1", "unfused"), auto), ratio(t(k, i, "1", "hand"), auto),
        "%.3g ms" % (auto2 * 1e3) if auto2 else "n/a", ratio(auto, auto2)))
out.close()
print(open(sys.argv[2]).read())
EOF
