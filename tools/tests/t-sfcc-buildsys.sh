# shellcheck shell=bash
# The build-system files that make install writes: sparsefuse.pc used by
# the make project in examples/build-systems/ (pkg-config), and the CMake
# package used by its CMakeLists.txt (find_package).  Each project is
# built against a temporary install and run: it must say that the plugin
# compiled it and that the annotated loop agrees with its plain copy.
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
t=$sf_test_tmp
make_cmd=${MAKE:-make}
src=$PWD/examples/build-systems

if [ ! -f "$BUILD/sparsefuse.so" ] || [ ! -f "$BUILD/libsparsefuse.so" ]; then
  unsupported "build systems (the plugin or libsparsefuse is not built)"
  sf_test_done
  exit
fi
prefix=$t/prefix
expect_ok "make install PREFIX=<tmp> PLUGINDIR=<tmp>" \
  "$make_cmd" --no-print-directory BUILD="$BUILD" CC="${CC:-gcc}" install PREFIX="$prefix" PLUGINDIR="$prefix/plugin"
pc=$prefix/lib/pkgconfig/sparsefuse.pc
expect_no_grep "sparsefuse.pc has no @VARIABLE@ left" '@[A-Z_]+@' "$pc"
expect_no_grep "the CMake package has no @VARIABLE@ left" '@[A-Z_]+@' \
  "$prefix/lib/cmake/sparsefuse/sparsefuse-config.cmake"

# 1. pkg-config and make.
if ! command -v pkg-config > /dev/null; then
  unsupported "pkg-config project (pkg-config not installed; make check installs it)"
else
  export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
  expect_ok "pkg-config --modversion sparsefuse" pkg-config --modversion sparsefuse &&
    expect_grep "pkg-config gives the version" '^[0-9]+\.[0-9]+\.[0-9]+$' "$sf_out"
  expect_ok "pkg-config --cflags sparsefuse" pkg-config --cflags sparsefuse &&
    expect_grep "--cflags loads the installed plugin with -fopenmp" \
      "-fplugin=$prefix/plugin/sparsefuse.so -fopenmp" "$sf_out"
  expect_ok "pkg-config --variable=plugin sparsefuse" pkg-config --variable=plugin sparsefuse &&
    expect_grep "--variable=plugin names the plugin" "^$prefix/plugin/sparsefuse.so$" "$sf_out"
  mkdir -p "$t/make"
  expect_ok "the make project builds with pkg-config" \
    "$make_cmd" --no-print-directory -C "$src" CC="${CC:-gcc}" OUT="$t/make" &&
    expect_ok "the make project's program runs" "$t/make/spmv" &&
    expect_grep "make + pkg-config: compiled with the plugin" '^compiled with sparsefuse: yes$' "$sf_out" &&
    expect_grep "make + pkg-config: the annotated loop agrees with its copy" '^agree: ' "$sf_out"
  unset PKG_CONFIG_PATH
fi

# 2. CMake: find_package(sparsefuse 0.1) and sparsefuse::sparsefuse.
if ! command -v cmake > /dev/null; then
  unsupported "CMake project (cmake not installed; make check installs it)"
else
  cm=$t/cmake
  expect_ok "cmake configures the project (find_package(sparsefuse 0.1))" \
    cmake -S "$src" -B "$cm" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="${CC:-gcc}" &&
    expect_ok "cmake --build builds it" cmake --build "$cm" &&
    expect_ok "the CMake project's program runs" "$cm/spmv" &&
    expect_grep "CMake: compiled with the plugin" '^compiled with sparsefuse: yes$' "$sf_out" &&
    expect_grep "CMake: the annotated loop agrees with its copy" '^agree: ' "$sf_out"
  # A version newer than the installed one is not found.
  mkdir -p "$t/newer"
  sed 's/find_package(sparsefuse 0.1 REQUIRED)/find_package(sparsefuse 9.0 REQUIRED)/' \
    "$src/CMakeLists.txt" > "$t/newer/CMakeLists.txt"
  cp "$src/spmv.c" "$t/newer/"
  expect_fail "find_package(sparsefuse 9.0) is refused" \
    cmake -S "$t/newer" -B "$t/newer/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER="${CC:-gcc}"
  expect_grep "the refusal names the installed version" 'version: 0\.1\.0|0\.1\.0' "$sf_out"
  # A project whose C compiler is not the plugin's gcc does not find it.
  if command -v clang > /dev/null; then
    expect_fail "find_package(sparsefuse) with clang as the C compiler is refused" \
      cmake -S "$src" -B "$t/clang" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_COMPILER=clang
    expect_grep "the refusal says which gcc the plugin needs" \
      'the sparsefuse plugin was built for gcc [0-9.]+, but this project' "$sf_out"
  else
    unsupported "CMake with another C compiler (clang not installed)"
  fi
fi

expect_ok "make uninstall" "$make_cmd" --no-print-directory BUILD="$BUILD" CC="${CC:-gcc}" uninstall \
  PREFIX="$prefix" PLUGINDIR="$prefix/plugin"
left=$(find "$prefix" -type f | wc -l)
if [ "$left" -eq 0 ]; then pass "uninstall removes sparsefuse.pc and the CMake files too"; else fail "uninstall leaves $left files"; fi

sf_test_done
