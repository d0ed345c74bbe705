# testsuite/: `make check`, the DejaGnu run, and the summary.
#
#   make check                   deps, all, every CHECK_TARGETS entry, runtest,
#                                then one line: "summary: P passed, F failed, S skipped"
#   make check-dg                all, then only the DejaGnu tests
#   make check-dg RUNTESTFLAGS=spmv-csr.c     one test (a bare *.c means dg.exp=*.c)
#   make check-dg RUNTESTFLAGS="dg.exp=harness-*.c SF_KEEP=1 -v"
#
# Each CHECK_TARGETS entry writes $(BUILD)/logs/<name>.log with PASS:/FAIL:
# (and UNSUPPORTED:) lines; a target that fails without a FAIL: line of its
# own is recorded as an ERROR: in $(BUILD)/logs/check-errors.log, and so
# is a failing `make all`.  Every
# target runs even when an earlier one failed.  The exit status is nonzero
# iff anything failed or errored.

-include $(wildcard testsuite/*/rules.mk)

RUNTEST ?= runtest
RUNTESTFLAGS ?=
DG_OBJDIR := $(BUILD)/testsuite
DG_SUM := $(DG_OBJDIR)/sparsefuse.sum

# RUNTESTFLAGS with bare test names (foo.c, spmv-*.c) gathered into one
# dg.exp=... selection, as runtest expects.
dg_bare_tests = $(foreach w,$(RUNTESTFLAGS),$(if $(findstring =,$(w)),,$(filter %.c,$(w))))
dg_flags = $(filter-out $(dg_bare_tests),$(RUNTESTFLAGS)) \
	   $(if $(strip $(dg_bare_tests)),'dg.exp=$(strip $(dg_bare_tests))')

.PHONY: check-dg check-dg-run

# runtest itself, from the top folder, output into $(DG_OBJDIR).  Its exit
# status is ignored: the summary reads the .sum (a missing .sum, when
# runtest could not start, counts as a failure).
check-dg-run: | $(BUILD)/logs
	@mkdir -p $(DG_OBJDIR)
	@rm -f $(DG_SUM)
	-$(RUNTEST) --tool sparsefuse --srcdir testsuite \
	  --objdir $(DG_OBJDIR) --outdir $(DG_OBJDIR) \
	  SF_SRC=$(CURDIR) SF_BUILD=$(abspath $(BUILD)) SF_DATA=$(DATA) SF_CC=$(CC) \
	  $(dg_flags)

check-dg: all
	@$(MAKE) --no-print-directory check-dg-run
	@tools/check-summary.sh $(DG_SUM)

# The whole check.  Each step runs in its own make so that a failing step
# is recorded and the next one still runs.
check: deps | $(BUILD)/logs
	@rm -f $(BUILD)/logs/*.log
	@$(MAKE) --no-print-directory -k all || \
	  echo "ERROR: make all failed (see the messages above)" >> $(BUILD)/logs/check-errors.log
	@for t in $(CHECK_TARGETS); do \
	  echo "=== $$t"; \
	  before=$$(cat $(BUILD)/logs/*.log 2>/dev/null | grep -cE '^(FAIL|ERROR):'); \
	  if ! $(MAKE) --no-print-directory $$t; then \
	    after=$$(cat $(BUILD)/logs/*.log 2>/dev/null | grep -cE '^(FAIL|ERROR):'); \
	    [ "$$after" -gt "$$before" ] || \
	      echo "ERROR: check target $$t failed without a FAIL: line" >> $(BUILD)/logs/check-errors.log; \
	  fi; \
	done
	@echo "=== runtest"
	@$(MAKE) --no-print-directory check-dg-run
	@tools/check-summary.sh $$(find $(BUILD)/logs -name '*.log' | sort) $(DG_SUM)
