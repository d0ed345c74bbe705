# core/: the pure C11 compiler core, as a static library for the plugin and
# the tools.  One folder per stage (core/README.md); a file includes the
# headers of other stages as "STAGE/name.h" from -Icore.
CORE_STAGES := front ir sched lower opt
CORE_SRCS := $(foreach s,$(CORE_STAGES),$(wildcard core/$(s)/*.c))
CORE_HDRS := $(wildcard core/*.h $(CORE_STAGES:%=core/%/*.h))
CORE_OBJS := $(CORE_SRCS:core/%.c=$(BUILD)/obj/core/%.o)

$(BUILD)/obj/core/%.o: core/%.c $(CORE_HDRS) | $(BUILD)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icore -c $< -o $@

$(BUILD)/libsfcore.a: $(CORE_OBJS)
	rm -f $@ && ar rcs $@ $^

all: $(BUILD)/libsfcore.a
