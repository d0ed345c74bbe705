# verify/: the annotation checker in plain C11 (no GCC headers), as a
# static library linked into the plugin and into its unit tests.
VERIFY_SRCS := $(wildcard verify/*.c)
VERIFY_OBJS := $(VERIFY_SRCS:verify/%.c=$(BUILD)/obj/verify/%.o)

$(BUILD)/obj/verify/%.o: verify/%.c $(wildcard verify/*.h) $(CORE_HDRS) | $(BUILD)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Icore -c $< -o $@

$(BUILD)/libsfverify.a: $(VERIFY_OBJS)
	rm -f $@ && ar rcs $@ $^

all: $(BUILD)/libsfverify.a
