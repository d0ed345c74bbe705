# tools/: Debian dependencies, the sfcc wrapper, make install, and the
# tools' own tests.
#
#   make deps                      install missing Debian packages (SKIP_DEPS=1: skip)
#   make                           also builds build/sfcc (paths of the build tree)
#   make install PREFIX=/opt/sf    headers, libraries, sfcc, sparsefuse.pc,
#                                  the CMake package (lib/cmake/sparsefuse),
#                                  and the plugin into gcc's plugin folder
#                                  (PLUGINDIR=... to override; DESTDIR honoured)
#   make install CC=gcc-11         the same for gcc-11: its plugin goes to
#                                  gcc-11's plugin folder (gcc-11
#                                  -fplugin=sparsefuse finds it); an sfcc
#                                  installed for another major version stays
#                                  (it runs its gcc by default, and gcc-11's
#                                  plugin with SFCC_CC=gcc-11)
#   make uninstall PREFIX=...      removes what install put there (for
#                                  CC=gcc-11: its plugin, and the rest only
#                                  if sfcc is gcc-11's)

SF_VERSION := 0.1.0
GCC_FULL_VERSION := $(shell $(CC) -dumpfullversion 2>/dev/null)
PLUGINDIR ?= $(GCC_PLUGIN_DIR)
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
# Where pkg-config and CMake's find_package look under a prefix.
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR ?= $(LIBDIR)/cmake/sparsefuse

SF_PUBLIC_HEADERS := runtime/sparsefuse.h core/levels.h
SF_PLUGIN := $(BUILD)/sparsefuse.so
SF_LIBS := $(BUILD)/libsparsefuse.a $(BUILD)/libsparsefuse.so

.PHONY: uninstall check-tools

deps:
ifeq ($(SKIP_DEPS),1)
	@echo "deps: skipped (SKIP_DEPS=1)"
else
	@CC='$(CC)' tools/install-deps.sh
endif

# make check also runs the Fortran, MPI and build-system examples: their
# packages (gfortran, OpenMPI, cmake, pkg-config) come after the others,
# never in a second apt-get at the same time (hence the order on deps).
.PHONY: deps-examples
deps-examples: deps
ifneq ($(SKIP_DEPS),1)
	@CC='$(CC)' tools/install-deps.sh --examples
endif
check: deps-examples

# sfcc_subst(PLUGIN, INCLUDES, LIBDIR, BUILDS): the sed command that turns
# tools/sfcc.in into a script for those paths (BUILDS: the build tree's
# top folder, where sfcc looks for the builds for other gcc versions;
# empty once installed).
sfcc_subst = sed -e 's|@VERSION@|$(SF_VERSION)|g' \
		 -e 's|@GCC_VERSION@|$(GCC_FULL_VERSION)|g' \
		 -e 's|@CC@|$(CC)|g' \
		 -e 's|@PLUGIN@|$(1)|g' \
		 -e 's|@INCLUDES@|$(2)|g' \
		 -e 's|@LIBDIR@|$(3)|g' \
		 -e 's|@BUILDS@|$(4)|g'

# buildsys_subst: the same for sparsefuse.pc and the CMake package files,
# which also name the prefix and the header folder.
buildsys_subst = $(call sfcc_subst,$(PLUGINDIR)/sparsefuse.so,$(INCLUDEDIR),$(LIBDIR)) \
		 -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g'

# The build tree's sfcc: the plugin and library in $(BUILD), the headers
# where they are written.
$(BUILD)/sfcc: tools/sfcc.in tools/rules.mk | $(BUILD)
	$(call sfcc_subst,$(abspath $(SF_PLUGIN)),$(abspath runtime):$(abspath core),$(abspath $(BUILD)),$(abspath $(BUILD_ROOT))) $< > $@.tmp
	chmod 755 $@.tmp && mv $@.tmp $@

all: $(BUILD)/sfcc

# The gcc an installed sfcc was made for (empty: none installed).
installed_sfcc_gcc = $$(sed -n "s/^sf_gcc_version='\(.*\)'$$/\1/p" $(DESTDIR)$(BINDIR)/sfcc 2>/dev/null)
# True in the shell when that sfcc belongs to another major version of gcc.
sfcc_of_other_gcc = old=$(installed_sfcc_gcc); [ -n "$$old" ] && [ "$${old%%.*}" != "$(GCC_MAJOR)" ]

install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PLUGINDIR)
	install -m 644 $(SF_PUBLIC_HEADERS) $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 $(BUILD)/libsparsefuse.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/libsparsefuse.so $(DESTDIR)$(LIBDIR)/
	install -m 755 $(SF_PLUGIN) $(DESTDIR)$(PLUGINDIR)/sparsefuse.so
	@if $(sfcc_of_other_gcc); then \
	  echo "install: keeping $(BINDIR)/sfcc, sparsefuse.pc and the CMake package, made for gcc $$old; with SFCC_CC=$(CC), sfcc looks for this plugin in $(CC)'s plugin folder, $(GCC_PLUGIN_DIR)"; \
	else $(MAKE) --no-print-directory install-frontends; fi

# sfcc, sparsefuse.pc and the CMake package of this gcc.
.PHONY: install-frontends
install-frontends:
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR)
	$(call sfcc_subst,$(PLUGINDIR)/sparsefuse.so,$(INCLUDEDIR),$(LIBDIR),) tools/sfcc.in > $(DESTDIR)$(BINDIR)/sfcc.tmp
	chmod 755 $(DESTDIR)$(BINDIR)/sfcc.tmp && mv $(DESTDIR)$(BINDIR)/sfcc.tmp $(DESTDIR)$(BINDIR)/sfcc
	$(buildsys_subst) tools/sparsefuse.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/sparsefuse.pc
	$(buildsys_subst) tools/cmake/sparsefuse-config.cmake.in \
	  > $(DESTDIR)$(CMAKEDIR)/sparsefuse-config.cmake
	$(buildsys_subst) tools/cmake/sparsefuse-config-version.cmake.in \
	  > $(DESTDIR)$(CMAKEDIR)/sparsefuse-config-version.cmake

uninstall:
	rm -f $(DESTDIR)$(PLUGINDIR)/sparsefuse.so
	@if $(sfcc_of_other_gcc); then \
	  echo "uninstall: keeping sfcc, the libraries, the headers and the build-system files of gcc $$old's install"; \
	else \
	  set -x; \
	  rm -f $(DESTDIR)$(BINDIR)/sfcc; \
	  rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,libsparsefuse.a libsparsefuse.so); \
	  rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/,$(notdir $(SF_PUBLIC_HEADERS))); \
	  rm -f $(DESTDIR)$(PKGCONFIGDIR)/sparsefuse.pc; \
	  rm -f $(addprefix $(DESTDIR)$(CMAKEDIR)/,sparsefuse-config.cmake sparsefuse-config-version.cmake); \
	fi

# The tools' tests: install-deps against stub dpkg/apt, sfcc's flags and
# version check, make install into a temporary prefix.
CHECK_TARGETS += check-tools
check-tools: $(BUILD)/sfcc | $(BUILD)/logs
	@MAKE='$(MAKE)' BUILD='$(abspath $(BUILD))' CC='$(CC)' CXX='$(CXX)' \
	  tools/tests/run.sh > $(BUILD)/logs/tools.log 2>&1; \
	  status=$$?; grep -E '^(PASS|FAIL|UNSUPPORTED|ERROR):' $(BUILD)/logs/tools.log; exit $$status

# The layering of core/'s stage folders (tools/check-layers.sh): no file
# at the top but the public headers, no stage including another's
# internal header, no circle of calls between folders.
CHECK_TARGETS += check-layers
.PHONY: check-layers
check-layers: $(BUILD)/libsfcore.a | $(BUILD)/logs
	@tools/check-layers.sh $(BUILD)/obj/core 2>&1 | tee $(BUILD)/logs/layers.log
