#!/usr/bin/env bash
# bench/candidates.sh: the auto-scheduler's choice against every schedule
# it enumerates (make bench-candidates; docs/scheduling.md, "Every
# candidate").
#
#   bench/candidates.sh BUILD_BENCH_DIR OUT_DIR
#
# Each kernel file of bench/kernels/ is compiled once per candidate K
# (-fplugin-arg-sparsefuse-candidate=K) into DIR/cand/NAME-cK.so, until
# the plugin says the region has no candidate K; a candidate that is not
# a schedule of the region (the plugin keeps the loop and says why) gets
# no object.  Then the driver (-a) runs auto, hand and every candidate on
# each input, results checked against the loop first, and candidates.py
# writes OUT_DIR/NAME.md and NAME.csv (NAME: candidates).  Environment:
# CC, BENCH_CFLAGS, BENCH_PLUGIN, DATA, and INPUTS (one driver command
# line per input: options, then the input) / THREADS / REPS / NAME to
# override the defaults below.
set -u
dir=$1 out=$2
cand=$dir/cand
mkdir -p "$cand" "$out"
rm -f "$cand"/*.so "$cand"/*.log
report=${NAME:-candidates}
csv=$dir/$report.csv
rm -f "$csv"
data=${DATA:-../shared/data}
threads=${THREADS:-1,2}
reps=${REPS:-9}

# The kernels' candidates: NAME-cK.so and NAME-cK.log (the plugin's
# report: the candidate's name and schedule).
: > "$cand/names.txt"
for src in bench/kernels/*.c; do
  name=$(basename "$src" .c)
  # auto as a shared object too: the same code generation as the
  # candidates' (position-independent, loaded), so only the schedule
  # differs.
  $CC $BENCH_CFLAGS -fPIC -shared -fplugin="$BENCH_PLUGIN" -DVARIANT=cand \
    "$src" -o "$cand/$name-auto.so" 2> "$cand/$name-auto.log" || {
      cat "$cand/$name-auto.log" >&2; exit 1; }
  for k in $(seq 1 99); do
    log=$cand/$name-c$k.log
    if $CC $BENCH_CFLAGS -fPIC -shared -fplugin="$BENCH_PLUGIN" \
	 -fplugin-arg-sparsefuse-candidate=$k -fplugin-arg-sparsefuse-report \
	 -DVARIANT=cand "$src" -o "$cand/$name-c$k.so" > "$log" 2>&1; then
      :
    else
      echo "candidates: $name candidate $k does not compile:" >&2
      cat "$log" >&2
      exit 1
    fi
    if grep -q "does not exist (the region has" "$log"; then
      rm -f "$cand/$name-c$k.so" "$log"
      break
    fi
    if grep -q "original statement is kept" "$log"; then
      why=$(sed -n 's/.*original statement is kept: //p' "$log" | head -1)
      rm -f "$cand/$name-c$k.so"
      printf '%s\t%s\t%s\t%s\n' "$name" "$k" "-" "$why" >> "$cand/names.txt"
      continue
    fi
    sched=$(sed -n 's/.*| schedule \(.*\), candidate [0-9]* of [0-9]* as the option asks.*/\1/p' "$log" | head -1)
    printf '%s\t%s\t%s\t%s\n' "$name" "$k" "ok" "$sched" >> "$cand/names.txt"
  done
done
echo "candidates: $(grep -c "	ok	" "$cand/names.txt") schedules compiled," \
     "$(grep -c "	-	" "$cand/names.txt") enumerated that are not schedules"

# The inputs: one real and one generated matrix, the real and a generated
# tensor, and the network's tensors (dense extents as bench-quick's).
default_inputs="-K 32 -L 32 -M 8 bcsstk13=$data/matrices/bcsstk13.mtx
-K 32 -L 32 -M 8 rmat15=rmat:15
-K 16 -L 16 -M 8 jf17k-3=$data/tensors/KG_JF17K_3_ids_1based.tns
-K 16 -L 16 -M 8 nell2-200k=powerlaw:200000:12092x9184x28818
net24=net:24:1500"
while IFS= read -r line; do
  [ -n "$line" ] || continue
  eval "set -- $line"
  spec=${!#}
  path=${spec#*=}
  case $path in
    */*) [ -r "$path" ] || { echo "candidates: skipped $path (missing)" >&2; continue; } ;;
  esac
  "$dir/driver" -t "$threads" -r "$reps" -c 1 -a "$cand" -o "$csv" "$@" \
    || exit 1
done <<< "${INPUTS:-$default_inputs}"
/usr/bin/python3 bench/candidates.py "$csv" "$cand/names.txt" "$out" "$report"
