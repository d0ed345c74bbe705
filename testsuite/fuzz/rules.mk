# testsuite/fuzz/: the fuzzers of tools/fuzz/ (see docs/reliability.md).
#
#   make check-fuzz               the smoke run of `make check`, fixed seeds:
#                                 FUZZ_CHECK_N differential cases, every
#                                 configuration; FUZZ_CHECK_HOSTILE mutated
#                                 pragmas; the open reproducers of
#                                 testsuite/fuzz/open/ (XFAIL while their bug
#                                 is there); FUZZ_CHECK_LIE lying
#                                 annotations (their missed mismatches
#                                 XFAIL while the plugin has no annotation
#                                 checker) and tools/fuzz/test_lie.py.
#                                 PASS:/FAIL: lines go to
#                                 $(BUILD)/logs/fuzz.log.
#   make fuzz N=2000 SEED=7       a differential run (JOBS=2: two batches at
#                                 once); the last line is
#                                 "fuzz: tried T, passed P, failed F";
#                                 failing cases in $(BUILD)/fuzz/run/fails/
#   make fuzz-hostile N=500 SEED=1    mutated pragmas; corpus and failures
#                                 in $(BUILD)/fuzz/hostile/
#   make fuzz-lie N=200 SEED=1    lying annotations (fuzz.py run --lie):
#                                 counts per kind of mutation, the last
#                                 line "lie: tried T, caught C, ...";
#                                 status 1 on a missed mismatch or a false
#                                 alarm; failures in $(BUILD)/fuzz/lie/lie-fails/
#   make fuzz-readers             libFuzzer (clang) on sf_read_mtx and
#                                 sf_read_tns, FUZZ_SECONDS (600) each,
#                                 seeded from $(DATA); corpora kept in
#                                 $(BUILD)/fuzz/readers/, findings there as
#                                 crash-* files

PYTHON ?= python3
FUZZ_TOOL := tools/fuzz/fuzz.py
FUZZ_SRCS := $(wildcard tools/fuzz/*.py tools/fuzz/*.h)
FUZZ_CHECK_N ?= 160
FUZZ_CHECK_SEED ?= 20261122
FUZZ_CHECK_HOSTILE ?= 60
FUZZ_CHECK_LIE ?= 20
FUZZ_CHECK_DIR := $(BUILD)/fuzz/check
N ?= 1000
SEED ?= 1
JOBS ?= 1
FUZZ_SECONDS ?= 600
FUZZ_CLANG ?= clang-14
FUZZ_READERS_DIR := $(BUILD)/fuzz/readers
# The fuzzers compile with CC and this build's plugin and library.
FUZZ_COMPILER = --cc '$(CC)' --build $(abspath $(BUILD))
FUZZ_READER_FLAGS := -g -O1 -fsanitize=fuzzer,address,undefined \
		     -Iruntime -Icore
FUZZ_UBSAN_OPTIONS := halt_on_error=1:print_stacktrace=1

CHECK_TARGETS += check-fuzz

.PHONY: check-fuzz fuzz fuzz-hostile fuzz-lie fuzz-readers

# One line per batch of cases or mutants (PASS) or per failing one (FAIL);
# a fuzzer that stops abnormally (status other than 0 or 1) is a FAIL.
check-fuzz: $(SF_PLUGIN) $(SF_LIBS) $(FUZZ_SRCS) | $(BUILD)/logs
	@rm -rf $(FUZZ_CHECK_DIR) && mkdir -p $(FUZZ_CHECK_DIR)
	@{ $(PYTHON) $(FUZZ_TOOL) $(FUZZ_COMPILER) --no-snapshot --work $(FUZZ_CHECK_DIR) \
	     run -n $(FUZZ_CHECK_N) --seed $(FUZZ_CHECK_SEED) --batch 20 -j 2 \
	     --results $(FUZZ_CHECK_DIR)/diff.txt > $(FUZZ_CHECK_DIR)/diff.out \
	     2>&1; status=$$?; \
	   cat $(FUZZ_CHECK_DIR)/diff.txt 2>/dev/null; \
	   [ $$status -le 1 ] || echo "FAIL: fuzz/differential: the fuzzer" \
	     "exited with status $$status (see $(FUZZ_CHECK_DIR)/diff.out)"; \
	   grep '^fuzz: ' $(FUZZ_CHECK_DIR)/diff.out | grep -v 'kept  *[0-9]'; \
	   $(PYTHON) tools/fuzz/hostile.py $(FUZZ_COMPILER) --no-snapshot \
	     --work $(FUZZ_CHECK_DIR)/hostile run -n $(FUZZ_CHECK_HOSTILE) \
	     --seed $(FUZZ_CHECK_SEED) --results $(FUZZ_CHECK_DIR)/hostile.txt \
	     > $(FUZZ_CHECK_DIR)/hostile.out 2>&1; status=$$?; \
	   cat $(FUZZ_CHECK_DIR)/hostile.txt 2>/dev/null; \
	   [ $$status -le 1 ] || echo "FAIL: fuzz/hostile: the mutator" \
	     "exited with status $$status (see $(FUZZ_CHECK_DIR)/hostile.out)"; \
	   tail -n 1 $(FUZZ_CHECK_DIR)/hostile.out; \
	   $(PYTHON) $(FUZZ_TOOL) $(FUZZ_COMPILER) --no-snapshot --work $(FUZZ_CHECK_DIR) open \
	     || true; \
	   CC='$(CC)' $(PYTHON) tools/fuzz/test_oracle.py || true; \
	   $(PYTHON) $(FUZZ_TOOL) $(FUZZ_COMPILER) --no-snapshot \
	     --work $(FUZZ_CHECK_DIR)/lie run --lie -n $(FUZZ_CHECK_LIE) \
	     --seed $(FUZZ_CHECK_SEED) --batch 20 --xfail \
	     --results $(FUZZ_CHECK_DIR)/lie.txt > $(FUZZ_CHECK_DIR)/lie.out \
	     2>&1; status=$$?; \
	   cat $(FUZZ_CHECK_DIR)/lie.txt 2>/dev/null; \
	   [ $$status -le 1 ] || echo "FAIL: fuzz/lie: the lying mode" \
	     "exited with status $$status (see $(FUZZ_CHECK_DIR)/lie.out)"; \
	   tail -n 1 $(FUZZ_CHECK_DIR)/lie.out; \
	   CC='$(CC)' $(PYTHON) tools/fuzz/test_lie.py || true; \
	 } 2>&1 | tee $(BUILD)/logs/fuzz.log

fuzz: $(SF_PLUGIN) $(SF_LIBS)
	$(PYTHON) $(FUZZ_TOOL) $(FUZZ_COMPILER) --work $(BUILD)/fuzz/run run -n $(N) \
	  --seed $(SEED) -j $(JOBS) --minimize 3 \
	  --log $(BUILD)/fuzz/run/log.txt

fuzz-hostile: $(SF_PLUGIN) $(SF_LIBS)
	$(PYTHON) tools/fuzz/hostile.py $(FUZZ_COMPILER) --work $(BUILD)/fuzz/hostile run \
	  -n $(N) --seed $(SEED)

fuzz-lie: $(SF_PLUGIN) $(SF_LIBS)
	$(PYTHON) $(FUZZ_TOOL) $(FUZZ_COMPILER) --work $(BUILD)/fuzz/lie run --lie \
	  -n $(N) --seed $(SEED) --log $(BUILD)/fuzz/lie/log.txt

# The reader targets: runtime sources built with the fuzzer's
# instrumentation (clang), one program per format.
$(FUZZ_READERS_DIR)/fuzz-%: tools/fuzz/readers/fuzz-%.c $(RUNTIME_SRCS) \
			    $(RUNTIME_HDRS)
	@command -v $(FUZZ_CLANG) > /dev/null || { echo "fuzz-readers:" \
	  "$(FUZZ_CLANG) not found; tools/install-deps.sh --fuzz installs" \
	  "clang-14 and libclang-rt-14-dev"; exit 1; }
	@mkdir -p $(dir $@)
	$(FUZZ_CLANG) $(FUZZ_READER_FLAGS) $< $(RUNTIME_SRCS) -lm -o $@

# Seeds: the first 8 KB of every data file of the format (the corpus
# directory keeps what the fuzzer finds between runs).  No UBSan report is
# suppressed.
fuzz-readers: $(FUZZ_READERS_DIR)/fuzz-mtx $(FUZZ_READERS_DIR)/fuzz-tns
	@for t in mtx tns; do \
	  seeds=$(FUZZ_READERS_DIR)/seeds-$$t; \
	  corpus=$(FUZZ_READERS_DIR)/corpus-$$t; \
	  mkdir -p $$seeds $$corpus; \
	  for f in $$(find $(DATA) -name "*.$$t" 2>/dev/null); do \
	    head -c 8192 $$f > $$seeds/$$(basename $$f); \
	  done; \
	  echo "fuzz-readers: sf_read_$$t for $(FUZZ_SECONDS) s"; \
	  ( cd $(FUZZ_READERS_DIR) && \
	    UBSAN_OPTIONS=$(FUZZ_UBSAN_OPTIONS) \
	    ./fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -max_len=8192 \
	      -print_final_stats=1 -artifact_prefix=crash-$$t- \
	      corpus-$$t seeds-$$t > fuzz-$$t.log 2>&1 ); \
	  status=$$?; \
	  grep -E "^(Done|stat::number_of_executed_units|stat::peak_rss_mb)|cov:" \
	    $(FUZZ_READERS_DIR)/fuzz-$$t.log | tail -n 4; \
	  if [ $$status -ne 0 ]; then \
	    echo "fuzz-readers: sf_read_$$t: a finding (status $$status), see" \
	      "$(FUZZ_READERS_DIR)/fuzz-$$t.log and crash-$$t-*"; exit 1; \
	  fi; \
	done
