# tools/explain.mk: the explain tool, build/sfexplain (docs/explain.md),
# and its tests.
#
#   make                   also builds $(BUILD)/sfexplain
#   make check-explain     for each line of tools/sfexplain-cases.txt:
#                          sfexplain --program, compiled and run (the
#                          generated kernel against the dense evaluation of
#                          the index notation), and the explanation's
#                          sections; PASS/FAIL lines in
#                          $(BUILD)/logs/explain.log

SFEXPLAIN := $(BUILD)/sfexplain
SFEXPLAIN_SRCS := tools/sfexplain.c tools/sfexplain_program.c

$(BUILD)/obj/tools/sfexplain_support.h: tools/sfexplain_support.inc | $(BUILD)
	@mkdir -p $(dir $@)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@

$(SFEXPLAIN): $(SFEXPLAIN_SRCS) tools/sfexplain.h \
	      $(BUILD)/obj/tools/sfexplain_support.h $(BUILD)/libsfcore.a
	$(CC) $(CFLAGS) -Icore -I$(BUILD)/obj/tools $(SFEXPLAIN_SRCS) \
	  $(BUILD)/libsfcore.a -lz3 -lm -o $@

all: $(SFEXPLAIN)

CHECK_TARGETS += check-explain

.PHONY: check-explain
check-explain: $(SFEXPLAIN) | $(BUILD)/logs
	@SFEXPLAIN=$(abspath $(SFEXPLAIN)) CC='$(CC)' \
	  DIR=$(abspath $(BUILD))/testsuite/explain \
	  tools/sfexplain-tests.sh tools/sfexplain-cases.txt \
	  > $(BUILD)/logs/explain.log 2>&1; \
	  status=$$?; grep -E '^(PASS|FAIL|ERROR):' $(BUILD)/logs/explain.log; exit $$status
