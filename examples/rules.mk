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
