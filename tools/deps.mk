# tools/deps.mk: the check that plain `make` runs before it builds
# anything (the top Makefile includes it before it reads CC's plugin
# folder): the plugin headers of $(CC) must be there.  When they are not,
# tools/install-deps.sh installs what is missing (as root) or prints the
# one apt-get command to run (otherwise), and make stops there, before
# any compiler error.
#
#   make                   check, then build
#   make SKIP_DEPS=1       check only: stop with the command, install nothing
#
# The check costs one file test; it is skipped in sub-makes (the first
# make did it), under make -n, and for goals that build nothing.

SF_DEPS_FREE_GOALS := clean deps deps-examples bench-deps uninstall
sf_deps_goals := $(filter-out $(SF_DEPS_FREE_GOALS),$(or $(MAKECMDGOALS),all))
sf_plugin_header = $(shell $(CC) -print-file-name=plugin 2>/dev/null)/include/gcc-plugin.h

ifeq ($(MAKELEVEL)$(findstring n,$(firstword -$(MAKEFLAGS))),0)
ifneq ($(sf_deps_goals),)
ifeq ($(wildcard $(sf_plugin_header)),)
ifeq ($(SKIP_DEPS),1)
$(shell CC='$(CC)' tools/install-deps.sh -n >&2)
$(error $(CC) has no plugin headers ($(sf_plugin_header)); install them (see above) or drop SKIP_DEPS=1)
endif
$(info sparsefuse: $(CC) has no plugin headers yet ($(sf_plugin_header)); tools/install-deps.sh:)
sf_deps_status := $(shell CC='$(CC)' tools/install-deps.sh >&2; echo $$?)
ifneq ($(sf_deps_status),0)
$(error run the command above, then make again)
endif
ifeq ($(wildcard $(sf_plugin_header)),)
$(error $(CC) still has no plugin headers at $(sf_plugin_header): a gcc Debian does not package brings its own (its plugin development files))
endif
endif
endif
endif
