#!/usr/bin/env bash
# The explain tool's tests: for each case of CASES (tools/sfexplain-cases.txt)
#   NAME  ARGS...        sfexplain ARGS --program must print a program that
#                        compiles, and whose run (the generated kernel
#                        against the dense evaluation of the index notation
#                        on random data) passes; sfexplain ARGS must print
#                        every section, and its C must compile alone;
#   !NAME TEXT ARGS...   sfexplain ARGS must refuse the computation (exit
#                        status 1) with a message containing TEXT;
#   *NAME ARGS...        (ARGS with --schedule auto) as NAME, and then every
#                        candidate the explanation lists that is a schedule
#                        of the region, alone (--candidate K), as NAME-cK:
#                        each must pass, not only the one the cost picks.
# Prints PASS:/FAIL: lines; exits nonzero when one failed.  Environment:
# SFEXPLAIN (the tool), CC, DIR (scratch folder).
set -u
cases=$1
mkdir -p "$DIR"
status=0
pass () { echo "PASS: explain/$1"; }
fail () { echo "FAIL: explain/$1: $2"; status=1; }

# Check the explanation of case NAME (arguments in "$@").
explain () {
  local name=$1; shift
  if ! "$SFEXPLAIN" "$@" > "$DIR/$name.txt" 2> "$DIR/$name.err"; then
    fail "$name/explain" "sfexplain failed: $(head -c 300 "$DIR/$name.err")"
    return
  fi
  for s in 'reductions explicit' 'iteration graph' 'loop order:' \
	   'merge lattices' 'schedule:' 'generated C:' 'sf_kernel ('; do
    grep -q "$s" "$DIR/$name.txt" || { fail "$name/explain" "no '$s'"; return; }
  done
  sed -n '/^generated C:$/,$p' "$DIR/$name.txt" | tail -n +2 > "$DIR/$name-kernel.c"
  if $CC -std=gnu11 -fopenmp -Wall -Werror -Wno-unused -c \
       "$DIR/$name-kernel.c" -o "$DIR/$name-kernel.o" 2> "$DIR/$name-kernel.err"
  then pass "$name/explain"
  else fail "$name/explain" "its C does not compile (see $DIR/$name-kernel.err)"
  fi
}

# Build and run the test program of case NAME.
program () {
  local name=$1; shift
  if ! "$SFEXPLAIN" "$@" --program --sets 18 > "$DIR/$name.c" 2> "$DIR/$name.err"; then
    fail "$name" "sfexplain --program failed: $(head -c 300 "$DIR/$name.err")"
  elif ! $CC -std=gnu11 -O2 -fopenmp -Wall -Wno-unused "$DIR/$name.c" -lm \
	   -o "$DIR/$name" 2>> "$DIR/$name.err"; then
    fail "$name" "the program does not compile (see $DIR/$name.err)"
  elif OMP_NUM_THREADS=2 "$DIR/$name" > "$DIR/$name.out" 2>&1; then
    pass "$name"
  else
    fail "$name" "$(grep -m1 FAIL "$DIR/$name.out" || echo "exit status $?")"
  fi
}

# Check that case NAME is refused with a message containing TEXT.
refused () {
  local name=$1 text=$2; shift 2
  "$SFEXPLAIN" "$@" > /dev/null 2> "$DIR/$name.err"
  local rc=$?
  if [ "$rc" -ne 1 ]; then fail "$name" "exit status $rc, not 1"
  elif ! grep -qF -- "$text" "$DIR/$name.err"; then
    fail "$name" "no '$text' in: $(head -c 300 "$DIR/$name.err")"
  else pass "$name"
  fi
}

# Run the program of every candidate of case NAME that is a schedule.
candidates () {
  local name=$1; shift
  local ks
  ks=$(sed -n 's/^  candidate \([0-9]*\): .*/\1 &/p' "$DIR/$name.txt" \
       | grep -v 'not a schedule of this region' | cut -d' ' -f1)
  if [ -z "$ks" ]; then
    fail "$name/candidates" "the explanation lists no candidate"
    return
  fi
  for k in $ks; do
    program "$name-c$k" "$@" --candidate "$k"
  done
}

while IFS= read -r line || [ -n "$line" ]; do
  case $line in ''|'#'*) continue ;; esac
  eval "set -- $line"
  name=$1; shift
  case $name in
    '!'*) refused "${name#!}" "$@" ;;
    '*'*) explain "${name#\*}" "$@"; program "${name#\*}" "$@"
	  candidates "${name#\*}" "$@" ;;
    *) explain "$name" "$@"; program "$name" "$@" ;;
  esac
done < "$cases"
exit $status
