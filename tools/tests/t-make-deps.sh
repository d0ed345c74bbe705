# shellcheck shell=bash
# Plain `make` on a machine without the plugin headers (tools/deps.mk):
# with a stub gcc-99 whose plugin folder is empty, and stub dpkg-query,
# id and apt-get (as in t-install-deps.sh), make stops before compiling
# anything with the one command to run (not root), or installs
# gcc-99-plugin-dev and goes on (root); SKIP_DEPS=1 only names what is
# missing.
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
t=$sf_test_tmp
stubs=$t/bin
plugin=$t/gcc-99/plugin
db=$t/installed
log=$t/apt.log
mkdir -p "$stubs" "$plugin/include"

# gcc-99: its version, its plugin folder; it compiles nothing.
cat > "$stubs/gcc-99" <<STUB
#!/bin/sh
case "\$1" in
  -dumpfullversion|-dumpversion) echo 99.1.0 ;;
  -print-file-name=plugin) echo "$plugin" ;;
  *) echo "gcc-99 was asked to compile: \$*"; exit 1 ;;
esac
STUB
make_dpkg_stubs "$stubs" "$db"
# apt-get install records its packages; gcc-99-plugin-dev brings the
# header into gcc-99's plugin folder.
cat > "$stubs/apt-get" <<STUB
#!/bin/sh
echo "\$*" >> "$log"
[ "\$1" = install ] || exit 0
for p in "\$@"; do
  case "\$p" in
    -*|install) ;;
    *) echo "\$p" >> "$db"
       [ "\$p" = gcc-99-plugin-dev ] && touch "$plugin/include/gcc-plugin.h" ;;
  esac
done
exit 0
STUB
chmod +x "$stubs"/*
printf '%s\n' libz3-dev dejagnu valgrind make > "$db"

# A top-level make (the check is skipped in sub-makes) of the build's
# version stamp: it needs the check, and compiles nothing.
top_make() {
  env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS PATH="$stubs:$PATH" "$@" \
    make --no-print-directory -C "$PWD" BUILD="$t/build" CC=gcc-99 "$t/build/gcc-version"
}

expect_fail "not root, no plugin headers: make stops" top_make FAKE_UID=1000
expect_grep "make prints the one command to run" \
  '^  sudo apt-get update && sudo apt-get install -y --no-install-recommends gcc-99 g\+\+-99 gcc-99-plugin-dev$' "$sf_out"
expect_grep "make says to run it and make again" 'run the command above, then make again' "$sf_out"
expect_no_grep "make compiled nothing" 'was asked to compile' "$sf_out"
if [ ! -e "$t/build" ]; then pass "make created no build folder"; else fail "make created no build folder"; fi

expect_fail "SKIP_DEPS=1, no plugin headers: make stops" top_make FAKE_UID=0 SKIP_DEPS=1
expect_grep "SKIP_DEPS=1: names the missing packages" \
  '^install-deps: missing: gcc-99 g\+\+-99 gcc-99-plugin-dev$' "$sf_out"
if [ ! -s "$log" ]; then pass "SKIP_DEPS=1: no apt-get"; else fail "SKIP_DEPS=1: no apt-get"; cat "$log"; fi

expect_ok "root, no plugin headers: make installs them and goes on" top_make FAKE_UID=0
expect_grep "root: one apt-get install of gcc-99's packages" \
  '^install -y -qq --no-install-recommends gcc-99 g\+\+-99 gcc-99-plugin-dev$' "$log"
if [ -f "$t/build/gcc-version" ] && grep -q '^99\.1\.0' "$t/build/gcc-version"; then
  pass "root: make went on (the build's gcc-version says 99.1.0)"
else
  fail "root: make went on (the build's gcc-version says 99.1.0)"; show_output
fi

: > "$log"
expect_ok "headers present: make runs no install-deps" top_make FAKE_UID=1000
if [ ! -s "$log" ]; then pass "headers present: no apt-get"; else fail "headers present: no apt-get"; fi

sf_test_done
