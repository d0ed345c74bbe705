# testsuite/verify/: unit tests of the annotation checker (C, no GCC).
#
#   make check-verify   build the test binary, run it and run it again under
#                       valgrind; PASS/FAIL lines go to stdout and to
#                       $(BUILD)/logs/verify.log.

VERIFY_TEST_SRCS := $(wildcard testsuite/verify/*.c)
VERIFY_TEST_BIN := $(BUILD)/testsuite/verify/verify-tests
VERIFY_TEST_LOG := $(BUILD)/logs/verify.log

CHECK_TARGETS += check-verify

$(VERIFY_TEST_BIN): $(VERIFY_TEST_SRCS) $(BUILD)/libsfverify.a $(BUILD)/libsfcore.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icore -Iverify $(VERIFY_TEST_SRCS) $(BUILD)/libsfverify.a \
	  $(BUILD)/libsfcore.a -lz3 -lm -o $@

.PHONY: check-verify
check-verify: $(VERIFY_TEST_BIN) | $(BUILD)/logs
	@{ $(VERIFY_TEST_BIN); status=$$?; \
	   if [ $$status -ne 0 ]; then \
	     echo "FAIL: verify/tests: the test binary exited with status $$status"; \
	   fi; \
	   if ! command -v valgrind >/dev/null 2>&1; then \
	     echo "FAIL: verify/valgrind: valgrind is not installed"; \
	   elif valgrind -q --error-exitcode=1 --leak-check=full \
		 $(VERIFY_TEST_BIN) >/dev/null 2>$(BUILD)/logs/verify-valgrind.txt; then \
	     echo "PASS: verify/valgrind"; \
	   else \
	     echo "FAIL: verify/valgrind: see $(BUILD)/logs/verify-valgrind.txt"; \
	   fi; } 2>&1 | tee $(VERIFY_TEST_LOG)
