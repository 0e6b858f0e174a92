// Replays every fuzz seed and every input that once broke something (tests/fuzz/corpus/)
// through the fuzz harnesses, so they run in every build, sanitized ones included.
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../fuzz/harness.hpp"
#include "support.hpp"

TEST_CASE("Every fuzz corpus input runs cleanly through its harness", "[fuzz][bad-input]") {
  namespace fs = std::filesystem;
  const std::pair<const char*, void (*)(const std::uint8_t*, std::size_t)> targets[] = {
      {"quantity", fuzz::quantity}, {"request", fuzz::request}, {"evaluate", fuzz::evaluate}};
  std::size_t replayed = 0;
  for (const auto& [name, run] : targets) {
    for (const auto& entry : fs::directory_iterator(fs::path(MLSYSIM_FUZZ_CORPUS) / name)) {
      std::ifstream f(entry.path(), std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
      INFO(entry.path().string());
      run(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
      ++replayed;
    }
  }
  CHECK(replayed >= 30);
}
