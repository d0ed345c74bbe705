# testsuite/lower/: end-to-end tests of the lowering.  A generator lowers
# every kernel of its table and prints the regions as C into batch
# programs, which compare them with reference loops on random data.
#
#   make check-lower    PASS/FAIL lines on stdout and in
#                       $(BUILD)/logs/lower.log.  Failing tests do not
#                       fail the make run; a generator that does not
#                       build does.

LOWER_DIR := $(BUILD)/testsuite/lower
LOWER_GEN := $(LOWER_DIR)/lower-tests
LOWER_LOG := $(BUILD)/logs/lower.log
LOWER_SRCS := testsuite/lower/lower_tests.c testsuite/lower/lower_emit.c \
	      testsuite/lower/lower_units.c

CHECK_TARGETS += check-lower

$(LOWER_GEN): $(LOWER_SRCS) testsuite/lower/lower_tests.h core/lower/internal.h \
	      $(BUILD)/libsfcore.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icore $(LOWER_SRCS) $(BUILD)/libsfcore.a -lz3 -lm -o $@

.PHONY: check-lower
check-lower: $(LOWER_GEN) | $(BUILD)/logs
	@rm -rf $(LOWER_DIR)/gen && mkdir -p $(LOWER_DIR)/gen
	@{ $(LOWER_GEN) $(LOWER_DIR)/gen $(CURDIR)/testsuite/lower \
	     || echo "FAIL: lower/generator: exited with status $$?"; \
	   $(MAKE) --no-print-directory -s -j2 -k -C $(LOWER_DIR)/gen \
	     -f gen.mk CC="$(CC)" >/dev/null 2>&1; \
	   for n in $(LOWER_DIR)/gen/b*.names; do \
	     [ -e "$$n" ] || continue; \
	     if [ -s "$${n%.names}.out" ]; then cat "$${n%.names}.out"; \
	     else sed 's|^|FAIL: |; s|$$|: the test program did not run|' "$$n"; \
	     fi; \
	   done; \
	   true; } | tee $(LOWER_LOG)
