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
