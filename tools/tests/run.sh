#!/usr/bin/env bash
# Run every tools/tests/t-*.sh; print their PASS:/FAIL: lines; exit nonzero
# if any failed.  A script that exits nonzero without a FAIL: line is
# reported as an ERROR:.  Environment from tools/rules.mk: MAKE, BUILD
# (absolute), CC.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=0
for t in tools/tests/t-*.sh; do
  echo "== $t"
  bash "$t" > "$out" 2>&1
  rc=$?
  cat "$out"
  if [ "$rc" -ne 0 ]; then
    status=1
    grep -q '^FAIL:' "$out" || echo "ERROR: $t exited with status $rc"
  fi
done
exit $status
