# testsuite/opt/: unit tests of the loop-IR passes (core/opt/) on loop IR
# built by hand, without the lowering.
#
#   make check-opt      build the test binary, run it and run it again under
#                       valgrind; PASS/FAIL lines go to stdout and to
#                       $(BUILD)/logs/opt.log.

OPT_TEST_SRCS := $(wildcard testsuite/opt/*.c)
OPT_TEST_BIN := $(BUILD)/testsuite/opt/opt-tests

CHECK_TARGETS += check-opt

$(OPT_TEST_BIN): $(OPT_TEST_SRCS) $(BUILD)/libsfcore.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icore $(OPT_TEST_SRCS) $(BUILD)/libsfcore.a -lz3 -lm -o $@

.PHONY: check-opt
check-opt: $(OPT_TEST_BIN) | $(BUILD)/logs
	@{ $(OPT_TEST_BIN); status=$$?; \
	   if [ $$status -ne 0 ]; then \
	     echo "FAIL: opt/tests: the test binary exited with status $$status"; \
	   fi; \
	   if ! command -v valgrind >/dev/null 2>&1; then \
	     echo "FAIL: opt/valgrind: valgrind is not installed"; \
	   elif valgrind -q --error-exitcode=1 --leak-check=full \
		 $(OPT_TEST_BIN) >/dev/null 2>$(BUILD)/logs/opt-valgrind.txt; then \
	     echo "PASS: opt/valgrind"; \
	   else \
	     echo "FAIL: opt/valgrind: see $(BUILD)/logs/opt-valgrind.txt"; \
	   fi; } 2>&1 | tee $(BUILD)/logs/opt.log
