# testsuite/sched/: unit tests of the auto-scheduler's cost model, pruning
# stages and dispatcher (core/poly.c, cost.c, smt.c, pareto.c, dispatch.c)
# and of the run-time side (runtime/sysinfo.c).
#
#   make check-sched    build, run, run again under valgrind; PASS/FAIL
#                       lines to stdout and $(BUILD)/logs/sched.log
#   make sched-bench    time stage 3 on frontiers of 10..80 candidates
#                       (not a test: prints medians)

SCHED_TEST_SRCS := $(filter-out testsuite/sched/bench.c,$(wildcard testsuite/sched/*.c))
SCHED_TEST_BIN := $(BUILD)/testsuite/sched/sched-tests
SCHED_BENCH_BIN := $(BUILD)/testsuite/sched/sched-bench
SCHED_LIBS := $(BUILD)/libsfcore.a $(BUILD)/libsparsefuse.a -lz3 -lm

CHECK_TARGETS += check-sched

$(SCHED_TEST_BIN): $(SCHED_TEST_SRCS) testsuite/sched/sched_test.h \
		   $(BUILD)/libsfcore.a $(BUILD)/libsparsefuse.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icore -Iruntime $(SCHED_TEST_SRCS) $(SCHED_LIBS) -o $@

$(SCHED_BENCH_BIN): testsuite/sched/bench.c $(BUILD)/libsfcore.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icore testsuite/sched/bench.c $(SCHED_LIBS) -o $@

.PHONY: check-sched sched-bench
check-sched: $(SCHED_TEST_BIN) | $(BUILD)/logs
	@{ $(SCHED_TEST_BIN); status=$$?; \
	   if [ $$status -ne 0 ]; then \
	     echo "FAIL: sched/tests: the test binary exited with status $$status"; \
	   fi; \
	   if ! command -v valgrind >/dev/null 2>&1; then \
	     echo "FAIL: sched/valgrind: valgrind is not installed"; \
	   elif valgrind -q --error-exitcode=1 --leak-check=full \
		 --errors-for-leak-kinds=definite \
		 $(SCHED_TEST_BIN) --quick >/dev/null 2>$(BUILD)/logs/sched-valgrind.txt; then \
	     echo "PASS: sched/valgrind"; \
	   else \
	     echo "FAIL: sched/valgrind: see $(BUILD)/logs/sched-valgrind.txt"; \
	   fi; } 2>&1 | tee $(BUILD)/logs/sched.log

sched-bench: $(SCHED_BENCH_BIN)
	$(SCHED_BENCH_BIN)
