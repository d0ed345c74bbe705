# sparsefuse: top-level build.  Each part has its rules in DIR/rules.mk.
#
#   make            build/sparsefuse.so, build/libsparsefuse.{a,so}, build/sfcc
#   make check      install missing Debian packages, build, run every test
#   make demo       install missing packages, build, run the example kernel
#   make install PREFIX=/usr/local

CC := gcc
CXX := g++
BUILD := build
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
include runtime/rules.mk
include plugin/rules.mk
include tools/rules.mk
include tools/explain.mk
include testsuite/rules.mk
include examples/rules.mk
include bench/rules.mk

$(BUILD) $(BUILD)/obj $(BUILD)/logs:
	@mkdir -p $@

clean:
	rm -rf $(BUILD)
