# shellcheck shell=bash
# sfcc and MPI compiler wrappers, both ways round: SFCC_CC=mpicc sfcc
# (sfcc outside, mpicc's flags inside) and OMPI_CC=sfcc mpicc (OpenMPI's
# wrapper outside).  Each builds an annotated MPI program, which runs on
# 2 ranks and compares its annotated loop with a plain copy.
# shellcheck source=tools/tests/lib.sh
. "$(dirname "$0")/lib.sh"
sfcc=$BUILD/sfcc
t=$sf_test_tmp

if ! command -v mpicc > /dev/null || ! command -v mpirun > /dev/null; then
  unsupported "sfcc with mpicc (OpenMPI not installed; make check installs it)"
  sf_test_done
  exit
fi
if [ ! -f "$BUILD/sparsefuse.so" ] || [ ! -f "$BUILD/libsparsefuse.a" ]; then
  unsupported "sfcc with mpicc (the plugin or libsparsefuse is not built)"
  sf_test_done
  exit
fi
# mpicc runs the gcc the plugin was built for (OpenMPI's default is gcc).
export OMPI_CC=${CC:-gcc}
mpirun_flags=(--oversubscribe -np 2)
[ "$(id -u)" -eq 0 ] && mpirun_flags+=(--allow-run-as-root)

expect_ok "SFCC_CC=mpicc sfcc --version" env SFCC_CC=mpicc "$sfcc" --version &&
  expect_grep "--version names the wrapper and the gcc it runs" '^compiler: mpicc \([0-9]+\.[0-9]+\.[0-9]+\)$' "$sf_out"

# Every rank scales its own block of a vector; rank 0 checks the sum.
cat > "$t/axpy.c" <<'SRC'
#include <mpi.h>
#include <stdio.h>
#include "sparsefuse.h"
enum { N = 1000 };
int main (int argc, char **argv)
{
  int rank, size, bad = 0;
  double x[N], y[N], z[N];
  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  for (int i = 0; i < N; i++)
    x[i] = rank * N + i, y[i] = z[i] = 1;
#pragma tensor y(i) += 3 * x(i)
  for (int i = 0; i < N; i++)
    y[i] += 3 * x[i];
  for (int i = 0; i < N; i++)
    z[i] += 3 * x[i];
  for (int i = 0; i < N; i++)
    bad |= y[i] != z[i];
  double s = 0, total;
  for (int i = 0; i < N; i++)
    s += y[i];
  MPI_Reduce (&s, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Allreduce (MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
#ifdef __SPARSEFUSE__
  const char *how = "plugin";
#else
  const char *how = "no plugin";
#endif
  if (rank == 0)
    printf ("%s %d ranks %s sum %.0f\n", how, size, bad ? "DIFFER" : "agree", total);
  MPI_Finalize ();
  return bad;
}
SRC
# 2 ranks: sum of 1 + 3 * x over x = 0 .. 1999.
want='^plugin 2 ranks agree sum 5999000$'

expect_ok "SFCC_CC=mpicc sfcc compiles and links an MPI program" \
  env SFCC_CC=mpicc "$sfcc" -O2 "$t/axpy.c" -o "$t/axpy1" &&
  expect_ok "the SFCC_CC=mpicc build runs on 2 ranks" mpirun "${mpirun_flags[@]}" "$t/axpy1" &&
  expect_grep "SFCC_CC=mpicc: the plugin's loop agrees on both ranks" "$want" "$sf_out"

expect_ok "OMPI_CC=sfcc mpicc compiles and links the same program" \
  env OMPI_CC="$sfcc" mpicc -O2 "$t/axpy.c" -o "$t/axpy2" &&
  expect_ok "the OMPI_CC=sfcc build runs on 2 ranks" mpirun "${mpirun_flags[@]}" "$t/axpy2" &&
  expect_grep "OMPI_CC=sfcc: the plugin's loop agrees on both ranks" "$want" "$sf_out"

# A wrapper around another gcc version is refused by name.
cat > "$t/mpicc" <<'STUB'
#!/bin/sh
if [ "$1" = -dumpfullversion ]; then echo 11.4.0; exit 0; fi
exit 0
STUB
chmod +x "$t/mpicc"
expect_fail "a wrapper around another gcc is refused" env SFCC_CC="$t/mpicc" "$sfcc" -c "$t/axpy.c"
expect_grep "the refusal names the wrapper and both versions" \
  "^sfcc: error: '$t/mpicc' is gcc 11\.4\.0, but the sparsefuse plugin was built for gcc " "$sf_out"

sf_test_done
