# shellcheck shell=bash
# The plugin in every compiler the driver runs, and with the debug and LTO
# flags the fuzzer found broken (testsuite/sparsefuse.dg/fuzz-debug-macros.c,
# fuzz-lto-link.c have the run tests):
#   -g3        no crash; __SPARSEFUSE__ defined as without -g3, also in the
#              debug information and in -E -dD; -U still undefines it;
#   -flto      the region is replaced at the -flto compile (cc1), the link
#              loads the plugin into lto1 silently, with or without the
#              plugin at the link the program agrees with its loop;
#   g++, gfortran   the plugin loads, says with a note that it does
#              nothing, and the compile succeeds even with -Werror.
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
cc=${CC:-gcc}
plugin=$BUILD/sparsefuse.so
t=$sf_test_tmp
src=$(pwd)

cat > "$t/macro.c" <<'C'
#ifdef __SPARSEFUSE__
int plugin_macro = __SPARSEFUSE__;
#else
int no_plugin_macro;
#endif
C

# -g3: the definition of __SPARSEFUSE__ reaches the macro debug hooks.
expect_ok "-g3 compiles with the plugin" \
  "$cc" -O0 -g3 -fplugin="$plugin" -c "$t/macro.c" -o "$t/macro.o"
expect_ok "-g3: nm runs" nm "$t/macro.o"
expect_grep "-g3: __SPARSEFUSE__ is defined" ' plugin_macro$' "$sf_out"
if command -v readelf > /dev/null; then
  expect_ok "-g3: readelf reads the macro section" \
    readelf --debug-dump=macro "$t/macro.o"
  expect_grep "-g3: __SPARSEFUSE__ 1 is in the debug information" \
    'macro : __SPARSEFUSE__ 1$' "$sf_out"
else
  unsupported "-g3: the macro in the debug information (no readelf)"
fi
expect_ok "-g3 -U__SPARSEFUSE__ compiles" \
  "$cc" -g3 -U__SPARSEFUSE__ -fplugin="$plugin" -c "$t/macro.c" -o "$t/macro.o"
expect_ok "-g3 -U: nm runs" nm "$t/macro.o"
expect_grep "-g3 -U__SPARSEFUSE__ undefines it" ' no_plugin_macro$' "$sf_out"
expect_ok "-E -dD -g3 with the plugin" \
  "$cc" -E -dD -g3 -fplugin="$plugin" "$t/macro.c"
expect_grep "-E -dD prints the definition" '^#define __SPARSEFUSE__ 1$' "$sf_out"
expect_grep "-E: the macro is defined" '^int plugin_macro = 1;$' "$sf_out"
expect_ok "-g3 and -fdump-go-spec (the other listener of definitions)" \
  "$cc" -g3 -fdump-go-spec="$t/go.txt" -fplugin="$plugin" -c "$t/macro.c" \
  -o "$t/macro.o"

# -flto: compile with the plugin, link with and without it.
lto_src=$src/testsuite/sparsefuse.dg/fuzz-lto-link.c
lto_flags=(-O2 -flto "-I$src/testsuite/sparsefuse.dg" "-I$src/runtime")
lto_libs=("-L$BUILD" -lsparsefuse "-Wl,-rpath,$BUILD" -lm)
if expect_ok "-flto -c with the plugin" \
     "$cc" "${lto_flags[@]}" -fplugin="$plugin" -fplugin-arg-sparsefuse-dump \
     -dumpdir "$t/" -c "$lto_src" -o "$t/lto.o"; then
  dump=$(find "$t" -maxdepth 1 -name '*.sparsefuse' | head -n 1)
  if [ -n "$dump" ]; then
    expect_grep "-flto -c: the region is replaced in cc1" 'region 0 replaced' "$dump"
  else
    fail "-flto -c: no sparsefuse dump in $t"
  fi
  expect_ok "-flto: objdump reads the object" objdump -h "$t/lto.o"
  expect_grep "-flto: the object holds LTO bytecode" '\.gnu\.lto_' "$sf_out"
  expect_ok "-flto: link with the plugin (lto1 loads it)" \
    "$cc" "${lto_flags[@]}" -fplugin="$plugin" "$t/lto.o" -o "$t/lto1" "${lto_libs[@]}"
  expect_no_grep "-flto: lto1 says nothing about the plugin" 'sparsefuse|plugin' "$sf_out"
  expect_ok "-flto: the program linked with the plugin agrees" "$t/lto1"
  expect_ok "-flto: link without the plugin" \
    "$cc" "${lto_flags[@]}" "$t/lto.o" -o "$t/lto2" "${lto_libs[@]}"
  expect_ok "-flto: the program linked without the plugin agrees" "$t/lto2"
fi
expect_ok "-flto: compile and link in one command, several units" \
  "$cc" "${lto_flags[@]}" -fplugin="$plugin" "$lto_src" "$t/macro.c" \
  -o "$t/lto3" "${lto_libs[@]}"
expect_ok "-flto: the one-command program agrees" "$t/lto3"

# Other front ends: the plugin loads and declines with a note.
printf 'int main () { return 0; }\n' > "$t/x.cc"
if command -v "${CXX:-g++}" > /dev/null; then
  expect_ok "g++ -Werror compiles with the plugin loaded" \
    "${CXX:-g++}" -Werror -fplugin="$plugin" -c "$t/x.cc" -o "$t/x.o"
  expect_grep "g++: a note says the plugin is inactive" \
    'note: sparsefuse works with the C front end only; it is inactive for GNU C\+\+' \
    "$sf_out"
else
  unsupported "g++ with the plugin (no g++)"
fi
gfortran=gfortran-$($cc -dumpversion)
command -v "$gfortran" > /dev/null || gfortran=gfortran
if command -v "$gfortran" > /dev/null \
   && [ "$($gfortran -dumpversion)" = "$($cc -dumpversion)" ]; then
  printf 'program p\nend program\n' > "$t/p.f90"
  expect_ok "gfortran compiles with the plugin loaded" \
    "$gfortran" -fplugin="$plugin" -c "$t/p.f90" -o "$t/p.o"
  expect_grep "gfortran: a note says the plugin is inactive" \
    'it is inactive for GNU Fortran' "$sf_out"
else
  unsupported "gfortran with the plugin (no gfortran of the same version)"
fi

sf_test_done
