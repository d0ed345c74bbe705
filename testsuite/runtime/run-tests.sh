#!/bin/sh
# run-tests.sh: run the runtime library tests and collect their result lines.
#
#   sh testsuite/runtime/run-tests.sh build/testsuite/runtime ../shared/data \
#      build/logs/runtime.log
#   PASS: mtx/malformed/mangled1.mtx            (plain program)
#   PASS: asan/mtx/malformed/mangled1.mtx       (sanitized program)
#   PASS: valgrind/mtx/edge/empty.mtx           (readers under valgrind)
#   PASS: header/c99                            (sparsefuse.h alone)
#
# Every line goes to stdout and to the log.  A program that crashes or that
# a checker flags adds a FAIL line; the script itself always succeeds.

dir=$1
data=$2
log=$3
: > "$log"

# emit LINE: print LINE and append it to the log.
emit () {
  echo "$1"
  echo "$1" >> "$log"
}

# run NAME PROGRAM ARGS...: run a test program, keep its result lines, and
# report a crash (any status above 1: 1 means some case failed).
run () {
  name=$1
  shift
  "$@" > "$dir/$name.out" 2> "$dir/$name.err"
  status=$?
  cat "$dir/$name.out"
  cat "$dir/$name.out" >> "$log"
  if [ "$status" -gt 1 ]; then
    emit "FAIL: $name/program: exited with status $status (see $dir/$name.err)"
  else
    emit "PASS: $name/program"
  fi
}

# header NAME COMPILER FLAGS...: sparsefuse.h compiles alone, warning-free.
header () {
  name=$1
  shift
  printf '#include "sparsefuse.h"\nint main (void) { sf_csr a = { 0, 0, 0, 0, 0 }; return (int) sf_csr_nnz (&a); }\n' \
    > "$dir/header.c"
  if "$@" -Iruntime -Wall -Wextra -Werror -c "$dir/header.c" \
       -o "$dir/header.o" > "$dir/header-$name.err" 2>&1; then
    emit "PASS: header/$name"
  else
    emit "FAIL: header/$name: $(head -n 1 "$dir/header-$name.err")"
  fi
}

mkdir -p "$dir/tmp" "$dir/tmp-asan" "$dir/tmp-valgrind"
run plain "$dir/test_runtime" --data "$data" --tmp "$dir/tmp"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  run asan "$dir/test_runtime_asan" --data "$data" --tmp "$dir/tmp-asan" \
  --prefix asan/
if command -v valgrind > /dev/null 2>&1; then
  valgrind -q --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect,possible \
    "$dir/test_runtime" --readers --data "$data" --tmp "$dir/tmp-valgrind" \
    --prefix valgrind/ > "$dir/valgrind.out" 2> "$dir/valgrind.err"
  status=$?
  cat "$dir/valgrind.out"
  cat "$dir/valgrind.out" >> "$log"
  if [ "$status" -eq 99 ] || [ "$status" -gt 1 ]; then
    emit "FAIL: valgrind/memcheck: status $status (see $dir/valgrind.err)"
  else
    emit "PASS: valgrind/memcheck"
  fi
else
  emit "UNSUPPORTED: valgrind/memcheck (valgrind not installed)"
fi
header c99 "${CC:-gcc}" -std=c99 -pedantic
header c11 "${CC:-gcc}" -std=c11 -pedantic
header no-pragma-warnings "${CC:-gcc}" -std=gnu11 -Wunknown-pragmas
if command -v "${CXX:-g++}" > /dev/null 2>&1; then
  header c++ "${CXX:-g++}" -x c++ -std=c++11 -pedantic
else
  emit "UNSUPPORTED: header/c++ (no C++ compiler)"
fi
exit 0
