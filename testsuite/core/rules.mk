# testsuite/core/: unit tests of the compiler core (C, table-driven).
#
#   make check-core     build the test binary, run it and run it again under
#                       valgrind; PASS/FAIL lines go to stdout and to
#                       $(BUILD)/logs/core.log.  Failing tests do not fail
#                       the make run; a binary that does not build does.

CORE_TEST_SRCS := $(wildcard testsuite/core/*.c)
CORE_TEST_BIN := $(BUILD)/testsuite/core/core-tests
CORE_TEST_LOG := $(BUILD)/logs/core.log

CHECK_TARGETS += check-core

$(CORE_TEST_BIN): $(CORE_TEST_SRCS) testsuite/core/core_test.h \
		  $(BUILD)/libsfcore.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icore $(CORE_TEST_SRCS) $(BUILD)/libsfcore.a -lz3 -lm -o $@

.PHONY: check-core
check-core: $(CORE_TEST_BIN) | $(BUILD)/logs
	@{ $(CORE_TEST_BIN); status=$$?; \
	   if [ $$status -ne 0 ]; then \
	     echo "FAIL: core/tests: the test binary exited with status $$status"; \
	   fi; \
	   if ! command -v valgrind >/dev/null 2>&1; then \
	     echo "FAIL: core/valgrind: valgrind is not installed"; \
	   elif valgrind -q --error-exitcode=1 --leak-check=full \
		 $(CORE_TEST_BIN) >/dev/null 2>$(BUILD)/logs/core-valgrind.txt; then \
	     echo "PASS: core/valgrind"; \
	   else \
	     echo "FAIL: core/valgrind: see $(BUILD)/logs/core-valgrind.txt"; \
	   fi; } 2>&1 | tee $(CORE_TEST_LOG)
