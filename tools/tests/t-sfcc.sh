# shellcheck shell=bash
# build/sfcc: --version, --help, the flags it adds (with a stub gcc that
# prints its arguments), the version-mismatch and missing-plugin errors,
# and a real compile with the plugin and the runtime library.
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
sfcc=$BUILD/sfcc
gcc_version=$(${CC:-gcc} -dumpfullversion)
t=$sf_test_tmp

expect_ok "build/sfcc is a valid sh script" sh -n "$sfcc"
expect_no_grep "build/sfcc has no @VARIABLE@ left" '@[A-Z_]+@' "$sfcc"

expect_ok "sfcc --version exits 0" "$sfcc" --version
expect_grep "sfcc --version names sparsefuse" '^sfcc \(sparsefuse\) [0-9]+\.[0-9]+' "$sf_out"
expect_grep "sfcc --version names the gcc the plugin was built for" \
  "^plugin built for gcc $gcc_version: /.*/sparsefuse.so$" "$sf_out"
expect_ok "sfcc --help exits 0" "$sfcc" --help
expect_grep "sfcc --help lists the plugin options" 'fplugin-arg-sparsefuse-report' "$sf_out"

# A stub gcc: reports the version in $FAKE_VERSION (default the real one)
# and prints each argument on its own line.
cat > "$t/gcc" <<'STUB'
#!/bin/sh
if [ "$1" = -dumpfullversion ]; then echo "${FAKE_VERSION:?}"; exit 0; fi
if [ "$1" = -print-file-name=plugin ]; then echo "${FAKE_PLUGINDIR:-/nowhere}"; exit 0; fi
for a in "$@"; do printf '%s\n' "$a"; done
STUB
chmod +x "$t/gcc"
stub() { env SFCC_CC="$t/gcc" FAKE_VERSION="${FAKE_VERSION:-$gcc_version}" "$sfcc" "$@"; }

run_cmd stub -O3 "-DNAME=a b" spmv.c -o spmv
cp "$sf_out" "$t/link.args"
expect_grep "adds -fplugin=<absolute plugin path>" '^-fplugin=/.*/sparsefuse\.so$' "$t/link.args"
expect_grep "adds -fopenmp" '^-fopenmp$' "$t/link.args"
expect_grep "adds the runtime include folder" '^-I/.*/runtime$' "$t/link.args"
expect_grep "keeps an argument with a space whole" '^-DNAME=a b$' "$t/link.args"
expect_grep "links -lsparsefuse when linking" '^-lsparsefuse$' "$t/link.args"
expect_grep "adds an rpath to the library" '^-Wl,-rpath,/' "$t/link.args"
if [ "$(sed -n '/^-O3$/=' "$t/link.args")" -lt "$(sed -n '/^-lsparsefuse$/=' "$t/link.args")" ] &&
   [ "$(sed -n '/^spmv.c$/=' "$t/link.args")" -lt "$(sed -n '/^-lsparsefuse$/=' "$t/link.args")" ]; then
  pass "the library comes after the user's files"
else
  fail "the library comes after the user's files"; cat "$t/link.args"
fi
for mode in -c -S -E -M -fsyntax-only; do
  run_cmd stub -O2 "$mode" spmv.c
  expect_no_grep "no library with $mode" '^-lsparsefuse$' "$sf_out"
done
run_cmd stub -O2 -fdump-tree-sparsefuse -fdump-tree-sparsefuse-details -fdump-tree-optimized -c spmv.c
expect_grep "sfcc: -fdump-tree-sparsefuse becomes the plugin's dump option" '^-fplugin-arg-sparsefuse-dump$' "$sf_out"
expect_grep "sfcc: -fdump-tree-sparsefuse-details keeps its flags" '^-fplugin-arg-sparsefuse-dump=details$' "$sf_out"
expect_grep "other -fdump options pass through" '^-fdump-tree-optimized$' "$sf_out"
run_cmd stub -v
expect_no_grep "no library without an input file (sfcc -v)" '^-lsparsefuse$' "$sf_out"
run_cmd stub -o out -I inc spmv.o
expect_grep "links an object file given after -o X -I Y" '^-lsparsefuse$' "$sf_out"

FAKE_VERSION=11.4.0 expect_fail "a gcc of another version is refused" stub -c spmv.c
expect_grep "the refusal names both versions" \
  "is gcc 11\.4\.0, but the sparsefuse plugin was built for gcc $gcc_version" "$sf_out"
patch_version=$(echo "$gcc_version" | awk -F. '{ print $1 "." $2 "." $3 + 1 }')
# GCC's plugin version check compares the full version: so does sfcc.
FAKE_VERSION=$patch_version expect_fail "a gcc differing in the patch level only is refused too" stub -c spmv.c
expect_grep "the patch-level refusal names both versions" \
  "is gcc $patch_version, but the sparsefuse plugin was built for gcc $gcc_version" "$sf_out"
run_cmd env SFCC_CC="$t/none/gcc" "$sfcc" -c spmv.c
expect_grep "a compiler that does not exist is named as such" "^sfcc: error: cannot run '$t/none/gcc' \(not found\)" "$sf_out"
run_cmd env SFCC_CC=true "$sfcc" -c spmv.c
expect_grep "a compiler that is not gcc is named as such" "^sfcc: error: 'true' does not answer -dumpfullversion" "$sf_out"

sed -e "s|@PLUGIN@|$t/none/sparsefuse.so|" -e 's|@[A-Z_]*@|x|g' tools/sfcc.in > "$t/sfcc-noplugin"
run_cmd env SFCC_CC="$t/gcc" FAKE_VERSION=x sh "$t/sfcc-noplugin" -c spmv.c
expect_grep "a missing plugin is a clear error" '^sfcc: error: plugin not found: ' "$sf_out"

# Another gcc: the plugin built for it.  A build tree with the default
# build in $t/tree and gcc 11.4.0's in $t/tree/gcc-11 (each saying its gcc
# in gcc-version), and an sfcc made for this gcc in that tree.
mkdir -p "$t/tree/gcc-11"
: > "$t/tree/sparsefuse.so"
echo "13.1.0 13.1.0" > "$t/tree/gcc-version"
: > "$t/tree/gcc-11/sparsefuse.so"
echo "11.4.0 11.4.0" > "$t/tree/gcc-11/gcc-version"
sed -e "s|@GCC_VERSION@|$gcc_version|" -e "s|@PLUGIN@|$BUILD/sparsefuse.so|" \
    -e "s|@LIBDIR@|$BUILD|" -e "s|@BUILDS@|$t/tree|" -e 's|@[A-Z_]*@|x|g' \
    tools/sfcc.in > "$t/sfcc-tree"
tree() { env SFCC_CC="$t/gcc" FAKE_VERSION="$1" sh "$t/sfcc-tree" "${@:2}"; }
run_cmd tree 11.4.0 -O2 spmv.c -o spmv
expect_grep "gcc 11.4.0: the plugin of build/gcc-11" "^-fplugin=$t/tree/gcc-11/sparsefuse\.so$" "$sf_out"
expect_grep "gcc 11.4.0: the library of build/gcc-11" "^-L$t/tree/gcc-11$" "$sf_out"
run_cmd tree 13.1.0 -O2 spmv.c -o spmv
expect_grep "gcc 13.1.0: the plugin of build/ (its gcc-version says 13.1.0)" "^-fplugin=$t/tree/sparsefuse\.so$" "$sf_out"
run_cmd tree 11.4.0 --version
expect_grep "--version names the plugin for that gcc" "^plugin for gcc 11\.4\.0: $t/tree/gcc-11/sparsefuse\.so$" "$sf_out"
expect_fail "gcc 11.4.1 (build/gcc-11 is for 11.4.0) is refused" tree 11.4.1 -c spmv.c
expect_grep "the refusal says no plugin was built for it, and how to build one" \
  "none for gcc 11\.4\.1; build one \(make CC=<that gcc> in the source tree\)" "$sf_out"

# Installed (no build tree): the plugin in that gcc's own plugin folder.
mkdir -p "$t/plugindir"
sed -e "s|@GCC_VERSION@|$gcc_version|" -e "s|@PLUGIN@|$t/none/sparsefuse.so|" \
    -e "s|@BUILDS@||" -e 's|@[A-Z_]*@|x|g' tools/sfcc.in > "$t/sfcc-installed"
installed() { env SFCC_CC="$t/gcc" FAKE_VERSION=11.4.0 FAKE_PLUGINDIR="$t/plugindir" sh "$t/sfcc-installed" "$@"; }
expect_fail "installed, gcc 11.4.0 without a plugin in its folder: refused" installed -c spmv.c
expect_grep "the refusal says how to install one" 'build one \(make install CC=<that gcc>\)' "$sf_out"
: > "$t/plugindir/sparsefuse.so"
run_cmd installed -c spmv.c
expect_grep "installed, gcc 11.4.0: the plugin in its plugin folder" "^-fplugin=$t/plugindir/sparsefuse\.so$" "$sf_out"

# A real compile: an annotated SpMV, with the plugin and the library.
if [ ! -f "$BUILD/sparsefuse.so" ] || [ ! -f "$BUILD/libsparsefuse.a" ]; then
  unsupported "real compile (the plugin or libsparsefuse is not built)"
else
  cat > "$t/spmv.c" <<'SRC'
#include <stdio.h>
#include "sparsefuse.h"
int main (void)
{
  double a[3][3] = { { 1, 0, 2 }, { 0, 3, 0 }, { 4, 0, 5 } };
  double x[3] = { 1, 2, 3 }, y[3] = { 0, 0, 0 };
#pragma tensor y(i) += a(i,j) * x(j)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      y[i] += a[i][j] * x[j];
  printf ("%g %g %g\n", y[0], y[1], y[2]);
  return 0;
}
SRC
  expect_ok "sfcc compiles and links a program with the plugin" "$sfcc" -O2 "$t/spmv.c" -o "$t/spmv" &&
    expect_ok "the program runs" "$t/spmv" &&
    expect_grep "the program prints the right product" '^7 6 19$' "$sf_out"
fi

sf_test_done
