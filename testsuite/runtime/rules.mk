# testsuite/runtime/: tests of libsparsefuse.  `make check-runtime` builds a
# plain and a sanitized (address, undefined) test program, runs both, runs
# the reader tests under valgrind when it is installed, and checks that
# sparsefuse.h compiles alone as C99, C11 and C++.  Results go, one line
# per case, to $(BUILD)/logs/runtime.log and to stdout; failing cases do
# not stop make, a program that does not build does.
RT_DIR := $(BUILD)/testsuite/runtime
RT_SRCS := $(wildcard testsuite/runtime/*.c)
RT_DEPS := $(RT_SRCS) testsuite/runtime/harness.h
RT_BIN := $(RT_DIR)/test_runtime
RT_ASAN := $(RT_DIR)/test_runtime_asan
RT_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
	       -fno-omit-frame-pointer

$(RT_BIN): $(RT_DEPS) $(BUILD)/libsparsefuse.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iruntime $(RT_SRCS) $(BUILD)/libsparsefuse.a -lm -o $@

$(RT_ASAN): $(RT_DEPS) $(RUNTIME_SRCS) $(RUNTIME_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O1 $(RT_SANITIZE) -Icore -Iruntime $(RT_SRCS) \
	  $(RUNTIME_SRCS) -lm -o $@

.PHONY: check-runtime
check-runtime: $(RT_BIN) $(RT_ASAN) | $(BUILD)/logs
	@CC="$(CC)" CXX="$(CXX)" sh testsuite/runtime/run-tests.sh $(RT_DIR) \
	  "$(DATA)" $(BUILD)/logs/runtime.log

CHECK_TARGETS += check-runtime
