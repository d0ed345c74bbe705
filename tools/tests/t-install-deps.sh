# shellcheck shell=bash
# tools/install-deps.sh against stub gcc, dpkg-query, id and apt-get: what
# it reports, what it installs, what it asks a non-root user to run.
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
script=$PWD/tools/install-deps.sh
stubs=$sf_test_tmp/bin
mkdir -p "$stubs"
db=$sf_test_tmp/installed      # one installed package a line
log=$sf_test_tmp/apt.log       # apt-get's arguments, one call a line

# gcc exists once the package "gcc" is "installed".
cat > "$stubs/gcc" <<STUB
#!/bin/sh
grep -qx gcc "$db" || exit 127
echo 12
STUB
make_dpkg_stubs "$stubs" "$db"
# apt-get install "installs" its arguments unless FAKE_BROKEN is set;
# apt-get update fails when FAKE_NO_NET is set.
cat > "$stubs/apt-get" <<STUB
#!/bin/sh
echo "\$*" >> "$log"
case "\$1" in
  update) [ -z "\${FAKE_NO_NET-}" ] ;;
  install) [ -n "\${FAKE_BROKEN-}" ] && exit 100
           for p in "\$@"; do case "\$p" in -*|install) ;; *) echo "\$p" >> "$db";; esac; done ;;
esac
STUB
chmod +x "$stubs"/*
all=(gcc gcc-12-plugin-dev libz3-dev dejagnu valgrind make g++)

# Run the script with the stubs first on PATH.
deps() { env PATH="$stubs:$PATH" CC=gcc "$@" bash "$script"; }
reset() { printf '%s\n' "$@" > "$db"; : > "$log"; }

reset "${all[@]}"
if run_cmd deps && [ ! -s "$sf_out" ] && [ ! -s "$log" ]; then
  pass "all present: silent, exit 0, no apt-get"
else
  fail "all present: silent, exit 0, no apt-get"; show_output
fi

reset gcc gcc-12-plugin-dev libz3-dev make g++
expect_fail "not root, missing: exit 1" deps FAKE_UID=1000
expect_grep "not root: prints the sudo command" \
  '^  sudo apt-get update && sudo apt-get install -y --no-install-recommends dejagnu valgrind$' "$sf_out"
expect_no_grep "not root: does not run apt-get" . "$log"

reset gcc gcc-12-plugin-dev libz3-dev make g++
expect_fail "dry run (-n): exit 1" env PATH="$stubs:$PATH" CC=gcc bash "$script" -n
run_cmd env PATH="$stubs:$PATH" CC=gcc bash "$script" -n
expect_grep "dry run: names the missing packages" '^install-deps: missing: dejagnu valgrind$' "$sf_out"
expect_no_grep "dry run: does not run apt-get" . "$log"

reset gcc gcc-12-plugin-dev libz3-dev make g++
expect_ok "root: installs the missing packages" deps FAKE_UID=0
expect_grep "root: apt-get update first" '^update' "$log"
expect_grep "root: apt-get install -y --no-install-recommends" \
  '^install -y -qq --no-install-recommends dejagnu valgrind$' "$log"

reset gcc gcc-12-plugin-dev libz3-dev make g++
expect_ok "root: a failing apt-get update is tolerated" deps FAKE_NO_NET=1
expect_grep "root: install runs after a failed update" '^install .*dejagnu valgrind$' "$log"

reset gcc gcc-12-plugin-dev libz3-dev make g++
expect_fail "root: an install that installs nothing is an error" deps FAKE_BROKEN=1

reset libz3-dev dejagnu valgrind make g++
expect_ok "root, no gcc yet: installs gcc, then its plugin headers" deps
expect_grep "no gcc: first install is gcc" '^install .* gcc$' "$log"
expect_grep "no gcc: then gcc-12-plugin-dev" '^install .* gcc-12-plugin-dev$' "$log"

# CC=gcc-N: that compiler, its g++ and its plugin headers, named from
# CC before the compiler is even installed (no second pass).
reset "${all[@]}"
expect_fail "CC=gcc-11 -n: gcc-11's packages are missing" \
  env PATH="$stubs:$PATH" CC=gcc-11 bash "$script" -n
expect_grep "CC=gcc-11: names gcc-11, g++-11 and gcc-11-plugin-dev" \
  '^install-deps: missing: gcc-11 g\+\+-11 gcc-11-plugin-dev$' "$sf_out"
reset "${all[@]}"
expect_ok "CC=gcc-11, root: installs them" env PATH="$stubs:$PATH" CC=gcc-11 bash "$script"
expect_grep "CC=gcc-11: one install of the three" \
  '^install -y -qq --no-install-recommends gcc-11 g\+\+-11 gcc-11-plugin-dev$' "$log"
if [ "$(grep -c '^install' "$log")" -eq 1 ]; then
  pass "CC=gcc-11: no second install (the names do not wait for gcc-11 to run)"
else
  fail "CC=gcc-11: no second install (the names do not wait for gcc-11 to run)"; cat "$log"
fi
reset "${all[@]}" gcc-11 g++-11 gcc-11-plugin-dev gfortran openmpi-bin libopenmpi-dev cmake pkg-config
run_cmd env PATH="$stubs:$PATH" CC=gcc-11 bash "$script" -n --examples
expect_grep "CC=gcc-11 --examples: also gfortran-11 (the plugin in f951)" \
  '^install-deps: missing: gfortran-11$' "$sf_out"
reset libz3-dev dejagnu valgrind make
if run_cmd env PATH="$stubs:$PATH" CC=/opt/gcc-13/bin/gcc bash "$script" && [ ! -s "$log" ]; then
  pass "a gcc outside Debian's names: no compiler package asked for"
else
  fail "a gcc outside Debian's names: no compiler package asked for"; show_output; cat "$log"
fi

reset "${all[@]}"
expect_fail "--bench -n: the benchmarks' packages are missing" \
  env PATH="$stubs:$PATH" CC=gcc bash "$script" -n --bench
expect_grep "--bench: names GraphBLAS, OpenBLAS, SciPy, NumPy, matplotlib" \
  '^install-deps: missing: libgraphblas-dev libopenblas0 python3-scipy python3-numpy python3-matplotlib$' "$sf_out"
expect_no_grep "--bench -n: does not run apt-get" . "$log"
reset "${all[@]}"
expect_ok "--bench, root: installs the benchmarks' packages" \
  env PATH="$stubs:$PATH" CC=gcc FAKE_UID=0 bash "$script" --bench
expect_grep "--bench: one install of the five" \
  '^install .* libgraphblas-dev libopenblas0 python3-scipy python3-numpy python3-matplotlib$' "$log"

# The real machine: must be fast and quiet when all is installed (as make
# check's deps step just ensured).
start=$(date +%s%N)
run_cmd bash "$script"
rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
if [ $rc -eq 0 ] && [ ! -s "$sf_out" ] && [ $ms -lt 1000 ]; then
  pass "this machine: all present, quiet, ${ms} ms"
else
  fail "this machine: rc=$rc, ${ms} ms"; show_output
fi

sf_test_done
