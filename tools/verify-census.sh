#!/bin/sh
# The annotation checker across the repository: compile every C file that
# holds a '#pragma tensor' (dg tests, bench, examples, test programs) with
# the plugin and its dump, and count the regions the checker verified, could
# not run (with why) and found wrong (with where).  Prints one line per
# wrong region, the reasons with their counts, the checker's time per
# region (from the dump: min, median, 90th percentile, max) and a total.
#
#   tools/verify-census.sh [BUILD]        (default build/)
#
# Files whose compile needs more than the plugin's usual flags are compiled
# with -fsyntax-only's neighbours: -c with -O2 -fopenmp and the include
# folders of the tests and benchmarks; a file that does not compile so is
# counted and named, not an error.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$top/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(grep -l '#pragma tensor\|_Pragma ("tensor' \
	  "$top"/testsuite/sparsefuse.dg/*.c "$top"/bench/*.c "$top"/bench/kernels/*.c \
	  "$top"/examples/*/*.c "$top"/testsuite/programs/*.c 2>/dev/null)
nfiles=0 failed=0
for f in $files; do
  nfiles=$((nfiles + 1))
  d="$tmp/$nfiles"
  mkdir -p "$d"
  if ! (cd "$d" && "$build/sfcc" -O2 -fopenmp -c "$f" -o x.o \
	  -I"$top/testsuite/sparsefuse.dg" -I"$top/bench" -I"$top/bench/kernels" \
	  -DSF_DATA_DIR='"."' -DVARIANT=auto -fdump-tree-sparsefuse >"$d/log" 2>&1); then
    failed=$((failed + 1))
    echo "did not compile: ${f#$top/}"
  fi
  grep -h 'verify:' "$d"/*.sparsefuse 2>/dev/null | sed "s|^|${f#$top/}: |" >> "$tmp/all"
done
touch "$tmp/all"
echo "files: $nfiles ($failed did not compile)"
echo "regions: $(grep -c . "$tmp/all")"
echo "verified: $(grep -c 'verify: verified' "$tmp/all")"
echo "wrong: $(grep -c 'verify: wrong' "$tmp/all")"
grep 'verify: wrong' "$tmp/all" | sed 's/, [0-9]* sets.*//'
echo "skipped (check clause): $(grep -c 'verify: skipped' "$tmp/all")"
echo "not verified: $(grep -c 'verify: not verified' "$tmp/all")"
grep 'verify: not verified' "$tmp/all" | sed 's/.*not verified: //; s/, [0-9]* sets.*//' \
  | sort | uniq -c | sort -rn
echo "slowest regions:"
sed 's/^\([^:]*\): sparsefuse: region \([0-9]*\) verify: .*, \([0-9]*\) steps, \([0-9.]*\) ms$/\4 ms \3 steps \1 region \2/' "$tmp/all" \
  | sort -rn | head -5 | sed 's/^/  /'
echo "checker time per region (ms):"
grep -o "[0-9.]* ms$" "$tmp/all" | sed 's/ ms//' | sort -n | awk '
  { v[NR] = $1; s += $1 }
  END { if (NR) printf "  n %d, min %.2f, median %.2f, p90 %.2f, max %.2f, total %.1f\n",
	NR, v[1], v[int((NR + 1) / 2)], v[int(NR * 0.9 + 0.5)], v[NR], s }'
