#!/usr/bin/env bash
# Install the Debian packages that building and testing sparsefuse needs.
#
#   tools/install-deps.sh        install what is missing (root), or print the
#                                command to run (not root) and exit 1
#   tools/install-deps.sh -n     only report what is missing; exit 1 if any
#   tools/install-deps.sh -v     also say when everything is present
#   tools/install-deps.sh --bench   also the benchmarks' packages: GraphBLAS
#                                (libgraphblas-dev), OpenBLAS, SciPy and matplotlib
#                                for Debian's /usr/bin/python3
#   tools/install-deps.sh --fuzz    also the reader fuzzers' packages (make
#                                fuzz-readers): clang-14 and its libFuzzer
#                                runtime, libclang-rt-14-dev
#   tools/install-deps.sh --examples  also what the Fortran, MPI and
#                                build-system examples need (make check
#                                uses it): gfortran, openmpi-bin,
#                                libopenmpi-dev, cmake, pkg-config (and
#                                gfortran-N for CC=gcc-N)
#
# Needed: the compiler named by CC and its plugin headers, with the g++ of
# the same version: for CC=gcc (the default) gcc, g++ and gcc-N-plugin-dev
# (N = its major version); for CC=gcc-N, gcc-N, g++-N and gcc-N-plugin-dev.
# Also libz3-dev, dejagnu, valgrind, make.  A compiler of another name (a
# path outside /usr/bin, a cross gcc...) is not Debian's to install: its
# plugin headers come with it.  When all are present the script prints
# nothing and exits 0 at once (one dpkg-query call).
#
# Environment: CC (default gcc) names the compiler whose plugin headers are
# needed; APT_GET (default apt-get) and SUDO (default sudo) name the
# commands used or suggested.

set -euo pipefail

dry_run=0
verbose=0
bench=0
fuzz=0
examples=0
for arg in "$@"; do
  case "$arg" in
    -n|--dry-run) dry_run=1 ;;
    -v|--verbose) verbose=1 ;;
    --bench) bench=1 ;;
    --fuzz) fuzz=1 ;;
    --examples) examples=1 ;;
    -h|--help)
      sed -n '2,/^$/s/^# \{0,1\}//p' "$0"
      exit 0 ;;
    *) echo "install-deps: unknown option '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

cc=${CC:-gcc}
apt_get=${APT_GET:-apt-get}
sudo_cmd=${SUDO:-sudo}

# Print the Debian package names that the build needs, one a line.
wanted_packages() {
  local name=${cc##*/} suffix="" major
  # gcc or gcc-N, as Debian names them (in /usr/bin or found on PATH).
  case "$cc" in
    gcc|/usr/bin/gcc) ;;
    gcc-[0-9]*|/usr/bin/gcc-[0-9]*) suffix=-${name#gcc-} ;;
    *) name="" ;;
  esac
  if [ -n "$name" ]; then
    echo "gcc$suffix"
    echo "g++$suffix"
    if [ -n "$suffix" ]; then
      echo "gcc$suffix-plugin-dev"
    elif major=$("$cc" -dumpversion 2>/dev/null); then
      echo "gcc-${major%%.*}-plugin-dev"
    fi
    # (No gcc yet: its plugin headers are picked up by the second pass in
    # main, once gcc says its version.)
  fi
  printf '%s\n' libz3-dev dejagnu valgrind make
  if [ "$bench" -eq 1 ]; then
    printf '%s\n' libgraphblas-dev libopenblas0 python3-scipy python3-numpy python3-matplotlib
  fi
  if [ "$fuzz" -eq 1 ]; then
    printf '%s\n' clang-14 libclang-rt-14-dev
  fi
  if [ "$examples" -eq 1 ]; then
    printf '%s\n' gfortran openmpi-bin libopenmpi-dev cmake pkg-config
    # The plugin's test in gfortran's front end needs the gfortran of the
    # plugin's gcc (tools/tests/t-frontends.sh).
    [ -n "$suffix" ] && echo "gfortran$suffix"
  fi
  return 0
}

# Print those of the packages named in "$@" that dpkg does not list as
# installed.
missing_packages() {
  local installed pkg
  installed=$(dpkg-query -W -f='${Package} ${db:Status-Abbrev}\n' "$@" \
                2>/dev/null || true)
  for pkg in "$@"; do
    if ! grep -q "^$pkg ii" <<<"$installed"; then
      echo "$pkg"
    fi
  done
}

# Install the packages named in "$@" as root.  A failing 'apt-get update'
# (no network, stale mirror) is tolerated: the install may still succeed
# from the local lists.
install_packages() {
  echo "install-deps: installing $*"
  export DEBIAN_FRONTEND=noninteractive
  "$apt_get" update -qq || echo "install-deps: apt-get update failed; trying the install anyway" >&2
  "$apt_get" install -y -qq --no-install-recommends "$@"
}

main() {
  local -a want missing
  local previous=""
  while :; do
    mapfile -t want < <(wanted_packages)
    mapfile -t missing < <(missing_packages "${want[@]}")
    if [ "${#missing[@]}" -eq 0 ]; then
      if [ "$verbose" -eq 1 ]; then
        echo "install-deps: all present: ${want[*]}"
      fi
      return 0
    fi
    if [ "$dry_run" -eq 1 ]; then
      echo "install-deps: missing: ${missing[*]}"
      return 1
    fi
    if [ "$(id -u)" -ne 0 ]; then
      echo "install-deps: missing Debian packages: ${missing[*]}" >&2
      echo "install-deps: run as root, or:" >&2
      echo "  $sudo_cmd $apt_get update && $sudo_cmd $apt_get install -y --no-install-recommends ${missing[*]}" >&2
      return 1
    fi
    # The same list twice: the last install did not do its job.  (A list
    # that changed means a new compiler brought a new plugin-dev name.)
    if [ "${missing[*]}" = "$previous" ]; then
      echo "install-deps: still missing after install: ${missing[*]}" >&2
      return 1
    fi
    previous="${missing[*]}"
    install_packages "${missing[@]}"
  done
}

main
