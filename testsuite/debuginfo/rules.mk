# testsuite/debuginfo/: the debug information of functions whose loops the
# plugin replaced (testsuite/debuginfo/run.py): each program built by
# sfcc at -O0 -g, -O2 -g and -O2 -flto -g; gdb at the function's entry
# and after its region must show the arguments the caller passed and the
# function's own locals; no generated variable in the DWARF named like
# the program's; the generated code at the region's lines.
#
#   make check-debuginfo    PASS/FAIL lines in $(BUILD)/logs/debuginfo.log

CHECK_TARGETS += check-debuginfo

.PHONY: check-debuginfo
check-debuginfo: $(BUILD)/sfcc $(BUILD)/sparsefuse.so $(BUILD)/libsparsefuse.so \
		 | $(BUILD)/logs
	@$(PYTHON) testsuite/debuginfo/run.py $(BUILD) \
	   > $(BUILD)/logs/debuginfo.log 2>&1; \
	  status=$$?; grep -E '^(PASS|FAIL|UNSUPPORTED):' $(BUILD)/logs/debuginfo.log; \
	  [ $$status -eq 0 ] || echo "FAIL: debuginfo: run.py exited with status $$status" \
	    | tee -a $(BUILD)/logs/debuginfo.log; exit $$status
