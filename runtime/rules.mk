# runtime/: libsparsefuse, static and shared, from runtime/*.c.
RUNTIME_SRCS := $(wildcard runtime/*.c)
RUNTIME_HDRS := $(wildcard runtime/*.h) core/levels.h
RUNTIME_OBJS := $(RUNTIME_SRCS:runtime/%.c=$(BUILD)/obj/runtime/%.o)
RUNTIME_CFLAGS := $(CFLAGS) -Icore -Iruntime
RUNTIME_LIBS := -lm

$(BUILD)/obj/runtime/%.o: runtime/%.c $(RUNTIME_HDRS) | $(BUILD)
	@mkdir -p $(dir $@)
	$(CC) $(RUNTIME_CFLAGS) -c $< -o $@

$(BUILD)/libsparsefuse.a: $(RUNTIME_OBJS)
	rm -f $@ && ar rcs $@ $^

$(BUILD)/libsparsefuse.so: $(RUNTIME_OBJS)
	$(CC) -shared -Wl,-soname,libsparsefuse.so -o $@ $^ $(RUNTIME_LIBS)

all: $(BUILD)/libsparsefuse.a $(BUILD)/libsparsefuse.so
