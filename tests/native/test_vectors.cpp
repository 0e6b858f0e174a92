// Known-answer vectors from tests/vectors/*.json (written by tests/vectors/generate.py
// with exact rational arithmetic, independently of this code).
#include <cmath>

#include "support.hpp"

using test::Json;

namespace {
void run_vectors(const char* file) {
  const Json v = test::read_vector_file(file);
  const double tol = v["tolerance"].get<double>();
  for (const Json& c : v["cases"]) {
    SECTION(c["name"].get<std::string>()) {
      const Json r = mlsysim::evaluate(v["type"].get<std::string>(), c["inputs"]);
      for (const auto& [name, want] : c["expected"].items()) {
        INFO(name << ": got " << r["properties"][name].dump() << ", want " << want.dump());
        const Json& got = r["properties"][name];
        if (want.contains("error")) {
          CHECK(got.contains("error"));
          continue;
        }
        REQUIRE(got.contains("value"));
        CHECK(got["unit"] == want["unit"]);
        const double w = want["value"].get<double>();
        if (w == 0)
          CHECK(got["value"].get<double>() == 0);
        else
          CHECK_THAT(got["value"].get<double>(), Catch::Matchers::WithinRel(w, tol));
      }
      CHECK(r["warnings"].size() == c["warnings"].get<std::size_t>());
    }
  }
}
}  // namespace

TEST_CASE("SyncStrategyScenario matches every known-answer vector", "[vectors][sync]") {
  run_vectors("sync_strategy.json");
}

TEST_CASE("DataParallelAttackSurfaceScenario matches every known-answer vector", "[vectors][attack]") {
  run_vectors("attack_surface.json");
}
