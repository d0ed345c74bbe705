# shellcheck shell=bash
# The plugin loaded into a gcc of another version: plugin_init's call to
# plugin_default_version_check refuses it with an error naming both
# versions, and gcc stops (no object file).  Uses the first other gcc
# found on PATH (gcc-11 for a GCC 12 build, gcc or gcc-12 for GCC 11...).
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
cc=${CC:-gcc}
plugin=$BUILD/sparsefuse.so
t=$sf_test_tmp
built=$("$cc" -dumpfullversion)

other=""
for c in gcc gcc-{9..20}; do
  if command -v "$c" > /dev/null &&
     v=$("$c" -dumpfullversion 2>/dev/null) && [ "$v" != "$built" ]; then
    other=$c
    break
  fi
done
if [ -z "$other" ]; then
  unsupported "the plugin in a gcc of another version (no other gcc on PATH)"
  sf_test_done
  exit
fi
printf 'int x;\n' > "$t/x.c"
expect_fail "$other ($v) refuses the plugin built for gcc $built" \
  "$other" -fplugin="$plugin" -c "$t/x.c" -o "$t/x.o"
expect_grep "the error names both versions and says to rebuild" \
  "error: sparsefuse was built for GCC $built but is loaded into GCC $v; rebuild it with this compiler" "$sf_out"
if [ ! -e "$t/x.o" ]; then pass "no object file"; else fail "no object file"; fi

sf_test_done
