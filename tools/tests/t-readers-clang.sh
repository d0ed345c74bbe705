# shellcheck shell=bash
# The Matrix Market and FROSTT readers under clang's -fsanitize=undefined,
# which checks more than GCC's (pointer arithmetic on a null pointer: the
# line scanner once computed buf + at before its first read, see
# runtime/scan.c, sfr_scan_line).  The libFuzzer targets of
# tools/fuzz/readers/ are built without any suppression and replay the
# data folder's files (the seeds of `make fuzz-readers`: the first 8 KB of
# each) once; no fuzzing here.  UNSUPPORTED without clang and its
# libFuzzer runtime ($FUZZ_CLANG, default clang-14).
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
clang=${FUZZ_CLANG:-clang-14}
data=${DATA:-$(pwd)/../shared/data}
t=$sf_test_tmp

if ! command -v "$clang" > /dev/null; then
  unsupported "readers under clang UBSan (no $clang)"
  exit 0
fi
for fmt in mtx tns; do
  if ! expect_ok "$fmt: the reader target builds with $clang -fsanitize=undefined" \
       "$clang" -g -O1 -fsanitize=fuzzer,undefined \
       -fno-sanitize-recover=undefined -Iruntime -Icore \
       "tools/fuzz/readers/fuzz-$fmt.c" runtime/*.c -lm -o "$t/fuzz-$fmt"; then
    continue
  fi
  mkdir -p "$t/seeds-$fmt"
  # Inputs the scanner handles specially: empty, no newline at the end,
  # CR-LF, a lone newline.
  printf '' > "$t/seeds-$fmt/empty"
  printf '\n' > "$t/seeds-$fmt/newline"
  if [ "$fmt" = mtx ]; then
    printf '%%%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 1.5' \
      > "$t/seeds-$fmt/no-final-newline"
    printf '%%%%MatrixMarket matrix coordinate real general\r\n1 1 1\r\n1 1 2\r\n' \
      > "$t/seeds-$fmt/crlf"
  else
    printf '1 1 1.5' > "$t/seeds-$fmt/no-final-newline"
    printf '1 2 3 1.5\r\n2 1 1 -2\r\n' > "$t/seeds-$fmt/crlf"
  fi
  find "$data" -name "*.$fmt" 2> /dev/null | while read -r f; do
    head -c 8192 "$f" > "$t/seeds-$fmt/$(basename "$f")"
  done
  expect_ok "$fmt: every seed reads without undefined behaviour" \
    env UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$t/fuzz-$fmt" "$t/seeds-$fmt"/*
done
sf_test_done
