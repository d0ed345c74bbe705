# examples/: `make demo` builds examples/demo twice over (the kernels by
# plain gcc and by sfcc with the plugin) and runs it on a real matrix.
#
#   make demo                          bcsstk13 from $(DATA), K = L = 64
#   make demo DEMO_MATRIX=path.mtx DEMO_K=64
#   make demo DATA=/nowhere            a generated R-MAT graph instead
#
# check-demo (in CHECK_TARGETS) runs the same program on a small R-MAT
# graph and checks that both variants agree.

DEMO_DIR := $(BUILD)/demo
DEMO_MATRIX ?= $(DATA)/matrices/bcsstk13.mtx
DEMO_RMAT_SCALE ?= 12
DEMO_K ?= 64
DEMO_REPS ?= 5
DEMO_CFLAGS := -std=gnu11 -O3 -fopenmp -Wall -Iruntime -Iexamples/demo
DEMO_DEPS := examples/demo/demo.h runtime/sparsefuse.h

.PHONY: demo check-demo

$(DEMO_DIR)/kernels-plain.o: examples/demo/kernels.c $(DEMO_DEPS)
	@mkdir -p $(DEMO_DIR)
	$(CC) $(DEMO_CFLAGS) -Wno-unknown-pragmas -DVARIANT=plain -c $< -o $@

# The plugin's report (one note per region) is kept next to the object.
$(DEMO_DIR)/kernels-sparsefuse.o: examples/demo/kernels.c $(DEMO_DEPS) \
				  $(BUILD)/sfcc $(BUILD)/sparsefuse.so
	@mkdir -p $(DEMO_DIR)
	$(BUILD)/sfcc $(DEMO_CFLAGS) -DVARIANT=sparsefuse \
	  -fplugin-arg-sparsefuse-report -c $< -o $@ 2> $(DEMO_DIR)/report.txt \
	  || { cat $(DEMO_DIR)/report.txt; exit 1; }

$(DEMO_DIR)/driver.o: examples/demo/driver.c $(DEMO_DEPS)
	@mkdir -p $(DEMO_DIR)
	$(CC) $(DEMO_CFLAGS) -c $< -o $@

$(DEMO_DIR)/demo: $(DEMO_DIR)/driver.o $(DEMO_DIR)/kernels-plain.o \
		  $(DEMO_DIR)/kernels-sparsefuse.o $(BUILD)/libsparsefuse.a
	$(CC) -fopenmp -o $@ $(filter %.o,$^) $(BUILD)/libsparsefuse.a -lm

# The matrix argument: the data folder's file, or a generated graph.
demo_input = $(if $(wildcard $(DEMO_MATRIX)),$(DEMO_MATRIX),--rmat $(DEMO_RMAT_SCALE))

demo: deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(DEMO_DIR)/demo
	@echo
	@echo "=== sparsefuse demo"
	@test -f $(DEMO_MATRIX) || \
	  echo "note: $(DEMO_MATRIX) not found; using a generated R-MAT graph (2^$(DEMO_RMAT_SCALE) rows)"
	@echo "plugin:    loaded from $(abspath $(BUILD)/sparsefuse.so); its report on examples/demo/kernels.c:"
	@grep -E 'note:|warning:|sparsefuse' $(DEMO_DIR)/report.txt | sed 's|^$(CURDIR)/||; s/^/  /' || \
	  echo "  (no report lines: the plugin replaced nothing)"
	$(DEMO_DIR)/demo $(demo_input) $(DEMO_K) $(DEMO_REPS)

CHECK_TARGETS += check-demo
check-demo: | $(BUILD)/logs
	@{ if $(MAKE) --no-print-directory $(DEMO_DIR)/demo > $(DEMO_DIR).build.log 2>&1; then \
	     echo "PASS: demo: builds (plain gcc and sfcc)"; \
	     if $(DEMO_DIR)/demo --rmat 9 8 1 > $(DEMO_DIR)/check.out 2>&1; then \
	       echo "PASS: demo: both variants agree on an R-MAT graph"; \
	     else echo "FAIL: demo: the variants disagree or the run failed"; fi; \
	     sed 's/^/    | /' $(DEMO_DIR)/check.out; \
	     if grep -Eq 'note:|sparsefuse' $(DEMO_DIR)/report.txt; then \
	       echo "PASS: demo: the plugin reports on the kernels"; \
	     else echo "FAIL: demo: no report from -fplugin-arg-sparsefuse-report"; fi; \
	   else \
	     echo "FAIL: demo: does not build"; sed 's/^/    | /' $(DEMO_DIR).build.log | tail -30; \
	   fi; } > $(BUILD)/logs/demo.log 2>&1
	@grep -E '^(PASS|FAIL):' $(BUILD)/logs/demo.log; ! grep -q '^FAIL:' $(BUILD)/logs/demo.log

# ---------------------------------------------------------------------
# examples/fortran: a Fortran program calling annotated C kernels on its
# own 1-based CSR and column-major arrays (see examples/README.md).
#
#   make example-fortran                 bcsstk13, K = 32, with timings
#   make example-fortran FORTRAN_ARGS="--grid 200 16 9"
#
# check-fortran builds it with the kernels compiled by sfcc and, once
# more, by plain gcc, and runs both; gfortran comes from the install step.

FORTRAN_DIR := $(BUILD)/fortran
SF_FC := gfortran
FORTRAN_FFLAGS := -O3 -fopenmp -Wall -J$(FORTRAN_DIR)
FORTRAN_CFLAGS := -std=gnu11 -O3 -fopenmp -Wall
FORTRAN_MATRIX ?= $(DATA)/matrices/bcsstk13.mtx
FORTRAN_ARGS ?= $(if $(wildcard $(FORTRAN_MATRIX)),$(FORTRAN_MATRIX),--grid 64) 32 9
FORTRAN_MODS := $(FORTRAN_DIR)/csr_io.o $(FORTRAN_DIR)/sf_kernels.o

.PHONY: example-fortran check-fortran

# The modules first: main.f90 reads their .mod files from $(FORTRAN_DIR).
$(FORTRAN_DIR)/csr_io.o $(FORTRAN_DIR)/sf_kernels.o: $(FORTRAN_DIR)/%.o: examples/fortran/%.f90
	@mkdir -p $(FORTRAN_DIR)
	$(SF_FC) $(FORTRAN_FFLAGS) -c $< -o $@

$(FORTRAN_DIR)/main.o: examples/fortran/main.f90 $(FORTRAN_MODS)
	$(SF_FC) $(FORTRAN_FFLAGS) -c $< -o $@

$(FORTRAN_DIR)/kernels-sparsefuse.o: examples/fortran/kernels.c $(BUILD)/sfcc $(BUILD)/sparsefuse.so
	@mkdir -p $(FORTRAN_DIR)
	$(BUILD)/sfcc $(FORTRAN_CFLAGS) -fplugin-arg-sparsefuse-report -c $< -o $@ \
	  2> $(FORTRAN_DIR)/report.txt || { cat $(FORTRAN_DIR)/report.txt; exit 1; }

$(FORTRAN_DIR)/kernels-plain.o: examples/fortran/kernels.c
	@mkdir -p $(FORTRAN_DIR)
	$(CC) $(FORTRAN_CFLAGS) -Wno-unknown-pragmas -c $< -o $@

# main: the kernels compiled with the plugin; main-plain: the loops as
# written.  The plugin's code needs no library (only libgomp).
$(FORTRAN_DIR)/main: $(FORTRAN_DIR)/main.o $(FORTRAN_MODS) $(FORTRAN_DIR)/kernels-sparsefuse.o
	$(SF_FC) -fopenmp -o $@ $^
$(FORTRAN_DIR)/main-plain: $(FORTRAN_DIR)/main.o $(FORTRAN_MODS) $(FORTRAN_DIR)/kernels-plain.o
	$(SF_FC) -fopenmp -o $@ $^

example-fortran: all
	@$(MAKE) --no-print-directory $(FORTRAN_DIR)/main
	@sed -n 's|^$(CURDIR)/||; /note:/p' $(FORTRAN_DIR)/report.txt
	$(FORTRAN_DIR)/main $(FORTRAN_ARGS)

CHECK_TARGETS += check-fortran
check-fortran: | $(BUILD)/logs
	@MAKE='$(MAKE)' BUILD='$(BUILD)' DATA='$(DATA)' SF_FC='$(SF_FC)' \
	  examples/fortran/check.sh > $(BUILD)/logs/fortran.log 2>&1; \
	  status=$$?; grep -E '^(PASS|FAIL|UNSUPPORTED):' $(BUILD)/logs/fortran.log; exit $$status

# ---------------------------------------------------------------------
# examples/mpi: SpMM and the GNN layer on a matrix distributed by rows
# over MPI ranks, the kernels compiled by sfcc around mpicc
# (SFCC_CC=mpicc; see docs/mpi.md).
#
#   make example-mpi                     2 ranks, bcsstk13, K = 32
#   make example-mpi MPI_NP=2 MPI_ARGS="--rmat 14 32 9" OMP_NUM_THREADS=1
#
# check-mpi runs it on 1 and 2 ranks and compares each gathered result
# with a single-process run of the loops as written.

MPI_DIR := $(BUILD)/mpi
MPICC := mpicc
MPIRUN := mpirun
MPI_NP ?= 2
MPI_CFLAGS := -std=gnu11 -O3 -fopenmp -Wall -Wextra -Iruntime -Iexamples/mpi
MPI_MATRIX ?= $(DATA)/matrices/bcsstk13.mtx
MPI_ARGS ?= $(if $(wildcard $(MPI_MATRIX)),$(MPI_MATRIX),--rmat 12) 32 9
MPI_DEPS := examples/mpi/halo.h examples/mpi/kernels.h runtime/sparsefuse.h
# The wrappers run CC, the gcc of this build's plugin (OpenMPI's mpicc
# reads OMPI_CC, MPICH's MPICH_CC; both default to gcc).
$(MPI_DIR)/%: export OMPI_CC = $(CC)
$(MPI_DIR)/%: export MPICH_CC = $(CC)
# mpirun refuses to run as root unless told; CI runs as root.
MPIRUN_FLAGS := --oversubscribe $(if $(filter 0,$(shell id -u)),--allow-run-as-root)

.PHONY: example-mpi check-mpi

$(MPI_DIR)/kernels-sparsefuse.o: examples/mpi/kernels.c $(MPI_DEPS) $(BUILD)/sfcc $(BUILD)/sparsefuse.so
	@mkdir -p $(MPI_DIR)
	SFCC_CC=$(MPICC) $(BUILD)/sfcc $(MPI_CFLAGS) -DVARIANT=sparsefuse \
	  -fplugin-arg-sparsefuse-report -c $< -o $@ 2> $(MPI_DIR)/report.txt \
	  || { cat $(MPI_DIR)/report.txt; exit 1; }

$(MPI_DIR)/kernels-plain.o: examples/mpi/kernels.c $(MPI_DEPS)
	@mkdir -p $(MPI_DIR)
	$(MPICC) $(MPI_CFLAGS) -Wno-unknown-pragmas -DVARIANT=plain -c $< -o $@

$(MPI_DIR)/%.o: examples/mpi/%.c $(MPI_DEPS)
	@mkdir -p $(MPI_DIR)
	$(MPICC) $(MPI_CFLAGS) -c $< -o $@

$(MPI_DIR)/sfmpi: $(MPI_DIR)/main.o $(MPI_DIR)/halo.o $(MPI_DIR)/kernels-sparsefuse.o \
		  $(MPI_DIR)/kernels-plain.o $(BUILD)/libsparsefuse.a
	$(MPICC) -fopenmp -o $@ $(filter %.o,$^) $(BUILD)/libsparsefuse.a -lm

example-mpi: all
	@$(MAKE) --no-print-directory $(MPI_DIR)/sfmpi
	@sed -n 's|^$(CURDIR)/||; /note:/p' $(MPI_DIR)/report.txt
	$(MPIRUN) $(MPIRUN_FLAGS) -np $(MPI_NP) $(MPI_DIR)/sfmpi $(MPI_ARGS)

CHECK_TARGETS += check-mpi
check-mpi: | $(BUILD)/logs
	@MAKE='$(MAKE)' BUILD='$(BUILD)' DATA='$(DATA)' MPICC='$(MPICC)' \
	  MPIRUN='$(MPIRUN) $(MPIRUN_FLAGS)' \
	  examples/mpi/check.sh > $(BUILD)/logs/mpi.log 2>&1; \
	  status=$$?; grep -E '^(PASS|FAIL|UNSUPPORTED):' $(BUILD)/logs/mpi.log; exit $$status

# make bench-mpi: build/mpi/sfmpi on 1 and 2 ranks x 1 and 2 threads, on
# bcsstk13 and an R-MAT graph of 2^16 rows; docs/perf/mpi.md.  The
# results are verified by each run before its times are kept.
BENCH_MPI_INPUTS ?= $(wildcard $(DATA)/matrices/bcsstk13.mtx) rmat:16
.PHONY: bench-mpi
bench-mpi: all
	@$(MAKE) --no-print-directory $(MPI_DIR)/sfmpi
	MPIRUN='$(MPIRUN) $(MPIRUN_FLAGS)' bench/mpi.sh $(MPI_DIR)/sfmpi docs/perf/mpi.md $(BENCH_MPI_INPUTS)
	@cat docs/perf/mpi.md
