# testsuite/programs: whole programs in the style of legacy codes (an
# NPB-style CG solver, SPARSKIT-style kernels), each built twice, with the
# plugin and without, and run at 1 and 2 threads; their printed figures
# must agree (testsuite/programs/run.sh).
#
#   make check-programs

.PHONY: check-programs
CHECK_TARGETS += check-programs

check-programs: $(BUILD)/sfcc $(BUILD)/sparsefuse.so | $(BUILD)/logs
	@CC=$(CC) testsuite/programs/run.sh $(BUILD) > $(BUILD)/logs/programs.log 2>&1; \
	  status=$$?; grep -E '^(PASS|FAIL|UNSUPPORTED):' $(BUILD)/logs/programs.log; \
	  exit $$status
