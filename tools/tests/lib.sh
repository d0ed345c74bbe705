# shellcheck shell=bash
# Helpers for the tools' shell tests; sourced by tools/tests/t-*.sh.
#
#   expect_ok NAME CMD...        PASS if CMD exits 0
#   expect_fail NAME CMD...      PASS if CMD exits nonzero
#   expect_grep NAME REGEX FILE  PASS if FILE has a line matching REGEX
#   expect_no_grep NAME REGEX FILE
#
# Each prints one "PASS: tools/<script>: NAME" or "FAIL: ..." line; the
# command's output goes to the log below it only on failure.  The script
# exits nonzero at the end (sf_test_done) if anything failed.

sf_test_name=tools/$(basename "$0" .sh)
sf_test_failures=0
sf_test_tmp=$(mktemp -d "${TMPDIR:-/tmp}/sftest.XXXXXX")
trap 'rm -rf "$sf_test_tmp"' EXIT

pass() { echo "PASS: $sf_test_name: $1"; }
fail() {
  echo "FAIL: $sf_test_name: $1"
  sf_test_failures=$((sf_test_failures + 1))
}
unsupported() { echo "UNSUPPORTED: $sf_test_name: $1"; }

# Run CMD (the arguments after NAME), keeping its output in $sf_out.
run_cmd() {
  sf_out="$sf_test_tmp/out.$$"
  "$@" > "$sf_out" 2>&1
}

show_output() { sed 's/^/    | /' "$sf_out"; }

# Each expect_* also returns 0 on PASS and 1 on FAIL, so that a test can
# skip the checks that depend on a failed step.
expect_ok() {
  local name=$1; shift
  if run_cmd "$@"; then pass "$name"; else fail "$name"; show_output; return 1; fi
}

expect_fail() {
  local name=$1; shift
  if run_cmd "$@"; then fail "$name (exit 0)"; show_output; return 1; else pass "$name"; fi
}

expect_grep() {
  if grep -Eq -- "$2" "$3"; then
    pass "$1"
  else
    fail "$1 (no line matches '$2' in $(basename "$3"))"
    sed 's/^/    | /' "$3" | head -20
    return 1
  fi
}

expect_no_grep() {
  if grep -Eq -- "$2" "$3"; then
    fail "$1 (a line matches '$2' in $(basename "$3"))"
    sed 's/^/    | /' "$3" | head -20
    return 1
  else
    pass "$1"
  fi
}

sf_test_done() { [ "$sf_test_failures" -eq 0 ]; }

# make_dpkg_stubs DIR DB: in DIR, a dpkg-query that reports installed the
# packages listed one a line in DB, and an id that answers $FAKE_UID
# (root unless set), for the tests of the dependency installer.
make_dpkg_stubs() {
  cat > "$1/dpkg-query" <<STUB
#!/bin/sh
shift 2   # -W -f=FORMAT
for p in "\$@"; do grep -qx "\$p" "$2" && echo "\$p ii "; done
exit 0
STUB
  cat > "$1/id" <<'STUB'
#!/bin/sh
echo "${FAKE_UID:-0}"
STUB
}
