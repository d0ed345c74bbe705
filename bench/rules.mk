# bench/: benchmarks, run by hand (not part of `make check`).
#
#   make bench-quick      every kernel, every variant, small inputs, 1 and 2
#                         threads (< 5 minutes): docs/perf/quick.{md,csv,*.png}
#   make bench            the same on the real data and on out-of-cache
#                         generated inputs (R-MAT 2^17 and 2^20, power-law
#                         tensors of 2M and 20M nonzeros): docs/perf/full.*
#   make bench-readers    R-MAT matrix of ~10M nonzeros as .mtx in
#                         $(BUILD)/bench/, then sf_read_mtx timed: MB/s and
#                         nonzeros/s (median of 5 after a warm-up)
#   make bench-sddmm      SDDMM annotated vs its unannotated copy (below)
#   make bench-candidates auto against every schedule the auto-scheduler
#                         enumerates, each compiled alone (candidates.sh):
#                         docs/perf/candidates.{md,csv}
#   make bench-bars       the fused schedules' bars on their inputs and
#                         extents (bars.sh): docs/perf/bars.md
#   make bench-harm       "do no harm": each tidy loop of bench/harm/
#                         compiled by gcc alone against the same file
#                         compiled with the plugin, 1 and 2 threads
#                         (harm.sh, < 12 minutes): docs/perf/harm.{md,csv,png}
#
# bench-quick and bench first install the benchmarks' Debian packages
# (tools/install-deps.sh --bench; SKIP_DEPS=1 skips that).  See
# bench/README.md for what is measured and how.
BENCH_DIR := $(BUILD)/bench
# -falign-loops=32: every variant's loops start on a 32-byte boundary, so
# that identical code measures the same wherever the linker places it
# (bench/README.md, "Loop placement").
BENCH_CFLAGS := -std=gnu11 -O3 -march=native -falign-loops=32 -fopenmp \
		-Wall -Iruntime -Ibench/kernels -Ibench
BENCH_PLUGIN := $(abspath $(BUILD)/sparsefuse.so)
BENCH_SCHEDULES := naive unfused auto
BENCH_KERNELS := $(basename $(notdir $(wildcard bench/kernels/*.c)))
BENCH_HEADERS := bench/kernels/kernels.h bench/bench.h runtime/sparsefuse.h
BENCH_PARTS := driver inputs hand graphblas cases_matrix cases_tensor
BENCH_UNTIDY_KERNELS := $(basename $(notdir $(shell grep -l BENCH_UNTIDY bench/kernels/*.c)))
BENCH_OBJS := $(BENCH_PARTS:%=$(BENCH_DIR)/obj/%.o) \
	      $(foreach v,plain $(BENCH_SCHEDULES),$(BENCH_KERNELS:%=$(BENCH_DIR)/kobj/%-$(v).o)) \
	      $(BENCH_UNTIDY_KERNELS:%=$(BENCH_DIR)/kobj/%-untidy.o)

$(BENCH_DIR)/readers: bench/readers.c runtime/sparsefuse.h $(BUILD)/libsparsefuse.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iruntime bench/readers.c $(BUILD)/libsparsefuse.a -lm -o $@

.PHONY: bench-readers bench-sddmm bench bench-quick bench-deps bench-candidates bench-bars
bench-readers: $(BENCH_DIR)/readers
	$(BENCH_DIR)/readers $(BENCH_DIR)

# The driver's own parts.
$(BENCH_DIR)/obj/%.o: bench/%.c $(BENCH_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -c $< -o $@

# Each kernel file four times: the loop (no plugin), and with
# the plugin under each schedule; the plugin's report goes to NAME-V.log.
$(BENCH_DIR)/kobj/%-plain.o: bench/kernels/%.c $(BENCH_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Wno-unknown-pragmas -DVARIANT=plain -c $< -o $@

# The second baseline, for the files that have one (#ifdef BENCH_UNTIDY).
$(BENCH_DIR)/kobj/%-untidy.o: bench/kernels/%.c $(BENCH_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) -Wno-unknown-pragmas -DBENCH_UNTIDY -DVARIANT=untidy -c $< -o $@

define bench_schedule_rule
$(BENCH_DIR)/kobj/%-$(1).o: bench/kernels/%.c $(BENCH_HEADERS) $(BUILD)/sparsefuse.so
	@mkdir -p $$(@D)
	$(CC) $(BENCH_CFLAGS) -fplugin=$(BENCH_PLUGIN) \
	  -fplugin-arg-sparsefuse-schedule=$(1) -fplugin-arg-sparsefuse-report \
	  -DVARIANT=$(1) -c $$< -o $$@ 2> $$(@:.o=.log) || { cat $$(@:.o=.log); exit 1; }
endef
$(foreach s,$(BENCH_SCHEDULES),$(eval $(call bench_schedule_rule,$(s))))

# -u: the generated code's weak references to the run-time choice's
# helpers do not pull them from the static library by themselves
# (docs/scheduling.md); with them, SPARSEFUSE_SHOW_PICK and
# SPARSEFUSE_LLC_BYTES work in the driver.
$(BENCH_DIR)/driver: $(BENCH_OBJS) $(BUILD)/libsparsefuse.a
	$(CC) -fopenmp -o $@ $(BENCH_OBJS) -Wl,-u,sf_gen_show_pick \
	  -Wl,-u,sf_gen_llc_bytes -rdynamic $(BUILD)/libsparsefuse.a -lgraphblas \
	  -ldl -lm

$(BENCH_DIR)/stream: bench/stream.c
	@mkdir -p $(@D)
	$(CC) -O3 -march=native -fopenmp -Wall -o $@ $<

bench-deps:
ifeq ($(SKIP_DEPS),1)
	@echo "deps: skipped (SKIP_DEPS=1)"
else
	@CC='$(CC)' tools/install-deps.sh --bench
endif

# Each candidate of every kernel compiled alone and measured beside auto.
bench-candidates: bench-deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(BENCH_DIR)/driver
	@CC='$(CC)' BENCH_CFLAGS='$(BENCH_CFLAGS)' BENCH_PLUGIN='$(BENCH_PLUGIN)' \
	  DATA='$(DATA)' bench/candidates.sh $(BENCH_DIR) docs/perf

# The fused schedules' bars on their own inputs and extents
# (bench/bars.sh): docs/perf/bars.md.
bench-bars: bench-deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(BENCH_DIR)/driver
	@DATA='$(DATA)' bench/bars.sh $(BENCH_DIR) docs/perf/bars.md

# bench/run.sh does the measuring; bench/report.py writes docs/perf/.
bench-quick bench: bench-deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(BENCH_DIR)/driver $(BENCH_DIR)/stream
	@CC='$(CC)' BENCH_CFLAGS='$(BENCH_CFLAGS)' BENCH_PLUGIN='$(BENCH_PLUGIN)' \
	  DATA='$(DATA)' bench/run.sh $(if $(filter bench,$@),full,quick) \
	  $(BENCH_DIR) docs/perf

# make bench-sddmm: SDDMM annotated vs its unannotated copy in one binary
# (bench/sddmm.c), built with the plugin at -O3 -march=native -fopenmp,
# run with 1 and 2 threads on real matrices and an R-MAT graph.
$(BENCH_DIR)/sddmm: bench/sddmm.c runtime/sparsefuse.h $(BUILD)/libsparsefuse.a $(BUILD)/sparsefuse.so
	@mkdir -p $(dir $@)
	$(CC) -O3 -march=native -fopenmp -fplugin=$(abspath $(BUILD)/sparsefuse.so) \
	  -Iruntime bench/sddmm.c $(BUILD)/libsparsefuse.a -lm -o $@

SDDMM_INPUTS ?= $(wildcard $(DATA)/matrices/bcsstk13.mtx $(DATA)/matrices/pushpull.mtx) rmat:16

bench-sddmm: $(BENCH_DIR)/sddmm
	@for t in 1 2; do for m in $(SDDMM_INPUTS); do \
	  echo "--- OMP_NUM_THREADS=$$t"; \
	  OMP_NUM_THREADS=$$t $(BENCH_DIR)/sddmm $$m 64 9 || exit 1; \
	done; done

# make bench-legacy: the NPB-style CG solver (testsuite/programs/cg.c)
# with and without the plugin on a matrix larger than the caches, at 1
# and 2 threads (bench/legacy.sh; LEGACY_ARGS="N NONZER NITER ROUNDS").
LEGACY_ARGS ?=
.PHONY: bench-legacy
bench-legacy: $(BUILD)/sfcc $(BUILD)/sparsefuse.so
	@CC=$(CC) bench/legacy.sh $(BUILD) $(LEGACY_ARGS)

# make bench-compile: the compile time the plugin adds to every annotated
# file of the repository, per region, at -O2, -O3 and -O3 -march=native
# (bench/compile_time.py; COMPILE_REPS runs each, the median of the CPU
# times); writes $(BENCH_DIR)/compile-time.{csv,md}.  docs/perf/
# compile-time.md holds the figures measured and what they led to.
COMPILE_REPS ?= 3
.PHONY: bench-compile
bench-compile: $(BUILD)/sparsefuse.so
	@mkdir -p $(BENCH_DIR)
	python3 bench/compile_time.py --cc $(CC) --plugin $(BUILD)/sparsefuse.so \
	  --reps $(COMPILE_REPS) "--levels=-O2,-O3,-O3 -march=native" \
	  --csv $(BENCH_DIR)/compile-time.csv --md $(BENCH_DIR)/compile-time.md

# make bench-harm: "do no harm" (SPEC.md 4).  Each bench/harm/NAME.c, a
# tidy loop, compiled twice: by gcc alone (NAME-loop.o) and with the
# plugin (NAME-plugin.o, its report in NAME.log, which tells the driver
# which regions were kept); both link into one driver
# (bench/harm_driver.c).  bench/harm.sh runs it on every input and STREAM
# beside it; bench/harm_report.py writes docs/perf/harm.{md,csv,png}.
# HARM_WAIT_POLICY, when set, is the OMP_WAIT_POLICY of the run; by
# default it is left unset, libgomp's spin-then-sleep (bench/README.md,
# "Do no harm", says why).
HARM_DIR := $(BENCH_DIR)/harm
HARM_KERNELS := $(basename $(notdir $(wildcard bench/harm/*.c)))
HARM_HEADERS := bench/harm/harm.h bench/harm_driver.h runtime/sparsefuse.h
# Loops on 64-byte lines and no branch across a 32-byte line: on this
# Intel core, with loops on 32 bytes only, the order in which the driver's
# objects were linked moved a ratio from 1.0 to 0.73 with the same
# objects (bench/README.md, "Do no harm").
HARM_CFLAGS := $(filter-out -falign-loops=32,$(BENCH_CFLAGS)) \
	       -falign-loops=64 -Wa,-mbranches-within-32B-boundaries -Ibench/harm
HARM_PARTS := harm_driver harm_inputs harm_cases
HARM_OBJS := $(HARM_PARTS:%=$(HARM_DIR)/obj/%.o) \
	     $(foreach v,loop plugin,$(HARM_KERNELS:%=$(HARM_DIR)/k/%-$(v).o))
HARM_WAIT_POLICY ?=

$(HARM_DIR)/obj/%.o: bench/%.c $(HARM_HEADERS)
	@mkdir -p $(@D)
	$(CC) $(HARM_CFLAGS) -c $< -o $@

$(HARM_DIR)/k/%-loop.o: bench/harm/%.c bench/harm/harm.h bench/rules.mk
	@mkdir -p $(@D)
	$(CC) $(HARM_CFLAGS) -Wno-unknown-pragmas -DVARIANT=loop -c $< -o $@

$(HARM_DIR)/k/%-plugin.o: bench/harm/%.c bench/harm/harm.h bench/rules.mk $(BUILD)/sparsefuse.so
	@mkdir -p $(@D)
	$(CC) $(HARM_CFLAGS) -fplugin=$(BENCH_PLUGIN) -fplugin-arg-sparsefuse-report \
	  -DVARIANT=plugin -c $< -o $@ 2> $(@:-plugin.o=.log) \
	  || { cat $(@:-plugin.o=.log); exit 1; }

# -u: as for the bench driver, the run-time choice's helpers linked in.
$(HARM_DIR)/driver: $(HARM_OBJS) $(BUILD)/libsparsefuse.a
	$(CC) -fopenmp -o $@ $(HARM_OBJS) -Wl,-u,sf_gen_show_pick \
	  -Wl,-u,sf_gen_llc_bytes $(BUILD)/libsparsefuse.a -lm

.PHONY: bench-harm
bench-harm: bench-deps
	@$(MAKE) --no-print-directory all
	@$(MAKE) --no-print-directory $(HARM_DIR)/driver $(BENCH_DIR)/stream
	@CC='$(CC)' HARM_CFLAGS='$(HARM_CFLAGS)' DATA='$(DATA)' \
	  $(if $(HARM_WAIT_POLICY),OMP_WAIT_POLICY='$(HARM_WAIT_POLICY)') \
	  bench/harm.sh $(HARM_DIR) $(BENCH_DIR)/stream docs/perf
