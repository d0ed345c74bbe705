# bench/: benchmarks, run by hand (not part of `make check`).
#
#   make bench-readers    R-MAT matrix of ~10M nonzeros as .mtx in
#                         $(BUILD)/bench/, then sf_read_mtx timed: MB/s and
#                         nonzeros/s (median of 5 after a warm-up)
BENCH_DIR := $(BUILD)/bench

$(BENCH_DIR)/readers: bench/readers.c runtime/sparsefuse.h $(BUILD)/libsparsefuse.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iruntime bench/readers.c $(BUILD)/libsparsefuse.a -lm -o $@

.PHONY: bench-readers
bench-readers: $(BENCH_DIR)/readers
	$(BENCH_DIR)/readers $(BENCH_DIR)

# make bench-sddmm: SDDMM annotated vs its unannotated copy in one binary
# (bench/sddmm.c), built with the plugin at -O3 -march=native -fopenmp,
# run with 1 and 2 threads on real matrices and an R-MAT graph.
$(BENCH_DIR)/sddmm: bench/sddmm.c runtime/sparsefuse.h $(BUILD)/libsparsefuse.a $(BUILD)/sparsefuse.so
	@mkdir -p $(dir $@)
	$(CC) -O3 -march=native -fopenmp -fplugin=$(abspath $(BUILD)/sparsefuse.so) \
	  -Iruntime bench/sddmm.c $(BUILD)/libsparsefuse.a -lm -o $@

SDDMM_INPUTS ?= $(wildcard $(DATA)/matrices/bcsstk13.mtx $(DATA)/matrices/pushpull.mtx) rmat:16

.PHONY: bench-sddmm
bench-sddmm: $(BENCH_DIR)/sddmm
	@for t in 1 2; do for m in $(SDDMM_INPUTS); do \
	  echo "--- OMP_NUM_THREADS=$$t"; \
	  OMP_NUM_THREADS=$$t $(BENCH_DIR)/sddmm $$m 64 9 || exit 1; \
	done; done
