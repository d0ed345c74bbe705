# core/: the pure C11 compiler core, as a static library for the plugin and
# the tools.
CORE_SRCS := $(wildcard core/*.c)
CORE_OBJS := $(CORE_SRCS:core/%.c=$(BUILD)/obj/core/%.o)

$(BUILD)/obj/core/%.o: core/%.c $(wildcard core/*.h) | $(BUILD)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/libsfcore.a: $(CORE_OBJS)
	rm -f $@ && ar rcs $@ $^

all: $(BUILD)/libsfcore.a
