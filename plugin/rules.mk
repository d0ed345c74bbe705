# plugin/, pragmas/, passes/: the GCC glue, linked with the core into
# build/sparsefuse.so.
GLUE_SRCS := $(wildcard plugin/*.cc pragmas/*.cc passes/*.cc)
GLUE_OBJS := $(GLUE_SRCS:%.cc=$(BUILD)/obj/%.o)
GLUE_HDRS := $(wildcard plugin/*.h pragmas/*.h passes/*.h verify/*.h) $(CORE_HDRS)

$(BUILD)/obj/%.o: %.cc $(GLUE_HDRS) | $(BUILD)
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) -Iplugin -Iverify -c $< -o $@

$(BUILD)/sparsefuse.so: $(GLUE_OBJS) $(BUILD)/libsfverify.a $(BUILD)/libsfcore.a
	$(CXX) -shared -o $@ $(GLUE_OBJS) $(BUILD)/libsfverify.a $(BUILD)/libsfcore.a -lz3

all: $(BUILD)/sparsefuse.so
