# shellcheck shell=bash
# make install: the layout under DESTDIR, the installed sfcc's paths, the
# installed headers on their own, a program built with the installed sfcc,
# the plugin found by name (-fplugin=sparsefuse) in its plugin folder, and
# make uninstall.
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
t=$sf_test_tmp
make_cmd=${MAKE:-make}

if [ ! -f "$BUILD/sparsefuse.so" ] || [ ! -f "$BUILD/libsparsefuse.a" ] ||
   [ ! -f "$BUILD/libsparsefuse.so" ]; then
  unsupported "make install (the plugin or libsparsefuse is not built)"
  sf_test_done
  exit
fi
# The build under test and its compiler (also when this script runs
# outside make, with no CC in MAKEFLAGS).
sub_make() { "$make_cmd" --no-print-directory BUILD="$BUILD" CC="${CC:-gcc}" "$@"; }

# 1. Staged install: DESTDIR + PREFIX + PLUGINDIR.
dest=$t/dest
expect_ok "make install DESTDIR=... PREFIX=/opt/sf PLUGINDIR=/gcc/plugin" \
  sub_make install DESTDIR="$dest" PREFIX=/opt/sf PLUGINDIR=/gcc/plugin
for f in include/sparsefuse.h include/levels.h lib/libsparsefuse.a \
         lib/libsparsefuse.so bin/sfcc; do
  if [ -f "$dest/opt/sf/$f" ]; then pass "installs \$PREFIX/$f"; else fail "installs \$PREFIX/$f"; fi
done
if [ -f "$dest/gcc/plugin/sparsefuse.so" ]; then
  pass "installs the plugin as \$PLUGINDIR/sparsefuse.so"
else
  fail "installs the plugin as \$PLUGINDIR/sparsefuse.so"
fi
if [ -x "$dest/opt/sf/bin/sfcc" ]; then pass "installed sfcc is executable"; else fail "installed sfcc is executable"; fi
expect_grep "installed sfcc uses the installed plugin" "^sf_plugin='/gcc/plugin/sparsefuse.so'$" "$dest/opt/sf/bin/sfcc"
expect_grep "installed sfcc uses the installed headers" "^sf_includes='/opt/sf/include'$" "$dest/opt/sf/bin/sfcc"
expect_grep "installed sfcc uses the installed library" "^sf_libdir='/opt/sf/lib'$" "$dest/opt/sf/bin/sfcc"
expect_no_grep "installed sfcc does not point into the build tree" "$BUILD|$PWD" "$dest/opt/sf/bin/sfcc"
if [ ! -e "$dest/opt/sf/bin/sfcc.tmp" ]; then pass "no temporary file left"; else fail "no temporary file left"; fi

printf '#include <sparsefuse.h>\nint main (void) { return 0; }\n' > "$t/hdr.c"
expect_ok "installed sparsefuse.h compiles on its own (-I\$PREFIX/include only)" \
  "${CC:-gcc}" -std=c11 -Wall -Werror -fsyntax-only -I"$dest/opt/sf/include" "$t/hdr.c"

# 2. A real prefix (no DESTDIR): build and run with the installed sfcc, and
# load the plugin by name from its folder.
prefix=$t/prefix
plugdir=$t/plugin
expect_ok "make install PREFIX=<tmp> PLUGINDIR=<tmp>" \
  sub_make install PREFIX="$prefix" PLUGINDIR="$plugdir"
cat > "$t/axpy.c" <<'SRC'
#include <stdio.h>
#include "sparsefuse.h"
int main (void)
{
  double x[4] = { 1, 2, 3, 4 }, y[4] = { 1, 1, 1, 1 };
#pragma tensor y(i) += 2 * x(i)
  for (int i = 0; i < 4; i++)
    y[i] += 2 * x[i];
  printf ("%g %g %g %g\n", y[0], y[1], y[2], y[3]);
  return 0;
}
SRC
expect_ok "installed sfcc compiles and links" "$prefix/bin/sfcc" -O2 "$t/axpy.c" -o "$t/axpy" &&
  expect_ok "the program runs (rpath to the installed library)" "$t/axpy" &&
  expect_grep "the program prints the right result" '^3 5 7 9$' "$sf_out"
expect_ok "gcc finds the plugin by name in its plugin folder (-fplugin=sparsefuse)" \
  "${CC:-gcc}" -iplugindir="$plugdir" -fplugin=sparsefuse -O2 -I"$prefix/include" -c "$t/axpy.c" -o "$t/axpy.o"

# 3. Uninstall leaves only empty folders.
expect_ok "make uninstall" sub_make uninstall PREFIX="$prefix" PLUGINDIR="$plugdir"
left=$(find "$prefix" "$plugdir" -type f | wc -l)
if [ "$left" -eq 0 ]; then pass "uninstall removes every installed file"; else fail "uninstall leaves $left files"; fi

# 4. An sfcc installed for another major version of gcc (make install,
# then make install CC=gcc-11) stays, and so does the rest it uses; this
# gcc's plugin comes and goes.
other=$t/other
mkdir -p "$other/bin"
printf "#!/bin/sh\nsf_gcc_version='99.1.0'\n" > "$other/bin/sfcc"
expect_ok "make install beside an sfcc of gcc 99" \
  sub_make install PREFIX="$other" PLUGINDIR="$other/plugin"
expect_grep "install says it keeps that sfcc" "keeping $other/bin/sfcc.*made for gcc 99\.1\.0" "$sf_out"
expect_grep "the sfcc of gcc 99 is still there" "^sf_gcc_version='99\.1\.0'$" "$other/bin/sfcc"
if [ -f "$other/plugin/sparsefuse.so" ] && [ -f "$other/lib/libsparsefuse.so" ]; then
  pass "this gcc's plugin and the library are installed beside it"
else
  fail "this gcc's plugin and the library are installed beside it"
fi
expect_ok "make uninstall beside an sfcc of gcc 99" \
  sub_make uninstall PREFIX="$other" PLUGINDIR="$other/plugin"
if [ ! -e "$other/plugin/sparsefuse.so" ] && [ -f "$other/bin/sfcc" ] &&
   [ -f "$other/lib/libsparsefuse.so" ]; then
  pass "uninstall removes this gcc's plugin and keeps what gcc 99's sfcc uses"
else
  fail "uninstall removes this gcc's plugin and keeps what gcc 99's sfcc uses"; show_output
fi

# 5. Where the default install puts the plugin: gcc's own plugin folder.
run_cmd sub_make -n install PREFIX=/usr/local
expect_grep "by default the plugin goes to gcc -print-file-name=plugin" \
  "$(${CC:-gcc} -print-file-name=plugin)/sparsefuse.so" "$sf_out"

sf_test_done
