// libFuzzer target: see harness.hpp.
#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::quantity(data, size);
  return 0;
}
