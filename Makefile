# sparsefuse: top-level build.  Each part has its rules in DIR/rules.mk.
#
#   make            build/sparsefuse.so, build/libsparsefuse.{a,so}, build/sfcc
#   make check      install missing Debian packages, build, run every test
#   make demo       install missing packages, build, run the example kernel
#   make install PREFIX=/usr/local
#
# Another GCC: make CC=gcc-11 (CXX follows: g++-11) builds into
# build/gcc-11/, beside the build for the gcc on PATH in build/; every
# target takes the same CC (make check CC=gcc-11, make install CC=gcc-11).
# BUILD=DIR puts a build elsewhere.

CC := gcc
# The g++ of the same GCC as CC: g++-11 for gcc-11, /opt/x/bin/g++ for
# /opt/x/bin/gcc; g++ for a CC not named gcc.
sf_cxx_for = $(if $(findstring gcc,$(notdir $(1))),$(if $(findstring /,$(1)),$(dir $(1)))$(subst gcc,g++,$(notdir $(1))),g++)
CXX := $(call sf_cxx_for,$(CC))

# Before anything is built: the compiler and its plugin headers
# (installed, or the command that installs them).
include tools/deps.mk

GCC_VERSION := $(shell $(CC) -dumpfullversion 2>/dev/null)
GCC_MAJOR := $(firstword $(subst ., ,$(GCC_VERSION)))
# build/ is the build for the gcc on PATH (whatever CC names it); any
# other gcc gets build/gcc-MAJOR/ (sfcc looks for them there).
BUILD_ROOT := build
ifeq ($(GCC_VERSION),$(shell gcc -dumpfullversion 2>/dev/null))
BUILD := $(BUILD_ROOT)
else
BUILD := $(BUILD_ROOT)/gcc-$(GCC_MAJOR)
endif
PREFIX ?= /usr/local
GCC_PLUGIN_DIR := $(shell $(CC) -print-file-name=plugin)
DATA ?= $(abspath ../shared/data)

CFLAGS := -std=c11 -O2 -g -Wall -Wextra -fPIC -D_POSIX_C_SOURCE=200809L
CXXFLAGS := -std=gnu++17 -O2 -g -Wall -Wextra -fPIC -fno-rtti -fno-exceptions \
	    -I$(GCC_PLUGIN_DIR)/include -Icore

# Targets that `make check` runs, appended by the fragments; each prints
# "PASS: ..." / "FAIL: ..." lines into $(BUILD)/logs/<name>.log.
CHECK_TARGETS :=

.PHONY: all check demo install deps clean
all:

include core/rules.mk
include verify/rules.mk
include runtime/rules.mk
include plugin/rules.mk
include tools/rules.mk
include tools/explain.mk
include testsuite/rules.mk
include examples/rules.mk
include bench/rules.mk

$(BUILD) $(BUILD)/obj $(BUILD)/logs:
	@mkdir -p $@

# $(BUILD)/gcc-version: the version of CC and CXX the build was made with.
# Rewritten only when it changes (a gcc upgrade, another CC for the same
# BUILD), and everything compiled depends on it, so that a new compiler
# rebuilds what the old one made: a plugin loads only into the very gcc
# version it was built for.
SF_COMPILERS := $(GCC_VERSION) $(shell $(CXX) -dumpfullversion 2>/dev/null)
$(BUILD)/gcc-version: FORCE | $(BUILD)
	@echo '$(SF_COMPILERS)' | cmp -s - $@ || echo '$(SF_COMPILERS)' > $@
.PHONY: FORCE
FORCE:
$(CORE_OBJS) $(VERIFY_OBJS) $(RUNTIME_OBJS) $(GLUE_OBJS) $(SFEXPLAIN) $(BUILD)/sfcc: $(BUILD)/gcc-version

clean:
	rm -rf $(BUILD)
