#!/usr/bin/env bash
# Summarize a `make check` run: count the result lines of each FILE (the
# logs of the check targets, DejaGnu's .sum), print one line per file and a
# closing line
#
#   summary: P passed, F failed, S skipped
#
# where passed = PASS + XFAIL, failed = FAIL + XPASS + UNRESOLVED + ERROR
# (an ERROR: line is also how a check target that broke is recorded), and
# skipped = UNSUPPORTED + UNTESTED.  A FILE that does not exist counts as
# one failure (its step did not run).  Exits 1 iff failed > 0 or nothing
# ran.
#
#   tools/check-summary.sh build/logs/*.log build/testsuite/sparsefuse.sum
set -uo pipefail

if [ $# -eq 0 ]; then
  echo "usage: check-summary.sh FILE..." >&2
  exit 2
fi

total_pass=0 total_fail=0 total_skip=0

# Count the result lines of FILE and print its line of the table.
count_file() {
  local file=$1 label=$2 pass fail xfail xpass unres err unsup untested
  pass=$(grep -c '^PASS:' "$file")
  fail=$(grep -c '^FAIL:' "$file")
  xfail=$(grep -c '^XFAIL:' "$file")
  xpass=$(grep -c '^XPASS:' "$file")
  unres=$(grep -c '^UNRESOLVED:' "$file")
  err=$(grep -c '^ERROR:' "$file")
  unsup=$(grep -c '^UNSUPPORTED:' "$file")
  untested=$(grep -c '^UNTESTED:' "$file")
  local p=$((pass + xfail)) f=$((fail + xpass + unres + err)) s=$((unsup + untested))
  printf '  %-28s %5d PASS %5d FAIL %5d UNSUPPORTED' "$label" "$p" "$f" "$s"
  if [ "$xfail" -gt 0 ]; then printf '  (%d XFAIL)' "$xfail"; fi
  if [ "$xpass" -gt 0 ]; then printf '  (%d XPASS)' "$xpass"; fi
  if [ "$unres" -gt 0 ]; then printf '  (%d UNRESOLVED)' "$unres"; fi
  if [ "$err" -gt 0 ]; then printf '  (%d ERROR)' "$err"; fi
  printf '\n'
  total_pass=$((total_pass + p))
  total_fail=$((total_fail + f))
  total_skip=$((total_skip + s))
}

echo "=== sparsefuse check summary"
present=()
for file in "$@"; do
  if [ -f "$file" ]; then
    present+=("$file")
    count_file "$file" "$(basename "$file")"
  else
    echo "  $file: missing (that step did not run)"
    total_fail=$((total_fail + 1))
  fi
done
# List what failed, so the reader need not open the logs.
if [ "$total_fail" -gt 0 ] && [ ${#present[@]} -gt 0 ]; then
  echo "=== failures"
  grep -hE '^(FAIL|XPASS|UNRESOLVED|ERROR):' "${present[@]}" | head -100 | sed 's/^/  /'
fi
echo "summary: $total_pass passed, $total_fail failed, $total_skip skipped"
if [ "$total_fail" -gt 0 ] || [ $((total_pass + total_fail)) -eq 0 ]; then
  exit 1
fi
exit 0
