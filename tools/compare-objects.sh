#!/bin/sh
# compare-objects.sh: compile every annotated file of the tree with two
# builds of the plugin and compare what comes out, byte for byte.
#
#   tools/compare-objects.sh OLD.so NEW.so OUTDIR [FILE...]
#
# For each file (default: every .c of testsuite/sparsefuse.dg, bench/,
# bench/kernels/, examples/*/ and testsuite/programs/), three compiles per
# plugin: the file's own dg-options (or -O2 -fopenmp); the same then
# -O3 -fopenmp; the same then -O2 -fno-openmp (a bench kernel also with
# -O3 -march=native under schedule=naive and schedule=unfused); each with
# the pass's details dump.  Compared: the
# exit status, the diagnostics, the object and the sparsefuse dump.
# Prints one line per difference and a summary; exits 1 on a difference.
# Run from the top of the tree.  A typical use, before and after a change
# that must not change the generated code:
#   git worktree add /tmp/base HEAD && make -C /tmp/base -j2
#   tools/compare-objects.sh /tmp/base/build/sparsefuse.so \
#       build/sparsefuse.so /tmp/cmp
# Environment: CMP_FLAGS, flags added to every compile (CMP_FLAGS=-g);
# CMP_STRIP_DEBUG=1 compares the objects without their debug sections
# (objcopy --strip-debug), for a change that may change only those; an
# -flto object or one with offload sections still differs then (GCC's IR
# in it records the declarations' debug flags): link those and compare.

set -u
[ $# -ge 3 ] || { sed -n '2,24p' "$0"; exit 2; }
old=$1 new=$2 out=$3
shift 3
top=$(pwd)
if [ $# -eq 0 ]; then
  set -- testsuite/sparsefuse.dg/*.c bench/*.c bench/kernels/*.c \
	 examples/*/*.c testsuite/programs/*.c
fi
cc=${CC:-gcc}
incs="-I$top/runtime -I$top/core -I$top/bench -I$top/bench/kernels"

# options FILE: the file's dg-options, without what only the test
# harness understands; -O2 -fopenmp when it has none.
options() {
  o=$(sed -n 's/.*dg-options "\([^"]*\)".*/\1/p' "$1" | head -1 \
      | sed 's/-no-plugin//; s/-no-runtime//; s/-lsparsefuse//;
	     s/-fdump-tree-[^ ]*//g')
  echo "${o:--O2 -fopenmp}"
}

# build SO TAG FILE VARIANT FLAGS...: one compile, in OUT/cwd/VARIANT/F
# (the same folder for both plugins: debug information names it), its
# results then moved to OUT/TAG/VARIANT/F.
build() {
  so=$1 tag=$2 f=$3 v=$4
  shift 4
  name=$(echo "$f" | tr / _)
  d=$out/cwd/$v/$name
  rm -rf "$d" && mkdir -p "$d"
  (cd "$d" && $cc -fplugin="$so" -fdiagnostics-plain-output $incs \
     -DSF_DATA_DIR="\"$top/testsuite\"" -dumpdir ./ -dumpbase x.c \
     "$@" ${CMP_FLAGS:-} -fplugin-arg-sparsefuse-dump=details \
     -c "$top/$f" -o x.o >x.err 2>&1; echo $? >x.rc)
  [ "${CMP_STRIP_DEBUG:-0}" = 1 ] && [ -f "$d/x.o" ] \
    && objcopy --strip-debug "$d/x.o"
  # The dump of other passes, if a file asked for one, is not compared;
  # the times the scheduling, the check and a suggestion's search took are
  # not the same twice.
  find "$d" -name 'x.c.*' ! -name '*sparsefuse*' -delete
  for dump in "$d"/x.c.*sparsefuse; do
    [ -f "$dump" ] \
      && sed -i 's/ scheduled in [0-9.]* ms / scheduled in - ms /;
		 s/\( verify: .* steps\), [0-9.]* ms$/\1, - ms/' "$dump"
  done
  sed -i 's/ candidates in [0-9.]* ms)/ candidates in - ms)/;
	  s/ candidates ([0-9.]* ms/ candidates (- ms/' "$d/x.err"
  mkdir -p "$out/$tag/$v"
  mv "$d" "$out/$tag/$v/$name"
}

rm -rf "$out"
mkdir -p "$out/so"
n=0
# Both builds are loaded from the same path, OUT/so/sparsefuse.so: GCC
# records the command line (-fplugin=...) in debug information and in
# offload sections, and -frandom-seed fixes the names of the latter.
for so_tag in "$old:old" "$new:new"; do
  so=${so_tag%:*} tag=${so_tag##*:}
  cp "$so" "$out/so/sparsefuse.so" || exit 2
  so=$out/so/sparsefuse.so
  for f in "$@"; do
    [ -f "$f" ] || continue
    opts="$(options "$f") -frandom-seed=sfcmp"
    # The bench's kernels and the examples' are named by their variant.
    case $f in
      bench/*) opts="$opts -DVARIANT=auto";;
      examples/*) opts="$opts -DVARIANT=sparsefuse";;
    esac
    build "$so" "$tag" "$f" own $opts &
    build "$so" "$tag" "$f" o3 $opts -O3 -fopenmp
    wait
    build "$so" "$tag" "$f" o2-serial $opts -O2 -fno-openmp
    n=$((n + 3))
    case $f in
      bench/kernels/*)
	for s in naive unfused; do
	  build "$so" "$tag" "$f" "$s" -O3 -march=native -fopenmp \
		-frandom-seed=sfcmp -DVARIANT=$s \
		-fplugin-arg-sparsefuse-schedule=$s &
	done
	wait
	n=$((n + 2));;
    esac
  done
done

diffs=$(diff -rq "$out/old" "$out/new")
objs=$(find "$out/new" -name x.o | wc -l)
dumps=$(find "$out/new" -name '*sparsefuse*' | wc -l)
counts="$((n / 2)) compiles per plugin, $objs objects, $dumps dumps"
if [ -n "$diffs" ]; then
  echo "$diffs"
  echo "compare-objects: $counts: DIFFERENT"
  exit 1
fi
echo "compare-objects: $counts: identical"
